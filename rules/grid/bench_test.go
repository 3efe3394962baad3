package grid

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkReach measures one search on a 60 × 60 map with 15 % walls and a
// budget of 14 squares (a very fast charger), unit costs.
func BenchmarkReach(b *testing.B) {
	rng := rand.New(rand.NewPCG(60, 14))
	m := Map{W: 60, H: 60}
	for y := range m.H {
		for x := range m.W {
			if rng.IntN(100) < 15 && (x != 30 || y != 30) {
				m.Walls = append(m.Walls, Square{x, y})
			}
		}
	}
	board, err := NewBoard(m)
	if err != nil {
		b.Fatal(err)
	}
	start := Single(Square{30, 30})
	b.ReportMetric(float64(len(board.Reach(start, 14, UnitCost).Squares())), "squares")
	for b.Loop() {
		board.Reach(start, 14, UnitCost)
	}
}
