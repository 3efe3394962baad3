// Package grid models the battlemap: squares addressed by column and row
// (each ruleset says how long a square is), walls, creature footprints,
// distance, neighbours and reachability. It knows geometry only; what a
// step costs or who may enter a square is supplied by the caller (the
// ruleset).
package grid

import (
	"fmt"
	"strconv"
)

// Square is one map square: X is the column (0 at the left), Y the row
// (0 at the top).
type Square struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Name names the square as on a physical mat: its column letter and its
// row number from 1, e.g. "C7" (column 2, row 6).
func (s Square) Name() string { return ColumnName(s.X) + strconv.Itoa(s.Y+1) }

// ColumnName labels column c as on a physical mat: A…Z, then AA, AB, …
func ColumnName(c int) string {
	name := ""
	for c >= 0 {
		name = string(rune('A'+c%26)) + name
		c = c/26 - 1
	}
	return name
}

// Add returns s moved by the offset d.
func (s Square) Add(d Square) Square { return Square{s.X + d.X, s.Y + d.Y} }

// Directions are the offsets to the eight neighbours of a square, the four
// orthogonal ones first (K-GRID-3, K-GRID-4).
var Directions = [8]Square{
	{0, -1}, {1, 0}, {0, 1}, {-1, 0},
	{1, -1}, {1, 1}, {-1, 1}, {-1, -1},
}

// Diagonal reports whether the offset d moves along both axes.
func (d Square) Diagonal() bool { return d.X != 0 && d.Y != 0 }

// Chebyshev returns the Chebyshev distance between two squares: the number
// of 8-neighbour steps between them on an empty map (K-GRID-3).
func Chebyshev(a, b Square) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

// Adjacent reports whether two distinct squares share an edge or a corner
// (K-GRID-3).
func Adjacent(a, b Square) bool { return Chebyshev(a, b) == 1 }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Map is a rectangular battlemap of W × H squares with impassable squares
// (walls). The edge of the map is not a wall (D-9 of the Kaldaria spec).
type Map struct {
	W     int      `json:"w"`
	H     int      `json:"h"`
	Walls []Square `json:"walls,omitempty"`
}

// In reports whether s lies on the map.
func (m Map) In(s Square) bool { return s.X >= 0 && s.Y >= 0 && s.X < m.W && s.Y < m.H }

// Compare orders squares by row, then column (reading order on the mat):
// negative when a comes first, zero when equal. It is the order walls are
// kept in and highlights are listed in.
func Compare(a, b Square) int {
	if a.Y != b.Y {
		return a.Y - b.Y
	}
	return a.X - b.X
}

// ParseName reads a square's name as Name writes it, e.g. "C7" or "aa12":
// one to three column letters in either case, then a row number from 1
// with at most four digits, without spaces or signs.
func ParseName(name string) (Square, error) {
	letters := 0
	for letters < len(name) && letters < 4 && isLetter(name[letters]) {
		letters++
	}
	digits := name[letters:]
	if letters == 0 || letters > 3 || digits == "" || len(digits) > 4 || digits[0] == '0' {
		return Square{}, fmt.Errorf("grid: %q is not a square's name", name)
	}
	row := 0
	for _, d := range []byte(digits) {
		if d < '0' || d > '9' {
			return Square{}, fmt.Errorf("grid: %q is not a square's name", name)
		}
		row = 10*row + int(d-'0')
	}
	col := 0
	for _, c := range []byte(name[:letters]) {
		col = 26*col + int(c|0x20-'a') + 1
	}
	return Square{X: col - 1, Y: row - 1}, nil
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
