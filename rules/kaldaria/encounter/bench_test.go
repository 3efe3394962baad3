package encounter

import (
	"fmt"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// BenchmarkHighlight is what the UI asks when a creature is selected on the
// corridor sample: its movement bands, the plan to a square beside the
// captain (with and without the safest-path search), and the tier it would
// get against the captain.
func BenchmarkHighlight(b *testing.B) {
	enc, err := SampleCorridor(1)
	if err != nil {
		b.Fatal(err)
	}
	rs := Ruleset{}
	for b.Loop() {
		if _, err := rs.Bands(enc, "raider-4"); err != nil {
			b.Fatal(err)
		}
		for _, safest := range []bool{false, true} {
			if _, err := rs.PlanMove(enc, "raider-4", sq(7, 1), safest); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := rs.Target(enc, "raider-4", "captain"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAttack resolves the fourth raider's flank attack on the captain
// through the engine's Apply, dice seeded.
func BenchmarkAttack(b *testing.B) {
	enc, err := SampleCorridor(1)
	if err != nil {
		b.Fatal(err)
	}
	cmd := combat.Attack{Attacker: "raider-4", Defender: "captain"}
	r := pcg()
	for b.Loop() {
		if _, _, err := combat.Apply(Ruleset{}, enc, cmd, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOdds computes the exact odds of that attack.
func BenchmarkOdds(b *testing.B) {
	enc, err := SampleCorridor(1)
	if err != nil {
		b.Fatal(err)
	}
	req := combat.AttackRequest{Attacker: "raider-4", Defender: "captain"}
	for b.Loop() {
		if _, err := (Ruleset{}).Odds(enc, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHighlightLarge is the same query on a 60 × 60 map with walls
// (every seventh square of every fifth row, away from the armies) and 100
// creatures in two interleaved armies.
func BenchmarkHighlightLarge(b *testing.B) {
	m := grid.Map{W: 60, H: 60}
	for y := 5; y < 60; y += 5 {
		for x := 0; x < 60 && (y < 18 || y > 42); x += 7 {
			m.Walls = append(m.Walls, grid.Square{X: x, Y: y})
		}
	}
	var bs []body
	for i := range 100 {
		side, x := "a", 20+(i%10)*2
		if i >= 50 {
			side, x = "b", 21+(i%10)*2
		}
		bs = append(bs, body{fmt.Sprintf("c%d", i), "C", side, Raider(), x, 20 + (i/10)*2})
	}
	enc, err := layout(m, 1, bs)
	if err != nil {
		b.Fatal(err)
	}
	rs := Ruleset{}
	for b.Loop() {
		if _, err := rs.Bands(enc, "c0"); err != nil {
			b.Fatal(err)
		}
		if _, err := rs.PlanMove(enc, "c0", grid.Square{X: 17, Y: 18}, false); err != nil {
			b.Fatal(err)
		}
		if _, err := rs.Target(enc, "c0", "c50"); err != nil {
			b.Fatal(err)
		}
	}
}
