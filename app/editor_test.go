package app

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// TestEditorSavesThroughTheRuleset edits the selected creature in the setup
// panel: the form starts from the creature, a value that cannot be read is
// refused at the form and changes nothing, a stat block the ruleset refuses
// is told at the form (not in the message bar), and a good one is applied
// as one undoable command.
func TestEditorSavesThroughTheRuleset(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-urchins", false)
	if html := app.HTMLString(tbl.renderEditor(tbl.state())); !strings.Contains(html, `id="edit-open"`) {
		t.Fatalf("a closed editor offers no way in: %s", html)
	}
	tbl.editing = true
	c := tbl.state().Combatants[0]
	tbl.selected = c.ID
	html := app.HTMLString(tbl.renderEditor(tbl.state()))
	if !strings.Contains(openTag(html, "ed-name"), `value="`+c.Name+`"`) || !strings.Contains(openTag(html, "ed-hp"), `value="`+strconv.Itoa(c.HP)+`"`) {
		t.Fatalf("the form does not start from %s: %s / %s", c.ID, openTag(html, "ed-name"), openTag(html, "ed-hp"))
	}
	if tbl.draft.profile == "" || !strings.Contains(html, `id="ed-profile"`) {
		t.Fatal("the stat block is not in the form")
	}
	cursor := tbl.sess.Cursor()
	for _, bad := range []struct {
		hp, profile, key string
	}{
		{"many", tbl.draft.profile, "edit.bad-hp"},
		{"3", "{not json", "edit.bad-json"},
		{"100000000", tbl.draft.profile, "notice.not-allowed"},
	} {
		tbl.draft.hp, tbl.draft.profile = bad.hp, bad.profile
		tbl.saveDraft(ctx, app.Event{})
		if !strings.HasPrefix(tbl.draft.err.Key, bad.key) || tbl.sess.Cursor() != cursor || tbl.notice.Key != "" {
			t.Errorf("saving HP %q: form error %q, bar %q, %d commands; want %s at the form and nothing done", bad.hp, tbl.draft.err.Key, tbl.notice.Key, tbl.sess.Cursor()-cursor, bad.key)
		}
		if html := app.HTMLString(tbl.renderEditor(tbl.state())); !strings.Contains(html, `id="ed-error"`) {
			t.Errorf("the form's error is not shown")
		}
	}
	tbl.loadDraft(tbl.state())
	tbl.draft.name = "Renamed"
	tbl.saveDraft(ctx, app.Event{})
	if got, _ := tbl.state().Combatant(c.ID); got.Name != "Renamed" || tbl.draft.err.Key != "" || tbl.sess.Cursor() != cursor+1 {
		t.Fatalf("saving a new name: %q, error %q", got.Name, tbl.draft.err.Key)
	}
	tbl.undo(ctx)
	if got, _ := tbl.state().Combatant(c.ID); got.Name != c.Name {
		t.Errorf("undo left the name %q", got.Name)
	}
}

// TestEditorPlacesAndWalls duplicates a creature onto the nearest free
// square with a fresh ID, toggles a wall with two taps in wall mode, and
// opens a blank board of another ruleset with one creature of its sample.
func TestEditorPlacesAndWalls(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-urchins", false)
	tbl.editing = true
	c := tbl.state().Combatants[0]
	tbl.selected = c.ID
	tbl.duplicate(ctx, app.Event{})
	dup, ok := tbl.state().Combatant(c.ID + "-2")
	if !ok || tbl.selected != dup.ID || dup.Name != c.Name || dup.Pos == c.Pos || grid.Chebyshev(dup.Pos, c.Pos) > 2 {
		t.Fatalf("the duplicate %+v (ok %v), selected %s", dup, ok, tbl.selected)
	}
	if !fitsFree(combat.Encounter{Map: tbl.state().Map}, dup.Pos, 1) {
		t.Errorf("the duplicate stands on a wall or off the map at %s", dup.Pos.Name())
	}

	tbl.walls = true
	var free grid.Square
	for y := 0; y < tbl.state().Map.H; y++ {
		if sq := (grid.Square{X: 0, Y: y}); occupantAt(tbl.state(), sq) == "" {
			free = sq
			break
		}
	}
	had := len(tbl.state().Map.Walls)
	tap := func() { tbl.onBoard(ctx, app.Action{Value: Gesture{Kind: "down", At: free}}) }
	tap()
	if w := tbl.state().Map.Walls; len(w) != had+1 || !containsSquare(w, free) {
		t.Fatalf("a tap in wall mode left walls %v", w)
	}
	tap()
	if w := tbl.state().Map.Walls; len(w) != had || containsSquare(w, free) {
		t.Fatalf("a second tap left walls %v", w)
	}

	tbl.newRuleset = "dnd5e"
	tbl.newEncounter(ctx, app.Event{})
	enc := tbl.state()
	if enc.Ruleset != "dnd5e" || len(enc.Combatants) != 1 || enc.Map.W != 16 || tbl.notice.Key != "notice.opened.blank" {
		t.Errorf("a blank board: %s with %d creatures on %dx%d, notice %q", enc.Ruleset, len(enc.Combatants), enc.Map.W, enc.Map.H, tbl.notice.Key)
	}
}

// containsSquare reports whether s is among ss.
func containsSquare(ss []grid.Square, s grid.Square) bool {
	for _, q := range ss {
		if q == s {
			return true
		}
	}
	return false
}

// TestShareLinkRoundTrip shares the open encounter (no clipboard here: the
// link is offered to copy by hand), then opens that link from the address
// bar as a new encounter with the same state, and takes the link out of
// the address bar; a damaged link is told and opens nothing.
func TestShareLinkRoundTrip(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-corridor", true)
	want := tbl.state()
	tbl.share(ctx)
	if tbl.notice.Key != "notice.share.by-hand" || tbl.shared == "" {
		t.Fatalf("sharing: notice %q, link %q", tbl.notice.Key, tbl.shared)
	}
	u, err := url.Parse(tbl.shared)
	if err != nil || !strings.HasPrefix(u.Fragment, "v") {
		t.Fatalf("the shared link %q: %v", tbl.shared, err)
	}
	other := openTable(t, "kal-urchins", false)
	ctx.Page().ReplaceURL(u)
	if !other.openFragment(ctx) {
		t.Fatalf("the link did not open: %q", other.notice.Key)
	}
	got := other.state()
	if got.Ruleset != want.Ruleset || len(got.Combatants) != len(want.Combatants) || got.Current() != want.Current() || other.notice.Key != "notice.opened.link" {
		t.Errorf("the link opened %s with %d creatures, %s acting; want %s, %d, %s", got.Ruleset, len(got.Combatants), got.Current(), want.Ruleset, len(want.Combatants), want.Current())
	}
	if f := ctx.Page().URL().Fragment; f != "" {
		t.Errorf("the link stayed in the address bar: %q", f)
	}
	if other.openFragment(ctx) {
		t.Error("an address without a link opened something")
	}
	bad := *u
	bad.Fragment = "v9garbage"
	ctx.Page().ReplaceURL(&bad)
	before := other.state().Ruleset
	if other.openFragment(ctx) || other.notice.Key != "notice.link-damaged" || other.state().Ruleset != before {
		t.Errorf("a damaged link: notice %q", other.notice.Key)
	}
}

// TestWallsTyped draws walls from the keyboard: the squares typed into the
// wall field, in any order and case, become the map's walls with one
// EditMap command, undone in one step; a name that is not a square's, a
// square off the map or under a creature is told and changes nothing; an
// empty field clears every wall.
func TestWallsTyped(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-robin", false)
	tbl.editing = true
	before := tbl.state().Map.Walls
	cursor := tbl.sess.Cursor()
	tbl.setWallsText(ctx, "b1; a1,A2 a1")
	if w, want := tbl.state().Map.Walls, []grid.Square{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 1}}; !slices.Equal(w, want) || tbl.sess.Cursor() != cursor+1 || tbl.notice.Key != "" {
		t.Fatalf("typed walls: %v after %d commands, notice %q; want %v after one", w, tbl.sess.Cursor()-cursor, tbl.notice.Key, want)
	}
	if html := app.HTMLString(tbl.renderEditor(tbl.state())); !strings.Contains(openTag(html, "wall-squares"), `value="A1, B1, A2"`) {
		t.Errorf("the field does not show the walls as kept: %s", openTag(html, "wall-squares"))
	}
	kept := tbl.state().Map.Walls
	occupied := tbl.state().Combatants[0].Pos.Name()
	for _, bad := range []struct{ text, key string }{{"A1 1A", "aim.bad-square"}, {"A1 Z99", "notice."}, {"A1 " + occupied, "notice."}} {
		tbl.notice = Notice{}
		tbl.setWallsText(ctx, bad.text)
		if w := tbl.state().Map.Walls; !slices.Equal(w, kept) || tbl.sess.Cursor() != cursor+1 || !strings.HasPrefix(tbl.notice.Key, bad.key) {
			t.Errorf("%q: walls %v, notice %q; want them kept and %s", bad.text, w, tbl.notice.Key, bad.key)
		}
	}
	tbl.undo(ctx)
	if w := tbl.state().Map.Walls; !slices.Equal(w, before) {
		t.Errorf("one undo left walls %v, want %v", w, before)
	}
	tbl.setWallsText(ctx, " , ")
	if w := tbl.state().Map.Walls; len(w) != 0 || tbl.sess.Cursor() != cursor+1 {
		t.Errorf("an empty field left walls %v after %d commands", w, tbl.sess.Cursor()-cursor)
	}
}
