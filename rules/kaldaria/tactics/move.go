package tactics

import (
	"strconv"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// Dest is a square a creature can reach this round: its least cost in
// squares, whether it may end its move there (room, K-SIZE-2; otherwise it
// may only pass through allies, K-GRID-4), and how many opportunity attacks
// the engine's path to it provokes.
type Dest struct {
	At   grid.Square `json:"at"`
	Cost int         `json:"cost"`
	Room bool        `json:"room"`
	OAs  int         `json:"oas"`
}

// Reachable lists the squares a creature can reach with one movement type,
// the start excluded, in order of increasing cost.
type Reachable struct {
	Mover  string          `json:"mover"`
	Move   Move            `json:"move"`
	Budget Budget          `json:"budget"`
	Dests  []Dest          `json:"dests"`
	Rules  []combat.RuleID `json:"rules"`
}

// prepare checks a move request and returns the mover's index and its
// budget.
func (b *Battle) prepare(id string, mv Move) (int, Budget, error) {
	i, err := b.lookup(id)
	if err != nil {
		return 0, Budget{}, err
	}
	if err := mv.Mode.check(); err != nil {
		return 0, Budget{}, err
	}
	return i, b.budget(i, mv.Mode), nil
}

// stepCost is mover i's cost function moving as mode, with the facts sq of
// its search: steps cost 1 (K-GRID-4), never enter a
// square holding an undefeated enemy (K-GRID-2) and never strand the mover
// (strands). The search asks about each square up to eight times, once
// from each neighbour, so what it may do there is worked out once
// (squareFacts).
func (b *Battle) stepCost(i int, mode Mode, sq *squareFacts) grid.Cost {
	last, passing := grid.Square{X: -1, Y: -1}, false
	return func(from, to grid.Square) int {
		if sq.at(to)&factEnterable == 0 {
			return grid.Blocked
		}
		if from != last { // the steps from one square are asked in a row
			last, passing = from, sq.at(from)&factPassing != 0
		}
		if passing && b.provokes(i, mode, from, to) {
			return grid.Blocked
		}
		return 1
	}
}

// squareFacts keeps, for one search of one mover, what it has worked out
// about each square of the search's window: whether the mover may enter it
// (enterable), may end its move there (room) and would only be passing
// through (passing).
type squareFacts struct {
	b     *Battle
	i     int
	win   window
	facts []uint8 // per window index: the fact* bits, 0 until worked out
}

// The bits of squareFacts.facts.
const (
	factKnown uint8 = 1 << iota
	factEnterable
	factRoom
	factPassing
)

// facts returns the empty facts of mover i for a search within r squares
// of where it stands.
func (b *Battle) facts(i, r int) *squareFacts {
	win := b.window(b.cs[i].At, r)
	return &squareFacts{b: b, i: i, win: win, facts: make([]uint8, win.len())}
}

// at returns the fact bits of anchor s, working them out the first time.
func (f *squareFacts) at(s grid.Square) uint8 {
	if !f.win.in(s) {
		return f.b.factsAt(f.i, s)
	}
	k := f.win.index(s)
	if f.facts[k] == 0 {
		f.facts[k] = f.b.factsAt(f.i, s)
	}
	return f.facts[k]
}

// factsAt works out the fact bits of mover i at anchor at.
func (b *Battle) factsAt(i int, at grid.Square) uint8 {
	fs := factKnown
	if b.enterable(i, at) {
		fs |= factEnterable
	}
	room, passing := b.standing(i, at)
	if room {
		fs |= factRoom
	}
	if passing {
		fs |= factPassing
	}
	return fs
}

// strands reports whether a step of mover i moving as mode from anchor
// from to anchor to would provoke an opportunity attack (K-OA-1, K-OA-7)
// while the mover passes through a square where it may not stop (K-SIZE-2:
// an ally's). The move would be interrupted there, and no creature is
// left standing where it has no room, so such a step is not taken.
func (b *Battle) strands(i int, mode Mode, from, to grid.Square) bool {
	return b.passing(i, from) && b.provokes(i, mode, from, to)
}

// passing reports whether mover i at anchor at would only be passing
// through: it does not stand there and has no room to stop (K-SIZE-2).
func (b *Battle) passing(i int, at grid.Square) bool {
	_, passing := b.standing(i, at)
	return passing
}

// standing reports whether mover i has room to end its move at anchor at
// (room) and whether it would only be passing through there (passing).
func (b *Battle) standing(i int, at grid.Square) (room, passing bool) {
	c := b.cs[i]
	if c.side() == 1 && at != c.At && b.occ.at(b.board.Index(at)).units == 0 {
		return c.Size.Units() <= grid.SquareUnits, false // an empty square: its own units alone
	}
	room = b.room(i, at)
	return room, at != c.At && !room
}

// provokes reports whether a step of mover i moving as mode from anchor
// from to anchor to provokes an opportunity attack (K-OA-1, K-OA-7).
func (b *Battle) provokes(i int, mode Mode, from, to grid.Square) bool {
	var buf [16]int32
	for _, d := range b.leaving(i, from, to, buf[:0]) {
		if b.barrier(int(d), i, mode) == "" {
			return true
		}
	}
	return false
}

// backward reports whether a one-square step of creature i to anchor to is
// a fighting retreat: at least one enemy is adjacent, the step moves away
// from at least one of them and closer to none (K-MOVE-10, A-38).
func (b *Battle) backward(i int, to grid.Square) bool {
	from, dest := b.cs[i].Place(), grid.Footprint{At: to, Side: b.cs[i].side()}
	away := false
	var buf [16]int32
	for _, j := range b.near(from.At, from.Side, buf[:0]) {
		e := b.cs[j]
		if !b.enemies(i, int(j)) {
			continue
		}
		d0, d1 := grid.Distance(from, e.Place()), grid.Distance(dest, e.Place())
		if d1 < d0 {
			return false
		}
		away = away || d1 > d0
	}
	return away
}

// Reachable returns the squares the creature can reach this round moving
// as mv (K-MOVE-5..10, K-GRID-2, K-GRID-4), each with its cost, whether it
// may stop there, and the opportunity attacks the engine's path provokes.
func (b *Battle) Reachable(id string, mv Move) (Reachable, error) {
	i, bu, err := b.prepare(id, mv)
	if err != nil {
		return Reachable{}, err
	}
	return b.reachable(i, mv, bu), nil
}

// reachRules are the rules behind a Reachable answer for budget bu.
func reachRules(bu Budget) []combat.RuleID {
	return cite([]combat.RuleID{"K-GRID-2", "K-GRID-4", "K-SIZE-2", "K-OA-1"}, bu.Rules...)
}

func (b *Battle) reachable(i int, mv Move, bu Budget) Reachable {
	out := Reachable{Mover: b.cs[i].ID, Move: mv, Budget: bu, Dests: []Dest{},
		Rules: reachRules(bu)}
	if !bu.Allowed {
		return out
	}
	here := b.cs[i].Place()
	if mv.Mode == Retreat {
		for _, d := range grid.Directions {
			to := here.At.Add(d)
			if b.board.CanStep(here, d) && b.enterable(i, to) && b.room(i, to) && b.backward(i, to) {
				out.Dests = append(out.Dests, Dest{At: to, Cost: 1, Room: true})
			}
		}
		return out
	}
	sq := b.facts(i, bu.Squares)
	gr := b.board.Reach(b.cs[i].Place(), bu.Squares, b.stepCost(i, mv.Mode, sq))
	squares := gr.Squares()
	// The enemies whose OA the engine's path to a square provokes are
	// those of the square before it and those its last step provokes:
	// each square's list is its own entries chained to the list of the
	// square before it, which Dijkstra settles first.
	var links chain
	win := b.window(here.At, bu.Squares)
	head, count := make([]int32, win.len()), make([]int32, win.len())
	head[win.index(here.At)] = -1
	var buf []int32
	out.Dests = make([]Dest, 0, len(squares)-1)
	for _, s := range squares[1:] {
		c, _ := gr.Cost(s)
		p, _ := gr.Prev(s)
		h, n := head[win.index(p)], count[win.index(p)]
		buf = b.leaving(i, p, s, buf[:0])
		for _, d := range buf {
			if !links.has(h, d) && b.barrier(int(d), i, mv.Mode) == "" {
				links = append(links, link{d, h})
				h, n = int32(len(links)-1), n+1
			}
		}
		head[win.index(s)], count[win.index(s)] = h, n
		out.Dests = append(out.Dests, Dest{At: s, Cost: c, Room: sq.at(s)&factRoom != 0, OAs: int(n)})
	}
	return out
}

// Walk checks a proposed path of footprint anchors (the creature's square
// first) and returns the opportunity attacks it provokes in resolution
// order, and every one it does not with the reason (K-RES-3, K-OA). An
// illegal path is a *combat.RuleError citing the rule it breaks.
func (b *Battle) Walk(id string, mv Move, path []grid.Square) (Plan, error) {
	i, bu, err := b.prepare(id, mv)
	if err != nil {
		return Plan{}, err
	}
	return b.walk(i, mv, bu, path)
}

func (b *Battle) walk(i int, mv Move, bu Budget, path []grid.Square) (Plan, error) {
	if err := b.check(i, mv, bu, path); err != nil {
		return Plan{}, err
	}
	p := Plan{Mover: b.cs[i].ID, Move: mv, Path: path, Cost: len(path) - 1,
		Rules: cite([]combat.RuleID{"K-RES-3", "K-OA-1", "K-OA-7", "K-OA-8"}, bu.Rules...)}
	p.OAs, p.Spared = b.provoked(i, mv, path)
	p.Weight = len(p.OAs)
	return p, nil
}

// check checks a path of creature i moving as mv with budget bu (K-RES-3,
// K-GRID-2, K-GRID-4, K-SIZE-2, K-MOVE-10): no step strands the mover.
func (b *Battle) check(i int, mv Move, bu Budget, path []grid.Square) error {
	c := b.cs[i]
	switch {
	case !bu.Allowed:
		return refuse(bu.Reason, "mode")
	case len(path) == 0 || path[0] != c.At:
		return refuse(ReasonIllegalStep, "path[0]")
	case len(path)-1 > bu.Squares:
		return refuse(ReasonTooFar, "path")
	}
	for k := 1; k < len(path); k++ {
		d := grid.Square{X: path[k].X - path[k-1].X, Y: path[k].Y - path[k-1].Y}
		if grid.Chebyshev(path[k], path[k-1]) != 1 ||
			!b.board.CanStep(grid.Footprint{At: path[k-1], Side: c.side()}, d) || !b.enterable(i, path[k]) {
			return refuse(ReasonIllegalStep, "path["+strconv.Itoa(k)+"]")
		}
		if b.strands(i, mv.Mode, path[k-1], path[k]) {
			return refuse(ReasonNoRoom, "path["+strconv.Itoa(k-1)+"]")
		}
	}
	last := path[len(path)-1]
	if len(path) > 1 && !b.room(i, last) {
		return refuse(ReasonNoRoom, "path")
	}
	if mv.Mode == Retreat && len(path) == 2 && !b.backward(i, last) {
		return refuse(ReasonNotBackward, "path")
	}
	return nil
}

// Step is Walk for the one-step path from where the creature stands to
// the anchor to, answering only who strikes: the IDs of the enemies whose
// opportunity attacks the step provokes, in resolution order (K-RES-3,
// K-OA-1, K-OA-7, K-OA-8). It accepts and refuses exactly the steps Walk
// does, and builds no plan.
func (b *Battle) Step(id string, mv Move, to grid.Square) ([]string, error) {
	i, bu, err := b.prepare(id, mv)
	if err != nil {
		return nil, err
	}
	path := [2]grid.Square{b.cs[i].At, to}
	if err := b.check(i, mv, bu, path[:]); err != nil {
		return nil, err
	}
	var buf [8]int32
	var out []string
	for _, d := range b.meets(i, path[0], to, buf[:0]) {
		if b.barrier(int(d), i, mv.Mode) == "" {
			out = append(out, b.cs[d].ID)
		}
	}
	return out, nil
}

// Path returns the engine's path to a destination anchor, a least-cost path
// (K-GRID-4), with the opportunity attacks it provokes.
func (b *Battle) Path(id string, mv Move, to grid.Square) (Plan, error) {
	i, bu, err := b.prepare(id, mv)
	if err != nil {
		return Plan{}, err
	}
	return b.path(i, mv, bu, to)
}

func (b *Battle) path(i int, mv Move, bu Budget, to grid.Square) (Plan, error) {
	if !bu.Allowed {
		return Plan{}, refuse(bu.Reason, "mode")
	}
	path := b.board.PathTo(b.cs[i].Place(), to, bu.Squares, b.stepCost(i, mv.Mode, b.facts(i, bu.Squares)))
	if path == nil {
		return Plan{}, refuse(ReasonNoPath, "to")
	}
	return b.walk(i, mv, bu, path)
}

// chain holds lists of creature indices as links, each list sharing the
// tail of the list it grew from; a list is the index of its first link,
// −1 when empty.
type chain []link

// link is one entry of a chain: a creature and the next link, −1 at the
// end.
type link struct{ who, next int32 }

// has reports whether list h holds creature j.
func (c chain) has(h, j int32) bool {
	for ; h >= 0; h = c[h].next {
		if c[h].who == j {
			return true
		}
	}
	return false
}

// window is the part of the board within some squares of an anchor, with
// its own row-major indices: the room a search of that many steps needs.
type window struct{ x0, y0, w, h int }

// window returns the part of b's board within r squares of anchor at.
func (b *Battle) window(at grid.Square, r int) window {
	m := b.board.Map()
	x0, y0 := max(0, at.X-r), max(0, at.Y-r)
	return window{x0, y0, min(m.W, at.X+r+1) - x0, min(m.H, at.Y+r+1) - y0}
}

// len is the number of squares in the window.
func (w window) len() int { return w.w * w.h }

// in reports whether square s lies in the window.
func (w window) in(s grid.Square) bool {
	return s.X >= w.x0 && s.Y >= w.y0 && s.X < w.x0+w.w && s.Y < w.y0+w.h
}

// index returns the window index of square s, which must lie in it.
func (w window) index(s grid.Square) int { return (s.Y-w.y0)*w.w + s.X - w.x0 }
