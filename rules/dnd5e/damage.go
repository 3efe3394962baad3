package dnd5e

import (
	"fmt"
	"strconv"
	"strings"

	"battlemat/rules/combat"
)

// Limits of a damage expression, so decoded stat blocks stay bounded and the
// exact damage distribution stays small (DND-ND-4).
const (
	MaxDamageDice  = 40
	MaxDamageBonus = 100
)

// damageSides are the die sizes a damage expression may use.
var damageSides = map[int]bool{2: true, 3: true, 4: true, 6: true, 8: true, 10: true, 12: true, 20: true, 100: true}

// Damage is a damage expression of the form NdS+B: Dice dice with Sides
// sides plus a flat Bonus (DND-ND-4, SRD default). A flat amount has Dice 0.
// In JSON it is the text "1d6+2", "2d8", "1d4-1" or "3".
type Damage struct {
	Dice  int
	Sides int
	Bonus int
}

// ParseDamage reads a damage expression "NdS", "NdS+B", "NdS-B", "dS…"
// (one die) or a plain integer. Spaces are not allowed.
func ParseDamage(s string) (Damage, error) {
	if s == "" {
		return Damage{}, combat.Invalid("DND-ND-4", "damage", "empty expression")
	}
	dicePart, bonusPart, hasDice := strings.Cut(s, "d")
	if !hasDice {
		b, err := parseSigned(s)
		if err != nil {
			return Damage{}, combat.Invalid("DND-ND-4", "damage", "%q is not NdS+B or an integer", s)
		}
		d := Damage{Bonus: b}
		return d, d.Validate()
	}
	n := 1
	if dicePart != "" {
		v, err := parseUnsigned(dicePart)
		if err != nil {
			return Damage{}, combat.Invalid("DND-ND-4", "damage", "bad dice count in %q", s)
		}
		n = v
	}
	sidesPart, bonus := bonusPart, ""
	if i := strings.IndexAny(bonusPart, "+-"); i >= 0 {
		sidesPart, bonus = bonusPart[:i], bonusPart[i:]
	}
	sides, err := parseUnsigned(sidesPart)
	if err != nil {
		return Damage{}, combat.Invalid("DND-ND-4", "damage", "bad die size in %q", s)
	}
	d := Damage{Dice: n, Sides: sides}
	if bonus != "" {
		if d.Bonus, err = parseSigned(bonus); err != nil {
			return Damage{}, combat.Invalid("DND-ND-4", "damage", "bad bonus in %q", s)
		}
	}
	return d, d.Validate()
}

// parseUnsigned reads 1 to 4 decimal digits.
func parseUnsigned(s string) (int, error) {
	if s == "" || len(s) > 4 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, fmt.Errorf("not a small unsigned integer: %q", s)
	}
	return strconv.Atoi(s)
}

// parseSigned reads an optional sign followed by 1 to 4 decimal digits.
func parseSigned(s string) (int, error) {
	sign := 1
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	v, err := parseUnsigned(s)
	return sign * v, err
}

// Validate checks the expression's bounds (DND-ND-4).
func (d Damage) Validate() error {
	switch {
	case d.Dice < 0 || d.Dice > MaxDamageDice:
		return combat.Invalid("DND-ND-4", "damage.dice", "%d dice is outside 0..%d", d.Dice, MaxDamageDice)
	case d.Dice > 0 && !damageSides[d.Sides]:
		return combat.Invalid("DND-ND-4", "damage.sides", "no d%d damage die", d.Sides)
	case d.Dice == 0 && d.Sides != 0:
		return combat.Invalid("DND-ND-4", "damage.sides", "a flat amount has no die")
	case d.Bonus < -MaxDamageBonus || d.Bonus > MaxDamageBonus:
		return combat.Invalid("DND-ND-4", "damage.bonus", "%d is outside ±%d", d.Bonus, MaxDamageBonus)
	}
	return nil
}

// String returns the canonical text of the expression, which ParseDamage
// reads back to the same value.
func (d Damage) String() string {
	if d.Dice == 0 {
		return strconv.Itoa(d.Bonus)
	}
	s := fmt.Sprintf("%dd%d", d.Dice, d.Sides)
	if d.Bonus != 0 {
		s += fmt.Sprintf("%+d", d.Bonus)
	}
	return s
}

// MarshalText encodes the expression as its canonical text.
func (d Damage) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText decodes and validates an expression.
func (d *Damage) UnmarshalText(b []byte) error {
	v, err := ParseDamage(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
