//go:build e2e

package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"battlemat/app/i18n"
)

// mapPicture writes a 480×320 PNG battle map (grass with a grey road) for
// the GM to pick.
func mapPicture(t *testing.T) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 480, 320))
	for y := 0; y < 320; y++ {
		for x := 0; x < 480; x++ {
			c := color.RGBA{90, 140, 70, 255}
			if y > 120 && y < 200 || (x/40+y/40)%7 == 0 {
				c = color.RGBA{150, 145, 135, 255}
			}
			img.Set(x, y, c)
		}
	}
	name := filepath.Join(t.TempDir(), "road.png")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestE2EMapImage has the GM put a picture under the grid: a file that only
// claims to be a PNG and one above the size limit are refused and change
// nothing; a real PNG is drawn under the grid, scaled to the grid's width,
// dimmed with the slider; the share notice says the link leaves it out; it
// comes back from the library after a reload and with the server gone.
// The first state, a sample opened from scratch, is checked by axe-core.
func TestE2EMapImage(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/")
	poll[bool](t, ctx, `document.querySelectorAll('.token').length > 0`, 10*time.Second)
	axeClean(t, ctx, "sample open")
	openTab(t, ctx, "setup")
	click(t, ctx, "#edit-open")
	poll[bool](t, ctx, `document.getElementById('map-file') !== null`, 5*time.Second)
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake.png")
	big := filepath.Join(dir, "big.png")
	if err := os.WriteFile(fake, []byte("<svg xmlns='http://www.w3.org/2000/svg'/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 9<<20)...), 0o644); err != nil {
		t.Fatal(err)
	}
	en := i18n.English
	for _, c := range []struct{ file, key string }{{fake, "map.not-image"}, {big, "map.too-large"}} {
		file, key := c.file, c.key
		poll[bool](t, ctx, `document.querySelector('.notice[data-error=true]') === null`, 5*time.Second)
		upload(t, ctx, "#map-file", file)
		want := i18n.T(en, key, "max", "8", "side", 8192)
		got := poll[string](t, ctx, `(document.querySelector('.notice[data-error=true]') || {}).textContent || false`, 10*time.Second)
		if !strings.Contains(got, want) {
			t.Errorf("%s: notice %q, want %q", filepath.Base(file), got, want)
		}
		if eval[bool](t, ctx, `document.getElementById('map-image') !== null`) {
			t.Errorf("%s: a refused file was drawn", filepath.Base(file))
		}
		eval[bool](t, ctx, `(document.querySelector('#notice .linkish').click(), true)`)
	}

	upload(t, ctx, "#map-file", mapPicture(t))
	cols := eval[int](t, ctx, `+document.getElementById('board').dataset.cols`)
	if w := poll[int](t, ctx, `(() => { const i = document.querySelector('#map-image image'); return i ? +i.getAttribute('width') : false; })()`, 10*time.Second); w < cols*40-2 || w > cols*40 {
		t.Errorf("the picture is %d units wide, want the grid's %d", w, cols*40)
	}
	eval[bool](t, ctx, `(() => { const s = document.getElementById('map-dim'); s.value = '60'; s.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
	poll[bool](t, ctx, `document.querySelector('#map-image image').getAttribute('opacity') === '0.40'`, 5*time.Second)
	screenshot(t, ctx, "map-image")

	click(t, ctx, "#share")
	note := poll[string](t, ctx, `(document.getElementById('notice') || {}).textContent || false`, 5*time.Second)
	if !strings.Contains(note, i18n.T(en, "map.not-in-link")) {
		t.Errorf("share notice %q does not say the map image stays out of the link", note)
	}

	waitOffline(t, ctx)
	navigate(t, ctx, srv.URL+"/")
	poll[bool](t, ctx, `document.querySelector('#map-image image') !== null && document.querySelector('#map-image image').getAttribute('opacity') === '0.40'`, 10*time.Second)
	srv.Close()
	navigate(t, ctx, srv.URL+"/")
	poll[bool](t, ctx, `document.querySelector('#map-image image') !== null`, 10*time.Second)
	screenshot(t, ctx, "map-image-offline")
}
