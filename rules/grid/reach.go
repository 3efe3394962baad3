package grid

// Blocked is the cost a Cost function returns for a step that may not be
// taken (an occupied square, a square the mover may not enter).
const Blocked = -1

// Cost returns the cost of one step of a mover's footprint anchor from a
// square to an adjacent one, or Blocked. The board has already checked the
// terrain (CanStep); the cost function adds what only the ruleset knows,
// such as "never through an undefeated enemy" (K-GRID-2) or a 1-2-1
// diagonal option. Costs must be positive.
type Cost func(from, to Square) int

// UnitCost charges 1 for every step, diagonals included (K-GRID-4).
func UnitCost(from, to Square) int { return 1 }

// Reach is the result of a reachability search from one footprint anchor:
// the least cost to every square reached within the budget, and a shortest
// path to each.
type Reach struct {
	board *Board
	start Square
	cost  []int32 // least cost per square index, −1 when not reached
	prev  []int32 // predecessor on a least-cost path, −1 at the start
	order []int32 // square indices in the order they were settled
}

// Reach runs Dijkstra's algorithm from the footprint f with the given
// budget: a square is reached when a path of legal steps (CanStep) whose
// costs add up to at most budget leads to it. Squares are footprint anchors
// (top-left squares). Ties are broken by the order of Directions, so the
// result is deterministic.
func (b *Board) Reach(f Footprint, budget int, cost Cost) *Reach {
	n := len(b.wall)
	r := &Reach{board: b, start: f.At, cost: make([]int32, n), prev: make([]int32, n)}
	for i := range r.cost {
		r.cost[i] = -1
	}
	if !b.Open(f) || budget < 0 {
		return r
	}
	s := int32(b.Index(f.At))
	r.cost[s], r.prev[s] = 0, -1
	var q queue
	q.push(item{0, s})
	done := make([]bool, n)
	for q.len() > 0 {
		it := q.pop()
		if done[it.sq] || it.cost != r.cost[it.sq] {
			continue
		}
		done[it.sq] = true
		r.order = append(r.order, it.sq)
		from := b.Square(int(it.sq))
		ff := Footprint{At: from, Side: f.Side}
		for _, d := range Directions {
			to := from.Add(d)
			if !b.CanStep(ff, d) {
				continue
			}
			c := cost(from, to)
			if c < 0 {
				continue
			}
			nc := it.cost + int32(c)
			if nc > int32(budget) {
				continue
			}
			ti := int32(b.Index(to))
			if r.cost[ti] < 0 || nc < r.cost[ti] {
				r.cost[ti], r.prev[ti] = nc, it.sq
				q.push(item{nc, ti})
			}
		}
	}
	return r
}

// Start returns the anchor the search started from.
func (r *Reach) Start() Square { return r.start }

// Cost returns the least cost to reach s and whether s was reached.
func (r *Reach) Cost(s Square) (int, bool) {
	if !r.board.In(s) {
		return 0, false
	}
	c := r.cost[r.board.Index(s)]
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
		out[i] = r.board.Square(int(sq))
	}
	return out
}

// Prev returns the square before s on the least-cost path to s; ok is false
// at the start and for squares not reached.
func (r *Reach) Prev(s Square) (Square, bool) {
	if _, ok := r.Cost(s); !ok {
		return Square{}, false
	}
	p := r.prev[r.board.Index(s)]
	if p < 0 {
		return Square{}, false
	}
	return r.board.Square(int(p)), true
}

// Path returns a least-cost path from the start to s, both included, or nil
// when s was not reached.
func (r *Reach) Path(s Square) []Square {
	c, ok := r.Cost(s)
	if !ok {
		return nil
	}
	path := make([]Square, 0, c+1)
	for i := int32(r.board.Index(s)); i >= 0; i = r.prev[i] {
		path = append(path, r.board.Square(int(i)))
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// item is a queue entry: a square index with its tentative cost.
type item struct {
	cost int32
	sq   int32
}

// queue is a binary min-heap of items ordered by cost, then square index.
type queue []item

func (q *queue) len() int { return len(*q) }

func less(a, b item) bool { return a.cost < b.cost || (a.cost == b.cost && a.sq < b.sq) }

func (q *queue) push(it item) {
	*q = append(*q, it)
	h := *q
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !less(h[i], h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (q *queue) pop() item {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(h) && less(h[l], h[m]) {
			m = l
		}
		if l+1 < len(h) && less(h[l+1], h[m]) {
			m = l + 1
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*q = h
	return top
}
