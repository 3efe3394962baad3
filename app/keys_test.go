package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
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
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !catalogueKey.MatchString(s) {
				return true
			}
			seen[s] = true
			if !i18n.Has(s) {
				t.Errorf("%s: %q is not in the catalogue", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
	// The UI speaks through the catalogue: far more keys than this must be
	// found, or the scan above missed them.
	if len(seen) < 100 {
		t.Errorf("found only %d catalogue keys in the UI code", len(seen))
	}
}

// TestPagesSpeakEachLanguage renders the first sample's page in every
// language: the tracker's and bar's words come from that language's
// catalogue and no key is left on screen.
func TestPagesSpeakEachLanguage(t *testing.T) {
	for _, l := range i18n.Langs {
		t.Run(l.String(), func(t *testing.T) {
			tbl := &Table{lang: l}
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
