package dnd5e

import (
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Controller says who runs a creature: a player or the DM. It decides who
// may form initiative groups (DND-INIT-2) and who orders ties (DND-INIT-4).
type Controller string

// The controllers.
const (
	Player Controller = "player"
	DM     Controller = "dm"
)

// TieBreak says how slots with equal initiative totals are ordered
// (DND-INIT-4, DND-AMB-8).
type TieBreak uint8

// The tie-break modes.
const (
	TieByHand  TieBreak = iota // the players or the DM order the tied block (default)
	TieRollOff                 // the tied parties roll a d20, higher first, equal rolls roll again
	TiePerTie                  // each tie by its parties: the players or the DM order their own, a mixed tie rolls off
)

// Entrant is one creature about to roll initiative. Group is its stat-block
// ID: DM-controlled entrants with the same non-empty Group share one roll
// and one slot (DND-INIT-2, DND-AMB-7) unless Individual is set (the
// per-group switch of DND-AMB-6). Mod is its DEX modifier plus listed
// initiative bonuses (DND-AMB-9).
type Entrant struct {
	ID         string     `json:"id"`
	Group      string     `json:"group,omitempty"`
	Controller Controller `json:"controller"`
	Mod        int        `json:"mod"`
	Individual bool       `json:"individual,omitempty"`
}

// Slot is one place in the initiative order: one creature, or a group of
// identical creatures who act one after another inside it (DND-AMB-6), in
// the listed order. Total is d20 Face plus Mod (DND-INIT-1). RollOff holds
// the slot's roll-off faces, round by round (DND-INIT-4, DND-AMB-8).
// Settled says the slot's place among equal totals has been fixed, by
// roll-off or by hand.
type Slot struct {
	Members    []string     `json:"members"`
	Group      string       `json:"group,omitempty"`
	Controller Controller   `json:"controller"`
	Mod        int          `json:"mod"`
	Face       int          `json:"face"`
	Total      int          `json:"total"`
	RollOff    []int        `json:"rollOff,omitempty"`
	Settled    bool         `json:"settled,omitempty"`
	Trace      combat.Trace `json:"trace"`
}

// Order is the initiative order, best first. It stays the same in every
// round (DND-INIT-3, DND-ROUND-3).
type Order struct {
	Slots []Slot `json:"slots"`
}

// Tie is a run of consecutive slots Slots[From:To] with equal totals whose
// order Decider still has to set (DND-INIT-4, DND-AMB-8). Mixed says it ties
// player characters with DM-run creatures.
type Tie struct {
	From    int        `json:"from"`
	To      int        `json:"to"`
	Decider Controller `json:"decider"`
	Mixed   bool       `json:"mixed,omitempty"`
}

// FormSlots groups entrants into initiative slots (DND-ALG-A step 3.1): one
// slot per group of identical DM-controlled creatures (same Group), one per
// other creature, in order of first appearance. Members of one group must
// share their modifier, since they share a stat block.
func FormSlots(es []Entrant) ([]Slot, error) {
	var slots []Slot
	at := map[string]int{}
	for _, e := range es {
		if e.Controller != Player && e.Controller != DM {
			return nil, combat.Invalid("DND-INIT-4", "controller", "%q is neither %q nor %q", e.Controller, Player, DM)
		}
		grouped := e.Controller == DM && e.Group != "" && !e.Individual
		if i, ok := at[e.Group]; grouped && ok {
			if slots[i].Mod != e.Mod {
				return nil, combat.Invalid("DND-INIT-2", "mod", "%s has %+d but its group %q has %+d", e.ID, e.Mod, e.Group, slots[i].Mod)
			}
			slots[i].Members = append(slots[i].Members, e.ID)
			continue
		}
		if grouped {
			at[e.Group] = len(slots)
		}
		slots = append(slots, Slot{Members: []string{e.ID}, Group: e.Group, Controller: e.Controller, Mod: e.Mod})
	}
	return slots, nil
}

// rollSlot makes the slot's one Dexterity check (DND-INIT-1, DND-INIT-2).
func rollSlot(s Slot, r dice.Roller) Slot {
	s.Face = r.Roll(20)
	s.Total = s.Face + s.Mod
	s.Trace = combat.Trace{
		{Rule: "DND-INIT-1", Kind: combat.StepRoll, Key: "initiative-d20", Sides: 20, Face: s.Face, Value: s.Face},
		{Rule: "DND-AMB-9", Kind: combat.StepModifier, Key: "initiative-mod", Quantity: "initiative", Value: s.Mod},
		{Rule: "DND-INIT-1", Kind: combat.StepCompute, Key: "initiative", Value: s.Total},
	}
	return s
}

// RollInitiative runs DND-ALG-A step 3: it forms the slots, rolls one d20
// per slot in order of first appearance, ranks the slots from the highest
// total to the lowest (DND-INIT-3) and, with TieRollOff, settles equal
// totals by d20 roll-offs (DND-INIT-4, DND-AMB-8). With TieByHand, tied
// slots keep their order of appearance and Ties lists them for the players
// or the DM to Arrange; with TiePerTie only ties of one party's creatures
// wait for that party, and mixed ties roll off.
func RollInitiative(es []Entrant, tb TieBreak, r dice.Roller) (Order, error) {
	slots, err := FormSlots(es)
	if err != nil {
		return Order{}, err
	}
	for i := range slots {
		slots[i] = rollSlot(slots[i], r)
	}
	sortDescending(slots, func(s Slot) int { return s.Total })
	o := Order{Slots: slots}
	for _, t := range o.Ties() {
		if tb == TieRollOff || tb == TiePerTie && t.Mixed {
			rollOff(o.Slots[t.From:t.To], r)
		}
	}
	return o, nil
}

// rollOff orders tied slots in place: each rolls a d20, higher first, and
// slots that roll equal faces roll again among themselves until every
// place is fixed (DND-INIT-4, DND-AMB-8). Slots roll in their current order.
func rollOff(tied []Slot, r dice.Roller) {
	for i := range tied {
		f := r.Roll(20)
		tied[i].RollOff = append(slices.Clip(tied[i].RollOff), f)
		tied[i].Settled = true
		tied[i].Trace = append(slices.Clip(tied[i].Trace), combat.Step{Rule: "DND-INIT-4", Kind: combat.StepRoll, Key: "roll-off-d20", Sides: 20, Face: f, Value: f})
	}
	last := func(s Slot) int { return s.RollOff[len(s.RollOff)-1] }
	sortDescending(tied, last)
	for i := 0; i < len(tied); {
		j := i + 1
		for j < len(tied) && last(tied[j]) == last(tied[i]) {
			j++
		}
		if j-i > 1 {
			rollOff(tied[i:j], r)
		}
		i = j
	}
}

// sortDescending orders slots by key, highest first, keeping the order of
// equal keys. It sorts a permutation rather than the slots themselves,
// which are large.
func sortDescending(slots []Slot, key func(Slot) int) {
	idx := make([]int, len(slots))
	keys := make([]int, len(slots))
	for i := range idx {
		idx[i], keys[i] = i, key(slots[i])
	}
	slices.SortStableFunc(idx, func(a, b int) int { return keys[b] - keys[a] })
	sorted := make([]Slot, len(slots))
	for i, j := range idx {
		sorted[i] = slots[j]
	}
	copy(slots, sorted)
}

// Ties returns the runs of slots with equal totals whose order has not been
// settled yet, each with the party who orders it: the players when every
// slot in the run is a player character, the DM otherwise (DND-INIT-4).
func (o Order) Ties() []Tie {
	var ts []Tie
	for i := 0; i < len(o.Slots); {
		j, settled, decider := i+1, o.Slots[i].Settled, o.Slots[i].Controller
		for j < len(o.Slots) && o.Slots[j].Total == o.Slots[i].Total {
			settled = settled && o.Slots[j].Settled
			if o.Slots[j].Controller != decider {
				decider = DM
			}
			j++
		}
		if j-i > 1 && !settled {
			mixed := false
			for _, sl := range o.Slots[i:j] {
				mixed = mixed || sl.Controller != o.Slots[i].Controller
			}
			ts = append(ts, Tie{From: i, To: j, Decider: decider, Mixed: mixed})
		}
		i = j
	}
	return ts
}

// Arrange sets the order of the tied run starting at slot from, as its
// decider chose (DND-INIT-4): perm lists the run's current slot indices in
// their new order. It returns an error if from does not start an unsettled
// tie or perm is not a permutation of it.
func (o Order) Arrange(from int, perm []int) (Order, error) {
	for _, t := range o.Ties() {
		if t.From != from {
			continue
		}
		if len(perm) != t.To-t.From {
			return o, combat.Invalid("DND-INIT-4", "perm", "the tie has %d slots, got %d", t.To-t.From, len(perm))
		}
		seen := map[int]bool{}
		run := make([]Slot, 0, len(perm))
		for _, p := range perm {
			if p < t.From || p >= t.To || seen[p] {
				return o, combat.Invalid("DND-INIT-4", "perm", "%v is not a permutation of %d..%d", perm, t.From, t.To-1)
			}
			seen[p] = true
			s := o.Slots[p]
			s.Settled = true
			run = append(run, s)
		}
		out := o.clone()
		copy(out.Slots[t.From:t.To], run)
		return out, nil
	}
	return o, combat.Invalid("DND-INIT-4", "from", "no unsettled tie starts at slot %d", from)
}

// clone returns a copy of o whose slot list can be changed freely; slots'
// member lists and traces are shared, never written in place.
func (o Order) clone() Order { return Order{Slots: slices.Clone(o.Slots)} }

// Join rolls initiative for a creature that joins a running encounter and
// inserts its slot by total (DND-AMB-14): after every slot with a higher
// total; among equal totals, after them with TieByHand (the decider may
// Arrange the run), or by a d20 roll-off against each equal slot in turn
// with TieRollOff (DND-AMB-8). It returns the new order and the new slot's
// index. If that index is after the slot now acting, the newcomer acts in
// this round; otherwise the acting slot's index grows by one and the
// newcomer first acts next round (DND-TV-21).
func (o Order) Join(e Entrant, tb TieBreak, r dice.Roller) (Order, int, error) {
	slots, err := FormSlots([]Entrant{e})
	if err != nil {
		return o, 0, err
	}
	if o.Find(e.ID) >= 0 {
		return o, 0, combat.Invalid("DND-AMB-14", "id", "%s is already in the order", e.ID)
	}
	s := rollSlot(slots[0], r)
	out := o.clone()
	at := 0
	for at < len(out.Slots) && out.Slots[at].Total > s.Total {
		at++
	}
	for at < len(out.Slots) && out.Slots[at].Total == s.Total {
		if tb == TieRollOff {
			pair := []Slot{out.Slots[at], s}
			rollOff(pair, r)
			if pair[0].Members[0] == e.ID {
				out.Slots[at], s = pair[1], pair[0]
				break
			}
			out.Slots[at], s = pair[0], pair[1]
		}
		at++
	}
	out.Slots = slices.Insert(out.Slots, at, s)
	return out, at, nil
}

// Remove takes a dead or removed creature out of the order (DND-AMB-15,
// DND-ALG-B step 1): a group slot keeps its other members; a slot left
// empty is dropped. It returns the new order and the index of the dropped
// slot, or -1 if no slot was dropped or id is not in the order.
func (o Order) Remove(id string) (Order, int) {
	for i, s := range o.Slots {
		j := slices.Index(s.Members, id)
		if j < 0 {
			continue
		}
		out := o.clone()
		if len(s.Members) == 1 {
			out.Slots = slices.Delete(out.Slots, i, i+1)
			return out, i
		}
		out.Slots[i].Members = slices.Delete(slices.Clone(s.Members), j, j+1)
		return out, -1
	}
	return o, -1
}

// Find returns the index of the slot holding creature id, or -1.
func (o Order) Find(id string) int {
	for i, s := range o.Slots {
		if slices.Contains(s.Members, id) {
			return i
		}
	}
	return -1
}

// Turns returns the creatures in the order they take their turns in every
// round: slot by slot, members of a slot in their listed order (DND-INIT-3,
// DND-AMB-6, DND-ALG-B step 1). No dice are involved: the order is rolled
// once per encounter (DND-ROUND-3).
func (o Order) Turns() []string {
	var ids []string
	for _, s := range o.Slots {
		ids = append(ids, s.Members...)
	}
	return ids
}
