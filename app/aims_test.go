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

// TestExitsTyped sets exits from the keyboard: squares typed into a side's
// exits field, in any order and case, become one SetAim command; a name
// that is not a square's, or a square off the map, is told and changes
// nothing; an empty field makes the side fight to the last.
func TestExitsTyped(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-robin", false)
	tbl.editing = true
	cursor := tbl.sess.Cursor()
	tbl.setExitsText(ctx, "thugs", "j3, i3;A2")
	a, _ := tbl.state().AimOf("thugs")
	if want := []grid.Square{{X: 0, Y: 1}, {X: 8, Y: 2}, {X: 9, Y: 2}}; !slices.Equal(a.Exits, want) || tbl.sess.Cursor() != cursor+1 || tbl.notice.Key != "" {
		t.Fatalf("typed exits: %v after %d commands, notice %q; want %v after one", a.Exits, tbl.sess.Cursor()-cursor, tbl.notice.Key, want)
	}
	if html := app.HTMLString(tbl.renderEditor(tbl.state())); !strings.Contains(openTag(html, "exits-of-thugs"), `value="A2, I3, J3"`) {
		t.Errorf("the field does not show the exits as kept: %s", openTag(html, "exits-of-thugs"))
	}
	for _, bad := range []struct{ text, key string }{{"I3 3I", "aim.bad-square"}, {"I3 Z9", "notice.not-allowed"}} {
		tbl.notice = Notice{}
		tbl.setExitsText(ctx, "thugs", bad.text)
		if b, _ := tbl.state().AimOf("thugs"); !slices.Equal(b.Exits, a.Exits) || tbl.sess.Cursor() != cursor+1 || !strings.HasPrefix(tbl.notice.Key, bad.key) {
			t.Errorf("%q: exits %v, notice %q; want them kept and %s", bad.text, b.Exits, tbl.notice.Key, bad.key)
		}
	}
	tbl.setExitsText(ctx, "thugs", " , ")
	if _, has := tbl.state().AimOf("thugs"); has || tbl.sess.Cursor() != cursor+2 {
		t.Errorf("an empty field kept the thugs' aim (%v) or sent %d commands", has, tbl.sess.Cursor()-cursor)
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
	for _, ev := range []combat.Event{combat.Header{}.With(combat.AimChange{Side: "robin", Exits: 2}), combat.Header{}.With(combat.AimChange{Side: "robin"})} {
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

// TestTypedSquaresBounded checks the bounds of a typed list of squares: a
// list naming more squares than the largest map holds is told and parsed
// no further, one naming exactly that many is read, and a long bad name is
// repeated in the notice cut to its first characters.
func TestTypedSquaresBounded(t *testing.T) {
	names := strings.Repeat("A1 ", maxTyped)
	if got, bad := parseSquares(names); bad != nil || len(got) != maxTyped {
		t.Errorf("%d names: %d squares, notice %v; want all read", maxTyped, len(got), bad)
	}
	if got, bad := parseSquares(names + "B2"); bad == nil || bad.Key != "aim.too-many" || got != nil {
		t.Errorf("%d names: %d squares, notice %v; want aim.too-many and none", maxTyped+1, len(got), bad)
	}
	long := strings.Repeat("Ж", 5000)
	_, bad := parseSquares("A1, " + long)
	if bad == nil || bad.Key != "aim.bad-square" || len(bad.Args) != 2 || bad.Args[1] != strings.Repeat("Ж", maxShown)+"…" {
		t.Errorf("a 5,000-letter bad name: notice %+v; want it cut to %d letters", bad, maxShown)
	}
}
