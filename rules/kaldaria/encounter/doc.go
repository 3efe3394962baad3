// Package encounter is Kaldaria played on the encounter engine: it plugs the
// attack pipeline of package kaldaria and the battlemap rules of package
// tactics into combat.Apply as one combat.Ruleset with the ID "kaldaria".
//
// # Combatant profile
//
// A combatant's Profile is a Sheet in JSON: the stat block for attacks and
// the body the battlemap needs,
//
//	{"stats": <kaldaria.Profile>,
//	 "body": {"size": 2, "speed": "normal", "attacks": 1}}
//
// decoded strictly (unknown fields are errors) and validated by both
// packages (DecodeSheet). Dexterity, Fitness and heavy armour are read from
// the stat block, so they are never given twice; "attacks" is the number of
// attacks the stat block makes in a round, each one engine action.
//
// # Attacks
//
// An attack's combat.AttackRequest.Option is an Option in JSON, for
// example {"weapon":1} or {"weapon":0,"maneuver":{"key":"wild-blow",
// "hitBonus":2,"damagePct":150}}; Armory lists one per weapon. The ruleset
// adds what the encounter knows: the tier from the defender's engagement
// list for a melee attack, the kind of an opportunity attack, surprise and
// paralysis from conditions. Odds returns the keys miss, dodged, parried,
// hit (summing to OddsDen), critical, down, dead, life-key, and damage-N for
// N points reaching HP (summing to OddsDen).
//
// # Units
//
// Movement is counted in half squares, so the 0.5-square minimum rate of
// K-MOVE-3 is exact: Stats.Speed is the movement rate in half squares per
// round (K-MOVE-1), every single-square step costs 2, and a turn's budget is
// twice the largest number of squares any movement type allows this round
// (a charge, K-MOVE-7, when the creature may charge). Step then holds each
// movement type to its own distance.
//
// # Condition keys
//
// The ruleset reads these combatant condition keys, which the UI sets with
// combat.AddCondition and combat.RemoveCondition:
//
//	charging    the creature moves as a charge (K-MOVE-7, K-OA-3)
//	retreating  the creature makes a fighting retreat (K-MOVE-9, K-OA-7)
//	quick-leap  the creature moves with a maneuver or quick leap (K-OA-6)
//	paralysed   no movement, no active defence, no OAs (K-MOVE-3, K-OA-7)
//	bound       bound in place: no movement (K-MOVE-3)
//	hidden      no enemy notices the creature: its moves provoke no OA (K-OA-7)
//	surprised   the creature is surprised this round (K-MOD-9)
//
// The engine's own surprise flag counts as "surprised" during round 1.
//
// # State
//
// Combatant.HP is the creature's current hit points. The per-round state
// (RoundState) holds the kaldaria.RoundState (parry pools, dodge counter,
// OAs made) plus the defenders attacked in melee this turn; it is reset at
// every round start (K-RES-1 step 1, K-GEN-6). The persistent state (State)
// holds the engagement list E(D) (K-PIN-9), the force armour and life-key
// uses left once they differ from the stat block's (K-FA-2, K-LIFE-1), whether
// a life key carried the creature off, and the movement history the
// half-square and charge-duration rules need (K-MOVE-4, K-MOVE-8).
package encounter
