package dnd5e

import (
	"sync"

	"battlemat/rules/combat"
)

// engineRules names the rule of this text each engine rule carries out:
// the turn engine is DND-ENG's, so its sequencing, budgets and reactions
// are cited as the 5e rules they come from.
var engineRules = sync.OnceValue(func() map[combat.RuleID]combat.RuleID {
	return map[combat.RuleID]combat.RuleID{
		"ENG-DECIDE-1": "DND-ALG-D",
		"ENG-END-1":    "DND-AMB-19",
		"ENG-END-2":    "DND-AMB-19",
		"ENG-START-1":  "DND-STEP-1",
		"ENG-START-2":  "DND-STEP-2",
		"ENG-START-3":  "DND-STEP-3",
		"ENG-START-4":  "DND-ALG-A",
		"ENG-ROUND-1":  "DND-ROUND-1",
		"ENG-TURN-1":   "DND-STEP-4",
		"ENG-TURN-2":   "DND-ROUND-2",
		"ENG-TURN-3":   "DND-TURN-1",
		"ENG-TURN-4":   "DND-BONUS-2",
		"ENG-TURN-5":   "DND-ALG-C",
		"ENG-DOWN-1":   "DND-ND-5",
		"ENG-ORDER-1":  "DND-INIT-3",
		"ENG-ORDER-2":  "DND-INIT-1",
		"ENG-ORDER-3":  "DND-AMB-8",
		"ENG-ORDER-4":  "DND-AMB-15",
		"ENG-ORDER-5":  "DND-INIT-3",
		"ENG-ORDER-6":  "DND-AMB-17",
		"ENG-ORDER-7":  "DND-AMB-14",
		"ENG-ORDER-8":  "DND-STEP-3",
		"ENG-SURP-2":   "DND-SURP-4",
		"ENG-SURP-3":   "DND-SURP-5",
		"ENG-GROUP-1":  "DND-AMB-7",
		"ENG-MOVE-1":   "DND-TURN-1",
		"ENG-MOVE-3":   "DND-TURN-1",
		"ENG-MOVE-4":   "DND-AMB-16",
		"ENG-MOVE-5":   "DND-AMB-16",
		"ENG-MOVE-7":   "DND-TURN-1",
		"ENG-MOVE-8":   "DND-TURN-1",
		"ENG-OA-1":     "DND-ALG-D",
		"ENG-OA-2":     "DND-REACT-2",
		"ENG-OA-3":     "DND-REACT-3",
	}
})

// Cite names the 5e rule an engine rule carries out (combat.Citer).
func (Ruleset) Cite(engine combat.RuleID) combat.RuleID { return engineRules()[engine] }
