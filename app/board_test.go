package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestBoardRendersGrid(t *testing.T) {
	html := app.HTMLString(&Board{V: BoardView{Cols: 24, Rows: 16}})
	if n := strings.Count(html, `class="coord"`); n != 24+16 {
		t.Errorf("%d coordinate labels, want 40", n)
	}
	// 25 vertical and 17 horizontal lines in one path.
	if v, h := strings.Count(gridPath(24, 16), "v"), strings.Count(gridPath(24, 16), "h"); v != 25 || h != 17 {
		t.Errorf("grid path has %d vertical and %d horizontal lines", v, h)
	}
	for _, want := range []string{`data-cols="24"`, `data-rows="16"`, "5 m (1 square = 2.5 m)"} {
		if !strings.Contains(html, want) {
			t.Errorf("board HTML lacks %s", want)
		}
	}
}

func TestInitials(t *testing.T) {
	for in, want := range map[string]string{"Urchin 2": "U2", "City guard": "Cit", "Ogre": "Ogr", "ab": "ab", "": "", "C 10": "C10", "גורג 3": "ג3", "Knight 123": "Kni"} {
		if got := initials(in); got != want {
			t.Errorf("initials(%q) = %q, want %q", in, got, want)
		}
	}
}
