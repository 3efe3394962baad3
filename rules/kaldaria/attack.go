package kaldaria

import (
	"slices"

	"battlemat/rules/combat"
)

// OAKind says whether an attack is an opportunity attack and of which kind
// (K-OA-2, K-OA-3).
type OAKind uint8

// The opportunity-attack kinds.
const (
	NoOA       OAKind = iota // an ordinary attack
	NormalOA                 // +2 to hit, damage ×3/2 (K-OA-2)
	ImprovedOA               // +3 to hit, damage ×166/100, one critical step (K-OA-3)
)

// Maneuver is a stamina maneuver's effect on one attack (K-MOD-6, §20): a
// to-hit bonus, a damage percentage (150 for Wild blow, 250 for the 250 %
// blow, 50 for a Death slash feint; 0 means 100), a flat rider added after
// multipliers (REC A-13) and extra critical steps.
type Maneuver struct {
	Key       string `json:"key,omitempty"`
	HitBonus  int    `json:"hitBonus,omitempty"`
	DamagePct int    `json:"damagePct,omitempty"`
	Rider     int    `json:"rider,omitempty"`
	CritSteps int    `json:"critSteps,omitempty"`
}

// WildBlow is the maneuver of K-MOD-6: +2 to hit, +50 % damage.
var WildBlow = Maneuver{Key: "wild-blow", HitBonus: 2, DamagePct: 150}

// WoundedPenalty says where the wounded penalty applies (K-MOD-7, REC A-08).
type WoundedPenalty uint8

// The campaign choices for the wounded penalty.
const (
	WoundedToHit WoundedPenalty = iota // default: −2 to the wounded creature's to-hit
	WoundedAR                          // −2 to its AR instead
	WoundedBoth                        // both
)

// Campaign holds the campaign options that change attack resolution
// (kaldaria.md Appendix A); the zero value is every default.
type Campaign struct {
	MinimumDodge bool `json:"minDodge,omitempty"` // K-DODGE-11: dodgers always have 5 %
	// DamageCapTenths caps a hit at this many tenths of the weapon's regular
	// maximum (25 = 2.5×), K-DMG-8; 0 = no cap.
	DamageCapTenths int            `json:"damageCapTenths,omitempty"`
	Wounded         WoundedPenalty `json:"wounded,omitempty"`
	ExactThirds     bool           `json:"exactThirds,omitempty"`     // 5/3 and 4/3 for +66 % and +33 % (REC A-02, D-3)
	OneHandedParry  bool           `json:"oneHandedParry,omitempty"`  // a lone one-handed weapon gives a parry (REC A-22)
	ShieldParryMax3 bool           `json:"shieldParryMax3,omitempty"` // allow 3 shield parries (K-PARRY-10)
}

// Attack is everything about one attack that is not a creature's standing
// data: which of the attacker's weapons, the attacker's tier against the
// defender (computed by the tactics package), opportunity-attack status,
// maneuver and situation.
type Attack struct {
	Weapon int        `json:"weapon"`         // index into the attacker's Weapons
	Kind   AttackKind `json:"kind,omitempty"` // overrides the weapon's kind (e.g. a ghost touch)
	Tier   Tier       `json:"tier"`           // K-FLANK-9; must be Front for an OA (K-OA-10)
	OA     OAKind     `json:"oa,omitempty"`
	// Charge marks an OA against a mover who is charging: a normal OA
	// becomes improved (K-OA-3, REC A-36).
	Charge bool `json:"charge,omitempty"`
	// TargetManeuvering marks an OA against a mover performing a maneuver or
	// quick leap: no OA bonuses at all (K-OA-6, REC A-41).
	TargetManeuvering bool     `json:"targetManeuvering,omitempty"`
	Maneuver          Maneuver `json:"maneuver"`
	Telegraphed       bool     `json:"telegraphed,omitempty"` // a telegraphed missile (REC A-28)
	Surprised         bool     `json:"surprised,omitempty"`   // the defender is surprised (K-MOD-9)
	// Paralysed marks a paralysed defender: it neither dodges nor makes
	// active parries; its armour's passive parry still works.
	Paralysed bool     `json:"paralysed,omitempty"`
	Campaign  Campaign `json:"campaign"`
}

// oa returns the effective opportunity-attack kind after the charge upgrade
// (K-OA-3) and the maneuvering-target loss (K-OA-6).
func (a Attack) oa() OAKind {
	switch {
	case a.OA == NoOA || a.TargetManeuvering:
		return NoOA
	case a.Charge:
		return ImprovedOA
	}
	return a.OA
}

// validate checks the attack against the attacker's profile.
func (a Attack) validate(att *Profile) error {
	if a.Weapon < 0 || a.Weapon >= len(att.Weapons) {
		return combat.Invalid("K-RES-2", "weapon", "attacker has no weapon %d", a.Weapon)
	}
	if a.Tier > Rear {
		return combat.Invalid("K-FLANK-9", "tier", "unknown tier %d", a.Tier)
	}
	if a.OA > ImprovedOA {
		return combat.Invalid("K-OA-2", "oa", "unknown opportunity-attack kind %d", a.OA)
	}
	if a.OA != NoOA && a.Tier != Front {
		return combat.Invalid("K-OA-10", "tier", "an opportunity attack has no tier")
	}
	if a.OA != NoOA && a.Maneuver != (Maneuver{}) {
		return combat.Invalid("K-OA-4", "maneuver", "no maneuver may be used as an opportunity attack")
	}
	m := a.Maneuver
	if m.DamagePct < 0 || m.DamagePct > 1000 || m.CritSteps < 0 || m.CritSteps > 10 || m.HitBonus < -20 || m.HitBonus > 20 || m.Rider < 0 {
		return combat.Invalid("K-MOD-6", "maneuver", "values out of range")
	}
	if c := a.Campaign.DamageCapTenths; c < 0 || c > 1000 {
		return combat.Invalid("K-DMG-8", "campaign.damageCapTenths", "%d is outside 0..1000", c)
	}
	if a.Kind != "" {
		if err := (&Profile{}).validateWeapon(&Weapon{Kind: a.Kind}); err != nil {
			return err
		}
	}
	return nil
}

// Outcome is how an attack ended (K-RES-2).
type Outcome uint8

// The outcomes of an attack.
const (
	Missed  Outcome = iota // the roll did not get through AR (K-HIT-4)
	Dodged                 // the defender dodged (K-DODGE-12)
	Parried                // a parry stopped it (K-PARRY-15)
	Hit                    // it landed and dealt damage (K-DMG)
)

var outcomeKeys = []string{"missed", "dodged", "parried", "hit"}

// outcomeTraceKeys are the trace keys of the outcomes, which read as their
// String.
var outcomeTraceKeys = [...]Key{Missed: KeyMissed, Dodged: KeyDodged, Parried: KeyParried, Hit: KeyHit}

// String returns the outcome's stable key.
func (o Outcome) String() string { return keyOf(outcomeKeys, int(o)) }

// MarshalText encodes the outcome as its key, so results read "hit" in JSON.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText decodes a key written by MarshalText.
func (o *Outcome) UnmarshalText(b []byte) error {
	return parseKey(outcomeKeys, b, (*uint8)(o), "outcome")
}

// Effect is the result of the critical d6 (K-CRIT-7).
type Effect uint8

// The critical effects; NoEffect for an ordinary hit.
const (
	NoEffect        Effect = iota
	MaxDamage              // d6 1–3: dice at maximum
	DoubleDamage           // d6 4–5: ×2
	DoubleMaxDamage        // d6 6: dice at maximum and ×2
)

var effectKeys = []string{"none", "max", "double", "double-max"}

// String returns the effect's stable key.
func (e Effect) String() string { return keyOf(effectKeys, int(e)) }

// MarshalText encodes the effect as its key.
func (e Effect) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText decodes a key written by MarshalText.
func (e *Effect) UnmarshalText(b []byte) error { return parseKey(effectKeys, b, (*uint8)(e), "effect") }

// keyOf returns keys[i], or "unknown" out of range.
func keyOf(keys []string, i int) string {
	if i < 0 || i >= len(keys) {
		return "unknown"
	}
	return keys[i]
}

// parseKey sets *v to the index of b in keys.
func parseKey(keys []string, b []byte, v *uint8, field string) error {
	i := slices.Index(keys, string(b))
	if i < 0 {
		return combat.Invalid("", field, "unknown key %q", b)
	}
	*v = uint8(i)
	return nil
}

// effectOf maps the critical d6 to its effect (K-CRIT-7).
func effectOf(d6 int) Effect {
	switch {
	case d6 <= 3:
		return MaxDamage
	case d6 <= 5:
		return DoubleDamage
	}
	return DoubleMaxDamage
}

// maximised reports whether the effect puts every damage die at maximum.
func (e Effect) maximised() bool { return e == MaxDamage || e == DoubleMaxDamage }

// doubled reports whether the effect carries the ×2 multiplier.
func (e Effect) doubled() bool { return e == DoubleDamage || e == DoubleMaxDamage }
