package cairn

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Care is the result of first aid, a retreat or direct attribute loss: the
// character afterwards and the trace.
type Care struct {
	Character Character    `json:"character"`
	Trace     combat.Trace `json:"trace"`
}

// clone copies c with its own slices, so results never share storage with
// their inputs.
func clone(c Character) Character {
	c.Armour = append([]ArmourItem(nil), c.Armour...)
	c.Weapons = append([]Weapon(nil), c.Weapons...)
	return c
}

// ResolveAid has helper give aid to a critically damaged, dying character
// (CA-AID-1, CA-AID-3): it costs the helper's action, needs no save, and
// needs the helper adjacent ([REC] in CA-AID-3). The wounded character is
// stabilized — the countdown stops — but keeps its lowered STR and stays
// crawl-only until it recovers (CA-AID-4, CA-AMB-9).
func ResolveAid(helper, wounded Character, adjacent bool) (Care, error) {
	for _, c := range []Character{helper, wounded} {
		if err := c.Validate(); err != nil {
			return Care{}, err
		}
	}
	switch {
	case !helper.CanAct():
		return Care{}, combat.Invalid("CA-ACT-2", "helper", "cannot take an action")
	case !adjacent:
		return Care{}, combat.Invalid("CA-AID-3", "helper", "must be next to the wounded")
	case wounded.Status.Dead || !wounded.Status.Critical || wounded.Status.DyingDeadline == 0:
		return Care{}, combat.Invalid("CA-AID-1", "wounded", "is not dying")
	}
	w := clone(wounded)
	w.Status.Stabilized, w.Status.DyingDeadline = true, 0
	return Care{Character: w, Trace: combat.Trace{
		{Rule: "CA-AID-3", Kind: combat.StepOutcome, Key: KeyAid},
		{Rule: "CA-AID-1", Kind: combat.StepOutcome, Key: KeyStabilized},
		{Rule: "CA-AID-4", Kind: combat.StepCompute, Key: KeySTR, Value: w.Attr.STR},
	}}, nil
}

// AdvanceDying applies the end-of-round check of CA-ALG-A step 3.3: a dying
// character whose deadline round has ended without aid dies (CA-AID-2,
// CA-CRIT-7, CA-AMB-10). Anyone else is returned unchanged.
func AdvanceDying(c Character, round int) Care {
	c = clone(c)
	d := c.Status.DyingDeadline
	if c.Status.Dead || d == 0 || round < d {
		return Care{Character: c}
	}
	c.Status.Dead, c.Status.DyingDeadline = true, 0
	return Care{Character: c, Trace: combat.Trace{
		{Rule: "CA-AID-2", Kind: combat.StepTarget, Key: KeyDying, Value: d},
		{Rule: "CA-CRIT-7", Kind: combat.StepOutcome, Key: KeyDead},
	}}
}

// ResolveRetreat makes a retreat (CA-RETREAT-1, CA-AMB-11): it needs a safe
// place the character can reach and a DEX save. Without a safe place there
// is no roll and no retreat; on a failed save the character stays where it
// was and its turn ends. A successful retreat leaves the fight (Escaped).
func ResolveRetreat(c Character, safePlace bool, r dice.Roller) (Care, error) {
	if err := c.Validate(); err != nil {
		return Care{}, err
	}
	if !c.CanAct() {
		return Care{}, combat.Invalid("CA-ACT-2", "character", "cannot take an action")
	}
	c = clone(c)
	if !safePlace {
		return Care{Character: c, Trace: combat.Trace{{Rule: "CA-RETREAT-1", Kind: combat.StepOutcome, Key: KeyNoSafePlace}}}, nil
	}
	ok, tr := rollSave("CA-RETREAT-1", KeyDEXSave, c.Attr.DEX, r)
	if ok {
		c.Status.Escaped = true
		return Care{Character: c, Trace: append(tr, combat.Step{Rule: "CA-RETREAT-1", Kind: combat.StepOutcome, Key: KeyRetreat})}, nil
	}
	return Care{Character: c, Trace: append(tr, combat.Step{Rule: "CA-AMB-11", Kind: combat.StepOutcome, Key: KeyStays})}, nil
}

// LoseAttribute lowers one attribute directly by amount (CA-ATTR-1,
// CA-AMB-14): poison, a spell, a fall. It bypasses HP and armour and calls
// for no STR save; only the zero thresholds apply (CA-ATTR-2): STR at 0 or
// below kills, DEX at 0 paralyses, WIL at 0 leaves the mind clouded.
func LoseAttribute(c Character, a Attr, amount int) (Care, error) {
	if err := c.Validate(); err != nil {
		return Care{}, err
	}
	switch a {
	case STR, DEX, WIL:
	default:
		return Care{}, combat.Invalid("CA-ATTR-1", "attr", "unknown attribute %q", a)
	}
	if amount < 0 || amount > 2*MaxAttribute {
		return Care{}, combat.Invalid("CA-ATTR-1", "amount", "loss %d is outside 0..%d", amount, 2*MaxAttribute)
	}
	c = clone(c)
	v := rawFloor(c.Attr.Get(a) - amount)
	c.Attr = c.Attr.with(a, v)
	tr := combat.Trace{{Rule: "CA-ATTR-1", Kind: combat.StepModifier, Key: KeyAttrLoss, Quantity: string(a), Value: -amount}}
	if v > 0 || c.Status.Dead {
		return Care{Character: c, Trace: tr}, nil
	}
	switch a {
	case STR:
		c.Status.Dead = true
		tr = append(tr, combat.Step{Rule: "CA-ATTR-2", Kind: combat.StepOutcome, Key: KeyDead})
	case DEX:
		tr = append(tr, combat.Step{Rule: "CA-ATTR-2", Kind: combat.StepOutcome, Key: KeyParalysed})
	default:
		tr = append(tr, combat.Step{Rule: "CA-ATTR-2", Kind: combat.StepOutcome, Key: KeyDelirious})
	}
	return Care{Character: c, Trace: tr}, nil
}

// ResolveBlastCount rolls the attack's die for the number of targets a blast
// catches when the situation does not settle it (CA-BLAST-2); the GM then
// picks that many, and each is rolled for separately (CA-BLAST-1).
func ResolveBlastCount(d Die, r dice.Roller) (int, combat.Trace, error) {
	if !d.Valid() {
		return 0, nil, combat.Invalid("CA-GEN-2", "die", "d%d is not a damage die", d)
	}
	n := r.Roll(int(d))
	return n, combat.Trace{
		{Rule: "CA-BLAST-2", Kind: combat.StepRoll, Key: KeyTargets, Sides: int(d), Face: n},
		{Rule: "CA-BLAST-2", Kind: combat.StepCompute, Key: KeyTargets, Value: n},
	}, nil
}

// Fate is the GM's choice for a detachment that took critical damage
// (CA-DET-2, CA-AMB-13).
type Fate string

// The fates of a broken detachment.
const (
	Rout   Fate = "rout"   // it flees, as a failed morale check
	Weaken Fate = "weaken" // it fights on, its attacks no longer enhanced
)

// SettleDetachment applies the GM's choice for a critically damaged
// detachment (CA-DET-2, CA-AMB-13): a rout sets it fleeing; weakening takes
// the Enhanced from its attacks and lets it act again. Halving its footprint
// is the grid's business.
func SettleDetachment(c Character, f Fate) (Care, error) {
	if err := c.Validate(); err != nil {
		return Care{}, err
	}
	if c.Kind != Detachment || !c.Status.Critical || c.Status.Dead {
		return Care{}, combat.Invalid("CA-DET-2", "character", "not a detachment with critical damage")
	}
	c = clone(c)
	switch f {
	case Rout:
		c.Status.Fleeing = true
		return Care{Character: c, Trace: combat.Trace{{Rule: "CA-DET-2", Kind: combat.StepOutcome, Key: KeyFlees}}}, nil
	case Weaken:
		c.Status.Critical, c.Status.Weakened = false, true
		return Care{Character: c, Trace: combat.Trace{{Rule: "CA-AMB-13", Kind: combat.StepOutcome, Key: KeyWeakened}}}, nil
	}
	return Care{}, combat.Invalid("CA-DET-2", "fate", "unknown fate %q", f)
}
