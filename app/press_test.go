package app

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// TestKeyboardPlaysATurn plays a Kaldaria turn with the keyboard alone:
// keys typed into a field are left to it; an arrow steps the acting
// creature one square as the engine allows; Ctrl+Z, Ctrl+Shift+Z and
// Ctrl+Y undo and redo it; N and T cycle the selection and the target,
// Escape drops the target; Enter on a focused foe's token targets it and
// an arrow moves the focus to the nearest token that way; E ends the turn.
func TestKeyboardPlaysATurn(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-urchins", true)
	enc := tbl.state()
	cur, _ := enc.Combatant(enc.Current())
	tbl.selected = cur.ID
	press := func(k keyPress) bool { t.Helper(); return tbl.press(ctx, k) }

	if press(keyPress{key: "e", inField: true}) || tbl.state().Current() != cur.ID {
		t.Fatal("a key typed into a field acted on the table")
	}
	if press(keyPress{key: "q"}) {
		t.Error("an unused key was taken")
	}
	stepped := grid.Square{}
	for _, name := range []string{"ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"} {
		before := tbl.sess.Cursor()
		if !press(keyPress{key: name}) {
			t.Fatalf("%s was not used", name)
		}
		if tbl.sess.Cursor() == before+1 {
			d := keySteps[name]
			stepped = grid.Square{X: cur.Pos.X + d.X, Y: cur.Pos.Y + d.Y}
			break
		}
	}
	moved, _ := tbl.state().Combatant(cur.ID)
	if moved.Pos == cur.Pos || moved.Pos != stepped {
		t.Fatalf("no arrow stepped %s one square: it stands on %s", cur.ID, moved.Pos.Name())
	}
	for _, k := range []struct {
		press keyPress
		at    grid.Square
	}{
		{keyPress{key: "z", ctrl: true}, cur.Pos},
		{keyPress{key: "Z", ctrl: true, shift: true}, stepped},
		{keyPress{key: "z", ctrl: true}, cur.Pos},
		{keyPress{key: "y", ctrl: true}, stepped},
	} {
		if !press(k.press) {
			t.Fatalf("%+v was not used", k.press)
		}
		if c, _ := tbl.state().Combatant(cur.ID); c.Pos != k.at {
			t.Errorf("after %+v %s stands on %s, want %s", k.press, cur.ID, c.Pos.Name(), k.at.Name())
		}
	}

	enc = tbl.state()
	press(keyPress{key: "t"})
	first := tbl.target
	if c, ok := enc.Combatant(first); !ok || c.Side == cur.Side {
		t.Fatalf("T targeted %q", first)
	}
	press(keyPress{key: "t"})
	if tbl.target == first && len(enc.Combatants) > 2 {
		t.Errorf("T again kept %s", first)
	}
	press(keyPress{key: "Escape"})
	if tbl.target != "" {
		t.Errorf("Escape kept the target %s", tbl.target)
	}
	press(keyPress{key: "n"})
	if tbl.selected == cur.ID || tbl.target != "" {
		t.Errorf("N kept %s selected", cur.ID)
	}
	tbl.selected = cur.ID

	foe, _ := foeOf(&tbl.Model, enc, cur.ID)
	if !press(keyPress{key: "Enter", token: foe.ID}) || tbl.target != foe.ID || tbl.focused != foe.ID {
		t.Errorf("Enter on %s's token: target %q, focus %q", foe.ID, tbl.target, tbl.focused)
	}
	for name, d := range keySteps {
		want := nearestToken(enc, foe.ID, d)
		tbl.focused = foe.ID
		press(keyPress{key: name, token: foe.ID})
		if want != "" && tbl.focused != want {
			t.Errorf("%s from %s focused %s, want %s", name, foe.ID, tbl.focused, want)
		}
	}
	if !press(keyPress{key: "Enter", token: cur.ID}) || tbl.selected != cur.ID || tbl.target != "" {
		t.Errorf("Enter on one's own token: selected %q target %q", tbl.selected, tbl.target)
	}

	press(keyPress{key: "e"})
	if tbl.state().Current() == cur.ID && tbl.state().Phase == combat.PhaseRunning {
		t.Errorf("E did not end %s's turn: %s", cur.ID, tbl.notice.Key)
	}
}

// TestNearestToken picks, among the tokens ahead in a direction, the one
// least far along it plus twice as far across it, and none when nobody is
// ahead.
func TestNearestToken(t *testing.T) {
	enc := combat.Encounter{Combatants: []combat.Combatant{
		{ID: "me", Pos: grid.Square{X: 5, Y: 5}},
		{ID: "east-far", Pos: grid.Square{X: 9, Y: 5}},
		{ID: "east-near-off", Pos: grid.Square{X: 7, Y: 7}},
		{ID: "north", Pos: grid.Square{X: 5, Y: 1}},
	}}
	for _, c := range []struct {
		d    grid.Square
		want string
	}{
		{grid.Square{X: 1}, "east-far"}, // 4 along against 2 along + 2×2 across
		{grid.Square{Y: -1}, "north"},
		{grid.Square{X: -1}, ""},
		{grid.Square{X: 1, Y: 1}, "east-near-off"},
	} {
		if got := nearestToken(enc, "me", c.d); got != c.want {
			t.Errorf("towards %v: %q, want %q", c.d, got, c.want)
		}
	}
	if got := nearestToken(enc, "nobody", grid.Square{X: 1}); got != "" {
		t.Errorf("from nobody: %q", got)
	}
}

// TestDragMovesAndRepositions drags tokens with the board's gestures: in
// setup a drag repositions the creature; in the fight a drag over a
// reachable square plans the path there and the drop moves along it; a
// drop on its own square moves nothing, and pointer moves without a press
// change nothing.
func TestDragMovesAndRepositions(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-urchins", false)
	g := func(kind string, at grid.Square) {
		t.Helper()
		tbl.onBoard(ctx, app.Action{Value: Gesture{Kind: kind, At: at}})
	}
	c := tbl.state().Combatants[0]
	tbl.selected = c.ID
	to := grid.Square{X: 0, Y: 0}
	for occupantAt(tbl.state(), to) != "" || containsSquare(tbl.state().Map.Walls, to) {
		to.X++
	}
	g("down", c.Pos)
	if !tbl.dragging {
		t.Fatal("a press on the selected token in setup does not drag it")
	}
	g("move", to)
	g("up", to)
	if got, _ := tbl.state().Combatant(c.ID); got.Pos != to || tbl.dragging {
		t.Fatalf("the drop in setup left %s on %s", c.ID, got.Pos.Name())
	}

	for _, cmd := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
		if !tbl.do(ctx, cmd) {
			t.Fatal(tbl.notice.Key)
		}
	}
	enc := tbl.state()
	cur, _ := enc.Combatant(enc.Current())
	tbl.selected = cur.ID
	var dest grid.Square
	found := false
	for _, b := range tbl.plan(enc).bands {
		for _, sq := range b.Squares {
			h := sq
			tbl.hover = &h
			if p := tbl.plan(enc); p.err == nil && p.mode.Condition == "" && len(p.provs) == 0 && len(p.path) > 1 {
				dest, found = sq, true
				break
			}
		}
		if found {
			break
		}
	}
	tbl.hover = nil
	if !found {
		t.Fatal("no square to walk to")
	}
	g("move", dest)
	if tbl.hover != nil {
		t.Error("a pointer move without a press planned a path")
	}
	g("down", cur.Pos)
	g("up", cur.Pos)
	if got, _ := tbl.state().Combatant(cur.ID); got.Pos != cur.Pos || tbl.hover != nil {
		t.Errorf("a drop on its own square moved %s to %s", cur.ID, got.Pos.Name())
	}
	g("down", cur.Pos)
	g("move", dest)
	if tbl.hover == nil || *tbl.hover != dest {
		t.Fatalf("dragging over %s planned %v", dest.Name(), tbl.hover)
	}
	g("up", dest)
	if got, _ := tbl.state().Combatant(cur.ID); got.Pos != dest || tbl.hover != nil {
		t.Errorf("the drop on %s left %s on %s (%s)", dest.Name(), cur.ID, got.Pos.Name(), tbl.notice.Key)
	}
}
