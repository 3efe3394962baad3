package app

import (
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// TestOneMemoPerRevision: what the builders derive is built once per
// revision of the session: the encounter, the bands, the odds and the
// panels' view-models come back as they were while only the pointer moves;
// a change of the session, of the log's filter, of the language or of the
// surprise marks builds what depends on it again.
func TestOneMemoPerRevision(t *testing.T) {
	tbl := openTable(t, "dnd5e-goblin-ambush", false)
	if !tbl.apply(combat.RollInitiative{}) {
		t.Fatal(tbl.notice.Key)
	}
	enc := tbl.state()
	views := tbl.views(enc)
	h := grid.Square{X: 1, Y: 1}
	tbl.hover = &h
	if tbl.views(tbl.state()) != views {
		t.Error("moving the pointer built the panels again")
	}
	tbl.toggleSurprise("goblin-a")
	marked := tbl.views(enc)
	if marked == views || !marked.tracker.Rows[rowOf(t, marked.tracker, "goblin-a")].Surprised {
		t.Error("a surprise mark did not reach the tracker")
	}
	tbl.logFilter = "moves"
	if tbl.views(enc) == marked || tbl.views(enc).log.Filter != "moves" {
		t.Error("a new log filter kept the old log")
	}
	tbl.lang = i18n.Polish
	if tbl.views(enc).tracker.Lang != i18n.Polish {
		t.Error("a new language kept the old tracker")
	}
	if got := tbl.startCommand().Surprised; len(got) != 1 || got[0] != "goblin-a" {
		t.Errorf("Start marks %v surprised, want goblin-a", got)
	}
	tbl.toggleSurprise("goblin-a")
	if got := tbl.startCommand().Surprised; len(got) != 0 {
		t.Errorf("after unmarking, Start marks %v", got)
	}

	tbl.logFilter = ""
	old := tbl.views(tbl.state())
	if !tbl.apply(combat.Configure{Settings: combat.Settings{IndividualInitiative: true}}) {
		t.Fatal(tbl.notice.Key)
	}
	if tbl.memo.rev != tbl.rev || tbl.views(tbl.state()) == old {
		t.Error("the memo outlived the revision it was built for")
	}
	if !tbl.state().Settings.IndividualInitiative || tbl.views(tbl.state()).log.Lines[len(tbl.views(tbl.state()).log.Lines)-1].Type != string(combat.Configured) {
		t.Error("the new revision shows the old state")
	}
	if !tbl.stepBack(true) || tbl.state().Settings.IndividualInitiative || !tbl.stepBack(false) || !tbl.state().Settings.IndividualInitiative || tbl.stepBack(false) {
		t.Error("undo and redo do not show the state they step to")
	}
}

// rowOf is the index of creature id's row in the tracker.
func rowOf(t *testing.T, v TrackerView, id string) int {
	t.Helper()
	for i, r := range v.Rows {
		if r.ID == id {
			return i
		}
	}
	t.Fatalf("no tracker row for %s", id)
	return -1
}

// TestTypedDiceRefused: faces typed at the table that are no die faces
// are refused with the face named, and the command is not given.
func TestTypedDiceRefused(t *testing.T) {
	tbl := openTable(t, "kal-urchins", false)
	tbl.dice = "4 x9"
	if tbl.apply(combat.RollInitiative{}) || tbl.notice.Key != "attack.dice.bad" || tbl.sess.Cursor() != 0 {
		t.Fatalf("typed dice %q: applied, notice %q", tbl.dice, tbl.notice.Key)
	}
	if !strings.Contains(tbl.notice.In(i18n.English), "x9") {
		t.Errorf("the notice %q does not name the face", tbl.notice.In(i18n.English))
	}
}

// TestLibraryPanelLists draws the library: live encounters to open and
// rename, damaged ones to export, deleted ones to restore, each in its own
// list; a tab held by another shows the offer to take over or copy.
func TestLibraryPanelLists(t *testing.T) {
	tbl := openTable(t, "kal-urchins", false)
	tbl.shelf.open = true
	tbl.shelf.list = []LibEntry{
		{ID: "a", Name: "Alpha fight", Ruleset: "kaldaria", Changed: 1},
		{ID: "b", Name: "Broken one", Damaged: "bad json"},
		{ID: "c", Name: "Gone one", Deleted: 5},
	}
	tbl.shelf.entry = tbl.shelf.list[0]
	tbl.shelf.held = true
	tbl.notice = Notice{Key: "notice.storage-full", Error: true, Acts: []string{"export"}}
	html := app.HTMLString(tbl)
	for _, c := range []struct{ list, name string }{{"entries", "Alpha fight"}, {"damaged", "Broken one"}, {"trash", "Gone one"}} {
		i := strings.Index(html, `id="`+c.list+`"`)
		if i < 0 || !strings.Contains(html[i:], c.name) {
			t.Errorf("%q is not in the %s list", c.name, c.list)
		}
	}
	if !strings.Contains(html, i18n.T(i18n.English, "library.none")) {
		t.Error("without a database the panel does not say so")
	}
	if !strings.Contains(html, `id="held-take"`) || !strings.Contains(html, `id="held-copy"`) {
		t.Error("a held tab offers no way on")
	}
	if !strings.Contains(html, `id="notice-export"`) || !strings.Contains(openTag(html, "notice"), "data-error") {
		t.Error("the storage-full notice offers no export")
	}
	if got := copyName(i18n.English, "Alpha"); got == "Alpha" || !strings.Contains(got, "Alpha") {
		t.Errorf("a copy of Alpha is named %q", got)
	}
	if long := strings.Repeat("x", maxEntryName); copyName(i18n.English, long) != long {
		t.Error("a copy's name grew past the limit")
	}
}

// TestModelIsPlain: the model and its panels' view-model builders know
// nothing of the page: their files import neither go-app nor syscall/js.
func TestModelIsPlain(t *testing.T) {
	for _, name := range []string{"model.go", "panelviews.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Imports) == 0 {
			t.Fatalf("%s imports nothing: the scan missed them", name)
		}
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); strings.Contains(p, "go-app") || p == "syscall/js" {
				t.Errorf("%s imports %s", name, p)
			}
		}
	}
}
