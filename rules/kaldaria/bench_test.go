package kaldaria

import (
	"testing"

	"battlemat/rules/dice"
)

// BenchmarkResolve is one attack resolution with its trace: the knight's
// Wild blow on a parrying, armoured swordsman (goal ≥ 1M/s).
func BenchmarkResolve(b *testing.B) {
	att, def, a := knight(), swordsman(), Attack{Maneuver: WildBlow}
	r := dice.NewPCG(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Resolve(att, def, RoundState{}, a, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOdds is the exact odds of one attack (goal ≤ 100 µs).
func BenchmarkOdds(b *testing.B) {
	att, def, a := knight(), swordsman(), Attack{Maneuver: WildBlow}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Odds(att, def, RoundState{}, a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSequenceElemental is the exact odds of the elemental's six
// attacks on the swordsman with three weapon parries and passive parry
// (V-19..V-22; goal ≤ 5 ms).
func BenchmarkSequenceElemental(b *testing.B) {
	strikes := elementalScene()[:6]
	def := swordsman()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SequenceOdds(def, RoundState{}, strikes); err != nil {
			b.Fatal(err)
		}
	}
}
