package kaldaria

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Result is the outcome of one attack (K-RES-2): what happened, the numbers
// behind it, the defender's vitals and round state afterwards, and the trace
// of every step with its rule.
type Result struct {
	Outcome  Outcome `json:"outcome"`
	Nat      int     `json:"nat"`
	Need     int     `json:"need"`
	ARHit    int     `json:"arHit"`  // K-HIT-5, for hits
	Margin   int     `json:"margin"` // K-HIT-6, for hits
	Critical bool    `json:"critical,omitempty"`
	Effect   Effect  `json:"effect,omitempty"`
	Damage   int     `json:"damage,omitempty"` // final damage after reducers and multipliers (K-DMG-6)
	ToFA     int     `json:"toFA,omitempty"`   // taken by force armour (K-FA-2)
	ToHP     int     `json:"toHP,omitempty"`   // taken from hit points (K-HP-1)
	// Vitals and Round are the defender's after the attack.
	Vitals       Vitals     `json:"vitals"`
	Round        RoundState `json:"round"`
	Wounded      bool       `json:"wounded,omitempty"` // K-HP-2, after the attack
	Down         bool       `json:"down,omitempty"`    // K-HP-3
	Dead         bool       `json:"dead,omitempty"`    // K-HP-3
	LifeKeyFired bool       `json:"lifeKeyFired,omitempty"`
	Trace        Trace      `json:"trace"`
}

// Resolve resolves one attack of att against def, whose round so far is
// described by st, rolling on r (K-RES-2 steps 2–18; step 1, legality and
// tier, is the tactics package's). It is pure: the profiles and st are not
// changed; the defender's new vitals and round state are in the Result.
// Invalid input gives a *combat.RuleError; a scripted roller that runs short
// gives a *dice.TapeError.
func Resolve(att, def Profile, st RoundState, a Attack, r dice.Roller) (Result, error) {
	if err := check(&att, &def, a); err != nil {
		return Result{}, err
	}
	var tr tracer
	p := newPlan(&att, &def, a, def.Wounded(), &tr)
	var res Result
	err := dice.Catch(func() { res = p.resolve(def.Vitals, st, r) })
	return res, err
}

// check validates both profiles and the attack.
func check(att, def *Profile, a Attack) error {
	if err := att.validate(); err != nil {
		return err
	}
	if err := def.validate(); err != nil {
		return err
	}
	return a.validate(att)
}

// ParryPlan lists the parries def would try, in order, against a hit of
// attack a from att given its round so far (K-PARRY-5, K-PARRY-12..14). The
// order is fixed by the rules and the defender's standing ShieldFirst
// setting; parrying is never a per-hit choice (K-PARRY-12), so the UI shows
// this list rather than asking.
func ParryPlan(att, def Profile, st RoundState, a Attack) ([]ParryOption, error) {
	if err := check(&att, &def, a); err != nil {
		return nil, err
	}
	p := newPlan(&att, &def, a, def.Wounded(), nil)
	var out []ParryOption
	for _, o := range p.parries[:p.nParries] {
		if left := o.Left - spent(st, o.Kind); left > 0 {
			o.Left = left
			out = append(out, o)
		}
	}
	if p.passive {
		out = append(out, ParryOption{Kind: PassiveParry, THAC: p.passiveTHAC, Left: 1})
	}
	return out, nil
}

// hitCritical is the critical test of K-CRIT-1..5 as amended by D-1.
func (p *plan) hitCritical(nat int) bool {
	margin := nat - p.need
	return p.need <= 19 && ((nat >= p.natMin && margin >= p.marginMin) || nat == 20)
}

// hits is the hit test of K-HIT-3/4.
func (p *plan) hits(nat int) bool { return nat != 1 && (nat == 20 || nat >= p.need) }

// parries is the parry test of K-PARRY-2 with K-PARRY-17.
func parries(roll, need int) bool { return roll == 20 || (roll != 1 && roll >= need) }

// resolve rolls the attack. It panics with a *dice.TapeError if a scripted
// roller runs short; Resolve turns that into an error.
func (p *plan) resolve(v Vitals, st RoundState, r dice.Roller) Result {
	res := Result{Vitals: v, Round: st, Need: p.need, Wounded: wounded(v.HP, p.maxHP)}
	tr := p.tr
	add := func(rule Rule, kind combat.StepKind, key Key, v int) {
		tr.add(Step{Rule: rule, Kind: kind, Key: key, Value: v})
	}
	modDamage := func(rule Rule, key Key, v int) {
		tr.add(Step{Rule: rule, Kind: combat.StepModifier, Key: key, Quantity: DamageQuantity, Value: v})
	}
	roll := func(rule Rule, key Key, sides int) int {
		f := r.Roll(sides)
		tr.add(Step{Rule: rule, Kind: combat.StepRoll, Key: key, Sides: uint16(sides), Face: uint16(f), Value: f})
		return f
	}
	finish := func(o Outcome) Result {
		res.Outcome = o
		add(RuleRes2, combat.StepOutcome, outcomeTraceKeys[o], 0)
		res.Trace = tr.trace()
		return res
	}

	// Step 5: the attack roll (K-HIT-3/4).
	nat := roll(RuleHit4, KeyAttack, 20)
	res.Nat = nat
	if !p.hits(nat) {
		return finish(Missed)
	}
	// Steps 6–7: AR reached, margin, critical status.
	res.ARHit, res.Margin = nat-p.thac+10, nat-p.need
	add(RuleHit5, combat.StepCompute, KeyARHit, res.ARHit)
	add(RuleHit6, combat.StepCompute, KeyMargin, res.Margin)
	res.Critical = p.hitCritical(nat)
	if res.Critical {
		add(RuleD1, combat.StepOutcome, KeyCritical, 1)
	}
	// Step 8: dodge (K-DODGE-7..12).
	if p.dodge {
		res.Round.DodgeHits++
		c := p.dodgeChance(res.Round.DodgeHits, res.Critical)
		add(RuleDodge4, combat.StepCompute, KeyDodgeHit, res.Round.DodgeHits)
		add(RuleDodge9, combat.StepTarget, KeyDodgeChance, c)
		if c > 0 && roll(RuleDodge12, KeyDodge, 100) <= c {
			return finish(Dodged)
		}
	}
	// Steps 9–10: active parries in order, then one passive attempt.
	switch {
	case p.paralysed:
		add(RuleRes2, combat.StepOutcome, KeyParalysed, 0)
	case p.rear:
		add(RuleFlank6, combat.StepOutcome, KeyNoActiveParry, 0)
	}
	for _, o := range p.parries[:p.nParries] {
		for spent(res.Round, o.Kind) < o.Left {
			res.Round = spend(res.Round, o.Kind)
			need := o.THAC + res.ARHit - 10
			add(RuleParry2, combat.StepTarget, parryKeys[o.Kind].need, need)
			if parries(roll(RuleParry12, parryKeys[o.Kind].roll, 20), need) {
				return finish(Parried)
			}
		}
	}
	if p.passive {
		need := p.passiveTHAC + res.ARHit - 10
		add(RuleParry2, combat.StepTarget, KeyParryNeedPassive, need)
		if parries(roll(RuleParry6, KeyParryPassive, 20), need) {
			return finish(Parried)
		}
	}
	// Step 11: critical effect (K-CRIT-6/7).
	if res.Critical {
		res.Effect = effectOf(roll(RuleCrit7, KeyCriticalEffect, 6))
		add(RuleCrit7, combat.StepOutcome, KeyEffect, int(res.Effect))
	}
	// Step 12: base damage (K-DMG-1, K-CRIT-8).
	var base int
	if res.Effect.maximised() {
		base = p.weapon.Damage.Max()
		add(RuleCrit8, combat.StepCompute, KeyDamageMax, base)
	} else {
		rolled := p.weapon.Damage.Roll(r)
		for _, t := range rolled.Throws {
			tr.add(Step{Rule: RuleDmg1, Kind: combat.StepRoll, Key: KeyDamage, Sides: uint16(t.Sides), Face: uint16(t.Face), Value: t.Face})
		}
		base = rolled.Total
		add(RuleDmg1, combat.StepCompute, KeyDamageRoll, base)
	}
	// Steps 13–14: reducers, multipliers, rider, cap.
	d := p.damageOf(base, res.Effect)
	add(RuleDmg1, combat.StepCompute, KeyDamageBase, d.base)
	if p.physical {
		modDamage(RuleDmg3, KeyAbs, -d.absorbed)
		modDamage(RuleDmg4, KeyCutter, -p.cutter)
		add(RuleDmg5, combat.StepCompute, KeyDamageReduced, d.reduced)
	}
	if d.num != d.den {
		add(RuleDmg6, combat.StepCompute, KeyMultiplierPct, int(roundHalfUp(100*d.num, d.den)))
	}
	if p.rider != 0 {
		modDamage(RuleDmg7, KeyRider, p.rider)
	}
	if d.capped {
		add(RuleDmg8, combat.StepCompute, KeyDamageCapped, d.final)
	}
	add(RuleDmg6, combat.StepCompute, KeyDamageFinal, d.final)
	res.Damage = d.final
	// Steps 15–18: force armour, hit points, life key, down or dead.
	b := p.land(v, d.final)
	res.Vitals, res.ToFA, res.ToHP = b.v, b.toFA, b.toHP
	if b.toFA > 0 {
		add(RuleFA2, combat.StepCompute, KeyToForceArmour, b.toFA)
	}
	add(RuleHP1, combat.StepCompute, KeyToHP, b.toHP)
	add(RuleHP1, combat.StepCompute, KeyHP, b.v.HP)
	res.Wounded = wounded(b.v.HP, p.maxHP)
	if res.Wounded {
		add(RuleHP2, combat.StepOutcome, KeyWounded, 1)
	}
	if b.keyFired {
		res.LifeKeyFired = true
		add(RuleLife1, combat.StepOutcome, KeyLifeKey, 1)
	}
	res.Down, res.Dead = b.down, b.dead
	if b.dead {
		add(RuleHP3, combat.StepOutcome, KeyDead, 1)
	} else if b.down {
		add(RuleHP3, combat.StepOutcome, KeyDown, 1)
	}
	return finish(Hit)
}
