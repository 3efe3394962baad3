//go:build e2e

package main

import (
	"compress/gzip"
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"battlemat/app"
)

// The browser tests drive a real headless Chromium against the real server
// handler on a loopback port. Run them with `make test` (or `make e2e`).

func init() { app.Routes() }

// chromePath finds Chromium or fails the test saying how to get it: browser
// tests are never skipped silently.
func chromePath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("CHROME_PATH"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	t.Fatal("Chromium not found: install it with `make deps` (Debian: apt-get install -y chromium) or set CHROME_PATH")
	return ""
}

// TestMain removes the site the browser tests built once they have all run,
// so repeated runs do not pile copies of the bundle up in the temporary folder.
func TestMain(m *testing.M) {
	code := m.Run()
	if rootDir != "" {
		os.RemoveAll(rootDir)
	}
	os.Exit(code)
}

var (
	rootOnce sync.Once
	rootDir  string
	rootErr  error
)

// siteRoot builds a fresh app.wasm (through the trimmed go-app) and the
// forecast's worker wasm (as the Makefile does) into a temporary copy of
// web/, and gives them, the worker
// script, the style sheet and the icon gzip and, when the brotli tool
// exists, brotli siblings.
func siteRoot(t *testing.T) string {
	t.Helper()
	rootOnce.Do(func() {
		rootDir, rootErr = os.MkdirTemp("", "battlemat-e2e-")
		if rootErr != nil {
			return
		}
		web := filepath.Join(rootDir, "web")
		if rootErr = os.CopyFS(web, os.DirFS("web")); rootErr != nil {
			return
		}
		wasm := filepath.Join(web, "app.wasm")
		for _, f := range []string{wasm, filepath.Join(web, "forecast.wasm")} {
			os.Remove(f)
			os.Remove(f + ".gz")
			os.Remove(f + ".br")
		}
		env, err := browserBuildEnv(filepath.Join(rootDir, "trim"))
		if err != nil {
			rootErr = err
			return
		}
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, ".")
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			rootErr = &buildError{out: string(out), err: err}
			return
		}
		worker := filepath.Join(web, "forecast.wasm")
		cmd = exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", worker, "./cmd/forecastworker")
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			rootErr = &buildError{out: string(out), err: err}
			return
		}
		// The siblings make build makes (COMPRESSED in the Makefile).
		for _, f := range []string{wasm, worker, filepath.Join(web, "forecast-worker.js"), filepath.Join(web, "battlemat.css"), filepath.Join(web, "icon.svg")} {
			if rootErr = gzipFile(f); rootErr != nil {
				return
			}
			if _, err := exec.LookPath("brotli"); err == nil {
				if rootErr = exec.Command("brotli", "-q", "5", "-k", "-f", f).Run(); rootErr != nil {
					return
				}
			}
		}
	})
	if rootErr != nil {
		t.Fatal(rootErr)
	}
	return rootDir
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return "building the wasm: " + e.err.Error() + "\n" + e.out }

func gzipFile(name string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	f, err := os.Create(name + ".gz")
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	if _, err := zw.Write(b); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Close()
}

// startServer serves the site on a free loopback port.
func startServer(t *testing.T) *httptest.Server {
	t.Helper()
	h, err := newHandler(siteRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site(h))
	t.Cleanup(srv.Close)
	return srv
}

// newBrowser starts a headless Chromium with a fresh profile.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	return newBrowserWith(t)
}

// newBrowserWith starts a headless Chromium with a fresh profile and the
// extra options.
func newBrowserWith(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromePath(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 860),
	}
	opts = append(opts, extra...)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// poll evaluates js until it returns a truthy value, retrying chromedp's
// occasional lost-context error right after a navigation.
func poll[T any](t *testing.T, ctx context.Context, js string, d time.Duration) T {
	t.Helper()
	var v T
	var err error
	for i := 0; i < 3; i++ {
		v, err = chromedp.Run(ctx, chromedp.Poll[T](js,
			chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(d)))
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") {
			break
		}
	}
	if err != nil {
		t.Fatalf("waiting for %s: %v", js, err)
	}
	return v
}

// eval evaluates js and returns its value.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// screenshot saves a PNG of the page under e2e-out/ (ignored by git) to be
// looked at.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := os.Getenv("E2E_OUT")
	if dir == "" {
		dir = "e2e-out"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// newBrowserRunning is newBrowser with script run in every document the
// page loads, before the page's own scripts.
func newBrowserRunning(t *testing.T, script string) context.Context {
	t.Helper()
	ctx := newBrowser(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// navigate loads url and waits until the wasm app has rendered the whole
// table, the side panels (which it builds once the board is painted)
// included, so that a test starts from the whole page, and returns the
// milliseconds from navigation start.
func navigate(t *testing.T, ctx context.Context, url string) float64 {
	t.Helper()
	served, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: servedBoardJS})
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("navigating to %s: %v", url, err)
	}
	ms := poll[float64](t, ctx, boardReadyJS, 60*time.Second)
	if _, err := chromedp.Call(ctx, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: served.Identifier}); err != nil {
		t.Fatal(err)
	}
	return ms
}

// servedBoardJS, run in the document navigate loads, keeps the board the
// server rendered into the page (null where there is none) in
// window.servedBoard once the page is parsed, so boardReadyJS can tell it
// from the app's.
const servedBoardJS = `document.addEventListener('DOMContentLoaded', () => { window.servedBoard = document.getElementById('board'); })`

// boardReadyJS is truthy (the time since navigation start, to the test's
// polling) once the app has mounted the table: the wasm loader gone, a
// board in the DOM that is not the one the server rendered into the page
// (servedBoardJS: it takes no input, and it stays a moment after go-app's
// loader has removed the loader, until the app mounts its own), and the
// side panels with their tabs (the last to come).
const boardReadyJS = `document.getElementById('app-wasm-loader') === null && window.servedBoard !== undefined &&
	document.getElementById('board') && document.getElementById('board') !== window.servedBoard &&
	document.querySelector('aside.side .tablist') !== null ? performance.now() : false`

// waitOffline waits until a service worker controls the page and its cache
// holds the bundle, and returns the cached paths.
func waitOffline(t *testing.T, ctx context.Context) []string {
	t.Helper()
	poll[bool](t, ctx, `navigator.serviceWorker.controller !== null`, 30*time.Second)
	return poll[[]string](t, ctx, `(async () => {
		const keys = await caches.keys();
		if (keys.length === 0) return false;
		const c = await caches.open(keys[0]);
		const urls = (await c.keys()).map(r => new URL(r.url).pathname);
		return urls.includes('/web/app.wasm') ? urls : false;
	})()`, 30*time.Second)
}
