package kaldaria

import (
	"fmt"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Profession is the class of a creature as far as combat rules care
// (K-MOD-2, K-MOD-4, K-DODGE-1, K-PARRY-4, K-PARRY-9). The empty profession
// is a monster or any other creature with stat-block values.
type Profession string

// The professions the attack rules distinguish.
const (
	Monster   Profession = ""
	Warrior   Profession = "warrior"   // fighter; default level steps of D-10
	Swordsman Profession = "swordsman" // weapon master with swords, +2 weapon parries, +1 weapon parry
	Ranger    Profession = "ranger"    // weapon master with bows
	Assassin  Profession = "assassin"  // dodge 15 % base, factor 11
	Thief     Profession = "thief"     // dodge 25 % base, factor 9
)

// Skill is a weapon-skill tier (K-MOD-4).
type Skill string

// The weapon-skill tiers of K-MOD-4, from Basic (+0) to High master (+5).
const (
	Basic       Skill = "basic"
	Skilled     Skill = "skilled"
	Expert      Skill = "expert"
	Master      Skill = "master"
	GrandMaster Skill = "grand-master"
	HighMaster  Skill = "high-master"
)

// Bonus is the tier's to-hit bonus (K-MOD-4) and whether the tier is known;
// the empty tier counts as Basic.
func (s Skill) Bonus() (int, bool) {
	switch s {
	case "", Basic:
		return 0, true
	case Skilled:
		return 1, true
	case Expert:
		return 2, true
	case Master:
		return 3, true
	case GrandMaster:
		return 4, true
	case HighMaster:
		return 5, true
	}
	return 0, false
}

// bonus is Bonus for a validated tier.
func (s Skill) bonus() int {
	b, _ := s.Bonus()
	return b
}

// AttackKind classifies an attack for parry eligibility and dodge
// multipliers (K-PARRY-5).
type AttackKind string

// The attack kinds of K-PARRY-5.
const (
	MeleeWeapon       AttackKind = "melee-weapon"
	NaturalWeaponlike AttackKind = "natural-weaponlike" // claws, pincers, tail lashes
	Bite              AttackKind = "bite"
	NaturalOther      AttackKind = "natural-other"
	MissileSlow       AttackKind = "missile-slow"
	MissileFast       AttackKind = "missile-fast"
	SpellMissile      AttackKind = "spell-missile"
	GhostTouch        AttackKind = "ghost-touch"
)

// missile reports whether the kind uses Dexterity to hit (K-MOD-3, D-8).
func (k AttackKind) missile() bool {
	return k == MissileSlow || k == MissileFast || k == SpellMissile
}

// physical reports whether damage reducers apply (K-DMG-2, D-5).
func (k AttackKind) physical() bool { return k != SpellMissile && k != GhostTouch }

// WeaponType is the family of a weapon, which decides weapon mastery
// (K-CRIT-3) and who may be a High master with it (K-MOD-4).
type WeaponType string

// The weapon families the rules name.
const (
	Sword WeaponType = "sword"
	Bow   WeaponType = "bow"
)

// Banning describes a Banning weapon (K-WPN-4): against creatures of Group it
// counts as Wounding and adds Pct % damage to critical hits, or to every hit
// when AllHits is set (REC A-11).
type Banning struct {
	Group   string `json:"group"`
	Pct     int    `json:"pct"`
	AllHits bool   `json:"allHits,omitempty"`
}

// Weapon is one weapon or natural attack of a creature (K-WPN, K-MOD-4/5).
type Weapon struct {
	Name         string     `json:"name,omitempty"`
	Kind         AttackKind `json:"kind"`
	Type         WeaponType `json:"type,omitempty"`
	Skill        Skill      `json:"skill,omitempty"`
	Damage       dice.Expr  `json:"damage"`
	Magic        int        `json:"magic,omitempty"`        // K-MOD-5 general enchantment
	VsGroup      string     `json:"vsGroup,omitempty"`      // K-MOD-5 group with its own value
	VsGroupMagic int        `json:"vsGroupMagic,omitempty"` // replaces Magic against VsGroup
	Wounding     bool       `json:"wounding,omitempty"`     // K-WPN-1
	PiercingPct  int        `json:"piercingPct,omitempty"`  // K-WPN-2/3: 100 full, 50 partial
	Banning      *Banning   `json:"banning,omitempty"`      // K-WPN-4
	ExtraParry   bool       `json:"extraParry,omitempty"`   // K-WPN-5
	// ExtraGrandParry is the parry bonus of an Extra grand parry weapon; it
	// also grants the extra attempt (REC A-23).
	ExtraGrandParry int  `json:"extraGrandParry,omitempty"`
	TwoHanded       bool `json:"twoHanded,omitempty"`     // held in both hands (K-PARRY-9)
	NoWeaponParry   bool `json:"noWeaponParry,omitempty"` // stat block: cannot be weapon-parried (K-PARRY-5)
	Telegraphed     bool `json:"telegraphed,omitempty"`   // missile shot telegraphed: dodged as slow (REC A-28)
}

// canParry reports whether the weapon can be used for weapon parries.
func (w *Weapon) canParry() bool { return w.Kind == MeleeWeapon }

// magicVs is the weapon's to-hit (and parry) enchantment against a creature
// of the given groups: the group value replaces the general one (K-MOD-5,
// REC A-09).
func (w *Weapon) magicVs(groups []string) int {
	if w.VsGroup != "" && slices.Contains(groups, w.VsGroup) {
		return w.VsGroupMagic
	}
	return w.Magic
}

// Armour is worn armour or a creature's hide as damage reducer and parry
// source (K-AR-1, K-DMG-3/4, K-PARRY-6/7).
type Armour struct {
	AR          int  `json:"ar,omitempty"`          // mundane value, ignored by armour piercing
	Magic       int  `json:"magic,omitempty"`       // enchantment, never ignored
	Abs         int  `json:"abs,omitempty"`         // absorption, percent
	Cutter      int  `json:"cutter,omitempty"`      // flat reducer
	Heavy       bool `json:"heavy,omitempty"`       // heavy for movement
	Passive     bool `json:"passive,omitempty"`     // grants passive parry
	DragonParry bool `json:"dragonParry,omitempty"` // passive parry at +0 (K-PARRY-7)
}

// Shield is a held shield (K-AR-1, K-PARRY-9).
type Shield struct {
	AR              int  `json:"ar,omitempty"`
	Magic           int  `json:"magic,omitempty"`
	ExtraParry      bool `json:"extraParry,omitempty"`
	ExtraGrandParry int  `json:"extraGrandParry,omitempty"` // bonus to shield parries; grants the extra attempt
	GrandParry      int  `json:"grandParry,omitempty"`
	ThirdParry      bool `json:"thirdParry,omitempty"` // an explicit rule allows 3 shield parries (K-PARRY-10)
}

// Aura is an aura parry (K-PARRY-8): attempts per round and a bonus on the
// regular parry THAC (REC A-21).
type Aura struct {
	Attempts int `json:"attempts"`
	Bonus    int `json:"bonus,omitempty"`
}

// Dodge is a creature's dodge data (K-DODGE-2..8). Assassins and thieves
// compute Base and Factor from their profession; other creatures give them.
type Dodge struct {
	Base       int `json:"base,omitempty"`       // stat-block base chance, percent
	Factor     int `json:"factor,omitempty"`     // stat-block reduction per further hit
	Ring       int `json:"ring,omitempty"`       // ring of dodging +n percent (K-DODGE-5)
	FactorRing int `json:"factorRing,omitempty"` // item lowering the factor (K-DODGE-5)
	Cap        int `json:"cap,omitempty"`        // GM's maximum for the creature type (K-DODGE-8), 0 = none
}

// LifeKey is a life key (K-LIFE-1): it fires when HP drop below
// ThresholdPct percent of maximum HP. Its remaining uses are in Vitals.
type LifeKey struct {
	ThresholdPct int `json:"thresholdPct"`
}

// LevelSteps is a profession's THAC10 improvement by level (D-10): +1 at
// level First and one more every Every levels after it.
type LevelSteps struct {
	First int `json:"first,omitempty"`
	Every int `json:"every,omitempty"`
}

// fighterSteps are the warrior's steps (levels 4, 7, 10, …), K-MOD-2 and D-10.
var fighterSteps = LevelSteps{First: 4, Every: 3}

// Vitals are the parts of a creature that an attack wears down and that
// persist across rounds: hit points, the force-armour pool (K-FA-1) and the
// remaining uses of its life key (K-LIFE-1).
type Vitals struct {
	HP          int `json:"hp"`
	ForceArmour int `json:"forceArmour,omitempty"`
	LifeKeyUses int `json:"lifeKeyUses,omitempty"`
}

// Profile is a creature's combat data for attack resolution (kaldaria.md
// Appendix A). It is a plain value: the encounter stores it and share links
// carry it as JSON. Scores of 0 mean "not given" and give no bonus.
type Profile struct {
	Profession Profession `json:"profession,omitempty"`
	Level      int        `json:"level,omitempty"`
	THAC10     int        `json:"thac10"`               // K-HIT-1 base value
	LevelSteps LevelSteps `json:"levelSteps,omitempty"` // D-10; warriors default to 4, 7, 10, …
	Str        int        `json:"str,omitempty"`
	Dex        int        `json:"dex,omitempty"`
	Fitness    int        `json:"fitness,omitempty"`
	Stamina    bool       `json:"stamina,omitempty"` // uses stamina (K-PARRY-9)
	Groups     []string   `json:"groups,omitempty"`  // creature groups: undead, mutant, …
	Weapons    []Weapon   `json:"weapons,omitempty"`
	Armour     Armour     `json:"armour"`
	Shield     *Shield    `json:"shield,omitempty"`
	NaturalAR  int        `json:"naturalAR,omitempty"` // stat-block AR (K-AR-1)
	// NaturalArmourAR is the part of NaturalAR that counts as worn armour
	// for armour piercing (REC A-10).
	NaturalArmourAR int `json:"naturalArmourAR,omitempty"`
	ItemAR          int `json:"itemAR,omitempty"`  // ring of protection and the like (K-AR-3)
	SpellAR         int `json:"spellAR,omitempty"` // protective spells such as granite skin (K-AR-3)
	Curse           int `json:"curse,omitempty"`   // to-hit penalty of hostile spells, e.g. 4 (K-MOD-8)
	// GrandParry is a bonus to all active parries (K-PARRY-4, D-6).
	GrandParry int `json:"grandParry,omitempty"`
	// ExtraWeaponParries and ExtraShieldParries are attempts granted by
	// abilities, spells or maneuvers (K-PARRY-9).
	ExtraWeaponParries int `json:"extraWeaponParries,omitempty"`
	ExtraShieldParries int `json:"extraShieldParries,omitempty"`
	// ParryTHAC, when set, is a stat-block regular parry THAC that replaces
	// the computed one (K-PARRY-3).
	ParryTHAC   *int     `json:"parryTHAC,omitempty"`
	Aura        *Aura    `json:"aura,omitempty"`
	ShieldFirst bool     `json:"shieldFirst,omitempty"` // standing order: shield before weapon (K-PARRY-13)
	Dodge       *Dodge   `json:"dodge,omitempty"`
	MaxHP       int      `json:"maxHP"`
	Vitals      Vitals   `json:"vitals"`
	LifeForce   int      `json:"lifeForce,omitempty"` // life-force bonus (K-HP-3)
	LifeKey     *LifeKey `json:"lifeKey,omitempty"`
}

// Wounded reports whether the creature has lost more than half its maximum
// HP (K-MOD-7, K-HP-2, REC A-08).
func (p Profile) Wounded() bool { return wounded(p.Vitals.HP, p.MaxHP) }

// wounded is the K-HP-2 test on bare numbers.
func wounded(hp, maxHP int) bool { return 2*(maxHP-hp) > maxHP }

// WithVitals returns the profile with its vitals replaced, for applying a
// Result.
func (p Profile) WithVitals(v Vitals) Profile {
	p.Vitals = v
	return p
}

// hasDodge reports whether the creature can dodge (K-DODGE-1).
func (p Profile) hasDodge() bool {
	return p.Profession == Assassin || p.Profession == Thief || (p.Dodge != nil && p.Dodge.Base > 0)
}

// masters reports whether the creature is a weapon master with w (K-CRIT-3).
func (p *Profile) masters(w *Weapon) bool {
	return (p.Profession == Swordsman && w.Type == Sword) || (p.Profession == Ranger && w.Type == Bow)
}

// profileRanges are the bounds of a profile's numbers, in the order
// Validate checks them.
var profileRanges = [...]struct {
	rule   combat.RuleID
	field  string
	lo, hi int
	hiFrom hiField // when set, the field that is the upper bound
}{
	{"K-MOD-2", "level", 0, 100, hiFixed},
	{"K-HIT-1", "thac10", -50, 50, hiFixed},
	{"K-MOD-3", "str", 0, 30, hiFixed},
	{"K-AR-2", "dex", 0, 30, hiFixed},
	{"K-MOD-3", "fitness", 0, 30, hiFixed},
	{"D-10", "levelSteps.first", 0, 100, hiFixed},
	{"D-10", "levelSteps.every", 0, 100, hiFixed},
	{"K-DMG-3", "armour.abs", 0, 100, hiFixed},
	{"K-DMG-4", "armour.cutter", 0, 1000, hiFixed},
	{"K-AR-1", "armour.ar", 0, 100, hiFixed},
	{"K-AR-1", "naturalArmourAR", 0, 0, hiNaturalAR},
	{"K-MOD-8", "curse", 0, 100, hiFixed},
	{"K-PARRY-9", "extraWeaponParries", 0, 10, hiFixed},
	{"K-PARRY-9", "extraShieldParries", 0, 10, hiFixed},
	{"K-HP-1", "maxHP", 1, 100000, hiFixed},
	{"K-HP-1", "vitals.hp", -100000, 0, hiMaxHP},
	{"K-FA-1", "vitals.forceArmour", 0, 100000, hiFixed},
	{"K-LIFE-1", "vitals.lifeKeyUses", 0, 100, hiFixed},
	{"K-HP-3", "lifeForce", 0, 100000, hiFixed},
}

// hiField names a field of a profile that bounds another from above.
type hiField uint8

// The fields that bound another: hiNaturalAR is NaturalAR (at least 0).
const (
	hiFixed hiField = iota
	hiNaturalAR
	hiMaxHP
)

// Validate checks that the profile describes a possible creature and
// returns a *combat.RuleError naming the first offending field.
func (p Profile) Validate() error { return p.validate() }

// validate is Validate without copying the profile.
func (p *Profile) validate() error {
	switch p.Profession {
	case Monster, Warrior, Swordsman, Ranger, Assassin, Thief:
	default:
		return combat.Invalid("", "profession", "unknown profession %q", p.Profession)
	}
	// The values in the order of profileRanges.
	vs := [len(profileRanges)]int{p.Level, p.THAC10, p.Str, p.Dex, p.Fitness, p.LevelSteps.First, p.LevelSteps.Every,
		p.Armour.Abs, p.Armour.Cutter, p.Armour.AR, p.NaturalArmourAR, p.Curse, p.ExtraWeaponParries,
		p.ExtraShieldParries, p.MaxHP, p.Vitals.HP, p.Vitals.ForceArmour, p.Vitals.LifeKeyUses, p.LifeForce}
	for i, v := range vs {
		c := &profileRanges[i]
		hi := c.hi
		switch c.hiFrom {
		case hiNaturalAR:
			hi = max(p.NaturalAR, 0)
		case hiMaxHP:
			hi = p.MaxHP
		}
		if v < c.lo || v > hi {
			return combat.OutOfRange(c.rule, c.field, v, c.lo, hi)
		}
	}
	if (p.LevelSteps.First == 0) != (p.LevelSteps.Every == 0) {
		return combat.Invalid("D-10", "levelSteps", "first and every must be given together")
	}
	if p.Shield != nil && p.Shield.AR < 0 {
		return combat.Invalid("K-AR-1", "shield.ar", "negative shield AR %d", p.Shield.AR)
	}
	if p.Aura != nil && (p.Aura.Attempts < 0 || p.Aura.Attempts > 10) {
		return combat.Invalid("K-PARRY-8", "aura.attempts", "%d is outside 0..10", p.Aura.Attempts)
	}
	if p.LifeKey != nil && (p.LifeKey.ThresholdPct < 1 || p.LifeKey.ThresholdPct > 100) {
		return combat.Invalid("K-LIFE-1", "lifeKey.thresholdPct", "%d is outside 1..100", p.LifeKey.ThresholdPct)
	}
	if p.Dodge != nil {
		d := p.Dodge
		for _, c := range []struct {
			field string
			v     int
		}{{"dodge.base", d.Base}, {"dodge.factor", d.Factor}, {"dodge.ring", d.Ring}, {"dodge.factorRing", d.FactorRing}, {"dodge.cap", d.Cap}} {
			if c.v < 0 || c.v > 100 {
				return combat.Invalid("K-DODGE-2", c.field, "%d is outside 0..100", c.v)
			}
		}
	}
	for i := range p.Weapons {
		if err := p.validateWeapon(&p.Weapons[i]); err != nil {
			e := err.(*combat.RuleError)
			e.Field = fmt.Sprintf("weapons[%d].%s", i, e.Field)
			return e
		}
	}
	return nil
}

// validateWeapon checks one weapon of the profile.
func (p *Profile) validateWeapon(w *Weapon) error {
	switch w.Kind {
	case MeleeWeapon, NaturalWeaponlike, Bite, NaturalOther, MissileSlow, MissileFast, SpellMissile, GhostTouch:
	default:
		return combat.Invalid("K-PARRY-5", "kind", "unknown attack kind %q", w.Kind)
	}
	if _, ok := w.Skill.Bonus(); !ok {
		return combat.Invalid("K-MOD-4", "skill", "unknown weapon-skill tier %q", w.Skill)
	}
	if w.Skill == HighMaster {
		if !p.masters(w) {
			return combat.Invalid("K-MOD-4", "skill", "High master only for a swordsman with a sword or a ranger with a bow")
		}
		if p.Level < 19 {
			return combat.Invalid("K-MOD-4", "skill", "High master needs level 19, not %d", p.Level)
		}
	}
	if w.PiercingPct < 0 || w.PiercingPct > 100 {
		return combat.Invalid("K-WPN-3", "piercingPct", "%d is outside 0..100", w.PiercingPct)
	}
	if w.Banning != nil {
		switch w.Banning.Pct {
		case 25, 33, 40:
		default:
			return combat.Invalid("K-WPN-4", "banning.pct", "%d is not 25, 33 or 40", w.Banning.Pct)
		}
		if w.Banning.Group == "" {
			return combat.Invalid("K-WPN-4", "banning.group", "missing designated group")
		}
	}
	if w.Magic < -10 || w.Magic > 10 || w.VsGroupMagic < -10 || w.VsGroupMagic > 10 {
		return combat.Invalid("K-MOD-5", "magic", "enchantment outside -10..10")
	}
	if w.ExtraGrandParry < 0 || w.ExtraGrandParry > 5 {
		return combat.Invalid("K-WPN-5", "extraGrandParry", "%d is outside 0..5", w.ExtraGrandParry)
	}
	return nil
}
