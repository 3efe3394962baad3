package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

func TestBoardRendersGrid(t *testing.T) {
	bar, label := scaleLabels(i18n.English, combat.Scale{Square: combat.Length{Hundredths: 250, Unit: "m"}, PerSquare: 2}, 24, 16)
	html := app.HTMLString(&Board{V: BoardView{Cols: 24, Rows: 16, ScaleBar: bar, Label: label}})
	if n := strings.Count(html, `class="coord"`); n != 24+16 {
		t.Errorf("%d coordinate labels, want 40", n)
	}
	// 25 vertical and 17 horizontal lines in one path.
	if v, h := strings.Count(gridPath(24, 16), "v"), strings.Count(gridPath(24, 16), "h"); v != 25 || h != 17 {
		t.Errorf("grid path has %d vertical and %d horizontal lines", v, h)
	}
	for _, want := range []string{`data-cols="24"`, `data-rows="16"`, "5 m (1 square = 2.5 m)", "24 by 16 squares of 2.5 m"} {
		if !strings.Contains(html, want) {
			t.Errorf("board HTML lacks %s", want)
		}
	}
}

func TestInitials(t *testing.T) {
	for in, want := range map[string]string{"Urchin 2": "U2", "City guard": "Cit", "Ogre": "Ogr", "ab": "ab", "": "", "C 10": "C10", "גורג 3": "ג3", "Knight 123": "Kni", "Goblin B": "GB", "Goblin b": "Gob"} {
		if got := initials(in); got != want {
			t.Errorf("initials(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTokenLabels checks that labels are unique within an encounter: four
// creatures all named "Goblin" are numbered, and a numbering never takes a
// label another creature already has.
func TestTokenLabels(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"Fighter", "Goblin", "Goblin", "Goblin", "Goblin"}, []string{"Fig", "G1", "G2", "G3", "G4"}},
		{[]string{"Goblin A", "Goblin B", "Urchin 1", "Urchin 2"}, []string{"GA", "GB", "U1", "U2"}},
		{[]string{"G1", "Gob", "Gob"}, []string{"G1", "G2", "G3"}},
	} {
		got := tokenLabels(c.in)
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("tokenLabels(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestScaleWords checks every label of a length is in the ruleset's unit:
// Kaldaria's half squares as metres, 5e's feet, squares without a length.
func TestScaleWords(t *testing.T) {
	kal := combat.Scale{Square: combat.Length{Hundredths: 250, Unit: "m"}, PerSquare: 2}
	dnd := combat.Scale{Square: combat.Length{Hundredths: 500, Unit: "ft"}, PerSquare: 5}
	plain := combat.Scale{PerSquare: 1}
	for _, c := range []struct {
		l     i18n.Lang
		s     combat.Scale
		moves int
		want  string
	}{
		{i18n.English, kal, 8, "10 m"}, {i18n.English, kal, 5, "6.25 m"}, {i18n.Polish, kal, 3, "3,75 m"}, {i18n.Polish, kal, 1, "1,25 m"},
		{i18n.English, dnd, 30, "30 ft"}, {i18n.Hebrew, dnd, 30, "30 רגל"},
		{i18n.English, plain, 5, "5 sq."}, {i18n.Polish, plain, 5, "pola: 5"},
	} {
		if got := scaleWords(c.l, c.s, c.moves); got != c.want {
			t.Errorf("%v %+v %d: %q, want %q", c.l, c.s, c.moves, got, c.want)
		}
	}
}

// TestBoardGeometry checks where the board draws a planned path (through
// the squares' centres, in board units) and a set of squares (one closed
// subpath each), and which squares a token covers, a large one all of its
// squares, when a press there drags it.
func TestBoardGeometry(t *testing.T) {
	for _, c := range []struct {
		path []grid.Square
		want string
	}{
		{nil, ""},
		{[]grid.Square{{X: 0, Y: 0}}, "44,44"},
		{[]grid.Square{{X: 0, Y: 0}, {X: 1, Y: 1}, {X: 3, Y: 1}}, "44,44 84,84 164,84"},
	} {
		if got := pathPoints(c.path); got != c.want {
			t.Errorf("pathPoints(%v) = %q, want %q", c.path, got, c.want)
		}
	}
	for _, c := range []struct {
		squares []grid.Square
		want    string
	}{
		{nil, ""},
		{[]grid.Square{{X: 0, Y: 0}}, "M24 24h40v40h-40z"},
		{[]grid.Square{{X: 2, Y: 0}, {X: 59, Y: 12}}, "M104 24h40v40h-40zM2384 504h40v40h-40z"},
	} {
		if got := squaresPath(c.squares); got != c.want {
			t.Errorf("squaresPath(%v) = %q, want %q", c.squares, got, c.want)
		}
	}
	b := &Board{V: BoardView{Cols: 8, Rows: 6, Tokens: []TokenView{{ID: "a", X: 1, Y: 1}, {ID: "ogre", X: 4, Y: 2, Size: 2}}}}
	for _, c := range []struct {
		sq   grid.Square
		want bool
	}{
		{grid.Square{X: 1, Y: 1}, true},
		{grid.Square{X: 2, Y: 1}, false},
		{grid.Square{X: 1, Y: 2}, false},
		{grid.Square{X: 4, Y: 2}, true},
		{grid.Square{X: 5, Y: 3}, true},
		{grid.Square{X: 6, Y: 3}, false},
		{grid.Square{X: 4, Y: 4}, false},
		{grid.Square{X: 0, Y: 0}, false},
	} {
		if got := b.occupied(c.sq); got != c.want {
			t.Errorf("occupied(%v) = %v, want %v", c.sq, got, c.want)
		}
	}
}
