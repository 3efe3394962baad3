package tactics

import (
	"strings"
	"testing"
)

// TestReasonRules checks that every reason cites a rule of the Kaldaria
// spec, so the UI can always explain "why".
func TestReasonRules(t *testing.T) {
	all := []Reason{ReasonFightingRetreat, ReasonParalysed, ReasonOverwhelmed, ReasonSideBypass, ReasonUnnoticed,
		ReasonAlreadyUsed, ReasonDown, ReasonImmobile, ReasonPinned, ReasonChargeSpent, ReasonHalfSquare,
		ReasonNotBackward, ReasonNoPath, ReasonTooFar, ReasonNoRoom, ReasonIllegalStep, ReasonNotEnemy,
		ReasonNotAdjacent, ReasonAttackerOut, ReasonContactLost, ReasonDefenderOut, ReasonNoSlot, ReasonRearClosed,
		ReasonCapacityDrop, ReasonBackToBack, ReasonAllyBehind, ReasonWall}
	seen := map[Reason]bool{}
	for _, r := range all {
		rule := string(r.Rule())
		if seen[r] || !(strings.HasPrefix(rule, "K-") || strings.HasPrefix(rule, "D-")) {
			t.Errorf("%q: rule %q (or a repeated key)", r, rule)
		}
		seen[r] = true
	}
	if Reason("nonsense").Rule() != "" {
		t.Error("an unknown reason cites a rule")
	}
}
