package cairn

import (
	"battlemat/rules/combat"
)

// Attack is one declared attack's die inputs before the situation is
// applied: the weapon dice, and the flags the GM (or the grid) sets.
type Attack struct {
	// Dice are the weapon dice: one, or two for dual weapons written d8+d8
	// (CA-DUAL-1). None means an unarmed attack (CA-MOD-2).
	Dice        []Die `json:"dice,omitempty"`
	Blast       bool  `json:"blast,omitempty"`       // CA-BLAST-1
	Impaired    bool  `json:"impaired,omitempty"`    // cover or restricted actions (CA-MOD-1, CA-AMB-6)
	Enhanced    bool  `json:"enhanced,omitempty"`    // a helpless or fully open target (CA-MOD-3, CA-AMB-18)
	BeyondRange bool  `json:"beyondRange,omitempty"` // a ranged shot past the weapon's effective range (CA-RANGED-1)
}

// Dual returns the attack with two weapons at once, rolled together with the
// highest kept (CA-DUAL-1).
func Dual(a, b Weapon) Attack {
	return Attack{Dice: []Die{a.Die, b.Die}, Blast: a.Blast && b.Blast}
}

// Validate checks the attack's dice: at most two, each a damage die.
func (a Attack) Validate() error {
	if len(a.Dice) > 2 {
		return combat.Invalid("CA-DUAL-1", "dice", "%d weapons; at most two at once", len(a.Dice))
	}
	for _, d := range a.Dice {
		if !d.Valid() {
			return combat.Invalid("CA-GEN-2", "dice", "d%d is not a damage die", d)
		}
	}
	return nil
}

// Options are the GM's campaign toggles that change die selection.
type Options struct {
	// SingleDieWhenModified makes an impaired or enhanced dual attack roll one
	// d4 or d12 instead of replacing each die (the literal reading, CA-AMB-5).
	SingleDieWhenModified bool `json:"singleDieWhenModified,omitempty"`
	// UnarmedAlwaysD4 keeps unarmed attacks at d4 even when enhanced
	// (the campaign option of amendment AM-1).
	UnarmedAlwaysD4 bool `json:"unarmedAlwaysD4,omitempty"`
}

// SelectDice picks the dice an attack by attacker on target rolls (CA-MOD-4,
// CA-DUAL-1, CA-DET-4, CA-DET-5): start from the weapon dice (d4 unarmed);
// a shot beyond range, an individual hitting a detachment without Blast, or
// the attack's own flag make it impaired; a detachment (not weakened) hitting
// an individual, or the flag, make it enhanced; impaired and enhanced cancel;
// otherwise impaired gives d4 and enhanced d12, for each die of a dual attack
// unless opt says one die. It also reports whether the attack has Blast
// (a detachment's attacks on individuals always do, CA-DET-5).
func SelectDice(a Attack, attacker, target Character, opt Options) (dice []Die, blast bool, tr combat.Trace) {
	dice = append([]Die(nil), a.Dice...)
	unarmed := len(dice) == 0
	if unarmed {
		dice = []Die{D4}
		tr = append(tr, combat.Step{Rule: "CA-MOD-2", Kind: combat.StepCompute, Key: KeyUnarmed, Value: int(D4)})
	}
	if len(dice) > 1 {
		tr = append(tr, combat.Step{Rule: "CA-DUAL-1", Kind: combat.StepCompute, Key: KeyDual, Value: len(dice)})
	}
	impaired, enhanced, blast := a.Impaired, a.Enhanced, a.Blast
	if impaired {
		tr = append(tr, combat.Step{Rule: "CA-MOD-1", Kind: combat.StepOutcome, Key: KeyImpaired})
	}
	if a.BeyondRange {
		impaired = true
		tr = append(tr, combat.Step{Rule: "CA-RANGED-1", Kind: combat.StepOutcome, Key: KeyImpaired})
	}
	if enhanced {
		tr = append(tr, combat.Step{Rule: "CA-MOD-3", Kind: combat.StepOutcome, Key: KeyEnhanced})
	}
	switch {
	case attacker.Kind == Detachment && target.Kind != Detachment:
		blast = true
		tr = append(tr, combat.Step{Rule: "CA-DET-5", Kind: combat.StepOutcome, Key: KeyBlast})
		if attacker.Status.Weakened {
			tr = append(tr, combat.Step{Rule: "CA-AMB-13", Kind: combat.StepOutcome, Key: KeyWeakened})
		} else {
			enhanced = true
			tr = append(tr, combat.Step{Rule: "CA-DET-5", Kind: combat.StepOutcome, Key: KeyEnhanced})
		}
	case attacker.Kind != Detachment && target.Kind == Detachment && !blast:
		impaired = true
		tr = append(tr, combat.Step{Rule: "CA-DET-4", Kind: combat.StepOutcome, Key: KeyImpaired})
	}
	var to Die
	switch {
	case impaired && enhanced:
		tr = append(tr, combat.Step{Rule: "CA-AMB-4", Kind: combat.StepOutcome, Key: KeyCancel})
	case impaired:
		to = D4
	case enhanced && unarmed && opt.UnarmedAlwaysD4:
		tr = append(tr, combat.Step{Rule: "AM-1", Kind: combat.StepOutcome, Key: KeyUnarmed, Value: int(D4)})
	case enhanced:
		to = D12
		if unarmed {
			tr = append(tr, combat.Step{Rule: "AM-1", Kind: combat.StepOutcome, Key: KeyEnhanced, Value: int(D12)})
		}
	}
	if to != 0 {
		rule := combat.RuleID("CA-MOD-4")
		n := len(dice)
		if n > 1 {
			rule = "CA-AMB-5"
			if opt.SingleDieWhenModified {
				n = 1
			}
		}
		dice = make([]Die, n)
		for i := range dice {
			dice[i] = to
		}
		tr = append(tr, combat.Step{Rule: rule, Kind: combat.StepCompute, Key: KeyDie, Value: int(to)})
	}
	for _, d := range dice {
		tr = append(tr, combat.Step{Rule: "CA-DMG-2", Kind: combat.StepCompute, Key: KeyDie, Value: int(d)})
	}
	return dice, blast, tr
}
