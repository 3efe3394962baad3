package grid

import (
	"fmt"
	"strings"
	"unicode"
)

// The map notation: one character per square, one line per row (rows may
// also be separated by '/', so a map fits on one line). '.' is an open
// square, '#' a wall, and any other printable character is a mark on an
// open square (a creature, a target) that the caller interprets. Spaces at
// the ends of lines and blank lines are ignored. For example:
//
//	#####
//	#.A.#
//	#..b#
const (
	OpenRune = '.'
	WallRune = '#'
)

// Marks holds the squares of each mark character of a parsed map, in row
// order.
type Marks map[rune][]Square

// Parse reads a map in the notation above. Every row must have the same
// length, and the map at most MaxSide squares a side.
func Parse(text string) (Map, Marks, error) {
	var rows [][]rune
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '/' }) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		rows = append(rows, []rune(line))
		if len(rows) > MaxSide {
			return Map{}, nil, fmt.Errorf("grid: more than %d rows", MaxSide)
		}
	}
	if len(rows) == 0 {
		return Map{}, nil, fmt.Errorf("grid: empty map")
	}
	m := Map{W: len(rows[0]), H: len(rows)}
	if m.W > MaxSide {
		return Map{}, nil, fmt.Errorf("grid: row wider than %d", MaxSide)
	}
	marks := Marks{}
	for y, row := range rows {
		if len(row) != m.W {
			return Map{}, nil, fmt.Errorf("grid: row %d has %d squares, want %d", y, len(row), m.W)
		}
		for x, r := range row {
			s := Square{x, y}
			switch {
			case r == OpenRune:
			case r == WallRune:
				m.Walls = append(m.Walls, s)
			case unicode.IsPrint(r) && !unicode.IsSpace(r):
				marks[r] = append(marks[r], s)
			default:
				return Map{}, nil, fmt.Errorf("grid: row %d: unexpected %q", y, r)
			}
		}
	}
	return m, marks, nil
}

// Format writes m in the notation above, one row per line, each line ending
// in a newline. marks puts a character on a square (a wall wins over a
// mark); use Layers to combine several.
func Format(m Map, marks map[Square]rune) string {
	wall := make(map[Square]bool, len(m.Walls))
	for _, w := range m.Walls {
		wall[w] = true
	}
	var sb strings.Builder
	for y := range m.H {
		for x := range m.W {
			s := Square{x, y}
			r, ok := marks[s]
			switch {
			case wall[s]:
				r = WallRune
			case !ok:
				r = OpenRune
			}
			sb.WriteRune(r)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Layers merges mark layers into one, later layers drawn over earlier ones.
func Layers(layers ...map[Square]rune) map[Square]rune {
	out := map[Square]rune{}
	for _, l := range layers {
		for s, r := range l {
			out[s] = r
		}
	}
	return out
}

// Paint returns a layer putting r on every square of ss.
func Paint(r rune, ss ...Square) map[Square]rune {
	out := make(map[Square]rune, len(ss))
	for _, s := range ss {
		out[s] = r
	}
	return out
}

// Layer returns the marks as a layer for Format.
func (mk Marks) Layer() map[Square]rune {
	out := map[Square]rune{}
	for r, ss := range mk {
		for _, s := range ss {
			out[s] = r
		}
	}
	return out
}
