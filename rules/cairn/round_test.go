package cairn

import (
	"slices"
	"testing"

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
