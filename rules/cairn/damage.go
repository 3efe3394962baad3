package cairn

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Outcome is what one damage result did to its target.
type Outcome string

// The outcomes of CA-ALG-C, from mildest to worst.
const (
	OutcomeNone     Outcome = "none"     // armour took it all (CA-DMG-3) or the target was already dead
	OutcomeHP       Outcome = "hp"       // HP lost, STR untouched, no save (CA-DMG-4, CA-DMG-6)
	OutcomeSaved    Outcome = "saved"    // STR lost, the STR save passed (CA-CRIT-3)
	OutcomeCritical Outcome = "critical" // STR lost, the STR save failed: critical damage (CA-CRIT-3, CA-CRIT-5)
	OutcomeDead     Outcome = "dead"     // STR at 0 or below (CA-CRIT-2), or an NPC that failed its STR save (CA-CRIT-6)
)

// Outcomes lists the outcomes in order, for tables and odds.
var Outcomes = []Outcome{OutcomeNone, OutcomeHP, OutcomeSaved, OutcomeCritical, OutcomeDead}

// Damage is the result of applying one damage result to a target.
type Damage struct {
	Target   Character    `json:"target"`   // the target after the damage
	Result   int          `json:"result"`   // the die result before armour
	Dealt    int          `json:"dealt"`    // the damage after armour
	Overflow int          `json:"overflow"` // the part that went to STR
	HPZeroed bool         `json:"hpZeroed"` // HP went from above 0 to 0: a lone foe's morale trigger (CA-MORALE-5)
	Outcome  Outcome      `json:"outcome"`
	Trace    combat.Trace `json:"trace"`
}

// ApplyDamage applies one damage result to target (CA-ALG-C): armour is
// subtracted, the rest comes off HP (CA-DMG-4), any excess off STR
// (CA-DMG-5, CA-CRIT-1). STR at 0 or below kills with no save (CA-CRIT-2);
// otherwise a STR save against the new STR follows at once (CA-CRIT-3). A
// failure is critical damage: a PC (or an NPC the GM keeps alive) crawls and
// starts dying by the end of round+360 (CA-AID-2, CA-AMB-10); an NPC dies by
// default (CA-CRIT-6); a detachment is left for the GM to rout or weaken
// (CA-DET-2). A target already critically damaged only dies of STR loss
// (CA-AMB-9). Exactly 0 HP with no STR loss calls for no save (CA-DMG-6).
func ApplyDamage(target Character, result, round int, r dice.Roller) (Damage, error) {
	if err := target.Validate(); err != nil {
		return Damage{}, err
	}
	if result < 0 {
		return Damage{}, combat.Invalid("CA-DMG-2", "result", "negative die result %d", result)
	}
	t := target
	t.Armour = append([]ArmourItem(nil), target.Armour...)
	t.Weapons = append([]Weapon(nil), target.Weapons...)
	out := Damage{Target: t, Result: result, Outcome: OutcomeNone}
	if t.Status.Dead {
		out.Trace = combat.Trace{{Rule: "CA-CRIT-2", Kind: combat.StepOutcome, Key: KeyDead}}
		return out, nil
	}
	armour := t.ArmourValue()
	out.Dealt = damageAfterArmour(result, armour)
	out.Trace = combat.Trace{
		{Rule: "CA-DMG-3", Kind: combat.StepCompute, Key: KeyArmour, Value: armour},
		{Rule: "CA-DMG-3", Kind: combat.StepCompute, Key: KeyDamage, Value: out.Dealt},
	}
	if out.Dealt == 0 {
		out.Trace = append(out.Trace, combat.Step{Rule: "CA-DMG-3", Kind: combat.StepOutcome, Key: KeyNoEffect})
		return out, nil
	}
	wasUp := t.HP > 0
	if out.Dealt <= t.HP {
		t.HP -= out.Dealt
		out.Trace = append(out.Trace, combat.Step{Rule: "CA-DMG-4", Kind: combat.StepCompute, Key: KeyHP, Value: t.HP})
		if t.HP == 0 {
			out.Trace = append(out.Trace, combat.Step{Rule: "CA-DMG-6", Kind: combat.StepOutcome, Key: KeyNoSave})
		}
		out.HPZeroed = wasUp && t.HP == 0
		out.Target, out.Outcome = t, OutcomeHP
		return out, nil
	}
	out.Overflow = out.Dealt - t.HP
	t.HP = 0
	out.HPZeroed = wasUp
	t.Attr.STR = rawFloor(t.Attr.STR - out.Overflow)
	out.Trace = append(out.Trace,
		combat.Step{Rule: "CA-DMG-5", Kind: combat.StepCompute, Key: KeyHP, Value: 0},
		combat.Step{Rule: "CA-DMG-5", Kind: combat.StepCompute, Key: KeyOverflow, Value: out.Overflow},
		combat.Step{Rule: "CA-CRIT-1", Kind: combat.StepCompute, Key: KeySTR, Value: t.Attr.STR},
	)
	if t.Attr.STR <= 0 {
		t.Status.Dead = true
		rule := combat.RuleID("CA-CRIT-2")
		if t.Kind == Detachment {
			rule = "CA-DET-3"
		}
		out.Trace = append(out.Trace, combat.Step{Rule: rule, Kind: combat.StepOutcome, Key: KeyDead})
		out.Target, out.Outcome = t, OutcomeDead
		return out, nil
	}
	saveRule := combat.RuleID("CA-CRIT-3")
	if target.Attr.STR < target.Max.STR {
		saveRule = "CA-CRIT-4"
	}
	ok, tr := rollSave(saveRule, KeySTRSave, t.Attr.STR, r)
	out.Trace = append(out.Trace, tr...)
	out.Outcome = criticalFailure(&t, ok, round, &out.Trace)
	out.Target = t
	return out, nil
}

// criticalFailure settles a STR save after STR loss and returns the outcome,
// updating t and appending to tr (CA-CRIT-3, CA-CRIT-5, CA-CRIT-6, CA-DET-2,
// CA-AMB-9).
func criticalFailure(t *Character, saved bool, round int, tr *combat.Trace) Outcome {
	switch {
	case saved:
		return OutcomeSaved
	case t.Status.Critical:
		*tr = append(*tr, combat.Step{Rule: "CA-AMB-9", Kind: combat.StepOutcome, Key: KeyCritical})
		return OutcomeCritical
	case t.Kind == NPC && !t.KeepAlive:
		t.Status.Dead = true
		*tr = append(*tr, combat.Step{Rule: "CA-CRIT-6", Kind: combat.StepOutcome, Key: KeyDead})
		return OutcomeDead
	}
	t.Status.Critical = true
	*tr = append(*tr, combat.Step{Rule: "CA-CRIT-5", Kind: combat.StepOutcome, Key: KeyCritical})
	if t.Kind == Detachment {
		*tr = append(*tr, combat.Step{Rule: "CA-DET-2", Kind: combat.StepOutcome, Key: KeyRoutOrWeaken})
		return OutcomeCritical
	}
	t.Status.DyingDeadline = dyingDeadline(round)
	*tr = append(*tr, combat.Step{Rule: "CA-AID-2", Kind: combat.StepCompute, Key: KeyDying, Value: t.Status.DyingDeadline})
	return OutcomeCritical
}

// damageAfterArmour subtracts armour from a die result, never going below 0
// (CA-DMG-3).
func damageAfterArmour(result, armour int) int { return max(result-armour, 0) }

// RoundsPerHour is the dying countdown: an hour of ten-second rounds
// (CA-ROUND-2, CA-AMB-10).
const RoundsPerHour = 360

// dyingDeadline is the round by whose end a character critically damaged in
// round dies without aid (CA-AID-2, CA-AMB-10).
func dyingDeadline(round int) int { return round + RoundsPerHour }

// Entry is one queued attack on a target within a side's phase: the dice it
// rolls after SelectDice (CA-ALG-B step 4) and, once rolled, their faces in
// the same order.
type Entry struct {
	Attacker string `json:"attacker,omitempty"`
	Dice     []Die  `json:"dice"`
	Faces    []int  `json:"faces,omitempty"`
}

// RollEntries rolls every die of every entry aimed at one target and returns
// the single highest face, the target's result R_T (CA-DMG-7, CA-DUAL-1,
// CA-ALG-B step 4). Faces are never added.
func RollEntries(entries []Entry, r dice.Roller) (int, combat.Trace) {
	best, _, tr := rollEntries(entries, r)
	return best, tr
}

// rollEntries is RollEntries that also returns a copy of the entries with
// the faces each rolled, so a phase can show which die counted.
func rollEntries(entries []Entry, r dice.Roller) (int, []Entry, combat.Trace) {
	var tr combat.Trace
	rolled := make([]Entry, len(entries))
	best, n := 0, 0
	for i, e := range entries {
		rolled[i] = Entry{Attacker: e.Attacker, Dice: append([]Die(nil), e.Dice...)}
		for _, d := range e.Dice {
			f := r.Roll(int(d))
			tr = append(tr, combat.Step{Rule: "CA-DMG-2", Kind: combat.StepRoll, Key: KeyDamageRoll, Sides: int(d), Face: f})
			rolled[i].Faces = append(rolled[i].Faces, f)
			best = max(best, f)
			n++
		}
	}
	if n > 1 {
		rule := combat.RuleID("CA-DMG-7")
		if len(entries) == 1 {
			rule = "CA-DUAL-1"
		}
		tr = append(tr, combat.Step{Rule: rule, Kind: combat.StepCompute, Key: KeyHighest, Value: best})
	}
	return best, rolled, tr
}

// Strike is one attack on the target of ResolveAttacks: who makes it and how.
type Strike struct {
	Attacker Character `json:"attacker"`
	Attack   Attack    `json:"attack"`
}

// ResolveAttacks resolves every attack one side makes on one target in a
// phase (CA-DMG-1, CA-DMG-7, CA-ALG-B, CA-ALG-C): all hit, each picks its
// dice (SelectDice), all dice are rolled, the single highest counts, and it
// is applied to the target. Inputs are not modified.
func ResolveAttacks(target Character, strikes []Strike, round int, opt Options, r dice.Roller) (Damage, error) {
	if len(strikes) == 0 {
		return Damage{}, combat.Invalid("CA-DMG-1", "strikes", "no attack declared")
	}
	var tr combat.Trace
	entries := make([]Entry, len(strikes))
	for i, s := range strikes {
		if err := s.Attack.Validate(); err != nil {
			return Damage{}, err
		}
		ds, _, st := SelectDice(s.Attack, s.Attacker, target, opt)
		tr = append(tr, st...)
		entries[i] = Entry{Attacker: s.Attacker.ID, Dice: ds}
	}
	if err := target.Validate(); err != nil {
		return Damage{}, err
	}
	rt, rollTr := RollEntries(entries, r)
	dmg, err := ApplyDamage(target, rt, round, r)
	if err != nil {
		return Damage{}, err
	}
	dmg.Trace = append(append(tr, rollTr...), dmg.Trace...)
	return dmg, nil
}
