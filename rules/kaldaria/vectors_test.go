package kaldaria

import (
	"testing"

	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
)

// strike is one attack of a vector: the attacker, the attack, the scripted
// dice (attack roll, dodge, parries, critical d6, damage dice, in that
// order) and the expected observations.
type strike struct {
	id      string // vector of this strike within a scene, when it differs from the row's
	att     Profile
	a       Attack
	faces   []int
	outcome Outcome
	want    map[string]int // trace keys (first occurrence) and result fields, see observe
	reset   bool           // start this strike from a fresh round
}

// vector is a row of the spec's test vectors (§16, §17): a defender and the
// strikes made on it in order, its round state carried between them.
type vector struct {
	id, rules string
	errata    string // the source's own (wrong) figure, where §18 records one
	def       Profile
	strikes   []strike
}

// observe flattens a result into named numbers: every trace key (its first
// value) plus the result's fields.
func observe(r Result) map[string]int {
	m := map[string]int{}
	for _, s := range r.Trace {
		if _, ok := m[s.Key.String()]; !ok {
			m[s.Key.String()] = s.Value
		}
	}
	b := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	m["crit"] = b(r.Critical)
	m["effect"] = int(r.Effect)
	m["final"] = r.Damage
	m["hp-after"] = r.Vitals.HP
	m["fa-after"] = r.Vitals.ForceArmour
	m["to-hp-after"] = r.ToHP
	m["weapon-parries"] = r.Round.WeaponParries
	m["shield-parries"] = r.Round.ShieldParries
	m["dodge-hits"] = r.Round.DodgeHits
	m["key-fired"] = b(r.LifeKeyFired)
	m["key-uses"] = r.Vitals.LifeKeyUses
	m["is-wounded"] = b(r.Wounded)
	m["is-down"] = b(r.Down)
	m["is-dead"] = b(r.Dead)
	return m
}

// one is a vector with a single strike.
func one(id, rules string, att, def Profile, a Attack, faces []int, out Outcome, want map[string]int) vector {
	return vector{id: id, rules: rules, def: def, strikes: []strike{{att: att, a: a, faces: faces, outcome: out, want: want}}}
}

func (v vector) withErrata(e string) vector { v.errata = e; return v }

type kv = map[string]int

// with returns p after applying f, for one-line variations of a creature.
func with(p Profile, f func(*Profile)) Profile {
	f(&p)
	return p
}

func melee(w Weapon) Profile { return creature(0, 0, w) }

func vectors() []vector {
	knightGranite := with(knightArmour(), func(p *Profile) { p.SpellAR = 3 })
	apUrchin := with(urchin(), func(p *Profile) { p.Weapons[0].PiercingPct = 100 })
	mutantSword := Weapon{Kind: MeleeWeapon, Damage: dice.MustParse("d8"), Magic: 3, VsGroup: "mutant", VsGroupMagic: 5}
	urchinSword := with(urchin(), func(p *Profile) { p.Weapons = []Weapon{mutantSword} })
	urchinTarget := with(target(0), func(p *Profile) { p.Armour.AR = 3; p.Dex = 17 })
	wild := Attack{Maneuver: WildBlow}
	cursed := with(knight(), func(p *Profile) { p.Curse = 4 })
	woundedKnight := with(cursed, func(p *Profile) { p.Vitals.HP = 60 })
	plainKnight := with(knightArmour(), func(p *Profile) { p.Armour.Abs, p.Armour.Cutter = 0, 0 })
	dragon := with(target(0), func(p *Profile) { p.Armour.Abs, p.Armour.Cutter = 40, 12 })
	guardian := with(target(0), func(p *Profile) {
		p.Armour = Armour{Abs: 10, Cutter: 3}
		p.MaxHP, p.Vitals = 100, Vitals{HP: 100, ForceArmour: 10 + 4*9}
	})
	blow250 := Attack{Maneuver: Maneuver{Key: "blow-250", DamagePct: 250}}
	swordsmanKnight := with(knight(), func(p *Profile) {
		p.Profession, p.LevelSteps, p.Shield = Swordsman, LevelSteps{First: 4, Every: 3}, nil
	})
	// V-25: a defender with two weapon parries at THAC 10 and nothing else.
	feintee := with(target(10), func(p *Profile) {
		p.THAC10, p.Weapons, p.ExtraWeaponParries = 10, []Weapon{weapon(MeleeWeapon, "d6")}, 1
		p.Weapons[0].TwoHanded = true
	})
	slasher := creature(10, 0, weapon(MeleeWeapon, "d10"))
	feint := Attack{Maneuver: Maneuver{Key: "death-slash-feint", HitBonus: 2, DamagePct: 50}}
	slash := Attack{Maneuver: Maneuver{Key: "death-slash", DamagePct: 200, Rider: 10}}
	// S-27: weapon pool 1 and shield pool 1 at THAC 10, passive at 12.
	s27 := with(target(10), func(p *Profile) {
		p.THAC10, p.Weapons, p.ExtraWeaponParries = 10, []Weapon{weapon(MeleeWeapon, "d6")}, 1
		p.Shield, p.Armour.Passive = &Shield{}, true
	})
	s27att := creature(10, 0, weapon(Bite, "d6"))
	s27att.Weapons = append(s27att.Weapons, weapon(MeleeWeapon, "d6"))
	// S-28: weapon parry THAC 9 (stat block), passive 11.
	s28 := with(target(10), func(p *Profile) {
		nine := 9
		p.ParryTHAC, p.ExtraWeaponParries, p.Armour.Passive = &nine, 1, true
	})
	aura := with(s28, func(p *Profile) { p.Aura = &Aura{Attempts: 1} })
	s10 := with(target(10), func(p *Profile) { sixteen := 16; p.ParryTHAC, p.ExtraWeaponParries = &sixteen, 1 })
	keyed := with(plainKnight, func(p *Profile) {
		p.Shield, p.Dex, p.LifeKey, p.Vitals.LifeKeyUses = nil, 0, &LifeKey{ThresholdPct: 20}, 1
	})
	cat, assassin := robin(), thornald()
	ring := func(p Profile, r, fr, capPct int) Profile {
		d := Dodge{Ring: r, FactorRing: fr, Cap: capPct}
		if p.Dodge != nil {
			d.Base, d.Factor = p.Dodge.Base, p.Dodge.Factor
		}
		p.Dodge = &d
		return p
	}
	sword := creature(10, 0, weapon(MeleeWeapon, "d6"))
	swordsmanWounding := with(melee(Weapon{Kind: MeleeWeapon, Type: Sword, Wounding: true, Damage: dice.MustParse("d4")}), func(p *Profile) { p.Profession = Swordsman })
	banningAll := Weapon{Kind: MeleeWeapon, Wounding: true, Banning: &Banning{Group: "giant", Pct: 25}, Damage: dice.MustParse("d4")}
	giant := with(target(10), func(p *Profile) { p.Groups = []string{"giant"} })

	return []vector{
		one("V-01", "K-HIT-2 K-AR-1", urchin(), guard(), Attack{}, []int{1}, Missed, kv{"ar": 4, "need": 10}).
			withErrata("INC-1: the text says the urchins need 12 (16 minus 4); K-HIT-2 gives 10"),
		one("V-02", "K-AR-2 K-HIT-2", urchin(), knightArmour(), Attack{}, []int{1}, Missed, kv{"ar": 12, "need": 18}),
		one("V-03/5", "K-HIT-4", urchin(), guard(), Attack{}, []int{5}, Missed, kv{"need": 10}).
			withErrata("INC-1: the text's margins are 5 and 7 with need 12; classification unchanged"),
		one("V-03/17", "K-HIT-6 K-CRIT-1", urchin(), guard(), Attack{}, []int{17, 3}, Hit, kv{"margin": 7, "crit": 0, "final": 3}),
		one("V-03/19", "K-CRIT-1", urchin(), guard(), Attack{}, []int{19, 1}, Hit, kv{"margin": 9, "crit": 1, "effect": int(MaxDamage), "final": 6}),
		one("V-04/5", "K-HIT-4", urchin(), knightArmour(), Attack{}, []int{5}, Missed, kv{"need": 18}),
		one("V-04/17", "K-HIT-4", urchin(), knightArmour(), Attack{}, []int{17}, Missed, kv{"need": 18}),
		one("V-04/19", "K-CRIT-1", urchin(), knightArmour(), Attack{}, []int{19, 2, 4}, Hit, kv{"margin": 1, "crit": 0, "final": 1}),
		one("V-05", "K-CRIT-2 D-1", urchin(), knightArmour(), Attack{}, []int{20, 2, 6}, Hit, kv{"margin": 2, "crit": 1, "effect": int(DoubleMaxDamage)}),
		one("V-06/19", "K-AR-3 K-HIT-3", urchin(), knightGranite, Attack{}, []int{19}, Missed, kv{"ar": 15, "need": 21}),
		one("V-06/20", "K-HIT-3 K-CRIT-2", urchin(), knightGranite, Attack{}, []int{20, 2, 6}, Hit, kv{"need": 21, "crit": 0}),
		one("V-07", "K-WPN-2 K-CRIT-1", apUrchin, knightArmour(), Attack{}, []int{18, 2, 1}, Hit, kv{"ar": 3, "need": 9, "margin": 9, "crit": 1}),
		one("V-07/granite", "K-WPN-2", apUrchin, knightGranite, Attack{}, []int{18, 2, 1}, Hit, kv{"ar": 6, "need": 12, "margin": 6, "crit": 1}),
		one("V-08", "K-AR-3", urchin(), with(guard(), func(p *Profile) { p.ItemAR = 2 }), Attack{}, []int{1}, Missed, kv{"ar": 6}),
		one("V-09/ordinary", "K-MOD-5", urchinSword, target(10), Attack{}, []int{1}, Missed, kv{"thac10": 13}),
		one("V-09/mutant", "K-MOD-5", urchinSword, with(target(10), func(p *Profile) { p.Groups = []string{"mutant"} }), Attack{}, []int{1}, Missed, kv{"thac10": 11, "magic-vs-group": 5}),
		one("V-10/3", "K-MOD-1..6 K-HIT-2", knight(), urchinTarget, wild, []int{3, 4}, Hit, kv{"level": 2, "str": 2, "skill": 2, "magic": 2, "maneuver": 2, "thac10": 7, "ar": 6, "need": 3, "final": 9}),
		one("V-10/2", "K-HIT-4", knight(), urchinTarget, wild, []int{2}, Missed, kv{"need": 3}),
		one("V-11", "K-MOD-8", cursed, urchinTarget, wild, []int{1}, Missed, kv{"curse": -4, "thac10": 11, "need": 7}),
		one("V-12", "K-MOD-7 K-HP-2", woundedKnight, urchinTarget, wild, []int{1}, Missed, kv{"wounded": -2, "thac10": 13, "need": 9}),
		one("V-13", "K-DMG-3..6 K-CRIT-7", brute("17"), knightArmour(), Attack{}, []int{18, 2, 4}, Hit, kv{"abs": -2, "cutter": -3, "damage-reduced": 12, "final": 24}),
		one("V-13/no-reducers", "K-DMG-6", brute("17"), plainKnight, Attack{}, []int{18, 2, 5}, Hit, kv{"final": 34}),
		one("V-14", "K-DMG-6 K-HP-3", brute("30"), plainKnight, blow250, []int{18, 2, 4}, Hit, kv{"final": 150, "hp-after": -14, "is-down": 1, "is-dead": 1}),
		one("V-14/reducers", "K-DMG-5 K-DMG-6 K-HP-2", brute("30"), knightArmour(), blow250, []int{18, 2, 4}, Hit, kv{"abs": -3, "damage-reduced": 24, "final": 120, "hp-after": 16, "is-down": 0, "is-wounded": 1}),
		one("V-15", "K-DMG-3..6", brute("30"), dragon, blow250, []int{18, 4}, Hit, kv{"abs": -12, "damage-reduced": 6, "final": 30}),
		one("V-16", "K-FA-1..3", brute("30"), guardian, blow250, []int{18, 4}, Hit, kv{"final": 120, "to-force-armour": 46, "fa-after": 0, "to-hp-after": 74, "hp-after": 26}),
		one("V-17/12", "K-HIT-5 K-PARRY-2 K-PARRY-3", urchin(), knight(), Attack{}, []int{19, 12}, Parried, kv{"ar-hit": 13, "parry-thac-weapon": 9, "parry-need-weapon": 12, "weapon-parries": 1}).
			withErrata("INC-6: the text's parry THAC lists ability, level and skill only; its own 9 includes the sword's +2"),
		one("V-17/11", "K-PARRY-2", urchin(), knight(), Attack{}, []int{19, 11, 2, 4}, Hit, kv{"parry-need-weapon": 12, "parry-need-shield": 14, "final": 1}),
		one("V-18", "K-PARRY-4", urchin(), swordsmanKnight, Attack{}, []int{19, 10}, Parried, kv{"parry-thac-weapon": 7, "parry-need-weapon": 10}),
		{id: "V-19..V-23", rules: "K-HIT-5 K-PARRY-6 K-PARRY-12 K-PARRY-13 K-PARRY-5", def: swordsman(), strikes: []strike{
			{id: "V-19/nat-3", att: elemental(), faces: []int{3}, outcome: Missed, want: kv{"need": 9}},
			{id: "V-19/nat-5", att: elemental(), faces: []int{5}, outcome: Missed, want: kv{"need": 9}},
			{id: "V-21/hit-1", att: elemental(), faces: []int{11, 5, 13}, outcome: Parried, want: kv{"ar-hit": 12, "crit": 0, "parry-need-weapon": 9, "weapon-parries": 2}},
			{id: "V-21/hit-2", att: elemental(), faces: []int{13, 15}, outcome: Parried, want: kv{"ar-hit": 14, "parry-need-weapon": 11, "weapon-parries": 3}},
			{id: "V-22/hit-3", att: elemental(), faces: []int{16, 4, 5}, outcome: Hit, want: kv{"ar-hit": 17, "margin": 7, "crit": 0, "parry-thac-passive": 11, "parry-need-passive": 18, "final": 5, "hp-after": 115}},
			{id: "V-22/hit-4", att: elemental(), faces: []int{18, 7, 4, 6}, outcome: Hit, want: kv{"ar-hit": 19, "margin": 9, "crit": 1, "parry-need-passive": 20, "effect": int(DoubleDamage), "final": 12, "hp-after": 103}},
			{id: "V-23/pincer-1", att: beetle(), faces: []int{10}, outcome: Missed, want: kv{"need": 11}},
			{id: "V-23/pincer-2", att: beetle(), faces: []int{15, 3, 2}, outcome: Hit, want: kv{"ar-hit": 14, "crit": 0, "parry-need-passive": 15, "final": 2, "hp-after": 101}},
			{id: "V-23/bite", att: beetle(), a: Attack{Weapon: 1}, faces: []int{14, 14}, outcome: Parried, want: kv{"ar-hit": 13, "parry-need-passive": 14}},
			{id: "V-23/weapon-parry-left", att: beetle(), faces: []int{15, 20}, outcome: Parried, reset: true, want: kv{"parry-need-weapon": 11}},
		}},
		{id: "V-20", rules: "K-PARRY-2..4", def: swordsman(), errata: "INC-2: the text gives 10, 12, 15, 17; its own formula gives 9, 11, 14, 16", strikes: []strike{
			{att: elemental(), faces: []int{11, 20}, outcome: Parried, reset: true, want: kv{"parry-need-weapon": 9}},
			{att: elemental(), faces: []int{13, 20}, outcome: Parried, reset: true, want: kv{"parry-need-weapon": 11}},
			{att: elemental(), faces: []int{16, 20}, outcome: Parried, reset: true, want: kv{"parry-need-weapon": 14}},
			{att: elemental(), faces: []int{18, 20}, outcome: Parried, reset: true, want: kv{"parry-need-weapon": 16}},
		}},
		{id: "V-25", rules: "K-PARRY-12 K-DMG-6 K-DMG-7", def: feintee, strikes: []strike{
			{att: slasher, a: feint, faces: []int{12, 15}, outcome: Parried, want: kv{"need": 8, "ar-hit": 14, "parry-need-weapon": 14, "weapon-parries": 1}},
			{att: slasher, a: feint, faces: []int{9, 7, 8}, outcome: Hit, want: kv{"ar-hit": 11, "parry-need-weapon": 11, "weapon-parries": 2, "final": 4}},
			{att: slasher, a: slash, faces: []int{17, 9}, outcome: Hit, want: kv{"need": 10, "crit": 0, "final": 28}},
		}},
		one("V-26/assassin", "K-DODGE-2 K-AR-2", sword, thornald(), Attack{}, []int{1}, Missed, kv{"dodge-base": 23}).
			withErrata("INC-3: the text says +1 per level; its examples add level-1"),
		one("V-26/thief", "K-DODGE-2", sword, thief(), Attack{}, []int{1}, Missed, kv{"dodge-base": 36}),
		{id: "V-27", rules: "K-DODGE-3 K-DODGE-4", def: cat, strikes: []strike{
			{att: sword, faces: []int{15, 99, 1}, outcome: Hit, want: kv{"dodge-chance": 72}},
			{att: sword, faces: []int{15, 99, 1}, outcome: Hit, want: kv{"dodge-chance": 65}},
			{att: sword, faces: []int{15, 58}, outcome: Dodged, want: kv{"dodge-chance": 58, "dodge-hits": 3}},
		}},
		{id: "V-28", rules: "K-DODGE-3 K-DODGE-4", def: assassin, strikes: []strike{
			{att: sword, faces: []int{15, 24, 1}, outcome: Hit, want: kv{"dodge-chance": 23}},
			{att: sword, faces: []int{15, 12}, outcome: Dodged, want: kv{"dodge-chance": 12}},
			{att: sword, faces: []int{15, 2, 1}, outcome: Hit, want: kv{"dodge-chance": 1}},
		}},
		{id: "V-28/minimum", rules: "K-DODGE-11", def: assassin, strikes: []strike{
			{att: sword, faces: []int{15, 99, 1}, outcome: Hit, want: kv{"dodge-chance": 23}},
			{att: sword, faces: []int{15, 99, 1}, outcome: Hit, want: kv{"dodge-chance": 12}},
			{att: sword, a: Attack{Campaign: Campaign{MinimumDodge: true}}, faces: []int{15, 5}, outcome: Dodged, want: kv{"dodge-chance": 5}},
		}},
		one("V-29/cat", "K-DODGE-6 K-DODGE-10", sword, cat, Attack{}, []int{19, 36}, Dodged, kv{"crit": 1, "dodge-chance": 36}),
		one("V-29/assassin", "K-DODGE-6 K-DODGE-10", sword, assassin, Attack{}, []int{19, 13, 1}, Hit, kv{"crit": 1, "dodge-chance": 12, "effect": int(MaxDamage), "final": 6}),
		one("V-30/cat", "K-DODGE-6", melee(weapon(Bite, "d4")), cat, Attack{}, []int{15, 54}, Dodged, kv{"dodge-chance": 54}),
		one("V-30/thief", "K-DODGE-6", melee(weapon(MissileSlow, "d4")), thief(), Attack{}, []int{15, 27}, Dodged, kv{"dodge-chance": 27}),
		one("V-30/assassin", "K-DODGE-6 K-DODGE-10", melee(weapon(Bite, "d4")), assassin, Attack{}, []int{15, 17}, Dodged, kv{"dodge-chance": 17}).
			withErrata("INC-4: the text says halving rounds up; 23×3/4 = 17.25 gives 17 in its own example"),
		one("V-31", "K-DODGE-6 K-DODGE-10", melee(weapon(MissileFast, "d4")), assassin, Attack{}, []int{19, 6}, Dodged, kv{"crit": 1, "dodge-chance": 6}),
		one("V-32/assassin", "K-DODGE-5", sword, ring(assassin, 4, 0, 0), Attack{}, []int{15, 27}, Dodged, kv{"dodge-chance": 27}),
		one("V-32/cat", "K-DODGE-5", sword, ring(cat, 4, 0, 0), Attack{}, []int{15, 76}, Dodged, kv{"dodge-chance": 76}),
		one("V-33/assassin", "K-DODGE-5", sword, ring(assassin, 0, 1, 0), Attack{}, []int{1}, Missed, kv{"dodge-factor": 10}),
		one("V-33/thief", "K-DODGE-5", sword, ring(thief(), 0, 1, 0), Attack{}, []int{1}, Missed, kv{"dodge-factor": 8}),
		one("V-33/cat", "K-DODGE-5", sword, ring(cat, 0, 1, 0), Attack{}, []int{1}, Missed, kv{"dodge-factor": 6}),
		{id: "V-34/cat", rules: "K-DODGE-8 K-DODGE-9", def: ring(cat, 14, 0, 80), strikes: []strike{
			{att: sword, faces: []int{15, 99, 1}, outcome: Hit, want: kv{"dodge-chance": 80}},
			{att: sword, faces: []int{15, 73}, outcome: Dodged, want: kv{"dodge-chance": 73}},
		}},
		{id: "V-34/thief", rules: "K-DODGE-8 K-DODGE-9", def: ring(with(thief(), func(p *Profile) { p.Level, p.Dex = 24, 18 }), 0, 0, 50), strikes: []strike{
			{att: sword, faces: []int{15, 99, 1}, outcome: Hit, want: kv{"dodge-base": 56, "dodge-chance": 50}},
			{att: sword, faces: []int{15, 41}, outcome: Dodged, want: kv{"dodge-chance": 41}},
		}},
		one("S-01/max", "K-CRIT-7 K-CRIT-8", brute("d8+3"), target(0), Attack{}, []int{18, 2}, Hit, kv{"final": 11}),
		one("S-01/double", "K-CRIT-7", brute("d8+3"), target(0), Attack{}, []int{18, 4, 5}, Hit, kv{"final": 16}),
		one("S-01/double-max", "K-CRIT-7", brute("d8+3"), target(0), Attack{}, []int{18, 6}, Hit, kv{"final": 22}),
		one("S-01/max-knight", "K-DMG-5", brute("d8+3"), knightArmour(), Attack{}, []int{18, 2, 3}, Hit, kv{"final": 6}),
		one("S-01/double-knight", "K-DMG-5 K-DMG-6", brute("d8+3"), knightArmour(), Attack{}, []int{18, 2, 5, 5}, Hit, kv{"final": 8}),
		one("S-01/double-max-knight", "K-DMG-6", brute("d8+3"), knightArmour(), Attack{}, []int{18, 2, 6}, Hit, kv{"final": 12}),
		one("S-02/ordinary-17", "K-CRIT-1", sword, target(10), Attack{}, []int{17, 1}, Hit, kv{"need": 10, "crit-nat-min": 18, "crit-margin-min": 5, "crit": 0}),
		one("S-02/ordinary-18", "K-CRIT-1", sword, target(10), Attack{}, []int{18, 1}, Hit, kv{"crit": 1}),
		one("S-02/swordsman", "K-CRIT-3", with(melee(Weapon{Kind: MeleeWeapon, Type: Sword, Damage: dice.MustParse("d4")}), func(p *Profile) { p.Profession, p.THAC10 = Swordsman, 10 }), target(10), Attack{}, []int{17, 1}, Hit, kv{"crit-nat-min": 17, "crit-margin-min": 4, "crit": 1}),
		one("S-02/wounding-16", "K-CRIT-3 K-WPN-1", with(swordsmanWounding, func(p *Profile) { p.THAC10 = 14 }), target(10), Attack{}, []int{16, 1}, Hit, kv{"need": 14, "crit-nat-min": 16, "crit-margin-min": 3, "crit": 0}),
		one("S-02/wounding-17", "K-CRIT-3 K-WPN-1", with(swordsmanWounding, func(p *Profile) { p.THAC10 = 14 }), target(10), Attack{}, []int{17, 1}, Hit, kv{"crit": 1}),
		one("S-02/banning", "K-CRIT-3 K-WPN-4 REC A-04", with(melee(banningAll), func(p *Profile) { p.THAC10 = 10 }), giant, Attack{}, []int{16, 1}, Hit, kv{"crit-nat-min": 17, "crit": 0}),
		one("S-02/improved-oa", "K-CRIT-4 K-OA-3", with(sword, func(p *Profile) { p.THAC10 = 13 }), target(10), Attack{OA: ImprovedOA}, []int{17, 1}, Hit, kv{"need": 10, "crit-nat-min": 17, "crit": 1}),
		one("S-02/flank", "K-CRIT-4 K-FLANK-9", with(sword, func(p *Profile) { p.THAC10 = 13 }), target(10), Attack{Tier: Flank}, []int{17, 1}, Hit, kv{"need": 10, "crit": 1}),
		one("S-02/second-flank", "K-CRIT-4", with(sword, func(p *Profile) { p.THAC10 = 14 }), target(10), Attack{Tier: SecondFlank}, []int{16, 1}, Hit, kv{"need": 10, "crit-nat-min": 16, "crit": 1}),
		one("S-02/rear", "K-CRIT-4", with(sword, func(p *Profile) { p.THAC10 = 14 }), target(10), Attack{Tier: Rear}, []int{16, 1}, Hit, kv{"need": 10, "crit": 1}),
		one("S-02/swordsman-wounding-rear", "K-CRIT-3 K-CRIT-4", with(swordsmanWounding, func(p *Profile) { p.THAC10 = 17 }), target(10), Attack{Tier: Rear}, []int{14, 1}, Hit, kv{"need": 13, "crit-nat-min": 14, "crit-margin-min": 1, "crit": 1}),
		one("S-02/need-20", "K-CRIT-2 D-1", with(swordsmanWounding, func(p *Profile) { p.THAC10 = 24 }), target(10), Attack{Tier: Rear}, []int{20, 1}, Hit, kv{"need": 20, "crit": 0}),
		one("S-03/x5", "K-DMG-5", brute("5"), dragon, blow250, []int{18, 4}, Hit, kv{"damage-reduced": 1, "final": 5}),
		one("S-03/x1", "K-DMG-5", brute("5"), dragon, Attack{}, []int{10}, Hit, kv{"abs": -2, "damage-reduced": 1, "final": 1}),
		one("S-04", "K-DMG-6 K-DMG-7", brute("17"), knightArmour(), wild, []int{18, 2, 4}, Hit, kv{"damage-reduced": 12, "final": 36}),
		one("S-05/normal", "K-OA-2 K-DMG-6", with(brute("11"), func(p *Profile) { p.THAC10 = 10 }), target(0), Attack{OA: NormalOA}, []int{10}, Hit, kv{"final": 17}),
		one("S-05/improved", "K-OA-3 REC A-02", with(brute("11"), func(p *Profile) { p.THAC10 = 10 }), target(0), Attack{OA: ImprovedOA}, []int{10}, Hit, kv{"final": 18}),
		one("S-05/improved-3", "K-OA-3 REC A-02", with(brute("3"), func(p *Profile) { p.THAC10 = 10 }), target(0), Attack{OA: NormalOA, Charge: true}, []int{10}, Hit, kv{"final": 5}),
		one("S-06/normal", "K-OA-2", with(brute("11"), func(p *Profile) { p.THAC10 = 12 }), target(10), Attack{OA: NormalOA}, []int{10}, Hit, kv{"need": 10, "final": 17}),
		one("S-06/quick-leap", "K-OA-6 REC A-41", with(brute("11"), func(p *Profile) { p.THAC10 = 12 }), target(10), Attack{OA: ImprovedOA, TargetManeuvering: true}, []int{17}, Hit, kv{"need": 12, "crit-nat-min": 18, "crit": 0, "final": 11}),
		one("S-07", "K-WPN-3 REC A-10", with(urchin(), func(p *Profile) { p.Weapons[0].PiercingPct = 50 }), knightArmour(), Attack{}, []int{1}, Missed, kv{"armour-piercing": -5, "ar": 7, "need": 13}),
		one("S-09/120", "K-LIFE-1 K-LIFE-3", brute("120"), keyed, Attack{}, []int{10}, Hit, kv{"hp-after": 16, "key-fired": 1, "key-uses": 0}),
		one("S-09/28", "K-LIFE-1", brute("108"), keyed, Attack{}, []int{10}, Hit, kv{"hp-after": 28, "key-fired": 0, "key-uses": 1}),
		one("S-09/27", "K-LIFE-1", brute("109"), keyed, Attack{}, []int{10}, Hit, kv{"hp-after": 27, "key-fired": 1}),
		one("S-09/150", "K-LIFE-2 REC A-16", brute("150"), keyed, Attack{}, []int{10}, Hit, kv{"hp-after": -14, "key-fired": 1, "is-down": 1, "is-dead": 1}),
		one("S-10/20", "K-PARRY-17", creature(10, 0, weapon(MeleeWeapon, "d4")), s10, Attack{}, []int{19, 20}, Parried, kv{"ar-hit": 19, "parry-need-weapon": 25}),
		one("S-10/19", "K-PARRY-17", creature(10, 0, weapon(MeleeWeapon, "d4")), s10, Attack{}, []int{19, 19, 1}, Hit, kv{"parry-need-weapon": 25}),
		one("S-10/1", "K-PARRY-17", creature(36, 0, weapon(MeleeWeapon, "d4")), s10, Attack{}, []int{20, 1, 1}, Hit, kv{"ar-hit": -6, "parry-need-weapon": 0, "crit": 0}),
		{id: "S-11", rules: "K-DODGE-7 K-DODGE-9 K-DODGE-11", def: assassin, strikes: []strike{
			{att: sword, faces: []int{15, 99, 1}, outcome: Hit, want: kv{"dodge-chance": 23}},
			{att: sword, faces: []int{2}, outcome: Missed, want: kv{"dodge-hits": 1}},
			{att: sword, faces: []int{19, 99, 1}, outcome: Hit, want: kv{"crit": 1, "dodge-chance": 6}},
			{att: sword, faces: []int{19, 1}, outcome: Dodged, want: kv{"crit": 1, "dodge-chance": 1}},
		}},
		{id: "S-24", rules: "K-FA-2", def: with(target(0), func(p *Profile) { p.Vitals.ForceArmour = 46 }), strikes: []strike{
			{att: brute("30"), faces: []int{10}, outcome: Hit, want: kv{"fa-after": 16, "hp-after": 500}},
			{att: brute("20"), faces: []int{10}, outcome: Hit, want: kv{"fa-after": 0, "to-hp-after": 4, "hp-after": 496}},
		}},
		one("S-25/25", "K-WPN-4 K-DMG-6", melee(Weapon{Kind: MeleeWeapon, Damage: dice.MustParse("10"), Banning: &Banning{Group: "giant", Pct: 25}}), giant, Attack{}, []int{18, 4}, Hit, kv{"final": 25}),
		one("S-25/40", "K-WPN-4 K-DMG-6", melee(Weapon{Kind: MeleeWeapon, Damage: dice.MustParse("d10+2"), Banning: &Banning{Group: "giant", Pct: 40}}), giant, Attack{}, []int{18, 6}, Hit, kv{"final": 34}),
		one("S-25/cap", "K-DMG-8 REC A-14", melee(Weapon{Kind: MeleeWeapon, Damage: dice.MustParse("d10+2"), Banning: &Banning{Group: "giant", Pct: 40}}), giant, Attack{Campaign: Campaign{DamageCapTenths: 25}}, []int{18, 6}, Hit, kv{"damage-cap": 30, "final": 30}),
		one("S-25/not-critical", "K-WPN-4 REC A-11", with(melee(Weapon{Kind: MeleeWeapon, Damage: dice.MustParse("10"), Banning: &Banning{Group: "giant", Pct: 25}}), func(p *Profile) { p.THAC10 = 10 }), giant, Attack{}, []int{12}, Hit, kv{"crit": 0, "final": 10}),
		{id: "S-27", rules: "K-PARRY-5 K-PARRY-13", def: s27, strikes: []strike{
			{att: s27att, faces: []int{15, 12, 17}, outcome: Parried, want: kv{"ar-hit": 15, "parry-need-shield": 15, "parry-need-passive": 17, "weapon-parries": 0, "shield-parries": 1}},
			{att: s27att, a: Attack{Weapon: 1}, faces: []int{14, 9, 3, 2}, outcome: Hit, want: kv{"parry-need-weapon": 14, "parry-need-passive": 16, "weapon-parries": 1, "final": 2}},
		}},
		one("D-1", "K-CRIT-2 D-1", with(swordsmanWounding, func(p *Profile) { p.THAC10 = 24 }), target(10), Attack{Tier: Rear, Maneuver: Maneuver{CritSteps: 1}}, []int{20, 1}, Hit, kv{"need": 20, "crit-nat-min": 13, "crit-margin-min": 0, "crit": 0}),
		one("D-3/literal", "K-OA-3 D-3", with(brute("113"), func(p *Profile) { p.THAC10 = 3 }), target(0), Attack{OA: ImprovedOA}, []int{18, 4}, Hit, kv{"crit": 1, "final": 375}),
		one("D-3/thirds", "K-OA-3 D-3", with(brute("113"), func(p *Profile) { p.THAC10 = 3 }), target(0), Attack{OA: ImprovedOA, Campaign: Campaign{ExactThirds: true}}, []int{18, 4}, Hit, kv{"crit": 1, "final": 377}),
		one("D-5", "K-PARRY-8 D-5", melee(weapon(GhostTouch, "10")), with(knightArmour(), func(p *Profile) { p.Vitals.ForceArmour = 4 }), Attack{}, []int{10}, Hit, kv{"final": 10, "to-force-armour": 4, "to-hp-after": 6, "shield-parries": 0}),
		one("D-6", "K-PARRY-4 D-6", creature(10, 0, weapon(MeleeWeapon, "d4")), with(s28, func(p *Profile) { p.GrandParry = 2 }), Attack{}, []int{1}, Missed, kv{"parry-thac-weapon": 7, "parry-thac-passive": 11}),
		one("D-7/flank", "K-PARRY-14 D-7", creature(13, 0, weapon(GhostTouch, "d4")), aura, Attack{Tier: Flank}, []int{15, 17}, Parried, kv{"ar-hit": 15, "parry-thac-aura": 12, "parry-need-aura": 17}),
		one("D-7/rear", "K-FLANK-6 D-7", creature(14, 0, weapon(GhostTouch, "d4")), aura, Attack{Tier: Rear}, []int{15, 2}, Hit, kv{"no-active-parry": 0, "final": 2}),
		one("D-8", "K-MOD-3 D-8", with(creature(10, 0, weapon(SpellMissile, "d4")), func(p *Profile) { p.Dex, p.Str = 18, 3 }), target(10), Attack{}, []int{1}, Missed, kv{"dex": 3, "thac10": 7}),
		one("S-28/flank", "K-FLANK-1 K-PARRY-14", creature(13, 0, weapon(MeleeWeapon, "d4")), s28, Attack{Tier: Flank}, []int{15, 2, 2, 1}, Hit, kv{"ar-hit": 15, "parry-need-weapon": 17, "parry-need-passive": 16}),
		one("S-28/second-flank", "K-FLANK-3 K-PARRY-14", creature(14, 0, weapon(MeleeWeapon, "d4")), s28, Attack{Tier: SecondFlank}, []int{15, 2, 2, 1}, Hit, kv{"ar-hit": 15, "parry-need-weapon": 18, "parry-need-passive": 16}),
		one("S-28/rear", "K-FLANK-6 REC A-47", creature(14, 0, weapon(MeleeWeapon, "d4")), s28, Attack{Tier: Rear}, []int{16, 2, 1}, Hit, kv{"ar-hit": 16, "no-active-parry": 0, "parry-need-passive": 17, "weapon-parries": 0}),
	}
}

func TestVectors(t *testing.T) {
	for _, v := range vectors() {
		t.Run(v.id, func(t *testing.T) {
			if v.errata != "" {
				t.Logf("errata: %s", v.errata)
			}
			st := RoundState{}
			def := v.def
			for i, s := range v.strikes {
				if s.reset {
					st = RoundState{}
				}
				run := func(t *testing.T) {
					res, err := Resolve(s.att, def, st, s.a, dicetest.Script(t, s.faces...))
					if err != nil {
						t.Fatalf("strike %d (%s): %v", i+1, v.rules, err)
					}
					if res.Outcome != s.outcome {
						t.Errorf("strike %d: outcome %v, want %v (%s)\n%v", i+1, res.Outcome, s.outcome, v.rules, res.Trace)
					}
					got := observe(res)
					for k, want := range s.want {
						if g, ok := got[k]; !ok || g != want {
							t.Errorf("strike %d: %s = %d (present %v), want %d (%s)", i+1, k, g, ok, want, v.rules)
						}
					}
					st, def = res.Round, def.WithVitals(res.Vitals)
				}
				if s.id == "" {
					run(t)
				} else if !t.Run(s.id, run) {
					t.FailNow()
				}
			}
		})
	}
}
