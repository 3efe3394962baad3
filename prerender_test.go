//go:build !wasm

package main

import (
	"compress/gzip"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"battlemat/app/i18n"
)

// TestHTMLAttrs: each attribute value go-app wrote as a Go quoted string
// comes out as the same value HTML-escaped; text and anything that does
// not read as a quoted string stay as they are.
func TestHTMLAttrs(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"isolates", `<ol aria-label="Log (\u20680\u2069 commands)">`, "<ol aria-label=\"Log (\u20680\u2069 commands)\">"},
		{"quote", `<p title="say \"hi\"">`, `<p title="say &#34;hi&#34;">`},
		{"backslash", `<p title="a\\b">`, `<p title="a\b">`},
		{"ampersand and angle", `<p title="D&D <5e>">`, `<p title="D&amp;D &lt;5e&gt;">`},
		{"plain", `<link rel="preload" href="/web/app.wasm" as="fetch" crossorigin>`, `<link rel="preload" href="/web/app.wasm" as="fetch" crossorigin>`},
		{"text", `<p id="x">a = &#34;b&#34;</p>`, `<p id="x">a = &#34;b&#34;</p>`},
		{"not a quoted string", `<p title="open`, `<p title="open`},
		{"empty", `<p title="">`, `<p title="">`},
		{"boolean off", `<option value="a" selected="false">A</option><button disabled="0" id="b">`, `<option value="a">A</option><button id="b">`},
		{"boolean on", `<input checked="true" readonly="1">`, `<input checked="true" readonly="1">`},
		{"boolean unreadable", `<details open="maybe">`, `<details>`},
		{"not boolean", `<button aria-expanded="false" data-running="false">`, `<button aria-expanded="false" data-running="false">`},
	} {
		if got := htmlAttrs(c.in); got != c.want {
			t.Errorf("%s: htmlAttrs(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// FuzzHTMLAttrs: any value go-app quotes comes back HTML-escaped, byte for
// byte the value, with no escape of Go's left in it.
func FuzzHTMLAttrs(f *testing.F) {
	for _, s := range []string{"", "Log (" + i18n.Isolate("12") + ")", `"quoted" \ back`, "D&D", "\x00\xff", "=\"", "\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		got := htmlAttrs(`<p title=` + strconv.Quote(v) + `>x</p>`)
		want := `<p title="` + html.EscapeString(v) + `">x</p>`
		if got != want {
			t.Errorf("value %q came out as %q, want %q", v, got, want)
		}
	})
}

// selectedOption matches an option written selected.
var selectedOption = regexp.MustCompile(`<option[^>]* selected[ >]`)

// TestPrerenderedAttributesHoldNoEscapes: the page the server renders, and
// the one the static export writes, carry the log's aria-label with its
// count between real isolate marks, not Go's \u2068 escapes, and no
// boolean attribute written "false", which HTML reads as on.
func TestPrerenderedAttributesHoldNoEscapes(t *testing.T) {
	addr, _ := startTestServer(t)
	pages := map[string]string{}
	for _, enc := range []string{"identity", "gzip"} {
		res, body := rawGet(t, addr, "/", "Accept-Encoding: "+enc)
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != strings.TrimPrefix(enc, "identity") {
			t.Fatalf("GET / (%s) = %d, %q", enc, res.StatusCode, res.Header.Get("Content-Encoding"))
		}
		if enc == "gzip" {
			zr, err := gzip.NewReader(strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			body = string(b)
		}
		pages["served, "+enc] = body
	}
	b, err := os.ReadFile(filepath.Join(exportTo(t, testRoot(t)), "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	pages["exported"] = string(b)
	label := `aria-label="` + html.EscapeString(strings.Replace(i18n.N(i18n.English, "log.title", 0), "0", i18n.Isolate("0"), 1)) + `"`
	for name, page := range pages {
		if i := strings.Index(page, `\u206`); i >= 0 {
			t.Errorf("%s: the page spells out an isolate: %q", name, page[max(0, i-40):min(len(page), i+20)])
		}
		if !strings.Contains(page, label) {
			t.Errorf("%s: the page lacks the log's label %q", name, label)
		}
		for _, off := range []string{` selected="false"`, ` disabled="false"`, ` checked="false"`} {
			if strings.Contains(page, off) {
				t.Errorf("%s: the page has %s, which HTML reads as on", name, off)
			}
		}
		if menus, chosen := strings.Count(page, "<select"), len(selectedOption.FindAllString(page, -1)); chosen != menus {
			t.Errorf("%s: %d options selected in %d menus, want one each", name, chosen, menus)
		}
	}
}
