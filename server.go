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
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net/http"
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
	app.Routes()
	goapp.RunWhenOnBrowser() // returns at once outside the browser

	addr := flag.String("addr", "127.0.0.1:8000", "address to listen on")
	root := flag.String("root", ".", "folder that holds web/ (icons, styles, app.wasm)")
	gen := flag.String("gen", "", "write the app as a static website into this folder and exit")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()

	if *showVersion {
		fmt.Println("battlemat", version)
		return
	}
	h, err := newHandler(*root)
	if err != nil {
		log.Fatal(err)
	}
	if *gen != "" {
		if err := exportStatic(*gen, *root, h); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := serve(*addr, site(h)); err != nil {
		log.Fatal(err)
	}
}

// newHandler configures the go-app handler for an installable, offline PWA
// whose files live under root/web.
func newHandler(root string) (*goapp.Handler, error) {
	wasm := filepath.Join(root, "web", "app.wasm")
	sum, size, err := fileDigest(wasm)
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
		LoadingLabel:    "Loading Battlemat… {progress}%",
		Icon: goapp.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		Styles:             []string{"/web/battlemat.css"},
		CacheableResources: []string{"/web/icon.svg", "/web/icon-192.png", "/web/icon-512.png", "/web/battlemat.css"},
		// The version changes whenever the bundle does, so installed apps
		// notice an update, and stays put across server restarts.
		Version:               version + "-" + sum[:12],
		WasmContentLength:     strconv.FormatInt(size, 10),
		ServiceWorkerTemplate: offlineWorker(),
		Resources:             precompressed{root: root},
	}
	return h, nil
}

// site wraps the go-app handler with compression and security headers: the
// handler the server (and the browser tests) run.
func site(h *goapp.Handler) http.Handler { return hardened(compressText(h)) }

// fileDigest returns the hex SHA-256 and the size of a file.
func fileDigest(name string) (string, int64, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	d := sha256.New()
	n, err := io.Copy(d, f)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(d.Sum(nil)), n, nil
}

// offlineWorker patches go-app's service worker so the app opens offline
// from any URL of the site, including ?query ones: a page navigation that
// misses the cache falls back to the cached app shell "/", which routes by
// location. It also makes installation wait for the precache, so a failed
// download fails the install instead of leaving an empty cache in charge.
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
  event.waitUntil(installAndActivate());
});

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

// precompressed serves /web/* from root, preferring a .br or .gz sibling of
// the asked file when the client accepts that encoding. It implements
// go-app's ResourceResolver and http.Handler, so go-app hands it every
// /web/ and /app.wasm request.
type precompressed struct{ root string }

// Resolve maps a /web/ path to the URL it is served at (unchanged).
func (p precompressed) Resolve(location string) string { return goapp.LocalDir("").Resolve(location) }

// ServeHTTP serves one file, never a directory listing.
func (p precompressed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := path.Clean("/" + r.URL.Path)
	file := filepath.Join(p.root, filepath.FromSlash(name))
	w.Header().Add("Vary", "Accept-Encoding")
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepts(r.Header.Get("Accept-Encoding"), enc.token) {
			continue
		}
		if serveFile(w, r, file+enc.ext, name, enc.token) {
			return
		}
	}
	if !serveFile(w, r, file, name, "") {
		http.NotFound(w, r)
	}
}

// serveFile serves a regular file under the content type of name, with the
// given content encoding; it reports false when there is no such file.
func serveFile(w http.ResponseWriter, r *http.Request, file, name, encoding string) bool {
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	if encoding != "" {
		w.Header().Set("Content-Encoding", encoding)
		// http.ServeContent drops Content-Length when an encoding is set.
		w.Header().Set("Content-Length", strconv.FormatInt(fi.Size(), 10))
	}
	http.ServeContent(w, r, name, fi.ModTime(), f)
	return true
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
// serves from memory, when the client accepts gzip. /web/ files are already
// precompressed and pass through untouched.
func compressText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/web/") || r.URL.Path == "/app.wasm" ||
			!accepts(r.Header.Get("Accept-Encoding"), "gzip") {
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
// nothing else: no remote origins, no inline scripts, no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
	"worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'none'"

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

// exportStatic writes the app as a static website into dir: go-app's pages,
// scripts and manifest, then a copy of root/web (with the precompressed
// bundles), so any static host or CDN can serve it.
func exportStatic(dir, root string, h *goapp.Handler) error {
	if err := goapp.GenerateStaticWebsite(dir, h); err != nil {
		return err
	}
	src := filepath.Join(root, "web")
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		dst := filepath.Join(dir, "web", rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
}
