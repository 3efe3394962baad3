package cairn

import "battlemat/rules/combat"

// Out reports whether combatant id, though up, has left the fight
// (combat.Outer): critical damage leaves it a crawl and no attack
// (CA-CRIT-2, CA-CRIT-5) and a fleeing creature leaves (CA-MORALE-2). A
// combatant whose round state holds no wounds has neither.
func (Ruleset) Out(enc combat.Encounter, id string) (bool, error) {
	cb, ok := enc.Combatant(id)
	if !ok {
		return false, combat.NoCombatant("", "id", id)
	}
	if len(cb.RoundState) == 0 {
		return false, nil
	}
	w, err := roundWounds(enc, cb)
	return err == nil && (w.Status.Critical || w.Status.Fleeing), err
}

// Dead reports whether c is dead (combat.Mortal), as its round state's
// wounds say (CA-CRIT-2, CA-CRIT-7): a combatant without wounds, or whose
// wounds cannot be read, is not.
func (Ruleset) Dead(c combat.Combatant) bool {
	var w Wounds
	return len(c.RoundState) > 0 && combat.DecodeStrict("roundState", c.RoundState, &w) == nil && w.Status.Dead
}
