package cairn

import (
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
)

// TestInitiativeVectors covers CA-TV-21 and CA-TV-22 (CA-INIT-2..5).
func TestInitiativeVectors(t *testing.T) {
	sides := []Side{{ID: "foes", Members: []string{"X"}}, {ID: "party", PC: true, Members: []string{"A", "B", "C", "D", "E"}}}
	tests := []struct {
		id          string
		contenders  []Contender
		faces       []int
		round1      []string
		round2      []string
		lost        []string
		rolledSaves int
	}{
		{
			id:         "CA-TV-21",
			contenders: []Contender{{ID: "A", DEX: 12}, {ID: "B", DEX: 9}, {ID: "C", DEX: 15}},
			faces:      []int{10, 14, 15},
			round1:     []string{"A", "C"}, round2: []string{"A", "B", "C", "D", "E"}, lost: []string{"B"}, rolledSaves: 3,
		},
		{
			id:         "CA-TV-22",
			contenders: []Contender{{ID: "D", DEX: 3, Waiver: WaiverActs}, {ID: "E", DEX: 18, Waiver: WaiverDoesNotAct}},
			round1:     []string{"D"}, round2: []string{"A", "B", "C", "D", "E"}, lost: []string{"E"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			var init Initiative
			attempt(t, func() (err error) {
				init, err = ResolveInitiative(tc.contenders, dicetest.Script(t, tc.faces...))
				return err
			})
			if !slices.Equal(init.Lost, tc.lost) {
				t.Errorf("lost %v; want %v", init.Lost, tc.lost)
			}
			saves := 0
			for _, s := range init.Trace {
				if s.Key == KeyDEXSave && s.Sides == 20 {
					saves++
				}
			}
			if saves != tc.rolledSaves {
				t.Errorf("%d DEX saves rolled; want %d", saves, tc.rolledSaves)
			}
			for round, want := range map[int][]string{1: tc.round1, 2: tc.round2, 3: tc.round2} {
				ph := Phases(round, sides, init)
				if len(ph) != 2 || ph[0].Side != "party" || ph[1].Side != "foes" || !slices.Equal(ph[1].Members, []string{"X"}) {
					t.Fatalf("round %d phases %+v; want the party, then the foes in full (CA-ROUND-3, CA-INIT-6)", round, ph)
				}
				if !slices.Equal(ph[0].Members, want) {
					t.Errorf("round %d: party phase %v; want %v", round, ph[0].Members, want)
				}
			}
		})
	}
}

// TestPhaseOrderManySides checks CA-AMB-15: the PC side first, then the
// other sides in the GM's order.
func TestPhaseOrderManySides(t *testing.T) {
	sides := []Side{{ID: "wolves"}, {ID: "bandits"}, {ID: "party", PC: true}}
	var got []string
	for _, p := range Phases(2, sides, Initiative{}) {
		got = append(got, p.Side)
	}
	if want := []string{"party", "wolves", "bandits"}; !slices.Equal(got, want) {
		t.Errorf("order %v; want %v", got, want)
	}
}

func TestInitiativeRejects(t *testing.T) {
	for name, cs := range map[string][]Contender{
		"repeated id":    {{ID: "A", DEX: 10}, {ID: "A", DEX: 10}},
		"missing id":     {{DEX: 10}},
		"unknown waiver": {{ID: "A", DEX: 10, Waiver: "maybe"}},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := ResolveInitiative(cs, dicetest.Script(t)); err == nil {
				t.Error("accepted")
			}
		})
	}
}

// TestSlotName: DAIRN's tracker reads which side acts first, not the
// scores that sort the sides (ENG-ORDER-9): the player characters' side
// acts first (CA-ROUND-3), those of it who failed the round-1 save lose
// that turn (CA-INIT-2) and act first again from round 2 (CA-INIT-5), and
// every opposing side acts after it (CA-ROUND-3, CA-INIT-6).
func TestSlotName(t *testing.T) {
	order := []combat.Slot{{Members: []string{"a"}, Score: scoreActs}, {Members: []string{"b"}, Score: scoreLostTurn}, {Members: []string{"c"}, Score: scoreOpponents}}
	for _, row := range []struct {
		round, slot int
		key         string
		rule        combat.RuleID
	}{
		{0, 0, KeyActsFirst, "CA-ROUND-3"},
		{0, 1, KeyLosesTurn, "CA-INIT-2"},
		{1, 1, KeyLosesTurn, "CA-INIT-2"},
		{1, 2, KeyActsAfter, "CA-ROUND-3"},
		{2, 0, KeyActsFirst, "CA-ROUND-3"},
		{2, 1, KeyActsFirst, "CA-ROUND-3"},
		{2, 2, KeyActsAfter, "CA-ROUND-3"},
	} {
		enc := combat.Encounter{Order: order, Round: row.round}
		if key, rule, ok := combat.SlotNameOf(Ruleset{}, enc, row.slot); !ok || key != row.key || rule != row.rule {
			t.Errorf("round %d, slot %d: %q (%s) %v; want %q (%s)", row.round, row.slot, key, rule, ok, row.key, row.rule)
		}
		if _, ok := glossary().Terms[row.key]; !ok {
			t.Errorf("%q has no glossary term", row.key)
		}
	}
	if _, _, ok := combat.SlotNameOf(Ruleset{}, combat.Encounter{Order: order}, 3); ok {
		t.Error("a slot past the order has a name")
	}
}
