//go:build e2e

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// withPictureData writes a copy of the save file doc whose map picture
// holds data instead, and returns its path.
func withPictureData(t *testing.T, doc []byte, name string, data []byte) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	m["picture"].(map[string]any)["data"] = base64.StdEncoding.EncodeToString(data)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestE2EMapInFile exports an encounter with a map image under its grid
// and imports the file in fresh browser profiles on a laptop, a tablet and
// a phone: the picture comes back under the grid, dimmed as it was. A file
// whose picture is damaged, or too large once decoded, opens its encounter
// without the picture and says why, in every language.
func TestE2EMapInFile(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	downloads := allowDownloads(t, ctx)
	navigate(t, ctx, srv.URL+"/")
	poll[bool](t, ctx, `document.querySelectorAll('.token').length > 0`, 10*time.Second)
	openTab(t, ctx, "setup")
	click(t, ctx, "#edit-open")
	poll[bool](t, ctx, `document.getElementById('map-file') !== null`, 5*time.Second)
	upload(t, ctx, "#map-file", mapPicture(t))
	poll[bool](t, ctx, `document.querySelector('#map-image image') !== null`, 10*time.Second)
	eval[bool](t, ctx, `(() => { const s = document.getElementById('map-dim'); s.value = '60'; s.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
	poll[bool](t, ctx, `document.querySelector('#map-image image').getAttribute('opacity') === '0.40'`, 5*time.Second)
	click(t, ctx, "#export")
	file := waitDownload(t, downloads, "*.battlemat.json")
	doc, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, pic, err := combat.DecodeSaveWith(rulesets.Registry(), doc)
	if err != nil {
		t.Fatalf("the exported file does not decode: %v", err)
	}
	if pic == nil || pic.Type != "image/png" || pic.Fit.Dim != 60 {
		t.Fatalf("the exported file's picture is %+v", pic)
	}
	raw, err := base64.StdEncoding.DecodeString(pic.Data)
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(raw)); err != nil || cfg.Width != 480 || cfg.Height != 320 {
		t.Errorf("the exported picture decodes to %+v, %v; want the 480×320 PNG picked", cfg, err)
	}
	t.Logf("exported file: %d bytes, picture %d bytes", len(doc), len(raw))

	// Another encounter opened, the first exported from the library: the
	// picture kept for it goes in the file too.
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "kc-orc"))
	poll[bool](t, ctx, `document.getElementById('token-orc') !== null && document.getElementById('map-image') === null`, 10*time.Second)
	click(t, ctx, "#library-toggle")
	poll[bool](t, ctx, `document.querySelectorAll('#entries li[data-open="false"] button.export').length === 1`, 5*time.Second)
	if err := os.Remove(file); err != nil { // the same name comes again
		t.Fatal(err)
	}
	click(t, ctx, `#entries li[data-open="false"] button.export`)
	again, err := os.ReadFile(waitDownload(t, downloads, "*.battlemat.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, p, err := combat.DecodeSaveWith(rulesets.Registry(), again); err != nil || p == nil || p.Data != pic.Data || p.Fit != pic.Fit {
		t.Errorf("the library's export carries picture %v (%v), want the one under the grid", p != nil, err)
	}

	// Damaged: bytes that are no picture. Too large: a real PNG 8 200 px wide.
	var wide bytes.Buffer
	if err := png.Encode(&wide, image.NewGray(image.Rect(0, 0, 8200, 2))); err != nil {
		t.Fatal(err)
	}
	bad := []struct{ file, key string }{
		{withPictureData(t, doc, "damaged.battlemat.json", []byte("GIF89a this is no map")), "map.not-image"},
		{withPictureData(t, doc, "wide.battlemat.json", wide.Bytes()), "map.too-large"},
	}

	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			ctx := newBrowser(t)
			useViewport(t, ctx, vp)
			navigate(t, ctx, srv.URL+"/")
			poll[bool](t, ctx, `document.querySelectorAll('.token').length > 0`, 10*time.Second)
			if eval[bool](t, ctx, `document.getElementById('map-image') !== null`) {
				t.Fatal("a fresh profile shows a map image before the import")
			}
			upload(t, ctx, "#import", file)
			poll[bool](t, ctx, `(() => { const i = document.querySelector('#map-image image'); return i !== null && i.getAttribute('opacity') === '0.40'; })()`, 10*time.Second)
			// The picture drawn is a live image of the right size, not a released one.
			size := poll[[]int](t, ctx, `(() => {
				const i = new Image();
				i.src = document.querySelector('#map-image image').getAttribute('href');
				return i.decode().then(() => [i.naturalWidth, i.naturalHeight], () => false);
			})()`, 10*time.Second)
			if size[0] != 480 || size[1] != 320 {
				t.Errorf("the picture drawn is %v px, want 480×320", size)
			}
			time.Sleep(300 * time.Millisecond) // let the picture paint
			screenshot(t, ctx, "mapfile-"+vp.name+"-imported")

			for i, l := range i18n.Langs {
				chooseLang(t, ctx, l)
				c := bad[i%len(bad)]
				upload(t, ctx, "#import", c.file)
				want := i18n.T(l, "map.file-left-out", "why", i18n.T(l, c.key, "max", i18n.Int(l, 8), "side", 8192))
				got := poll[string](t, ctx, `(document.querySelector('#notice[data-error=true]') || {}).textContent || false`, 10*time.Second)
				if !strings.Contains(got, want) {
					t.Errorf("%s, %s: notice %q, want %q", l, filepath.Base(c.file), got, want)
				}
				if eval[bool](t, ctx, `document.getElementById('map-image') !== null`) {
					t.Errorf("%s, %s: a picture is drawn", l, filepath.Base(c.file))
				}
				if n := eval[int](t, ctx, `document.querySelectorAll('.token').length`); n == 0 {
					t.Errorf("%s, %s: the encounter did not open", l, filepath.Base(c.file))
				}
				screenshot(t, ctx, "mapfile-"+vp.name+"-"+l.String()+"-left-out")
				eval[bool](t, ctx, `(document.querySelector('#notice .linkish').click(), true)`)
				poll[bool](t, ctx, `document.querySelector('#notice[data-error=true]') === null`, 5*time.Second)
			}
			chooseLang(t, ctx, i18n.English)
			axeClean(t, ctx, "after imports")
		})
	}
}
