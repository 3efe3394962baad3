package combat

import (
	"container/heap"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// Preview queries answer "what would happen if…" for the UI before a command
// is given. They work for every ruleset with a Mover, by asking the same
// engine that will apply the command, so a highlight can never disagree
// with the move it announces.

// Reach is the set of squares a combatant can get to with the movement it
// has, each with its cheapest cost and the square it is entered from.
type Reach struct {
	From grid.Square
	Cost map[grid.Square]int
	prev map[grid.Square]grid.Square
}

// Path returns the cheapest path to s, without the start square, or nil
// when s is out of reach.
func (r Reach) Path(s grid.Square) []grid.Square {
	if _, ok := r.Cost[s]; !ok {
		return nil
	}
	var rev []grid.Square
	for s != r.From {
		rev = append(rev, s)
		s = r.prev[s]
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// Reachable finds every square combatant id can reach with the movement it
// has left (its speed when it is not acting), over legal single steps
// (DND-TURN-1, K-MOVE). It ignores opportunity attacks: PreviewMove tells
// those.
func Reachable(rs Ruleset, enc Encounter, id string) (Reach, error) {
	mv, ok := rs.(Mover)
	if !ok {
		return Reach{}, &UnsupportedError{Ruleset: rs.ID(), Capability: "Mover"}
	}
	c, ok := enc.Combatant(id)
	if !ok {
		return Reach{}, Invalid("", "id", "no combatant %q", id)
	}
	budget := c.Budget.Movement
	if enc.Phase != PhaseRunning || enc.Current() != id {
		budget = max(budget, c.Stats.Speed)
	}
	best := map[grid.Square]int{c.Pos: 0}
	prev := map[grid.Square]grid.Square{}
	q := &squareQueue{{c.Pos, 0}}
	for q.Len() > 0 {
		it := heap.Pop(q).(squareCost)
		if it.cost > best[it.sq] {
			continue
		}
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				to := grid.Square{X: it.sq.X + dx, Y: it.sq.Y + dy}
				if to == it.sq || fits(enc.Map, to, c.Stats.side()) != nil {
					continue
				}
				chk, err := mv.Step(enc, id, it.sq, to)
				if err != nil || chk.Cost < 0 {
					continue
				}
				nc := it.cost + chk.Cost
				if nc > budget {
					continue
				}
				if old, seen := best[to]; seen && old <= nc {
					continue
				}
				best[to] = nc
				prev[to] = it.sq
				heap.Push(q, squareCost{to, nc})
			}
		}
	}
	delete(best, c.Pos)
	return Reach{From: c.Pos, Cost: best, prev: prev}, nil
}

// Offer is an opportunity attack a move would offer: before the step onto
// Before, from the square At, by Attacker.
type Offer struct {
	Attacker string      `json:"attacker"`
	At       grid.Square `json:"at"`
	Before   grid.Square `json:"before"`
}

// MovePreview is what a move would do if every opportunity attack it offers
// were declined: the squares actually reached, the attacks offered on the
// way, and the error that would stop it, if any.
type MovePreview struct {
	Reached []grid.Square
	Offers  []Offer
	Err     error
}

// PreviewMove applies Move{id, path} to a copy of enc, declining every
// opportunity attack it offers, and reports what happened (K-RES-3, K-OA-1,
// DND-ALG-D). enc is not changed; no die is rolled.
func PreviewMove(rs Ruleset, enc Encounter, id string, path []grid.Square) MovePreview {
	var p MovePreview
	var cmd Command = Move{ID: id, Path: path}
	for range MaxPath + MaxCombatants {
		next, events, err := Apply(rs, enc, cmd, dice.NewScripted())
		if err != nil {
			p.Err = err
			return p
		}
		for _, ev := range events {
			switch {
			case ev.Type == Moved && ev.Actor == id:
				p.Reached = append(p.Reached, *ev.To)
			case ev.Type == DecisionRequested && ev.Decision.Kind == DecideOpportunity && next.Move != nil:
				mover, _ := next.Combatant(id)
				p.Offers = append(p.Offers, Offer{Attacker: ev.Decision.Chooser, At: mover.Pos, Before: next.Move.Path[0]})
			}
		}
		if next.Pending == nil || next.Pending.Kind != DecideOpportunity {
			return p
		}
		enc, cmd = next, DeclineOpportunity{}
	}
	return p
}

type squareCost struct {
	sq   grid.Square
	cost int
}

// squareQueue is a min-heap of squares by cost.
type squareQueue []squareCost

func (q squareQueue) Len() int { return len(q) }
func (q squareQueue) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].sq.Y < q[j].sq.Y || q[i].sq.Y == q[j].sq.Y && q[i].sq.X < q[j].sq.X
}
func (q squareQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *squareQueue) Push(x any)   { *q = append(*q, x.(squareCost)) }
func (q *squareQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
