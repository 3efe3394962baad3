package dnd5e

import "battlemat/rules/combat"

// Dead reports whether c is dead (combat.Mortal). DND-ND-5 leaves death
// to the GM, who may rule by the SRD's massive damage: a creature dies
// outright when the damage left over once it is at 0 HP reaches its HP
// maximum, that is at minus its maximum or below.
func (Ruleset) Dead(c combat.Combatant) bool { return c.HP <= -c.Stats.MaxHP }
