package cairn

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Waiver is the GM's ruling on a PC's first-round DEX save (CA-INIT-3,
// CA-AMB-2): roll it (the default), or waive it so the PC acts, or rule that
// the PC does not act (caught unaware).
type Waiver string

// The waiver states.
const (
	WaiverRoll       Waiver = ""
	WaiverActs       Waiver = "acts"
	WaiverDoesNotAct Waiver = "does-not-act"
)

// Contender is a PC-side member facing the first-round DEX save: PCs
// (CA-INIT-2) and allied NPCs (CA-AMB-2).
type Contender struct {
	ID     string `json:"id"`
	DEX    int    `json:"dex"`
	Waiver Waiver `json:"waiver,omitempty"`
}

// Initiative records which PC-side members act in round 1 (CA-INIT-1).
type Initiative struct {
	Acts  []string     `json:"acts"`
	Lost  []string     `json:"lost"`
	Trace combat.Trace `json:"trace"`
}

// ResolveInitiative makes the first-round DEX save for each contender in
// order (CA-INIT-2); a waived save follows the GM's ruling with no roll
// (CA-INIT-3). Opponents never roll (CA-INIT-6).
func ResolveInitiative(cs []Contender, r dice.Roller) (Initiative, error) {
	seen := map[string]bool{}
	for _, c := range cs {
		if c.ID == "" || seen[c.ID] {
			return Initiative{}, combat.Invalid("CA-INIT-2", "id", "missing or repeated contender %q", c.ID)
		}
		seen[c.ID] = true
		switch c.Waiver {
		case WaiverRoll, WaiverActs, WaiverDoesNotAct:
		default:
			return Initiative{}, combat.Invalid("CA-INIT-3", "waiver", "unknown waiver %q", c.Waiver)
		}
	}
	out := Initiative{Acts: []string{}, Lost: []string{}}
	for _, c := range cs {
		acts := c.Waiver == WaiverActs
		if c.Waiver == WaiverRoll {
			ok, tr := rollSave("CA-INIT-2", KeyDEXSave, c.DEX, r)
			out.Trace = append(out.Trace, tr...)
			acts = ok
		} else {
			out.Trace = append(out.Trace, combat.Step{Rule: "CA-INIT-3", Kind: combat.StepOutcome, Key: KeyInitiative})
		}
		key := KeyLosesTurn
		if acts {
			key = KeyActs
			out.Acts = append(out.Acts, c.ID)
		} else {
			out.Lost = append(out.Lost, c.ID)
		}
		out.Trace = append(out.Trace, combat.Step{Rule: "CA-INIT-4", Kind: combat.StepOutcome, Key: key})
	}
	return out, nil
}

// Side is one party to the fight: the PC side (PCs and their allies) or a
// side of opponents (CA-ROUND-3, CA-ALG-A).
type Side struct {
	ID      string   `json:"id"`
	PC      bool     `json:"pc,omitempty"`
	Members []string `json:"members"`
}

// Phase is one side's slot in a round and the members who may act in it.
type Phase struct {
	Side    string   `json:"side"`
	Members []string `json:"members"`
}

// Phases returns the order of a round (CA-ROUND-3, CA-INIT-4, CA-INIT-5,
// CA-AMB-15): the PC side first, then the other sides in the order given.
// In round 1 a PC-side member acts only if the initiative lists it among
// those who act; from round 2 on every member does, with no new save.
// Whether a member is still able to act is the caller's check (CanAct).
func Phases(round int, sides []Side, init Initiative) []Phase {
	first := map[string]bool{}
	for _, id := range init.Acts {
		first[id] = true
	}
	var pcs, others []Phase
	for _, s := range sides {
		p := Phase{Side: s.ID, Members: []string{}}
		for _, m := range s.Members {
			if !s.PC || round > 1 || first[m] {
				p.Members = append(p.Members, m)
			}
		}
		if s.PC {
			pcs = append(pcs, p)
		} else {
			others = append(others, p)
		}
	}
	return append(pcs, others...)
}
