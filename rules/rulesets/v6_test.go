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

// v6Budgets are budgets the version 6 and 8 fixtures' starts held, by the
// counters of version 8: a goblin in the middle of its turn with its
// bonus action, interaction and reaction; the surprised fighter, whose
// reaction surprise held (DND-SURP-5), and one that has spent its turn.
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
// creature's reaction held and a bonus action left) and those a version 8
// build wrote (testdata/v8: the goblin ambush running, a goblin mid-turn
// after its bonus action, a creature the GM placed with stats of its own
// in the log), and checks that each replays to the fight the build that
// wrote it saw, its start's budgets kept by the counters each ruleset
// declares.
func TestVersion6Files(t *testing.T) {
	reg := Registry()
	saves, err := filepath.Glob(filepath.Join("testdata", "v6", "*.v6.save.json"))
	if err != nil || len(saves) < 4 {
		t.Fatalf("version 6 fixtures: %d, %v", len(saves), err)
	}
	v8, err := filepath.Glob(filepath.Join("testdata", "v8", "*.v8.save.json"))
	if err != nil || len(v8) < 1 {
		t.Fatalf("version 8 fixtures: %d, %v", len(v8), err)
	}
	for _, name := range append(saves, v8...) {
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
				t.Fatalf("the save does not open: %v", err)
			}
			fromLink, err := combat.DecodeLink(reg, strings.TrimSpace(string(link)))
			if err != nil {
				t.Fatalf("the link does not open: %v", err)
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

// TestVersion8Stats: the version 8 goblin ambush keeps each stat block's
// bonus action and object interaction as counts of the counters 5e
// declares (ENG-TURN-6, DND-BONUS-1, DND-FREE-3): in its start, in the
// stats the GM gave a militia placed mid-fight, and so in the turns that
// follow: the goblin that had used its bonus action has none until its
// next turn, and the militia's first turn gives it a bonus action and an
// interaction, as the version 8 build did.
func TestVersion8Stats(t *testing.T) {
	base := filepath.Join("testdata", "v8", "dnd5e-goblin-ambush.v8")
	doc, err := os.ReadFile(base + ".save.json")
	if err != nil {
		t.Fatal(err)
	}
	link, err := os.ReadFile(base + ".link.txt")
	if err != nil {
		t.Fatal(err)
	}
	fromSave, err := combat.DecodeSave(Registry(), doc)
	if err != nil {
		t.Fatal(err)
	}
	fromLink, err := combat.DecodeLink(Registry(), strings.TrimSpace(string(link)))
	if err != nil {
		t.Fatal(err)
	}
	both := combat.NewCounts(combat.Count{Key: "bonus", N: 1}, combat.Count{Key: "interaction", N: 1})
	for what, s := range map[string]*combat.Session{"save": fromSave, "link": fromLink} {
		enc := s.State()
		for id, want := range map[string]combat.Counts{"rogue": both, "goblin-a": both, "militia": both,
			"fighter": combat.NewCounts(combat.Count{Key: "interaction", N: 1})} {
			if c, _ := enc.Combatant(id); !c.Stats.Counts.Equal(want) {
				t.Errorf("%s: %s's stats count %v, want %v", what, id, c.Stats.Counts, want)
			}
		}
		gob, _ := enc.Combatant("goblin-a")
		if want := combat.NewCounts(combat.Count{Key: "movement", N: 25}, combat.Count{Key: "action", N: 1},
			combat.Count{Key: "interaction", N: 1}, combat.Count{Key: "reaction", N: 1}); !gob.Budget.Counts.Equal(want) {
			t.Errorf("%s: goblin-a has %v, want %v", what, gob.Budget.Counts, want)
		}
		for i := 0; i < 20 && enc.Current() != "militia"; i++ {
			if _, err := s.Do(combat.EndTurn{}); err != nil {
				t.Fatal(err)
			}
			enc = s.State()
		}
		mil, _ := enc.Combatant("militia")
		if want := combat.NewCounts(combat.Count{Key: "movement", N: 30}, combat.Count{Key: "action", N: 1}, combat.Count{Key: "bonus", N: 1},
			combat.Count{Key: "interaction", N: 1}, combat.Count{Key: "reaction", N: 1}); enc.Current() != "militia" || !mil.Budget.Counts.Equal(want) {
			t.Errorf("%s: the militia's turn (%q acting) starts with %v, want %v", what, enc.Current(), mil.Budget.Counts, want)
		}
	}
}
