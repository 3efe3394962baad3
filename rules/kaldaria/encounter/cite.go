package encounter

import (
	"sync"

	"battlemat/rules/combat"
)

// engineRules names the Kaldaria rule behind an engine rule where this
// text has one of its own: the map and steps (K-GRID-2, K-RES-3), a mover
// stopped by an opportunity attack (K-OA-9), going down (K-HP-3).
var engineRules = sync.OnceValue(func() map[combat.RuleID]combat.RuleID {
	return map[combat.RuleID]combat.RuleID{
		"ENG-MAP-1":  "K-GRID-2",
		"ENG-MOVE-2": "K-RES-3",
		"ENG-MOVE-4": "K-OA-9",
		"ENG-MOVE-5": "K-RES-3",
		"ENG-MOVE-6": "K-OA-9",
		"ENG-OA-1":   "K-OA-9",
		"ENG-DOWN-1": "K-HP-3",
	}
})

// Cite names the Kaldaria rule an engine rule carries out (combat.Citer).
func (Ruleset) Cite(engine combat.RuleID) combat.RuleID { return engineRules()[engine] }
