package tactics

import (
	"slices"

	"battlemat/rules/combat"
)

// Reason is a stable key for why something happens or does not: an
// opportunity attack that is not made, a move or attack that is refused, a
// creature that leaves an engagement list, a source of back protection.
// The UI translates the key; Rule gives the rule to cite.
type Reason string

// Reasons an opportunity attack is not made (K-OA-7, K-OA-8, K-PIN-6,
// K-PIN-7).
const (
	ReasonFightingRetreat Reason = "fighting-retreat"
	ReasonParalysed       Reason = "paralysed"
	ReasonOverwhelmed     Reason = "overwhelmed"
	ReasonSideBypass      Reason = "side-bypass"
	ReasonUnnoticed       Reason = "unnoticed"
	ReasonAlreadyUsed     Reason = "already-used"
)

// Reasons a move is refused or limited (K-MOVE, K-GRID, K-SIZE).
const (
	ReasonDown        Reason = "down"
	ReasonImmobile    Reason = "immobile"
	ReasonPinned      Reason = "pinned"
	ReasonChargeSpent Reason = "charge-spent"
	ReasonHalfSquare  Reason = "half-square"
	ReasonNotBackward Reason = "not-backward"
	ReasonNoPath      Reason = "no-path"
	ReasonTooFar      Reason = "too-far"
	ReasonNoRoom      Reason = "no-room"
	ReasonIllegalStep Reason = "illegal-step"
)

// Reasons a melee attack has no slot, and reasons an entry leaves an
// engagement list (K-PIN-9, K-FLANK-5, K-FLANK-9, D-2).
const (
	ReasonNotEnemy     Reason = "not-enemy"
	ReasonNotAdjacent  Reason = "not-adjacent"
	ReasonAttackerOut  Reason = "attacker-out"
	ReasonContactLost  Reason = "contact-lost"
	ReasonDefenderOut  Reason = "defender-out"
	ReasonNoSlot       Reason = "no-slot"
	ReasonRearClosed   Reason = "rear-closed"
	ReasonCapacityDrop Reason = "capacity-drop"
)

// Sources of back protection (K-FLANK-7, K-FLANK-8).
const (
	ReasonBackToBack Reason = "back-to-back"
	ReasonAllyBehind Reason = "ally-behind"
	ReasonWall       Reason = "wall"
)

// Rule returns the rule that the reason applies.
func (r Reason) Rule() combat.RuleID {
	switch r {
	case ReasonFightingRetreat:
		return "K-MOVE-9"
	case ReasonParalysed, ReasonUnnoticed:
		return "K-OA-7"
	case ReasonOverwhelmed:
		return "K-PIN-6"
	case ReasonSideBypass:
		return "K-PIN-7"
	case ReasonAlreadyUsed:
		return "K-OA-8"
	case ReasonDown:
		return "K-HP-3"
	case ReasonImmobile:
		return "K-MOVE-3"
	case ReasonPinned:
		return "K-MOVE-5"
	case ReasonChargeSpent:
		return "K-MOVE-8"
	case ReasonHalfSquare:
		return "K-MOVE-4"
	case ReasonNotBackward:
		return "K-MOVE-10"
	case ReasonTooFar:
		return "K-MOVE-6"
	case ReasonNoPath, ReasonIllegalStep:
		return "K-GRID-4"
	case ReasonNoRoom:
		return "K-SIZE-2"
	case ReasonNotAdjacent:
		return "K-GRID-3"
	case ReasonNotEnemy, ReasonAttackerOut, ReasonDefenderOut, ReasonContactLost:
		return "K-PIN-9"
	case ReasonNoSlot:
		return "K-FLANK-9"
	case ReasonRearClosed:
		return "K-FLANK-5"
	case ReasonCapacityDrop:
		return "D-2"
	case ReasonBackToBack:
		return "K-FLANK-8"
	case ReasonAllyBehind, ReasonWall:
		return "K-FLANK-7"
	}
	return ""
}

// cite returns rules with the rules of more appended, each rule once, in
// first-cited order.
func cite(rules []combat.RuleID, more ...combat.RuleID) []combat.RuleID {
	for _, r := range more {
		if !slices.Contains(rules, r) {
			rules = append(rules, r)
		}
	}
	return rules
}

// refuse returns a typed error citing the reason's rule, keyed so that
// the UI names the reason in the ruleset's terms. It is kept out of line,
// like combat.Invalid: a refusal is the cold path.
//
//go:noinline
func refuse(r Reason, field string) error {
	return &combat.RuleError{Rule: r.Rule(), Field: field, Msg: string(r), Key: combat.RefusalReason, Args: []any{"why", string(r)}}
}
