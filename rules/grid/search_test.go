package grid

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// searchCase is a random map with walls and a random cost per step (0 to
// 3 when zero is set, else 1 to 3), fixed by the seed.
type searchCase struct {
	m     Map
	wall  map[Square]bool
	seed  uint64
	zero  bool
	start Square
}

func (c searchCase) cost(from, to Square) int {
	h := (uint64(from.X*131+from.Y*17+to.X*7+to.Y) + c.seed) * 0x9e3779b97f4a7c15
	if c.zero {
		return int(h >> 62)
	}
	return 1 + int(h>>62)%3
}

func (c searchCase) open(s Square) bool { return c.m.In(s) && !c.wall[s] }

// reached is a square a test search reached: its key and the square it is
// entered from (the start's is the start).
type reached struct {
	Key  int
	Prev Square
}

// search runs Board.Search on the case's map, corners cut and ties in row
// order, and returns every square reached.
func (c searchCase) search(t *testing.T, step StepFunc) map[Square]reached {
	t.Helper()
	return c.searchTies(t, RowOrder, step)
}

// board is the case's map with its walls.
func (c searchCase) board(t *testing.T) *Board {
	t.Helper()
	m := c.m
	for w := range c.wall {
		m.Walls = append(m.Walls, w)
	}
	b, err := NewBoard(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// searchTies is search with the tie-break order ties.
func (c searchCase) searchTies(t *testing.T, ties Ties, step StepFunc) map[Square]reached {
	t.Helper()
	r := c.board(t).Search(Options{From: Single(c.start), Step: step, Radius: -1, Corners: Cutting, Ties: ties})
	out := map[Square]reached{}
	for _, s := range r.Squares() {
		k, _ := r.Cost(s)
		p, ok := r.Prev(s)
		if !ok {
			p = s
		}
		out[s] = reached{k, p}
	}
	return out
}

// bruteSearch computes the least cost of every square within budget by
// relaxing every step until nothing changes.
func bruteSearch(c searchCase, budget int) map[Square]int {
	dist := map[Square]int{c.start: 0}
	for changed := true; changed; {
		changed = false
		for s, d := range dist {
			for dx := -1; dx <= 1; dx++ {
				for dy := -1; dy <= 1; dy++ {
					t := Square{s.X + dx, s.Y + dy}
					if t == s || !c.open(t) {
						continue
					}
					nd := d + c.cost(s, t)
					if old, ok := dist[t]; nd <= budget && (!ok || nd < old) {
						dist[t], changed = nd, true
					}
				}
			}
		}
	}
	return dist
}

// randomCase draws a map of 3 to 2+sides squares a side, about a sixth of
// it walls, a start and a budget of 0 to 11, with zero costs when zero is
// set.
func randomCase(rng *rand.Rand, sides int, zero bool) (searchCase, int) {
	c := searchCase{m: Map{W: 3 + rng.IntN(sides), H: 3 + rng.IntN(sides)}, wall: map[Square]bool{}, seed: rng.Uint64(), zero: zero}
	for range rng.IntN(c.m.W * c.m.H / 3) {
		c.wall[Square{rng.IntN(c.m.W), rng.IntN(c.m.H)}] = true
	}
	c.start = Square{rng.IntN(c.m.W), rng.IntN(c.m.H)}
	delete(c.wall, c.start)
	return c, rng.IntN(12)
}

// TestSearchMatchesBruteForce checks Search's least costs against
// relaxation on random maps, zero costs included, and its way to every
// square: entered from a square whose key plus the step's cost is the
// square's, and, with positive costs, from the first such square in key
// then row order.
func TestSearchMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	for n := range 200 {
		c, budget := randomCase(rng, 10, n%2 == 0)
		got := c.search(t, func(from, to Square, at int) (int, bool) {
			nc := at + c.cost(from, to)
			return nc, nc <= budget
		})
		want := bruteSearch(c, budget)
		if len(got) != len(want) {
			t.Fatalf("case %d: %d squares reached, want %d", n, len(got), len(want))
		}
		for s, r := range got {
			if want[s] != r.Key {
				t.Fatalf("case %d: %v costs %d, want %d", n, s, r.Key, want[s])
			}
			if s == c.start {
				if r.Prev != s {
					t.Fatalf("case %d: the start is entered from %v", n, r.Prev)
				}
				continue
			}
			if p, ok := got[r.Prev]; !ok || Chebyshev(r.Prev, s) != 1 || p.Key+c.cost(r.Prev, s) != r.Key {
				t.Fatalf("case %d: %v entered from %v, not on a least-cost way", n, s, r.Prev)
			}
			if c.zero {
				continue
			}
			for _, d := range Directions {
				q := s.Add(d)
				p, ok := got[q]
				if !ok || p.Key+c.cost(q, s) != r.Key {
					continue
				}
				if pk := got[r.Prev].Key; p.Key < pk || p.Key == pk && Compare(q, r.Prev) < 0 {
					t.Fatalf("case %d: %v entered from %v, but %v comes first", n, s, r.Prev, q)
				}
			}
		}
	}
}

// TestSearchOrdersPairs checks a search on a pair packed into one key,
// risk first, without a budget: the way it keeps to every square has the
// fewest risky steps there can be, then the least cost among those.
func TestSearchOrdersPairs(t *testing.T) {
	type key struct{ risk, cost int }
	const shift = 1 << 20
	less := func(a, b key) bool {
		if a.risk != b.risk {
			return a.risk < b.risk
		}
		return a.cost < b.cost
	}
	rng := rand.New(rand.NewPCG(56, 78))
	for n := range 100 {
		c := searchCase{m: Map{W: 3 + rng.IntN(4), H: 3 + rng.IntN(4)}, wall: map[Square]bool{}, seed: rng.Uint64()}
		c.start = Square{rng.IntN(c.m.W), rng.IntN(c.m.H)}
		risky := func(to Square) int { return int((uint64(to.X*7+to.Y*3)+c.seed)%3) / 2 }
		packed := c.search(t, func(from, to Square, at int) (int, bool) {
			return at + risky(to)*shift + c.cost(from, to), true
		})
		got := map[Square]struct{ Key key }{}
		for s, r := range packed {
			got[s] = struct{ Key key }{key{r.Key / shift, r.Key % shift}}
		}
		// Brute force: the least cost for every (square, risk), risk
		// bounded by the longest straight way (the fewest is never more).
		budget := 3 * c.m.W * c.m.H
		type state struct {
			s    Square
			risk int
		}
		dist := map[state]int{{c.start, 0}: 0}
		for changed := true; changed; {
			changed = false
			for st, d := range dist {
				for _, dir := range Directions {
					t2 := st.s.Add(dir)
					if !c.m.In(t2) {
						continue
					}
					ns, nd := state{t2, st.risk + risky(t2)}, d+c.cost(st.s, t2)
					if old, ok := dist[ns]; nd <= budget && ns.risk <= c.m.W+c.m.H && (!ok || nd < old) {
						dist[ns], changed = nd, true
					}
				}
			}
		}
		for st, d := range dist {
			r, ok := got[st.s]
			if !ok || less(key{st.risk, d}, r.Key) {
				t.Fatalf("case %d: %v kept %+v, but risk %d at cost %d is possible", n, st.s, r.Key, st.risk, d)
			}
		}
		for s, r := range got {
			if d, ok := dist[state{s, r.Key.risk}]; !ok || d != r.Key.cost {
				t.Fatalf("case %d: %v kept %+v, which no way achieves", n, s, r.Key)
			}
		}
	}
}

// TestFirstQueuedMatchesQueueOrder checks FirstQueued ties against a plain
// reference: a list of found ways, the one of least key, then found first,
// settled next, each square keeping the first way found to it unless a
// later one is strictly better; zero costs included.
func TestFirstQueuedMatchesQueueOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(90, 12))
	for n := range 200 {
		c, budget := randomCase(rng, 9, n%2 == 0)
		got := c.searchTies(t, FirstQueued, func(from, to Square, at int) (int, bool) {
			nc := at + c.cost(from, to)
			return nc, nc <= budget
		})
		type way struct {
			key     int
			at, pre Square
		}
		want := map[Square]reached{c.start: {0, c.start}}
		list := []way{{0, c.start, c.start}}
		done := map[Square]bool{}
		for len(list) > 0 {
			k := 0
			for i, w := range list {
				if w.key < list[k].key {
					k = i
				}
			}
			w := list[k]
			list = append(list[:k], list[k+1:]...)
			if done[w.at] || want[w.at].Key < w.key {
				continue
			}
			done[w.at] = true
			for _, d := range Directions {
				to := w.at.Add(d)
				nc := w.key + c.cost(w.at, to)
				if !c.open(to) || nc > budget {
					continue
				}
				if old, seen := want[to]; seen && nc >= old.Key {
					continue
				}
				want[to] = reached{nc, w.at}
				list = append(list, way{nc, to, w.at})
			}
		}
		if len(got) != len(want) {
			t.Fatalf("case %d: %d squares reached, want %d", n, len(got), len(want))
		}
		for s, r := range want {
			if got[s] != r {
				t.Fatalf("case %d: %v reached as %+v, want %+v", n, s, got[s], r)
			}
		}
	}
}

// place is a square with a tag, as a tagged search reaches it.
type place struct {
	At  Square
	Tag uint64
}

// columnTag is the tag of the test's tagged searches: the set of columns,
// modulo 4, a way has entered.
func columnTag(from, to Square, tag uint64) uint64 { return tag | 1<<(to.X%4) }

// TestTaggedSearchMatchesBruteForce checks a tagged Search against
// relaxation over (square, tag) pairs on random maps: the same pairs at
// the same least keys, each way made of legal steps whose tags and costs
// add up to its own, and MaxWays stopping a search that finds more pairs.
func TestTaggedSearchMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(56, 78))
	for n := range 200 {
		c, budget := randomCase(rng, 8, false)
		b := c.board(t)
		m := b.Map()
		want := map[place]int{{c.start, 0}: 0}
		for changed := true; changed; {
			changed = false
			for p, d := range want {
				for _, dir := range Directions {
					to := p.At.Add(dir)
					if !c.open(to) {
						continue
					}
					q, nd := place{to, columnTag(p.At, to, p.Tag)}, d+c.cost(p.At, to)
					if old, ok := want[q]; nd <= budget && (!ok || nd < old) {
						want[q], changed = nd, true
					}
				}
			}
		}
		o := Options{From: Single(c.start), Radius: -1, Corners: Cutting, Tag: columnTag, Cost: c.cost, Budget: budget}
		r := b.Search(o)
		got := 0
		for y := range m.H {
			for x := range m.W {
				for _, w := range r.Ways(Square{x, y}) {
					got++
					if k, ok := want[place{w.At, w.Tag}]; !ok || k != w.Key {
						t.Fatalf("case %d: way to %v tag %b key %d, want key %d (found %v)", n, w.At, w.Tag, w.Key, k, ok)
					}
					path := r.WayPath(w)
					tag, key := uint64(0), 0
					for i := 1; i < len(path); i++ {
						if Chebyshev(path[i-1], path[i]) != 1 || !c.open(path[i]) {
							t.Fatalf("case %d: way %v has an illegal step", n, path)
						}
						tag, key = columnTag(path[i-1], path[i], tag), key+c.cost(path[i-1], path[i])
					}
					if path[0] != c.start || path[len(path)-1] != w.At || tag != w.Tag || key != w.Key {
						t.Fatalf("case %d: way %v adds up to tag %b key %d, not %b %d", n, path, tag, key, w.Tag, w.Key)
					}
				}
			}
		}
		if got != len(want) || r.Overflowed() {
			t.Fatalf("case %d: %d ways (overflowed %v), want %d", n, got, r.Overflowed(), len(want))
		}
		if _, ok := r.Cost(c.start); ok {
			t.Fatalf("case %d: Cost reads a tagged search", n)
		}
		o.MaxWays = len(want)
		if b.Search(o).Overflowed() {
			t.Fatalf("case %d: overflowed at MaxWays %d with %d ways", n, o.MaxWays, len(want))
		}
		if o.MaxWays = len(want) - 1; o.MaxWays > 0 && !b.Search(o).Overflowed() {
			t.Fatalf("case %d: not overflowed at MaxWays %d with %d ways", n, o.MaxWays, len(want))
		}
	}
}

// TestGoalsMatchFullSearch checks that a search stopping at its goals
// gives each goal the key and the way the full search gives it, on random
// maps, costs and goals, in both tie-break orders and both corner rules.
func TestGoalsMatchFullSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 400 {
		c, budget := randomCase(rng, 9, rng.IntN(2) == 0)
		b := c.board(t)
		o := Options{From: Single(c.start), Cost: c.cost, Budget: budget, Radius: -1, Ties: Ties(rng.IntN(2)), Corners: Corners(rng.IntN(2))}
		full := b.Search(o)
		for range rng.IntN(6) {
			o.Goals = append(o.Goals, Square{rng.IntN(c.m.W+2) - 1, rng.IntN(c.m.H+2) - 1})
		}
		got := b.Search(o)
		for _, g := range o.Goals {
			wk, wok := full.Cost(g)
			gk, gok := got.Cost(g)
			if wok != gok || wk != gk || !slices.Equal(full.Path(g), got.Path(g)) {
				t.Fatalf("%+v: goal %v: key %d %v, path %v; want %d %v, %v", o, g, gk, gok, got.Path(g), wk, wok, full.Path(g))
			}
		}
	}
}
