package dnd5e

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
)

var scimitar = Goblin().Attacks[0] // +4, 1d6+2

func TestRollAttack(t *testing.T) {
	tests := []struct {
		name    string
		atk     Attack
		ac      int
		adv     Advantage
		faces   []int
		hit     bool
		crit    bool
		natural int
		damage  int
	}{
		{"hit on the number", scimitar, 15, Straight, []int{11, 4}, true, false, 11, 6},
		{"miss by one", scimitar, 15, Straight, []int{10}, false, false, 10, 0},
		{"natural 1 misses any AC", Attack{Name: "x", Kind: Melee, ToHit: 30, Damage: dice.MustParse("1d6")}, 5, Straight, []int{1}, false, false, 1, 0},
		{"natural 20 hits any AC and doubles the dice", scimitar, 40, Straight, []int{20, 6, 5}, true, true, 20, 13},
		{"advantage keeps the higher", scimitar, 15, Advantaged, []int{3, 17, 1}, true, false, 17, 3},
		{"disadvantage keeps the lower", scimitar, 15, Disadvantaged, []int{3, 17}, false, false, 3, 0},
		{"damage never below 0", Attack{Name: "x", Kind: Melee, ToHit: 0, Damage: dice.MustParse("1d4-3")}, 10, Straight, []int{12, 1}, true, false, 12, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := RollAttack(tc.atk, tc.ac, tc.adv, dicetest.Script(t, tc.faces...))
			if res.Hit != tc.hit || res.Crit != tc.crit || res.Natural != tc.natural || res.Damage != tc.damage {
				t.Errorf("DND-ND-4: %+v", res)
			}
			if s, ok := res.Trace.Find("ac"); !ok || s.Value != tc.ac || s.Rule != "DND-ND-4" {
				t.Errorf("trace %v", res.Trace)
			}
		})
	}
}

func TestAdvantageOf(t *testing.T) {
	if AdvantageOf(true, false) != Advantaged || AdvantageOf(false, true) != Disadvantaged ||
		AdvantageOf(true, true) != Straight || AdvantageOf(false, false) != Straight {
		t.Error("DND-ND-4: advantage and disadvantage do not combine as the SRD says")
	}
}

// TestAttackOddsExact checks the hit and critical chances against sums
// worked out by hand: the goblin's +4 against AC 16 needs a natural 12.
func TestAttackOddsExact(t *testing.T) {
	tests := []struct {
		name      string
		adv       Advantage
		hit, crit int64 // in 400ths
	}{
		{"straight: 9 faces of 20", Straight, 9 * 20, 20},
		{"advantage: 23+25+…+39", Advantaged, 279, 39},
		{"disadvantage: 17+15+…+1", Disadvantaged, 81, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := AttackOdds(scimitar, 16, tc.adv)
			if o.Hit != (dice.Fraction{Num: tc.hit, Den: 400}) || o.Crit != (dice.Fraction{Num: tc.crit, Den: 400}) {
				t.Errorf("DND-ND-4: hit %v crit %v", o.Hit, o.Crit)
			}
			if d := math.Abs(o.Damage.Total() - 1); d > 1e-12 {
				t.Errorf("damage distribution sums to %v", o.Damage.Total())
			}
			miss := float64(400-tc.hit) / 400
			if d := math.Abs(o.Damage.At(0) - miss); d > 1e-12 {
				t.Errorf("P(0 damage) %v, want %v", o.Damage.At(0), miss)
			}
			// 3 comes only from a normal hit (1d6+2 rolls 3..8, one in six
			// each); a critical's 2d6+2 starts at 4.
			normal := float64(tc.hit-tc.crit) / 400 / 6
			if d := math.Abs(o.Damage.At(3) - normal); d > 1e-12 {
				t.Errorf("P(3 damage) %v", o.Damage.At(3))
			}
			if o.Damage.Max() != 14 {
				t.Errorf("largest damage %d, want 14", o.Damage.Max())
			}
		})
	}
}

// TestAttackOddsSimulated compares the exact odds with a seeded Monte Carlo
// run of RollAttack. Tolerance: 5 standard errors of a binomial estimate
// (a false alarm about once in 3.5 million per compared number).
func TestAttackOddsSimulated(t *testing.T) {
	const n = 200_000
	for _, adv := range []Advantage{Straight, Advantaged, Disadvantaged} {
		o := AttackOdds(scimitar, 14, adv)
		r := dice.NewPCG(uint64(2026 + int(adv)))
		var hits, crits int
		dmg := map[int]int{}
		for range n {
			res := RollAttack(scimitar, 14, adv, r)
			if res.Hit {
				hits++
			}
			if res.Crit {
				crits++
			}
			dmg[res.Damage]++
		}
		check := func(what string, p float64, count int) {
			se := math.Sqrt(p * (1 - p) / n)
			if got := float64(count) / n; math.Abs(got-p) > 5*se+1e-9 {
				t.Errorf("adv %d, %s: simulated %.5f, exact %.5f (5σ = %.5f)", adv, what, got, p, 5*se)
			}
		}
		check("P(hit)", float64(o.Hit.Num)/float64(o.Hit.Den), hits)
		check("P(crit)", float64(o.Crit.Num)/float64(o.Crit.Den), crits)
		for v, c := range dmg {
			if v < o.Damage.Min || v > o.Damage.Max() {
				t.Errorf("adv %d: damage %d came up %d times outside the exact range", adv, v, c)
			}
		}
		for v := o.Damage.Min; v <= o.Damage.Max(); v++ {
			check(fmt.Sprintf("P(damage = %d)", v), o.Damage.At(v), dmg[v])
		}
	}
}

// TestAttackOddsAtLeast checks one exact damage chance by hand: the
// goblin's scimitar against AC 16 deals 7 or more on a normal hit with 5 or
// 6 on the d6 (160/400 × 2/6) and on a critical when 2d6 ≥ 5 (20/400 ×
// 30/36), 7/40 in all.
func TestAttackOddsAtLeast(t *testing.T) {
	o := AttackOdds(scimitar, 16, Straight)
	if got, want := o.AtLeast(7), big.NewRat(7, 40); got.Cmp(want) != 0 {
		t.Errorf("DND-ND-4: P(damage ≥ 7) = %v, want %v", got, want)
	}
	if o.AtLeast(0).Cmp(big.NewRat(1, 1)) != 0 || o.AtLeast(15).Sign() != 0 {
		t.Errorf("P(≥0) = %v, P(≥15) = %v", o.AtLeast(0), o.AtLeast(15))
	}
}

// TestCritDamage checks that a critical hit rolls every damage die twice
// (DND-ND-4): plain terms double their dice, keep terms are repeated.
func TestCritDamage(t *testing.T) {
	for in, want := range map[string]string{
		"1d6+2":        "2d6+2",
		"2d6kh1+3":     "2d6kh1+3+2d6kh1",
		"d8-1d4+1":     "2d8-2d4+1",
		"4d6dl1+1d4-1": "4d6kh3+2d4-1+4d6kh3",
	} {
		if got := critDamage(dice.MustParse(in)).String(); got != want {
			t.Errorf("DND-ND-4: critical damage of %s = %s, want %s", in, got, want)
		}
	}
}

// TestDropChance checks the chance to deal at least hp damage, computed
// over one common denominator, against the whole exact distribution of
// AttackOdds (DND-ND-4, DND-ND-5), for small and large dice, negative
// modifiers, kept dice, every advantage state and every threshold.
func TestDropChance(t *testing.T) {
	for _, expr := range []string{"1d6+2", "1d4-3", "2d6", "1d12+5", "4d6kh3", "8d10+4", "1d8-1d4"} {
		for _, adv := range []Advantage{Straight, Advantaged, Disadvantaged} {
			for _, ac := range []int{5, 15, 25} {
				a := Attack{Name: "x", Kind: Melee, ToHit: 5, Damage: dice.MustParse(expr)}
				o := AttackOdds(a, ac, adv)
				for hp := 1; hp <= 2*len(o.exact)+1; hp++ {
					want := o.AtLeast(hp)
					if got := DropChance(a, ac, adv, hp); got.Cmp(want) != 0 {
						t.Fatalf("%s vs AC %d, %v, hp %d: %v, want %v", expr, ac, adv, hp, got, want)
					}
					if got := dropChanceBig(a, ac, adv, hp); got.Cmp(want) != 0 {
						t.Fatalf("%s vs AC %d, %v, hp %d: big integers give %v, want %v", expr, ac, adv, hp, got, want)
					}
					// The machine-integer path, taken where the dice are
					// few enough (not kept dice, nor the 16d10 of 8d10's
					// critical), is the same reduced fraction.
					if num, den, ok := dropChanceSmall(a, ac, adv, hp); ok && (num != want.Num().Int64() || den != want.Denom().Int64()) {
						t.Fatalf("%s vs AC %d, %v, hp %d: %d/%d in machine integers, want %v", expr, ac, adv, hp, num, den, want)
					} else if !ok && !strings.Contains(expr, "k") && expr != "8d10+4" {
						t.Fatalf("%s: not counted in machine integers", expr)
					}
				}
			}
		}
	}
}
