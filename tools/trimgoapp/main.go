// Command trimgoapp writes a copy of the pinned go-app module without its
// HTTP server, and a go.work that selects that copy, for the browser build
// alone (app.wasm).
//
// go-app's pkg/app/http.go (the Handler that serves pages) and resource.go
// (LocalDir's file server) carry no build tag, so a browser build of go-app
// imports net/http and through it crypto/tls, crypto/x509 and the elliptic
// curves, whose package initialisers keep them in app.wasm although the
// browser never runs them. The copy leaves http.go out, takes the three
// net/http lines out of resource.go, and declares an empty Handler in a file
// of its own (go-app's browser stub of GenerateStaticWebsite names the type).
// It also takes out the router's regular-expression routes (RouteWithRegexp,
// unused here), which keep the regexp compiler and its Unicode tables in.
// Every edit is checked against the shape the edit was written for: a file
// that differs (a go-app upgrade) stops the tool with what to review, and
// nothing else is changed.
//
// Run it from the module root:
//
//	go run ./tools/trimgoapp [-out .trim]
//
// It prints the absolute path of the go.work it wrote; a browser build uses
// it with GOWORK=<that path>. Native builds (the server, which needs the real
// Handler) never see it: the go.work sits in the output folder, not in a
// parent of the module. Running it again rewrites only what differs.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	pathpkg "path"
	"path/filepath"
	"slices"
	"strings"
)

// goApp is the module trimmed.
const goApp = "github.com/maxence-charriere/go-app/v10"

// reviewed is the go-app version whose http.go and resource.go the edits
// were written against. Another pin stops the tool until someone reviews
// the edits against the new version and updates it.
const reviewed = "v10.1.11"

func main() {
	out := flag.String("out", ".trim", "the folder to write the copy (go-app/) and go.work into")
	flag.Parse()
	work, err := run(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "trimgoapp:", err)
		os.Exit(1)
	}
	fmt.Println(work)
}

// run trims the go-app module the current module pins into out/go-app and
// writes out/go.work, and returns the absolute path of the go.work.
func run(out string) (string, error) {
	pin, err := pinned()
	if err != nil {
		return "", err
	}
	files, err := trim(pin)
	if err != nil {
		return "", err
	}
	out, err = filepath.Abs(out)
	if err != nil {
		return "", err
	}
	files["go.work"], err = goWork(out, pin)
	if err != nil {
		return "", err
	}
	if err := sync(out, files); err != nil {
		return "", err
	}
	return filepath.Join(out, "go.work"), nil
}

// pin is the go-app module the current module requires.
type pin struct {
	version string // as go.mod requires it
	dir     string // its folder in the module cache
	root    string // the current module's folder
	goLine  string // the current module's go version
}

// pinned finds the go-app version go.mod requires and its folder (downloading
// it when the module cache lacks it), and checks that the build selects
// exactly that version, unreplaced.
func pinned() (pin, error) {
	var p pin
	out, err := goCmd("mod", "edit", "-json")
	if err != nil {
		return p, err
	}
	var mod struct {
		Go      string
		Require []struct{ Path, Version string }
		Replace []struct{ Old struct{ Path string } }
	}
	if err := json.Unmarshal(out, &mod); err != nil {
		return p, fmt.Errorf("reading go.mod: %w", err)
	}
	p.goLine = mod.Go
	for _, r := range mod.Require {
		if r.Path == goApp {
			p.version = r.Version
		}
	}
	for _, r := range mod.Replace {
		if r.Old.Path == goApp {
			return p, errors.New("go.mod replaces " + goApp + ": the trim copies the pinned module only")
		}
	}
	if p.version == "" {
		return p, errors.New("go.mod does not require " + goApp)
	}
	if err := checkVersion(p.version); err != nil {
		return p, err
	}
	// On a fresh machine nothing is in the module cache yet, and go list
	// names no folder for a module it has not downloaded.
	if _, err := goCmd("mod", "download", goApp); err != nil {
		return p, err
	}
	out, err = goCmd("list", "-m", "-f", "{{.Version}}\t{{.Dir}}\t{{with .Replace}}replaced{{end}}", goApp)
	if err != nil {
		return p, err
	}
	f := strings.Split(strings.TrimRight(string(out), "\n"), "\t")
	if len(f) != 3 || f[0] != p.version || f[2] != "" || f[1] == "" {
		return p, fmt.Errorf("the build selects %s as %q, not the pinned %s from the module cache (is GOWORK set?)", goApp, strings.TrimSpace(string(out)), p.version)
	}
	p.dir = f[1]
	out, err = goCmd("list", "-m", "-f", "{{.Dir}}")
	if err != nil {
		return p, err
	}
	p.root = strings.TrimSpace(string(out))
	return p, nil
}

// checkVersion refuses a go-app version other than the one the edits were
// reviewed against.
func checkVersion(version string) error {
	if version != reviewed {
		return fmt.Errorf("go.mod pins %s %s but the trim was written for %s: review the edits in tools/trimgoapp against the new pkg/app/http.go and resource.go, then update reviewed", goApp, version, reviewed)
	}
	return nil
}

// goCmd runs the go command with GOWORK=off, so a go.work earlier written
// cannot select the copy it is about to rewrite.
func goCmd(args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}

// trim reads the module's files and applies the checked edits. It returns
// the copy's files by slash path under go-app/.
func trim(p pin) (map[string][]byte, error) {
	files, err := read(p.dir)
	if err != nil {
		return nil, err
	}
	if err := edit(files); err != nil {
		return nil, err
	}
	prefixed := make(map[string][]byte, len(files))
	for name, b := range files {
		prefixed["go-app/"+name] = b
	}
	return prefixed, nil
}

// read returns go.mod, go.sum, LICENSE and the Go files of the packages
// (tests left out) of the module in dir, by slash path.
func read(dir string) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, name := range []string{"go.mod", "go.sum", "LICENSE"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		files[name] = b
	}
	err := filepath.WalkDir(filepath.Join(dir, "pkg"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)], err = os.ReadFile(path)
		return err
	})
	return files, err
}

const (
	httpGo     = "pkg/app/http.go"
	resourceGo = "pkg/app/resource.go"
	handlerGo  = "pkg/app/handler_browser.go"
)

// httpDecls are the top-level names pkg/app/http.go declares (methods as
// Type.Method): deleting the file takes exactly these away.
var httpDecls = []string{
	"Handler", "Handler.ServeHTTP", "Handler.init", "Handler.initIcon", "Handler.initLibraries",
	"Handler.initLinks", "Handler.initPWA", "Handler.initPWAResources", "Handler.initPageContent",
	"Handler.initProxyResources", "Handler.initServiceWorker", "Handler.initStaticResources",
	"Handler.initVersion", "Handler.makeAppJS", "Handler.makeAppWorkerJS", "Handler.makeManifestJSON",
	"Handler.serveCachedItem", "Handler.serveLibrary", "Handler.servePage", "Handler.serveProxyResource",
	"Icon", "defaultThemeColor", "httpResource", "httpResource.toLink", "httpResource.toScript",
	"isRemoteLocation", "isStaticResourcePath", "parseHTTPResource",
}

// resourceCuts are the lines taken out of pkg/app/resource.go, each found
// exactly once: the net/http import, and LocalDir's file server, which the
// browser never serves from.
var resourceCuts = []string{
	"\t\"net/http\"\n",
	"\t\tHandler:   http.FileServer(http.Dir(directory)),\n",
	"\thttp.Handler\n",
}

// handlerDecl is the declaration that stands in for http.go's Handler:
// wasm.go's GenerateStaticWebsite stub takes a *Handler.
const handlerDecl = `// Code generated by battlemat's tools/trimgoapp; DO NOT EDIT.

package app

// Handler stands in for the HTTP handler, which the browser build leaves out.
type Handler struct{}
`

// leftOut are the packages no file of the trimmed go-app's browser build
// may import.
var leftOut = []string{"net/http", "regexp"}

// edit applies the edits to the module's files, checking each file's shape
// first, and then checks that no file of the browser build imports a
// package of leftOut.
func edit(files map[string][]byte) error {
	src, ok := files[httpGo]
	if !ok {
		return errors.New(httpGo + " is missing: review the trim against the new go-app")
	}
	got, err := declared(httpGo, src)
	if err != nil {
		return err
	}
	if !slices.Equal(got, httpDecls) {
		return fmt.Errorf("%s declares %v, the trim was written for %v: review what deleting it takes away", httpGo, got, httpDecls)
	}
	delete(files, httpGo)
	if _, ok := files[handlerGo]; ok {
		return errors.New(handlerGo + " exists in go-app: choose another name for the stand-in Handler")
	}
	files[handlerGo] = []byte(handlerDecl)

	src, ok = files[resourceGo]
	if !ok {
		return errors.New(resourceGo + " is missing: review the trim against the new go-app")
	}
	for _, cut := range resourceCuts {
		if n := bytes.Count(src, []byte(cut)); n != 1 {
			return fmt.Errorf("%s has the line %q %d times, the trim expects it once: review the edits", resourceGo, strings.TrimSpace(cut), n)
		}
		src = bytes.Replace(src, []byte(cut), nil, 1)
	}
	if bytes.Contains(src, []byte("http.")) {
		return fmt.Errorf("%s still uses net/http after the cuts: review the edits", resourceGo)
	}
	files[resourceGo] = src

	for _, c := range routerCuts {
		if files[c.file], err = c.apply(c.file, files[c.file]); err != nil {
			return err
		}
	}

	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = "js", "wasm"
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for name := range files {
			if strings.HasPrefix(name, "pkg/") && !yield(name) {
				return
			}
		}
	}) {
		ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(files[name])), nil }
		dir, base := pathpkg.Split(name)
		if ok, err := ctx.MatchFile(dir, base); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, files[name], parser.ImportsOnly)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		for _, imp := range f.Imports {
			if p := strings.Trim(imp.Path.Value, `"`); slices.Contains(leftOut, p) {
				return fmt.Errorf("%s imports %s in the browser build: review the trim against the new go-app", name, p)
			}
		}
	}
	return nil
}

// routerCuts take out the router's regular-expression routes
// (RouteWithRegexp), which Battlemat never uses: matching a path against
// them links the regexp package, whose pool of matchers puts *Regexp in an
// interface, so its UnmarshalText, the whole regexp compiler and its
// Unicode tables stay in the bundle.
var routerCuts = []cuts{
	{file: "pkg/app/route.go", imports: []string{"regexp"}, fields: []string{"router.routesWithRegexp"},
		decls: []string{"router.routeWithRegexp", "regexpRoute"},
		loops: []string{"router.routed r.routesWithRegexp", "router.createComponent r.routesWithRegexp"}},
	{file: "pkg/app/app.go", decls: []string{"RouteWithRegexp"}},
}

// cuts name the pieces to take out of one Go file, each of which must be
// there exactly once: imports by path; struct fields as Type.field;
// top-level declarations by their name in declared's form (with their doc
// comments); and range loops as "Func expr", a loop of Func's body over expr
// as written.
type cuts struct {
	file                          string
	imports, fields, decls, loops []string
}

// apply takes the pieces out of src, whole lines each, and checks that what
// is left parses.
func (c cuts) apply(name string, src []byte) ([]byte, error) {
	if src == nil {
		return nil, errors.New(name + " is missing: review the trim against the new go-app")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	found := map[string][]ast.Node{}
	add := func(key string, n ast.Node) { found[key] = append(found[key], n) }
	for _, imp := range f.Imports {
		add("import "+strings.Trim(imp.Path.Value, `"`), imp)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				if len(d.Specs) == 1 {
					add("decl "+ts.Name.Name, d)
				}
				if st, ok := ts.Type.(*ast.StructType); ok {
					for _, field := range st.Fields.List {
						for _, id := range field.Names {
							add("field "+ts.Name.Name+"."+id.Name, field)
						}
					}
				}
			}
		case *ast.FuncDecl:
			fn := funcName(d)
			add("decl "+fn, d)
			if d.Body == nil {
				continue
			}
			for _, st := range d.Body.List {
				if r, ok := st.(*ast.RangeStmt); ok {
					add("loop "+fn+" "+string(src[fset.Position(r.X.Pos()).Offset:fset.Position(r.X.End()).Offset]), r)
				}
			}
		}
	}
	var keys []string
	for kind, names := range map[string][]string{"import": c.imports, "field": c.fields, "decl": c.decls, "loop": c.loops} {
		for _, n := range names {
			keys = append(keys, kind+" "+n)
		}
	}
	type span struct{ start, end int }
	var spans []span
	for _, key := range keys {
		nodes := found[key]
		if len(nodes) != 1 {
			return nil, fmt.Errorf("%s has %d of %q, the trim expects one: review the edits", name, len(nodes), key)
		}
		start, end := nodes[0].Pos(), nodes[0].End()
		if d, ok := nodes[0].(*ast.FuncDecl); ok && d.Doc != nil {
			start = d.Doc.Pos()
		}
		if d, ok := nodes[0].(*ast.GenDecl); ok && d.Doc != nil {
			start = d.Doc.Pos()
		}
		s, e := fset.Position(start).Offset, fset.Position(end).Offset
		// Whole lines: from the start of the first to the end of the
		// last, and a blank line after a declaration.
		s = bytes.LastIndexByte(src[:s], '\n') + 1
		if i := bytes.IndexByte(src[e:], '\n'); i >= 0 {
			e += i + 1
		} else {
			e = len(src)
		}
		if strings.HasPrefix(key, "decl ") && bytes.HasPrefix(src[e:], []byte("\n")) {
			e++
		}
		spans = append(spans, span{s, e})
	}
	slices.SortFunc(spans, func(a, b span) int { return b.start - a.start })
	out := bytes.Clone(src)
	for i, sp := range spans {
		if i > 0 && sp.end > spans[i-1].start {
			return nil, fmt.Errorf("%s: the cuts overlap: review the edits", name)
		}
		out = append(out[:sp.start], out[sp.end:]...)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), name, out, parser.SkipObjectResolution); err != nil {
		return nil, fmt.Errorf("%s after the cuts: %v: review the edits", name, err)
	}
	return out, nil
}

// funcName names a function as declared does: Type.Method for a method.
func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) != 1 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + d.Name.Name
	}
	return d.Name.Name
}

// declared lists the top-level names a Go file declares, methods as
// Type.Method, sorted.
func declared(name string, src []byte) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			names = append(names, funcName(d))
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				case *ast.ValueSpec:
					for _, id := range s.Names {
						names = append(names, id.Name)
					}
				}
			}
		}
	}
	slices.Sort(names)
	return names, nil
}

// goWork is the go.work that adds the copy in out/go-app to the module at
// p.root, for the pinned version only.
func goWork(out string, p pin) ([]byte, error) {
	use, err := filepath.Rel(out, p.root)
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(nil, "// Code generated by tools/trimgoapp; DO NOT EDIT.\n"+
		"// The browser build of app.wasm selects go-app without its HTTP server.\n\n"+
		"go %s\n\nuse %s\n\nreplace %s %s => ./go-app\n",
		p.goLine, filepath.ToSlash(use), goApp, p.version), nil
}

// sync makes out hold files (slash paths under out): it writes what differs
// (through a temporary file and a rename, so a build reading the folder
// never sees half a file) and removes what the copy no longer has under
// go-app/.
func sync(out string, files map[string][]byte) error {
	copyDir := filepath.Join(out, "go-app")
	err := filepath.WalkDir(copyDir, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && path == copyDir {
			return nil
		}
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(out, path)
		if err != nil {
			return err
		}
		if _, ok := files[filepath.ToSlash(rel)]; !ok {
			return os.Remove(path)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for name, b := range files {
		path := filepath.Join(out, filepath.FromSlash(name))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
		if err != nil {
			return err
		}
		_, err = tmp.Write(b)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(tmp.Name(), 0o644)
		}
		if err == nil {
			err = os.Rename(tmp.Name(), path)
		}
		if err != nil {
			os.Remove(tmp.Name())
			return err
		}
	}
	return nil
}
