package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
)

// catalogueKey matches a string literal shaped like a message key: one of
// the catalogue's key families, a dot, and the rest.
var catalogueKey = regexp.MustCompile(`^(bar|board|turn|inspector|decision|attack|step|offer|notice|library|held|log|edit|move|target|key|count)\.[a-z0-9.-]+$`)

// TestCatalogueHasUIKeys reads the UI's Go files and checks that every
// string literal shaped like a message key is in the catalogue, so a typo
// cannot put a raw key on screen.
func TestCatalogueHasUIKeys(t *testing.T) {
	seen := map[string]bool{}
	uiLiterals(t, func(at token.Position, s string) {
		if !catalogueKey.MatchString(s) {
			return
		}
		seen[s] = true
		if !i18n.Has(s) {
			t.Errorf("%s: %q is not in the catalogue", at, s)
		}
	})
	// The UI speaks through the catalogue: far more keys than this must be
	// found, or the scan above missed them.
	if len(seen) < 100 {
		t.Errorf("found only %d catalogue keys in the UI code", len(seen))
	}
}

// ruleID matches a rule ID of a ruleset or of the engine in a string.
var ruleID = regexp.MustCompile(`\b(K|KC|CA|DND|ENG)-[A-Z]+(-[0-9A-Z]+)?\b`)

// TestUIAsksTheEngine reads the UI's Go files: no string in them names a
// rule (a band, a provocation or a message citing one is the engine's to
// make, in the ruleset's words), and neither the UI nor its catalogue
// (i18n) imports a ruleset package: a ruleset's words come from its
// glossary through the engine.
func TestUIAsksTheEngine(t *testing.T) {
	uiLiterals(t, func(at token.Position, s string) {
		if m := ruleID.FindString(s); m != "" {
			t.Errorf("%s: the UI cites %s itself", at, m)
		}
	})
	// The rules packages each may import: the UI reaches the shipped
	// rulesets only through their registry.
	for dir, allowed := range map[string][]string{
		".":    {"combat", "dice", "grid", "forecast", "rulesets"},
		"i18n": {"combat"},
	} {
		n := 0
		for _, p := range imports(t, dir) {
			if !strings.HasPrefix(p, "battlemat/rules/") {
				continue
			}
			n++
			if !slices.Contains(allowed, strings.TrimPrefix(p, "battlemat/rules/")) {
				t.Errorf("%s imports the ruleset package %s", dir, p)
			}
		}
		if n == 0 {
			t.Errorf("%s imports no rules package: the scan missed them", dir)
		}
	}
}

// imports lists the import paths of the Go files in dir, tests aside.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			out = append(out, p)
		}
	}
	return out
}

// uiLiterals calls see with every string literal of the UI's Go files
// (tests aside) and where it stands.
func uiLiterals(t *testing.T, see func(at token.Position, s string)) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(nd ast.Node) bool {
			lit, ok := nd.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil {
				n++
				see(fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
	if n == 0 {
		t.Fatal("no string literal found in the UI's files")
	}
}

// TestPagesSpeakEachLanguage renders the first sample's page in every
// language: the tracker's and bar's words come from that language's
// catalogue and no key is left on screen.
func TestPagesSpeakEachLanguage(t *testing.T) {
	for _, l := range i18n.Langs {
		t.Run(l.String(), func(t *testing.T) {
			tbl := &Table{Model: Model{lang: l}}
			html := app.HTMLString(tbl)
			for _, key := range []string{"bar.undo", "bar.share", "turn.roll-init", "turn.title", "edit.open", "log.filter.all"} {
				if want := i18n.T(l, key); !strings.Contains(html, want) {
					t.Errorf("page lacks %s %q", key, want)
				}
			}
			if m := regexp.MustCompile(`>(bar|turn|edit|log|attack)\.[a-z.-]+<`).FindString(html); m != "" {
				t.Errorf("a raw key is on the page: %s", m)
			}
		})
	}
}
