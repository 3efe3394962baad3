package tactics

import (
	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// Threat is what one enemy means to a mover: the anchor squares where the
// mover would be in its reach (K-GRID-3), and whether leaving them
// provokes an opportunity attack, of which kind, or why not (K-OA).
type Threat struct {
	By      string          `json:"by"`
	Squares []grid.Square   `json:"squares"`
	Kind    OAKind          `json:"kind,omitempty"`   // when it provokes
	Reason  Reason          `json:"reason,omitempty"` // why it does not
	Rules   []combat.RuleID `json:"rules"`
}

// Threats returns, for every active enemy of the mover, the squares it
// threatens and whether it would make an opportunity attack on the mover
// moving as mv, in creature order.
func (b *Battle) Threats(moverID string, mv Move) ([]Threat, error) {
	i, err := b.lookup(moverID)
	if err != nil {
		return nil, err
	}
	if err := mv.Mode.check(); err != nil {
		return nil, err
	}
	return b.threats(i, mv), nil
}

func (b *Battle) threats(i int, mv Move) []Threat {
	var out []Threat
	k := b.cs[i].side()
	for j, e := range b.cs {
		if !e.active() || !b.enemies(i, j) {
			continue
		}
		t := Threat{By: e.ID, Rules: []combat.RuleID{"K-GRID-3", "K-OA-1"}}
		f := e.Place()
		for y := f.At.Y - k; y <= f.At.Y+max(1, f.Side); y++ {
			for x := f.At.X - k; x <= f.At.X+max(1, f.Side); x++ {
				at := grid.Footprint{At: grid.Square{X: x, Y: y}, Side: k}
				if grid.Distance(at, f) == 1 && b.board.Open(at) {
					t.Squares = append(t.Squares, at.At)
				}
			}
		}
		if t.Reason = b.barrier(j, i, mv.Mode); t.Reason != "" {
			t.Rules = cite(t.Rules, t.Reason.Rule())
		} else {
			oa := opportunity(0, e.ID, mv)
			t.Kind = oa.Kind
			t.Rules = cite(t.Rules, oa.Rules...)
		}
		out = append(out, t)
	}
	return out
}

// Highlight is everything a battlemap shows when a creature is selected:
// its pins, where it can go with each movement type (with the OAs of the
// engine's paths), what each enemy threatens, and the tier it would get
// against each enemy in reach.
type Highlight struct {
	Mover   string      `json:"mover"`
	Pins    Pins        `json:"pins"`
	Moves   []Reachable `json:"moves"` // normal, charge, fighting retreat
	Threats []Threat    `json:"threats"`
	Tiers   []TierCheck `json:"tiers"`
}

// Highlight answers the selection query for one creature.
func (b *Battle) Highlight(id string) (Highlight, error) {
	i, err := b.lookup(id)
	if err != nil {
		return Highlight{}, err
	}
	h := Highlight{Mover: id, Pins: *b.pins[i]}
	normal, charge := b.budget(i, Normal), b.budget(i, Charge)
	chargeMoves := b.reachable(i, Move{Mode: Charge}, charge)
	var normalMoves Reachable
	if normal.Allowed && charge.Allowed && normal.Squares <= charge.Squares {
		// Dijkstra settles squares in cost order, so the charge search
		// already holds the normal move's squares, costs and paths.
		normalMoves = chargeMoves
		normalMoves.Move, normalMoves.Budget = Move{Mode: Normal}, normal
		normalMoves.Rules = reachRules(normal)
		k := 0
		for k < len(chargeMoves.Dests) && chargeMoves.Dests[k].Cost <= normal.Squares {
			k++
		}
		normalMoves.Dests = chargeMoves.Dests[:k:k]
	} else {
		normalMoves = b.reachable(i, Move{Mode: Normal}, normal)
	}
	h.Moves = []Reachable{normalMoves, chargeMoves, b.reachable(i, Move{Mode: Retreat}, b.budget(i, Retreat))}
	h.Threats = b.threats(i, Move{Mode: Normal})
	for j, e := range b.cs {
		if e.active() && b.enemies(i, j) && grid.Touching(b.cs[i].Place(), e.Place()) {
			h.Tiers = append(h.Tiers, b.tier(i, b.cs[i].Place(), j))
		}
	}
	return h, nil
}
