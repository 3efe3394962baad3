package krysztaly

import (
	"fmt"

	"battlemat/rules/combat"
)

// names is the identifier table of a small enumeration, with the rule and
// field its decoding errors cite. The enumerations of this package encode to
// JSON as these identifiers.
type names struct {
	ids   []string
	rule  combat.RuleID
	field string
}

// name returns the identifier of v, or a placeholder for values outside the
// table.
func (n names) name(v uint8) string {
	if int(v) < len(n.ids) {
		return n.ids[v]
	}
	return fmt.Sprintf("%s(%d)", n.field, v)
}

func (n names) marshal(v uint8) ([]byte, error) {
	if int(v) >= len(n.ids) {
		return nil, combat.Invalid(n.rule, n.field, "unknown %s %d", n.field, v)
	}
	return []byte(n.ids[v]), nil
}

func (n names) unmarshal(b []byte) (uint8, error) {
	for i, id := range n.ids {
		if id == string(b) {
			return uint8(i), nil
		}
	}
	return 0, combat.Invalid(n.rule, n.field, "unknown %s %q", n.field, b)
}

var (
	categoryNames   = names{[]string{Other: "other", Light1H: "L1H", OneHand: "1H", HandHalf: "1.5H", TwoHand: "2H"}, "KC-ND-1", "category"}
	damageTypeNames = names{[]string{AnyType: "", Piercing: "piercing", Slashing: "slashing", Bludgeoning: "bludgeoning"}, "KC-DMG-1", "type"}
	attackKindNames = names{[]string{WeaponAttack: "weapon", AutoStrike: "auto-strike", ShieldStrike: "shield-strike",
		ShieldBash: "shield-bash", ShieldCombined: "shield-combined"}, "KC-ALG-A", "kind"}
	professionNames = names{professionIDs(), "KC-PROF-3", "profession"}
)

func professionIDs() []string {
	ids := make([]string, len(professionTable))
	for i, r := range professionTable {
		ids[i] = r.id
	}
	return ids
}

// String returns the category's identifier: "L1H", "1H", "1.5H", "2H" or "other".
func (c Category) String() string { return categoryNames.name(uint8(c)) }

// MarshalText encodes the category as its identifier.
func (c Category) MarshalText() ([]byte, error) { return categoryNames.marshal(uint8(c)) }

// UnmarshalText decodes a category identifier.
func (c *Category) UnmarshalText(b []byte) error {
	v, err := categoryNames.unmarshal(b)
	if err == nil {
		*c = Category(v)
	}
	return err
}

// String returns the type's identifier, e.g. "slashing"; "" for AnyType.
func (t DamageType) String() string { return damageTypeNames.name(uint8(t)) }

// MarshalText encodes the damage type as its identifier.
func (t DamageType) MarshalText() ([]byte, error) { return damageTypeNames.marshal(uint8(t)) }

// UnmarshalText decodes a damage type identifier; "" is AnyType.
func (t *DamageType) UnmarshalText(b []byte) error {
	v, err := damageTypeNames.unmarshal(b)
	if err == nil {
		*t = DamageType(v)
	}
	return err
}

// String returns the kind's identifier, e.g. "shield-bash".
func (k AttackKind) String() string { return attackKindNames.name(uint8(k)) }

// MarshalText encodes the kind as its identifier.
func (k AttackKind) MarshalText() ([]byte, error) { return attackKindNames.marshal(uint8(k)) }

// UnmarshalText decodes an attack kind identifier.
func (k *AttackKind) UnmarshalText(b []byte) error {
	v, err := attackKindNames.unmarshal(b)
	if err == nil {
		*k = AttackKind(v)
	}
	return err
}

// String returns the profession's stable identifier, e.g. "warrior".
func (p Profession) String() string { return professionNames.name(uint8(p)) }

// MarshalText encodes the profession as its identifier.
func (p Profession) MarshalText() ([]byte, error) { return professionNames.marshal(uint8(p)) }

// UnmarshalText decodes a profession identifier such as "warrior".
func (p *Profession) UnmarshalText(b []byte) error {
	v, err := professionNames.unmarshal(b)
	if err == nil {
		*p = Profession(v)
	}
	return err
}
