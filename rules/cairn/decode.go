package cairn

import "battlemat/rules/combat"

// DecodeCharacter reads a stat block from JSON with the engine's strict
// decoder (combat.DecodeStrict) and validates it.
func DecodeCharacter(data []byte) (Character, error) {
	var c Character
	if err := combat.DecodeStrict("profile", data, &c); err != nil {
		return Character{}, err
	}
	if err := c.Validate(); err != nil {
		return Character{}, err
	}
	return c, nil
}

// CheckState checks a combatant's Wounds as a decoder must: strictly
// decoded, attributes no higher than the stat block's maxima (Validate),
// and a dying deadline within the encounter's rounds (combat.StateChecker).
// DAIRN keeps no persistent state.
func (Ruleset) CheckState(enc combat.Encounter, id string) error {
	c, cb, err := state(enc, id)
	if err != nil {
		return err
	}
	if len(cb.State) > 0 {
		return combat.Invalid("", "state", "DAIRN keeps no persistent state")
	}
	if d := c.Status.DyingDeadline; d < 0 || d > combat.MaxRound+1 {
		return combat.OutOfRange("CA-AID-2", "roundState.status.dyingDeadline", d, 0, combat.MaxRound+1)
	}
	return nil
}
