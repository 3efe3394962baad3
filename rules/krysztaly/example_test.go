package krysztaly_test

import (
	"fmt"

	"battlemat/rules/dice"
	"battlemat/rules/krysztaly"
)

// The source's orc attacks the sample warrior with its typical sword; the
// faces of real dice (10 to hit, 36 for damage) are typed in.
func ExampleResolve() {
	res, err := krysztaly.Resolve(krysztaly.SampleOrc(), krysztaly.SampleWarrior(),
		krysztaly.Situation{Type: krysztaly.Slashing}, dice.NewScripted(10, 36))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Trace {
		fmt.Println(s)
	}
	fmt.Printf("hit %v, damage %d, taken %d, ŻYW left %d\n", res.Hit, res.Damage, res.Taken, res.Vitality)
	// Output:
	// [KC-PROF-8] proficiency=130
	// [KC-HIT-1] sf-bonus +14 to tr
	// [KC-HIT-1] zr-bonus +6 to tr
	// [KC-HIT-1] tr0=150
	// [KC-HIT-1] tr=150
	// [KC-DEF-1] armour=20
	// [KC-DEF-1] shield +25 to obr
	// [KC-DEF-2] weapon-defence +20 to obr
	// [KC-DEF-3] zr-defence +5 to obr
	// [KC-DEF-1] obr=70
	// [KC-RTR-1] rtr=80
	// [KC-DMG-2] effectiveness=120
	// [KC-DMG-3] multiplier=6
	// [KC-DMG-7] weapon-damage=180
	// [KC-DMG-4] sf-damage +35 to damage
	// [KC-DMG-7] base-damage=215
	// [KC-ALG-A] delay=3
	// [KC-RTR-2] hit-roll: d100=10
	// [KC-RTR-2] rtr=80
	// [KC-RTR-2] hit=10
	// [KC-DMG-5] damage-roll: d100=36
	// [KC-DMG-5] random -14 to damage
	// [KC-DMG-7] damage=201
	// [KC-ABS-1] absorption -50 to damage
	// [KC-ABS-1] taken=151
	// [KC-ABS-2] vitality=-31
	// hit true, damage 201, taken 151, ŻYW left -31
}

// The exact odds of the same attack before any die is rolled: the warrior's
// mail absorbs 50, so a hit takes 215 − 50 + (d100 − 50) off ŻYW 120.
func ExampleOdds() {
	o, err := krysztaly.Odds(krysztaly.SampleOrc(), krysztaly.SampleWarrior(), krysztaly.Situation{})
	if err != nil {
		fmt.Println(err)
		return
	}
	first, last := o.Taken[1], o.Taken[len(o.Taken)-1]
	fmt.Printf("P(hit) = %d/%d\n", o.Hit.Num, o.Hit.Den)
	fmt.Printf("on a hit T runs %d…%d\n", first.Taken, last.Taken)
	fmt.Printf("E[T] = %d/%d, P(ŻYW ≤ 0) = %d/%d\n", o.Expected.Num, o.Expected.Den, o.Down.Num, o.Down.Den)
	// Output:
	// P(hit) = 80/100
	// on a hit T runs 116…215
	// E[T] = 1324000/10000, P(ŻYW ≤ 0) = 7680/10000
}
