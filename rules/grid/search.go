package grid

// Reached is a square a Search reached: the best key of a way there and
// the square it is entered from (the start's is the start).
type Reached[K any] struct {
	Key  K
	Prev Square
}

// StepFunc says whether a mover whose way so far has key at may step from
// a square to an adjacent one, and the key of the way once it has. It
// holds every rule of the caller: terrain, footprint, corner cutting, the
// cost (which may be 0), the budget.
type StepFunc[K any] func(from, to Square, at K) (next K, ok bool)

// Search is Dijkstra's algorithm over single steps (Directions) from
// start, whose key is zero: it returns every square reached with its best
// key by less, a strict weak order that steps never decrease. Ties are
// broken so the result is deterministic and independent of the order of
// Directions: squares are settled by key, then in row order (Compare), and
// a square keeps the first way found to it unless a later one is strictly
// better. A step function may order ways by cost alone, or by cost then
// risk, or risk then cost. Search keeps one way per square: with a budget
// on a key's later part (risk first, a budget on cost), a square that only
// a worse way reaches within the budget is not reached.
func Search[K any](start Square, zero K, less func(a, b K) bool, step StepFunc[K]) map[Square]Reached[K] {
	best := map[Square]Reached[K]{start: {Key: zero, Prev: start}}
	q := searchQueue[K]{less: less}
	q.push(queued[K]{start, zero})
	for len(q.items) > 0 {
		it := q.pop()
		if less(best[it.at].Key, it.key) {
			continue // stale: the square was reached more cheaply since
		}
		for _, d := range Directions {
			to := it.at.Add(d)
			next, ok := step(it.at, to, it.key)
			if !ok {
				continue
			}
			if old, seen := best[to]; seen && !less(next, old.Key) {
				continue
			}
			best[to] = Reached[K]{Key: next, Prev: it.at}
			q.push(queued[K]{to, next})
		}
	}
	return best
}

// queued is a square waiting in a Search with the key it was reached at.
type queued[K any] struct {
	at  Square
	key K
}

// searchQueue is a binary min-heap of queued squares by key, then in row
// order.
type searchQueue[K any] struct {
	less  func(a, b K) bool
	items []queued[K]
}

func (q *searchQueue[K]) before(i, j int) bool {
	a, b := q.items[i], q.items[j]
	if q.less(a.key, b.key) {
		return true
	}
	if q.less(b.key, a.key) {
		return false
	}
	return Compare(a.at, b.at) < 0
}

func (q *searchQueue[K]) push(it queued[K]) {
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

func (q *searchQueue[K]) pop() queued[K] {
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
	return top
}
