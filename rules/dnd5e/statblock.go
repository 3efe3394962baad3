package dnd5e

import (
	"unicode/utf8"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Bounds a stat block must respect (DND-GEN-1, DND-GEN-3, DND-ND-4).
const (
	MaxNameLen     = 80  // runes in a name
	MaxKeyLen      = 32  // bytes in a stat-block ID
	MaxAttacks     = 16  // attacks per stat block
	SquareFeet     = 5   // one battlemap square (DND-GEN-3)
	MaxDamageDice  = 20  // dice in one damage expression, so critical odds stay quick to convolve
	MaxDamageSides = 20  // sides of one damage die
	MaxReach       = 100 // feet of the longest reach a stat block may give (DND-ND-3)
)

// AttackKind says whether an attack is a melee or a ranged attack. Only a
// melee attack can be an opportunity attack (DND-ND-3, SRD default).
type AttackKind string

// The attack kinds.
const (
	Melee  AttackKind = "melee"
	Ranged AttackKind = "ranged"
)

// Attack is one attack of a stat block: its bonus to hit and its damage
// expression, such as "1d6+2" (DND-ND-4, SRD default). Range and LongRange (feet) apply to ranged
// attacks only.
type Attack struct {
	Name       string     `json:"name"`
	Kind       AttackKind `json:"kind"`
	ToHit      int        `json:"toHit"`
	Damage     dice.Expr  `json:"damage"`
	DamageType string     `json:"damageType,omitempty"`
	Range      int        `json:"range,omitempty"`
	LongRange  int        `json:"longRange,omitempty"`
}

// StatBlock is what the order of combat needs to know about a creature
// (the per-combatant fields listed in the spec's §16.2). ID is the stat
// block's identity: creatures of the same controller sharing it form one
// initiative group (DND-INIT-2, DND-AMB-7). Speed and Reach are in feet.
type StatBlock struct {
	ID                string           `json:"id"`
	Name              string           `json:"name"`
	DexMod            int              `json:"dexMod"`
	InitBonus         int              `json:"initBonus,omitempty"`
	AC                int              `json:"ac"`
	HP                int              `json:"hp"`
	Speed             int              `json:"speed"`
	Reach             int              `json:"reach"`
	PassivePerception int              `json:"passivePerception"`
	Stealth           int              `json:"stealth"`
	Attacks           []Attack         `json:"attacks,omitempty"`
	BonusActions      []Action         `json:"bonusActions,omitempty"`
	Reactions         []ReactionOption `json:"reactions,omitempty"`
}

// DexModifier returns the ability modifier of a Dexterity score: the score
// minus 10, halved and rounded down (DND-GEN-1).
func DexModifier(score int) int {
	d := score - 10
	if d < 0 {
		return -((1 - d) / 2)
	}
	return d / 2
}

// InitiativeMod is what the stat block adds to its initiative d20: DEX
// modifier plus listed initiative bonuses (DND-GEN-1, DND-AMB-9).
func (s StatBlock) InitiativeMod() int { return s.DexMod + s.InitBonus }

// HasReaction reports whether the stat block lists the reaction option.
func (s StatBlock) HasReaction(r ReactionOption) bool {
	for _, o := range s.Reactions {
		if o == r {
			return true
		}
	}
	return false
}

// MeleeAttack returns the stat block's first melee attack, the one an
// opportunity attack uses by default (DND-ND-3, SRD default).
func (s StatBlock) MeleeAttack() (Attack, bool) {
	for _, a := range s.Attacks {
		if a.Kind == Melee {
			return a, true
		}
	}
	return Attack{}, false
}

// inRange reports whether v lies in lo..hi.
func inRange(v, lo, hi int) bool { return v >= lo && v <= hi }

// validKey reports whether s is a stable identifier: 1 to MaxKeyLen of
// a-z, A-Z, 0-9, '-' and '_'. Stat-block IDs are keys, since the
// encounter groups initiative by them (DND-AMB-7).
func validKey(s string) bool {
	if s == "" || len(s) > MaxKeyLen {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// validName checks a non-empty, bounded, valid UTF-8 name.
func validName(rule combat.RuleID, field, s string) error {
	if s == "" || !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxNameLen {
		return combat.Invalid(rule, field, "must be 1..%d characters of UTF-8", MaxNameLen)
	}
	return nil
}

// Validate checks every field against the bounds of the rules it feeds and
// returns a *combat.RuleError naming the first offending field.
func (s StatBlock) Validate() error {
	if !validKey(s.ID) {
		return combat.Invalid("DND-AMB-7", "id", "%q is not 1..%d of a-z, A-Z, 0-9, '-' and '_'", s.ID, MaxKeyLen)
	}
	if err := validName("DND-ND-9", "name", s.Name); err != nil {
		return err
	}
	checks := []struct {
		rule   combat.RuleID
		field  string
		v      int
		lo, hi int
	}{
		{"DND-GEN-1", "dexMod", s.DexMod, -5, 10},
		{"DND-AMB-9", "initBonus", s.InitBonus, -10, 20},
		{"DND-ND-4", "ac", s.AC, 1, 40},
		{"DND-ND-5", "hp", s.HP, 1, 9999},
		{"DND-TURN-2", "speed", s.Speed, 0, 1000},
		{"DND-ND-3", "reach", s.Reach, SquareFeet, MaxReach},
		{"DND-GEN-2", "passivePerception", s.PassivePerception, 0, 40},
		{"DND-SURP-3", "stealth", s.Stealth, -10, 30},
	}
	for _, c := range checks {
		if !inRange(c.v, c.lo, c.hi) {
			return combat.OutOfRange(c.rule, c.field, c.v, c.lo, c.hi)
		}
	}
	if s.Speed%SquareFeet != 0 {
		return combat.Invalid("DND-GEN-3", "speed", "%d ft is not a whole number of %d-ft squares", s.Speed, SquareFeet)
	}
	if s.Reach%SquareFeet != 0 {
		return combat.Invalid("DND-GEN-3", "reach", "%d ft is not a whole number of %d-ft squares", s.Reach, SquareFeet)
	}
	if len(s.Attacks) > MaxAttacks {
		return combat.Invalid("DND-ND-4", "attacks", "%d attacks, at most %d", len(s.Attacks), MaxAttacks)
	}
	for _, a := range s.Attacks {
		if err := a.Validate(); err != nil {
			return err
		}
	}
	if err := validateActions("bonusActions", s.BonusActions); err != nil {
		return err
	}
	for i, r := range s.Reactions {
		if r != OpportunityAttack {
			return combat.Invalid("DND-REACT-1", "reactions", "unknown reaction %q", r)
		}
		if i > 0 {
			return combat.Invalid("DND-REACT-1", "reactions", "reaction %q listed twice", r)
		}
	}
	return nil
}

// Validate checks one attack (DND-ND-4).
func (a Attack) Validate() error {
	if err := validName("DND-ND-4", "attacks.name", a.Name); err != nil {
		return err
	}
	if !inRange(a.ToHit, -10, 30) {
		return combat.OutOfRange("DND-ND-4", "attacks.toHit", a.ToHit, -10, 30)
	}
	if len(a.Damage.Terms) == 0 {
		return combat.Invalid("DND-ND-4", "attacks.damage", "no damage expression")
	}
	n := 0
	for _, t := range a.Damage.Terms {
		if t.Sides > MaxDamageSides {
			return combat.Invalid("DND-ND-4", "attacks.damage", "d%d is above d%d", t.Sides, MaxDamageSides)
		}
		if t.Sides > 0 {
			n += t.Count
		}
	}
	if n > MaxDamageDice {
		return combat.Invalid("DND-ND-4", "attacks.damage", "%d dice, at most %d", n, MaxDamageDice)
	}
	switch a.Kind {
	case Melee:
		if a.Range != 0 || a.LongRange != 0 {
			return combat.Invalid("DND-ND-4", "attacks.range", "a melee attack has no range")
		}
	case Ranged:
		if !inRange(a.Range, SquareFeet, 10000) || !inRange(a.LongRange, a.Range, 10000) {
			return combat.Invalid("DND-ND-4", "attacks.range", "range %d/%d is not 5 ≤ normal ≤ long ≤ 10000", a.Range, a.LongRange)
		}
	default:
		return combat.Invalid("DND-ND-4", "attacks.kind", "unknown attack kind %q", a.Kind)
	}
	return nil
}

// DecodeStatBlock reads one stat block from JSON with the engine's strict
// decoder (combat.DecodeStrict, which bounds it to combat.MaxOpaque bytes)
// and validates it.
func DecodeStatBlock(data []byte) (StatBlock, error) {
	var s StatBlock
	if err := combat.DecodeStrict("statBlock", data, &s); err != nil {
		return StatBlock{}, err
	}
	return s, s.Validate()
}
