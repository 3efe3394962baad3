package kaldaria

import "battlemat/rules/dice"

// Creatures of the Kaldaria spec's worked examples (§16), as test data.

func weapon(kind AttackKind, damage string) Weapon {
	return Weapon{Kind: kind, Damage: dice.MustParse(damage)}
}

// creature is a monster with a stat-block THAC10, a natural AR and one attack.
func creature(thac10, ar int, w Weapon) Profile {
	return Profile{THAC10: thac10, NaturalAR: ar, Weapons: []Weapon{w}, MaxHP: 200, Vitals: Vitals{HP: 200}}
}

// urchin has THAC10 16 (V-01) and a club.
func urchin() Profile { return creature(16, 0, weapon(MeleeWeapon, "d6")) }

// guard wears light chain, AR 4 (V-01).
func guard() Profile {
	return Profile{Profession: Warrior, THAC10: 17, Armour: Armour{AR: 4}, MaxHP: 40, Vitals: Vitals{HP: 40}}
}

// knightArmour is the knight's defence without his sword (V-02): fine suit
// 7 with Abs 10 % and Cutter 3 (V-13), wide shield 2, Dex 17; 136 HP (V-14).
func knightArmour() Profile {
	return Profile{
		Profession: Warrior, Level: 9, THAC10: 17, Dex: 17,
		Armour: Armour{AR: 7, Abs: 10, Cutter: 3}, Shield: &Shield{AR: 2},
		MaxHP: 136, Vitals: Vitals{HP: 136},
	}
}

// longSword is the knight's magic sword, +2 (+4 vs undead), Expert (V-10).
func longSword() Weapon {
	return Weapon{Name: "long sword", Kind: MeleeWeapon, Type: Sword, Skill: Expert, Damage: dice.MustParse("d8+2"),
		Magic: 2, VsGroup: "undead", VsGroupMagic: 4}
}

// knight is the level-9 fighter of V-10 and V-17: Str 17, stamina user,
// the magic long sword, armour and shield.
func knight() Profile {
	k := knightArmour()
	k.Str, k.Stamina = 17, true
	k.Weapons = []Weapon{longSword()}
	return k
}

// swordsman is the defender of V-19..V-23: AR 10, level 9 stamina user with
// two swords (one Extra parry), parry THAC 9 before his +2, armour granting
// passive parry.
func swordsman() Profile {
	s1, s2 := longSword(), longSword()
	s1.VsGroup, s2.VsGroup = "", ""
	s1.ExtraParry = true
	return Profile{
		Profession: Swordsman, Level: 9, LevelSteps: LevelSteps{First: 4, Every: 3}, THAC10: 17, Str: 17, Dex: 17,
		Stamina: true, Weapons: []Weapon{s1, s2}, Armour: Armour{AR: 7, Passive: true},
		MaxHP: 120, Vitals: Vitals{HP: 120},
	}
}

// elemental of lust and madness: THAC10 9, melee weapon attacks (V-19).
func elemental() Profile { return creature(9, 5, weapon(MeleeWeapon, "d8")) }

// beetle is the giant beetle: THAC10 11, pincers and a bite (V-23).
func beetle() Profile {
	b := creature(11, 6, weapon(NaturalWeaponlike, "d6"))
	b.Weapons = append(b.Weapons, weapon(Bite, "d6"))
	return b
}

// thornald is the level-6 assassin with Dex 17 (V-26).
func thornald() Profile {
	return Profile{Profession: Assassin, Level: 6, THAC10: 17, Dex: 17, MaxHP: 60, Vitals: Vitals{HP: 60}}
}

// thief is a thief of Thornald's level and Dexterity (V-26).
func thief() Profile {
	t := thornald()
	t.Profession = Thief
	return t
}

// robin is Miss Robin in house-cat form: dodge 72 %, factor 7 (V-27).
func robin() Profile {
	return Profile{THAC10: 15, Dodge: &Dodge{Base: 72, Factor: 7}, MaxHP: 30, Vitals: Vitals{HP: 30}}
}

// brute hits anything (THAC10 0) with a fixed damage expression.
func brute(damage string) Profile { return creature(0, 0, weapon(MeleeWeapon, damage)) }

// target is a plain defender of the given AR with no defences and 500 HP.
func target(ar int) Profile {
	return Profile{NaturalAR: ar, THAC10: 20, MaxHP: 500, Vitals: Vitals{HP: 500}}
}
