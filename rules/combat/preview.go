package combat

import (
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
		return Reach{}, NoCombatant("", "id", id)
	}
	budget := LeftFor(rs, c, UseMove)
	if !acting(enc, id) {
		budget = max(budget, c.Stats.Speed)
	}
	board, err := grid.NewBoard(enc.Map)
	if err != nil {
		return Reach{}, Invalid("ENG-MAP-1", "map", "%v", err)
	}
	// The engine's own rules for a step: the footprint fits (ENG-MAP-1,
	// checked by the search, corners cut as Apply allows), the ruleset's
	// Step and the movement left (ENG-MOVE-3).
	found := board.Search(grid.Options{From: grid.Footprint{At: c.Pos, Side: c.Stats.side()}, Radius: -1,
		Corners: grid.Cutting, Ties: grid.RowOrder, Step: func(from, to grid.Square, at int) (int, bool) {
			chk, err := mv.Step(enc, id, from, to)
			if err != nil || chk.Cost < 0 || at+chk.Cost > budget {
				return 0, false
			}
			return at + chk.Cost, true
		}})
	squares := found.Squares()
	best := make(map[grid.Square]int, len(squares))
	prev := make(map[grid.Square]grid.Square, len(squares))
	for _, s := range squares {
		if p, ok := found.Prev(s); ok {
			best[s], _ = found.Cost(s)
			prev[s] = p
		}
	}
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
// DND-ALG-D). enc is not changed; no die is rolled. The copy is made once:
// the declines that follow play on it in place (ApplyOwned). The move is
// played with enc's own memo, so what the ruleset derives from enc on the
// way (the state the move starts from) is kept for enc's later queries;
// the memo's contract makes whatever it keeps of the states after harmless.
func PreviewMove(rs Ruleset, enc Encounter, id string, path []grid.Square) MovePreview {
	var p MovePreview
	var cmd Command = Move{ID: id, Path: path}
	events := make([]Event, 0, len(path)+2) // a step each, and what ends the move
	noDice := dice.NewScripted()
	for i := range MaxPath + MaxCombatants {
		var next Encounter
		var err error
		if i == 0 {
			if err = rulesetOf(rs, enc); err == nil {
				next, events, err = apply(rs, enc, enc.fork(), enc.memo, cmd, noDice, events)
			}
		} else {
			next, events, err = ApplyOwned(rs, enc, cmd, noDice, events[:0])
		}
		if err != nil {
			p.Err = err
			return p
		}
		for _, ev := range events {
			d, asked := ev.Payload().(*Decision)
			switch {
			case ev.Type() == Moved && ev.Actor == id:
				p.Reached = append(p.Reached, *ev.To)
			case asked && d.Kind == DecideOpportunity && next.Move != nil:
				mover, _ := next.Combatant(id)
				p.Offers = append(p.Offers, Offer{Attacker: d.Chooser, At: mover.Pos, Before: next.Move.Path[0]})
			}
		}
		if next.Pending == nil || next.Pending.Kind != DecideOpportunity {
			return p
		}
		enc, cmd = next, DeclineOpportunity{}
	}
	return p
}
