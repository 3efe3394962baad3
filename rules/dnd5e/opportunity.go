package dnd5e

import (
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// MoveKind says how a creature came to move. The source leaves the
// opportunity attack's trigger to another chapter (DND-ND-3); following the
// spec's SRD default, only movement a creature makes with its own movement,
// action or reaction provokes, and being moved by something else or
// teleporting does not.
type MoveKind string

// The kinds of movement.
const (
	MoveOwn      MoveKind = "movement" // the creature's own movement (DND-TURN-1)
	MoveAction   MoveKind = "action"   // movement the creature makes with its action
	MoveReaction MoveKind = "reaction" // movement the creature makes with its reaction
	MoveForced   MoveKind = "forced"   // pushed, pulled or carried by someone or something else
	MoveTeleport MoveKind = "teleport" // teleportation
)

// distanceFeet is the distance between two squares in feet: 5 ft per
// square, diagonals included, the spec's default grid metric (DND-GEN-3,
// DND-AMB-11). Creatures occupy one square each.
func distanceFeet(a, b grid.Square) int {
	return SquareFeet * max(abs(a.X-b.X), abs(a.Y-b.Y))
}

// abs returns the absolute value of v.
func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// WithinReach reports whether square s is within reach feet of a creature
// standing at at (DND-ND-3, DND-AMB-11).
func WithinReach(at grid.Square, reach int, s grid.Square) bool {
	return distanceFeet(at, s) <= reach
}

// FirstExit returns the index i of the first step path[i] → path[i+1] that
// takes a mover out of the reach of a creature at at, or -1 if none does.
// The opportunity attack happens just before that step (DND-ND-3, SRD
// default), so the mover has already walked i steps (DND-TV-9).
func FirstExit(path []grid.Square, at grid.Square, reach int) int {
	for i := 0; i+1 < len(path); i++ {
		if WithinReach(at, reach, path[i]) && !WithinReach(at, reach, path[i+1]) {
			return i
		}
	}
	return -1
}

// Departure describes one step of a mover as seen by one potential
// reactor: the reactor's budget, state and position, and the mover's step.
type Departure struct {
	Reactor          Budget      // the reactor's budget (DND-REACT-3, DND-SURP-5)
	ReactorCannotAct bool        // an effect stops the reactor from taking actions (DND-ND-7)
	HasOption        bool        // the reactor has the opportunity attack and a melee attack to make it with (DND-ND-8)
	Hostile          bool        // the mover is hostile to the reactor
	Sees             bool        // the reactor can see the mover (DM's call)
	At               grid.Square // the reactor's square
	Reach            int         // the reactor's reach in feet
	From, To         grid.Square // the mover's step
	Kind             MoveKind    // how the mover moves
	Disengaged       bool        // the mover took the Disengage action this turn
}

// MayOpportunityAttack decides whether a step lets the reactor make an
// opportunity attack as its reaction (DND-REACT-2, DND-ALG-D step 1). The
// trigger follows the spec's SRD default (DND-ND-3): a hostile creature the
// reactor can see leaves its reach by its own movement, action or reaction,
// without having disengaged. The reactor must have the reaction option and
// be able to react (DND-REACT-3, DND-SURP-5). The trace ends in one outcome
// step whose key says why it is allowed or not.
func MayOpportunityAttack(d Departure) (bool, combat.Trace) {
	no := func(rule combat.RuleID, key string) (bool, combat.Trace) {
		return false, combat.Trace{{Rule: rule, Kind: combat.StepOutcome, Key: key}}
	}
	switch {
	case !d.Hostile:
		return no("DND-ND-3", "not-hostile")
	case !d.Sees:
		return no("DND-ND-3", "unseen")
	case !WithinReach(d.At, d.Reach, d.From) || WithinReach(d.At, d.Reach, d.To):
		return no("DND-ND-3", "does-not-leave-reach")
	case d.Kind == MoveForced:
		return no("DND-ND-3", "forced-movement")
	case d.Kind == MoveTeleport:
		return no("DND-ND-3", "teleport")
	case d.Kind != MoveOwn && d.Kind != MoveAction && d.Kind != MoveReaction:
		return no("DND-ND-3", "unknown-movement")
	case d.Disengaged:
		return no("DND-ND-3", "disengaged")
	case !d.HasOption:
		return no("DND-ND-8", "no-opportunity-attack")
	}
	if ok, why := d.Reactor.CanReact(d.ReactorCannotAct); !ok {
		rule := combat.RuleID("DND-REACT-3")
		if why == "surprise-lock" {
			rule = "DND-SURP-5"
		}
		return no(rule, why)
	}
	return true, combat.Trace{{Rule: "DND-REACT-2", Kind: combat.StepOutcome, Key: "opportunity-attack"}}
}

// ReactorQueue orders the creatures in ids that want to react to one
// trigger: in initiative order starting from the slot after current and
// wrapping around, members of a slot in their listed order (DND-ALG-D step
// 2, DND-AMB-12). Creatures not in the order come last, as given.
func ReactorQueue(o Order, current int, ids []string) []string {
	var out []string
	n := len(o.Slots)
	for k := 1; k <= n; k++ {
		for _, m := range o.Slots[(current+k)%n].Members {
			if slices.Contains(ids, m) {
				out = append(out, m)
			}
		}
	}
	for _, id := range ids {
		if o.Find(id) < 0 {
			out = append(out, id)
		}
	}
	return out
}
