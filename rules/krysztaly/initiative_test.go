package krysztaly

import (
	"slices"
	"testing"

	"battlemat/rules/combat"
)

// TestInitiative checks the app's placeholder initiative (KC-AMB-33): one
// unmodified d100 per combatant, highest first; a tie rolls off on a d20
// as in the generic engine (DND-AMB-8).
func TestInitiative(t *testing.T) {
	tests := []struct {
		name   string
		faces  []int // orc's d100, warrior's d100, then any roll-off
		order  []string
		scores []int
	}{
		{"KC-AMB-33", []int{37, 83}, []string{"warrior", "orc"}, []int{83, 37}},
		{"KC-AMB-33/high", []int{100, 21}, []string{"orc", "warrior"}, []int{100, 21}},
		{"KC-AMB-33/tie", []int{50, 50, 7, 12}, []string{"warrior", "orc"}, []int{50, 50}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			enc, err := SampleEncounter(1)
			if err != nil {
				t.Fatal(err)
			}
			enc, _ = apply(t, enc, tc.faces, combat.RollInitiative{})
			var order []string
			var scores []int
			for _, s := range enc.Order {
				order = append(order, s.Members...)
				scores = append(scores, s.Score)
			}
			if !slices.Equal(order, tc.order) || !slices.Equal(scores, tc.scores) {
				t.Errorf("order %v scores %v, want %v %v", order, scores, tc.order, tc.scores)
			}
		})
	}
}
