//go:build e2e

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// wasmMemoryHook keeps the Go instance's memory reachable from the page:
// go-app instantiates the bundle in a closure, and a Go program's linear
// memory (exported as "mem") only grows, so its size is the high-water
// mark of what opening an encounter cost.
const wasmMemoryHook = `(() => {
	const keep = (f) => async function (...args) {
		const r = await f.apply(this, args);
		window.__battlematMem = (r.instance || r).exports.mem;
		return r;
	};
	WebAssembly.instantiateStreaming = keep(WebAssembly.instantiateStreaming);
	WebAssembly.instantiate = keep(WebAssembly.instantiate);
})()`

// openCost opens url in a fresh browser and returns the milliseconds until
// the board is shown (holding tokens tokens, when tokens > 0), and the wasm
// memory then in MB.
func openCost(t *testing.T, url string, tokens int) (context.Context, float64, float64) {
	t.Helper()
	ctx := newBrowserRunning(t, wasmMemoryHook)
	ms := navigate(t, ctx, url)
	if tokens > 0 {
		ms = poll[float64](t, ctx, `document.querySelectorAll('#board [id^="token-"]').length === `+itoa(tokens)+` ? performance.now() : false`, 90*time.Second)
	}
	mb := eval[float64](t, ctx, `window.__battlematMem ? window.__battlematMem.buffer.byteLength / 1048576 : -1`)
	return ctx, ms, mb
}

// readLink returns a link kept in rules/rulesets/testdata.
func readLink(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("rules", "rulesets", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// TestE2EWorstLink opens the costliest share link the decoder accepts (100
// creatures on a 100×100 map, 2,000 entries of the farthest moves) and the
// 2 KB tie-break link of issue 11 item 2, which used to take the wasm
// memory to 4 GB and kill the app: the first opens and the app stays
// usable, the second is refused with a message, cleared from the address
// bar, and the app stays alive. Time and wasm memory are logged beside a
// sample's.
func TestE2EWorstLink(t *testing.T) {
	srv := startServer(t)
	_, baseMs, baseMB := openCost(t, srv.URL+"/", 0)

	worst := readLink(t, "worst.link.txt")
	ctx, ms, mb := openCost(t, srv.URL+"/#"+worst, 100)
	t.Logf("the worst accepted link (%d bytes): board after %.0f ms, wasm memory %.0f MB; a fresh start: %.0f ms, %.0f MB", len(worst), ms, mb, baseMs, baseMB)
	screenshot(t, ctx, "formats-worst-link")
	if eval[bool](t, ctx, `document.getElementById('undo').disabled`) {
		t.Error("undo is not offered after opening the worst link")
	}
	click(t, ctx, "#undo")
	poll[bool](t, ctx, `document.querySelectorAll('#board [id^="token-"]').length === 100`, 10*time.Second)
	if mb > 256 {
		t.Errorf("opening the worst link took the wasm memory to %.0f MB", mb)
	}

	bomb := readLink(t, "tiebreak-bomb.link.txt")
	ctx, _, bombMB := openCost(t, srv.URL+"/#"+bomb, 0)
	poll[bool](t, ctx, `document.querySelector('#notice[data-error=true]') !== null`, 30*time.Second)
	if h := eval[string](t, ctx, `location.hash`); h != "" {
		t.Errorf("the refused link stays in the address bar (%d bytes)", len(h))
	}
	screenshot(t, ctx, "formats-tiebreak-link")
	t.Logf("the tie-break link (%d bytes) is refused; wasm memory %.0f MB", len(bomb), bombMB)
	if bombMB > 2*baseMB+64 {
		t.Errorf("refusing the tie-break link took the wasm memory to %.0f MB (a fresh start: %.0f MB)", bombMB, baseMB)
	}
}
