// Package grid models the battlemap: 2.5 m squares addressed by column and
// row, walls, creature footprints, distance, neighbours and reachability.
// It knows geometry only; what a square costs or who may enter it is
// supplied by the caller (the ruleset).
package grid

// SquareMetres is the side of one map square (K-GRID-1).
const SquareMetres = 2.5

// Square is one map square: X is the column (0 at the left), Y the row
// (0 at the top).
type Square struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Add returns s moved by the offset d.
func (s Square) Add(d Square) Square { return Square{s.X + d.X, s.Y + d.Y} }

// Map is a rectangular battlemap of W × H squares with impassable squares
// (walls). The edge of the map is not a wall (D-9 of the Kaldaria spec).
type Map struct {
	W     int      `json:"w"`
	H     int      `json:"h"`
	Walls []Square `json:"walls,omitempty"`
}

// In reports whether s lies on the map.
func (m Map) In(s Square) bool { return s.X >= 0 && s.Y >= 0 && s.X < m.W && s.Y < m.H }
