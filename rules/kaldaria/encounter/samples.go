package encounter

import (
	"encoding/json"
	"sync"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/tactics"
)

// The sample encounters are the Kaldaria texts' own scenes. Numbers the
// spec's vectors give are used as given and cited; every other number (hit
// points, damage dice, speeds, sizes, the extra combatants that make the
// battlemap rules visible) is illustrative and marked so.

// human is the body of a category-2 creature of normal speed.
func human(attacks int) Body {
	return Body{Size: grid.SizeHuman, Speed: tactics.SpeedNormal, Attacks: attacks}
}

// weapon is a weapon of the given kind and damage dice.
func weapon(name string, kind kaldaria.AttackKind, damage string) kaldaria.Weapon {
	return kaldaria.Weapon{Name: name, Kind: kind, Damage: dice.MustParse(damage)}
}

// healthy returns p at full hit points.
func healthy(p kaldaria.Profile, hp int) kaldaria.Profile {
	p.MaxHP, p.Vitals = hp, kaldaria.Vitals{HP: hp}
	return p
}

// Urchin is a street urchin: THAC10 16 (V-01), reinforced leather 3 and
// Dex 17, AR 6 (V-10). Its club and 12 HP are illustrative.
func Urchin() Sheet {
	p := healthy(kaldaria.Profile{THAC10: 16, Dex: 17, Armour: kaldaria.Armour{AR: 3},
		Weapons: []kaldaria.Weapon{weapon("Club", kaldaria.MeleeWeapon, "d6")}}, 12)
	return Sheet{Stats: p, Body: human(1)}
}

// CityGuard is the city guard in light chain, AR 4 with average Dexterity
// (V-01); his THAC10 17 is the fighter's base (K-MOD-2); sword and 40 HP
// are illustrative.
func CityGuard() Sheet {
	p := healthy(kaldaria.Profile{Profession: kaldaria.Warrior, Level: 1, THAC10: 17, Dex: 10,
		Armour:  kaldaria.Armour{AR: 4},
		Weapons: []kaldaria.Weapon{weapon("Short sword", kaldaria.MeleeWeapon, "d6+1")}}, 40)
	return Sheet{Stats: p, Body: human(1)}
}

// Knight is the knight of Saint-Claudor: level-9 fighter, Str 17, Dex 17,
// stamina user, fine suit 7 with Abs 10 % and Cutter 3, wide shield 2,
// long sword +2 (+4 against undead) at Expert, 136 HP (V-02, V-10, V-13,
// V-14, V-17). The sword's d8+2 damage and the suit counting as heavy for
// movement are illustrative.
func Knight() Sheet {
	sword := weapon("Long sword", kaldaria.MeleeWeapon, "d8+2")
	sword.Type, sword.Skill, sword.Magic, sword.VsGroup, sword.VsGroupMagic = kaldaria.Sword, kaldaria.Expert, 2, "undead", 4
	p := healthy(kaldaria.Profile{Profession: kaldaria.Warrior, Level: 9, THAC10: 17, Str: 17, Dex: 17, Fitness: 14,
		Stamina: true, Armour: kaldaria.Armour{AR: 7, Abs: 10, Cutter: 3, Heavy: true},
		Shield: &kaldaria.Shield{AR: 2}, Weapons: []kaldaria.Weapon{sword}}, 136)
	return Sheet{Stats: p, Body: human(1)}
}

// Swordsman is the defender of V-19..V-23: a level-9 swordsman and stamina
// user, Str 17, Dex 17, AR 10 (armour 7 + Dexterity 3) with passive parry,
// two swords +2, one of them Extra parry, so three weapon parries a round
// (V-21, V-24). His 120 HP and the swords' d8+2 are illustrative.
func Swordsman() Sheet {
	sword := weapon("Sword", kaldaria.MeleeWeapon, "d8+2")
	sword.Type, sword.Skill, sword.Magic = kaldaria.Sword, kaldaria.Expert, 2
	parrying := sword
	parrying.Name, parrying.ExtraParry = "Parrying sword", true
	p := healthy(kaldaria.Profile{Profession: kaldaria.Swordsman, Level: 9,
		LevelSteps: kaldaria.LevelSteps{First: 4, Every: 3}, THAC10: 17, Str: 17, Dex: 17, Stamina: true,
		Armour: kaldaria.Armour{AR: 7, Passive: true}, Weapons: []kaldaria.Weapon{parrying, sword}}, 120)
	return Sheet{Stats: p, Body: human(1)}
}

// Elemental is the elemental of lust and madness: THAC10 9 and six melee
// weapon attacks a round (V-19). Its AR 5, d8 blows and 60 HP are
// illustrative.
func Elemental() Sheet {
	p := healthy(kaldaria.Profile{THAC10: 9, NaturalAR: 5,
		Weapons: []kaldaria.Weapon{weapon("Blade of madness", kaldaria.MeleeWeapon, "d8")}}, 60)
	return Sheet{Stats: p, Body: human(6)}
}

// Beetle is the giant beetle: THAC10 11, two pincer attacks and a bite
// (V-23). Its AR 6, damage, 50 HP and ogre size are illustrative.
func Beetle() Sheet {
	p := healthy(kaldaria.Profile{THAC10: 11, NaturalAR: 6, Weapons: []kaldaria.Weapon{
		weapon("Pincer", kaldaria.NaturalWeaponlike, "d6"), weapon("Bite", kaldaria.Bite, "2d4")}}, 50)
	return Sheet{Stats: p, Body: Body{Size: grid.SizeOgre, Speed: tactics.SpeedSlow, Attacks: 3}}
}

// Robin is Miss Robin in house-cat form: dodge 72 %, reduced by 7 for each
// further hit in a round (V-27). THAC10, claws, Dexterity, 30 HP, cat size
// and speed are illustrative.
func Robin() Sheet {
	p := healthy(kaldaria.Profile{THAC10: 15, Dex: 18, Dodge: &kaldaria.Dodge{Base: 72, Factor: 7},
		Weapons: []kaldaria.Weapon{weapon("Claws", kaldaria.NaturalWeaponlike, "d3")}}, 30)
	return Sheet{Stats: p, Body: Body{Size: grid.SizeGorg, Speed: tactics.SpeedFast}}
}

// Thug is one of the thugs with ordinary swords (V-27); all its numbers
// are illustrative.
func Thug() Sheet {
	p := healthy(kaldaria.Profile{THAC10: 15, Dex: 11, Armour: kaldaria.Armour{AR: 2},
		Weapons: []kaldaria.Weapon{weapon("Sword", kaldaria.MeleeWeapon, "d8")}}, 20)
	return Sheet{Stats: p, Body: human(1)}
}

// Raider is an attacker of the corridor fight; illustrative.
func Raider() Sheet {
	p := healthy(kaldaria.Profile{THAC10: 16, Dex: 12, Armour: kaldaria.Armour{AR: 3},
		Weapons: []kaldaria.Weapon{weapon("Axe", kaldaria.MeleeWeapon, "d8")}}, 18)
	return Sheet{Stats: p, Body: human(1)}
}

// Captain is a defender of the corridor fight: a level-5 fighter with mail
// and shield; illustrative.
func Captain() Sheet {
	sword := weapon("Sword", kaldaria.MeleeWeapon, "d8+1")
	sword.Skill = kaldaria.Skilled
	p := healthy(kaldaria.Profile{Profession: kaldaria.Warrior, Level: 5, THAC10: 17, Str: 14, Dex: 13,
		Armour: kaldaria.Armour{AR: 5, Passive: true}, Shield: &kaldaria.Shield{AR: 1},
		Weapons: []kaldaria.Weapon{sword}}, 55)
	return Sheet{Stats: p, Body: human(1)}
}

// body places one combatant.
type body struct {
	id, name, side string
	sheet          Sheet
	x, y           int
}

// laidOut holds, by its JSON, each valid sheet layout has placed, which
// DecodeSheet hands back instead of decoding that JSON: placing a sample's
// creatures and starting its battle decoded the same few profiles eight
// times (the first sample), which made the page's start compile JSON's
// decoder and the strict scanner, and the browser then compiled their
// largest functions again optimised, all before the first board.
// TestLaidOutAsDecoded checks each sheet is what decoding its JSON gives.
var laidOut sync.Map

// layout returns an encounter in setup with the combatants placed.
func layout(m grid.Map, seed uint64, bs []body) (combat.Encounter, error) {
	enc := combat.NewEncounter(RulesetID, m, seed)
	for _, b := range bs {
		raw, err := json.Marshal(b.sheet)
		if err != nil {
			return enc, err
		}
		if _, known := laidOut.Load(string(raw)); !known && b.sheet.Validate() == nil {
			laidOut.Store(string(raw), b.sheet)
		}
		spec := combat.Spec{ID: b.id, Name: b.name, Side: b.side, Pos: grid.Square{X: b.x, Y: b.y}, Profile: raw}
		if enc, _, err = combat.Apply(Ruleset{}, enc, combat.Place{Spec: spec}, dice.NewScripted()); err != nil {
			return enc, err
		}
	}
	return enc, nil
}

// play applies commands that roll no dice but the scripted faces given
// with them, to bring a sample to the moment it shows.
func play(enc combat.Encounter, steps []scripted) (combat.Encounter, error) {
	for _, s := range steps {
		var err error
		if enc, _, err = combat.Apply(Ruleset{}, enc, s.cmd, dice.NewScripted(s.faces...)); err != nil {
			return enc, err
		}
	}
	return enc, nil
}

// scripted is a command with the faces of the dice it rolls.
type scripted struct {
	cmd   combat.Command
	faces []int
}

// order is a SetOrder with one slot per combatant, in the given order.
func order(ids ...string) combat.SetOrder {
	o := combat.SetOrder{}
	for i, id := range ids {
		o.Order = append(o.Order, combat.Slot{Members: []string{id}, Score: len(ids) - i})
	}
	return o
}

// fumble is an attack whose die shows a natural 1: it misses and rolls
// nothing else (K-HIT-3), but it enters the engagement list (K-PIN-9).
func fumble(att, def string) scripted {
	return scripted{cmd: combat.Attack{Attacker: att, Defender: def}, faces: []int{1}}
}

// SampleUrchins is the opening scene of the attack rules: three street
// urchins jump a city guard outside a harbour inn (V-01, V-03), and the
// knight of Saint-Claudor they will run into next comes up the street
// (V-02, V-04, V-10, V-17). It is in setup, ready for initiative.
func SampleUrchins(seed uint64) (combat.Encounter, error) {
	return layout(grid.Map{W: 12, H: 8}, seed, []body{
		{"urchin-1", "Urchin 1", "urchins", Urchin(), 3, 3},
		{"urchin-2", "Urchin 2", "urchins", Urchin(), 3, 4},
		{"urchin-3", "Urchin 3", "urchins", Urchin(), 4, 5},
		{"guard", "City guard", "city", CityGuard(), 5, 3},
		{"knight", "Knight of Saint-Claudor", "city", Knight(), 10, 4},
	})
}

// SampleElemental is the parry example: the swordsman faces the elemental
// of lust and madness and the giant beetle (V-19..V-23), in a walled yard.
// It is in setup.
func SampleElemental(seed uint64) (combat.Encounter, error) {
	m := grid.Map{W: 9, H: 7}
	for x := range 9 {
		m.Walls = append(m.Walls, grid.Square{X: x, Y: 0}, grid.Square{X: x, Y: 6})
	}
	return layout(m, seed, []body{
		{"swordsman", "Swordsman", "heroes", Swordsman(), 4, 3},
		{"elemental", "Elemental of lust and madness", "monsters", Elemental(), 5, 3},
		{"beetle", "Giant beetle", "monsters", Beetle(), 3, 2},
	})
}

// SampleRobin is Miss Robin in house-cat form in the crime boss's cellar
// (V-27): she has the amulet, and three armed thugs have just come in
// through the only door. Her way out runs between them: each thug she
// leaves strikes at her (K-OA-1, K-OA-2), and her dodge falls from 72 % to
// 65 % and 58 % with each hit (K-DODGE-4). It is her turn. She wins by
// getting out, not by fighting: her side's aim is to escape through any
// square beyond the door (ENG-AIM-1). The cellar's layout is illustrative.
func SampleRobin(seed uint64) (combat.Encounter, error) {
	m := grid.Map{W: 10, H: 6}
	for x := range 8 {
		m.Walls = append(m.Walls, grid.Square{X: x, Y: 0}, grid.Square{X: x, Y: 5})
	}
	for y := 1; y <= 4; y++ {
		m.Walls = append(m.Walls, grid.Square{X: 0, Y: y})
		if y != doorRow {
			m.Walls = append(m.Walls, grid.Square{X: 7, Y: y})
		}
	}
	enc, err := layout(m, seed, []body{
		{"robin", "Miss Robin (cat)", "robin", Robin(), 3, 2},
		{"thug-1", "Thug 1", "thugs", Thug(), 6, 1},
		{"thug-2", "Thug 2", "thugs", Thug(), 6, 3},
		{"thug-3", "Thug 3", "thugs", Thug(), 5, 2},
	})
	if err != nil {
		return enc, err
	}
	out := combat.Aim{Side: "robin", Kind: combat.AimEscape}
	for y := range m.H {
		for x := 8; x < m.W; x++ { // beyond the east wall
			out.Exits = append(out.Exits, grid.Square{X: x, Y: y})
		}
	}
	enc.Aims = []combat.Aim{out}
	return play(enc, []scripted{{cmd: order("robin", "thug-1", "thug-2", "thug-3")}, {cmd: combat.Start{}}})
}

// doorRow is the row of the cellar door in SampleRobin, in its east wall.
const doorRow = 2

// SampleCorridor is a fight in a corridor three squares wide where the
// order of attackers decides their tier (K-FLANK-9). The captain stands in
// the middle, with open squares on every side, so rear attacks are
// possible once both flanks are full (K-FLANK-5); the sergeant stands with
// a wall at his back and can only be flanked (K-FLANK-7). Three raiders
// already engage the captain in front (their opening blows are played, each
// a natural 1), and it is the fourth raider's turn, beside the captain: it
// would strike from the flank (S-20); the last three must walk round to
// the second flank and the rear, and may pass the captain by the side, since
// he already pins his maximum (K-PIN-7). Illustrative.
func SampleCorridor(seed uint64) (combat.Encounter, error) {
	m := grid.Map{W: 14, H: 5}
	for x := range 14 {
		m.Walls = append(m.Walls, grid.Square{X: x, Y: 0}, grid.Square{X: x, Y: 4})
	}
	enc, err := layout(m, seed, []body{
		{"captain", "Captain", "defenders", Captain(), 6, 2},
		{"sergeant", "Sergeant", "defenders", Captain(), 10, 1},
		{"raider-1", "Raider 1", "raiders", Raider(), 5, 1},
		{"raider-2", "Raider 2", "raiders", Raider(), 5, 2},
		{"raider-3", "Raider 3", "raiders", Raider(), 5, 3},
		{"raider-4", "Raider 4", "raiders", Raider(), 7, 3},
		{"raider-5", "Raider 5", "raiders", Raider(), 2, 1},
		{"raider-6", "Raider 6", "raiders", Raider(), 2, 3},
		{"raider-7", "Raider 7", "raiders", Raider(), 1, 2},
	})
	if err != nil {
		return enc, err
	}
	return play(enc, []scripted{
		{cmd: order("raider-1", "raider-2", "raider-3", "raider-4", "raider-5", "raider-6", "raider-7", "captain", "sergeant")},
		{cmd: combat.Start{}},
		fumble("raider-1", "captain"), {cmd: combat.EndTurn{}},
		fumble("raider-2", "captain"), {cmd: combat.EndTurn{}},
		fumble("raider-3", "captain"), {cmd: combat.EndTurn{}},
	})
}
