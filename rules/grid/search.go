package grid

import "math/bits"

// Corners is the corner-cutting rule of a search: whether a diagonal step
// may pass between two walls.
type Corners uint8

// The corner-cutting rules.
const (
	// NoCutting lets a diagonal step pass only where at least one of its
	// two orthogonal half-steps is open (K-GRID-4).
	NoCutting Corners = iota
	// Cutting lets a diagonal step pass between two walls: only the square
	// entered counts.
	Cutting
)

// Ties says which of two ways of equal key a search settles first, and so
// which way it keeps to a square they both reach at that key: a square
// keeps the first way found to it unless a later one is strictly better.
type Ties uint8

// The tie-break orders.
const (
	// FirstQueued settles ways of equal key in the order they were found,
	// neighbours in the order of Directions (breadth first). The search
	// then keeps one bucket per key value (Dial's algorithm), which suits
	// small keys such as costs in squares, not packed ones.
	FirstQueued Ties = iota
	// RowOrder settles ways of equal key in row order (Compare), so the
	// result does not depend on the order of Directions.
	RowOrder
)

// StepFunc says whether a mover whose way so far has key at may step from
// a square to an adjacent one, and the key of the way once it has. The
// search has already checked the terrain (the new footprint is on the map
// and open, and the corner rule); the step function holds every rule of
// the caller: who may enter a square, the cost (which may be 0), the
// budget. Keys never decrease along a way. A caller ordering ways by two
// numbers packs them into one key, the first in the high part.
type StepFunc func(from, to Square, at int) (next int, ok bool)

// TagFunc gives the tag of a way after a legal step from a square to an
// adjacent one, from the tag the way had before it. The start's tag is 0.
type TagFunc func(from, to Square, tag uint64) uint64

// Options configure a Search.
type Options struct {
	From Footprint // the mover at its start; the squares reached are its anchors
	// Step holds the caller's rules for one step. Without it a step costs
	// what Cost says (at least 1; Blocked refuses it, nil is UnitCost) and
	// the costs of a way add up to at most Budget.
	Step    StepFunc
	Cost    Cost
	Budget  int
	Radius  int // the search keeps within this many squares of the start; negative: the whole map
	Corners Corners
	Ties    Ties
	Goal    *Square // when set, the search stops once this anchor is settled
	// Goals, when set, makes a search without tags stop once every one of
	// these anchors has been settled: their keys and ways are then final,
	// and the squares settled after the last of them may be left out.
	Goals []Square
	// Tag, when set, makes each (square, tag) pair a place of its own: a
	// square may be reached by several ways, one kept per tag, so a caller
	// can carry what a way has met so far (such as the enemies it has
	// already provoked). Such a search is read with Ways and WayPath.
	Tag TagFunc
	// MaxWays bounds a tagged search: once it has found more (square, tag)
	// pairs than this it stops, and Overflowed reports it. 0: no bound.
	MaxWays int
}

// Search is the one grid search every ruleset's reach, path and safest
// path use: Dijkstra's algorithm over single steps of the footprint
// o.From, whose key is 0 at the start. A square is reached when a way of
// legal steps (the terrain, o.Corners, o.Step) leads to it; its key is the
// least key of such a way, and its way the first found of that key in the
// order o.Ties sets. With o.Tag the same holds of every (square, tag)
// pair. A start that is not open reaches nothing.
func (b *Board) Search(o Options) *Reach {
	f := o.From
	radius := b.m.W + b.m.H
	if o.Radius >= 0 {
		radius = min(o.Radius, radius)
	}
	x0, y0 := max(0, f.At.X-radius), max(0, f.At.Y-radius)
	win := window{x0, y0, min(b.m.W, f.At.X+radius+1) - x0, min(b.m.H, f.At.Y+radius+1) - y0}
	r := &Reach{board: b, start: f.At, win: win}
	if !b.Open(f) {
		return r
	}
	if o.Step == nil && o.Cost == nil {
		o.Cost = UnitCost
	}
	n := win.w * win.h
	s := win.index(f.At)
	start := s
	if o.Tag != nil {
		r.ways = newWays(n, s)
		r.cost, r.prev, start = []int{0}, []int32{-1}, 0
	} else {
		r.cost, r.prev = make([]int, n), make([]int32, n)
		for i := range r.cost {
			r.cost[i] = -1
		}
		r.cost[s], r.prev[s] = 0, -1
	}
	// A one-square mover that may not cut corners, the usual one, has
	// its steps checked without the general footprint's calls.
	single := f.side() == 1 && o.Corners == NoCutting
	q := newQueue(o.Ties, n, radius)
	q.push(queued{0, start})
	r.order = make([]int32, 0, n)
	goals, left := r.goals(o)
	for {
		it, ok := q.pop()
		if !ok {
			break
		}
		if r.cost[it.sq] < it.key {
			continue // stale: the place was reached more cheaply since
		}
		r.order = append(r.order, it.sq)
		from := win.square(r.at(it.sq))
		if o.Goal != nil && from == *o.Goal {
			return r
		}
		if goals != nil && goals[it.sq] {
			if left--; left == 0 {
				return r
			}
		}
		if o.Step == nil && it.key >= o.Budget {
			continue // every step costs at least 1: none fits the budget left
		}
		ff := Footprint{At: from, Side: f.Side}
		for _, d := range Directions {
			to := from.Add(d)
			if !win.in(to) {
				continue
			}
			if single {
				if !b.canStepSingle(from, d) {
					continue
				}
			} else if !b.canStep(ff, d, o.Corners) {
				continue
			}
			var next int
			if o.Step != nil {
				if next, ok = o.Step(from, to, it.key); !ok {
					continue
				}
			} else {
				k := o.Cost(from, to)
				if next = it.key + max(k, 1); k < 0 || next > o.Budget {
					continue
				}
			}
			ti := win.index(to)
			if o.Tag != nil {
				ti = r.ways.place(r, ti, o.Tag(from, to, r.ways.tag[it.sq]))
				if o.MaxWays > 0 && len(r.ways.at) > o.MaxWays {
					r.ways.over = true
					return r
				}
			}
			if old := r.cost[ti]; old >= 0 && next >= old {
				continue
			}
			r.cost[ti], r.prev[ti] = next, it.sq
			q.push(queued{next, ti})
		}
	}
	return r
}

// goals marks, by window index, the anchors of o.Goals within r's window,
// and counts them; nil when o has none or r is tagged.
func (r *Reach) goals(o Options) ([]bool, int) {
	if len(o.Goals) == 0 || o.Tag != nil {
		return nil, 0
	}
	marks, left := make([]bool, len(r.cost)), 0
	for _, g := range o.Goals {
		if i := r.win.index(g); r.win.in(g) && !marks[i] {
			marks[i] = true
			left++
		}
	}
	return marks, left
}

// ways holds the places of a tagged search: a place is a (square, tag)
// pair, numbered in the order found; Reach.cost and Reach.prev are then
// per place. slots is an open-addressed hash table of the places (a slot
// holds its place number plus 1, 0 when empty), at most half full.
type ways struct {
	slots []waySlot
	at    []int32  // per place: its window index
	tag   []uint64 // per place: its tag
	over  bool     // the search stopped at MaxWays
}

// waySlot is one slot of ways.slots.
type waySlot struct {
	tag    uint64
	sq, p1 int32
}

// newWays returns the places of a tagged search of n squares, the start
// (window index s, tag 0) the first.
func newWays(n int, s int32) *ways {
	w := &ways{slots: make([]waySlot, 1<<bits.Len(uint(2*n)))}
	w.add(s, 0)
	return w
}

// place returns the place of window index sq and tag t, adding it to r,
// not yet reached, when it is new.
func (w *ways) place(r *Reach, sq int32, t uint64) int32 {
	mask := uint64(len(w.slots) - 1)
	for h := w.hash(sq, t); ; h = (h + 1) & mask {
		e := &w.slots[h]
		if e.p1 == 0 {
			break
		}
		if e.sq == sq && e.tag == t {
			return e.p1 - 1
		}
	}
	r.cost, r.prev = append(r.cost, -1), append(r.prev, -1)
	return w.add(sq, t)
}

// add numbers a new place and enters it in the table, doubling the table
// when it would be more than half full.
func (w *ways) add(sq int32, t uint64) int32 {
	p := int32(len(w.at))
	w.at, w.tag = append(w.at, sq), append(w.tag, t)
	if 2*len(w.at) > len(w.slots) {
		w.slots = make([]waySlot, 2*len(w.slots))
		for q := range w.at {
			w.enter(int32(q))
		}
	} else {
		w.enter(p)
	}
	return p
}

// enter puts place p in the first free slot of its probe sequence.
func (w *ways) enter(p int32) {
	mask := uint64(len(w.slots) - 1)
	sq, t := w.at[p], w.tag[p]
	h := w.hash(sq, t)
	for w.slots[h].p1 != 0 {
		h = (h + 1) & mask
	}
	w.slots[h] = waySlot{t, sq, p + 1}
}

// hash is the first slot of the probe sequence of (sq, t).
func (w *ways) hash(sq int32, t uint64) uint64 {
	h := (t ^ uint64(sq)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	return (h ^ h>>31) & uint64(len(w.slots)-1)
}

// canStep is CanStep under the corner rule c.
func (b *Board) canStep(f Footprint, d Square, c Corners) bool {
	if c == Cutting {
		return b.Open(f.Moved(d))
	}
	return b.CanStep(f, d)
}

// queued is a place waiting in a Search: its window index (its place
// number, in a tagged search) and the key it was reached at.
type queued struct {
	key int
	sq  int32
}

// queue is a Search's priority queue: it pops the least key first, ties in
// the order of the search's Ties, by buckets or by a heap.
type queue struct {
	b *buckets
	h *heap
}

// newQueue returns the queue of ties for a search of n squares within
// radius squares of the start.
func newQueue(ties Ties, n, radius int) queue {
	if ties == FirstQueued {
		return queue{b: &buckets{last: -1, entries: make([]bucketEntry, 0, n), ends: make([]bucketEnds, 0, radius+2)}}
	}
	return queue{h: &heap{items: make([]queued, 0, n)}}
}

func (q queue) push(it queued) {
	if q.b != nil {
		q.b.push(it)
	} else {
		q.h.push(it)
	}
}

func (q queue) pop() (queued, bool) {
	if q.b != nil {
		return q.b.pop()
	}
	return q.h.pop()
}

// buckets is the queue of FirstQueued ties: one list per key, each read in
// the order it was filled. The lists are threaded through one slice of
// entries, each appended at its list's tail. Keys pushed are never below
// the key being read, so a list once passed stays empty.
type buckets struct {
	ends    []bucketEnds // per key
	entries []bucketEntry
	at      int   // the key being read
	last    int32 // the entry of key at read last, −1 before its first
}

// bucketEnds are the first and last entry of a key's list, −1 when empty.
type bucketEnds struct{ head, tail int32 }

// bucketEntry is one queued square and the entry after it in its list.
type bucketEntry struct {
	sq, next int32
}

func (q *buckets) push(it queued) {
	for len(q.ends) <= it.key {
		q.ends = append(q.ends, bucketEnds{-1, -1})
	}
	q.entries = append(q.entries, bucketEntry{it.sq, -1})
	i := int32(len(q.entries) - 1)
	end := &q.ends[it.key]
	if end.tail < 0 {
		end.head = i
	} else {
		q.entries[end.tail].next = i
	}
	end.tail = i
}

func (q *buckets) pop() (queued, bool) {
	for q.at < len(q.ends) {
		e := q.ends[q.at].head
		if q.last >= 0 {
			e = q.entries[q.last].next
		}
		if e >= 0 {
			q.last = e
			return queued{q.at, q.entries[e].sq}, true
		}
		q.at, q.last = q.at+1, -1
	}
	return queued{}, false
}

// heap is the queue of RowOrder ties: a binary min-heap by key, then
// window index (row order).
type heap struct{ items []queued }

func (q *heap) before(i, j int) bool {
	a, b := q.items[i], q.items[j]
	return a.key < b.key || a.key == b.key && a.sq < b.sq
}

func (q *heap) push(it queued) {
	q.items = append(q.items, it)
	for i := len(q.items) - 1; i > 0; {
		p := (i - 1) / 2
		if !q.before(i, p) {
			break
		}
		q.items[i], q.items[p] = q.items[p], q.items[i]
		i = p
	}
}

func (q *heap) pop() (queued, bool) {
	if len(q.items) == 0 {
		return queued{}, false
	}
	top := q.items[0]
	n := len(q.items) - 1
	q.items[0] = q.items[n]
	q.items = q.items[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && q.before(l, m) {
			m = l
		}
		if r < n && q.before(r, m) {
			m = r
		}
		if m == i {
			break
		}
		q.items[i], q.items[m] = q.items[m], q.items[i]
		i = m
	}
	return top, true
}
