package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// pinnedFiles reads the pinned go-app module's files, untouched.
func pinnedFiles(t *testing.T) map[string][]byte {
	t.Helper()
	p, err := pinned()
	if err != nil {
		t.Fatal(err)
	}
	files, err := read(p.dir)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestPinnedFreshCache finds the pinned go-app in an empty module cache, as
// on a fresh machine where make build runs before anything was downloaded.
func TestPinnedFreshCache(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads go-app into a new module cache")
	}
	cache := t.TempDir()
	t.Setenv("GOMODCACHE", cache)
	t.Setenv("GOFLAGS", "-modcacherw") // so the test can remove the cache
	p, err := pinned()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.dir, cache) {
		t.Errorf("go-app's folder %s is not in the new cache %s", p.dir, cache)
	}
	if _, err := os.Stat(filepath.Join(p.dir, resourceGo)); err != nil {
		t.Error(err)
	}
}

// TestEditPinned trims the pinned go-app: http.go is gone, the stand-in
// Handler is there, resource.go lost exactly its three net/http lines, and
// the router its regular-expression routes.
func TestEditPinned(t *testing.T) {
	files := pinnedFiles(t)
	before := bytes.Clone(files[resourceGo])
	if err := edit(files); err != nil {
		t.Fatal(err)
	}
	if _, ok := files[httpGo]; ok {
		t.Error(httpGo + " is still in the copy")
	}
	if got := string(files[handlerGo]); got != handlerDecl {
		t.Errorf("%s = %q, want the stand-in declaration", handlerGo, got)
	}
	after := files[resourceGo]
	if len(before)-len(after) != len(strings.Join(resourceCuts, "")) || bytes.Contains(after, []byte("net/http")) {
		t.Errorf("%s after the cuts:\n%s", resourceGo, after)
	}
	for _, c := range routerCuts {
		if bytes.Contains(files[c.file], []byte("egexp")) {
			t.Errorf("%s still speaks of regular expressions:\n%s", c.file, files[c.file])
		}
	}
}

// TestCutsApply takes an import, a field, a declaration with its doc
// comment and a loop out of a small file, whole lines each.
func TestCutsApply(t *testing.T) {
	src := `package p

import (
	"regexp"
	"sync"
)

type r struct {
	mu sync.Mutex
	re []*regexp.Regexp
}

// match reports a match.
func (x *r) match(s string) bool {
	for _, re := range x.re {
		if re.MatchString(s) {
			return true
		}
	}
	for range 3 {
	}
	return false
}

func keep() {}
`
	want := `package p

import (
	"sync"
)

type r struct {
	mu sync.Mutex
}

func keep() {}
`
	c := cuts{imports: []string{"regexp"}, fields: []string{"r.re"}, decls: []string{"r.match"}}
	got, err := c.apply("p.go", []byte(src))
	if err != nil || string(got) != want {
		t.Errorf("apply = %v\n%s\nwant\n%s", err, got, want)
	}
	c = cuts{loops: []string{"r.match x.re"}}
	got, err = c.apply("p.go", []byte(src))
	if err != nil || bytes.Contains(got, []byte("MatchString")) || !bytes.Contains(got, []byte("for range 3")) {
		t.Errorf("apply of the loop = %v\n%s", err, got)
	}
	for _, c := range []cuts{
		{decls: []string{"r.missing"}},
		{fields: []string{"r.mu", "r.mu"}},
		{imports: []string{"fmt"}},
		{loops: []string{"r.match x.other"}},
		{decls: []string{"r.match"}, loops: []string{"r.match x.re"}},
	} {
		if _, err := c.apply("p.go", []byte(src)); err == nil {
			t.Errorf("apply(%+v) took something out, want an error", c)
		}
	}
}

// TestEditRefuses checks that every shape the edits were not written for
// stops the trim with a message naming the file to review.
func TestEditRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		change     func(files map[string][]byte)
	}{
		{"http.go declares one more function", httpGo, func(f map[string][]byte) {
			f[httpGo] = append(f[httpGo], "\nfunc Serve() {}\n"...)
		}},
		{"http.go is gone", httpGo, func(f map[string][]byte) { delete(f, httpGo) }},
		{"http.go does not parse", httpGo, func(f map[string][]byte) { f[httpGo] = []byte("package app\nfunc (") }},
		{"the file server line changed", resourceGo, func(f map[string][]byte) {
			f[resourceGo] = bytes.Replace(f[resourceGo], []byte("http.FileServer(http.Dir(directory))"), []byte("http.FileServerFS(os.DirFS(directory))"), 1)
		}},
		{"the import is cut twice", resourceGo, func(f map[string][]byte) {
			f[resourceGo] = append(f[resourceGo], "\nimport (\n\t\"net/http\"\n)\n"...)
		}},
		{"resource.go uses net/http elsewhere", resourceGo, func(f map[string][]byte) {
			f[resourceGo] = append(f[resourceGo], "\nvar _ = http.StatusOK\n"...)
		}},
		{"resource.go is gone", resourceGo, func(f map[string][]byte) { delete(f, resourceGo) }},
		{"another browser file imports net/http", "pkg/app/fetch.go", func(f map[string][]byte) {
			f["pkg/app/fetch.go"] = []byte("package app\n\nimport \"net/http\"\n\nvar _ = http.Get\n")
		}},
		{"the router matches paths another way", "pkg/app/route.go", func(f map[string][]byte) {
			f["pkg/app/route.go"] = bytes.ReplaceAll(f["pkg/app/route.go"], []byte("range r.routesWithRegexp"), []byte("range r.patterns()"))
		}},
		{"RouteWithRegexp is gone", "pkg/app/app.go", func(f map[string][]byte) {
			f["pkg/app/app.go"] = bytes.ReplaceAll(f["pkg/app/app.go"], []byte("func RouteWithRegexp("), []byte("func RouteMatching("))
		}},
		{"another browser file imports regexp", "pkg/app/match.go", func(f map[string][]byte) {
			f["pkg/app/match.go"] = []byte("package app\n\nimport \"regexp\"\n\nvar _ = regexp.MustCompile\n")
		}},
		{"go-app has a file of the stand-in's name", handlerGo, func(f map[string][]byte) {
			f[handlerGo] = []byte("package app\n")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := pinnedFiles(t)
			tc.change(files)
			err := edit(files)
			if err == nil || !strings.Contains(err.Error(), tc.file) {
				t.Errorf("edit = %v, want an error naming %s", err, tc.file)
			}
		})
	}
	// A server-only file may import net/http: the browser build never sees it.
	files := pinnedFiles(t)
	files["pkg/app/serve.go"] = []byte("//go:build !wasm\n\npackage app\n\nimport \"net/http\"\n\nvar _ = http.Get\n")
	if err := edit(files); err != nil {
		t.Errorf("a !wasm file importing net/http: %v", err)
	}
}

// TestCheckVersion refuses a go-app the edits were not reviewed against.
func TestCheckVersion(t *testing.T) {
	if err := checkVersion(reviewed); err != nil {
		t.Error(err)
	}
	if err := checkVersion("v10.1.12"); err == nil || !strings.Contains(err.Error(), "review") {
		t.Errorf("checkVersion(v10.1.12) = %v, want a refusal asking for a review", err)
	}
}

// TestBrowserBuildDeps writes the trim and its go.work, and lists the
// packages the browser build of app.wasm depends on through it: none of
// net/http, crypto/tls, crypto/x509 and regexp, which the same listing
// without the go.work has. A second run removes a file the copy no longer has and
// leaves every other file as it was. The forecast's worker needs no trim:
// it depends on neither go-app nor net/http.
func TestBrowserBuildDeps(t *testing.T) {
	out := t.TempDir()
	work, err := run(out)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	unwanted := []string{"net/http", "crypto/tls", "crypto/x509", "regexp"}
	for _, c := range []struct {
		gowork string
		want   bool
	}{{"off", true}, {work, false}} {
		cmd := exec.Command("go", "list", "-deps", ".")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOWORK="+c.gowork)
		list, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list with GOWORK=%s: %v", c.gowork, err)
		}
		deps := strings.Fields(string(list))
		for _, pkg := range unwanted {
			if got := slices.Contains(deps, pkg); got != c.want {
				t.Errorf("GOWORK=%s: app.wasm depends on %s: %v, want %v", c.gowork, pkg, got, c.want)
			}
		}
	}
	stat := func() map[string]int64 {
		m := map[string]int64{}
		filepath.Walk(out, func(path string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() {
				m[path] = fi.ModTime().UnixNano()
			}
			return err
		})
		return m
	}
	// The forecast's worker (web/forecast.wasm) is built without the go.work:
	// it must not need it.
	cmd := exec.Command("go", "list", "-deps", "./cmd/forecastworker")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOWORK=off")
	list, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(list), goApp) || slices.Contains(strings.Fields(string(list)), "net/http") {
		t.Errorf("the forecast's worker depends on go-app or net/http:\n%s", list)
	}
	stale := filepath.Join(out, "go-app", "pkg", "app", "http.go")
	if err := os.WriteFile(stale, []byte("package app\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	first := stat()
	delete(first, stale)
	if _, err := run(out); err != nil {
		t.Fatal(err)
	}
	second := stat()
	for path, mtime := range second {
		if first[path] != mtime {
			t.Errorf("a second run rewrote %s", path)
		}
	}
	if len(second) != len(first) {
		t.Errorf("a second run left %d files, want %d (the stale copy of http.go removed)", len(second), len(first))
	}
}
