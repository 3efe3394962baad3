package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// TestMountWithoutDatabase mounts the table where the browser offers no
// database: the language stored by the user is taken, the user is told
// that encounters will not be kept, and the first sample opens. The
// actions the panels raise (a command, the surprise marks and Start, the
// log's filter, the zoom) then reach the table through go-app.
func TestMountWithoutDatabase(t *testing.T) {
	e, ctx := testEngine(t)
	ctx.LocalStorage().Set(keyLang, "pl")
	tbl := &Table{}
	tbl.OnInit()
	tbl.OnMount(ctx)
	e.ConsumeAll() // the table starts in a task after the mount
	if tbl.lang != i18n.Polish {
		t.Errorf("the stored language pl gave %v", tbl.lang)
	}
	if !tbl.shelf.ready || tbl.sess == nil || tbl.notice.Key != "notice.library-unavailable" {
		t.Fatalf("ready %v, session %v, notice %q", tbl.shelf.ready, tbl.sess != nil, tbl.notice.Key)
	}
	if got, want := tbl.state().Ruleset, rulesets.Samples()[0].Ruleset; len(tbl.state().Combatants) == 0 || got != want {
		t.Errorf("the first sample did not open: %s", got)
	}
	// Mounted, the first render still shows the hint and the next draws
	// the bar and the board, a task later; the side panels follow once
	// the board is painted.
	if html := app.HTMLString(tbl); !strings.Contains(html, `id="opening"`) || strings.Contains(html, `id="board"`) {
		t.Errorf("the first render after the start draws the board in the same task")
	}
	e.ConsumeAll()
	html := app.HTMLString(tbl)
	if !strings.Contains(html, i18n.T(i18n.Polish, "bar.undo")) || !strings.Contains(html, `id="notice"`) || strings.Contains(html, `id="tracker"`) {
		t.Errorf("the first render is not in Polish, lacks the notice or draws the side panels")
	}

	raise := func(name string, v any) {
		t.Helper()
		ctx.NewActionWithValue(name, v)
		e.ConsumeAll()
	}
	raise(actionCommand, combat.RollInitiative{})
	if tbl.sess.Cursor() != 1 || len(tbl.state().Order) == 0 {
		t.Fatalf("a command raised by a panel was not given: %d commands, notice %q", tbl.sess.Cursor(), tbl.notice.Key)
	}
	first := tbl.state().Combatants[0].ID
	raise(actionSurprise, first)
	if !tbl.surprised[first] || !tbl.views(tbl.state()).tracker.Rows[rowOf(t, tbl.views(tbl.state()).tracker, first)].Surprised {
		t.Errorf("marking %s surprised did not reach the tracker", first)
	}
	raise(actionSurprise, first)
	raise(actionStart, nil)
	if tbl.state().Phase != combat.PhaseRunning {
		t.Errorf("Start left the encounter %s (%s)", tbl.state().Phase, tbl.notice.Key)
	}
	raise(actionLogFilter, "turns")
	if tbl.logFilter != "turns" {
		t.Errorf("the log filter is %q", tbl.logFilter)
	}
	for _, c := range []struct{ step, want int }{{1, 4}, {1, 5}, {-1, 4}, {-1, 3}} {
		raise(actionZoom, c.step)
		if tbl.zoom != c.want {
			t.Errorf("zooming by %d gave %d, want %d", c.step, tbl.zoom, c.want)
		}
	}
	c := tbl.state().Combatants[1]
	raise(actionBoard, Gesture{Kind: "down", At: c.Pos})
	if tbl.selected != c.ID && tbl.target != c.ID {
		t.Errorf("a tap on %s neither selected nor targeted it", c.ID)
	}

	tbl.OnNav(ctx) // no link in the address: nothing opens
	if tbl.sess.Cursor() != 2 {
		t.Errorf("navigating without a link changed the encounter")
	}
	tbl.heard(ctx, "open", tbl.shelf.entry.ID)
	if !tbl.shelf.held {
		t.Error("another tab opening this encounter did not hold this one")
	}
	if tbl.do(ctx, combat.EndTurn{}) {
		t.Error("a held tab gave a command")
	}
}

// TestBarShowsPWAState: the bar shows the offline mark, the install button
// and the update button exactly when the page knows of each.
func TestBarShowsPWAState(t *testing.T) {
	for _, p := range []pwa{{}, {offline: true}, {installable: true}, {update: true}, {true, true, true}} {
		tbl := openTable(t, "kal-urchins", false)
		tbl.pwa = p
		html := app.HTMLString(tbl.renderPWA())
		for id, on := range map[string]bool{"offline": p.offline, "install": p.installable, "update": p.update} {
			if strings.Contains(html, `id="`+id+`"`) != on {
				t.Errorf("%+v: %s shown %v", p, id, !on)
			}
		}
	}
}
