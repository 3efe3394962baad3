package kaldaria

// AbilityBonus is the general ability table (K-MOD-3): Strength to hit in
// melee, Dexterity with missiles, Fitness for charge duration. Scores above
// 18 use the 18 row (REC A-07).
func AbilityBonus(score int) int {
	switch {
	case score >= 18:
		return 3
	case score >= 16:
		return 2
	case score >= 13:
		return 1
	}
	return 0
}

// DexAC is the Dexterity bonus to AR (K-AR-2), also the Dexterity term of
// dodge (K-DODGE-2, REC A-26). Scores above 18 use the 18 row (REC A-07).
func DexAC(dex int) int {
	switch {
	case dex >= 18:
		return 4
	case dex == 17:
		return 3
	case dex >= 15:
		return 2
	case dex >= 13:
		return 1
	}
	return 0
}

// levelBonus is the THAC10 improvement by level (K-MOD-2, D-10): the
// profile's own steps, or the warrior's 4, 7, 10, … when it gives none.
func (p Profile) levelBonus() int {
	s := p.LevelSteps
	if s.First == 0 {
		if p.Profession != Warrior {
			return 0
		}
		s = fighterSteps
	}
	if p.Level < s.First {
		return 0
	}
	return 1 + (p.Level-s.First)/s.Every
}

// roundHalfUp rounds num/den (den > 0) to the nearest integer, halves up:
// the default rounding of K-GEN-5 (REC A-01), used for damage multipliers,
// partial armour piercing and the damage cap, and the dodge rounding of
// K-DODGE-10.
func roundHalfUp(num, den int64) int64 {
	q := (2*num + den) / (2 * den)
	if (2*num+den)%(2*den) < 0 {
		q--
	}
	return q
}

// absorbed is the part of a blow that absorption takes, always rounded up
// (K-DMG-3).
func absorbed(base, abs int) int { return (base*abs + 99) / 100 }
