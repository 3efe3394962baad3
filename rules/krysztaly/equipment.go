package krysztaly

import "battlemat/rules/combat"

// Category is a weapon's handling class (KC-ND-1); it decides which
// specialisation tiers grant an extra attack (Table KC-T3) and what
// ambidexterity allows (Table KC-T5). Heavier categories compare greater.
type Category uint8

// The weapon categories. Other covers missile, thrown and any weapon outside
// the four handled classes; it gains no extra attacks (KC-AMB-36).
const (
	Other    Category = iota // inna
	Light1H                  // broń jednoręczna lekka, L1H
	OneHand                  // broń jednoręczna, 1H
	HandHalf                 // broń półtoraręczna, 1½H
	TwoHand                  // broń dwuręczna, 2H
)

// DamageType is piercing, slashing or bludgeoning (KC-DMG-1). The zero value
// means "not chosen": the weapon's best rating is used (KC-AMB-32).
type DamageType uint8

// The damage types of KC-DMG-1.
const (
	AnyType     DamageType = iota // not declared; the highest rating is used
	Piercing                      // kłute
	Slashing                      // tnące
	Bludgeoning                   // obuchowe
)

// ByType holds one value per damage type: a weapon's effectiveness E
// (KC-DMG-2) or an armour's absorption WYP (KC-AMB-30). Zero effectiveness
// means the weapon cannot deal that type.
type ByType struct {
	Piercing    int `json:"piercing,omitempty"`
	Slashing    int `json:"slashing,omitempty"`
	Bludgeoning int `json:"bludgeoning,omitempty"`
}

// Of returns the value for type t (0 for AnyType).
func (b ByType) Of(t DamageType) int {
	switch t {
	case Piercing:
		return b.Piercing
	case Slashing:
		return b.Slashing
	case Bludgeoning:
		return b.Bludgeoning
	}
	return 0
}

// Best returns the type with the highest positive value, piercing first on a
// tie, or AnyType when all are zero: the default blow of KC-AMB-32.
func (b ByType) Best() DamageType {
	best, bestV := AnyType, 0
	for _, t := range []DamageType{Piercing, Slashing, Bludgeoning} {
		if v := b.Of(t); v > bestV {
			best, bestV = t, v
		}
	}
	return best
}

// validate checks that every value lies in lo..hi, or is zero when zeroOK.
func (b ByType) validate(rule combat.RuleID, field string, lo, hi int, zeroOK bool) error {
	for _, t := range []DamageType{Piercing, Slashing, Bludgeoning} {
		v := b.Of(t)
		if v == 0 && zeroOK {
			continue
		}
		if v < lo || v > hi {
			return combat.OutOfRange(rule, field+"."+t.String(), v, lo, hi)
		}
	}
	return nil
}

// Restriction is the denominator k of an item's "attribute to 1/k" limit on
// ZR or SZ (KC-ND-6); 0 and 1 both mean no restriction.
type Restriction int

// Eased returns the restriction one step lighter, as shield-bearer training
// grants (KC-SHIELD-3): 1/k becomes 1/(k−1), and 1/2 becomes none (KC-AMB-13).
func (r Restriction) Eased() Restriction {
	if r <= 2 {
		return 0
	}
	return r - 1
}

// delayTerm is the restriction's share of a shield attack's delay: its
// denominator, or 0 when unrestricted (KC-SHIELD-4, KC-AMB-14).
func (r Restriction) delayTerm() int {
	if r < 2 {
		return 0
	}
	return int(r)
}

// Restricted returns an attribute under the restrictions of the items worn,
// floor(attr / k) with the largest k among them (KC-ND-6 [REC]): a sheet's
// current ZR or SZ. Restrictions 0 and 1 leave the attribute as it is.
func Restricted(attr int, rs ...Restriction) int {
	k := Restriction(1)
	for _, r := range rs {
		k = max(k, r)
	}
	return floorDiv(attr, int(k))
}

// limits bound every number a profile may hold, so arithmetic stays far from
// overflow whatever a decoded file contains.
const (
	maxStat   = 10000
	maxRestr  = 10
	maxDelay  = 100
	maxAttack = 50
)

// Weapon is one entry of the weapon tables (KC-ND-1). Illustrative marks
// entries whose numbers are app placeholders rather than KC table values.
type Weapon struct {
	Name          string   `json:"name"`
	Group         string   `json:"group"`         // grupa broni, shares one proficiency (KC-PROF-2)
	Category      Category `json:"category"`      // handling class (KC-ND-1)
	Effectiveness ByType   `json:"effectiveness"` // skuteczność E per damage type (KC-DMG-2)
	Defence       int      `json:"defence"`       // wartość obronna W_base (KC-DEF-2)
	Delay         int      `json:"delay"`         // opóźnienie in segments (KC-ALG-A step 16)
	Illustrative  bool     `json:"illustrative,omitempty"`
}

// Validate checks the weapon's numbers (KC-ND-1).
func (w Weapon) Validate() error {
	switch {
	case w.Group == "":
		return combat.Invalid("KC-PROF-2", "group", "a weapon needs a weapon group")
	case w.Category > TwoHand:
		return combat.Invalid("KC-ND-1", "category", "unknown weapon category %d", w.Category)
	case w.Effectiveness.Best() == AnyType:
		return combat.Invalid("KC-DMG-2", "effectiveness", "a weapon needs a rating for at least one damage type")
	case w.Defence < 0 || w.Defence > maxStat:
		return combat.OutOfRange("KC-DEF-2", "defence", w.Defence, 0, maxStat)
	case w.Delay < 0 || w.Delay > maxDelay:
		return combat.OutOfRange("KC-ALG-A", "delay", w.Delay, 0, maxDelay)
	}
	return w.Effectiveness.validate("KC-DMG-2", "effectiveness", 1, maxStat, true)
}

// Armour is worn protection or a thick hide (KC-ND-4): its defence value A
// in OBR and its absorption WYP per damage type.
type Armour struct {
	Name         string      `json:"name"`
	Defence      int         `json:"defence"`      // wartość obronna zbroi A (KC-DEF-1)
	Absorption   ByType      `json:"absorption"`   // wyparowanie WYP (KC-ABS-1)
	ZR           Restriction `json:"zr,omitempty"` // ZR limit 1/k (KC-ND-6)
	SZ           Restriction `json:"sz,omitempty"` // SZ limit 1/k (KC-ND-6)
	Illustrative bool        `json:"illustrative,omitempty"`
}

// Validate checks the armour's numbers (KC-ND-4).
func (a Armour) Validate() error {
	if a.Defence < 0 || a.Defence > maxStat {
		return combat.OutOfRange("KC-DEF-1", "armour.defence", a.Defence, 0, maxStat)
	}
	if err := validRestrictions("armour", a.ZR, a.SZ); err != nil {
		return err
	}
	return a.Absorption.validate("KC-ABS-1", "armour.absorption", 0, maxStat, false)
}

// Shield is a shield (KC-ND-6): its defence value S, its ZR and SZ limits,
// and the effectiveness of a shield strike per damage type, each 10–75 by
// KC-SHIELD-4 or 0 where the shield has no such striking part.
type Shield struct {
	Name          string      `json:"name"`
	Defence       int         `json:"defence"`                 // wartość obronna tarczy S (KC-DEF-1)
	ZR            Restriction `json:"zr,omitempty"`            // ZR limit 1/k (KC-SHIELD-3)
	SZ            Restriction `json:"sz,omitempty"`            // SZ limit 1/k (KC-SHIELD-3)
	Effectiveness ByType      `json:"effectiveness,omitempty"` // E_shield (KC-SHIELD-4)
	Illustrative  bool        `json:"illustrative,omitempty"`
}

// Validate checks the shield's numbers (KC-ND-6, KC-SHIELD-4).
func (s Shield) Validate() error {
	if s.Defence < 0 || s.Defence > maxStat {
		return combat.OutOfRange("KC-DEF-1", "shield.defence", s.Defence, 0, maxStat)
	}
	if err := validRestrictions("shield", s.ZR, s.SZ); err != nil {
		return err
	}
	return s.Effectiveness.validate("KC-SHIELD-4", "shield.effectiveness", 10, 75, true)
}

func validRestrictions(item string, zr, sz Restriction) error {
	if zr < 0 || zr > maxRestr {
		return combat.Invalid("KC-ND-6", item+".zr", "restriction 1/%d is outside 1/1..1/%d", zr, maxRestr)
	}
	if sz < 0 || sz > maxRestr {
		return combat.Invalid("KC-ND-6", item+".sz", "restriction 1/%d is outside 1/1..1/%d", sz, maxRestr)
	}
	return nil
}
