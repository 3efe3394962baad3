package krysztaly

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Outcome is one value of a damage distribution with its exact probability
// Num/Den, the Den given by the distribution.
type Outcome struct {
	Taken int `json:"taken"`
	Num   int `json:"num"`
}

// AttackOdds are the exact chances of an attack before it is rolled, from the
// faces of the d100s (KC-RTR-2, KC-DMG-5, KC-ABS-1): the chance to hit, to
// land a critical (only the automatic strike does, KC-SIT-8), to knock the
// defender off balance (KC-SHIELD-5), the distribution of the damage T that
// gets through armour, misses counted as 0, its expectation, and the chance
// that T brings the defender's ŻYW to 0 or below (KC-ABS-2). Taken is in
// ascending order over DistDen; Trace holds the dice-free steps.
type AttackOdds struct {
	Type       DamageType    `json:"type,omitempty"` // the blow's damage type (KC-AMB-32)
	TR         int           `json:"tr"`
	OBR        int           `json:"obr"`
	RTR        int           `json:"rtr"`
	Hit        dice.Fraction `json:"hit"`
	Critical   dice.Fraction `json:"critical"`
	OffBalance dice.Fraction `json:"offBalance"`
	Taken      []Outcome     `json:"taken"`
	DistDen    int           `json:"distDen"`
	Expected   dice.Fraction `json:"expected"`
	Down       dice.Fraction `json:"down"`
	Delay      int           `json:"delay"`
	Trace      combat.Trace  `json:"trace"`
}

// d100 is the number of faces of every die in these rules (KC-GEN-3).
const d100 = 100

// Odds computes the exact odds of the attack Resolve would make with the
// same inputs, by counting d100 faces: 100 for the hit, 100 × 100 jointly
// with the damage die. It returns the same errors as Resolve.
func Odds(a, d Profile, s Situation) (AttackOdds, error) {
	p, err := prepare(a, d, s)
	if err != nil {
		return AttackOdds{}, err
	}
	o := AttackOdds{Type: p.dtype, TR: p.tr, OBR: p.obr, RTR: p.rtr(), Delay: p.delay, Trace: p.trace, DistDen: d100 * d100}
	hit := d100
	if !p.auto {
		hit = hitFaces(p.rtr())
	}
	o.Hit = dice.Fraction{Num: int64(hit), Den: d100}
	o.Critical = dice.Fraction{Den: d100}
	if p.auto {
		o.Critical.Num = d100
	}
	// T rises with the damage die, so the outcomes come out in order; the
	// misses open the list at 0.
	o.add(0, (d100-hit)*d100)
	for face := 1; face <= d100; face++ {
		t := 0
		if p.kind.wounds() {
			t = absorbed(p.base+randomFactor(face), p.absorb)
		}
		o.add(t, hit)
	}
	for _, out := range o.Taken {
		o.Expected.Num += int64(out.Taken * out.Num)
		if p.vitality-out.Taken <= 0 {
			o.Down.Num += int64(out.Num)
		}
	}
	o.Expected.Den, o.Down.Den = int64(o.DistDen), int64(o.DistDen)
	o.OffBalance = dice.Fraction{Den: d100 * d100}
	if p.kind.unbalances() {
		o.OffBalance.Num = int64(hit * (d100 - clamp(p.zr, 0, d100)))
	}
	return o, nil
}

// hitFaces counts the d100 faces that hit against rtr (KC-RTR-2): never fewer
// than 5 nor more than 95 (KC-RTR-3).
// add records n more die pairs giving T = t, merging with the last outcome
// when it has the same T.
func (o *AttackOdds) add(t, n int) {
	if n == 0 {
		return
	}
	if k := len(o.Taken); k > 0 && o.Taken[k-1].Taken == t {
		o.Taken[k-1].Num += n
		return
	}
	o.Taken = append(o.Taken, Outcome{Taken: t, Num: n})
}

func hitFaces(rtr int) int {
	n := 0
	for r := 1; r <= d100; r++ {
		if RollHits(r, rtr) {
			n++
		}
	}
	return n
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }
