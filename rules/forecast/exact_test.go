package forecast

import (
	"errors"
	"math"
	"runtime"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// duel builds a running duel from a sample: only creatures a and b stay,
// b moved next to a, initiative rolled with the seed and the fight
// started.
func duel(t *testing.T, sampleID, a, b string, bAt grid.Square, seed uint64) combat.Encounter {
	t.Helper()
	enc := sample(t, sampleID)
	rs, err := rulesets.Registry().Lookup(enc.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	do := func(cmd combat.Command) {
		t.Helper()
		if enc, _, err = combat.Apply(rs, enc, cmd, dice.NewPCG(seed)); err != nil {
			t.Fatalf("%s: %v", cmd.Kind(), err)
		}
	}
	for _, c := range sample(t, sampleID).Combatants {
		if c.ID != a && c.ID != b {
			do(combat.Remove{ID: c.ID})
		}
	}
	if cb, _ := enc.Combatant(b); cb.Pos != bAt {
		do(combat.Reposition{ID: b, To: bAt})
	}
	do(combat.RollInitiative{})
	do(combat.Start{})
	return enc
}

// TestExactAgreesWithMonteCarlo: for a duel in each ruleset the chain
// solves, the Monte Carlo forecast, played until it is precise, holds the
// exact chances of each side's win and of each creature going down in its
// 95 % intervals. (DAIRN keeps creatures fighting at 0 HP: the chain
// refuses it, TestExactRefuses.)
func TestExactAgreesWithMonteCarlo(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("thousands of fights: native only")
	}
	fights := MaxFights
	if testing.Short() {
		fights = 600
	}
	for _, tc := range []struct {
		name, sample, a, b string
		bAt                grid.Square
	}{
		{"kaldaria guard and urchin", "kal-urchins", "guard", "urchin-1", grid.Square{X: 4, Y: 3}},
		{"krysztaly orc and warrior", "kc-orc", "orc", "warrior", grid.Square{X: 4, Y: 2}},
		{"dnd5e rogue and goblin", "dnd5e-goblin-ambush", "rogue", "goblin-a", grid.Square{X: 5, Y: 3}},
		{"dairn hero and large bandit", "dairn-bandits", "hero", "large-bandit", grid.Square{X: 4, Y: 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			enc := duel(t, tc.sample, tc.a, tc.b, tc.bAt, 11)
			ex, err := Exact(rulesets.Registry(), enc, 0)
			if err != nil {
				t.Fatal(err)
			}
			f, err := New(rulesets.Registry(), enc, Settings{Fights: fights, Seed: 21})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Run(fights); err != nil {
				t.Fatal(err)
			}
			mc := f.Result()
			sum := ex.Draw.P
			for _, s := range ex.Sides {
				sum += s.Win.P
				m, _ := mc.Side(s.Side)
				if !m.Win.Contains(s.Win.P) {
					t.Errorf("side %s: exact win %.4f outside the Monte Carlo interval [%.4f, %.4f]", s.Side, s.Win.P, m.Win.Lo, m.Win.Hi)
				}
			}
			if sum < 0.999999 || sum > 1.000001 {
				t.Errorf("exact chances add up to %v", sum)
			}
			for _, c := range ex.Creatures {
				m, _ := mc.Creature(c.ID)
				if !m.Down.Contains(c.Down.P) {
					t.Errorf("%s: exact down %.4f outside the Monte Carlo interval [%.4f, %.4f]", c.ID, c.Down.P, m.Down.Lo, m.Down.Hi)
				}
			}
			// The mean number of rounds, within four standard errors of
			// the Monte Carlo mean (the round a fight is decided in).
			n, sq := 0, 0.0
			for i, k := range mc.Rounds.Hist {
				n += k
				sq += float64(k) * math.Pow(float64(i+1)-mc.Rounds.Mean, 2)
			}
			if se := math.Sqrt(sq/float64(n-1)) / math.Sqrt(float64(n)); math.Abs(ex.Rounds.Mean-mc.Rounds.Mean) > 4*se+1e-9 {
				t.Errorf("exact mean rounds %.3f against Monte Carlo %.3f ± %.3f", ex.Rounds.Mean, mc.Rounds.Mean, se)
			}
			t.Logf("exact %+v rounds %.2f; Monte Carlo %+v rounds %.2f", ex.Sides, ex.Rounds.Mean, mc.Sides, mc.Rounds.Mean)
		})
	}
}

func TestExactRefuses(t *testing.T) {
	reg := rulesets.Registry()
	var ne *NotExactError
	if _, err := Exact(reg, sample(t, "kc-orc"), 0); !errors.As(err, &ne) {
		t.Errorf("an encounter in setup: %v", err)
	}
	if _, err := Exact(reg, duel(t, "dnd5e-goblin-ambush", "rogue", "goblin-b", grid.Square{X: 6, Y: 1}, 1), 0); !errors.As(err, &ne) {
		t.Errorf("two creatures apart: %v", err)
	}
	if _, err := Exact(reg, duel(t, "kal-elemental", "swordsman", "elemental", grid.Square{X: 5, Y: 3}, 1), 0); !errors.As(err, &ne) {
		t.Errorf("several attacks a turn: %v", err)
	}
}
