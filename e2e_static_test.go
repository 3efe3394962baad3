//go:build e2e

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestE2EStaticExport writes the app as a static website (make static) and
// serves it with a plain file server, as any static host or CDN would: the
// board renders and a share link opens.
func TestE2EStaticExport(t *testing.T) {
	dir := exportTo(t, siteRoot(t))
	for _, f := range []string{"index.html", "app.js", "app-worker.js", "wasm_exec.js", "manifest.webmanifest", "web/app.wasm", "web/icon-192.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the static site lacks %s", f)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "kal-robin"))
	poll[bool](t, ctx, `document.getElementById('token-robin') !== null && !location.hash`, 15*time.Second)
	screenshot(t, ctx, "static-export")
}
