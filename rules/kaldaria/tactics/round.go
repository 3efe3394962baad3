package tactics

import "slices"

// clone returns a deep copy of the creatures, so that updates never touch
// the caller's slices.
func clone(cs []Creature) []Creature {
	out := slices.Clone(cs)
	for i := range out {
		out[i].NoticedBy = slices.Clone(out[i].NoticedBy)
		out[i].OAsMade = slices.Clone(out[i].OAsMade)
		out[i].EngagedBy = slices.Clone(out[i].EngagedBy)
	}
	return out
}

// StartRound returns the creatures as a new round begins: the round's
// opportunity-attack records are cleared (K-RES-1 step 1, K-OA-8) and
// MovedLastRound records whether each creature moved in the round that
// ended (K-MOVE-4). The input is not changed.
func StartRound(cs []Creature, moved func(id string) bool) []Creature {
	out := clone(cs)
	for i := range out {
		out[i].OAsMade = nil
		out[i].MovedLastRound = moved(out[i].ID)
	}
	return out
}

// Creatures returns a copy of the battle's creatures with every engagement
// list replaced by its tidied form (K-PIN-9 step 3, D-2): the encounter
// engine stores it after each step, attack or change of status.
func (b *Battle) Creatures() []Creature {
	out := make([]Creature, len(b.cs))
	for i, c := range b.cs {
		out[i] = *c
		out[i].NoticedBy, out[i].OAsMade = slices.Clone(c.NoticedBy), slices.Clone(c.OAsMade)
		out[i].EngagedBy = slices.Clone(b.pins[i].Engaged)
	}
	return out
}

// EndTurn returns the creatures (as Creatures does) after creature id ends
// its turn having made melee attacks on the defenders listed: id leaves the
// engagement list of every other defender (K-PIN-9 step 3, K-RES-1 step 3).
func (b *Battle) EndTurn(id string, attacked []string) ([]Creature, error) {
	lists, err := b.EngagedAfterTurn(id, attacked)
	if err != nil {
		return nil, err
	}
	out := b.Creatures()
	for i := range out {
		out[i].EngagedBy = slices.Clone(lists[i])
	}
	return out, nil
}

// EngagedAfterTurn returns the engagement lists EndTurn stores, in
// creature order, without copying the creatures: the tidied lists, with id
// left out of those of the defenders it did not attack. The lists may be
// the battle's own: read them, do not change them.
func (b *Battle) EngagedAfterTurn(id string, attacked []string) ([][]string, error) {
	if _, err := b.lookup(id); err != nil {
		return nil, err
	}
	out := make([][]string, len(b.cs))
	for i, p := range b.pins {
		out[i] = slices.Clip(p.Engaged)
		if slices.Contains(out[i], id) && !slices.Contains(attacked, b.cs[i].ID) {
			out[i] = slices.DeleteFunc(slices.Clone(out[i]), func(x string) bool { return x == id })
		}
	}
	return out, nil
}

// AllPins returns the engagement state of every creature, in input order:
// pins used and capacity, overwhelmed, pinned (K-PIN, K-FLANK).
func (b *Battle) AllPins() []Pins {
	out := make([]Pins, len(b.pins))
	for i, p := range b.pins {
		out[i] = *p
	}
	return out
}

// Actions says what a creature may do while it moves (K-MOVE-6, K-MOVE-7,
// K-MOVE-9): a stable key for the UI.
type Actions string

// The action allowances of the movement types.
const (
	ActionsAny          Actions = "any"            // any action during or after the move (K-MOVE-6)
	ActionsOneSimple    Actions = "one-simple"     // one simple action: normal attack, potion, instant spell (K-MOVE-7)
	ActionsNoStandStill Actions = "no-stand-still" // all but complex spells and abilities needing to stand still (K-MOVE-9)
)

// actionsFor returns the allowance of a movement type.
func actionsFor(m Mode) Actions {
	switch m {
	case Charge:
		return ActionsOneSimple
	case Retreat:
		return ActionsNoStandStill
	}
	return ActionsAny
}
