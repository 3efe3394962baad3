package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/forecast"
)

// forecastTable is a table with the fight of the orc sample's fight started,
// a library in memory and a forecast of fights fights kept with the
// session.
func forecastTable(t *testing.T, fights int) (*Table, *memShelf, app.Context) {
	t.Helper()
	tbl, db, ctx := shelfFixture(t)
	open := openTable(t, "kc-orc", true)
	tbl.adopt(ctx, open.sess, "Street", "notice.opened.sample")
	raw, err := json.Marshal(forecast.Settings{Fights: fights, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if err := tbl.sess.SetForecast(raw); err != nil {
		t.Fatal(err)
	}
	return tbl, db, ctx
}

// lead is the text of an English message before its first value.
func lead(key string) string {
	return strings.TrimSpace(i18n.Parts(i18n.English, key, "n", 1)[0].Text)
}

// playOut hands the forecast its slices of work, as the page's message
// channel does, until it stops.
func playOut(t *testing.T, tbl *Table, ctx app.Context, fc *forecastRun) {
	t.Helper()
	for i := 0; fc.running; i++ {
		if i > 10000 {
			t.Fatalf("the forecast still runs after %d slices (%d fights)", i, fc.played())
		}
		tbl.onForecast(ctx, app.Action{Name: actionForecast, Value: fc})
	}
}

// TestForecastOnPage plays a forecast on the page's thread, where the
// browser has no worker: Run keeps its settings with the saved encounter,
// the slices play every fight asked for, the panel and the tokens show the
// numbers, "Run more" plays more, Cancel keeps the fights played, and a
// command makes the numbers stale.
func TestForecastOnPage(t *testing.T) {
	tbl, db, ctx := forecastTable(t, 120)
	side := tbl.state().Combatants[0].Side
	tbl.fcPolicies = map[string]string{side: forecast.Names()[len(forecast.Names())-1]}
	tbl.startForecast(ctx)
	fc := tbl.fc
	if fc == nil || fc.f == nil || fc.w != nil || !fc.running {
		t.Fatalf("forecast %+v: want it running on the page", fc)
	}
	saved, err := combat.DecodeSave(tbl.reg, []byte(db.docs[tbl.shelf.entry.ID]))
	if err != nil || savedPolicies(saved)[side] != tbl.fcPolicies[side] {
		t.Errorf("the saved encounter does not keep the tactics chosen: %v, %v", savedPolicies(saved), err)
	}
	html := app.HTMLString(tbl.renderForecast(tbl.state()))
	if !strings.Contains(html, `id="forecast-cancel"`) || !strings.Contains(html, `id="forecast-progress"`) {
		t.Errorf("a running forecast shows no progress and no Cancel:\n%s", html)
	}

	playOut(t, tbl, ctx, fc)
	if fc.err != "" || fc.res.Fights == 0 || fc.res.Fights != fc.played() || fc.res.Fights > 120 {
		t.Fatalf("forecast done: %d fights shown, %d played, error %q", fc.res.Fights, fc.played(), fc.err)
	}
	risks := tbl.riskViews()
	if len(risks) == 0 {
		t.Fatal("no token shows its risk")
	}
	for _, r := range risks {
		c, _ := tbl.state().Combatant(r.ID)
		if r.Short == "" || !strings.Contains(r.Words, r.Short) || r.Y <= margin+c.Pos.Y*cellPx {
			t.Errorf("risk of %s: %+v, token at %v", r.ID, r, c.Pos)
		}
	}
	html = app.HTMLString(tbl.renderForecast(tbl.state()))
	for _, want := range []string{`id="forecast-result"`, `id="forecast-more"`, `id="forecast-run"`, lead("forecast.done"), fmt.Sprintf(`data-fights="%d"`, fc.res.Fights)} {
		if !strings.Contains(html, want) {
			t.Errorf("the finished panel lacks %q", want)
		}
	}

	before := fc.played()
	tbl.moreForecast(ctx)
	if !fc.running || fc.budget() != 120+forecastMore {
		t.Fatalf("Run more: running %v, budget %d, want %d", fc.running, fc.budget(), 120+forecastMore)
	}
	for fc.played() == before {
		tbl.onForecast(ctx, app.Action{Name: actionForecast, Value: fc})
	}
	tbl.cancelForecast()
	if fc.running || !fc.cancelled || fc.res.Fights != fc.played() || fc.played() <= before {
		t.Errorf("Cancel: running %v, cancelled %v, %d fights shown of %d played (%d before)", fc.running, fc.cancelled, fc.res.Fights, fc.played(), before)
	}
	if html := app.HTMLString(tbl.renderForecast(tbl.state())); !strings.Contains(html, lead("forecast.cancelled")) {
		t.Error("the panel does not say the forecast was cancelled")
	}
	played := fc.played()
	tbl.onForecast(ctx, app.Action{Name: actionForecast, Value: fc})
	if fc.played() != played {
		t.Error("a slice already on its way played on after Cancel")
	}

	if !tbl.do(ctx, combat.EndTurn{}) {
		t.Fatal("the turn did not end")
	}
	if tbl.forecastNow() != nil || tbl.riskLabel(risks[0].ID) != "" || tbl.riskPct(risks[0].ID) != "" {
		t.Error("numbers of an encounter that changed since are still shown on the tokens")
	}
	if html := app.HTMLString(tbl.renderForecast(tbl.state())); !strings.Contains(html, `id="forecast-stale"`) {
		t.Error("the panel does not say its numbers are of an earlier state")
	}
	tbl.moreForecast(ctx)
	if fc.running {
		t.Error("Run more played on a stale forecast")
	}
}

// TestForecastWorkerMessages drives the page's side of the worker's
// messages (cmd/forecastworker): it starts the fights once the worker
// listens, takes progress and numbers, shows the worker's error, moves
// onto the page's thread when the worker's files do not load, ignores
// what an earlier worker or a garbled message says, and keeps an idle
// loaded worker as the spare for the next forecast.
func TestForecastWorkerMessages(t *testing.T) {
	tbl, _, ctx := forecastTable(t, 40)
	newRun := func() (*forecastRun, *forecastWorker) {
		fc := &forecastRun{enc: tbl.state(), set: forecast.Settings{Fights: 40, Seed: 7}, rev: tbl.rev, running: true}
		none := app.FuncOf(func(app.Value, []app.Value) any { return nil })
		w := &forecastWorker{js: app.Undefined(), onMsg: none, onErr: none, fc: fc, start: `{"type":"start"}`}
		fc.w, tbl.fc = w, fc
		return fc, w
	}
	f, err := forecast.New(tbl.reg, tbl.state(), forecast.Settings{Fights: 40, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(40); err != nil {
		t.Fatal(err)
	}
	res, err := json.Marshal(f.Result())
	if err != nil {
		t.Fatal(err)
	}

	// msg hands the table a message from worker w and checks whether it
	// asks for the panel's redraw: numbers, an error and the move onto the
	// page do; a quiet message must not, or go-app's redraw marks on the
	// table go out of balance and a tab clicked in the same frame is not
	// drawn (forecastDispatch).
	msg := func(w *forecastWorker, data string, redraw bool) {
		t.Helper()
		if got := tbl.onWorker(ctx, w, data); got != redraw {
			t.Errorf("%s: redraw %v, want %v", data, got, redraw)
		}
	}
	fc, w := newRun()
	msg(w, `{"type":"ready"}`, false)
	msg(w, `{"type":"progress","played":10,"fights":40,"roundCap":30}`, false)
	if !w.ready || fc.played() != 10 || fc.budget() != 40 || fc.roundCap() != 30 || !fc.running {
		t.Fatalf("after ready and progress: ready %v, played %d of %d, cap %d", w.ready, fc.played(), fc.budget(), fc.roundCap())
	}
	msg(w, `{"type":"result","played":20,"fights":40,"roundCap":30,"running":true,"result":`+string(res)+`}`, true)
	if !fc.running || fc.res.Fights != f.Result().Fights {
		t.Errorf("numbers so far: running %v, %d fights", fc.running, fc.res.Fights)
	}
	msg(w, `{"type":"progress","played":`, false)
	msg(&forecastWorker{fc: fc}, `{"type":"progress","played":1}`, false)
	if fc.played() != 20 {
		t.Errorf("a garbled message or another worker's changed the progress to %d", fc.played())
	}
	msg(w, `{"type":"result","played":40,"fights":40,"roundCap":30,"running":false,"result":`+string(res)+`}`, true)
	if fc.running || tbl.forecastNow() != fc {
		t.Fatalf("done: running %v", fc.running)
	}
	if html := app.HTMLString(tbl.renderForecast(tbl.state())); strings.Contains(html, `data-worker="false"`) || !strings.Contains(html, `id="forecast-result"`) {
		t.Errorf("the panel does not show the worker's numbers:\n%s", html)
	}

	tbl.release(fc)
	if tbl.fcSpare != w || fc.w != nil || w.fc != nil {
		t.Fatal("an idle loaded worker was not kept as the spare")
	}
	msg(w, `{"type":"error","error":"gone"}`, false)
	if tbl.fcSpare != nil {
		t.Error("a spare worker that failed is still kept")
	}

	fc, w = newRun()
	msg(w, `{"type":"ready"}`, false)
	msg(w, `{"type":"error","error":"out of memory"}`, true)
	if fc.running || fc.err != "out of memory" {
		t.Errorf("a worker's error: running %v, error %q", fc.running, fc.err)
	}
	if html := app.HTMLString(tbl.renderForecast(tbl.state())); !strings.Contains(html, `id="forecast-error"`) || !strings.Contains(html, "out of memory") {
		t.Error("the panel does not show the worker's error")
	}

	fc, w = newRun()
	msg(w, `{"type":"error","error":"script failed to load"}`, true)
	if fc.w != nil || fc.f == nil || !fc.running || fc.err != "" {
		t.Fatalf("a worker that never loaded: worker %v, on the page %v, running %v, error %q", fc.w != nil, fc.f != nil, fc.running, fc.err)
	}
	playOut(t, tbl, ctx, fc)
	if fc.res.Fights != f.Result().Fights {
		t.Errorf("the page played %d fights where the worker would have played %d", fc.res.Fights, f.Result().Fights)
	}
}
