// Package cairn implements DAIRN, the Kazakh adaptation of the Cairn 2e
// combat rules (cairn.md): side-based rounds with a first-round DEX save,
// attacks that always hit, a damage die less armour (capped at 3) taken from
// HP and then STR, critical damage and the STR save, aid to the dying,
// retreat, morale, impaired and enhanced dice, ranged and blast attacks, dual
// weapons, several attackers keeping the highest die, detachments and direct
// attribute loss — and the exact odds of a damage roll.
//
// Every function is pure: inputs are values and are never modified, dice come
// from an injected dice.Roller, and each resolution returns a combat.Trace
// whose steps cite the spec's rule IDs. Trace keys are the constants Key…;
// Ruleset.Glossary gives each its DAIRN (Kazakh) term.
package cairn
