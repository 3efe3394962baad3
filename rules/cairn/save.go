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

// ResolveSave makes a save of character c against one of its attributes,
// as the GM calls for when an action's outcome is uncertain and failure
// matters (CA-ACT-3, CA-ROUND-1), using the procedure of Save (CA-GEN-3).
func ResolveSave(c Character, a Attr, r dice.Roller) (bool, combat.Trace, error) {
	if err := c.Validate(); err != nil {
		return false, nil, err
	}
	key := map[Attr]string{STR: KeySTRSave, DEX: KeyDEXSave, WIL: KeyWILSave}[a]
	if key == "" {
		return false, nil, combat.Invalid("CA-GEN-3", "attr", "unknown attribute %q", a)
	}
	ok, tr := rollSave("CA-ACT-3", key, c.Attr.Get(a), r)
	return ok, tr, nil
}
