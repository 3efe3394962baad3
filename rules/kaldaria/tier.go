// Package kaldaria implements the Kaldaria ruleset (THAC10, d20): attack
// resolution with criticals, dodge, parry and damage reducers (kaldaria.md
// §2–§10), and its exact odds. Grid tactics (movement, opportunity attacks,
// pinning, flanking) live in the tactics subpackage.
package kaldaria

// Tier is the position an attacker holds in a defender's engagement list
// (K-FLANK-9): it decides the attacker's to-hit and critical bonuses and which
// of the defender's parries apply. The tactics package computes it; the
// attack pipeline applies its effects.
type Tier uint8

// The attack tiers of K-FLANK-9, in the order they fill.
const (
	Front       Tier = iota // pinned front: no modifiers (K-PIN-2)
	Flank                   // partial flank: +3 to hit, +1 critical step, −3 to active parries (K-FLANK-1)
	SecondFlank             // improved flank: +4, +2 steps, −4 to active parries (K-FLANK-3)
	Rear                    // rear: +4, +2 steps, passive parry only (K-FLANK-5, K-FLANK-6)
)

// String returns the tier's stable key.
func (t Tier) String() string {
	switch t {
	case Front:
		return "front"
	case Flank:
		return "flank"
	case SecondFlank:
		return "second-flank"
	case Rear:
		return "rear"
	}
	return "unknown"
}
