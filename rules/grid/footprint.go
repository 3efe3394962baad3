package grid

// Footprint is the square block a creature occupies: At is its top-left
// square and Side its side in squares (1 for most creatures, 2 or more for
// giants, K-SIZE-3). A zero Side is read as 1.
type Footprint struct {
	At   Square `json:"at"`
	Side int    `json:"side,omitempty"`
}

// Single returns the one-square footprint at s.
func Single(s Square) Footprint { return Footprint{At: s, Side: 1} }

func (f Footprint) side() int { return max(1, f.Side) }

// Squares returns the squares of the footprint, row by row.
func (f Footprint) Squares() []Square {
	k := f.side()
	out := make([]Square, 0, k*k)
	for dy := range k {
		for dx := range k {
			out = append(out, Square{f.At.X + dx, f.At.Y + dy})
		}
	}
	return out
}

// Contains reports whether s is one of the footprint's squares.
func (f Footprint) Contains(s Square) bool {
	k := f.side()
	return s.X >= f.At.X && s.Y >= f.At.Y && s.X < f.At.X+k && s.Y < f.At.Y+k
}

// Moved returns the footprint shifted by the offset d.
func (f Footprint) Moved(d Square) Footprint { return Footprint{At: f.At.Add(d), Side: f.Side} }

// Distance returns the Chebyshev distance between the nearest squares of
// two footprints: 0 when they overlap, 1 when they touch (K-GRID-3).
func Distance(a, b Footprint) int {
	return max(gap(a.At.X, a.side(), b.At.X, b.side()), gap(a.At.Y, a.side(), b.At.Y, b.side()))
}

// gap is the distance along one axis between the intervals [a, a+ka) and
// [b, b+kb).
func gap(a, ka, b, kb int) int {
	switch {
	case b >= a+ka:
		return b - (a + ka - 1)
	case a >= b+kb:
		return a - (b + kb - 1)
	}
	return 0
}

// Touching reports whether two footprints are in melee contact: adjacent
// or sharing a square (K-GRID-3).
func Touching(a, b Footprint) bool { return Distance(a, b) <= 1 }

// OrthogonalRing returns the squares orthogonally adjacent to the
// footprint's edges (not its corners), the squares that can protect its back
// (K-FLANK-7). Squares may lie off the map.
func (f Footprint) OrthogonalRing() []Square {
	k := f.side()
	out := make([]Square, 0, 4*k)
	for i := range k {
		out = append(out,
			Square{f.At.X + i, f.At.Y - 1}, Square{f.At.X + k, f.At.Y + i},
			Square{f.At.X + i, f.At.Y + k}, Square{f.At.X - 1, f.At.Y + i})
	}
	return out
}
