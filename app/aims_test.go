package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/forecast"
	"battlemat/rules/grid"
)

// TestEditorSetsAims plays the GM's gestures for the sides' aims in the
// setup panel (ENG-AIM-2) on the escape scene: fight clears the side's aim
// with one command; escape marks exits by taps on the board, each tap one
// undoable command; the board draws and names the exits; removing the last
// exit makes the side fight again; and the forecast counts escapes only
// while the side has its exits.
func TestEditorSetsAims(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-robin", false)
	tbl.editing = true
	html := app.HTMLString(tbl.renderEditor(tbl.state()))
	for _, side := range []string{"robin", "thugs"} {
		if !strings.Contains(html, `id="aim-`+side+`"`) {
			t.Fatalf("no aim to choose for %s:\n%s", side, html)
		}
	}
	if !strings.Contains(html, `id="exits-robin"`) || strings.Contains(html, `id="exits-thugs"`) || !strings.Contains(html, "I1, J1") {
		t.Errorf("the editor does not show Robin's exits, or shows exits for the thugs:\n%s", html)
	}

	cursor := tbl.sess.Cursor()
	tbl.setAimChoice(ctx, "robin", combat.AimFight)
	if _, has := tbl.state().AimOf("robin"); has || tbl.sess.Cursor() != cursor+1 {
		t.Fatalf("fight: aim kept or %d commands, want it cleared by one", tbl.sess.Cursor()-cursor)
	}
	if v := tbl.boardView(tbl.state()); v.Exits != "" || v.ExitsLabel != "" {
		t.Errorf("the board still draws exits: %q / %q", v.Exits, v.ExitsLabel)
	}
	if fc := escapes(t, tbl); fc != 0 {
		t.Errorf("Robin fighting to the last escapes %.3f of the time", fc)
	}
	tbl.setAimChoice(ctx, "thugs", combat.AimFight) // no aim to clear: nothing done
	if tbl.sess.Cursor() != cursor+1 {
		t.Error("fight for a side without an aim sent a command")
	}

	tbl.walls = true
	tbl.setAimChoice(ctx, "robin", combat.AimEscape)
	if tbl.exitsFor != "robin" || tbl.walls || tbl.sess.Cursor() != cursor+1 {
		t.Fatalf("escape: marking %q, walls %v, %d commands; want marking robin's exits, no walls, nothing sent yet", tbl.exitsFor, tbl.walls, tbl.sess.Cursor()-cursor)
	}
	html = app.HTMLString(tbl.renderEditor(tbl.state()))
	if tag := openTag(html, "exits-robin"); !strings.Contains(tag, "aria-pressed") || strings.Contains(tag, `aria-pressed="false"`) || !strings.Contains(html, i18n.T(tbl.lang, "aim.no-exits")) {
		t.Errorf("marking shows no pressed button or no hint:\n%s", html)
	}
	tap := func(s grid.Square) { tbl.onBoard(ctx, app.Action{Value: Gesture{Kind: "down", At: s}}) }
	door, beyond := grid.Square{X: 9, Y: 2}, grid.Square{X: 8, Y: 2}
	tap(door)
	tap(beyond)
	a, _ := tbl.state().AimOf("robin")
	if !slices.Equal(a.Exits, []grid.Square{beyond, door}) || tbl.sess.Cursor() != cursor+3 {
		t.Fatalf("two taps: exits %v after %d commands, want I3 and J3 in order after 3", a.Exits, tbl.sess.Cursor()-cursor)
	}
	v := tbl.boardView(tbl.state())
	if strings.Count(v.Exits, "M") != 2 || !strings.Contains(v.Label, "I3, J3") {
		t.Errorf("the board draws %q and reads %q", v.Exits, v.Label)
	}
	board := app.HTMLString(&Board{V: v})
	if !strings.Contains(board, `id="layer-exits"`) || !strings.Contains(board, "<title>"+v.ExitsLabel+"</title>") {
		t.Errorf("the board has no exits layer with its words:\n%s", board)
	}
	if fc := escapes(t, tbl); fc == 0 {
		t.Error("with exits past the door Robin never escapes")
	}
	tap(door)
	if a, _ := tbl.state().AimOf("robin"); !slices.Equal(a.Exits, []grid.Square{beyond}) {
		t.Errorf("a second tap left exits %v", a.Exits)
	}
	tbl.undo(ctx)
	if a, _ := tbl.state().AimOf("robin"); len(a.Exits) != 2 {
		t.Errorf("undo left exits %v", a.Exits)
	}
	tbl.redo(ctx)
	tap(beyond)
	if _, has := tbl.state().AimOf("robin"); has || tbl.exitsFor != "robin" {
		t.Errorf("removing the last exit kept the aim (%v) or stopped marking (%q)", has, tbl.exitsFor)
	}
	tbl.markExitsOf("robin")
	if tbl.exitsFor != "" {
		t.Error("a second press on Mark exits kept marking")
	}
	before := tbl.sess.Cursor()
	tap(door) // no longer marking: a tap selects or plans, and sets no exit
	if _, has := tbl.state().AimOf("robin"); has || tbl.sess.Cursor() != before {
		t.Error("a tap after marking ended set an exit")
	}
}

// escapes forecasts the table's encounter briefly and returns how often
// Robin got away.
func escapes(t *testing.T, tbl *Table) float64 {
	t.Helper()
	f, err := forecast.New(tbl.reg, tbl.state(), forecast.Settings{Fights: 30, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(30); err != nil {
		t.Fatal(err)
	}
	c, _ := f.Result().Creature("robin")
	return c.Escaped.P
}

// TestAimEventsHaveWords: the log reads the GM's aims in every language,
// naming the side, with no placeholder left.
func TestAimEventsHaveWords(t *testing.T) {
	for _, ev := range []combat.Event{{Type: combat.AimSet, Key: "robin", Count: 2}, {Type: combat.AimSet, Key: "robin"}} {
		var seen []string
		for _, l := range i18n.Langs {
			got := text(eventWords(l, combat.Encounter{}, ev))
			if !strings.Contains(got, "robin") || strings.Contains(got, "{") || slices.Contains(seen, got) {
				t.Errorf("%+v in %s: %q", ev, l, got)
			}
			seen = append(seen, got)
		}
	}
}
