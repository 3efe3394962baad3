package krysztaly

import "battlemat/rules/combat"

// orc is the ORC fixture of krysztaly-czasu.md §12: SF 140 and proficiency
// 130 with the typical sword (src), ZR 65 (illustrative).
func orc() Profile { return SampleOrc() }

// d1 is the D1 fixture of §12 (all numbers illustrative): armour A 30 with
// WYP 40, shield S 25, the sword (W_base 20) at proficiency 93, ZR 55.
// Its normal OBR is 30 + 25 + 20 + 5 = 80.
func d1() Profile {
	return Profile{Name: "D1", Professions: []Profession{Warrior}, Level: 1, SF: 100, ZR: 55, Attacks: 1, Vitality: 120,
		Proficiencies: []Proficiency{{Group: "swords", Base: 93}, {Group: "daggers", Base: 93}},
		Weapons:       []Weapon{TypicalSword()},
		Armour:        &Armour{Name: "A30", Defence: 30, Absorption: ByType{40, 40, 40}},
		Shield:        &Shield{Name: "S25", Defence: 25}}
}

// with returns a copy of p changed by f, leaving p's slices untouched.
func with(p Profile, f func(*Profile)) Profile {
	p.Weapons = append([]Weapon(nil), p.Weapons...)
	p.Proficiencies = append([]Proficiency(nil), p.Proficiencies...)
	p.Mods = append([]combat.Modifier(nil), p.Mods...)
	f(&p)
	return p
}

// shieldFighter is a level 1 warrior shield-bearer with SF 120 and ZR 60
// (KC-TV-33, illustrative), carrying a shield with the given striking ratings.
func shieldFighter(prof Profession, sf, zr int, e ByType) Profile {
	return Profile{Name: "shield", Professions: []Profession{prof}, Level: 1, SF: sf, ZR: zr, Attacks: 1, Vitality: 100,
		ShieldBearer: true, Shield: &Shield{Name: "strike", Defence: 20, Effectiveness: e}}
}
