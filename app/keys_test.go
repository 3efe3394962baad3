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
	"battlemat/rules/rulesets"
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
// make, in the ruleset's words) or a shipped ruleset (what differs between
// rulesets is the engine's to say); the UI does no rules arithmetic and
// makes up no rules result (see TestUIAsksTheEngine/arithmetic); and
// neither the UI nor its catalogue (i18n) imports a ruleset package: a
// ruleset's words come from its glossary through the engine.
func TestUIAsksTheEngine(t *testing.T) {
	var rulesetIDs []*regexp.Regexp
	for _, id := range rulesets.Registry().IDs() {
		rulesetIDs = append(rulesetIDs, regexp.MustCompile(`(^|[^a-z0-9-])`+regexp.QuoteMeta(id)+`($|[^a-z0-9-])`))
	}
	if len(rulesetIDs) < 4 {
		t.Fatalf("only %d shipped rulesets", len(rulesetIDs))
	}
	uiLiterals(t, func(at token.Position, s string) {
		if m := ruleID.FindString(s); m != "" {
			t.Errorf("%s: the UI cites %s itself", at, m)
		}
		for _, re := range rulesetIDs {
			if re.MatchString(s) {
				t.Errorf("%s: the UI names the ruleset in %q itself", at, s)
			}
		}
	})
	t.Run("arithmetic", func(t *testing.T) {
		uiFiles(t, func(fset *token.FileSet, f *ast.File) {
			for _, at := range rulesArithmetic(fset, f) {
				t.Error(at)
			}
		})
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

// uiFiles calls see with each of the UI's Go files (tests aside), parsed.
func uiFiles(t *testing.T, see func(fset *token.FileSet, f *ast.File)) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		seen++
		see(fset, f)
	}
	if seen < 20 {
		t.Fatalf("only %d UI files found", seen)
	}
}

// rulesResults are the engine's types whose values are rules results: the
// UI asks for them and never makes one up with values of its own.
var rulesResults = []string{"Band", "Provocation", "Chance", "Tier", "Standing", "Plan", "Reach", "Pace", "MoraleOdds", "Step", "Trace"}

// rulesArithmetic finds rules work in a UI file: a rules result of the
// engine's types made up with values (combat.Band{Key: "walk", …}),
// damage amounts weighed or added (an expectation the engine owes), and
// chances added, subtracted or accumulated (a probability the engine owes).
// Scaling one chance to draw it (a bar's width) is drawing, not rules.
func rulesArithmetic(fset *token.FileSet, f *ast.File) []string {
	var out []string
	has := func(e ast.Node, fields ...string) bool {
		found := false
		ast.Inspect(e, func(nd ast.Node) bool {
			if sel, ok := nd.(*ast.SelectorExpr); ok && slices.Contains(fields, sel.Sel.Name) {
				found = true
			}
			return !found
		})
		return found
	}
	ast.Inspect(f, func(nd ast.Node) bool {
		at := func() string { return fset.Position(nd.Pos()).String() }
		switch n := nd.(type) {
		case *ast.CompositeLit:
			if sel, ok := n.Type.(*ast.SelectorExpr); ok && len(n.Elts) > 0 && slices.Contains(rulesResults, sel.Sel.Name) {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "combat" {
					out = append(out, at()+": the UI makes up a combat."+sel.Sel.Name)
				}
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
				if has(n.X, "Amount") || has(n.Y, "Amount") {
					out = append(out, at()+": the UI weighs damage amounts itself")
				}
				if (n.Op == token.ADD || n.Op == token.SUB) && has(n.X, "Num", "Den") && has(n.Y, "Num", "Den") {
					out = append(out, at()+": the UI adds chances itself")
				}
			}
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				for _, r := range n.Rhs {
					if has(r, "Amount", "Num", "Den") {
						out = append(out, at()+": the UI accumulates chances or amounts itself")
					}
				}
			}
		}
		return true
	})
	return out
}

// TestRulesArithmeticIsFound feeds the scan the rules work it must refuse
// and the drawing it must let be.
func TestRulesArithmeticIsFound(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{`func f() any { return combat.Band{Key: "walk", Rule: "X"} }`, 1},
		{`func f() any { return combat.Provocation{Kind: "normal"} }`, 1},
		{`func f() any { return combat.Plan{} }`, 0},
		{`func f(cs []combat.Chance) (n int64) { for _, c := range cs { n += int64(c.Amount) * c.Num }; return }`, 2},
		{`func f(a, b combat.Chance) int64 { return a.Num*b.Den + b.Num*a.Den }`, 1},
		{`func f(c combat.Chance) int64 { return c.Num * 1000 / max(c.Den, 1) }`, 0},
		{`func f(c combat.Chance) int64 { return c.Num / c.Den }`, 0},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", "package x\n"+c.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := rulesArithmetic(fset, f); len(got) != c.want {
			t.Errorf("%s: %d findings %q, want %d", c.src, len(got), got, c.want)
		}
	}
}

// uiLiterals calls see with every string literal of the UI's Go files
// (tests aside) and where it stands.
func uiLiterals(t *testing.T, see func(at token.Position, s string)) {
	t.Helper()
	n := 0
	uiFiles(t, func(fset *token.FileSet, f *ast.File) {
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
	})
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
