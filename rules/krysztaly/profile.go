package krysztaly

import (
	"strconv"

	"battlemat/rules/combat"
)

// Tier is a specialisation tier (Table KC-T3); TierNone is a trained group
// with no specialisation.
type Tier uint8

// The specialisation tiers of KC-SPEC, gained strictly in this order
// (KC-SPEC-2).
const (
	TierNone         Tier = iota
	DoubleProficient      // podwójnie biegły
	Specialist            // specjalista
	DoubleSpecialist      // podwójny specjalista
	Master                // mistrz
	GrandMaster           // wielki mistrz
)

// tierRow is one row of Table KC-T3.
type tierRow struct {
	native string
	slots  int      // free slots the training uses (KC-SLOT-3)
	bonus  int      // proficiency added (KC-SPEC-4)
	extra  Category // heaviest category granted +1 attack; all lighter ones too (KC-SPEC-5)
}

// tierTable is Table KC-T3 (src), indexed by Tier.
var tierTable = [...]tierRow{
	TierNone:         {native: "biegły"},
	DoubleProficient: {"podwójnie biegły", 1, 5, Light1H},
	Specialist:       {"specjalista", 1, 10, OneHand},
	DoubleSpecialist: {"podwójny specjalista", 2, 15, HandHalf},
	Master:           {"mistrz", 2, 20, TwoHand},
	GrandMaster:      {"wielki mistrz", 1, 25, TwoHand},
}

// Native returns the tier's Polish name.
func (t Tier) Native() string {
	if int(t) < len(tierTable) {
		return tierTable[t].native
	}
	return ""
}

// Bonus is the total proficiency gained by reaching tier t, every earlier
// tier's bonus included (KC-SPEC-4, Table KC-T4): +5, +15, +30, +50, +75.
func (t Tier) Bonus() int {
	n := 0
	for i := DoubleProficient; i <= t && int(i) < len(tierTable); i++ {
		n += tierTable[i].bonus
	}
	return n
}

// ExtraAttacks is the number of attacks per round reaching tier t adds to a
// weapon of category c: one per tier whose list holds c (KC-SPEC-5, Table
// KC-T4). Category Other gains none (KC-AMB-36).
func (t Tier) ExtraAttacks(c Category) int {
	if c == Other {
		return 0
	}
	n := 0
	for i := DoubleProficient; i <= t && int(i) < len(tierTable); i++ {
		if c <= tierTable[i].extra {
			n++
		}
	}
	return n
}

// Ambidexterity is the level of two-handed training in one weapon group
// (KC-HANDS): none, ambidexterity (oburęczność) or double ambidexterity
// (podwójna oburęczność).
type Ambidexterity uint8

// The ambidexterity levels of KC-HANDS-1 and KC-HANDS-3.
const (
	OneHanded          Ambidexterity = iota // no training
	Ambidextrous                            // oburęczność (KC-HANDS-1)
	DoubleAmbidextrous                      // podwójna oburęczność (KC-HANDS-3)
)

// Proficiency is a trained weapon group (KC-PROF-4): the rolled base value,
// the specialisation tier reached and the ambidexterity trained in it. A
// group not listed in a profile is untrained (KC-PROF-6).
type Proficiency struct {
	Group         string        `json:"group"`
	Base          int           `json:"base"`                    // biegłość P_base (KC-PROF-5)
	Tier          Tier          `json:"tier,omitempty"`          // specjalizacja (KC-SPEC)
	Ambidexterity Ambidexterity `json:"ambidexterity,omitempty"` // oburęczność (KC-HANDS)
}

// Effective is the proficiency used everywhere in combat: the base plus the
// specialisation bonuses (KC-PROF-8).
func (p Proficiency) Effective() int { return p.Base + p.Tier.Bonus() }

// Conditions are the states of a combatant that change how it attacks or is
// attacked (§9, Table KC-T6). Each flag is set by the GM or the encounter.
type Conditions struct {
	Surprised   bool `json:"surprised,omitempty"`   // zaskoczona (KC-SIT-2)
	Immobilised bool `json:"immobilised,omitempty"` // unieruchomiona or obezwładniona, still conscious (KC-SIT-2, KC-AMB-23)
	Prone       bool `json:"prone,omitempty"`       // leżąca (KC-SIT-3)
	Helpless    bool `json:"helpless,omitempty"`    // asleep, unconscious, bound or paralysed (KC-SIT-8, KC-AMB-23)
	Blind       bool `json:"blind,omitempty"`       // fights by smell and hearing only (KC-SIT-5)
	ShieldCover bool `json:"shieldCover,omitempty"` // zastawianie się tarczą (KC-SHIELD-2)
}

// defenceless reports the states of KC-SIT-2 that leave only armour and
// protective magic in OBR. A helpless defender attacked with a rolled attack
// counts too (KC-AMB-23).
func (c Conditions) defenceless() bool { return c.Surprised || c.Immobilised || c.Helpless }

// Profile is a Kryształy Czasu combatant: the attributes, trainings and
// equipment the combat rules read (§15.2 lists the fields). Weapons are the
// weapons in hand, at most two; SF may exceed 100.
type Profile struct {
	Name          string            `json:"name"`
	Professions   []Profession      `json:"professions,omitempty"` // at most two (KC-PROF-5)
	Level         int               `json:"level"`                 // POZ
	RaceMod       int               `json:"raceMod,omitempty"`     // race modifier to rolled proficiency (KC-PROF-5, KC-ND-3)
	Slots         int               `json:"slots,omitempty"`       // GM-entered slot count, 0 to compute it (KC-AMB-6)
	SF            int               `json:"sf"`                    // Siła Fizyczna
	ZR            int               `json:"zr"`                    // current Zręczność (KC-AMB-2)
	Attacks       int               `json:"attacks"`               // N0, weapon attacks per round before specialisation (KC-ATK-1)
	MaxAttacks    int               `json:"maxAttacks,omitempty"`  // cap from SZ, 0 for none (KC-ATK-4)
	Vitality      int               `json:"vitality"`              // current ŻYW; an encounter starts from it and keeps the current value as HP (KC-ABS-2)
	Move          int               `json:"move,omitempty"`        // squares per turn, set by the GM from SZ (KC-ND-5, KC-AMB-33)
	Proficiencies []Proficiency     `json:"proficiencies,omitempty"`
	ShieldBearer  bool              `json:"shieldBearer,omitempty"` // tarczownik (KC-SHIELD-1)
	Weapons       []Weapon          `json:"weapons,omitempty"`
	Armour        *Armour           `json:"armour,omitempty"`
	Shield        *Shield           `json:"shield,omitempty"`
	Infravision   bool              `json:"infravision,omitempty"`   // infrawizja (KC-SIT-4)
	DimLightSight bool              `json:"dimLightSight,omitempty"` // sees in twilight (KC-SIT-4)
	Conditions    Conditions        `json:"conditions,omitzero"`
	Mods          []combat.Modifier `json:"mods,omitempty"` // magic, abilities, magic weapons (KC-SIT-7, KC-DMG-6)
	Illustrative  bool              `json:"illustrative,omitempty"`
}

// The modifier quantities a Profile or Situation may carry (KC-SIT-7).
const (
	QtyTR         = "tr"         // attacker's hit chance (ΣTRmods, KC-ALG-A step 4)
	QtyOBR        = "obr"        // defender's other circumstances O (KC-DEF-1, AM-1)
	QtyMagic      = "magic"      // defender's active magic M (KC-DEF-1)
	QtyProtective = "protective" // defender's protective magic, kept even when defenceless (KC-SIT-2)
	QtyDamage     = "damage"     // attacker's other damage factors X (KC-DMG-6)
)

// isQuantity reports whether q is one of the quantities a modifier may
// change.
func isQuantity(q string) bool {
	switch q {
	case QtyTR, QtyOBR, QtyMagic, QtyProtective, QtyDamage:
		return true
	}
	return false
}

// MinProficiency is the profile's minimum proficiency: the higher of its
// professions' (KC-PROF-6, KC-AMB-6); 0 with no profession.
func (p Profile) MinProficiency() int {
	m := 0
	for _, pr := range p.Professions {
		m = max(m, pr.MinProficiency())
	}
	return m
}

// ProfessionModifier is the higher of the profile's profession modifiers
// (KC-PROF-5).
func (p Profile) ProfessionModifier() int {
	m := 0
	for _, pr := range p.Professions {
		m = max(m, pr.Modifier())
	}
	return m
}

// trained returns the profile's training in group, if any.
func (p Profile) trained(group string) (Proficiency, bool) {
	for _, pr := range p.Proficiencies {
		if pr.Group == group {
			return pr, true
		}
	}
	return Proficiency{}, false
}

// ProficiencyWith is the effective proficiency with weapon group: the trained
// value with its specialisation (KC-PROF-8), or the minimum proficiency with
// no modifier if the group is untrained (KC-PROF-6).
func (p Profile) ProficiencyWith(group string) int {
	if pr, ok := p.trained(group); ok {
		return pr.Effective()
	}
	return p.MinProficiency()
}

// Validate checks the profile: ranges, professions, trainings and that the
// weapons and shield in hand are a combination its trainings allow
// (Table KC-T5, KC-AMB-40). Errors are *combat.RuleError.
func (p Profile) Validate() error {
	if len(p.Professions) > 2 {
		return combat.Invalid("KC-PROF-5", "professions", "at most two professions, got %d", len(p.Professions))
	}
	for i, pr := range p.Professions {
		if pr == NoProfession || int(pr) >= len(professionTable) {
			return combat.Invalid("KC-PROF-3", "professions", "unknown profession %d", pr)
		}
		if i == 1 && pr == p.Professions[0] {
			return combat.Invalid("KC-PROF-5", "professions", "profession %s listed twice", pr)
		}
	}
	for _, c := range []struct {
		rule      combat.RuleID
		field     string
		v, lo, hi int
	}{
		{"KC-SLOT-2", "level", p.Level, 0, 100},
		{"KC-PROF-5", "raceMod", p.RaceMod, -maxStat, maxStat},
		{"KC-AMB-6", "slots", p.Slots, 0, 100},
		{"KC-HIT-1", "sf", p.SF, 0, maxStat},
		{"KC-DEF-3", "zr", p.ZR, 0, maxStat},
		{"KC-ATK-1", "attacks", p.Attacks, 0, maxAttack},
		{"KC-ATK-4", "maxAttacks", p.MaxAttacks, 0, maxAttack},
		{"KC-ABS-2", "vitality", p.Vitality, -maxStat, maxStat},
		{"KC-ND-5", "move", p.Move, 0, 1000},
	} {
		if c.v < c.lo || c.v > c.hi {
			return combat.OutOfRange(c.rule, c.field, c.v, c.lo, c.hi)
		}
	}
	seen := map[string]bool{}
	for _, pr := range p.Proficiencies {
		f := "proficiencies[" + pr.Group + "]"
		switch {
		case pr.Group == "":
			return combat.Invalid("KC-PROF-2", "proficiencies", "a proficiency needs a weapon group")
		case seen[pr.Group]:
			return combat.Invalid("KC-PROF-7", f, "group trained twice")
		case pr.Base < -maxStat || pr.Base > maxStat:
			return combat.OutOfRange("KC-PROF-5", f+".base", pr.Base, -maxStat, maxStat)
		case pr.Tier > GrandMaster:
			return combat.Invalid("KC-SPEC-2", f+".tier", "unknown tier %d", pr.Tier)
		case pr.Ambidexterity > DoubleAmbidextrous:
			return combat.Invalid("KC-HANDS-3", f+".ambidexterity", "unknown ambidexterity level %d", pr.Ambidexterity)
		}
		seen[pr.Group] = true
	}
	for i, w := range p.Weapons {
		if err := w.Validate(); err != nil {
			return inField(err, "weapons["+strconv.Itoa(i)+"]")
		}
	}
	if p.Armour != nil {
		if err := p.Armour.Validate(); err != nil {
			return err
		}
	}
	if p.Shield != nil {
		if err := p.Shield.Validate(); err != nil {
			return err
		}
	}
	if p.Conditions.ShieldCover && (p.Shield == nil || !p.ShieldBearer) {
		return combat.Invalid("KC-SHIELD-2", "conditions.shieldCover", "the cover stance needs a shield-bearer with a shield")
	}
	for _, m := range p.Mods {
		if err := validModifier(m); err != nil {
			return err
		}
	}
	_, err := p.Hands()
	return err
}

// validModifier checks a hand-entered modifier (KC-SIT-7).
func validModifier(m combat.Modifier) error {
	switch {
	case m.Rule == "":
		return combat.Invalid("KC-SIT-7", "mods["+m.Key+"]", "a modifier must cite its rule")
	case !isQuantity(m.Quantity):
		return combat.Invalid("KC-SIT-7", "mods["+m.Key+"]", "unknown quantity %q", m.Quantity)
	case m.Value < -maxStat || m.Value > maxStat:
		return combat.OutOfRange("KC-SIT-7", "mods["+m.Key+"]", m.Value, -maxStat, maxStat)
	}
	return nil
}

// inField prefixes a nested validation error's field with its position.
func inField(err error, prefix string) error {
	if re, ok := err.(*combat.RuleError); ok {
		return &combat.RuleError{Rule: re.Rule, Field: prefix + "." + re.Field, Msg: re.Msg}
	}
	return err
}
