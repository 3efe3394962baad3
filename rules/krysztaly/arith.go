package krysztaly

// floorDiv divides a by b (b > 0) rounding toward minus infinity, the rounding
// KC-GEN-1 prescribes for every fraction; Go's / truncates toward zero, which
// differs for negative numerators (only possible when halving TR, KC-SIT-5).
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && (a < 0) {
		q--
	}
	return q
}

// tenth is "one tenth of" an attribute (KC-GEN-2), the SF and ZR bonuses to
// the hit chance (KC-HIT-1): SF 137 gives 13.
func tenth(attr int) int { return floorDiv(attr, 10) }

// strengthDamage is the damage bonus of a quarter of SF (KC-DMG-4, KC-GEN-2):
// SF 140 gives 35, SF 137 gives 34.
func strengthDamage(sf int) int { return floorDiv(sf, 4) }

// Quarters returns the proficiency multiplier band of KC-DMG-3 in quarters:
// 1 (¼) up to 25, 2 (½) for 26–75, 4 (×1) for 76–125, then two more quarters
// for every further 50 points (KC-AMB-4). Values below 1 use the ¼ band
// (KC-AMB-3).
func Quarters(p int) int {
	if p <= 25 {
		return 1
	}
	return 2 * ((p - 25 + 49) / 50)
}

// scaleByProficiency applies the multiplier band of proficiency p to a
// weapon rating (effectiveness, KC-DMG-7, or defence value, KC-DEF-2),
// flooring the product: E 25 at P 50 gives 12 (KC-TV-25).
func scaleByProficiency(rating, p int) int { return floorDiv(rating*Quarters(p), 4) }

// ZRBonus is the defence term Z of KC-DEF-3 for a current ZR: ZR − 30 below
// 30, ZR − 50 above 50, and 0 between.
func ZRBonus(zr int) int {
	switch {
	case zr < 30:
		return zr - 30
	case zr > 50:
		return zr - 50
	}
	return 0
}

// halveBlind halves a hit chance for a fighter relying on smell and hearing
// alone (KC-SIT-5), flooring after all additive modifiers (KC-AMB-25).
func halveBlind(tr int) int { return floorDiv(tr, 2) }

// randomFactor is the damage roll's contribution, d100 − 50, ranging over
// −49…+50 (KC-DMG-5, KC-ERR-3).
func randomFactor(r int) int { return r - 50 }

// RollHits reports whether d100 face r hits against real hit chance rtr:
// 1–5 always hit, 96–100 always miss, otherwise r ≤ rtr (KC-RTR-2).
func RollHits(r, rtr int) bool {
	switch {
	case r <= 5:
		return true
	case r >= 96:
		return false
	}
	return r <= rtr
}
