//go:build !wasm

package main

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"battlemat/app"
)

// secret is written into every file of the test root that lies outside
// web/: no response may ever contain it.
const secret = "NOT-FOR-THE-WEB"

// testRoot lays out a -root folder as a deployment has it: web/ with the
// bundle, its precompressed siblings, a style sheet and an icon, and
// beside it the sources, the repository and the binary. web/ also holds a
// hidden file and symlinks that lead out of it.
func testRoot(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"web/app.wasm":         "identity wasm body",
		"web/app.wasm.gz":      "gzip wasm body",
		"web/app.wasm.br":      "brotli wasm body",
		"web/battlemat.css":    "body { color: black }",
		"web/icon.svg":         "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
		"web/robots.txt":       "User-agent: *",
		"web/battlemat.css.br": "stale brotli body",
		"web/.hidden":          secret,
		".git/config":          "[core]\n" + secret,
		"server.go":            "package main // " + secret,
		"go.mod":               "module battlemat // " + secret,
		"bin/battlemat":        "ELF " + secret,
		"web..secret/x":        secret,
		"webfiles/index.css":   secret,
	}
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The bundle's siblings are newer than it; the style sheet's is stale.
	earlier := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(root, "web/battlemat.css.br"), earlier, earlier); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Second)
	for _, f := range []string{"web/app.wasm.gz", "web/app.wasm.br"} {
		if err := os.Chtimes(filepath.Join(root, f), later, later); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"web/config": "../.git/config", "web/src": ".."} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// testSite returns the real site handler over root.
func testSite(t testing.TB, root string) (http.Handler, string) {
	t.Helper()
	app.Routes()
	h, err := newHandler(root)
	if err != nil {
		t.Fatal(err)
	}
	return site(h), h.Version
}

// startTestServer serves the real site handler over a test root on a
// loopback port and returns its address and the app's version.
func startTestServer(t *testing.T) (string, string) {
	t.Helper()
	h, v := testSite(t, testRoot(t))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().String(), v
}

// rawGet sends target byte for byte on the request line over a fresh TCP
// connection (no client cleans or re-encodes it), with the given header
// lines, and returns the response and its body.
func rawGet(t *testing.T, addr, target string, header ...string) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	host := "Host: " + addr
	for _, h := range header {
		if strings.HasPrefix(h, "Host:") {
			host = h
		}
	}
	req := "GET " + target + " HTTP/1.1\r\n" + host + "\r\n"
	for _, h := range header {
		if !strings.HasPrefix(h, "Host:") {
			req += h + "\r\n"
		}
	}
	if _, err := io.WriteString(conn, req+"Connection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %q: %v", target, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("GET %q: reading the body: %v", target, err)
	}
	return res, string(body)
}

// TestServerRefusesPathsOutsideWeb sends every known way of naming a file
// outside web/ (dot segments as is, percent-encoded dots, slashes and
// backslashes, double encoding, NUL, hidden names, symlinks, the absolute
// request form, go-app's version prefix) and checks each is refused
// without a byte of the file.
func TestServerRefusesPathsOutsideWeb(t *testing.T) {
	addr, version := startTestServer(t)
	for _, c := range []struct{ name, target string }{
		{"dot-dot as is (curl --path-as-is)", "/web/../.git/config"},
		{"dot-dot to a source", "/web/../server.go"},
		{"dot-dot twice", "/web/../../etc/passwd"},
		{"encoded dots", "/web/%2e%2e/server.go"},
		{"encoded dots in capitals", "/web/%2E%2E/go.mod"},
		{"encoded slash", "/web/..%2fgo.mod"},
		{"encoded slash in capitals", "/web/..%2Fbin/battlemat"},
		{"encoded backslash", "/web/..%5cgo.mod"},
		{"raw backslash", `/web/..\go.mod`},
		{"double-encoded dots", "/web/%252e%252e/go.mod"},
		{"double-encoded slash", "/web/..%252fgo.mod"},
		{"encoded NUL", "/web/icon.svg%00/../../go.mod"},
		{"NUL before a suffix", "/web/..%00/go.mod"},
		{"overlong UTF-8 dots", "/web/%c0%ae%c0%ae/go.mod"},
		{"dot segment", "/web/./../go.mod"},
		{"empty segment", "/web//../go.mod"},
		{"absolute request form", "http://example.org/web/../go.mod"},
		{"version prefix", "/" + version + "/web/../go.mod"},
		{"repository", "/.git/config"},
		{"source at the root", "/server.go"},
		{"module file", "/go.mod"},
		{"binary", "/bin/battlemat"},
		{"sibling folder sharing the prefix", "/web..secret/x"},
		{"hidden file in web", "/web/.hidden"},
		{"symlink in web to a file outside", "/web/config"},
		{"symlink in web to the root", "/web/src/go.mod"},
		{"web folder itself", "/web/"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, enc := range []string{"", "Accept-Encoding: gzip, br"} {
				res, body := rawGet(t, addr, c.target, enc)
				if strings.Contains(body, secret) || res.StatusCode < 400 {
					t.Errorf("GET %s (%s) = %d with %q, want a refusal", c.target, enc, res.StatusCode, body)
				}
			}
		})
	}
}

// TestServerServesTheApp checks the gate lets through what the app needs:
// the page, go-app's scripts and manifest, and the files under web/.
func TestServerServesTheApp(t *testing.T) {
	addr, _ := startTestServer(t)
	for _, c := range []struct{ target, want string }{
		{"/", `new Worker("/web/start.js")`},
		{"/?anything", "<html"},
		{"/app.js", "goappInitWebAssembly"},
		{"/wasm_exec.js", "Go"},
		{"/app-worker.js", "fetch"},
		{"/manifest.webmanifest", "Battlemat"},
		{"/app.css", ""},
		{"/web/battlemat.css", "body { color: black }"},
		{"/web/icon.svg", "<svg"},
		{"/web/app.wasm", "identity wasm body"},
		{"/app.wasm", "identity wasm body"},
		{"/robots.txt", "User-agent: *"},
	} {
		res, body := rawGet(t, addr, c.target)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, c.want) {
			t.Errorf("GET %s = %d %q, want 200 with %q", c.target, res.StatusCode, body, c.want)
		}
	}
	res, body := rawGet(t, addr, "/web/battlemat.css", "Accept-Encoding: br")
	if res.Header.Get("Content-Encoding") != "" || body != "body { color: black }" {
		t.Errorf("a .br sibling older than its file was served: %q %q", res.Header.Get("Content-Encoding"), body)
	}
	if res, _ := rawGet(t, addr, "/elsewhere"); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /elsewhere = %d, want 404", res.StatusCode)
	}
}

// TestServerNeverFetchesFromTheHostHeader: go-app answers /robots.txt,
// /sitemap.xml and /ads.txt by fetching them from whatever host the
// request names, so a forged Host header made the server fetch from
// another machine and hand that back. They are served from web/ instead.
func TestServerNeverFetchesFromTheHostHeader(t *testing.T) {
	fetched := make(chan string, 10)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched <- r.URL.Path
		io.WriteString(w, secret)
	}))
	defer other.Close()
	addr, _ := startTestServer(t)
	for _, target := range []string{"/robots.txt", "/sitemap.xml", "/ads.txt"} {
		res, body := rawGet(t, addr, target, "Host: "+other.Listener.Addr().String())
		if strings.Contains(body, secret) {
			t.Errorf("GET %s with a forged Host = %d %q: served another host's answer", target, res.StatusCode, body)
		}
	}
	select {
	case p := <-fetched:
		t.Errorf("the server fetched %s from the host the request named", p)
	default:
	}
}

// TestServerNotModifiedOnlyForRealResources: a matching If-None-Match gets
// 304 for a resource that exists, and a path that does not exist is 404
// whatever tag the client sends (go-app alone answers 304 to its version
// tag for any path).
func TestServerNotModifiedOnlyForRealResources(t *testing.T) {
	addr, version := startTestServer(t)
	page, _ := rawGet(t, addr, "/")
	icon, _ := rawGet(t, addr, "/web/icon.svg")
	for _, c := range []struct {
		target, ifNoneMatch string
		want                int
	}{
		{"/", page.Header.Get("ETag"), http.StatusNotModified},
		{"/web/icon.svg", icon.Header.Get("ETag"), http.StatusNotModified},
		{"/web/icon.svg", "W/" + icon.Header.Get("ETag"), http.StatusNotModified},
		{"/web/icon.svg", `"other", ` + icon.Header.Get("ETag"), http.StatusNotModified},
		{"/web/icon.svg", `"other"`, http.StatusOK},
		{"/nowhere", page.Header.Get("ETag"), http.StatusNotFound},
		{"/nowhere", `"` + version + `"`, http.StatusNotFound},
		{"/web/nothing.css", page.Header.Get("ETag"), http.StatusNotFound},
		{"/web/nothing.css", icon.Header.Get("ETag"), http.StatusNotFound},
		{"/web/nothing.css", "*", http.StatusNotFound},
		{"/web/../go.mod", `"` + version + `"`, http.StatusNotFound},
	} {
		res, body := rawGet(t, addr, c.target, "If-None-Match: "+c.ifNoneMatch)
		if res.StatusCode != c.want {
			t.Errorf("GET %s If-None-Match %s = %d, want %d", c.target, c.ifNoneMatch, res.StatusCode, c.want)
		}
		if res.StatusCode == http.StatusNotModified && body != "" {
			t.Errorf("GET %s: 304 with a body %q", c.target, body)
		}
	}
}

// TestServerETagPerEncoding: the brotli, gzip and identity bodies of one
// URL carry different tags, each revalidates itself, and none revalidates
// another.
func TestServerETagPerEncoding(t *testing.T) {
	addr, _ := startTestServer(t)
	for _, c := range []struct {
		target    string
		encodings []string
	}{
		{"/web/app.wasm", []string{"br", "gzip", "identity"}},
		{"/", []string{"gzip", "identity"}},
		{"/app.js", []string{"gzip", "identity"}},
	} {
		target, tags := c.target, map[string]string{}
		for _, enc := range c.encodings {
			res, _ := rawGet(t, addr, target, "Accept-Encoding: "+enc)
			got := res.Header.Get("Content-Encoding")
			if got == "" {
				got = "identity"
			}
			if got != enc {
				t.Errorf("GET %s Accept-Encoding %s: Content-Encoding %q", target, enc, got)
			}
			tags[got] = res.Header.Get("ETag")
		}
		seen := map[string]string{}
		for enc, tag := range tags {
			if tag == "" {
				t.Errorf("GET %s (%s): no ETag", target, enc)
			}
			if prev, ok := seen[tag]; ok {
				t.Errorf("GET %s: %s and %s bodies share the ETag %s", target, prev, enc, tag)
			}
			seen[tag] = enc
		}
		for enc, tag := range tags {
			for other, otherTag := range tags {
				res, _ := rawGet(t, addr, target, "Accept-Encoding: "+enc, "If-None-Match: "+otherTag)
				want := http.StatusOK
				if other == enc {
					want = http.StatusNotModified
				}
				if res.StatusCode != want {
					t.Errorf("GET %s (%s, tag %s) If-None-Match %s (%s) = %d, want %d", target, enc, tag, otherTag, other, res.StatusCode, want)
				}
			}
		}
	}
}

// FuzzServedPaths sends arbitrary request targets, parsed exactly as the
// server parses a request line, through the real site handler: whatever
// the encoding, no response carries a byte of a file outside web/, and
// every file it does serve comes from web/.
func FuzzServedPaths(f *testing.F) {
	for _, s := range []string{
		"/", "/web/icon.svg", "/web/app.wasm", "/app.js", "/robots.txt",
		"/web/../.git/config", "/web/%2e%2e/server.go", "/web/..%2fgo.mod", "/web/..%5cgo.mod",
		`/web/..\go.mod`, "/web/%252e%252e/go.mod", "/web/..%00/go.mod", "/web/.hidden", "/web/config",
		"/web/src/go.mod", "http://x/web/../go.mod", "/web..secret/x", "/webfiles/index.css", "//web/../bin/battlemat",
	} {
		f.Add(s, "gzip, br")
	}
	root := testRoot(f)
	h, _ := testSite(f, root)
	web := os.DirFS(filepath.Join(root, "web"))
	f.Fuzz(func(t *testing.T, target, acceptEncoding string) {
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(
			"GET " + target + " HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: " + acceptEncoding + "\r\n\r\n")))
		if err != nil {
			return // the server answers 400 before any handler runs
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if strings.Contains(body, secret) {
			t.Fatalf("GET %q served a file outside web/: %d %q", target, rec.Code, body)
		}
		if rec.Code != http.StatusOK {
			return
		}
		// A 200 is go-app's page or generated script, or a file of web/.
		p, name := req.URL.Path, ""
		switch {
		case p == "/app.wasm" || p == "/goapp.wasm":
			name = "app.wasm"
		case p == "/" || goappGenerated[p]:
			return
		case goappFetched[p]:
			name = p[1:]
		default:
			var ok bool
			if name, ok = strings.CutPrefix(p, "/web/"); !ok {
				t.Fatalf("GET %q served %d from %s", target, rec.Code, p)
			}
		}
		ext := map[string]string{"br": ".br", "gzip": ".gz"}[rec.Header().Get("Content-Encoding")]
		want, err := fs.ReadFile(web, name+ext)
		if err != nil || string(want) != body {
			t.Fatalf("GET %q served %q, not web/%s%s (%v)", target, body, name, ext, err)
		}
	})
}

// goappGenerated are the scripts, styles and manifest go-app's handler
// generates.
var goappGenerated = map[string]bool{
	"/app.js": true, "/goapp.js": true, "/app-worker.js": true, "/wasm_exec.js": true,
	"/app.css": true, "/manifest.webmanifest": true, "/manifest.json": true,
}

// TestVersionFollowsTheWorker: a new forecast worker alone changes the
// app's version, so installed apps fetch it; without a worker the version
// is the app bundle's alone and the worker is not precached.
func TestVersionFollowsTheWorker(t *testing.T) {
	root := testRoot(t)
	_, bare := testSite(t, root)
	worker := filepath.Join(root, "web", "forecast.wasm")
	versions := []string{bare}
	for _, body := range []string{"worker one", "worker two"} {
		if err := os.WriteFile(worker, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		h, err := newHandler(root)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(h.CacheableResources, "/web/forecast.wasm") {
			t.Errorf("with %q the worker is not precached: %v", body, h.CacheableResources)
		}
		versions = append(versions, h.Version)
	}
	if versions[0] == versions[1] || versions[1] == versions[2] {
		t.Errorf("versions %q: a new worker must change the version", versions)
	}
}

// exportTo writes the app served from root as a static website into a
// temporary folder (make static) and returns the folder.
func exportTo(t *testing.T, root string) string {
	t.Helper()
	h, err := newHandler(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := exportStatic(dir, root, h); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestLoaderStreamsTheBundle: the page script the server sends, under both
// its names, and the one the static export writes take the module that
// web/start.js, which the page's first script starts, began compiling
// from app.wasm's response in a Web Worker, or else hand fetch's response for app.wasm
// straight to WebAssembly.instantiateStreaming, never through go-app's
// counting stream; they leave the service worker's registration to the
// app; and the server's copy still answers conditional requests.
func TestLoaderStreamsTheBundle(t *testing.T) {
	dir := exportTo(t, testRoot(t))
	exported, err := os.ReadFile(filepath.Join(dir, "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	addr, _ := startTestServer(t)
	if index, err := os.ReadFile(filepath.Join(dir, "index.html")); err != nil || !strings.Contains(string(index), `<script>`+startScript+`</script>`) {
		t.Errorf("the exported page does not start start.js (%v)", err)
	}
	scripts := map[string]string{"exported app.js": string(exported)}
	for _, p := range []string{"/app.js", "/goapp.js"} {
		res, body := rawGet(t, addr, p)
		if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Content-Type"), "javascript") {
			t.Errorf("GET %s: %d %q", p, res.StatusCode, res.Header.Get("Content-Type"))
		}
		scripts[p] = body
		if res, _ := rawGet(t, addr, p, "If-None-Match: "+res.Header.Get("ETag")); res.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s with its ETag: %d, want 304", p, res.StatusCode)
		}
	}
	res, page := rawGet(t, addr, "/")
	head, _, _ := strings.Cut(page, "<link")
	_, script, ok := strings.Cut(head, "<script>")
	script, _, _ = strings.Cut(script, "</script>")
	if !ok || !strings.Contains(script, `new Worker("/web/start.js")`) {
		t.Errorf("the page's first script, before its style sheets, does not start start.js:\n%s", page)
	}
	sum := sha256.Sum256([]byte(script))
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
		t.Errorf("the policy %q does not let the page's first script run", csp)
	}
	if start, err := os.ReadFile(filepath.Join("web", "start.js")); err != nil || !strings.Contains(string(start), `WebAssembly.compileStreaming(fetch("/web/app.wasm"))`) ||
		!strings.Contains(string(start), `postMessage(module)`) {
		t.Errorf("start.js does not compile the bundle in a worker:\n%s", start)
	}
	for name, js := range scripts {
		if !strings.Contains(js, `window.battlematBundle.then((module) => WebAssembly.instantiate(module, go.importObject))`) ||
			!strings.Contains(js, `instantiateStreaming(fetch("/web/app.wasm"), go.importObject)`) || strings.Contains(js, `fetchWithProgress("/web/app.wasm"`) {
			t.Errorf("%s does not stream the bundle into the compiler:\n%s", name, js)
		}
		if strings.Contains(js, "\ngoappInitServiceWorker();\n") || !strings.Contains(js, "async function goappInitServiceWorker()") {
			t.Errorf("%s registers the service worker at once, not when the app calls it", name)
		}
	}
}

// TestServerPageMadeOnce: the page and go-app's scripts are made once, so
// every request gets the same bytes, gzipped or not, and a HEAD the same
// headers without a body.
func TestServerPageMadeOnce(t *testing.T) {
	addr, _ := startTestServer(t)
	for _, target := range []string{"/", "/?anything", "/app.js", "/manifest.webmanifest"} {
		first, body := rawGet(t, addr, target)
		_, again := rawGet(t, addr, target)
		if again != body {
			t.Errorf("GET %s twice: two different bodies", target)
		}
		res, zipped := rawGet(t, addr, target, "Accept-Encoding: gzip")
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("GET %s Accept-Encoding gzip: Content-Encoding %q", target, res.Header.Get("Content-Encoding"))
			continue
		}
		zr, err := gzip.NewReader(strings.NewReader(zipped))
		if err != nil {
			t.Fatal(err)
		}
		if plain, err := io.ReadAll(zr); err != nil || string(plain) != body {
			t.Errorf("GET %s: the gzipped body is not the plain one (%v)", target, err)
		}
		if n := first.Header.Get("Content-Length"); n != strconv.Itoa(len(body)) {
			t.Errorf("GET %s: Content-Length %s for %d bytes", target, n, len(body))
		}
	}
}
