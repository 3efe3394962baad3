package app

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// TestRefusalsSpeakEachLanguage makes the refusals a user meets at the
// table in a Kaldaria sample (a move before the start, a move out of turn,
// a leap, an attack on a foe out of reach, a stat block's impossible HP or
// mistyped field, a creature the encounter does not hold)
// and checks that each reaches every language in that language's words,
// with the creatures by name, the reason in the ruleset's terms, the rule
// cited and none of the engine's English.
func TestRefusalsSpeakEachLanguage(t *testing.T) {
	s, _ := rulesets.Find("kal-urchins")
	reg := rulesets.Registry()
	sess, err := s.Session(reg)
	if err != nil {
		t.Fatal(err)
	}
	tbl := &Table{Model: Model{reg: reg}}
	tbl.use(sess)
	first := sess.State().Combatants[0]
	edit := combat.Edit{Spec: combat.Spec{ID: first.ID, Name: first.Name, Side: first.Side, Pos: first.Pos, Profile: first.Profile, HP: 1 << 20}}
	mistyped := edit
	mistyped.HP, mistyped.Profile = first.HP, append([]byte(`{"bogus":1,`), first.Profile[1:]...)
	refuse := func(cmd combat.Command) *combat.RuleError {
		t.Helper()
		_, err := sess.Do(cmd)
		var re *combat.RuleError
		if !errors.As(err, &re) {
			t.Fatalf("%T: error %v, want a refusal", cmd, err)
		}
		return re
	}
	type row struct {
		key   string
		re    *combat.RuleError
		names []string // creatures the message must name
	}
	rows := []row{
		{combat.RefusalNotStarted, refuse(combat.Move{ID: first.ID, Path: []grid.Square{first.Pos}}), nil},
		{combat.RefusalOutOfRange, refuse(edit), nil},
		{combat.RefusalUnknownField, refuse(mistyped), nil},
		{combat.RefusalNoCombatant, refuse(combat.SetHP{ID: "ghost", HP: 1}), []string{"ghost"}},
	}
	for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
		if _, err := sess.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	cur, _ := sess.State().Combatant(sess.State().Current())
	var other, foe combat.Combatant
	for _, c := range sess.State().Combatants {
		if c.ID != cur.ID && other.ID == "" {
			other = c
		}
		if c.Side != cur.Side && foe.ID == "" {
			foe = c
		}
	}
	// Hovering a square only a charge reaches, then a taken one: the
	// planner's refusals name their reasons in the ruleset's terms.
	tbl.use(sess)
	plan := func(to grid.Square) *combat.RuleError {
		t.Helper()
		tbl.hover = &to
		var re *combat.RuleError
		if p := tbl.plan(tbl.state()); !errors.As(p.err, &re) {
			t.Fatalf("planning a move to %s: %v, want a refusal", to.Name(), p.err)
		}
		return re
	}
	rows = append(rows,
		row{combat.RefusalNeedsMode, plan(grid.Square{X: sess.State().Map.W - 1, Y: sess.State().Map.H - 1}), nil},
		row{combat.RefusalReason, plan(foe.Pos), nil},
		row{combat.RefusalNotYourTurn, refuse(combat.Move{ID: other.ID, Path: []grid.Square{other.Pos}}), []string{cur.Name, other.Name}},
		row{combat.RefusalNotNext, refuse(combat.Move{ID: cur.ID, Path: []grid.Square{{X: cur.Pos.X + 5, Y: cur.Pos.Y}}}), nil},
		row{combat.RefusalCannotAttack, refuse(combat.Attack{Attacker: cur.ID, Defender: foe.ID}), []string{cur.Name, foe.Name}},
	)
	for _, r := range rows {
		t.Run(r.key, func(t *testing.T) {
			if r.re.Key != r.key {
				t.Fatalf("refusal %q (%v), want %q", r.re.Key, r.re, r.key)
			}
			n := tbl.explainError(r.re)
			english := n.In(i18n.English)
			for _, l := range i18n.Langs {
				got := n.In(l)
				if want := i18n.T(l, "refused."+r.key); !strings.Contains(got, strings.SplitN(want, "{", 2)[0]) {
					t.Errorf("%v: %q lacks the catalogue's %q", l, got, want)
				}
				if l != i18n.English && got == english {
					t.Errorf("%v: %q is the English text", l, got)
				}
				if strings.Contains(got, r.re.Msg) || strings.Contains(got, "{") {
					t.Errorf("%v: %q shows the engine's words or a placeholder", l, got)
				}
				if r.re.Rule != "" && !strings.Contains(got, string(r.re.Rule)) {
					t.Errorf("%v: %q does not cite %s", l, got, r.re.Rule)
				}
				if why, ok := refusalArg(r.re, "why"); ok {
					if want := i18n.Label(l, glossary(sess.State().Ruleset), why); !strings.Contains(got, want) {
						t.Errorf("%v: %q does not give the reason %q", l, got, want)
					}
				}
				for _, name := range r.names {
					if !strings.Contains(got, name) {
						t.Errorf("%v: %q does not name %q", l, got, name)
					}
				}
			}
		})
	}
}

// TestRefusalKeysInCatalogue reads the engine's refusal keys (the
// Refusal… constants of rules/combat) and checks that the catalogue says
// each.
func TestRefusalKeysInCatalogue(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../rules/combat/trace.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ast.Inspect(f, func(nd ast.Node) bool {
		vs, ok := nd.(*ast.ValueSpec)
		if !ok || !strings.HasPrefix(vs.Names[0].Name, "Refusal") {
			return true
		}
		key, err := strconv.Unquote(vs.Values[0].(*ast.BasicLit).Value)
		if err != nil {
			t.Fatal(err)
		}
		n++
		if !i18n.Has("refused." + key) {
			t.Errorf("%s (%q) is not in the catalogue", vs.Names[0].Name, key)
		}
		return true
	})
	if n < 10 {
		t.Errorf("found only %d refusal keys", n)
	}
}

// TestSampleTitlesTranslated checks that every bundled sample has a title
// in the catalogue, in each language in that language's words.
func TestSampleTitlesTranslated(t *testing.T) {
	for _, s := range rulesets.Samples() {
		if !i18n.Has("sample." + s.ID) {
			t.Errorf("sample %s has no title in the catalogue", s.ID)
			continue
		}
		for _, l := range i18n.Langs[1:] {
			if got := sampleTitle(l, s); got == sampleTitle(i18n.English, s) {
				t.Errorf("%v: sample %s is titled in English: %q", l, s.ID, got)
			}
		}
	}
}
