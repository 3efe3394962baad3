package cairn

import (
	"strconv"

	"battlemat/rules/combat"
)

// Die is a damage die given by its number of sides: Die(8) is a d8 (CA-GEN-2).
type Die int

// The dice the rules name: d4 for impaired and unarmed attacks (CA-MOD-1,
// CA-MOD-2), d12 for enhanced ones (CA-MOD-3), d20 for saves (CA-GEN-3).
const (
	D4  Die = 4
	D6  Die = 6
	D8  Die = 8
	D10 Die = 10
	D12 Die = 12
	D20 Die = 20
)

// Valid reports whether d is one of the damage dice CA-GEN-2 lists (d4, d6,
// d8, d10, d12).
func (d Die) Valid() bool {
	switch d {
	case D4, D6, D8, D10, D12:
		return true
	}
	return false
}

// Kind says what a combatant is: a player character, a non-player character
// or creature, or a detachment of many similar foes acting as one (CA-DET-1).
type Kind string

// The kinds of combatant.
const (
	PC         Kind = "pc"
	NPC        Kind = "npc"
	Detachment Kind = "detachment"
)

// Attr names one of the three attributes (CA-GEN-1).
type Attr string

// The attributes.
const (
	STR Attr = "str"
	DEX Attr = "dex"
	WIL Attr = "wil"
)

// Attributes holds STR, DEX and WIL. Current values are kept raw and may drop
// to 0 or below; Shown clamps them for display (CA-GEN-4).
type Attributes struct {
	STR int `json:"str"`
	DEX int `json:"dex"`
	WIL int `json:"wil"`
}

// Get returns the value of attribute a.
func (v Attributes) Get(a Attr) int {
	switch a {
	case STR:
		return v.STR
	case DEX:
		return v.DEX
	}
	return v.WIL
}

// with returns v with attribute a set to n.
func (v Attributes) with(a Attr, n int) Attributes {
	switch a {
	case STR:
		v.STR = n
	case DEX:
		v.DEX = n
	default:
		v.WIL = n
	}
	return v
}

// ArmourItem is one piece of protection and the armour it gives (CA-DMG-3,
// CA-ND-5): a shield, a helmet, a coat of mail.
type ArmourItem struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// Weapon is one attack entry of a stat block: its damage die (CA-DMG-2),
// whether it shoots and how far it aims well (CA-RANGED-1, CA-AMB-7), and
// whether it has Blast (CA-BLAST-1).
type Weapon struct {
	Name   string `json:"name"`
	Die    Die    `json:"die"`
	Ranged bool   `json:"ranged,omitempty"`
	Range  int    `json:"range,omitempty"` // effective range in squares; 0 for melee
	Blast  bool   `json:"blast,omitempty"`
}

// Attack returns the weapon as a single-weapon attack; beyond its effective
// range a ranged attack is impaired (CA-RANGED-1, CA-AMB-7).
func (w Weapon) Attack(distance int) Attack {
	return Attack{Dice: []Die{w.Die}, Blast: w.Blast, BeyondRange: w.Ranged && distance > w.Range}
}

// Status holds the conditions the combat rules put on a combatant.
type Status struct {
	Dead          bool `json:"dead,omitempty"`          // CA-CRIT-2, CA-ATTR-2; a destroyed detachment (CA-DET-3)
	Critical      bool `json:"critical,omitempty"`      // critical damage: crawl only, no attacks (CA-CRIT-5, CA-AMB-9)
	Stabilized    bool `json:"stabilized,omitempty"`    // aided: no longer dying (CA-AID-1)
	DyingDeadline int  `json:"dyingDeadline,omitempty"` // round by whose end an unaided critical character dies; 0 when not dying (CA-AID-2, CA-AMB-10)
	Fleeing       bool `json:"fleeing,omitempty"`       // failed morale, or a routed detachment (CA-MORALE-2, CA-DET-2)
	Surrendered   bool `json:"surrendered,omitempty"`   // GM ruling (CA-AMB-12)
	Escaped       bool `json:"escaped,omitempty"`       // left the fight by a successful retreat (CA-RETREAT-1)
	Weakened      bool `json:"weakened,omitempty"`      // a detachment weakened by critical damage: its attacks lose Enhanced (CA-DET-2, CA-AMB-13)
}

// Character is a combatant's stat block and current state: a PC, an NPC or
// creature, or a detachment (which has one stat block, CA-AMB-13). Max holds
// the attribute maxima, Attr the current raw values.
type Character struct {
	ID            string       `json:"id,omitempty"`
	Name          string       `json:"name"`
	Kind          Kind         `json:"kind"`
	Max           Attributes   `json:"max"`
	Attr          Attributes   `json:"attr"`
	MaxHP         int          `json:"maxHP"`
	HP            int          `json:"hp"`
	Armour        []ArmourItem `json:"armour,omitempty"`
	NaturalArmour int          `json:"naturalArmour,omitempty"`
	Weapons       []Weapon     `json:"weapons,omitempty"`
	KeepAlive     bool         `json:"keepAlive,omitempty"`  // GM override: this NPC survives a failed critical save (CA-CRIT-6)
	Leader        bool         `json:"leader,omitempty"`     // rolls morale for its side's group while alive and able (CA-MORALE-4)
	Initiative    Waiver       `json:"initiative,omitempty"` // the GM's ruling on the round-1 DEX save of a PC-side member (CA-INIT-3, CA-AMB-2)
	Status        Status       `json:"status"`
}

// Limits on stat-block numbers. The rules set none beyond armour; these keep
// the arithmetic and the odds tables bounded.
const (
	MaxAttribute = 30  // highest attribute maximum accepted
	MaxHPLimit   = 100 // highest HP maximum accepted
	MaxArmour    = 3   // the armour cap (CA-DMG-3)
)

// Validate checks a stat block: a known kind, attribute maxima 1..30 with
// current values no higher than the maxima (and no lower than -30, rawFloor),
// HP within 0..max, armour items 0..3 each (the total is capped, not
// rejected), and weapons with a damage die (CA-GEN-2) and a sane range.
func (c Character) Validate() error {
	switch c.Kind {
	case PC, NPC, Detachment:
	default:
		return combat.Invalid("CA-GEN-1", "kind", "unknown kind %q", c.Kind)
	}
	for _, a := range []Attr{STR, DEX, WIL} {
		m, v := c.Max.Get(a), c.Attr.Get(a)
		if m < 1 || m > MaxAttribute {
			return combat.OutOfRange("CA-GEN-1", "max."+string(a), m, 1, MaxAttribute)
		}
		if v > m || v < -MaxAttribute {
			return combat.OutOfRange("CA-GEN-4", "attr."+string(a), v, -MaxAttribute, m)
		}
	}
	if c.MaxHP < 0 || c.MaxHP > MaxHPLimit {
		return combat.OutOfRange("CA-GEN-1", "maxHP", c.MaxHP, 0, MaxHPLimit)
	}
	if c.HP < 0 || c.HP > c.MaxHP {
		return combat.OutOfRange("CA-GEN-4", "hp", c.HP, 0, c.MaxHP)
	}
	if c.NaturalArmour < 0 || c.NaturalArmour > MaxArmour {
		return combat.OutOfRange("CA-DMG-3", "naturalArmour", c.NaturalArmour, 0, MaxArmour)
	}
	if len(c.Armour) > 8 {
		return combat.Invalid("CA-DMG-3", "armour", "%d items; at most 8", len(c.Armour))
	}
	for i, a := range c.Armour {
		if a.Value < 0 || a.Value > MaxArmour {
			return combat.OutOfRange("CA-DMG-3", "armour["+strconv.Itoa(i)+"].value", a.Value, 0, MaxArmour)
		}
	}
	if len(c.Weapons) > 8 {
		return combat.Invalid("CA-DMG-2", "weapons", "%d weapons; at most 8", len(c.Weapons))
	}
	for i, w := range c.Weapons {
		if !w.Die.Valid() {
			return combat.Invalid("CA-GEN-2", "weapons["+strconv.Itoa(i)+"].die", "d%d is not a damage die", w.Die)
		}
		if w.Range < 0 || w.Range > 1000 || (!w.Ranged && w.Range != 0) {
			return combat.Invalid("CA-AMB-7", "weapons["+strconv.Itoa(i)+"].range", "range %d does not fit", w.Range)
		}
	}
	switch c.Initiative {
	case WaiverRoll, WaiverActs, WaiverDoesNotAct:
	default:
		return combat.Invalid("CA-INIT-3", "initiative", "unknown waiver %q", c.Initiative)
	}
	if c.Status.DyingDeadline < 0 {
		return combat.Invalid("CA-AMB-10", "status.dyingDeadline", "negative round %d", c.Status.DyingDeadline)
	}
	return nil
}

// ArmourValue is the combatant's total armour: its items plus natural armour,
// capped at 3 (CA-DMG-3).
func (c Character) ArmourValue() int {
	n := c.NaturalArmour
	for _, a := range c.Armour {
		n += a.Value
	}
	return capArmour(n)
}

// capArmour applies the armour cap of CA-DMG-3: no total exceeds 3.
func capArmour(n int) int { return min(n, MaxArmour) }

// rawFloor bounds how far below 0 a raw attribute is kept. Only "at 0 or
// below" matters to the rules (CA-GEN-4, CA-CRIT-2, CA-ATTR-2), so the floor
// changes no outcome; it keeps stored values inside what Validate accepts.
func rawFloor(v int) int { return max(v, -MaxAttribute) }

// Shown clamps a raw attribute or HP value at 0 for display (CA-GEN-4,
// CA-AMB-20); the rules keep testing the raw value.
func Shown(v int) int { return max(v, 0) }

// Paralysed reports DEX at 0 or below (CA-ATTR-2).
func (c Character) Paralysed() bool { return c.Attr.DEX <= 0 }

// Delirious reports WIL at 0 or below (CA-ATTR-2).
func (c Character) Delirious() bool { return c.Attr.WIL <= 0 }

// CanAct reports whether the combatant can take a full turn: alive, not
// critically damaged (CA-CRIT-5), not paralysed or delirious (CA-ATTR-3),
// and still in the fight.
func (c Character) CanAct() bool {
	s := c.Status
	return !s.Dead && !s.Critical && !s.Escaped && !s.Surrendered && !c.Paralysed() && !c.Delirious()
}

// Casualty reports whether the combatant counts as lost to its group for
// morale: dead, critically damaged, incapacitated (DEX or WIL at 0), fled or
// surrendered. HP 0 alone is not a casualty (CA-ALG-D, CA-AMB-12).
func (c Character) Casualty() bool {
	s := c.Status
	return s.Dead || s.Critical || s.Fleeing || s.Escaped || s.Surrendered || c.Paralysed() || c.Delirious()
}

// Helpless reports the states in which the app pre-ticks an enhanced attack
// against the combatant: paralysed, delirious or critically damaged
// (CA-AMB-18). The GM confirms; sleeping and bound targets are GM flags.
func (c Character) Helpless() bool {
	return !c.Status.Dead && (c.Status.Critical || c.Paralysed() || c.Delirious())
}
