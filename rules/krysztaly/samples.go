package krysztaly

import (
	"encoding/json"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// The sample data of krysztaly-czasu.md §15.2. Only the numbers the spec
// marks as taken from the source are KC values; every sample is flagged
// Illustrative because each holds placeholders that must be replaced from the
// KC tables before real play. Each function returns a fresh value.

// TypicalSword is the orc's "typical sword" (miecz typowy): its slashing 120
// and piercing 100 come from the source's example; category, defence value
// and delay are placeholders.
func TypicalSword() Weapon {
	return Weapon{Name: "Typical sword", Group: "swords", Category: OneHand,
		Effectiveness: ByType{Piercing: 100, Slashing: 120}, Defence: 20, Delay: 3, Illustrative: true}
}

// Dagger is a dagger (daga) of the daggers group the source names; its
// numbers are placeholders.
func Dagger() Weapon {
	return Weapon{Name: "Dagger", Group: "daggers", Category: Light1H,
		Effectiveness: ByType{Piercing: 60, Slashing: 40}, Defence: 10, Delay: 2, Illustrative: true}
}

// Mace is a placeholder bludgeoning weapon.
func Mace() Weapon {
	return Weapon{Name: "Mace", Group: "maces", Category: OneHand,
		Effectiveness: ByType{Bludgeoning: 110}, Defence: 15, Delay: 3, Illustrative: true}
}

// BastardSword is a placeholder hand-and-a-half sword.
func BastardSword() Weapon {
	return Weapon{Name: "Bastard sword", Group: "swords", Category: HandHalf,
		Effectiveness: ByType{Piercing: 110, Slashing: 140}, Defence: 25, Delay: 4, Illustrative: true}
}

// TwoHandedAxe is a placeholder two-handed weapon.
func TwoHandedAxe() Weapon {
	return Weapon{Name: "Two-handed axe", Group: "axes", Category: TwoHand,
		Effectiveness: ByType{Slashing: 180}, Defence: 15, Delay: 5, Illustrative: true}
}

// Fist is bare hands as a weapon entry (KC-ND-17): the source says only that
// fists bludgeon, so its numbers are placeholders.
func Fist() Weapon {
	return Weapon{Name: "Fist", Group: "unarmed", Category: Other,
		Effectiveness: ByType{Bludgeoning: 20}, Defence: 0, Delay: 1, Illustrative: true}
}

// LeatherArmour is placeholder light armour.
func LeatherArmour() Armour {
	return Armour{Name: "Leather armour", Defence: 10, Absorption: ByType{20, 20, 20}, Illustrative: true}
}

// Mail is placeholder medium armour.
func Mail() Armour {
	return Armour{Name: "Mail", Defence: 20, Absorption: ByType{50, 50, 40}, ZR: 2, Illustrative: true}
}

// Plate is placeholder heavy armour.
func Plate() Armour {
	return Armour{Name: "Plate", Defence: 30, Absorption: ByType{90, 90, 70}, ZR: 3, SZ: 2, Illustrative: true}
}

// ShieldA borrows the source's example numbers (defence 25, ZR 1/2, SZ 1/3)
// for a shield; it is not a named KC shield, and its striking ratings are
// placeholders inside the source's 10–75 range.
func ShieldA() Shield {
	return Shield{Name: "Shield A", Defence: 25, ZR: 2, SZ: 3,
		Effectiveness: ByType{Slashing: 30, Bludgeoning: 20}, Illustrative: true}
}

// SampleOrc is the source's orc: SF 140 and proficiency 130 with the typical
// sword are the source's; ZR, attacks, vitality and movement are
// placeholders, and the source gives it no armour.
func SampleOrc() Profile {
	return Profile{Name: "Orc", SF: 140, ZR: 65, Attacks: 1, MaxAttacks: 2, Vitality: 150, Move: 4,
		Proficiencies: []Proficiency{{Group: "swords", Base: 130}},
		Weapons:       []Weapon{TypicalSword()}, Illustrative: true}
}

// SampleWarrior is an opponent for the orc: a level 1 human warrior whose
// sword proficiency 93 is a rolled 83 plus the warrior's +10 (KC-TV-3), in
// mail with shield A; every other number is a placeholder.
func SampleWarrior() Profile {
	mail, shield := Mail(), ShieldA()
	return Profile{Name: "Human warrior", Professions: []Profession{Warrior}, Level: 1,
		SF: 110, ZR: 55, Attacks: 1, MaxAttacks: 2, Vitality: 120, Move: 4,
		Proficiencies: []Proficiency{{Group: "swords", Base: 93}},
		Weapons:       []Weapon{TypicalSword()}, Armour: &mail, Shield: &shield, Illustrative: true}
}

// SampleEncounter is a small encounter in setup: the sample orc and the
// sample warrior face each other across an open 8 × 6 map, ready for the GM
// to roll initiative or set the order. Its dice are seeded with seed.
func SampleEncounter(seed uint64) (combat.Encounter, error) {
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 6}, seed)
	for _, c := range []struct {
		id, side string
		p        Profile
		pos      grid.Square
	}{
		{"orc", "orcs", SampleOrc(), grid.Square{X: 3, Y: 2}},
		{"warrior", "heroes", SampleWarrior(), grid.Square{X: 4, Y: 2}},
	} {
		raw, err := json.Marshal(c.p)
		if err != nil {
			return enc, err
		}
		spec := combat.Spec{ID: c.id, Name: c.p.Name, Side: c.side, Pos: c.pos, Profile: raw}
		if enc, _, err = combat.Apply(Ruleset{}, enc, combat.Place{Spec: spec}, dice.NewScripted()); err != nil {
			return enc, err
		}
	}
	return enc, nil
}
