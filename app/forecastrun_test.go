package app

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
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
		tbl.playSlice(ctx, fc)
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
	if fc == nil || fc.f == nil || len(fc.ws) != 0 || !fc.running {
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
		tbl.playSlice(ctx, fc)
	}
	tbl.cancelForecast()
	if fc.running || !fc.cancelled || fc.res.Fights != fc.played() || fc.played() <= before {
		t.Errorf("Cancel: running %v, cancelled %v, %d fights shown of %d played (%d before)", fc.running, fc.cancelled, fc.res.Fights, fc.played(), before)
	}
	if html := app.HTMLString(tbl.renderForecast(tbl.state())); !strings.Contains(html, lead("forecast.cancelled")) {
		t.Error("the panel does not say the forecast was cancelled")
	}
	played := fc.played()
	tbl.playSlice(ctx, fc)
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

// TestForecastWorkerMessages drives the page's side of the workers'
// messages (cmd/forecastworker): it hands a worker blocks of fights once it
// listens, merges the outcomes that come back out of order in the order of
// the fights, to the numbers of the forecast played in one go, ignores
// what another worker, another forecast or a garbled message says, stops
// at once on Cancel and counts the fights that come after on "Run more",
// shows a worker's error, moves onto the page's thread when no worker's
// files load, and keeps an idle loaded worker as a spare.
func TestForecastWorkerMessages(t *testing.T) {
	tbl, _, ctx := forecastTable(t, 40)
	set := forecast.Settings{Fights: 40, Seed: 7}
	none := app.FuncOf(func(app.Value, []app.Value) any { return nil })
	newRun := func(workers int) (*forecastRun, []*forecastWorker) {
		f, err := forecast.New(tbl.reg, tbl.state(), set)
		if err != nil {
			t.Fatal(err)
		}
		fc := &forecastRun{f: f, enc: tbl.state(), set: set, rev: tbl.rev, running: true, job: 5, start: `{"type":"start"}`, arrived: map[int]forecast.Outcome{}}
		for range workers {
			fc.ws = append(fc.ws, &forecastWorker{js: app.Undefined(), onMsg: none, onErr: none, fc: fc})
		}
		tbl.fc = fc
		return fc, slices.Clone(fc.ws)
	}
	one, err := forecast.New(tbl.reg, tbl.state(), set)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := one.Run(40); err != nil {
		t.Fatal(err)
	}
	player, err := forecast.New(tbl.reg, tbl.state(), set)
	if err != nil {
		t.Fatal(err)
	}
	fights := func(job, from, n int) string { return workerFights(t, player, job, from, from+n) }

	// msg hands the table a message from worker w and checks whether it
	// asks for the panel's redraw: the numbers, an error and the move onto
	// the page do; a quiet message must not, or go-app's redraw marks on
	// the table go out of balance and a tab clicked in the same frame is
	// not drawn (forecastDispatch).
	msg := func(w *forecastWorker, data string, redraw bool) {
		t.Helper()
		if got := tbl.onWorker(ctx, w, data); got != redraw {
			t.Errorf("%.60s: redraw %v, want %v", data, got, redraw)
		}
	}
	fc, ws := newRun(3)
	for _, w := range ws {
		msg(w, `{"type":"ready"}`, false)
	}
	if hand := ws[0].inHand + ws[1].inHand + ws[2].inHand; fc.next != 40 || hand != 5 {
		t.Fatalf("handed out fights up to %d in %d blocks, want all 40 in 5", fc.next, hand)
	}
	msg(ws[1], fights(5, 32, 8), false)
	msg(ws[2], fights(5, 16, 8), false)
	msg(ws[0], fights(5, 0, 8), false)
	msg(ws[0], fights(4, 8, 8), false)                                       // an earlier forecast's
	msg(&forecastWorker{fc: fc, ready: true}, fights(5, 8, 8), false)        // not one of its workers
	msg(ws[0], `{"type":"fights","job":5,"from":8,"outcomes":[{"w":`, false) // garbled
	if fc.played() != 8 || !fc.running {
		t.Fatalf("counted %d fights (running %v), want the first 8", fc.played(), fc.running)
	}
	msg(ws[0], fights(5, 24, 8), false)
	msg(ws[1], fights(5, 8, 8), true)
	if fc.running || fc.played() != 40 || !reflect.DeepEqual(fc.res, one.Result()) {
		t.Fatalf("done: running %v, %d fights: %+v\nin one go: %+v", fc.running, fc.played(), fc.res, one.Result())
	}
	if html := app.HTMLString(tbl.renderForecast(tbl.state())); !strings.Contains(html, `data-workers="3"`) || !strings.Contains(html, `id="forecast-result"`) {
		t.Errorf("the panel does not show the workers' numbers:\n%s", html)
	}

	// Run more, Cancel, then Run more again: the blocks that come after
	// Cancel are counted then.
	tbl.moreForecast(ctx)
	if !fc.running || fc.next != 40+3*forecastInHand*forecastBlock {
		t.Fatalf("Run more: running %v, handed out up to %d", fc.running, fc.next)
	}
	msg(ws[0], fights(5, 40, 8), false)
	tbl.cancelForecast()
	if fc.running || !fc.cancelled || fc.res.Fights != 48 {
		t.Fatalf("Cancel: running %v, %d fights shown", fc.running, fc.res.Fights)
	}
	msg(ws[1], fights(5, 48, 8), false)
	if fc.played() != 48 {
		t.Errorf("counted %d fights after Cancel", fc.played())
	}
	tbl.moreForecast(ctx)
	if !fc.running || fc.played() != 56 {
		t.Errorf("Run more after Cancel: running %v, %d fights counted, want 56", fc.running, fc.played())
	}
	tbl.cancelForecast()

	tbl.release(fc)
	if len(tbl.fcSpares) != 1 || tbl.fcSpares[0] != ws[0] || len(fc.ws) != 0 || ws[0].fc != nil {
		t.Fatalf("spares %d: the idle loaded workers are not kept, one a core", len(tbl.fcSpares))
	}
	msg(ws[0], fights(5, 56, 8), false) // what it still held
	msg(ws[0], `{"type":"error","error":"gone"}`, false)
	if len(tbl.fcSpares) != 0 {
		t.Error("a spare worker that failed is still kept")
	}

	fc, ws = newRun(2)
	msg(ws[0], `{"type":"ready"}`, false)
	msg(ws[0], `{"type":"error","job":5,"error":"out of memory"}`, true)
	if fc.running || fc.err != "out of memory" {
		t.Errorf("a worker's error: running %v, error %q", fc.running, fc.err)
	}
	if html := app.HTMLString(tbl.renderForecast(tbl.state())); !strings.Contains(html, `id="forecast-error"`) || !strings.Contains(html, "out of memory") {
		t.Error("the panel does not show the worker's error")
	}

	fc, ws = newRun(2)
	msg(ws[0], `{"type":"error","error":"script failed to load"}`, false)
	if len(fc.ws) != 1 || !fc.running {
		t.Fatalf("one worker of two did not load: %d left, running %v", len(fc.ws), fc.running)
	}
	msg(ws[1], `{"type":"error","error":"script failed to load"}`, true)
	if len(fc.ws) != 0 || !fc.running || fc.err != "" {
		t.Fatalf("no worker loaded: %d workers, running %v, error %q", len(fc.ws), fc.running, fc.err)
	}
	playOut(t, tbl, ctx, fc)
	if !reflect.DeepEqual(fc.res, one.Result()) {
		t.Errorf("the page's numbers:\n%+v\nin one go:\n%+v", fc.res, one.Result())
	}
}

// TestForecastHeadStart has the spares play the first blocks of the
// forecast while its tab is open, before Run: Run counts them when the
// encounter and the settings are the same, without starting the workers
// again, and the numbers are those of the forecast played in one go; a
// command, or other tactics, leave the head start out.
func TestForecastHeadStart(t *testing.T) {
	tbl, _, ctx := forecastTable(t, 40)
	none := app.FuncOf(func(app.Value, []app.Value) any { return nil })
	spares := func() []*forecastWorker {
		tbl.fcSpares = nil
		for range workerCount() {
			tbl.fcSpares = append(tbl.fcSpares, &forecastWorker{js: app.Undefined(), onMsg: none, onErr: none, ready: true})
		}
		return slices.Clone(tbl.fcSpares)
	}
	ws := spares()
	tbl.headStart()
	if tbl.fcHead != nil {
		t.Fatal("a head start with the forecast's tab closed")
	}
	tbl.side.tab = "forecast"
	tbl.headStart()
	h := tbl.fcHead
	if h == nil {
		t.Fatal("no head start with the forecast's tab open")
	}
	for _, w := range ws {
		if w.started != h.job || w.inHand != forecastInHand {
			t.Fatalf("a spare got no start (job %d of %d) or holds %d blocks", w.started, h.job, w.inHand)
		}
	}
	if limit := forecastInHand * forecastBlock * workerCount(); h.next != min(40, limit) {
		t.Fatalf("the head start handed out %d fights, want %d", h.next, min(40, limit))
	}
	held := h.next
	tbl.headStart() // the tab opened again: no more fights
	if tbl.fcHead != h || h.next != held {
		t.Fatalf("a second head start handed out up to %d fights", h.next)
	}

	set := tbl.forecastSettings()
	one, err := forecast.New(tbl.reg, tbl.state(), set)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := one.Run(forecast.MaxFights); err != nil {
		t.Fatal(err)
	}
	player, err := forecast.New(tbl.reg, tbl.state(), set)
	if err != nil {
		t.Fatal(err)
	}
	fights := func(job, from, n int) string { return workerFights(t, player, job, from, min(from+n, 40)) }
	tbl.onWorker(ctx, ws[0], fights(h.job, 0, 8))
	tbl.onWorker(ctx, ws[0], fights(h.job-1, 8, 8)) // an earlier job's
	if len(h.arrived) != 8 || ws[0].inHand != forecastInHand-1 {
		t.Fatalf("the head start kept %d outcomes, the spare holds %d blocks", len(h.arrived), ws[0].inHand)
	}

	// Run: the same forecast takes the head start over.
	f, err := forecast.New(tbl.reg, tbl.state(), set)
	if err != nil {
		t.Fatal(err)
	}
	fc := &forecastRun{f: f, enc: tbl.state(), set: set, rev: tbl.rev, running: true, ws: ws}
	tbl.fc = fc
	if !tbl.adoptHead(fc) || fc.job != h.job || fc.next != held || len(fc.arrived) != 8 || tbl.fcHead != nil {
		t.Fatalf("Run did not take the head start over: job %d, next %d, %d outcomes", fc.job, fc.next, len(fc.arrived))
	}
	for _, w := range ws {
		w.fc = fc
		tbl.begin(fc, w)
		if w.started != h.job {
			t.Fatal("a spare was started again")
		}
	}
	for from := 8; from < 40; from += forecastBlock {
		tbl.onWorker(ctx, ws[from/forecastBlock%len(ws)], fights(fc.job, from, forecastBlock))
	}
	if fc.running || fc.played() != 40 || !reflect.DeepEqual(fc.res, one.Result()) {
		t.Fatalf("done: running %v, %d fights: %+v\nin one go: %+v", fc.running, fc.played(), fc.res, one.Result())
	}

	// Another encounter or other tactics: Run starts afresh.
	tbl.fc = nil
	for _, change := range []func(){
		func() { tbl.changed() },
		func() { tbl.fcPolicies = map[string]string{tbl.state().Combatants[0].Side: forecast.Names()[0]} },
	} {
		spares()
		tbl.headStart()
		h := tbl.fcHead
		change()
		fc := &forecastRun{set: tbl.forecastSettings(), rev: tbl.rev}
		if h == nil || tbl.adoptHead(fc) || tbl.fcHead != nil {
			t.Errorf("a head start of another forecast was taken over (head %v)", h != nil)
		}
	}
}

// workerFights is a worker's reply to job with the outcomes of fights
// from..to-1, played by player as a worker plays them.
func workerFights(t *testing.T, player *forecast.Forecaster, job, from, to int) string {
	t.Helper()
	r := workerReply{Type: "fights", Job: job, From: from}
	for i := from; i < to; i++ {
		o, err := player.Play(i)
		if err != nil {
			t.Fatal(err)
		}
		r.Outcomes = append(r.Outcomes, o)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
