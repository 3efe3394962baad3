package dnd5e

import (
	"math"
	"math/big"
	"math/bits"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// The source defers making an attack to another chapter (DND-ND-4). This
// file implements the spec's stated default, the SRD 5.1 attack roll: a d20
// plus the attack's bonus against the target's AC, a natural 1 always
// misses, a natural 20 always hits and is a critical hit that rolls the
// damage dice twice, and advantage or disadvantage rolls two d20s and keeps
// the higher or the lower.

// Advantage says how many d20s an attack roll uses and which it keeps
// (DND-ND-4, DND-ND-6, SRD default).
type Advantage int8

// The advantage states.
const (
	Straight      Advantage = 0  // one d20
	Advantaged    Advantage = 1  // two d20s, keep the higher
	Disadvantaged Advantage = -1 // two d20s, keep the lower
)

// AdvantageOf combines the circumstances of an attack: any source of
// advantage and any of disadvantage cancel out to a straight roll
// (DND-ND-4, SRD default).
func AdvantageOf(adv, dis bool) Advantage {
	switch {
	case adv && !dis:
		return Advantaged
	case dis && !adv:
		return Disadvantaged
	}
	return Straight
}

// AttackResult is a rolled attack: the d20 faces thrown, the one kept, the
// total, whether it hit and was critical, the damage dealt and its trace.
type AttackResult struct {
	Faces   []int        `json:"faces"`
	Natural int          `json:"natural"`
	Total   int          `json:"total"`
	Hit     bool         `json:"hit"`
	Crit    bool         `json:"crit"`
	Damage  int          `json:"damage"`
	Trace   combat.Trace `json:"trace"`
}

// attackHits decides a natural d20 face against an AC (DND-ND-4, SRD
// default): 1 misses, 20 hits, otherwise face plus bonus must reach the AC.
func attackHits(natural, toHit, ac int) bool {
	switch natural {
	case 1:
		return false
	case 20:
		return true
	}
	return natural+toHit >= ac
}

// critDamage is the damage expression of a critical hit: every dice term
// rolled twice, constants once (DND-ND-4, SRD default). A plain term
// doubles its dice; a keep term ("2d6kh1") is repeated, each copy keeping
// its own dice.
func critDamage(e dice.Expr) dice.Expr {
	out := dice.Expr{Terms: slices.Clone(e.Terms)}
	for i, t := range e.Terms {
		switch {
		case t.Keep > 0:
			out.Terms = append(out.Terms, t)
		case t.Sides > 0:
			out.Terms[i].Count = 2 * t.Count
		}
	}
	return out
}

// damageFloor keeps damage from going below zero (DND-ND-5, SRD default).
func damageFloor(v int) int { return max(v, 0) }

// RollAttack rolls attack a against armour class ac (DND-ND-4, SRD
// default) and, on a hit, its damage, doubled dice on a critical hit.
func RollAttack(a Attack, ac int, adv Advantage, r dice.Roller) AttackResult {
	var res AttackResult
	n := 1
	if adv != Straight {
		n = 2
	}
	// Room for every step: the d20s, five for the roll, a damage die per
	// die of a critical, and the damage.
	steps := n + 6
	for _, t := range a.Damage.Terms {
		if t.Sides > 0 {
			steps += 2 * t.Count
		}
	}
	res.Trace = make(combat.Trace, 0, steps)
	for range n {
		f := r.Roll(20)
		res.Faces = append(res.Faces, f)
		res.Trace = append(res.Trace, combat.Step{Rule: "DND-ND-4", Kind: combat.StepRoll, Key: "attack-d20", Sides: 20, Face: f, Value: f})
	}
	res.Natural = res.Faces[0]
	switch adv {
	case Advantaged:
		res.Natural = max(res.Faces[0], res.Faces[1])
	case Disadvantaged:
		res.Natural = min(res.Faces[0], res.Faces[1])
	}
	res.Total = res.Natural + a.ToHit
	res.Hit, res.Crit = attackHits(res.Natural, a.ToHit, ac), res.Natural == 20
	res.Trace = append(res.Trace,
		combat.Step{Rule: "DND-ND-4", Kind: combat.StepCompute, Key: "natural", Value: res.Natural},
		combat.Step{Rule: "DND-ND-4", Kind: combat.StepModifier, Key: "to-hit", Quantity: "attack", Value: a.ToHit},
		combat.Step{Rule: "DND-ND-4", Kind: combat.StepCompute, Key: "attack", Value: res.Total},
		combat.Step{Rule: "DND-ND-4", Kind: combat.StepTarget, Key: "ac", Value: ac},
		combat.Step{Rule: "DND-ND-4", Kind: combat.StepOutcome, Key: attackKey(res)})
	if !res.Hit {
		return res
	}
	dmg := a.Damage
	if res.Crit {
		dmg = critDamage(dmg)
	}
	rolled := dmg.Roll(r)
	for _, t := range rolled.Throws {
		res.Trace = append(res.Trace, combat.Step{Rule: "DND-ND-4", Kind: combat.StepRoll, Key: "damage-die", Sides: t.Sides, Face: t.Face, Value: t.Face})
	}
	res.Damage = damageFloor(rolled.Total)
	res.Trace = append(res.Trace, combat.Step{Rule: "DND-ND-5", Kind: combat.StepCompute, Key: "damage", Value: res.Damage})
	return res
}

// attackKey is the trace key of an attack's outcome.
func attackKey(res AttackResult) string {
	switch {
	case res.Crit:
		return "natural-20"
	case res.Natural == 1:
		return "natural-1"
	case res.Hit:
		return "hit"
	}
	return "miss"
}

// naturalWeight is the chance, in 400ths, that the kept d20 shows face n
// (DND-ND-4): 20 of 400 on a straight roll; with advantage the higher of
// two is n in 2n−1 of 400 cases, with disadvantage the lower in 41−2n.
func naturalWeight(n int, adv Advantage) int64 {
	switch adv {
	case Advantaged:
		return int64(2*n - 1)
	case Disadvantaged:
		return int64(41 - 2*n)
	}
	return 20
}

// oddsDen is the denominator of attack-roll chances: two d20s.
const oddsDen = 400

// Odds are the exact chances of an attack before it is rolled (DND-ND-4,
// SRD default): Hit (criticals included) and Crit as fractions of 400, and
// the damage dealt, misses counting as 0, both exactly (AtLeast) and as a
// float distribution for display (Damage).
type Odds struct {
	Hit    dice.Fraction `json:"hit"`
	Crit   dice.Fraction `json:"crit"`
	Damage dice.Dist     `json:"damage"`
	exact  []*big.Rat
}

// AttackOdds computes the exact odds of attack a against ac by enumerating
// the kept d20 and convolving the damage dice (DND-ND-4, SRD default).
func AttackOdds(a Attack, ac int, adv Advantage) Odds {
	hit, crit := hitWeights(a, ac, adv)
	o := Odds{Hit: dice.Fraction{Num: hit, Den: oddsDen}, Crit: dice.Fraction{Num: crit, Den: oddsDen}}
	var exact []*big.Rat
	put := func(v int, p *big.Rat) {
		for len(exact) <= v {
			exact = append(exact, new(big.Rat))
		}
		exact[v].Add(exact[v], p)
	}
	put(0, big.NewRat(oddsDen-hit, oddsDen))
	for _, branch := range []struct {
		e      dice.Expr
		weight int64
	}{{a.Damage, hit - crit}, {critDamage(a.Damage), crit}} {
		c := branch.e.Counts()
		den := new(big.Int).Mul(c.Outcomes, big.NewInt(oddsDen))
		for i, w := range c.Ways {
			num := new(big.Int).Mul(w, big.NewInt(branch.weight))
			put(damageFloor(c.Min+i), new(big.Rat).SetFrac(num, den))
		}
	}
	o.exact = exact
	for v, p := range exact {
		f, _ := p.Float64()
		o.Damage.Put(v, f)
	}
	return o
}

// hitWeights returns how many of the oddsDen equally likely attack rolls
// hit, and how many of those are critical (DND-ND-4).
func hitWeights(a Attack, ac int, adv Advantage) (hit, crit int64) {
	for n := 1; n <= 20; n++ {
		if attackHits(n, a.ToHit, ac) {
			hit += naturalWeight(n, adv)
		}
	}
	return hit, naturalWeight(20, adv)
}

// DropChance returns the exact chance that attack a against ac deals at
// least hp damage, hp ≥ 1: AttackOdds(a, ac, adv).AtLeast(hp) without the
// rest of the distribution, over one common denominator, so a caller that
// needs only this chance (a tactics policy weighing its targets) pays a
// few integer products and one reduction.
func DropChance(a Attack, ac int, adv Advantage, hp int) *big.Rat {
	if num, den, ok := dropChanceSmall(a, ac, adv, hp); ok {
		return big.NewRat(num, den)
	}
	return dropChanceBig(a, ac, adv, hp)
}

// dropChanceSmall is DropChance in machine integers, reduced: ok is false
// when the damage dice are too many for them (dropChanceBig then answers).
// Over the common denominator oddsDen·O·Oc (O and Oc the outcomes of the
// damage and of the critical damage), the chance is ways·(hit−crit)·Oc +
// waysCrit·crit·O.
func dropChanceSmall(a Attack, ac int, adv Advantage, hp int) (num, den int64, ok bool) {
	hit, crit := hitWeights(a, ac, adv)
	c, ok1 := a.Damage.SmallCounts()
	cc, ok2 := critDamage(a.Damage).SmallCounts()
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	reaching := func(c dice.SmallCounts) int64 {
		var ways int64
		for i, w := range c.Ways {
			if damageFloor(c.Min+i) >= max(hp, 1) {
				ways += w
			}
		}
		return ways
	}
	outcomes, fits := mulFits(c.Outcomes, cc.Outcomes)
	den, fits2 := mulFits(outcomes, oddsDen)
	n1, fits3 := mulFits(reaching(c)*(hit-crit), cc.Outcomes)
	n2, fits4 := mulFits(reaching(cc)*crit, c.Outcomes)
	if !fits || !fits2 || !fits3 || !fits4 || n1 > math.MaxInt64-n2 {
		return 0, 0, false
	}
	num = n1 + n2
	g := gcd(num, den)
	return num / g, den / g, true
}

// mulFits returns x·y for x, y ≥ 0, and whether it fits an int64.
func mulFits(x, y int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(x), uint64(y))
	return int64(lo), hi == 0 && lo <= math.MaxInt64
}

// gcd is the greatest common divisor of a ≥ 0 and b > 0.
func gcd(a, b int64) int64 {
	for a != 0 {
		a, b = b%a, a
	}
	return b
}

// dropChanceBig is DropChance over big integers, for any dice.
func dropChanceBig(a Attack, ac int, adv Advantage, hp int) *big.Rat {
	hit, crit := hitWeights(a, ac, adv)
	num, den := new(big.Int), big.NewInt(oddsDen)
	for _, branch := range []struct {
		e      dice.Expr
		weight int64
	}{{a.Damage, hit - crit}, {critDamage(a.Damage), crit}} {
		c := branch.e.Counts()
		ways := new(big.Int)
		for i, w := range c.Ways {
			if damageFloor(c.Min+i) >= max(hp, 1) {
				ways.Add(ways, w)
			}
		}
		// num/den + weight·ways/(oddsDen·outcomes), den a multiple of oddsDen.
		num.Mul(num, c.Outcomes)
		num.Add(num, ways.Mul(ways, big.NewInt(branch.weight)).Mul(ways, den).Div(ways, big.NewInt(oddsDen)))
		den.Mul(den, c.Outcomes)
	}
	return new(big.Rat).SetFrac(num, den)
}

// AtLeast returns the exact chance that the attack deals at least v damage;
// for v ≤ 0 it is 1.
func (o Odds) AtLeast(v int) *big.Rat {
	sum := new(big.Rat)
	for d, p := range o.exact {
		if d >= v {
			sum.Add(sum, p)
		}
	}
	if v <= 0 {
		sum.SetInt64(1)
	}
	return sum
}
