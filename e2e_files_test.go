//go:build e2e

package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// TestE2EExportImport exports an encounter to a file, opens another one,
// imports the file back (as a new library entry, replacing nothing), and
// checks a damaged file changes nothing.
func TestE2EExportImport(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	downloads := allowDownloads(t, ctx)
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "kal-corridor", combat.EndTurn{}))
	poll[bool](t, ctx, `document.getElementById('token-captain') !== null && !location.hash`, 10*time.Second)
	click(t, ctx, "#export")
	file := waitDownload(t, downloads, "*.battlemat.json")
	doc, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := combat.DecodeSave(rulesets.Registry(), doc)
	if err != nil {
		t.Fatalf("the exported file does not decode: %v", err)
	}
	if sess.Cursor() != 1 {
		t.Errorf("the exported file holds %d commands, want 1", sess.Cursor())
	}

	// Another encounter of the user's own, then import the file over it.
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "dairn-bandits", combat.Reposition{ID: "hero", To: grid.Square{X: 1, Y: 1}}))
	poll[bool](t, ctx, `document.getElementById('token-hero') !== null && document.getElementById('token-captain') === null`, 10*time.Second)
	upload(t, ctx, "#import", file)
	poll[bool](t, ctx, `document.getElementById('token-captain') !== null`, 5*time.Second)
	screenshot(t, ctx, "files-imported")
	click(t, ctx, "#library-toggle") // the encounter open before the import is still there
	poll[bool](t, ctx, `document.querySelectorAll('#entries li').length === 3`, 5*time.Second)

	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, doc[:len(doc)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	upload(t, ctx, "#import", bad)
	poll[bool](t, ctx, `document.querySelector('#notice[data-error=true]') !== null`, 5*time.Second)
	if eval[bool](t, ctx, `document.getElementById('token-captain') === null`) {
		t.Error("a damaged file replaced the encounter")
	}
	screenshot(t, ctx, "files-damaged")
}

// waitDownload waits for a finished download matching pattern in dir and
// returns its path.
func waitDownload(t *testing.T, dir, pattern string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		files, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, f := range files {
			if st, err := os.Stat(f); err == nil && st.Size() > 0 {
				return f
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s was downloaded", pattern)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
