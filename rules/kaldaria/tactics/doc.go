// Package tactics is the Kaldaria ruleset on the battlemap (kaldaria.md
// §11–§15): movement rates and types, opportunity attacks along a path,
// engagement lists, pinning, overwhelm, flanking tiers and back protection,
// and the queries a battlemap UI asks before a token is dropped. Every
// answer carries the rule IDs that produced it. The attack arithmetic is the
// attack pipeline's: tactics says which attacks to resolve, in which order,
// with which tier or opportunity-attack situation.
//
// A Battle is one moment of a fight, built with NewBattle from the map and
// a Creature per combatant; it never changes, so an encounter engine builds
// a new one whenever positions or statuses change. A round then runs as:
//
//   - StartRound clears the opportunity-attack records (K-RES-1 step 1).
//   - Before a move, Budget says how far the mover may go with each
//     movement type; Walk checks the path step by step and lists the
//     opportunity attacks to resolve before each step completes, in
//     K-RES-3 order (OA.Step), with the ones that do not happen and why.
//     After each OA the attacker's OAsMade gains the mover (K-OA-8).
//   - Before a melee attack, Tier gives the attacker's tier and the
//     engagement list to store once the attack is made (TierCheck.After).
//   - After every step, attack or change of status, Creatures returns the
//     creatures with their engagement lists tidied (K-PIN-9, D-2).
//   - At the end of a turn, EndTurn removes the creature from the lists of
//     defenders it did not attack (K-PIN-9).
//
// The UI asks Highlight (everything for a selected creature), Reachable,
// Path and SafestPath, Threats, Tier and Pins.
package tactics
