package cairn

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// MoraleGroup is a band of non-player combatants that checks morale together
// (CA-MORALE-2, CA-AMB-12): by default one opposing side. Start is its size
// when it entered the fight (N0); the two flags record which group triggers
// have already fired, since each fires once (CA-ALG-D step 3).
type MoraleGroup struct {
	ID        string   `json:"id"`
	Members   []string `json:"members"`
	Leader    string   `json:"leader,omitempty"` // rolls for the group while alive and able (CA-MORALE-4)
	Start     int      `json:"start"`
	FirstDone bool     `json:"firstDone,omitempty"` // the first-casualty save was made (CA-MORALE-2)
	HalfDone  bool     `json:"halfDone,omitempty"`  // the half-strength save was made (CA-MORALE-3)
}

// Morale is the result of a morale check at the end of a phase.
type Morale struct {
	Group   MoraleGroup  `json:"group"`
	Members []Character  `json:"members"` // the members after the check, in the order given
	Fled    []string     `json:"fled"`
	Trace   combat.Trace `json:"trace"`
}

// halfLost is the half-strength threshold of CA-MORALE-3 in integers
// (CA-AMB-12): casualties reach half the starting number when twice the
// casualties is at least N0, so a group of 5 breaks at 3, not 2.
func halfLost(casualties, start int) bool { return 2*casualties >= start }

// validate checks the group against its members: a positive starting size
// no smaller than the roster, known distinct members, no PC among them
// (CA-MORALE-1), and a leader from the group.
func (g MoraleGroup) validate(byID map[string]Character) error {
	if g.Start < 1 || g.Start < len(g.Members) {
		return combat.Invalid("CA-ALG-D", "start", "starting size %d for %d members", g.Start, len(g.Members))
	}
	seen := map[string]bool{}
	for _, id := range g.Members {
		c, ok := byID[id]
		if !ok || seen[id] {
			return combat.Invalid("CA-ALG-D", "members", "unknown or repeated member %q", id)
		}
		seen[id] = true
		if c.Kind == PC {
			return combat.Invalid("CA-MORALE-1", "members", "%q is a PC; morale never applies to PCs", id)
		}
	}
	if g.Leader != "" && !seen[g.Leader] {
		return combat.Invalid("CA-MORALE-4", "leader", "%q is not in the group", g.Leader)
	}
	return nil
}

// CheckMorale runs CA-ALG-D for one group at the end of a phase. members are
// the group's combatants (any order, each with its ID); hpZeroed lists those
// whose HP fell to 0 in the phase. The first casualty and half strength each
// call for one WIL save, a single save if both fire together (CA-MORALE-2,
// CA-MORALE-3); the leader rolls for everyone while alive and able, else
// each able member rolls (CA-MORALE-4, CA-AMB-12). A foe with no able ally
// left whose HP fell to 0 makes its own save (CA-MORALE-5) unless it has just
// rolled for its group. Failures become fleeing.
func CheckMorale(g MoraleGroup, members []Character, hpZeroed []string, r dice.Roller) (Morale, error) {
	byID := map[string]Character{}
	for _, c := range members {
		if err := c.Validate(); err != nil {
			return Morale{}, err
		}
		byID[c.ID] = clone(c)
	}
	if err := g.validate(byID); err != nil {
		return Morale{}, err
	}
	out := Morale{Group: g, Fled: []string{}}
	out.Group.Members = append([]string(nil), g.Members...)
	able := func(id string) bool { c := byID[id]; return !c.Casualty() }
	flee := func(id string) {
		c := byID[id]
		c.Status.Fleeing = true
		byID[id] = c
		out.Fled = append(out.Fled, id)
		out.Trace = append(out.Trace, combat.Step{Rule: "CA-MORALE-2", Kind: combat.StepOutcome, Key: KeyFlees})
	}
	save := func(rule combat.RuleID, id string) bool {
		ok, tr := rollSave(rule, KeyWILSave, byID[id].Attr.WIL, r)
		out.Trace = append(out.Trace, tr...)
		return ok
	}
	casualties := 0
	for _, id := range g.Members {
		if !able(id) {
			casualties++
		}
	}
	first := !g.FirstDone && casualties > 0
	half := !g.HalfDone && casualties > 0 && halfLost(casualties, g.Start)
	if first {
		out.Group.FirstDone = true
		out.Trace = append(out.Trace, combat.Step{Rule: "CA-MORALE-2", Kind: combat.StepOutcome, Key: KeyFirstLoss, Value: casualties})
	}
	if half {
		out.Group.FirstDone, out.Group.HalfDone = true, true
		out.Trace = append(out.Trace, combat.Step{Rule: "CA-MORALE-3", Kind: combat.StepOutcome, Key: KeyHalfLost, Value: casualties})
	}
	rolled := map[string]bool{}
	if first || half {
		rule := combat.RuleID("CA-MORALE-2")
		if half {
			rule = "CA-MORALE-3"
		}
		if g.Leader != "" && able(g.Leader) {
			out.Trace = append(out.Trace, combat.Step{Rule: "CA-MORALE-4", Kind: combat.StepOutcome, Key: KeyLeader})
			ok := save(rule, g.Leader)
			for _, id := range g.Members {
				if able(id) {
					rolled[id] = true
				}
			}
			for _, id := range g.Members {
				if !ok && rolled[id] {
					flee(id)
				}
			}
		} else {
			for _, id := range g.Members {
				if able(id) {
					rolled[id] = true
					if !save(rule, id) {
						flee(id)
					}
				}
			}
		}
	}
	for _, id := range hpZeroed {
		c, ok := byID[id]
		if !ok || rolled[id] || c.Casualty() || c.HP != 0 || !loneFoe(g, id, able) {
			continue
		}
		out.Trace = append(out.Trace, combat.Step{Rule: "CA-MORALE-5", Kind: combat.StepOutcome, Key: KeyLoneFoe})
		if !save("CA-MORALE-5", id) {
			flee(id)
		}
	}
	out.Members = make([]Character, len(members))
	for i, c := range members {
		out.Members[i] = byID[c.ID]
	}
	return out, nil
}

// loneFoe reports whether member id has no able ally left in its group
// (CA-MORALE-5, CA-ERR-1: the morale sense of "lone").
func loneFoe(g MoraleGroup, id string, able func(string) bool) bool {
	for _, m := range g.Members {
		if m != id && able(m) {
			return false
		}
	}
	return true
}
