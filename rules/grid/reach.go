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

// Reach is the result of a reachability search from one footprint anchor:
// the least cost to every square reached within the budget, and a shortest
// path to each. Its tables cover only the window of the map the budget can
// reach (costs are at least 1, so at most budget squares each way).
type Reach struct {
	board *Board
	start Square
	win   window
	cost  []int32 // least cost per window index, −1 when not reached
	prev  []int32 // predecessor on a least-cost path, −1 at the start
	order []int32 // window indices in the order they were settled
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

// Reach runs Dijkstra's algorithm from the footprint f with the given
// budget: a square is reached when a path of legal steps (CanStep) whose
// costs add up to at most budget leads to it. Squares are footprint anchors
// (top-left squares). Among paths of equal cost the first found wins,
// squares being explored in the order they were reached and neighbours in
// the order of Directions, so the result is deterministic.
func (b *Board) Reach(f Footprint, budget int, cost Cost) *Reach {
	return b.search(f, budget, cost, Square{-1, -1})
}

// PathTo returns a least-cost path from the footprint f to the anchor to
// within the budget, both ends included, or nil; it stops searching once
// to is settled, so it is cheaper than Reach followed by Path.
func (b *Board) PathTo(f Footprint, to Square, budget int, cost Cost) []Square {
	return b.search(f, budget, cost, to).Path(to)
}

// search is Dijkstra's algorithm from f, stopping early when stop is
// settled.
func (b *Board) search(f Footprint, budget int, cost Cost, stop Square) *Reach {
	budget = max(0, min(budget, b.m.W+b.m.H))
	x0, y0 := max(0, f.At.X-budget), max(0, f.At.Y-budget)
	win := window{x0, y0, min(b.m.W, f.At.X+budget+1) - x0, min(b.m.H, f.At.Y+budget+1) - y0}
	r := &Reach{board: b, start: f.At, win: win}
	if !b.Open(f) {
		return r
	}
	n := win.w * win.h
	// One block holds the costs, the predecessors and the queue's bucket
	// heads and tails.
	block := make([]int32, 2*n+2*(budget+1))
	r.cost, r.prev = block[:n:n], block[n:2*n:2*n]
	head, tail := block[2*n:2*n+budget+1], block[2*n+budget+1:]
	for i := range r.cost {
		r.cost[i] = -1
	}
	for c := range head {
		head[c], tail[c] = -1, -1
	}
	s := win.index(f.At)
	r.cost[s], r.prev[s] = 0, -1
	// Dial's algorithm: costs are small positive integers, so the queue is
	// one bucket of squares per cost, each filled before it is read. The
	// buckets are lists threaded through one slice of entries, each
	// appended at its bucket's tail, so a bucket is read in the order it
	// was filled.
	type entry struct{ sq, next int32 }
	queue := make([]entry, 0, n)
	push := func(c int, sq int32) {
		queue = append(queue, entry{sq, -1})
		i := int32(len(queue) - 1)
		if tail[c] < 0 {
			head[c] = i
		} else {
			queue[tail[c]].next = i
		}
		tail[c] = i
	}
	push(0, s)
	r.order = make([]int32, 0, n)
	for c := range head {
		for e := head[c]; e >= 0; e = queue[e].next {
			sq := queue[e].sq
			if r.cost[sq] != int32(c) {
				continue // stale: the square was reached more cheaply since
			}
			r.order = append(r.order, sq)
			from := win.square(sq)
			if from == stop {
				return r
			}
			ff := Footprint{At: from, Side: f.Side}
			for _, d := range Directions {
				to := from.Add(d)
				if !win.in(to) || !b.CanStep(ff, d) {
					continue
				}
				k := cost(from, to)
				if k < 0 {
					continue
				}
				nc := c + max(k, 1)
				if nc > budget {
					continue
				}
				ti := win.index(to)
				if r.cost[ti] < 0 || int32(nc) < r.cost[ti] {
					r.cost[ti], r.prev[ti] = int32(nc), sq
					push(nc, ti)
				}
			}
		}
	}
	return r
}

// Start returns the anchor the search started from.
func (r *Reach) Start() Square { return r.start }

// Cost returns the least cost to reach s and whether s was reached.
func (r *Reach) Cost(s Square) (int, bool) {
	if r.cost == nil || !r.win.in(s) {
		return 0, false
	}
	c := r.cost[r.win.index(s)]
	if c < 0 {
		return 0, false
	}
	return int(c), true
}

// Squares returns every reached square, the start first, in order of
// increasing cost.
func (r *Reach) Squares() []Square {
	out := make([]Square, len(r.order))
	for i, sq := range r.order {
		out[i] = r.win.square(sq)
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

// Path returns a least-cost path from the start to s, both included, or nil
// when s was not reached.
func (r *Reach) Path(s Square) []Square {
	c, ok := r.Cost(s)
	if !ok {
		return nil
	}
	path := make([]Square, 0, c+1)
	for i := r.win.index(s); i >= 0; i = r.prev[i] {
		path = append(path, r.win.square(i))
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}
