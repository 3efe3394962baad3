package kaldaria

import "testing"

// TestTables pins the rows of the ability table (K-MOD-3), the Dexterity
// to AR table (K-AR-2), the level steps (K-MOD-2, D-10) and the roundings.
func TestTables(t *testing.T) {
	for _, c := range []struct {
		rule     string
		got, exp int
	}{
		{"K-MOD-3 12", AbilityBonus(12), 0}, {"K-MOD-3 13", AbilityBonus(13), 1}, {"K-MOD-3 15", AbilityBonus(15), 1},
		{"K-MOD-3 16", AbilityBonus(16), 2}, {"K-MOD-3 17", AbilityBonus(17), 2}, {"K-MOD-3 18", AbilityBonus(18), 3},
		{"A-07 19", AbilityBonus(19), 3},
		{"K-AR-2 12", DexAC(12), 0}, {"K-AR-2 14", DexAC(14), 1}, {"K-AR-2 16", DexAC(16), 2},
		{"K-AR-2 17", DexAC(17), 3}, {"K-AR-2 18", DexAC(18), 4}, {"A-07 20", DexAC(20), 4},
		{"K-MOD-2 L3", Profile{Profession: Warrior, Level: 3}.levelBonus(), 0},
		{"K-MOD-2 L4", Profile{Profession: Warrior, Level: 4}.levelBonus(), 1},
		{"K-MOD-2 L9", Profile{Profession: Warrior, Level: 9}.levelBonus(), 2},
		{"A-06 L10", Profile{Profession: Warrior, Level: 10}.levelBonus(), 3},
		{"D-10 thief", Profile{Profession: Thief, Level: 9}.levelBonus(), 0},
		{"D-10 data", Profile{Profession: Thief, Level: 9, LevelSteps: LevelSteps{First: 5, Every: 4}}.levelBonus(), 2},
		{"K-GEN-5 11.5", int(roundHalfUp(23, 2)), 12}, {"K-GEN-5 17.25", int(roundHalfUp(69, 4)), 17},
		{"K-GEN-5 5.75", int(roundHalfUp(23, 4)), 6}, {"K-GEN-5 -2.5", int(roundHalfUp(-5, 2)), -2},
		{"K-DMG-3 1.7", absorbed(17, 10), 2}, {"K-DMG-3 3.0", absorbed(30, 10), 3}, {"K-DMG-3 0", absorbed(5, 0), 0},
	} {
		t.Run(c.rule, func(t *testing.T) {
			if c.got != c.exp {
				t.Errorf("got %d, want %d", c.got, c.exp)
			}
		})
	}
}

func TestOutcomeText(t *testing.T) {
	for o := Missed; o <= Hit; o++ {
		b, _ := o.MarshalText()
		var back Outcome
		if err := back.UnmarshalText(b); err != nil || back != o {
			t.Errorf("%v: %s -> %v, %v", o, b, back, err)
		}
	}
	for e := NoEffect; e <= DoubleMaxDamage; e++ {
		b, _ := e.MarshalText()
		var back Effect
		if err := back.UnmarshalText(b); err != nil || back != e {
			t.Errorf("%v: %s -> %v, %v", e, b, back, err)
		}
	}
	var o Outcome
	if o.UnmarshalText([]byte("won")) == nil || Outcome(9).String() != "unknown" {
		t.Error("bad outcome key accepted")
	}
}
