package tactics

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"battlemat/rules/grid"
)

// benchBattle is a 60 × 60 map with scattered walls and wall runs and 100
// humans, 50 a side, with creature "sel" (very fast, Dexterity 20: 7
// squares, 14 charging) in the middle beside three enemies.
func benchBattle(tb testing.TB) *Battle {
	rng := rand.New(rand.NewPCG(60, 100))
	m := grid.Map{W: 60, H: 60}
	wall := map[grid.Square]bool{}
	for range 300 {
		wall[grid.Square{X: rng.IntN(60), Y: rng.IntN(60)}] = true
	}
	for range 12 { // wall runs
		s, horizontal := grid.Square{X: rng.IntN(50), Y: rng.IntN(50)}, rng.IntN(2) == 0
		for k := range 10 {
			if horizontal {
				wall[grid.Square{X: s.X + k, Y: s.Y}] = true
			} else {
				wall[grid.Square{X: s.X, Y: s.Y + k}] = true
			}
		}
	}
	centre := []grid.Square{{X: 30, Y: 30}, {X: 31, Y: 30}, {X: 29, Y: 31}, {X: 30, Y: 29}}
	for _, s := range centre {
		delete(wall, s)
	}
	for s := range wall {
		m.Walls = append(m.Walls, s)
	}
	taken := map[grid.Square]bool{}
	var cs []Creature
	add := func(id, side string, at grid.Square) {
		taken[at] = true
		cs = append(cs, Creature{ID: id, Side: side, At: at, Size: grid.SizeHuman, Speed: SpeedNormal, Dex: 12, Fitness: 14, Initiative: len(cs)})
	}
	add("sel", "A", centre[0])
	for k, s := range centre[1:] {
		add("near"+strconv.Itoa(k), "B", s)
	}
	for len(cs) < 100 {
		s := grid.Square{X: rng.IntN(60), Y: rng.IntN(60)}
		if wall[s] || taken[s] {
			continue
		}
		add("c"+strconv.Itoa(len(cs)), []string{"A", "B"}[len(cs)%2], s)
	}
	cs[0].Speed, cs[0].Dex = SpeedVeryFast, 20
	b, err := NewBattle(m, cs)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// BenchmarkHighlight measures the selection query of the issue: reachable
// squares for normal move, charge and fighting retreat (with the OA count
// of each engine path), the squares every enemy threatens, the tier
// against each adjacent enemy, and the full OA plans of the paths to three
// chosen destinations.
func BenchmarkHighlight(b *testing.B) {
	bt := benchBattle(b)
	h, err := bt.Highlight("sel")
	if err != nil {
		b.Fatal(err)
	}
	charge := h.Moves[1].Dests
	chosen := []grid.Square{charge[len(charge)-1].At, charge[len(charge)/2].At, charge[0].At}
	b.ReportMetric(float64(len(charge)), "charge-squares")
	b.ReportMetric(float64(len(h.Tiers)), "tiers")
	b.ResetTimer()
	for b.Loop() {
		if _, err := bt.Highlight("sel"); err != nil {
			b.Fatal(err)
		}
		for _, to := range chosen {
			if _, err := bt.Path("sel", Move{Mode: Charge}, to); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkNewBattle measures building the battle (lookups, engagement
// state) for the same 60 × 60 map with 100 creatures.
func BenchmarkNewBattle(b *testing.B) {
	bt := benchBattle(b)
	m, cs := bt.board.Map(), stored(bt)
	for b.Loop() {
		if _, err := NewBattle(m, cs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSafestPath measures the fewest-OA path search for the selected
// creature of benchBattle, charging to the farthest square it can reach.
func BenchmarkSafestPath(b *testing.B) {
	bt := benchBattle(b)
	r, err := bt.Reachable("sel", Move{Mode: Charge})
	if err != nil {
		b.Fatal(err)
	}
	to := r.Dests[len(r.Dests)-1].At
	for b.Loop() {
		if _, err := bt.SafestPath("sel", Move{Mode: Charge}, to, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWith measures deriving the battle with one creature of
// benchBattle moved a square, as a move's every step does.
func BenchmarkWith(b *testing.B) {
	bt := benchBattle(b)
	c, _ := bt.Creature("c7")
	to := c.At
	for _, d := range grid.Directions {
		if w, err := bt.With("c7", c.At.Add(d)); err == nil && w != nil {
			to = c.At.Add(d)
			break
		}
	}
	for b.Loop() {
		if _, err := bt.With("c7", to); err != nil {
			b.Fatal(err)
		}
	}
}
