//go:build !wasm

// Command battlemat serves the Battlemat web app: the go-app page, its
// service worker and manifest, and the precompressed WebAssembly bundle.
// The same main package builds for the browser (see main_wasm.go), where it
// only mounts the UI; everything in this file stays out of app.wasm.
package main

import (
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app"
)

// version is the release name, injected at build time with
// -ldflags "-X main.version=…".
var version = "dev"

func main() {
	if len(os.Args) > 1 && os.Args[1] == "forecast" {
		os.Exit(runForecast(os.Args[2:], os.Stdout, os.Stderr))
	}
	app.Routes()
	goapp.RunWhenOnBrowser() // returns at once outside the browser
	if err := runServer(os.Args[1:]); err != nil {
		log.Fatal(err)
	}
}

// runServer parses the server's flags, then serves the app until SIGINT or
// SIGTERM, or writes it as a static website, or prints the version.
func runServer(args []string) error {
	fl := flag.NewFlagSet("battlemat", flag.ExitOnError)
	addr := fl.String("addr", "127.0.0.1:8000", "address to listen on")
	root := fl.String("root", ".", "folder that holds web/ (icons, styles, app.wasm); nothing else in it is served")
	gen := fl.String("gen", "", "write the app as a static website into this folder and exit")
	showVersion := fl.Bool("version", false, "print the version and exit")
	fl.Parse(args)

	if *showVersion {
		fmt.Println("battlemat", version)
		return nil
	}
	h, err := newHandler(*root)
	if err != nil {
		return err
	}
	if *gen != "" {
		return exportStatic(*gen, *root, h)
	}
	return serve(*addr, site(h))
}

// newHandler configures the go-app handler for an installable, offline PWA
// whose files live under root/web.
func newHandler(root string) (*goapp.Handler, error) {
	wasm := filepath.Join(root, "web", "app.wasm")
	sum, err := fileDigest(wasm)
	if err != nil {
		return nil, fmt.Errorf("app.wasm is missing (build it with 'make wasm'): %w", err)
	}
	mime.AddExtensionType(".webmanifest", "application/manifest+json")
	h := &goapp.Handler{
		Name:            "Battlemat",
		ShortName:       "Battlemat",
		Title:           "Battlemat",
		Description:     "Rules-true tabletop combat on a battlemap: moves, opportunity attacks, flanking, odds and traces, offline.",
		Lang:            "en",
		BackgroundColor: "#1d2321",
		ThemeColor:      "#1d2321",
		// No percentage: the bundle goes straight to the compiler (see
		// streamingLoader), not through a counting stream.
		LoadingLabel: "Loading Battlemat…",
		Icon: goapp.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		Styles: []string{"/web/battlemat.css"},
		// The page's first script (startScript) starts start.js as a Web
		// Worker that downloads and compiles the bundle off the page's
		// thread, before app.js runs at the end of the parse (see loaderJS).
		CacheableResources: []string{"/web/start.js", "/web/icon.svg", "/web/icon-192.png", "/web/icon-512.png", "/web/battlemat.css"},
		// The version changes whenever the bundle does, so installed apps
		// notice an update, and stays put across server restarts.
		Version:               version + "-" + sum[:12],
		ServiceWorkerTemplate: offlineWorker(),
		Resources:             webFiles{dir: filepath.Join(root, "web")},
	}
	// The forecast's Web Worker goes offline with the app when it is built
	// (make wasm); without it the page plays forecasts on its own thread.
	// Its bundle counts in the version too, so a new worker alone is an
	// update as well.
	if wsum, err := fileDigest(filepath.Join(root, "web", "forecast.wasm")); err == nil {
		h.CacheableResources = append(h.CacheableResources, "/web/forecast-worker.js", "/web/forecast.wasm")
		h.Version += "-" + wsum[:8]
	}
	return h, nil
}

// site is the handler the server (and the tests) run: security headers,
// then a gate that lets through only the app's own paths, then conditional
// requests and compression around go-app's handler (its pages' attributes
// written as HTML, see prerendered) and the web/ files. What go-app makes
// the same for every request is made and compressed once (frozen).
func site(h *goapp.Handler) http.Handler {
	files, _ := h.Resources.(http.Handler)
	return hardened(gate{
		app:     conditional(frozen(prerendered(streamingLoader(h)), frozenPaths...)),
		files:   conditional(files),
		version: h.Version,
	})
}

// frozenPaths are the responses of go-app's handler that depend on its
// settings alone: the page (the app's one route, whose server-rendered
// table shows the first sample whatever the URL's query) and the scripts,
// style sheet and manifest it loads.
var frozenPaths = []string{"/", "/app.js", "/wasm_exec.js", "/app.css", "/manifest.webmanifest", "/app-worker.js"}

// frozen serves next's responses, compressed by compressText, and serves
// those to GET and HEAD requests for paths from memory: each is asked of next once,
// when frozen is called, and gzipped once, so a request no longer waits
// for go-app to render the page and for gzip to compress it (about 5 ms
// of the server's time for the page, more on a busy machine, before its
// first byte). A path whose response is not 200 is left to next, as are
// all other paths.
func frozen(next http.Handler, paths ...string) http.Handler {
	type response struct {
		header http.Header
		body   []byte
	}
	live := compressText(next)
	made := map[string]response{}
	key := func(path string, gzipped bool) string { return strconv.FormatBool(gzipped) + path }
	for _, p := range paths {
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code != http.StatusOK {
			continue
		}
		plain := response{rec.Header(), rec.Body.Bytes()}
		made[key(p, false)] = plain
		replay := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			for k, v := range plain.header {
				w.Header()[k] = v
			}
			w.Write(plain.body)
		})
		rec = httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, p, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		compressText(replay).ServeHTTP(rec, req)
		made[key(p, true)] = response{rec.Header(), rec.Body.Bytes()}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, ok := made[key(r.URL.Path, accepts(r.Header.Get("Accept-Encoding"), "gzip"))]
		if !ok || r.Method != http.MethodGet && r.Method != http.MethodHead {
			live.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		for k, v := range res.header {
			h[k] = append(h[k], v...)
		}
		h.Set("Content-Length", strconv.Itoa(len(res.body)))
		w.WriteHeader(http.StatusOK)
		w.Write(res.body)
	})
}

// gate routes a request to the web/ files or to go-app's handler, and
// answers 404 to every path the site does not serve. Only /web/… reaches
// the files, which cannot leave web/; everything else goes to go-app
// (its page routes and its generated scripts, styles and manifest), except
// what go-app would fetch over HTTP from the request's own Host header
// (/robots.txt, /sitemap.xml, /ads.txt: served from web/ directly) and its
// version-prefixed aliases.
type gate struct {
	app, files http.Handler
	version    string
}

// goappFetched are the paths go-app's handler answers by fetching
// /web/<name> from the host the request names.
var goappFetched = map[string]bool{"/robots.txt": true, "/sitemap.xml": true, "/ads.txt": true}

// ServeHTTP serves a request whose path passes servablePath.
func (g gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p, ok := servablePath(r.URL)
	switch {
	case !ok || strings.HasPrefix(p, "/"+g.version+"/"):
		http.NotFound(w, r)
	case strings.HasPrefix(p, "/web/"):
		g.files.ServeHTTP(w, r)
	case goappFetched[p]:
		r2 := r.Clone(r.Context())
		r2.URL.Path, r2.URL.RawPath = "/web"+p, ""
		g.files.ServeHTTP(w, r2)
	default:
		g.app.ServeHTTP(w, r)
	}
}

// servablePath returns the request's decoded path when the site may serve
// it: absolute and already clean (no "." or ".." segment, no empty segment,
// no trailing slash but the root's), no hidden segment (.git), no
// backslash, no control character (NUL), no percent sign left after
// decoding (double encoding such as %252e), and no slash that arrived
// encoded (%2f). Anything else is refused, never cleaned into something
// else.
func servablePath(u *url.URL) (string, bool) {
	p := u.Path
	if !strings.HasPrefix(p, "/") || path.Clean(p) != p ||
		strings.Contains(p, "/.") || strings.ContainsAny(p, `\%`) ||
		strings.Contains(strings.ToLower(u.EscapedPath()), "%2f") {
		return "", false
	}
	for _, c := range p {
		if c < 0x20 || c == 0x7f {
			return "", false
		}
	}
	return p, true
}

// conditional answers If-None-Match once the response's ETag is known:
// 304 only for a 200 (or 206) response whose ETag matches, so a path that
// does not exist is 404 whatever the client sends. (go-app's handler
// answers 304 to its one version ETag for any path, so it never sees the
// header.) If-Modified-Since is dropped along with it, as RFC 9110 §13.2.2
// orders.
func conditional(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inm := r.Header.Get("If-None-Match")
		if inm == "" {
			next.ServeHTTP(w, r)
			return
		}
		r = r.Clone(r.Context())
		r.Header.Del("If-None-Match")
		r.Header.Del("If-Modified-Since")
		next.ServeHTTP(&conditionalWriter{ResponseWriter: w, ifNoneMatch: inm}, r)
	})
}

// conditionalWriter turns a 200 or 206 response whose ETag matches
// ifNoneMatch into a bodiless 304.
type conditionalWriter struct {
	http.ResponseWriter
	ifNoneMatch          string
	decided, notModified bool
}

// WriteHeader decides between the response and a 304.
func (c *conditionalWriter) WriteHeader(code int) {
	if c.decided {
		return
	}
	c.decided = true
	h := c.Header()
	if (code == http.StatusOK || code == http.StatusPartialContent) && etagMatches(c.ifNoneMatch, h.Get("ETag")) {
		c.notModified = true
		code = http.StatusNotModified
		for _, k := range []string{"Content-Type", "Content-Length", "Content-Encoding", "Content-Range", "Last-Modified"} {
			h.Del(k)
		}
	}
	c.ResponseWriter.WriteHeader(code)
}

// Write writes body bytes, none after a 304.
func (c *conditionalWriter) Write(b []byte) (int, error) {
	if !c.decided {
		c.WriteHeader(http.StatusOK)
	}
	if c.notModified {
		return len(b), nil
	}
	return c.ResponseWriter.Write(b)
}

// etagMatches reports whether an If-None-Match header matches etag, by the
// weak comparison RFC 9110 §13.1.2 prescribes for it.
func etagMatches(header, etag string) bool {
	if etag == "" {
		return false
	}
	etag = strings.TrimPrefix(etag, "W/")
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

// fileDigest returns the hex SHA-256 of a file.
func fileDigest(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	d := sha256.New()
	if _, err := io.Copy(d, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(d.Sum(nil)), nil
}

// offlineWorker patches go-app's service worker so the app opens offline
// from any URL of the site, including ?query ones: a page navigation that
// misses the cache falls back to the cached app shell "/", which routes by
// location. It also makes installation wait for the precache, so a failed
// download fails the install instead of leaving an empty cache in charge.
// And where the browser has the static routing API, the installed worker
// declares that the files it precached (the page "/" without a query, the
// scripts, the styles, the bundles) come straight from its cache: the
// browser then reads them there without running the worker's script for
// each request, one after the other on the worker's thread, which made up
// most of the time to the bundle's first byte on a load from the cache.
func offlineWorker() string {
	w := goapp.DefaultAppWorkerJS
	for _, p := range []struct{ from, to string }{
		{
			"const cachedResponse = await caches.match(request);",
			`const cachedResponse = request.mode === "navigate"
    ? (await caches.match(request, { ignoreSearch: true })) || (await caches.match("/"))
    : await caches.match(request);`,
		},
		{
			`self.addEventListener("install", async (event) => {
  try {`,
			`self.addEventListener("install", (event) => {
  routeToCache(event);
  event.waitUntil(installAndActivate());
});

function routeToCache(event) {
  if (!event.addRoutes) {
    return;
  }
  const rules = resourcesToCache.map((path) => ({
    condition: path === "/"
      ? { urlPattern: { pathname: "/", search: "" }, requestMode: "navigate" }
      : { urlPattern: { pathname: path } },
    source: { cacheName: cacheName },
  }));
  try {
    event.addRoutes(rules).catch((err) => console.error("static routes refused:", err));
  } catch (err) {
    console.error("static routes refused:", err);
  }
}

async function installAndActivate() {
  {`,
		},
		{
			`  } catch (error) {
    console.error("error during installation:", error);
  }
});`,
			`  }
}`,
		},
	} {
		if !strings.Contains(w, p.from) {
			panic("go-app's service worker changed; review offlineWorker: " + p.from)
		}
		w = strings.Replace(w, p.from, p.to, 1)
	}
	return w
}

// streamingLoader serves go-app's handler with its page script, app.js (and
// its alias goapp.js), patched by loaderJS.
func streamingLoader(h *goapp.Handler) http.Handler {
	js, etag := loaderJS(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/app.js" && r.URL.Path != "/goapp.js" {
			h.ServeHTTP(w, r)
			return
		}
		hd := w.Header()
		hd.Set("Cache-Control", "no-cache")
		hd.Set("ETag", etag)
		hd.Set("Content-Type", "application/javascript")
		hd.Set("Content-Length", strconv.Itoa(len(js)))
		w.Write(js)
	})
}

// loaderJS returns go-app's app.js for h, and its ETag, without the
// service worker's registration at once, which the page does once it has
// painted its first board, and with the bundle
// taken from the compile web/start.js began while the page was parsed, or,
// where it began none, with the bundle's response handed to
// WebAssembly.instantiateStreaming as fetch returns it. go-app wraps the
// response in a stream of its own to count the bytes for its progress
// label: every chunk then passes through script on the page's one thread,
// and the compiler gets a response with no URL, which the browser never
// caches compiled code for. Straight from fetch (the network, the HTTP
// cache or the service worker's cache), the bytes stream into the compiler
// off the page's thread, and a later load reuses the compiled module.
func loaderJS(h *goapp.Handler) ([]byte, string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.js", nil))
	wasm := strconv.Quote(h.Resources.Resolve("/web/app.wasm"))
	from := `instantiateStreaming(
      fetchWithProgress(` + wasm + `, showProgress),
      go.importObject
    )`
	to := `(window.battlematBundle
      ? window.battlematBundle.then((module) => WebAssembly.instantiate(module, go.importObject)).then((instance) => ({ instance }))
      : instantiateStreaming(fetch(` + wasm + `), go.importObject))`
	js := rec.Body.String()
	for _, p := range []struct{ from, to string }{
		{from, to},
		// The page registers the service worker itself once it has painted
		// its first board (see registerWorker in app/pwa.go).
		{"\ngoappInitServiceWorker();\n", "\n"},
	} {
		if !strings.Contains(js, p.from) {
			panic("go-app's app.js changed; review loaderJS: " + p.from)
		}
		js = strings.Replace(js, p.from, p.to, 1)
	}
	return []byte(js), rec.Header().Get("ETag")
}

// webFiles serves the files under dir (root/web) and nothing else: it
// opens them through os.OpenInRoot, so no name, symlink or encoding
// reaches outside dir, and it prefers a .br or .gz sibling when the client
// accepts that encoding and the sibling is not older than the file (one
// left from before an edit is never served). It implements go-app's
// ResourceResolver and http.Handler, so go-app hands it every /web/ and
// /app.wasm request.
type webFiles struct{ dir string }

// Resolve maps a /web/ path to the URL it is served at (unchanged).
func (f webFiles) Resolve(location string) string { return goapp.LocalDir("").Resolve(location) }

// encodings are the precompressed siblings webFiles looks for, best first.
var encodings = []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// ServeHTTP serves one regular file, never a directory listing. Each
// encoding of a file has its own ETag.
func (f webFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(r.URL.Path, "/web/")
	if !ok || !fs.ValidPath(name) || strings.ContainsAny(name, `\`) {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	h.Set("Cache-Control", "no-cache")
	file, fi, err := f.open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer func() { file.Close() }()
	encoding := ""
	for _, enc := range encodings {
		if !accepts(r.Header.Get("Accept-Encoding"), enc.token) {
			continue
		}
		if zf, zi, err := f.open(name + enc.ext); err == nil {
			// Compressors copy the file's time at a second's precision.
			if zi.ModTime().Before(fi.ModTime().Truncate(time.Second)) {
				zf.Close()
				continue
			}
			file.Close()
			file, fi, encoding = zf, zi, enc.token
			break
		}
	}
	h.Set("ETag", fileETag(fi, encoding))
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
		// http.ServeContent drops Content-Length when an encoding is set.
		h.Set("Content-Length", strconv.FormatInt(fi.Size(), 10))
	}
	http.ServeContent(w, r, name, fi.ModTime(), file)
}

// open opens a regular file under f.dir.
func (f webFiles) open(name string) (*os.File, fs.FileInfo, error) {
	file, err := os.OpenInRoot(f.dir, filepath.FromSlash(name))
	if err != nil {
		return nil, nil, err
	}
	fi, err := file.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fs.ErrNotExist
	}
	if err != nil {
		file.Close()
		return nil, nil, err
	}
	return file, fi, nil
}

// fileETag is a strong ETag for one encoding of a file: its modification
// time and size, and the encoding, so the brotli, gzip and identity bodies
// of one URL never share a tag.
func fileETag(fi fs.FileInfo, encoding string) string {
	tag := strconv.FormatInt(fi.ModTime().UnixNano(), 36) + "-" + strconv.FormatInt(fi.Size(), 36)
	if encoding != "" {
		tag += "-" + encoding
	}
	return `"` + tag + `"`
}

// accepts reports whether an Accept-Encoding header allows the token (a
// token listed with q=0 is refused).
func accepts(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(fields[0]), token) {
			continue
		}
		for _, f := range fields[1:] {
			if q, ok := strings.CutPrefix(strings.TrimSpace(f), "q="); ok {
				if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
					return false
				}
			}
		}
		return true
	}
	return false
}

// compressText gzips the page, scripts, styles and manifest that go-app
// serves from memory, when the client accepts gzip. /app.wasm is served
// from web/ with its precompressed siblings and passes through untouched.
func compressText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/app.wasm" || !accepts(r.Header.Get("Accept-Encoding"), "gzip") {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Add("Vary", "Accept-Encoding")
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		next.ServeHTTP(gw, r)
	})
}

// gzipWriter compresses a response whose content type is text-like; it
// decides when the header is written.
type gzipWriter struct {
	http.ResponseWriter
	zw      *gzip.Writer
	decided bool
}

// WriteHeader starts compression for compressible, bodied responses.
func (g *gzipWriter) WriteHeader(code int) {
	if !g.decided {
		g.decided = true
		h := g.Header()
		ct := h.Get("Content-Type")
		if code == http.StatusOK && h.Get("Content-Encoding") == "" && compressible(ct) {
			h.Del("Content-Length")
			h.Set("Content-Encoding", "gzip")
			if etag := h.Get("ETag"); strings.HasSuffix(etag, `"`) {
				// The gzip body is another representation: another tag.
				h.Set("ETag", strings.TrimSuffix(etag, `"`)+`-gzip"`)
			}
			g.zw, _ = gzip.NewWriterLevel(g.ResponseWriter, gzip.BestCompression)
		}
	}
	g.ResponseWriter.WriteHeader(code)
}

// Write writes body bytes, compressed when compression was chosen.
func (g *gzipWriter) Write(b []byte) (int, error) {
	if !g.decided {
		g.WriteHeader(http.StatusOK)
	}
	if g.zw != nil {
		return g.zw.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

func (g *gzipWriter) close() {
	if g.zw != nil {
		g.zw.Close()
	}
}

// compressible reports whether a content type is worth gzipping.
func compressible(contentType string) bool {
	for _, t := range []string{"text/", "javascript", "json", "css", "svg", "manifest"} {
		if strings.Contains(contentType, t) {
			return true
		}
	}
	return false
}

// contentSecurityPolicy lets the app's own scripts and WebAssembly run and
// nothing else: no remote origins, no inline script but startScript (by
// its hash), no framing.
var contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' " + scriptHash(startScript) + "; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
	"worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'none'"

// scriptHash is the source expression that lets an inline script run
// under a Content Security Policy.
func scriptHash(script string) string {
	sum := sha256.Sum256([]byte(script))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// hardened adds security headers and refuses every method but GET and HEAD.
func hardened(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// serve listens on addr until SIGINT or SIGTERM, then shuts down gracefully.
func serve(addr string, h http.Handler) error {
	srv := &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Printf("battlemat %s serving on http://%s/", version, addr)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Print("shutting down")
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// exportStatic writes the app as a static website into dir: go-app's pages
// (as the server sends them, see pageHTML), scripts and manifest,
// then a copy of what the server serves from root/web (regular files, with
// the precompressed bundles; no hidden file and no symlink), so any static
// host or CDN can serve it.
func exportStatic(dir, root string, h *goapp.Handler) error {
	if err := goapp.GenerateStaticWebsite(dir, h); err != nil {
		return err
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(pageHTML(string(b))), 0o644); err != nil {
			return err
		}
	}
	js, _ := loaderJS(h)
	if err := os.WriteFile(filepath.Join(dir, "app.js"), js, 0o644); err != nil {
		return err
	}
	src := filepath.Join(root, "web")
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		dst := filepath.Join(dir, "web", rel)
		switch {
		case p != src && strings.HasPrefix(d.Name(), "."):
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case !d.IsDir() && !d.Type().IsRegular():
			return nil
		case d.IsDir():
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
}
