package cairn

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Save is the save procedure of CA-GEN-3, kept in this one function so the
// DAIRN chapter can replace it when supplied (CA-ND-1): a d20 roll at or
// under the attribute succeeds, a natural 1 always succeeds and a natural 20
// always fails.
func Save(attr, d20 int) bool {
	switch d20 {
	case 1:
		return true
	case 20:
		return false
	}
	return d20 <= attr
}

// saveSuccesses is the number of d20 faces that pass a save against attr
// (CA-GEN-3): the faces 1..attr, but never fewer than the natural 1 nor more
// than the 19 faces below the natural 20.
func saveSuccesses(attr int) int { return min(max(attr, 1), 19) }

// rollSave rolls a save against attr for the rule that calls for it and
// records the target, the roll and the outcome under the given key
// (KeySTRSave, KeyDEXSave, KeyWILSave).
func rollSave(rule combat.RuleID, key string, attr int, r dice.Roller) (bool, combat.Trace) {
	f := r.Roll(int(D20))
	ok := Save(attr, f)
	out := KeySaveFail
	if ok {
		out = KeySavePass
	}
	return ok, combat.Trace{
		{Rule: rule, Kind: combat.StepTarget, Key: key, Value: attr},
		{Rule: "CA-GEN-3", Kind: combat.StepRoll, Key: key, Sides: int(D20), Face: f},
		{Rule: "CA-GEN-3", Kind: combat.StepOutcome, Key: out, Value: f},
	}
}
