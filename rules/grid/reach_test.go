package grid

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteReach computes least costs by relaxing every step until nothing
// changes, with its own reading of the terrain rules (K-GRID-4): the new
// footprint lies on open squares, and a diagonal step needs one of its two
// orthogonal half-steps open.
func bruteReach(m Map, f Footprint, budget int, cost Cost) map[Square]int {
	wall := map[Square]bool{}
	for _, w := range m.Walls {
		wall[w] = true
	}
	open := func(at Square) bool {
		for _, s := range (Footprint{At: at, Side: f.Side}).Squares() {
			if !m.In(s) || wall[s] {
				return false
			}
		}
		return true
	}
	dist := map[Square]int{}
	if !open(f.At) {
		return dist
	}
	dist[f.At] = 0
	for changed := true; changed; {
		changed = false
		for s, c := range dist {
			for dx := -1; dx <= 1; dx++ {
				for dy := -1; dy <= 1; dy++ {
					t := Square{s.X + dx, s.Y + dy}
					if t == s || !open(t) {
						continue
					}
					if dx != 0 && dy != 0 && !open(Square{s.X + dx, s.Y}) && !open(Square{s.X, s.Y + dy}) {
						continue
					}
					k := cost(s, t)
					if k < 0 || c+k > budget {
						continue
					}
					if old, ok := dist[t]; !ok || c+k < old {
						dist[t] = c + k
						changed = true
					}
				}
			}
		}
	}
	return dist
}

// TestReachMatchesBruteForce compares Dijkstra with exhaustive relaxation on
// seeded random maps, for one-square movers and 2×2 giants, with a cost
// function that varies per step and blocks some squares.
func TestReachMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2026))
	for trial := range 300 {
		m := Map{W: 3 + rng.IntN(8), H: 3 + rng.IntN(8)}
		blocked := map[Square]bool{}
		for y := range m.H {
			for x := range m.W {
				switch rng.IntN(10) {
				case 0, 1:
					m.Walls = append(m.Walls, Square{x, y})
				case 2:
					blocked[Square{x, y}] = true
				}
			}
		}
		side := 1 + rng.IntN(2)
		start := Footprint{At: Square{rng.IntN(m.W), rng.IntN(m.H)}, Side: side}
		budget := rng.IntN(12)
		cost := func(from, to Square) int {
			if blocked[to] {
				return Blocked
			}
			return 1 + (from.X*7+from.Y*3+to.X*5+to.Y)%3
		}
		b, err := NewBoard(m)
		if err != nil {
			t.Fatal(err)
		}
		r := b.Reach(start, budget, cost)
		want := bruteReach(m, start, budget, cost)
		name := fmt.Sprintf("trial %d (side %d, budget %d)\n%s", trial, side, budget, Format(m, Paint('S', start.At)))
		for y := range m.H {
			for x := range m.W {
				s := Square{x, y}
				got, ok := r.Cost(s)
				w, wok := want[s]
				if ok != wok || got != w {
					t.Fatalf("%s: cost to %v = %d,%v; brute force %d,%v", name, s, got, ok, w, wok)
				}
				if !ok {
					continue
				}
				path := r.Path(s)
				if path[0] != start.At || path[len(path)-1] != s {
					t.Fatalf("%s: path to %v = %v", name, s, path)
				}
				sum := 0
				for i := 1; i < len(path); i++ {
					d := Square{path[i].X - path[i-1].X, path[i].Y - path[i-1].Y}
					if !slices.Contains(Directions[:], d) || !b.CanStep(Footprint{At: path[i-1], Side: side}, d) {
						t.Fatalf("%s: illegal step %v→%v", name, path[i-1], path[i])
					}
					sum += cost(path[i-1], path[i])
				}
				if sum != got {
					t.Fatalf("%s: path to %v costs %d, Cost says %d", name, s, sum, got)
				}
			}
		}
		if len(r.Squares()) != len(want) {
			t.Fatalf("%s: %d squares reached, want %d", name, len(r.Squares()), len(want))
		}
	}
}

// TestNoCornerCutting checks K-GRID-4: a diagonal step between two walls is
// refused, a diagonal past a single wall is allowed.
func TestNoCornerCutting(t *testing.T) {
	tests := []struct {
		name, text string
		ok         bool
	}{
		{"between two walls", "A# / #B", false},
		{"past one wall", "A. / #B", true},
		{"open", "A. / .B", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, mk, err := Parse(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := NewBoard(m)
			r := b.Reach(Single(mk['A'][0]), 5, UnitCost)
			c, ok := r.Cost(mk['B'][0])
			if ok != tt.ok || (ok && c != 1) {
				t.Errorf("reach B: cost %d, reached %v; want reached %v at cost 1", c, ok, tt.ok)
			}
		})
	}
}

// TestGiantInCorridor checks that a 2×2 footprint does not fit a corridor
// one square wide but passes a two-square one.
func TestGiantInCorridor(t *testing.T) {
	m, mk, err := Parse(`
		#######
		G.....#
		..#.#.#
		#####.#
		A.....#`)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewBoard(m)
	giant := b.Reach(Footprint{At: mk['G'][0], Side: 2}, 20, UnitCost)
	if _, ok := giant.Cost(Square{4, 1}); ok {
		t.Error("2×2 giant squeezed between walls to (4,1)")
	}
	if c, ok := giant.Cost(Square{0, 1}); !ok || c != 0 {
		t.Errorf("giant start cost %d,%v", c, ok)
	}
	human := b.Reach(Single(mk['A'][0]), 20, UnitCost)
	if c, ok := human.Cost(Square{1, 1}); !ok || c != 10 {
		t.Errorf("human to (1,1): %d,%v, want 10", c, ok)
	}
}

func costLayer(r *Reach) map[Square]rune {
	out := map[Square]rune{}
	for _, s := range r.Squares() {
		c, _ := r.Cost(s)
		out[s] = rune('0' + c)
	}
	return out
}

// Example of a reachability search printed on the map: each reached square
// shows its least cost, diagonals costing 1 (K-GRID-4); no diagonal cuts
// between the two walls beside the start.
func ExampleBoard_Reach() {
	m, mk, _ := Parse(`
		.......
		...#...
		..#A...
		...#...
		.......`)
	b, _ := NewBoard(m)
	r := b.Reach(Single(mk['A'][0]), 3, UnitCost)
	fmt.Print(Format(m, costLayer(r)))
	// Output:
	// ..32223
	// ..3#123
	// ..#0123
	// ..3#123
	// ..32223
}

// Example of a path: the least-cost route around a wall, drawn with '*'.
func ExampleReach_Path() {
	m, mk, _ := Parse(`
		A..#...
		...#.#.
		.#...#B`)
	b, _ := NewBoard(m)
	r := b.Reach(Single(mk['A'][0]), 20, UnitCost)
	path := r.Path(mk['B'][0])
	fmt.Print(Format(m, Layers(Paint('*', path...), Paint('A', mk['A'][0]), Paint('B', mk['B'][0]))))
	fmt.Println(len(path)-1, "steps")
	// Output:
	// A*.#.*.
	// ..*#*#*
	// .#.*.#B
	// 7 steps
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, text string
		want       string // Format of the result, or "error"
	}{
		{"one line", "A.#/..b", "A.#\n..b\n"},
		{"indented", "\n\t\t#.\n\t\t.A\n", "#.\n.A\n"},
		{"ragged", "...\n..", "error"},
		{"empty", " \n ", "error"},
		{"control", "a\x01", "error"},
		{"unicode mark", "é.", "é.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, mk, err := Parse(tt.text)
			got := "error"
			if err == nil {
				got = Format(m, mk.Layer())
			}
			if got != tt.want {
				t.Errorf("Parse(%q) → %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// FuzzParse checks that the map notation never panics, stays within its
// size bounds, and that Parse(Format(Parse(x))) gives the same map.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"A.#/..b", "#####\n#.A.#\n#..b#", "", "//", "é/.", ".\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, mk, err := Parse(text)
		if err != nil {
			return
		}
		if m.W < 1 || m.H < 1 || m.W > MaxSide || m.H > MaxSide {
			t.Fatalf("size %d×%d", m.W, m.H)
		}
		if _, err := NewBoard(m); err != nil {
			t.Fatal(err)
		}
		out := Format(m, mk.Layer())
		if strings.Count(out, "\n") != m.H {
			t.Fatalf("Format wrote %d rows, want %d", strings.Count(out, "\n"), m.H)
		}
		m2, mk2, err := Parse(out)
		if err != nil {
			t.Fatalf("reparse %q: %v", out, err)
		}
		if m2.W != m.W || m2.H != m.H || !slices.Equal(m2.Walls, m.Walls) || len(mk2) != len(mk) {
			t.Fatalf("round trip changed the map: %q → %q", text, out)
		}
		for r, ss := range mk {
			if !slices.Equal(ss, mk2[r]) {
				t.Fatalf("mark %q moved: %v → %v", r, ss, mk2[r])
			}
		}
	})
}

// TestPathToMatchesReach checks that the early-stopping search finds a path
// of the same cost as the full one.
func TestPathToMatchesReach(t *testing.T) {
	m, mk, _ := Parse(`
		A..#....
		.#.#.##.
		.#...#..
		.####.#B`)
	b, _ := NewBoard(m)
	full := b.Reach(Single(mk['A'][0]), 30, UnitCost)
	for _, s := range full.Squares() {
		p := b.PathTo(Single(mk['A'][0]), s, 30, UnitCost)
		c, _ := full.Cost(s)
		if len(p)-1 != c || p[len(p)-1] != s {
			t.Errorf("PathTo %v: %v, want cost %d", s, p, c)
		}
	}
	if b.PathTo(Single(mk['A'][0]), Square{3, 0}, 30, UnitCost) != nil {
		t.Error("path into a wall")
	}
}
