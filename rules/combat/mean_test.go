package combat

import "testing"

// TestMeanDamage weighs each damage amount by its chance, exactly, and
// reads only the distribution's rows: an outcome whose key merely looks
// like a damage row is no bar.
func TestMeanDamage(t *testing.T) {
	for _, c := range []struct {
		name     string
		chances  []Chance
		num, den int64
		ok       bool
	}{
		{"none", nil, 0, 0, false},
		{"outcomes only", []Chance{{Key: "hit", Num: 1, Den: 2}}, 0, 0, false},
		{"lookalike key", []Chance{{Key: "damage-9", Num: 1, Den: 1}}, 0, 0, false},
		{"half of five", []Chance{{Key: "hit", Num: 1, Den: 2}, Damage(0, 1, 2), Damage(5, 1, 2)}, 5, 2, true},
		{"thirds", []Chance{Damage(1, 1, 3), Damage(2, 2, 3)}, 5, 3, true},
		{"a d6", []Chance{Damage(1, 1, 6), Damage(2, 1, 6), Damage(3, 1, 6), Damage(4, 1, 6), Damage(5, 1, 6), Damage(6, 1, 6)}, 7, 2, true},
		{"denominators apart", []Chance{Damage(2, 1, 4), Damage(3, 1, 3)}, 3, 2, true},
		{"beyond int64", []Chance{Damage(3, 1, 1<<62-1), Damage(2, 1, 1<<62-3)}, 0, 1_000_000, true},
	} {
		got, ok := MeanDamage(c.chances)
		if ok != c.ok || got.Num != c.num || got.Den != c.den || ok && (got.Kind != ExpectedAmount || got.Key != KeyExpectedDamage) {
			t.Errorf("%s: MeanDamage = %+v, %v; want %d/%d, %v", c.name, got, ok, c.num, c.den, c.ok)
		}
	}
}
