package grid

import "fmt"

// MaxSide is the largest map width or height a Board accepts.
const MaxSide = 1000

// Board is a Map prepared for fast queries: a wall lookup by square index.
// It is immutable once built and safe for concurrent readers.
type Board struct {
	m    Map
	wall []bool
}

// NewBoard validates m and builds its wall lookup. Walls off the map are an
// error; duplicate walls are harmless.
func NewBoard(m Map) (*Board, error) {
	if m.W < 1 || m.H < 1 || m.W > MaxSide || m.H > MaxSide {
		return nil, fmt.Errorf("grid: map size %d×%d outside 1…%d", m.W, m.H, MaxSide)
	}
	b := &Board{m: m, wall: make([]bool, m.W*m.H)}
	for _, w := range m.Walls {
		if !m.In(w) {
			return nil, fmt.Errorf("grid: wall (%d,%d) off the %d×%d map", w.X, w.Y, m.W, m.H)
		}
		b.wall[b.Index(w)] = true
	}
	return b, nil
}

// Map returns the map the board was built from.
func (b *Board) Map() Map { return b.m }

// Len returns the number of squares, the bound of Index.
func (b *Board) Len() int { return len(b.wall) }

// Index returns the row-major index of a square on the map.
func (b *Board) Index(s Square) int { return s.Y*b.m.W + s.X }

// Square returns the square with row-major index i.
func (b *Board) Square(i int) Square { return Square{i % b.m.W, i / b.m.W} }

// In reports whether s lies on the map.
func (b *Board) In(s Square) bool { return b.m.In(s) }

// Wall reports whether s is an impassable square. Squares off the map are
// not walls (D-9); use Open to ask whether a creature may stand somewhere.
func (b *Board) Wall(s Square) bool { return b.m.In(s) && b.wall[b.Index(s)] }

// Open reports whether every square of f is on the map and not a wall.
func (b *Board) Open(f Footprint) bool {
	k := f.side()
	if !b.m.In(f.At) || !b.m.In(Square{f.At.X + k - 1, f.At.Y + k - 1}) {
		return false
	}
	for y := f.At.Y; y < f.At.Y+k; y++ {
		row := y * b.m.W
		for x := f.At.X; x < f.At.X+k; x++ {
			if b.wall[row+x] {
				return false
			}
		}
	}
	return true
}

// CanStep reports whether a creature with footprint f may take one step by
// the offset d (one of Directions) as far as the terrain goes: the new
// footprint is open and a diagonal step does not cut between two walls, that
// is, at least one of the two orthogonal half-steps is open (K-GRID-4).
func (b *Board) CanStep(f Footprint, d Square) bool {
	if f.side() == 1 {
		return b.canStepSingle(f.At, d)
	}
	if !b.Open(f.Moved(d)) {
		return false
	}
	if !d.Diagonal() {
		return true
	}
	return b.Open(f.Moved(Square{d.X, 0})) || b.Open(f.Moved(Square{0, d.Y}))
}

// canStepSingle is CanStep for a one-square footprint.
func (b *Board) canStepSingle(s, d Square) bool {
	t := s.Add(d)
	if !b.m.In(t) || b.wall[t.Y*b.m.W+t.X] {
		return false
	}
	return !d.Diagonal() || !b.wall[s.Y*b.m.W+t.X] || !b.wall[t.Y*b.m.W+s.X]
}
