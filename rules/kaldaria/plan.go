package kaldaria

import (
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// ParryKind is a type of parry (K-PARRY-1, K-PARRY-8).
type ParryKind uint8

// The parry types, active ones first.
const (
	WeaponParry ParryKind = iota
	ShieldParry
	AuraParry
	PassiveParry
)

// String returns the parry type's stable key.
func (k ParryKind) String() string {
	return [...]string{"weapon", "shield", "aura", "passive"}[k]
}

// eligible reports whether a parry of type k may be tried against an attack
// of kind a, whose weapon may be marked as not weapon-parriable (K-PARRY-5,
// K-PARRY-8, REC A-21).
func (k ParryKind) eligible(a AttackKind, noWeaponParry bool) bool {
	switch k {
	case WeaponParry:
		return (a == MeleeWeapon || a == NaturalWeaponlike) && !noWeaponParry
	case ShieldParry, PassiveParry:
		return a != SpellMissile && a != GhostTouch
	}
	return true
}

// parryKeys are the trace keys of each parry type.
var parryKeys = [...]struct{ thac, need, roll Key }{
	{KeyParryTHACWeapon, KeyParryNeedWeapon, KeyParryWeapon},
	{KeyParryTHACShield, KeyParryNeedShield, KeyParryShield},
	{KeyParryTHACAura, KeyParryNeedAura, KeyParryAura},
	{KeyParryTHACPassive, KeyParryNeedPassive, KeyParryPassive},
}

// tierKeys are the trace keys of the tier modifiers.
var tierKeys = [...]Key{KeyTierFront, KeyTierFlank, KeyTierSecondFlank, KeyTierRear}

// ParryOption is one kind of parry the defender will try against an attack,
// in order: its parry THAC (tier penalty included) and the attempts left.
type ParryOption struct {
	Kind ParryKind `json:"kind"`
	THAC int       `json:"thac"`
	Left int       `json:"left"` // attempts left this round; 1 for passive (per hit)
}

// plan is everything about an attack fixed before any die is rolled: the
// numbers of K-RES-2 steps 2–4, the critical thresholds (step 7), the dodge
// and parry parameters (steps 8–10) and the damage pipeline (steps 12–14).
// Resolve, Odds and SequenceOdds share it so they cannot disagree.
type plan struct {
	tr                *tracer // where the steps are recorded, nil for none
	kind              AttackKind
	weapon            *Weapon // the attacker's, read only
	thac, ar, need    int
	natMin, marginMin int

	dodge           bool
	dodgeC0, factor int
	dodgeMul        [2]int64 // numerator, denominator of the kind's multiplier (K-DODGE-6)
	minDodge        bool
	parries         [3]ParryOption // active parries in order; Left holds the allowance, not what is left
	nParries        int
	passive         bool
	passiveTHAC     int
	rear, paralysed bool // no active parry (K-FLANK-6); a paralysed defender neither dodges nor parries actively

	physical     bool
	abs, cutter  int
	mul          [2]int64 // maneuver × OA × all-hits Banning (K-DMG-7)
	critBan      [2]int64 // critical-only Banning (K-WPN-4)
	rider, cap   int
	maxHP, force int
	lifeForce    int
	keyPct       int
}

// step appends a trace step to the plan, when it keeps one.
func (p *plan) step(rule Rule, kind combat.StepKind, key Key, qty Quantity, v int) {
	if p.tr != nil {
		p.tr.add(Step{Rule: rule, Kind: kind, Key: key, Quantity: qty, Value: v})
	}
}

// traceRoom is the number of steps a tracer holds in place: most attacks
// take fewer, the longest (three weapon parries, several damage dice)
// spill over.
const traceRoom = 40

// tracer records an attack's trace steps in place, so that an attack
// resolves without growing a list, and hands out exactly the steps taken.
// Resolve keeps it on its stack.
type tracer struct {
	n     int
	room  [traceRoom]Step
	spill Trace // the steps past the room
}

// add records step s.
func (t *tracer) add(s Step) {
	if t.n < traceRoom {
		t.room[t.n] = s
		t.n++
		return
	}
	t.spill = append(t.spill, s)
}

// trace returns a new trace of the steps recorded, in order.
func (t *tracer) trace() Trace {
	out := make(Trace, t.n+len(t.spill))
	copy(out[copy(out, t.room[:t.n]):], t.spill)
	return out
}

// mod records a nonzero modifier v to quantity qty and returns it. To-hit
// modifiers are recorded as bonuses to hit (a penalty is negative, and
// lowers THAC10 by its value, K-GEN-3); AR modifiers as changes to AR.
func (p *plan) mod(rule Rule, key Key, qty Quantity, v int) int {
	if v != 0 {
		p.step(rule, combat.StepModifier, key, qty, v)
	}
	return v
}

// newPlan computes the fixed part of an attack. defWounded is passed
// separately because a sequence of attacks can wound the defender partway.
// With a tracer the plan records its steps there; without one it records
// none (odds need no trace).
func newPlan(att, def *Profile, a Attack, defWounded bool, tr *tracer) plan {
	w := &att.Weapons[a.Weapon]
	p := plan{kind: w.Kind, weapon: w, tr: tr, paralysed: a.Paralysed}
	if a.Kind != "" {
		p.kind = a.Kind
	}
	oa := a.oa()
	situational := a.OA == NoOA // K-OA-10: no maneuver, surprise or tier on an OA

	// K-RES-2 step 2: effective THAC10 (K-MOD-1).
	p.thac = att.THAC10
	p.step(RuleHit1, combat.StepCompute, KeyTHAC10Base, NoQuantity, p.thac)
	p.thac -= p.mod(RuleMod2, KeyLevel, ToHit, att.levelBonus())
	if p.kind.missile() {
		p.thac -= p.mod(RuleMod3, KeyDex, ToHit, AbilityBonus(att.Dex))
	} else {
		p.thac -= p.mod(RuleMod3, KeyStr, ToHit, AbilityBonus(att.Str))
	}
	p.thac -= p.mod(RuleMod4, KeySkill, ToHit, w.Skill.bonus())
	if w.VsGroup != "" && slices.Contains(def.Groups, w.VsGroup) {
		p.thac -= p.mod(RuleMod5, KeyMagicVsGroup, ToHit, w.VsGroupMagic)
	} else {
		p.thac -= p.mod(RuleMod5, KeyMagic, ToHit, w.Magic)
	}
	if situational {
		p.thac -= p.mod(RuleMod6, KeyManeuver, ToHit, a.Maneuver.HitBonus)
		if a.Surprised {
			p.thac -= p.mod(RuleMod9, KeySurprised, ToHit, 2)
		}
		p.thac -= p.mod(RuleFlank9, tierKeys[a.Tier], ToHit, [...]int{0, 3, 4, 4}[a.Tier])
	}
	switch oa {
	case NormalOA:
		p.thac -= p.mod(RuleOA2, KeyOA, ToHit, 2)
	case ImprovedOA:
		p.thac -= p.mod(RuleOA3, KeyOAImproved, ToHit, 3)
	}
	if att.Wounded() && a.Campaign.Wounded != WoundedAR {
		p.thac -= p.mod(RuleMod7, KeyWounded, ToHit, -2)
	}
	p.thac -= p.mod(RuleMod8, KeyCurse, ToHit, -att.Curse)
	p.step(RuleMod1, combat.StepCompute, KeyTHAC10, NoQuantity, p.thac)

	// Step 3: effective AR (K-AR-1) with armour piercing (K-WPN-2/3).
	p.ar = def.Armour.AR + def.Armour.Magic + def.NaturalAR + def.ItemAR + def.SpellAR + DexAC(def.Dex)
	worn := def.Armour.AR + def.NaturalArmourAR
	if def.Shield != nil {
		p.ar += def.Shield.AR + def.Shield.Magic
		worn += def.Shield.AR
	}
	p.step(RuleAR1, combat.StepCompute, KeyARBase, ArmourRating, p.ar)
	switch w.PiercingPct {
	case 0:
	case 100:
		p.ar += p.mod(RuleWpn2, KeyArmourPiercing, ArmourRating, -worn)
	default:
		p.ar += p.mod(RuleWpn3, KeyArmourPiercing, ArmourRating, -int(roundHalfUp(int64(worn*w.PiercingPct), 100)))
	}
	if defWounded && a.Campaign.Wounded != WoundedToHit {
		p.ar += p.mod(RuleMod7, KeyWounded, ArmourRating, -2)
	}
	p.step(RuleAR1, combat.StepCompute, KeyAR, NoQuantity, p.ar)

	// Step 4: the number needed (K-HIT-2).
	p.need = p.thac + p.ar - 10
	p.step(RuleHit2, combat.StepTarget, KeyNeed, NoQuantity, p.need)

	// Step 7: critical thresholds (K-CRIT-1..5, K-OA-3, K-FLANK-9).
	steps := 0
	if att.masters(w) {
		steps += p.mod(RuleCrit3, KeyWeaponMaster, CritSteps, 1)
	}
	banning := w.Banning != nil && (slices.Contains(def.Groups, w.Banning.Group) || w.Banning.Group == "ALL")
	if w.Wounding || banning {
		steps += p.mod(RuleWpn1, KeyWounding, CritSteps, 1)
	}
	if oa == ImprovedOA {
		steps += p.mod(RuleOA3, KeyOAImproved, CritSteps, 1)
	}
	if situational {
		steps += p.mod(RuleCrit4, tierKeys[a.Tier], CritSteps, [...]int{0, 1, 2, 2}[a.Tier])
		steps += p.mod(RuleMod6, KeyManeuver, CritSteps, a.Maneuver.CritSteps)
	}
	p.natMin, p.marginMin = max(2, 18-steps), max(0, 5-steps)
	p.step(RuleCrit5, combat.StepTarget, KeyCritNatMin, NoQuantity, p.natMin)
	p.step(RuleCrit5, combat.StepTarget, KeyCritMarginMin, NoQuantity, p.marginMin)

	p.planDodge(def, a)
	p.planParries(att, def, a)
	p.planDamage(def, a, oa, banning)
	return p
}

// planDodge fixes the dodge parameters of K-DODGE-2..9 that do not depend on
// the hit counter or on the critical status.
func (p *plan) planDodge(def *Profile, a Attack) {
	if !def.hasDodge() || p.paralysed {
		return
	}
	d := Dodge{}
	if def.Dodge != nil {
		d = *def.Dodge
	}
	p.dodge = true
	switch def.Profession {
	case Assassin:
		p.dodgeC0 = 15 + DexAC(def.Dex) + max(def.Level-1, 0)
		p.factor = 11
	case Thief:
		p.dodgeC0 = 25 + 2*DexAC(def.Dex) + max(def.Level-1, 0)
		p.factor = 9
	default:
		p.dodgeC0, p.factor = d.Base, d.Factor
	}
	p.step(RuleDodge2, combat.StepCompute, KeyDodgeBase, DodgeQuantity, p.dodgeC0)
	p.dodgeC0 += p.mod(RuleDodge5, KeyDodgeRing, DodgeQuantity, d.Ring)
	if d.Cap > 0 && p.dodgeC0 > d.Cap {
		p.dodgeC0 = d.Cap
		p.step(RuleDodge8, combat.StepCompute, KeyDodgeCap, DodgeQuantity, d.Cap)
	}
	p.factor = max(p.factor-d.FactorRing, 0)
	p.step(RuleDodge3, combat.StepCompute, KeyDodgeFactor, DodgeQuantity, p.factor)
	p.dodgeMul = [2]int64{1, 1}
	switch {
	case p.kind == MissileSlow || p.kind == Bite || (p.kind == MissileFast && (a.Telegraphed || p.weapon.Telegraphed)):
		p.dodgeMul = [2]int64{3, 4}
	case p.kind == MissileFast || p.kind == SpellMissile:
		p.dodgeMul = [2]int64{1, 2}
	}
	p.minDodge = a.Campaign.MinimumDodge
}

// dodgeChance is the dodge percentage against the n-th dodgeable hit of the
// round (K-DODGE-4, K-DODGE-6, K-DODGE-9/10/11).
func (p *plan) dodgeChance(n int, crit bool) int {
	c1 := max(p.dodgeC0-(n-1)*p.factor, 0)
	num, den := int64(c1)*p.dodgeMul[0], p.dodgeMul[1]
	if crit {
		den *= 2
	}
	c := int(roundHalfUp(num, den))
	if p.minDodge {
		c = max(c, 5)
	}
	return min(c, 100)
}

// planParries fixes the order, parry THACs and allowances of the parries
// (K-PARRY-3..14, D-6, D-7).
func (p *plan) planParries(att, def *Profile, a Attack) {
	base := def.THAC10 - def.levelBonus() - AbilityBonus(def.Str)
	regular, primarySkill, hasWeapon := base, 0, false
	grandW := def.GrandParry
	for i := range def.Weapons {
		w := &def.Weapons[i]
		if !w.canParry() {
			continue
		}
		v := base - w.Skill.bonus() - w.magicVs(att.Groups)
		if !hasWeapon || v < regular {
			regular = v
		}
		if !hasWeapon {
			primarySkill = w.Skill.bonus()
		}
		hasWeapon = true
		grandW += w.ExtraGrandParry
	}
	shieldTHAC := base - primarySkill
	if def.ParryTHAC != nil {
		regular, shieldTHAC = *def.ParryTHAC, *def.ParryTHAC
	}
	if def.Profession == Swordsman {
		grandW += 2 // K-PARRY-4
	}
	penalty := [...]int{0, 3, 4, 0}[a.Tier] // K-PARRY-14, D-7
	allow := def.parries(a.Campaign)
	active := [3]ParryOption{{Kind: WeaponParry, THAC: regular - grandW + penalty, Left: allow.Weapon}}
	n := 1
	if s := def.Shield; s != nil {
		active[n] = ParryOption{Kind: ShieldParry, THAC: shieldTHAC - s.GrandParry - s.ExtraGrandParry - def.GrandParry + penalty, Left: allow.Shield}
		n++
		if def.ShieldFirst {
			active[0], active[1] = active[1], active[0]
		}
	}
	if def.Aura != nil {
		active[n] = ParryOption{Kind: AuraParry, THAC: regular - def.Aura.Bonus - def.GrandParry + penalty, Left: allow.Aura}
		n++
	}
	p.rear = a.Tier == Rear
	for _, o := range active[:n] {
		if o.Left > 0 && o.Kind.eligible(p.kind, p.weapon.NoWeaponParry) && !p.rear && !p.paralysed {
			p.parries[p.nParries] = o
			p.nParries++
			p.step(RuleParry3, combat.StepCompute, parryKeys[o.Kind].thac, NoQuantity, o.THAC)
		}
	}
	if def.Armour.Passive && PassiveParry.eligible(p.kind, false) {
		p.passive = true
		p.passiveTHAC = regular + 2
		if def.Armour.DragonParry {
			p.passiveTHAC = regular
		}
		p.step(RuleParry6, combat.StepCompute, KeyParryTHACPassive, NoQuantity, p.passiveTHAC)
	}
}

// spent returns how many attempts of kind k the round state has used.
func spent(s RoundState, k ParryKind) int {
	switch k {
	case WeaponParry:
		return s.WeaponParries
	case ShieldParry:
		return s.ShieldParries
	}
	return s.AuraParries
}

// spend returns s with one more attempt of kind k used (K-PARRY-11).
func spend(s RoundState, k ParryKind) RoundState {
	switch k {
	case WeaponParry:
		s.WeaponParries++
	case ShieldParry:
		s.ShieldParries++
	default:
		s.AuraParries++
	}
	return s
}

// planDamage fixes the damage pipeline (K-DMG-1..8, K-FA, K-HP, K-LIFE).
func (p *plan) planDamage(def *Profile, a Attack, oa OAKind, banning bool) {
	w := p.weapon
	p.physical = p.kind.physical()
	if p.physical {
		p.abs, p.cutter = def.Armour.Abs, def.Armour.Cutter
	}
	p.mul = [2]int64{1, 1}
	if m := a.Maneuver.DamagePct; m != 0 && a.OA == NoOA {
		p.mul = [2]int64{int64(m), 100}
	}
	switch oa {
	case NormalOA:
		p.mul[0] *= 3
		p.mul[1] *= 2
	case ImprovedOA:
		if a.Campaign.ExactThirds {
			p.mul[0] *= 5
			p.mul[1] *= 3
		} else {
			p.mul[0] *= 166
			p.mul[1] *= 100
		}
	}
	p.critBan = [2]int64{1, 1}
	if banning {
		f := [2]int64{int64(100 + w.Banning.Pct), 100}
		if w.Banning.Pct == 33 && a.Campaign.ExactThirds {
			f = [2]int64{4, 3}
		}
		if w.Banning.AllHits {
			p.mul[0] *= f[0]
			p.mul[1] *= f[1]
		} else {
			p.critBan = f
		}
	}
	if a.OA == NoOA {
		p.rider = a.Maneuver.Rider
	}
	if t := a.Campaign.DamageCapTenths; t > 0 {
		p.cap = int(roundHalfUp(int64(t*w.Damage.Max()), 10))
		p.step(RuleDmg8, combat.StepTarget, KeyDamageCap, NoQuantity, p.cap)
	}
	p.maxHP, p.lifeForce = def.MaxHP, def.LifeForce
	if def.LifeKey != nil {
		p.keyPct = def.LifeKey.ThresholdPct
	}
}

// damage is one blow's way through K-RES-2 steps 12–14.
type damage struct {
	base, absorbed, reduced int
	num, den                int64 // total multiplier
	final                   int
	capped                  bool
}

// damageOf runs a rolled (or maximised) base damage through the floor,
// reducers, multipliers, rider and cap (K-DMG-1..8).
func (p *plan) damageOf(base int, e Effect) damage {
	d := damage{base: max(base, 1)} // K-DMG-1, REC A-12
	d.reduced = d.base
	if p.physical {
		d.absorbed = absorbed(d.base, p.abs)
		d.reduced = max(1, d.base-d.absorbed-p.cutter) // K-DMG-5
	}
	d.num, d.den = p.mul[0], p.mul[1]
	if e != NoEffect {
		d.num *= p.critBan[0]
		d.den *= p.critBan[1]
	}
	if e.doubled() {
		d.num *= 2
	}
	d.final = int(roundHalfUp(int64(d.reduced)*d.num, d.den)) + p.rider // K-DMG-6, REC A-13
	if p.cap > 0 && d.final > p.cap {
		d.final, d.capped = p.cap, true
	}
	return d
}

// baseDist is the distribution of base damage for an effect: the weapon's
// dice, or their maximum (K-CRIT-7, K-CRIT-8).
func (p *plan) baseDist(e Effect) dice.Dist {
	if e.maximised() {
		return dice.Point(p.weapon.Damage.Max())
	}
	return p.weapon.Damage.Dist()
}

// blowResult is what one landed blow does to the defender's vitals.
type blowResult struct {
	v          Vitals
	toFA, toHP int
	keyFired   bool
	down, dead bool
}

// land applies a final damage to vitals: force armour first, then hit
// points, then the life key (K-FA-2, K-HP-1..3, K-LIFE-1..3).
func (p *plan) land(v Vitals, final int) blowResult {
	r := blowResult{v: v}
	r.toFA = min(v.ForceArmour, final)
	r.v.ForceArmour -= r.toFA
	r.toHP = final - r.toFA
	r.v.HP -= r.toHP
	if p.keyPct > 0 && v.LifeKeyUses > 0 &&
		100*v.HP >= p.keyPct*p.maxHP && 100*r.v.HP < p.keyPct*p.maxHP {
		r.keyFired = true
		r.v.LifeKeyUses--
	}
	r.down = r.v.HP <= 0
	r.dead = r.v.HP < -p.lifeForce
	return r
}
