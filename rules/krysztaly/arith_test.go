package krysztaly

import (
	"fmt"
	"testing"
)

// TestVectorBands checks KC-TV-24: the multiplier band boundaries of Table
// KC-T7, in quarters (KC-DMG-3, extrapolated past 325 by KC-AMB-4).
func TestVectorBands(t *testing.T) {
	const errata = "KC-ERR-6: the source calls the bands averages, yet 1–25 uses ¼, its top; the table is followed as printed"
	for _, c := range []struct{ p, q int }{
		{1, 1}, {25, 1}, {26, 2}, {75, 2}, {76, 4}, {125, 4}, {126, 6}, {175, 6}, {176, 8}, {225, 8},
		{226, 10}, {275, 10}, {276, 12}, {325, 12}, {326, 14}, {375, 14}, {376, 16}, {426, 18},
		{0, 1}, {-20, 1}, // KC-AMB-3
	} {
		t.Run(fmt.Sprintf("KC-TV-24/P=%d", c.p), func(t *testing.T) {
			if got := Quarters(c.p); got != c.q {
				t.Errorf("KC-DMG-3: Quarters(%d) = %d, want %d (%s)", c.p, got, c.q, errata)
			}
		})
	}
}

// TestVectorRounding checks KC-TV-25: every fraction is floored where it
// appears (KC-GEN-1, KC-GEN-2, KC-AMB-1).
func TestVectorRounding(t *testing.T) {
	for _, c := range []struct {
		id        string
		got, want int
	}{
		{"KC-TV-25/E25-P50", scaleByProficiency(25, 50), 12},
		{"KC-TV-25/E30-P20", scaleByProficiency(30, 20), 7},
		{"KC-TV-25/E75-P150", scaleByProficiency(75, 150), 112},
		{"KC-TV-25/SF137-tr", tenth(137), 13},
		{"KC-TV-25/SF137-dmg", strengthDamage(137), 34},
		{"KC-TV-25/ZR59-tr", tenth(59), 5},
		{"KC-AMB-25/halve-151", halveBlind(151), 75},
		{"KC-AMB-25/halve--7", halveBlind(-7), -4},
	} {
		t.Run(c.id, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("KC-GEN-1: got %d, want %d", c.got, c.want)
			}
		})
	}
}

// TestVectorZRBonus checks KC-TV-26: the defence term Z (KC-DEF-3).
func TestVectorZRBonus(t *testing.T) {
	for _, c := range []struct{ zr, z int }{
		{0, -30}, {10, -20}, {29, -1}, {30, 0}, {50, 0}, {51, 1}, {65, 15}, {120, 70},
	} {
		t.Run(fmt.Sprintf("KC-TV-26/ZR=%d", c.zr), func(t *testing.T) {
			if got := ZRBonus(c.zr); got != c.z {
				t.Errorf("KC-DEF-3: ZRBonus(%d) = %d, want %d", c.zr, got, c.z)
			}
		})
	}
}

// TestVectorRandomFactor checks KC-TV-19: the damage random factor is
// d100 − 50 (KC-DMG-5).
func TestVectorRandomFactor(t *testing.T) {
	const errata = "KC-ERR-3: the source calls it ±k50, but d100 − 50 spans −49…+50"
	for _, c := range []struct{ r, f int }{{36, -14}, {93, 43}, {1, -49}, {50, 0}, {100, 50}} {
		t.Run(fmt.Sprintf("KC-TV-19/R=%d", c.r), func(t *testing.T) {
			if got := randomFactor(c.r); got != c.f {
				t.Errorf("KC-DMG-5: factor(%d) = %d, want %d (%s)", c.r, got, c.f, errata)
			}
		})
	}
}

// TestVectorRestrictions checks KC-TV-15 and KC-TV-16: a shield-bearer eases
// each restriction one step, and a shield attack's delay is 1 plus the
// effective denominators (KC-SHIELD-3, KC-SHIELD-4).
func TestVectorRestrictions(t *testing.T) {
	const errata = "KC-ERR-1: the prose says +1 per restriction (3), the example sums denominators (6); the spec follows the example"
	t.Run("KC-TV-15", func(t *testing.T) {
		for _, c := range []struct{ k, want Restriction }{{3, 2}, {4, 3}, {2, 0}, {0, 0}} {
			if got := c.k.Eased(); got != c.want {
				t.Errorf("KC-SHIELD-3: 1/%d eases to 1/%d, want 1/%d", c.k, got, c.want)
			}
		}
	})
	for _, c := range []struct {
		id     string
		zr, sz Restriction
		want   int
	}{
		{"KC-TV-16/zr2-sz3", 2, 3, 6}, {"KC-TV-16/none", 0, 0, 1}, {"KC-TV-16/zr2", 2, 0, 3},
	} {
		t.Run(c.id, func(t *testing.T) {
			if got := ShieldDelay(c.zr, c.sz); got != c.want {
				t.Errorf("KC-SHIELD-4: delay %d, want %d (%s)", got, c.want, errata)
			}
		})
	}
	t.Run("KC-TV-16/bearer-eases", func(t *testing.T) {
		p := Profile{ShieldBearer: true, Shield: &Shield{Defence: 25, ZR: 3, SZ: 4}}
		if zr, sz := p.ShieldRestrictions(); zr != 2 || sz != 3 || ShieldDelay(zr, sz) != 6 {
			t.Errorf("KC-AMB-14: a bearer's 1/3, 1/4 shield gives 1/%d, 1/%d, delay %d; want 1/2, 1/3, 6 (%s)",
				zr, sz, ShieldDelay(zr, sz), errata)
		}
	})
}

// TestRestricted checks the [REC] of KC-ND-6: the current attribute under
// restrictions is floor(attr / k) with the largest k.
func TestRestricted(t *testing.T) {
	for _, c := range []struct {
		attr int
		rs   []Restriction
		want int
	}{{55, nil, 55}, {55, []Restriction{2}, 27}, {55, []Restriction{2, 3}, 18}, {55, []Restriction{0, 1}, 55}} {
		t.Run(fmt.Sprintf("KC-ND-6/%d%v", c.attr, c.rs), func(t *testing.T) {
			if got := Restricted(c.attr, c.rs...); got != c.want {
				t.Errorf("Restricted(%d, %v) = %d, want %d", c.attr, c.rs, got, c.want)
			}
		})
	}
}
