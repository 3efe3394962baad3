package combat

import (
	"reflect"
	"testing"

	"battlemat/rules/grid"
)

func TestReachable(t *testing.T) {
	rs := fake{}
	e, _ := mustApply(t, rs, party(t, rs), Start{})
	r, err := Reachable(rs, e, "F")
	if err != nil {
		t.Fatal(err)
	}
	rows := []struct {
		sq   grid.Square
		cost int // -1: out of reach
	}{
		{at(5, 11), 6}, {at(10, 11), 6}, {at(0, 0), 5}, {at(5, 8), 3},
		{at(11, 11), -1}, // 7 squares: the diagonal runs through goblin B
		{at(6, 4), -1},   // goblin A stands there
		{at(11, 5), 6}, {at(0, 11), 6},
	}
	for _, row := range rows {
		c, ok := r.Cost[row.sq]
		if row.cost < 0 && ok || row.cost >= 0 && c != row.cost {
			t.Errorf("cost to %v: %d (reachable %v), want %d", row.sq, c, ok, row.cost)
		}
	}
	if p := r.Path(at(5, 8)); len(p) != 3 || p[2] != at(5, 8) {
		t.Errorf("path to (5,8): %v", p)
	}
	if r.Path(at(6, 4)) != nil {
		t.Error("a path to an occupied square")
	}
	if _, err := Reachable(bare{}, NewEncounter("bare", grid.Map{W: 2, H: 2}, 1), "x"); err == nil {
		t.Error("Reachable without a Mover")
	}
}

func TestPreviewMove(t *testing.T) {
	rs := fake{}
	e := round2(t, rs, party(t, rs))
	e, _ = mustApply(t, rs, e, EndTurn{})
	before := e.Clone()
	p := PreviewMove(rs, e, "GA", []grid.Square{at(7, 3), at(8, 3)})
	want := MovePreview{
		Reached: []grid.Square{at(7, 3), at(8, 3)},
		Offers:  []Offer{{Attacker: "F", At: at(6, 4), Before: at(7, 3)}},
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("preview %+v, want %+v", p, want)
	}
	if !reflect.DeepEqual(e, before) {
		t.Error("PreviewMove changed the encounter")
	}
	if p := PreviewMove(rs, e, "GA", []grid.Square{at(9, 9)}); p.Err == nil {
		t.Error("a jump was previewed as legal")
	}
}
