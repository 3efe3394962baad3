package rulesets

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// v6End is what a version 6 fixture's fight looked like when the version 6
// build saved it: the round, whose turn it was and where everyone stood.
type v6End struct {
	Round      int          `json:"round"`
	Current    string       `json:"current"`
	Phase      combat.Phase `json:"phase"`
	Combatants []struct {
		ID  string      `json:"id"`
		Pos grid.Square `json:"pos"`
		HP  int         `json:"hp"`
	} `json:"combatants"`
}

// v6Budgets are budgets the version 6 fixtures' starts held, by the
// counters of version 7: a goblin in the middle of its turn with its
// bonus action, interaction and reaction; the surprised fighter, whose
// reaction surprise held (DND-SURP-5), and one that has spent its turn;
// a Kaldaria urchin's movement in half squares and attacks.
var v6Budgets = map[string]map[string]combat.Counts{
	"dnd5e-goblin-ambush.v6": {
		"goblin-b": combat.NewCounts(combat.Count{Key: "movement", N: 30}, combat.Count{Key: "action", N: 1}, combat.Count{Key: "bonus", N: 1},
			combat.Count{Key: "interaction", N: 1}, combat.Count{Key: "reaction", N: 1}),
		"fighter":  {},
		"goblin-a": combat.NewCounts(combat.Count{Key: "reaction", N: 1}),
	},
}

// TestVersion6Files opens the saves and share links a version 6 build wrote
// (testdata/v6: a fight of each ruleset whose start is already running, as
// a folded or linked history has it, with budgets spent, a surprised
// creature's reaction held and a bonus action left) and checks that each
// replays to the fight the version 6 build saw, its start's budgets kept
// by the counters each ruleset declares.
func TestVersion6Files(t *testing.T) {
	reg := Registry()
	saves, err := filepath.Glob(filepath.Join("testdata", "v6", "*.v6.save.json"))
	if err != nil || len(saves) < 4 {
		t.Fatalf("version 6 fixtures: %d, %v", len(saves), err)
	}
	for _, name := range saves {
		base := strings.TrimSuffix(name, ".save.json")
		t.Run(filepath.Base(base), func(t *testing.T) {
			var want v6End
			raw, err := os.ReadFile(base + ".end.json")
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			doc, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			link, err := os.ReadFile(base + ".link.txt")
			if err != nil {
				t.Fatal(err)
			}
			fromSave, err := combat.DecodeSave(reg, doc)
			if err != nil {
				t.Fatalf("the version 6 save does not open: %v", err)
			}
			fromLink, err := combat.DecodeLink(reg, strings.TrimSpace(string(link)))
			if err != nil {
				t.Fatalf("the version 6 link does not open: %v", err)
			}
			if budgets, ok := v6Budgets[filepath.Base(base)]; ok {
				for id, want := range budgets {
					c, _ := fromSave.Start().Combatant(id)
					if !c.Budget.Counts.Equal(want) {
						t.Errorf("%s starts with %v, want %v", id, c.Budget.Counts, want)
					}
				}
			}
			for what, s := range map[string]*combat.Session{"save": fromSave, "link": fromLink} {
				end := s.State()
				if end.Round != want.Round || end.Current() != want.Current || end.Phase != want.Phase || len(end.Combatants) != len(want.Combatants) {
					t.Fatalf("%s: round %d, %q acting, %s; want round %d, %q acting, %s", what, end.Round, end.Current(), end.Phase, want.Round, want.Current, want.Phase)
				}
				for i, c := range end.Combatants {
					w := want.Combatants[i]
					if c.ID != w.ID || c.Pos != w.Pos || c.HP != w.HP {
						t.Errorf("%s: %s at %v with %d HP; want %s at %v with %d HP", what, c.ID, c.Pos, c.HP, w.ID, w.Pos, w.HP)
					}
				}
			}
		})
	}
}
