package grid

// Blocked is the cost a Cost function returns for a step that may not be
// taken (an occupied square, a square the mover may not enter).
const Blocked = -1

// Cost returns the cost of one step of a mover's footprint anchor from a
// square to an adjacent one, or Blocked. The board has already checked the
// terrain (CanStep); the cost function adds what only the ruleset knows,
// such as "never through an undefeated enemy" (K-GRID-2) or a 1-2-1
// diagonal option. A cost of 0 counts as 1.
type Cost func(from, to Square) int

// UnitCost charges 1 for every step, diagonals included (K-GRID-4).
func UnitCost(from, to Square) int { return 1 }

// Reach is the result of a Search: the least key (the cost, for Reach and
// PathTo) of every square reached, and a way to each. Its tables cover only
// the window of the map the search may reach.
type Reach struct {
	board *Board
	start Square
	win   window
	cost  []int   // least key per window index, −1 when not reached
	prev  []int32 // predecessor on the way kept, −1 at the start
	order []int32 // window indices in the order they were settled
	ways  *ways   // a tagged search's places, which then index the tables above
}

// at returns the window index of place p: p itself unless the search is
// tagged.
func (r *Reach) at(p int32) int32 {
	if r.ways != nil {
		return r.ways.at[p]
	}
	return p
}

// window is a rectangle of the map with its own row-major indices.
type window struct{ x0, y0, w, h int }

func (w window) in(s Square) bool {
	return s.X >= w.x0 && s.Y >= w.y0 && s.X < w.x0+w.w && s.Y < w.y0+w.h
}
func (w window) index(s Square) int32 { return int32((s.Y-w.y0)*w.w + s.X - w.x0) }
func (w window) square(i int32) Square {
	return Square{w.x0 + int(i)%w.w, w.y0 + int(i)/w.w}
}

// Reach searches from the footprint f with the given budget: a square is
// reached when a path of legal steps (CanStep, K-GRID-4) whose costs add
// up to at most budget leads to it. Squares are footprint anchors
// (top-left squares). Among paths of equal cost the first found wins
// (FirstQueued), so the result is deterministic.
func (b *Board) Reach(f Footprint, budget int, cost Cost) *Reach {
	return b.Search(Options{From: f, Radius: max(0, budget), Cost: cost, Budget: budget})
}

// PathTo returns a least-cost path from the footprint f to the anchor to
// within the budget, both ends included, or nil; it stops searching once
// to is settled, so it is cheaper than Reach followed by Path.
func (b *Board) PathTo(f Footprint, to Square, budget int, cost Cost) []Square {
	return b.Search(Options{From: f, Radius: max(0, budget), Cost: cost, Budget: budget, Goal: &to}).Path(to)
}

// Start returns the anchor the search started from.
func (r *Reach) Start() Square { return r.start }

// Cost returns the least key (cost) of s and whether s was reached. Cost,
// Prev and Path read a search without tags.
func (r *Reach) Cost(s Square) (int, bool) {
	if r.cost == nil || r.ways != nil || !r.win.in(s) {
		return 0, false
	}
	c := r.cost[r.win.index(s)]
	if c < 0 {
		return 0, false
	}
	return c, true
}

// Squares returns every reached square, the start first, in order of
// increasing cost (in a tagged search, once per tag it was reached with).
func (r *Reach) Squares() []Square {
	out := make([]Square, len(r.order))
	for i, p := range r.order {
		out[i] = r.win.square(r.at(p))
	}
	return out
}

// Prev returns the square before s on the least-cost path to s; ok is false
// at the start and for squares not reached.
func (r *Reach) Prev(s Square) (Square, bool) {
	if _, ok := r.Cost(s); !ok {
		return Square{}, false
	}
	p := r.prev[r.win.index(s)]
	if p < 0 {
		return Square{}, false
	}
	return r.win.square(p), true
}

// Path returns the way kept from the start to s, both included, or nil
// when s was not reached.
func (r *Reach) Path(s Square) []Square {
	if _, ok := r.Cost(s); !ok {
		return nil
	}
	return r.path(r.win.index(s))
}

// path returns the way kept from the start to place p, both included.
func (r *Reach) path(p int32) []Square {
	n := 0
	for i := p; i >= 0; i = r.prev[i] {
		n++
	}
	path := make([]Square, n)
	for i := p; i >= 0; i = r.prev[i] {
		n--
		path[n] = r.win.square(r.at(i))
	}
	return path
}

// Way is one way a tagged search kept: the square it ends on, its tag and
// its key.
type Way struct {
	At    Square
	Tag   uint64
	Key   int
	place int32
}

// Ways returns the ways a tagged search kept to s, one per tag, in the
// order they were settled; nil for a search without tags.
func (r *Reach) Ways(s Square) []Way {
	if r.ways == nil || !r.win.in(s) {
		return nil
	}
	var out []Way
	sq := r.win.index(s)
	for _, p := range r.order {
		if r.ways.at[p] == sq {
			out = append(out, Way{At: s, Tag: r.ways.tag[p], Key: r.cost[p], place: p})
		}
	}
	return out
}

// WayPath returns the squares of way w from the start, both included.
func (r *Reach) WayPath(w Way) []Square { return r.path(w.place) }

// Overflowed reports whether a tagged search stopped at Options.MaxWays,
// so its ways are not all there are.
func (r *Reach) Overflowed() bool { return r.ways != nil && r.ways.over }
