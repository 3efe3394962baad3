package encounter

import (
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// BenchmarkStep is one step the engine asks about while applying a move:
// the fourth raider of the corridor sample, on its turn, stepping east
// from beside the captain (K-RES-3).
func BenchmarkStep(b *testing.B) {
	enc, err := SampleCorridor(1)
	if err != nil {
		b.Fatal(err)
	}
	rs := Ruleset{}
	from, to := grid.Square{X: 7, Y: 3}, grid.Square{X: 8, Y: 3}
	if _, err := rs.Step(enc, "raider-4", from, to); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := rs.Step(enc, "raider-4", from, to); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReachable is the engine's generic reach search (which asks Step
// about every square in range) for the acting raider of the corridor
// sample.
func BenchmarkReachable(b *testing.B) {
	enc, err := SampleCorridor(1)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := combat.Reachable(Ruleset{}, enc, "raider-4"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoveReachable is a step of the acting raider through the
// engine, then the reach search from where it arrives: a new revision
// every time, so nothing derived from an earlier one is still valid.
func BenchmarkMoveReachable(b *testing.B) {
	enc, err := SampleCorridor(1)
	if err != nil {
		b.Fatal(err)
	}
	step := combat.Move{ID: "raider-4", Path: []grid.Square{{X: 8, Y: 3}}}
	for b.Loop() {
		next, _, err := combat.Apply(Ruleset{}, enc, step, dice.NewScripted())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := combat.Reachable(Ruleset{}, next, "raider-4"); err != nil {
			b.Fatal(err)
		}
	}
}
