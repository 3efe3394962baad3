package encounter

import (
	"testing"

	"battlemat/rules/combat"
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
