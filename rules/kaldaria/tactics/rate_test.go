package tactics

import (
	"errors"
	"testing"

	"battlemat/rules/combat"
)

// TestMovementRate covers S-12 (K-MOVE-1..3, K-MOVE-7).
func TestMovementRate(t *testing.T) {
	tests := []struct {
		vector    string
		speed     Speed
		dex       int
		heavy     bool
		paralysed bool
		halves    int // rate in half squares
		normal    int // squares this round
		charge    int
		errata    string
	}{
		{"S-12/normal-12", SpeedNormal, 12, false, false, 6, 3, 6, ""},
		{"S-12/normal-17-plate", SpeedNormal, 17, true, false, 6, 3, 6, ""},
		{"S-12/fast-9", SpeedFast, 9, false, false, 8, 4, 8, "INC-8: the source prints race speeds and Dexterity bands in one table; they are independent lookups"},
		{"S-12/very-fast-20", SpeedVeryFast, 20, false, false, 14, 7, 14, ""},
		{"S-12/slow-8-scale", SpeedSlow, 8, true, false, 1, 1, 1, ""},
		{"S-12/paralysed", SpeedFast, 18, false, true, 0, 0, 0, ""},
		{"K-MOVE-1/dex-15", SpeedNormal, 15, false, false, 6, 3, 6, ""},
		{"K-MOVE-1/dex-16", SpeedNormal, 16, false, false, 8, 4, 8, ""},
		{"K-MOVE-1/dex-19", SpeedNormal, 19, false, false, 8, 4, 8, ""},
	}
	for _, tt := range tests {
		t.Run(tt.vector, func(t *testing.T) {
			if tt.errata != "" {
				t.Log("errata:", tt.errata)
			}
			b := scene(t, "A.", map[string]func(*Creature){"A": func(c *Creature) {
				c.Speed, c.Dex, c.HeavyArmour, c.Paralysed = tt.speed, tt.dex, tt.heavy, tt.paralysed
			}})
			c, _ := b.Creature("A")
			if got := MovementRate(c).Halves; got != tt.halves {
				t.Errorf("rate = %d half squares, want %d", got, tt.halves)
			}
			for mode, want := range map[Mode]int{Normal: tt.normal, Charge: tt.charge} {
				bu, err := b.Budget("A", mode)
				if err != nil {
					t.Fatal(err)
				}
				if bu.Squares != want || bu.Allowed != (want > 0) {
					t.Errorf("%s budget = %d squares, allowed %v; want %d", mode, bu.Squares, bu.Allowed, want)
				}
				if tt.paralysed && bu.Reason != ReasonImmobile {
					t.Errorf("%s refused for %q, want %q", mode, bu.Reason, ReasonImmobile)
				}
			}
		})
	}
}

// TestHalfSquare covers S-13 (K-MOVE-4, K-MOVE-9): a rate of 0.5 moves one
// square in a round after a round without movement; a fighting retreat is
// one square regardless.
func TestHalfSquare(t *testing.T) {
	movedLastRound := false
	want := []int{1, 0, 1} // rounds 1, 2, 3 when it moves whenever it can
	for round, squares := range want {
		b := scene(t, "A..", map[string]func(*Creature){"A": func(c *Creature) {
			c.Speed, c.Dex, c.MovedLastRound = SpeedSlow, 8, movedLastRound
			c.HeavyArmour = true
		}})
		bu, _ := b.Budget("A", Normal)
		if bu.Squares != squares {
			t.Errorf("S-13 round %d: %d squares, want %d (reason %q)", round+1, bu.Squares, squares, bu.Reason)
		}
		if squares == 0 && bu.Reason != ReasonHalfSquare {
			t.Errorf("S-13 round %d: reason %q", round+1, bu.Reason)
		}
		if rt, _ := b.Budget("A", Retreat); rt.Squares != 1 {
			t.Errorf("S-13 round %d: fighting retreat %d squares, want 1", round+1, rt.Squares)
		}
		movedLastRound = squares > 0
	}
}

// TestChargeRounds covers V-35 and S-14 (K-MOVE-8, K-MOD-3).
func TestChargeRounds(t *testing.T) {
	tests := []struct {
		vector  string
		fitness int
		rounds  int
	}{
		{"V-35", 18, 4},
		{"S-14/10", 10, 1},
		{"S-14/13", 13, 2},
		{"S-14/15", 15, 2},
		{"S-14/16", 16, 3},
		{"S-14/17", 17, 3},
		{"S-14/18", 18, 4},
		{"A-07/20", 20, 4},
	}
	for _, tt := range tests {
		t.Run(tt.vector, func(t *testing.T) {
			if got := ChargeRounds(tt.fitness); got != tt.rounds {
				t.Errorf("ChargeRounds(%d) = %d, want %d", tt.fitness, got, tt.rounds)
			}
			for used := tt.rounds - 1; used <= tt.rounds; used++ {
				b := scene(t, "A.", map[string]func(*Creature){"A": func(c *Creature) { c.Fitness, c.ChargeRoundsUsed = tt.fitness, used }})
				bu, _ := b.Budget("A", Charge)
				if bu.Allowed != (used < tt.rounds) {
					t.Errorf("after %d charge rounds: allowed %v", used, bu.Allowed)
				}
			}
		})
	}
}

func TestUnknownMode(t *testing.T) {
	b := scene(t, "A.", nil)
	_, err := b.Budget("A", "gallop")
	var re *combat.RuleError
	if !errors.As(err, &re) || re.Field != "mode" {
		t.Errorf("Budget with an unknown mode: %v", err)
	}
}

// TestBudgetReasons checks which reason a refused move gives when several
// apply: out of the fight first, then immobile, then pinned, then the
// movement type's own limit (K-HP-3, K-MOVE-3, K-MOVE-5, K-MOVE-4, K-MOVE-8).
func TestBudgetReasons(t *testing.T) {
	spent := func(c *Creature) { c.ChargeRoundsUsed = 9 }
	tests := []struct {
		name  string
		tweak func(*Creature)
		mode  Mode
		want  Reason
	}{
		{"down and spent", func(c *Creature) { spent(c); c.Down = true }, Charge, ReasonDown},
		{"paralysed and pinned", func(c *Creature) { c.Paralysed = true }, Normal, ReasonImmobile},
		{"bound retreat", func(c *Creature) { c.Bound = true }, Retreat, ReasonImmobile},
		{"pinned and spent", spent, Charge, ReasonPinned},
		{"pinned may retreat", nil, Retreat, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := scene(t, "Ax.", map[string]func(*Creature){"A": tt.tweak, "x": engaged("A")})
			bu, _ := b.Budget("A", tt.mode)
			if bu.Reason != tt.want || bu.Allowed != (tt.want == "") {
				t.Errorf("reason %q allowed %v, want %q", bu.Reason, bu.Allowed, tt.want)
			}
		})
	}
}
