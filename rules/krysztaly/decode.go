package krysztaly

import "battlemat/rules/combat"

// DecodeProfile reads a profile from its JSON form with the engine's strict
// decoder (combat.DecodeStrict) and checks it with Validate. Every error is
// a *combat.RuleError.
func DecodeProfile(raw []byte) (Profile, error) {
	var p Profile
	if err := combat.DecodeStrict("profile", raw, &p); err != nil {
		return Profile{}, err
	}
	if err := p.Validate(); err != nil {
		return Profile{}, err
	}
	return p, nil
}

// CheckState checks a combatant's round state as a decoder must: strictly
// decoded, listing at most one attacker per combatant (combat.StateChecker).
// Its persistent state is the credit of a slowed routine (persistentOf).
func (Ruleset) CheckState(enc combat.Encounter, id string) error {
	c, ok := enc.Combatant(id)
	if !ok {
		return combat.NoCombatant("", "id", id)
	}
	if _, err := persistentOf(c); err != nil {
		return err
	}
	st, err := stateOf(c)
	if err != nil {
		return err
	}
	if len(st.AttackedBy) > combat.MaxCombatants {
		return combat.Invalid("", "roundState.attackedBy", "more than %d attackers", combat.MaxCombatants)
	}
	return nil
}
