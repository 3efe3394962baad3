package krysztaly

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// AttackKind is what an attack is made with (KC-ALG-A inputs).
type AttackKind uint8

// The attack kinds of KC-ALG-A.
const (
	WeaponAttack   AttackKind = iota // a rolled attack with a weapon in hand
	AutoStrike                       // the automatic critical strike on a helpless defender (KC-SIT-8)
	ShieldStrike                     // a wounding shield attack (KC-SHIELD-4)
	ShieldBash                       // an unbalancing shield attack (KC-SHIELD-5)
	ShieldCombined                   // a shield attack that wounds and unbalances (KC-SHIELD-6)
)

func (k AttackKind) shield() bool { return k >= ShieldStrike }
func (k AttackKind) wounds() bool { return k != ShieldBash }
func (k AttackKind) unbalances() bool {
	return k == ShieldBash || k == ShieldCombined
}

// Situation is everything about one attack that is neither attacker nor
// defender: the attack's kind and weapon, the declared damage type, the
// circumstances of §9, and extra signed modifiers. Mods apply to the
// attacker (QtyTR, QtyDamage) or the defender (QtyOBR, QtyMagic,
// QtyProtective) by their quantity.
type Situation struct {
	Kind              AttackKind        `json:"kind,omitempty"`
	Weapon            int               `json:"weapon,omitempty"`            // index into the attacker's Weapons
	Type              DamageType        `json:"type,omitempty"`              // declared before the roll; default the best rating (KC-AMB-32)
	Attackers         int               `json:"attackers,omitempty"`         // n opponents on the defender, 0 counts as 1 (KC-SIT-1, KC-AMB-22)
	FromBehind        bool              `json:"fromBehind,omitempty"`        // atak od tyłu (KC-SIT-2, KC-AMB-27)
	Height            bool              `json:"height,omitempty"`            // przewaga wysokości (KC-SIT-6, KC-AMB-28)
	Ranged            bool              `json:"ranged,omitempty"`            // a missile attack: weapon defence does not count (KC-AMB-21)
	AttackerTwilight  bool              `json:"attackerTwilight,omitempty"`  // the attacker fights in półmrok (KC-SIT-4)
	DefenderTwilight  bool              `json:"defenderTwilight,omitempty"`  // the defender fights in półmrok (KC-SIT-4)
	ShieldAttackRound bool              `json:"shieldAttackRound,omitempty"` // the attacker declared a shield attack this round (KC-ATK-5)
	CombinedLastRound bool              `json:"combinedLastRound,omitempty"` // the attacker made a combined shield attack last round (KC-SHIELD-6)
	Mods              []combat.Modifier `json:"mods,omitempty"`
}

// Result is one resolved attack (KC-ALG-A). Roll is the d100 against RTR, 0
// for an automatic strike; Damage is D before absorption, Taken is T after
// it, and Vitality is the defender's ŻYW once T is subtracted. Delay is in
// segments (KC-AMB-34).
type Result struct {
	Kind       AttackKind   `json:"kind"`
	Type       DamageType   `json:"type,omitempty"`
	TR         int          `json:"tr"`
	OBR        int          `json:"obr"`
	RTR        int          `json:"rtr"`
	Roll       int          `json:"roll,omitempty"`
	Hit        bool         `json:"hit"`
	Critical   bool         `json:"critical,omitempty"`
	Damage     int          `json:"damage,omitempty"`
	Taken      int          `json:"taken,omitempty"`
	Vitality   int          `json:"vitality"`
	OffBalance bool         `json:"offBalance,omitempty"`
	Delay      int          `json:"delay"`
	Trace      combat.Trace `json:"trace"`
}

// plan is the deterministic part of an attack, shared by Resolve and Odds:
// every number fixed before the dice are rolled.
type plan struct {
	kind     AttackKind
	dtype    DamageType
	tr, obr  int
	auto     bool // no hit roll (KC-SIT-8)
	base     int  // damage before the random factor: floor(E·q/4) + floor(SF/4) + X
	absorb   int  // WYP against dtype (KC-ABS-1)
	zr       int  // the defender's current ZR, for the balance roll (KC-SHIELD-5)
	vitality int  // the defender's ŻYW before the attack
	delay    int
	trace    combat.Trace
}

func (p *plan) add(s combat.Step) { p.trace = append(p.trace, s) }

func (p *plan) compute(rule combat.RuleID, key string, v int) {
	p.add(combat.Step{Rule: rule, Kind: combat.StepCompute, Key: key, Value: v})
}

func (p *plan) modify(rule combat.RuleID, key, qty string, v int) {
	p.add(combat.Step{Rule: rule, Kind: combat.StepModifier, Key: key, Quantity: qty, Value: v})
}

// rtr is the real hit chance (KC-RTR-1); an automatic strike has none.
func (p *plan) rtr() int {
	if p.auto {
		return 0
	}
	return p.tr - p.obr
}

// Resolve resolves one attack of a on d (KC-ALG-A), rolling d100 for the hit
// (KC-RTR-2), d100 for damage (KC-DMG-5) and, for a bash or combined shield
// attack that lands, d100 for the defender's balance (KC-SHIELD-5, KC-AMB-19), in that order.
// It never changes its inputs. Invalid profiles or an illegal attack give a
// *combat.RuleError and no dice are rolled.
func Resolve(a, d Profile, s Situation, r dice.Roller) (Result, error) {
	p, err := prepare(a, d, s)
	if err != nil {
		return Result{}, err
	}
	res := Result{Kind: p.kind, Type: p.dtype, TR: p.tr, OBR: p.obr, RTR: p.rtr(), Delay: p.delay, Vitality: p.vitality}
	res.Hit, res.Critical = p.auto, p.auto
	if !p.auto {
		res.Roll = r.Roll(d100)
		res.Hit = RollHits(res.Roll, res.RTR)
		p.add(combat.Step{Rule: "KC-RTR-2", Kind: combat.StepRoll, Key: KeyHitRoll, Sides: d100, Face: res.Roll})
		p.add(combat.Step{Rule: "KC-RTR-2", Kind: combat.StepTarget, Key: KeyRTR, Value: res.RTR})
		p.add(combat.Step{Rule: "KC-RTR-2", Kind: combat.StepOutcome, Key: outcomeKey(res.Hit), Value: res.Roll})
	}
	if !res.Hit {
		res.Trace = p.trace
		return res, nil
	}
	if p.kind.wounds() {
		face := r.Roll(d100)
		p.add(combat.Step{Rule: "KC-DMG-5", Kind: combat.StepRoll, Key: KeyDamageRoll, Sides: d100, Face: face})
		p.modify("KC-DMG-5", KeyRandom, QtyDamage, randomFactor(face))
		res.Damage = p.base + randomFactor(face)
		p.compute("KC-DMG-7", KeyDamage, res.Damage)
		res.Taken = absorbed(res.Damage, p.absorb)
		p.modify("KC-ABS-1", KeyAbsorption, QtyDamage, -p.absorb)
		p.compute("KC-ABS-1", KeyTaken, res.Taken)
		res.Vitality -= res.Taken
		p.compute("KC-ABS-2", KeyVitality, res.Vitality)
	}
	if res.Critical {
		p.add(combat.Step{Rule: "KC-SIT-8", Kind: combat.StepOutcome, Key: KeyCritical})
	}
	if p.kind.unbalances() {
		face := r.Roll(d100)
		res.OffBalance = !keepsBalance(face, p.zr)
		p.add(combat.Step{Rule: "KC-SHIELD-5", Kind: combat.StepRoll, Key: KeyBalanceRoll, Sides: d100, Face: face})
		p.add(combat.Step{Rule: "KC-AMB-19", Kind: combat.StepTarget, Key: KeyZR, Value: p.zr})
		p.add(combat.Step{Rule: "KC-SHIELD-5", Kind: combat.StepOutcome, Key: balanceKey(res.OffBalance), Value: face})
	}
	res.Trace = p.trace
	return res, nil
}

// KeepsFooting is the GM's optional second roll after a lost balance
// (KC-SHIELD-5): d100 against the target's current ZR, success on a roll at
// or under it (KC-AMB-19). A failure leaves the target prone.
func KeepsFooting(d Profile, r dice.Roller) (bool, combat.Trace) {
	face := r.Roll(d100)
	ok := keepsBalance(face, d.ZR)
	key := KeyProne
	if ok {
		key = KeyKeepsBalance
	}
	return ok, combat.Trace{
		{Rule: "KC-SHIELD-5", Kind: combat.StepRoll, Key: KeyBalanceRoll, Sides: d100, Face: face},
		{Rule: "KC-AMB-19", Kind: combat.StepTarget, Key: KeyZR, Value: d.ZR},
		{Rule: "KC-AMB-19", Kind: combat.StepOutcome, Key: key, Value: face},
	}
}

// keepsBalance is the roll on current ZR of KC-SHIELD-5: d100 ≤ ZR, with no
// automatic successes or failures (KC-AMB-19, KC-ND-10).
func keepsBalance(face, zr int) bool { return face <= zr }

// absorbed is the damage that gets through armour, never below zero
// (KC-ABS-1, KC-AMB-30).
func absorbed(dmg, wyp int) int { return max(0, dmg-wyp) }

func outcomeKey(hit bool) string {
	if hit {
		return KeyHit
	}
	return KeyMiss
}

func balanceKey(off bool) string {
	if off {
		return KeyOffBalance
	}
	return KeyKeepsBalance
}

// prepare validates the inputs and computes every number of KC-ALG-A that
// does not depend on the dice: steps 1–9, the damage terms of step 13 and
// the delay of step 16.
func prepare(a, d Profile, s Situation) (plan, error) {
	if err := a.Validate(); err != nil {
		return plan{}, inField(err, "attacker")
	}
	if err := d.Validate(); err != nil {
		return plan{}, inField(err, "defender")
	}
	if err := s.validate(a, d); err != nil {
		return plan{}, err
	}
	p := plan{kind: s.Kind, zr: d.ZR, vitality: d.Vitality}
	p.tr = hitChance(&p, a, s)
	if s.Kind == AutoStrike {
		p.auto = true
		p.add(combat.Step{Rule: "KC-SIT-8", Kind: combat.StepOutcome, Key: KeyAutoStrike})
	} else {
		p.obr = defence(&p, d, s)
		p.compute("KC-RTR-1", KeyRTR, p.rtr())
	}
	if s.Kind.wounds() {
		damageBase(&p, a, d, s)
	}
	p.delay = delay(&p, a, s)
	return p, nil
}

// validate checks that the attack is one the attacker can make
// (KC-ALG-A step 1). Limits on attacks per round are the encounter's.
func (s Situation) validate(a, d Profile) error {
	if s.Kind > ShieldCombined {
		return combat.Invalid("KC-ALG-A", "kind", "unknown attack kind %d", s.Kind)
	}
	if s.Attackers < 0 || s.Attackers > maxAttack {
		return combat.OutOfRange("KC-SIT-1", "attackers", s.Attackers, 0, maxAttack)
	}
	if s.Type > Bludgeoning {
		return combat.Invalid("KC-DMG-1", "type", "unknown damage type %d", s.Type)
	}
	for _, m := range s.Mods {
		if err := validModifier(m); err != nil {
			return err
		}
	}
	if s.Kind == AutoStrike && !d.Conditions.Helpless {
		return combat.Invalid("KC-SIT-8", "kind", "only a helpless defender can be struck automatically")
	}
	if s.Kind.shield() {
		switch {
		case !a.ShieldBearer || a.Shield == nil:
			return combat.Invalid("KC-SHIELD-4", "kind", "shield attacks need shield-bearer training and a shield")
		case s.Kind == ShieldCombined && s.CombinedLastRound:
			return combat.Invalid("KC-SHIELD-6", "kind", "a combined shield attack at most once in two rounds")
		case s.Kind.wounds() && a.Shield.Effectiveness.Of(s.typeFor(a.Shield.Effectiveness)) == 0:
			return combat.Invalid("KC-SHIELD-4", "type", "the shield has no %s striking part", s.typeFor(a.Shield.Effectiveness))
		}
		return nil
	}
	if s.Weapon < 0 || s.Weapon >= len(a.Weapons) {
		return combat.Invalid("KC-ALG-A", "weapon", "no weapon %d in hand", s.Weapon)
	}
	e := a.Weapons[s.Weapon].Effectiveness
	if e.Of(s.typeFor(e)) == 0 {
		return combat.Invalid("KC-DMG-2", "type", "%s deals no %s damage", a.Weapons[s.Weapon].Name, s.typeFor(e))
	}
	return nil
}

// typeFor is the declared damage type, or the best rating of e (KC-AMB-32).
func (s Situation) typeFor(e ByType) DamageType {
	if s.Type != AnyType {
		return s.Type
	}
	return e.Best()
}

// hitChance computes TR, KC-ALG-A steps 2–5.
func hitChance(p *plan, a Profile, s Situation) int {
	var prof int
	if s.Kind.shield() {
		prof = shieldProficiency(a)
		p.compute("KC-SHIELD-4", KeyShieldProficiency, prof)
	} else {
		w := a.Weapons[s.Weapon]
		prof = a.ProficiencyWith(w.Group)
		rule := combat.RuleID("KC-PROF-8")
		if _, ok := a.trained(w.Group); !ok {
			rule = "KC-PROF-6"
		}
		p.compute(rule, KeyProficiency, prof)
	}
	tr := prof + tenth(a.SF) + tenth(a.ZR)
	p.modify("KC-HIT-1", KeySFBonus, QtyTR, tenth(a.SF))
	p.modify("KC-HIT-1", KeyZRBonus, QtyTR, tenth(a.ZR))
	p.compute("KC-HIT-1", KeyBaseTR, tr)
	if s.Height {
		tr += 10
		p.modify("KC-SIT-6", KeyHeight, QtyTR, 10)
	}
	if s.AttackerTwilight && !a.seesInTwilight() {
		tr -= 10
		p.modify("KC-SIT-4", KeyTwilight, QtyTR, -10)
	}
	tr += p.applyMods(QtyTR, a.Mods, s.Mods)
	if a.Conditions.Blind {
		half := halveBlind(tr)
		p.modify("KC-SIT-5", KeyBlind, QtyTR, half-tr)
		tr = half
	}
	p.compute("KC-HIT-1", KeyTR, tr)
	return tr
}

// shieldProficiency is the proficiency of a shield attack: the profession's
// minimum plus 25 plus the profession modifier (KC-SHIELD-4, KC-AMB-15).
func shieldProficiency(a Profile) int { return a.MinProficiency() + 25 + a.ProfessionModifier() }

func (p Profile) seesInTwilight() bool { return p.Infravision || p.DimLightSight }

// applyMods adds to the trace every modifier of quantity q from the lists
// and returns their sum (KC-SIT-7).
func (p *plan) applyMods(q string, lists ...[]combat.Modifier) int {
	n := 0
	for _, l := range lists {
		for _, m := range l {
			if m.Quantity == q {
				p.add(m.Step())
				n += m.Value
			}
		}
	}
	return n
}

// defence computes OBR, KC-ALG-A steps 7–8, with amendment AM-1: "other
// circumstances" count once, and not at all for a defenceless or prone
// defender.
func defence(p *plan, d Profile, s Situation) int {
	obr := 0
	if d.Armour != nil {
		obr = d.Armour.Defence
	}
	p.compute("KC-DEF-1", KeyArmour, obr)
	open := !d.Conditions.defenceless() && !s.FromBehind
	switch {
	case !open || d.Conditions.Prone:
		rule := combat.RuleID("KC-SIT-2")
		if open {
			rule = "KC-SIT-3"
		}
		obr += p.applyMods(QtyProtective, d.Mods, s.Mods)
		obr -= 30
		p.modify(rule, KeyDefenceless, QtyOBR, -30)
		if open { // prone only: a light weapon and a shield still count
			if w := weaponDefence(d, s, true); w > 0 {
				obr += w
				p.modify("KC-SIT-3", KeyWeaponDefence, QtyOBR, w)
			}
			if d.Shield != nil {
				obr += d.Shield.Defence
				p.modify("KC-SIT-3", KeyShield, QtyOBR, d.Shield.Defence)
			}
		}
	default:
		if d.Shield != nil {
			obr += d.Shield.Defence
			p.modify("KC-DEF-1", KeyShield, QtyOBR, d.Shield.Defence)
			if d.Conditions.ShieldCover {
				obr += d.Shield.Defence
				p.modify("KC-SHIELD-2", KeyShieldCover, QtyOBR, d.Shield.Defence)
			}
		}
		if w := weaponDefence(d, s, false); w > 0 {
			obr += w
			p.modify("KC-DEF-2", KeyWeaponDefence, QtyOBR, w)
		}
		z := ZRBonus(d.ZR)
		obr += z
		p.modify("KC-DEF-3", KeyZRDefence, QtyOBR, z)
		obr += p.applyMods(QtyMagic, d.Mods, s.Mods)
		obr += p.applyMods(QtyProtective, d.Mods, s.Mods)
	}
	if s.DefenderTwilight && !d.seesInTwilight() {
		obr -= 10
		p.modify("KC-SIT-4", KeyTwilight, QtyOBR, -10)
	}
	if n := max(s.Attackers, 1); n > 1 {
		obr -= 5 * (n - 1)
		p.modify("KC-SIT-1", KeyAttackers, QtyOBR, -5*(n-1))
	}
	if open && !d.Conditions.Prone {
		obr += p.applyMods(QtyOBR, d.Mods, s.Mods)
	}
	p.compute("KC-DEF-1", KeyOBR, obr)
	return obr
}

// weaponDefence is the best weapon defence W among the defender's weapons in
// hand (KC-DEF-2, KC-AMB-20): W_base scaled by the defender's proficiency
// band. It counts against melee only (KC-AMB-21); lightOnly keeps light
// one-handed weapons, for a prone defender (KC-SIT-3).
func weaponDefence(d Profile, s Situation, lightOnly bool) int {
	if s.Ranged {
		return 0
	}
	best := 0
	for _, w := range d.Weapons {
		if lightOnly && w.Category != Light1H {
			continue
		}
		best = max(best, scaleByProficiency(w.Defence, d.ProficiencyWith(w.Group)))
	}
	return best
}

// damageBase computes the dice-free part of damage, KC-ALG-A step 13, and
// the absorption of step 14.
func damageBase(p *plan, a, d Profile, s Situation) {
	var e ByType
	var prof int
	if s.Kind.shield() {
		e, prof = a.Shield.Effectiveness, shieldProficiency(a)
	} else {
		w := a.Weapons[s.Weapon]
		e, prof = w.Effectiveness, a.ProficiencyWith(w.Group)
	}
	p.dtype = s.typeFor(e)
	eff := e.Of(p.dtype)
	p.add(combat.Step{Rule: "KC-DMG-2", Kind: combat.StepCompute, Key: KeyEffectiveness, Quantity: p.dtype.String(), Value: eff})
	p.compute("KC-DMG-3", KeyMultiplier, Quarters(prof))
	p.base = scaleByProficiency(eff, prof)
	p.compute("KC-DMG-7", KeyWeaponDamage, p.base)
	p.base += strengthDamage(a.SF)
	p.modify("KC-DMG-4", KeySFDamage, QtyDamage, strengthDamage(a.SF))
	p.compute("KC-DMG-7", KeyBaseDamage, p.base)
	p.base += p.applyMods(QtyDamage, a.Mods, s.Mods)
	if d.Armour != nil {
		p.absorb = d.Armour.Absorption.Of(p.dtype)
	}
}

// delay is the attack's delay in segments, KC-ALG-A step 16: the weapon's
// own, 1 + the eased shield restriction denominators for shield attacks
// (KC-SHIELD-4, KC-ERR-1), or 10 for the automatic strike (KC-SIT-8); weapon
// attacks are twice as slow in the cover stance or in a round with a shield
// attack (KC-ATK-5).
func delay(p *plan, a Profile, s Situation) int {
	var n int
	switch {
	case s.Kind == AutoStrike:
		n = 10
		p.compute("KC-SIT-8", KeyDelay, n)
		return n
	case s.Kind.shield():
		n = ShieldDelay(a.ShieldRestrictions())
		p.compute("KC-SHIELD-4", KeyDelay, n)
		return n
	}
	n = a.Weapons[s.Weapon].Delay
	if a.Conditions.ShieldCover || s.ShieldAttackRound {
		p.modify("KC-ATK-5", KeySlowed, KeyDelay, n)
		n *= 2
	}
	p.compute("KC-ALG-A", KeyDelay, n)
	return n
}

// ShieldDelay is the delay of a shield attack in segments: 1 plus the
// denominator of each ZR and SZ restriction in effect, 0 for none
// (KC-SHIELD-4, KC-AMB-14). The source's prose counts 1 per restriction; its
// worked example sums the denominators, which the spec follows (KC-ERR-1).
func ShieldDelay(zr, sz Restriction) int { return 1 + zr.delayTerm() + sz.delayTerm() }

// ShieldRestrictions are the ZR and SZ limits the profile's shield places on
// it, each eased one step for a shield-bearer (KC-SHIELD-3); none without a
// shield.
func (p Profile) ShieldRestrictions() (zr, sz Restriction) {
	if p.Shield == nil {
		return 0, 0
	}
	zr, sz = p.Shield.ZR, p.Shield.SZ
	if p.ShieldBearer {
		zr, sz = zr.Eased(), sz.Eased()
	}
	return zr, sz
}
