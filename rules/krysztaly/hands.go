package krysztaly

import "battlemat/rules/combat"

// Hands says how a profile holds its weapons (Table KC-T5): which weapon is
// the main one, which (if any) is in the off hand, and whether the off-hand
// weapon makes a single attack per round rather than its full count.
type Hands struct {
	Main      int  // index into Profile.Weapons, -1 when no weapon is held
	Off       int  // index of the off-hand weapon, -1 when none
	OffSingle bool // the off-hand light weapon adds exactly one attack (KC-ATK-3)
}

// Hands works out the profile's grip and checks it against Table KC-T5 and
// KC-AMB-40: a second weapon or a shield beside a heavy weapon needs
// ambidexterity in the main weapon's group, at the level the table names.
// The heavier weapon is the main one. With double ambidexterity a 1H main
// weapon may take a 1H or a light second weapon, each making its full count
// (our reading: the light weapon is no worse a partner than a 1H one).
func (p Profile) Hands() (Hands, error) {
	h := Hands{Main: -1, Off: -1}
	if len(p.Weapons) > 2 {
		return h, combat.Invalid("KC-ATK-3", "weapons", "at most two weapons in hand, got %d", len(p.Weapons))
	}
	if len(p.Weapons) == 0 {
		return h, nil
	}
	if len(p.Weapons) == 1 {
		h.Main = 0
		if p.Shield == nil {
			return h, nil
		}
		w := p.Weapons[0]
		amb := p.ambidexterity(w.Group)
		switch {
		case w.Category == HandHalf && amb < Ambidextrous:
			return h, combat.Invalid("KC-HANDS-2", "shield", "a shield beside a hand-and-a-half weapon needs ambidexterity in %s", w.Group)
		case w.Category == TwoHand && amb < DoubleAmbidextrous:
			return h, combat.Invalid("KC-HANDS-3", "shield", "a shield beside a two-handed weapon needs double ambidexterity in %s", w.Group)
		}
		return h, nil
	}
	if p.Shield != nil {
		return h, combat.Invalid("KC-HANDS-2", "shield", "no hand is free for a shield beside two weapons")
	}
	h.Main, h.Off = 0, 1
	if p.Weapons[1].Category > p.Weapons[0].Category {
		h.Main, h.Off = 1, 0
	}
	main, off := p.Weapons[h.Main], p.Weapons[h.Off]
	amb := p.ambidexterity(main.Group)
	ok := false
	switch {
	case off.Category == Other:
	case main.Category == Light1H:
		ok = amb >= Ambidextrous
	case main.Category == OneHand && amb >= DoubleAmbidextrous:
		ok = true
	case main.Category == OneHand:
		ok = amb >= Ambidextrous && off.Category == Light1H
		h.OffSingle = true
	case main.Category == HandHalf:
		ok = amb >= DoubleAmbidextrous && off.Category == Light1H
		h.OffSingle = true
	}
	if !ok {
		return h, combat.Invalid("KC-HANDS-2", "weapons", "%s (%s) and %s (%s) together are not allowed at ambidexterity level %d in %s",
			main.Name, main.Category, off.Name, off.Category, amb, main.Group)
	}
	return h, nil
}

// ambidexterity returns the ambidexterity trained in group.
func (p Profile) ambidexterity(group string) Ambidexterity {
	pr, _ := p.trained(group)
	return pr.Ambidexterity
}

// Routine is a round's weapon attacks (KC-ALG-B step 1 and 3): the count per
// weapon in hand, aligned with Profile.Weapons, their sum, and the total
// after the SZ cap.
type Routine struct {
	PerWeapon []int `json:"perWeapon"`
	Uncapped  int   `json:"uncapped"`
	Total     int   `json:"total"`
}

// AttacksPerRound counts the profile's weapon attacks in a round (KC-ATK-2
// to KC-ATK-4): each weapon makes N0 plus its group's extra attacks for its
// category; an off-hand light weapon beside a 1H or 1½H weapon makes exactly
// one (KC-AMB-11); double ambidexterity with a light main weapon doubles each
// light weapon's count (KC-AMB-12); the total is capped by MaxAttacks when set.
func (p Profile) AttacksPerRound() (Routine, error) {
	h, err := p.Hands()
	if err != nil {
		return Routine{}, err
	}
	r := Routine{PerWeapon: make([]int, len(p.Weapons))}
	doubleLight := h.Main >= 0 && p.Weapons[h.Main].Category == Light1H &&
		p.ambidexterity(p.Weapons[h.Main].Group) == DoubleAmbidextrous
	for i, w := range p.Weapons {
		pr, _ := p.trained(w.Group)
		n := p.Attacks + pr.Tier.ExtraAttacks(w.Category)
		if i == h.Off && h.OffSingle {
			n = 1
		}
		if doubleLight && w.Category == Light1H {
			n *= 2
		}
		r.PerWeapon[i] = n
		r.Uncapped += n
	}
	r.Total = r.Uncapped
	if p.MaxAttacks > 0 {
		r.Total = min(r.Total, p.MaxAttacks)
	}
	return r, nil
}

// SlowedAttacks is the simple-mode count of "twice as slow" attacks
// (KC-ATK-5, KC-ALG-B step 2, KC-AMB-17): a round with n attacks banks n
// halves on top of the carried credit (also in halves) and makes one attack
// per two halves; it returns the attacks made and the credit carried on.
// Pass credit 0 after any round without slowing.
func SlowedAttacks(n, credit int) (attacks, carried int) {
	c := credit + n
	return c / 2, c % 2
}
