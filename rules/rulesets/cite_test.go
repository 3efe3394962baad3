package rulesets

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dnd5e"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria/encounter"
)

// engineRule matches an engine rule ID in a Go string literal.
var engineRule = regexp.MustCompile(`"(ENG-[A-Z]+-[0-9]+)"`)

// TestEngineRulesDocumented checks docs/engine.md against the engine and
// the rulesets: every engine rule the engine's code cites is documented
// (there or in docs/rounds.md), and the table's 5e and Kaldaria columns
// are exactly what those rulesets cite for each engine rule.
func TestEngineRulesDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/engine.md")
	if err != nil {
		t.Fatal(err)
	}
	rounds, err := os.ReadFile("../../docs/rounds.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 6 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "ENG-") {
			continue
		}
		rows++
		id := combat.RuleID(strings.TrimSpace(cells[1]))
		for _, c := range []struct {
			rs   combat.Ruleset
			want string
		}{{dnd5e.Ruleset{}, cells[3]}, {encounter.Ruleset{}, cells[4]}} {
			want := combat.RuleID(strings.TrimSpace(c.want))
			if want == "" {
				want = id
			}
			if got := combat.Cite(c.rs, id); got != want {
				t.Errorf("%s cites %s for %s; docs/engine.md says %s", c.rs.ID(), got, id, want)
			}
		}
	}
	if rows < 30 {
		t.Fatalf("docs/engine.md lists %d engine rules; the table was not read", rows)
	}
	seen := 0
	engineCode(t, func(file, line string) {
		for _, m := range engineRule.FindAllStringSubmatch(line, -1) {
			seen++
			if !strings.Contains(string(doc), "| "+m[1]+" |") && !strings.Contains(string(rounds), "| "+m[1]+" |") {
				t.Errorf("%s cites %s, which docs/ does not describe", file, m[1])
			}
		}
	})
	if seen == 0 {
		t.Fatal("found no engine rule in rules/combat")
	}
}

// TestEngineCitesNoGame checks that the engine's code cites no ruleset's
// rule in a string: what a game calls a rule is the game's to say
// (combat.Citer).
func TestEngineCitesNoGame(t *testing.T) {
	game := regexp.MustCompile(`"(K|KC|CA|DND)-[A-Z]+(-[0-9A-Z]+)?"`)
	engineCode(t, func(file, line string) {
		code, _, _ := strings.Cut(line, "//")
		if m := game.FindString(code); m != "" {
			t.Errorf("%s cites the game rule %s", file, m)
		}
	})
}

// engineCode calls see with each line of the engine's Go files, tests
// aside.
func engineCode(t *testing.T, see func(file, line string)) {
	t.Helper()
	files, err := filepath.Glob("../combat/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the engine's files: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			see(filepath.Base(f), line)
		}
	}
}

// built lays out sample s with seed 1 and finds its ruleset.
func built(t *testing.T, s Sample) (combat.Ruleset, combat.Encounter) {
	t.Helper()
	enc, err := s.Build(1)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Registry().Lookup(enc.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	return rs, enc
}

// TestRulesetsCiteTheirOwn repositions a creature of each sample off the
// map: the refusal cites the rule of the game played, Kaldaria's own
// K-GRID-2, the engine's ENG-MAP-1 where the text has none.
func TestRulesetsCiteTheirOwn(t *testing.T) {
	want := map[string]combat.RuleID{encounter.RulesetID: "K-GRID-2"}
	for _, s := range Samples() {
		rs, enc := built(t, s)
		c := enc.Combatants[0]
		_, _, err := combat.Apply(rs, enc, combat.Reposition{ID: c.ID, To: grid.Square{X: enc.Map.W, Y: 0}}, nil)
		re, ok := err.(*combat.RuleError)
		if !ok {
			t.Fatalf("%s: off the map gives %v", s.ID, err)
		}
		w, ok := want[enc.Ruleset]
		if !ok {
			w = "ENG-MAP-1"
		}
		if re.Rule != w {
			t.Errorf("%s: off the map cites %s, want %s", s.ID, re.Rule, w)
		}
	}
}
