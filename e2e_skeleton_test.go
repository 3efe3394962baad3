//go:build e2e

package main

import (
	"context"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestE2EBoardOfflineInstallable loads the app, checks the board, waits for
// the service worker, then stops the server and checks the app still opens
// from /, /#fragment and /?query, and that the manifest is installable.
func TestE2EBoardOfflineInstallable(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)

	cold := navigate(t, ctx, srv.URL+"/")
	t.Logf("cold load: board rendered %.0f ms after navigation start", cold)
	bundleOffThread(t, ctx)
	cols := eval[int](t, ctx, `+document.getElementById('board').dataset.cols`)
	rows := eval[int](t, ctx, `+document.getElementById('board').dataset.rows`)
	if cols < 4 || rows < 4 {
		t.Errorf("board has %d×%d squares", cols, rows)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .coord').length`); n != cols+rows {
		t.Errorf("%d coordinate labels, want %d", n, cols+rows)
	}
	if s := eval[string](t, ctx, `document.getElementById('scale').textContent`); !strings.Contains(s, "2.5 m") {
		t.Errorf("scale label %q does not give the square size", s)
	}
	screenshot(t, ctx, "skeleton-online")

	// The service worker must be active, controlling and hold the bundle.
	t.Logf("service worker cache: %v", waitOffline(t, ctx))

	warm := navigate(t, ctx, srv.URL+"/")
	t.Logf("warm load (service worker): board rendered %.0f ms after navigation start", warm)
	bundleOffThread(t, ctx)
	// The worker's static routes answered the page and its files from the
	// cache, without its fetch handler (the bundle, which start.js's own
	// worker fetches, too: the offline loads below need it).
	routed := eval[[]string](t, ctx, `[...new Set([performance.getEntriesByType('navigation')[0]].concat(performance.getEntriesByType('resource'))
		.filter(e => ['/', '/app.js', '/wasm_exec.js', '/web/start.js', '/web/battlemat.css'].includes(new URL(e.name).pathname))
		.map(e => new URL(e.name).pathname + ' ' + e.workerMatchedSourceType + ' ' + e.deliveryType))]`)
	if len(routed) != 5 {
		t.Errorf("the warm load shows %d of the 5 files: %v", len(routed), routed)
	}
	for _, r := range routed {
		if !strings.HasSuffix(r, " cache cache-storage") {
			t.Errorf("not routed to the cache: %s", r)
		}
	}

	inst, err := chromedp.Call(ctx, page.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range inst.InstallabilityErrors {
		t.Errorf("not installable: %s", e.ErrorID)
	}

	srv.Close()
	for _, path := range []string{"/", "/#anything", "/?anything"} {
		ms := navigate(t, ctx, srv.URL+path)
		t.Logf("offline %s: board rendered %.0f ms after navigation start", path, ms)
	}
	screenshot(t, ctx, "skeleton-offline")
}

// bundleOffThread fails the test when the page fetched app.wasm itself: the
// Web Worker start.js starts fetches and compiles it, off the page's
// thread, so the page's own resource timeline never lists it.
func bundleOffThread(t *testing.T, ctx context.Context) {
	t.Helper()
	if got := eval[[]string](t, ctx, `performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('/app.wasm'))`); len(got) != 0 {
		t.Errorf("the page fetched the bundle itself, not start.js's worker: %v", got)
	}
}

// TestE2EServerHeaders checks precompression negotiation (the bundle, the
// style sheet, the icon, go-app's scripts) and hardening.
func TestE2EServerHeaders(t *testing.T) {
	srv := startServer(t)
	get := func(path, enc string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", enc)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	for _, c := range []struct{ enc, want string }{{"gzip, deflate, br, zstd", "br"}, {"gzip", "gzip"}, {"", ""}, {"br;q=0, gzip", "gzip"}} {
		res := get("/web/app.wasm", c.enc)
		if got := res.Header.Get("Content-Encoding"); got != c.want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", c.enc, got, c.want)
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/wasm" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", c.enc, ct)
		}
		if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: no Vary header", c.enc)
		}
		if res.ContentLength <= 0 {
			t.Errorf("Accept-Encoding %q: no Content-Length", c.enc)
		}
	}
	for _, c := range []struct{ path, enc, want, ctype string }{
		{"/web/battlemat.css", "gzip, deflate, br, zstd", "br", "text/css"},
		{"/web/battlemat.css", "gzip", "gzip", "text/css"},
		{"/web/icon.svg", "gzip, deflate, br, zstd", "br", "image/svg+xml"},
		{"/app.js", "gzip, deflate, br, zstd", "gzip", "javascript"},
		{"/wasm_exec.js", "gzip, deflate, br, zstd", "gzip", "javascript"},
		{"/manifest.webmanifest", "gzip, deflate, br, zstd", "gzip", "manifest"},
	} {
		res := get(c.path, c.enc)
		if got := res.Header.Get("Content-Encoding"); got != c.want || !strings.Contains(res.Header.Get("Content-Type"), c.ctype) {
			t.Errorf("%s with Accept-Encoding %q: %q %q, want %s %s", c.path, c.enc, got, res.Header.Get("Content-Type"), c.want, c.ctype)
		}
	}
	res := get("/", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Error("the page is not gzipped")
	}
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"} {
		if res.Header.Get(h) == "" {
			t.Errorf("missing %s", h)
		}
	}
	if res := get("/web/", ""); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /web/ = %d, want 404 (no directory listing)", res.StatusCode)
	}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/", strings.NewReader("x"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST / = %d, want 405", res.StatusCode)
	}
}

// TestE2ERehearsalWithoutAPage runs app.wasm where there is no page, as
// the Web Worker web/start.js does before the page gets the
// bundle, under Node with Go's own wasm_exec: the program must build the
// first sample, render its table and end cleanly. One that fails there (a package
// initialiser that needs a page, say) leaves the page to compile the whole
// start on its own thread again.
func TestE2ERehearsalWithoutAPage(t *testing.T) {
	wasm := filepath.Join(siteRoot(t), "web", "app.wasm")
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js"), wasm)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) != 0 {
		t.Errorf("the bundle's run without a page: %v\n%s", err, out)
	}
}
