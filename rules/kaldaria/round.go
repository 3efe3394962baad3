package kaldaria

import "slices"

// RoundState is what a creature has used up in the current combat round:
// parry attempts per pool, dodgeable hits taken, and the movers it has made
// an opportunity attack against. The zero value is a fresh round (K-GEN-6,
// K-RES-1): the encounter stores one per creature and resets it to the zero
// value when a round starts. Resolve returns an updated copy.
type RoundState struct {
	WeaponParries int      `json:"weaponParries,omitempty"` // weapon attempts spent (K-PARRY-11)
	ShieldParries int      `json:"shieldParries,omitempty"` // shield attempts spent
	AuraParries   int      `json:"auraParries,omitempty"`   // aura attempts spent
	DodgeHits     int      `json:"dodgeHits,omitempty"`     // dodgeable hits that got through AR (K-DODGE-7)
	OAsMade       []string `json:"oasMade,omitempty"`       // movers already attacked by OA (K-OA-8)
}

// MadeOA reports whether an opportunity attack against mover was already
// made this round (K-OA-8).
func (s RoundState) MadeOA(mover string) bool { return slices.Contains(s.OAsMade, mover) }

// WithOA returns a copy of s that records an opportunity attack against
// mover (K-OA-8); s itself is unchanged.
func (s RoundState) WithOA(mover string) RoundState {
	s.OAsMade = append(slices.Clip(s.OAsMade), mover)
	return s
}

// Allowance is the number of parry attempts per round in each active pool
// (K-PARRY-9, K-PARRY-10).
type Allowance struct {
	Weapon int `json:"weapon"`
	Shield int `json:"shield"`
	Aura   int `json:"aura"`
}

// Maximum attempts per round (K-PARRY-10).
const (
	maxWeaponParries = 5
	maxShieldParries = 2
)

// Parries returns the creature's parry allowance per round (K-PARRY-9/10).
// Weapon attempts come from a two-handed grip, stamina use from level 7,
// being a Swordsman, Extra parry weapons (and, with the campaign option of
// REC A-22, a one-handed weapon), plus granted attempts; shield attempts from
// holding a shield, an Extra parry shield and granted attempts.
func (p Profile) Parries(c Campaign) Allowance { return p.parries(c) }

// parries is Parries without a copy of the profile.
func (p *Profile) parries(c Campaign) Allowance {
	var a Allowance
	parrying, twoHanded, extra := 0, false, 0
	for i := range p.Weapons {
		w := &p.Weapons[i]
		if !w.canParry() {
			continue
		}
		parrying++
		twoHanded = twoHanded || w.TwoHanded
		if w.ExtraParry || w.ExtraGrandParry > 0 {
			extra++
		}
	}
	if parrying > 0 {
		a.Weapon += extra
		if twoHanded || (c.OneHandedParry && parrying == 1) {
			a.Weapon++
		}
		if p.Stamina && p.Level >= 7 {
			a.Weapon++
		}
		if p.Profession == Swordsman {
			a.Weapon++
		}
	}
	a.Weapon = min(a.Weapon+p.ExtraWeaponParries, maxWeaponParries)
	if s := p.Shield; s != nil {
		a.Shield = 1 + p.ExtraShieldParries
		if s.ExtraParry || s.ExtraGrandParry > 0 {
			a.Shield++
		}
		limit := maxShieldParries
		if s.ThirdParry || c.ShieldParryMax3 {
			limit++
		}
		a.Shield = min(a.Shield, limit)
	}
	if p.Aura != nil {
		a.Aura = p.Aura.Attempts
	}
	return a
}
