package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/forecast"
)

// The "Who wins?" panel plays the open encounter to its end many times
// (rules/forecast) in Web Workers (cmd/forecastworker, web/forecast-worker.js),
// one per core up to forecastMaxWorkers: the page hands each worker blocks
// of fights in turn, and counts the outcomes they post back in the order of
// the fights (forecast.Forecaster.Merge), so the forecast stops on the very
// fight, and with the very numbers, of one played in one go. Where there is
// no worker (no Worker in the browser, or its files fail to load) it plays
// them on the page's own thread, in short slices of work, each a task of
// its own, so the table stays responsive while it runs: a slice either
// plays fights for at most forecastSlice, showing only the progress bar's
// new value, or plays none and redraws the panel with the numbers so far.
const (
	forecastFights  = 4000                   // most fights of a forecast; it stops earlier once precise
	forecastMore    = 2000                   // fights "Run more" adds
	forecastSlice   = 8 * time.Millisecond   // work in one task, well within a 60 Hz frame (16.7 ms)
	forecastRefresh = 750 * time.Millisecond // how often the panel redraws with the numbers so far
	forecastTick    = 50 * time.Millisecond  // how often the progress bar moves at most: each move costs the page a frame

	forecastMaxWorkers = 4 // workers of one forecast at most, however many cores
	forecastBlock      = 8 // fights a worker plays per message: tens of milliseconds
	forecastInHand     = 2 // blocks a worker holds, so it never waits for the page
)

// forecastWorkerScript is the Web Worker that plays a forecast off the
// page's thread.
const forecastWorkerScript = "/web/forecast-worker.js"

// forecastRun is a forecast in progress or done.
type forecastRun struct {
	// f counts the fights: it plays them on the page's thread, or merges
	// the outcomes the workers send. Nil when the forecast could not start.
	f          *forecast.Forecaster
	ws         []*forecastWorker        // the workers that play it; none on the page's thread
	job        int                      // numbers the workers' replies about it
	start      string                   // the message that starts it in a worker
	next       int                      // the next fight to hand a worker
	arrived    map[int]forecast.Outcome // outcomes of fights not yet merged, by fight
	enc        combat.Encounter         // what it forecasts
	set        forecast.Settings        // the settings asked for
	rev        int                      // the revision of the session it forecasts
	running    bool
	cancelled  bool
	err        string
	res        forecast.Result
	shown      time.Time     // when the panel last took the numbers
	ticked     time.Time     // when the progress bar last moved
	longest    time.Duration // the longest slice of work so far
	drawn      time.Duration // the longest redraw of the table with the numbers so far
	seenFights int           // the fights of the result last shown on its tab
}

// forecastWorker is a Web Worker that plays forecasts, and the page's side
// of its messages (cmd/forecastworker).
type forecastWorker struct {
	js           app.Value
	onMsg, onErr app.Func
	fc           *forecastRun // the forecast it plays; nil while it waits as a spare
	ready        bool         // the worker has said it is listening
	inHand       int          // blocks of fc's fights it has been sent and not answered
	started      int          // the job whose start it was sent last
}

// workerReply is a message from a worker.
type workerReply struct {
	Type     string             `json:"type"`
	Job      int                `json:"job"`
	From     int                `json:"from"`
	Outcomes []forecast.Outcome `json:"outcomes"`
	Error    string             `json:"error"`
}

// started reports whether the forecast could start.
func (fc *forecastRun) started() bool { return fc.f != nil }

// played returns the fights counted so far.
func (fc *forecastRun) played() int {
	if fc.f == nil {
		return 0
	}
	return fc.f.Played()
}

// budget returns the fights the forecast plays at most.
func (fc *forecastRun) budget() int {
	if fc.f == nil {
		return fc.set.Fights
	}
	return fc.f.Settings().Fights
}

// roundCap returns the round cap in effect.
func (fc *forecastRun) roundCap() int {
	if fc.f == nil {
		return 0
	}
	return fc.f.Settings().RoundCap
}

// stop ends the forecast's workers, if any.
func (fc *forecastRun) stop() {
	if fc == nil {
		return
	}
	for _, w := range fc.ws {
		w.terminate()
	}
	fc.ws = nil
}

// terminate ends the worker.
func (w *forecastWorker) terminate() {
	w.js.Call("terminate")
	w.onMsg.Release()
	w.onErr.Release()
}

// workerCount is how many workers a forecast uses: one per core the
// browser reports, at least one and at most forecastMaxWorkers.
func workerCount() int {
	n := 1
	if hc := app.Window().Get("navigator").Get("hardwareConcurrency"); hc.Truthy() {
		n = hc.Int()
	}
	return min(max(n, 1), forecastMaxWorkers)
}

// release leaves the forecast's loaded workers to the next forecast as
// spares once it has stopped, and ends the others. A spare may still play
// a block of this forecast's; the next forecast's messages wait behind it
// and its reply, numbered with this forecast's job, is dropped.
func (t *Table) release(fc *forecastRun) {
	if fc == nil {
		return
	}
	for _, w := range fc.ws {
		if w.ready && !fc.running && len(t.fcSpares) < workerCount() {
			w.fc, w.inHand = nil, 0
			t.fcSpares = append(t.fcSpares, w)
			continue
		}
		w.terminate()
	}
	fc.ws = nil
}

// startForecast forecasts the open encounter from where it stands, with
// the settings kept in the session (so they travel with saves and links)
// and the tactics chosen in the panel.
func (t *Table) startForecast(ctx app.Context) {
	set := t.forecastSettings()
	if raw, err := json.Marshal(set); err == nil && !bytes.Equal(raw, t.sess.Forecast()) && t.sess.SetForecast(raw) == nil {
		t.autosave(ctx)
	}
	t.release(t.fc)
	fc := &forecastRun{enc: t.state(), set: set, rev: t.rev}
	t.fc = fc
	f, err := forecast.New(t.reg, fc.enc, fc.set)
	if err != nil {
		fc.err = err.Error()
		return
	}
	fc.f = f
	if !t.startWorkers(fc) {
		t.forecastOnPage(ctx, fc)
		return
	}
	if t.mergeArrived(fc) { // the head start played every fight asked for
		t.showForecast(ctx, fc, fc.f.Result())
	}
}

// forecastSettings returns the settings Run starts a forecast with: those
// kept in the session (so they travel with saves and links), the tactics
// chosen in the panel, and forecastFights fights unless the session says.
func (t *Table) forecastSettings() forecast.Settings {
	set, _ := forecast.DecodeSettings(t.sess.Forecast()) // checked when the session was opened
	set.Policies = t.fcPolicies
	if set.Fights == 0 {
		set.Fights = forecastFights
	}
	return set
}

// forecastOnPage plays the forecast on the page's own thread.
func (t *Table) forecastOnPage(ctx app.Context, fc *forecastRun) {
	fc.stop()
	t.resumeForecast(ctx)
}

// startWorkers shares the forecast out among Web Workers, the spares
// first, and reports whether it could: the browser has workers and the
// encounter encodes. A worker still loading gets the forecast once it
// says it is listening (onWorker).
func (t *Table) startWorkers(fc *forecastRun) bool {
	if !app.Window().Get("Worker").Truthy() {
		for _, w := range t.fcSpares {
			w.terminate()
		}
		t.fcSpares, t.fcHead = nil, nil
		return false
	}
	if !t.adoptHead(fc) && !t.jobOf(fc) {
		return false
	}
	n := workerCount()
	for len(fc.ws) < n {
		var w *forecastWorker
		if len(t.fcSpares) > 0 {
			w, t.fcSpares = t.fcSpares[0], t.fcSpares[1:]
		} else if w = t.newWorker(); w == nil {
			break
		}
		w.fc = fc
		fc.ws = append(fc.ws, w)
	}
	if len(fc.ws) == 0 {
		return false
	}
	fc.running, fc.cancelled = true, false
	for _, w := range fc.ws {
		t.begin(fc, w)
	}
	return true
}

// adoptHead makes the spares' head start (headStart) the beginning of
// forecast fc when it is the same forecast, of the same encounter, and
// reports whether it did. The head start is over either way.
func (t *Table) adoptHead(fc *forecastRun) bool {
	h := t.fcHead
	t.fcHead = nil
	if h == nil || h.rev != fc.rev || !h.set.Equal(fc.set) {
		return false
	}
	fc.job, fc.start, fc.next, fc.arrived = h.job, h.start, h.next, h.arrived
	return true
}

// jobOf numbers the forecast as the workers' next job and writes the
// message that starts it in a worker, from the session as it stands; it
// reports whether the session encodes.
func (t *Table) jobOf(fc *forecastRun) bool {
	save, err := combat.EncodeSave(t.sess)
	if err != nil {
		return false
	}
	set, err := json.Marshal(fc.set)
	if err != nil {
		return false
	}
	t.fcJobs++
	// Written out rather than marshalled: json.Marshal would parse the
	// save document again only to copy it.
	fc.job, fc.next, fc.arrived = t.fcJobs, 0, map[int]forecast.Outcome{}
	fc.start = `{"type":"start","job":` + strconv.Itoa(fc.job) + `,"settings":` + string(set) + `,"save":` + string(save) + `}`
	return true
}

// begin starts the forecast in worker w once it listens, unless w has
// been sent its start already (a spare with a head start), and hands it
// its first blocks of fights.
func (t *Table) begin(fc *forecastRun, w *forecastWorker) {
	if !w.ready {
		return
	}
	if w.started != fc.job {
		w.js.Call("postMessage", fc.start)
		w.started, w.inHand = fc.job, 0
	}
	t.feed(fc, w)
}

// headStart has the spares play the first blocks of the forecast Run
// would start now, while the forecast's tab is open and shows no numbers
// for the encounter as it stands: the workers' code is compiled and
// optimised by the browser as it first runs, which would otherwise slow
// the forecast's first second, and Run counts what they played (same
// encounter, same settings: the same fights). A head start plays at most
// forecastInHand blocks a spare, however often the tab is opened, and one
// the encounter or the settings have moved on from is dropped.
func (t *Table) headStart() {
	if t.sideTab() != "forecast" || t.forecastNow() != nil || t.fc != nil && t.fc.running {
		return
	}
	h := t.fcHead
	if set := t.forecastSettings(); h == nil || h.rev != t.rev || !h.set.Equal(set) {
		h = &forecastRun{set: set, rev: t.rev, running: true}
		if !t.jobOf(h) {
			return
		}
		t.fcHead = h
	}
	for _, w := range t.fcSpares {
		if h.next < forecastInHand*forecastBlock*workerCount() {
			t.begin(h, w)
		}
	}
}

// feed hands worker w the next blocks of the forecast's fights, until it
// holds forecastInHand of them or every fight of the budget is handed out.
func (t *Table) feed(fc *forecastRun, w *forecastWorker) {
	for fc.running && w.ready && w.inHand < forecastInHand && fc.next < fc.budget() {
		n := min(forecastBlock, fc.budget()-fc.next)
		w.js.Call("postMessage", `{"type":"play","job":`+strconv.Itoa(fc.job)+`,"from":`+strconv.Itoa(fc.next)+`,"n":`+strconv.Itoa(n)+`}`)
		fc.next += n
		w.inHand++
	}
}

// newWorker starts a forecast worker, or returns nil when the browser
// refuses it. Its messages go to onWorker.
func (t *Table) newWorker() (w *forecastWorker) {
	defer func() {
		if recover() != nil { // the browser refused the worker
			w = nil
		}
	}()
	w = &forecastWorker{js: app.Window().Get("Worker").New(forecastWorkerScript)}
	w.onMsg = app.FuncOf(func(this app.Value, args []app.Value) any {
		data := args[0].Get("data").String()
		t.forecastDispatch(func(ctx app.Context) bool { return t.onWorker(ctx, w, data) })
		return nil
	})
	w.onErr = app.FuncOf(func(this app.Value, args []app.Value) any {
		msg := args[0].Get("message").String()
		t.forecastDispatch(func(ctx app.Context) bool {
			return t.onWorker(ctx, w, `{"type":"error","error":`+strconv.Quote(msg)+`}`)
		})
		return nil
	})
	w.js.Set("onmessage", w.onMsg)
	w.js.Set("onerror", w.onErr)
	return w
}

// spareWorker loads workers ahead of the next forecast when its tab is
// opened, so that Run does not wait for the worker's program to load, and
// gives them a head start (headStart). Not before: a page whose forecast
// is never opened does not pay for compiling the workers' program, which
// took both cores of a small machine for about a second.
func (t *Table) spareWorker() {
	if !app.IsClient || t.fc != nil && len(t.fc.ws) > 0 || !app.Window().Get("Worker").Truthy() {
		return
	}
	for len(t.fcSpares) < workerCount() {
		w := t.newWorker()
		if w == nil {
			return
		}
		t.fcSpares = append(t.fcSpares, w)
	}
	t.headStart()
}

// onWorker takes a message from worker w: outcomes are merged in the
// order of the fights, and only the progress bar shows them, without a
// redraw, until the forecast is done, which redraws the panel and the
// board's risk layer (see showForecast). A worker that fails before it
// listens (its files did not load) is dropped, and when none is left the
// forecast moves onto the page's thread. A spare only says it is
// listening, or is dropped. It reports whether the panel shows something
// new.
func (t *Table) onWorker(ctx app.Context, w *forecastWorker, data string) (redraw bool) {
	var r workerReply
	if json.Unmarshal([]byte(data), &r) != nil {
		return false
	}
	fc := w.fc
	if fc == nil {
		switch r.Type {
		case "ready":
			w.ready = true
			t.headStart()
		case "fights":
			if h := t.fcHead; h != nil && r.Job == h.job && w.started == h.job {
				w.inHand = max(0, w.inHand-1)
				for i, o := range r.Outcomes {
					h.arrived[r.From+i] = o
				}
			}
		case "error":
			if i := slices.Index(t.fcSpares, w); i >= 0 && (!w.ready || r.Job == 0) {
				t.fcSpares = slices.Delete(t.fcSpares, i, i+1)
				w.terminate()
			}
		}
		return false
	}
	if t.fc != fc || !slices.Contains(fc.ws, w) || r.Job != 0 && r.Job != fc.job {
		return false
	}
	switch r.Type {
	case "ready":
		w.ready = true
		t.begin(fc, w)
		return false
	case "fights":
		w.inHand = max(0, w.inHand-1)
		for i, o := range r.Outcomes {
			if r.From+i >= fc.played() {
				fc.arrived[r.From+i] = o
			}
		}
		if !fc.running {
			return false
		}
		if t.mergeArrived(fc) {
			t.showForecast(ctx, fc, fc.f.Result())
			return true
		}
		t.feed(fc, w)
		t.showProgress(fc)
		return false
	case "error":
		if !w.ready {
			fc.ws = slices.DeleteFunc(fc.ws, func(x *forecastWorker) bool { return x == w })
			w.terminate()
			if len(fc.ws) > 0 {
				return false
			}
			t.forecastOnPage(ctx, fc)
			return true
		}
		fc.err, fc.running = r.Error, false
		return true
	}
	return false
}

// mergeArrived counts the outcomes that follow the fights counted so far,
// in the order of the fights, while the forecast is not done, and reports
// whether it stopped: done, or an outcome was refused.
func (t *Table) mergeArrived(fc *forecastRun) (stopped bool) {
	for o, ok := fc.arrived[fc.f.Played()]; ok && !fc.f.Done(); o, ok = fc.arrived[fc.f.Played()] {
		delete(fc.arrived, fc.f.Played())
		if err := fc.f.Merge(o); err != nil {
			fc.err, fc.running = err.Error(), false
			return true
		}
	}
	if fc.f.Done() {
		fc.running = false
	}
	return !fc.running
}

// savedPolicies returns the tactics per side kept with a session, or nil
// when it carries none (or settings this build cannot read).
func savedPolicies(sess *combat.Session) map[string]string {
	set, err := forecast.DecodeSettings(sess.Forecast())
	if err != nil {
		return nil
	}
	return set.Policies
}

// resumeForecast runs the forecast in slices until it is done or
// cancelled.
func (t *Table) resumeForecast(ctx app.Context) {
	fc := t.fc
	fc.running, fc.cancelled = true, false
	t.nextSlice(fc)
}

// playSlice does one slice of forecast fc's work: fights, after which only
// the progress bar is brought up to date, straight on the page (a redraw
// would cost more than the slice); or, every forecastRefresh and when the
// forecast is done, no fights and the numbers so far. Then it lets the
// browser do what waits (nextSlice). It reports whether the panel shows
// something new, for its caller to redraw it (forecastDispatch), in the
// same dispatch that changed it.
func (t *Table) playSlice(ctx app.Context, fc *forecastRun) (redraw bool) {
	if t.fc != fc || !fc.running {
		return false
	}
	if time.Since(fc.shown) >= forecastRefresh || fc.f.Done() {
		fc.running = !fc.f.Done()
		t.showForecast(ctx, fc, fc.f.Result())
		if fc.running {
			t.nextSlice(fc)
		}
		return true
	}
	begin := time.Now()
	for time.Since(begin) < forecastSlice && !fc.f.Done() {
		if _, err := fc.f.Step(1); err != nil {
			fc.err, fc.running = err.Error(), false
			break
		}
	}
	fc.longest = max(fc.longest, time.Since(begin))
	if !fc.running || fc.f.Done() {
		fc.running = false
		t.showForecast(ctx, fc, fc.f.Result())
		return true
	}
	t.showProgress(fc)
	t.nextSlice(fc)
	return false
}

// showForecast takes the numbers so far for the panel's next redraw,
// draws the tokens' risks into the board at once (paintRisks), and
// measures the panel's redraw: from the start of its Render to the end of
// go-app's update (its deferred functions run after it). A forecast that
// ends while its tab is hidden redraws the tab's badge too.
func (t *Table) showForecast(ctx app.Context, fc *forecastRun, res forecast.Result) {
	fc.res, fc.shown = res, time.Now()
	if app.IsClient {
		paintRisks(t.riskViews())
	}
	if !fc.running && t.sideTab() != "forecast" {
		t.showBadge()
	}
	p := t.fcPanel
	if p == nil {
		return
	}
	ctx.Defer(func(app.Context) {
		if !p.rendered.IsZero() {
			fc.drawn = max(fc.drawn, time.Since(p.rendered))
		}
	})
}

// showProgress writes the fights played into the progress bar and its
// line, on the page as drawn, without a redraw: the line's values are the
// text of its <bdi>s, changed in place, so go-app's next redraw finds the
// nodes it made. It moves the bar once per forecastTick at most: the
// workers' replies come faster than that, and each move makes the browser
// lay out and paint the panel again.
func (t *Table) showProgress(fc *forecastRun) {
	if now := time.Now(); now.Sub(fc.ticked) >= forecastTick {
		fc.ticked = now
	} else {
		return
	}
	doc := app.Window().Get("document")
	if bar := doc.Call("getElementById", "forecast-progress"); bar.Truthy() {
		bar.Set("max", fc.budget()) // "Run more" raises it
		bar.Set("value", fc.played())
	}
	line := doc.Call("getElementById", "forecast-progress-line")
	if !line.Truthy() {
		return
	}
	bdis := line.Call("getElementsByTagName", "bdi")
	i := 0
	for _, p := range i18n.Parts(t.lang, "forecast.progress", "n", fc.played(), "max", fc.budget()) {
		if !p.Arg {
			continue
		}
		if b := bdis.Index(i); i < bdis.Length() && b.Get("firstChild").Truthy() {
			b.Get("firstChild").Set("nodeValue", p.Text)
		}
		i++
	}
}

// nextSlice plays forecast fc's next slice (playSlice) in a task of its
// own, once the browser has done what waits (input, a frame to paint): a
// message the page posts to itself on a fresh MessageChannel, which,
// unlike a timeout, is not held back 4 ms, and, unlike an animation frame,
// does not wait for the next frame, so slices of work follow each other
// closely while the page still answers between them. The slice runs in
// the panel's context (forecastDispatch), which outlives the Run button
// that started the forecast, and which the slice that shows the numbers
// redraws in the same dispatch: an action handled by the table later
// raced the panel's redraw, which could then show the forecast running
// after it had ended.
func (t *Table) nextSlice(fc *forecastRun) {
	ch := app.Window().Get("MessageChannel").New()
	port := ch.Get("port1")
	var fn app.Func
	fn = app.FuncOf(func(this app.Value, args []app.Value) any {
		port.Call("close")
		fn.Release()
		t.forecastDispatch(func(ctx app.Context) bool { return t.playSlice(ctx, fc) })
		return nil
	})
	port.Set("onmessage", fn)
	ch.Get("port2").Call("postMessage", nil)
}

// cancelForecast stops the forecast at once, with the numbers of the
// fights counted so far. Its workers finish the blocks they hold, which
// "Run more" then counts.
func (t *Table) cancelForecast() {
	fc := t.fc
	if fc == nil {
		return
	}
	fc.cancelled, fc.running = true, false
	if fc.f != nil {
		fc.res = fc.f.Result()
		paintRisks(t.riskViews())
	}
}

// moreForecast plays forecastMore more fights of the forecast ("Run more").
func (t *Table) moreForecast(ctx app.Context) {
	fc := t.fc
	if fc == nil || !fc.started() || fc.rev != t.rev {
		return
	}
	fc.f.Extend(forecastMore)
	if len(fc.ws) == 0 {
		t.resumeForecast(ctx)
		return
	}
	fc.running, fc.cancelled = true, false
	if t.mergeArrived(fc) {
		t.showForecast(ctx, fc, fc.f.Result())
		return
	}
	for _, w := range fc.ws {
		t.feed(fc, w)
	}
}

// forecastNow returns the forecast of the open encounter as it stands, or
// nil when there is none or the encounter changed since.
func (t *Table) forecastNow() *forecastRun {
	if t.fc == nil || t.fc.rev != t.rev || !t.fc.started() || t.fc.res.Fights == 0 {
		return nil
	}
	return t.fc
}

// riskLabel is the risk drawn on creature id's token: the share of fights
// in which it goes down, and in which it dies or gets away by its side's
// escape aim (ENG-AIM-1) where that happens, or "" without a forecast.
func (t *Table) riskLabel(id string) string {
	fc := t.forecastNow()
	if fc == nil {
		return ""
	}
	c, ok := fc.res.Creature(id)
	if !ok {
		return ""
	}
	label := i18n.T(t.lang, "forecast.risk", "p", pct(t.lang, c.Down.P))
	if c.Dead.P > 0 {
		label = i18n.T(t.lang, "forecast.risk.dead", "p", pct(t.lang, c.Down.P), "dead", pct(t.lang, c.Dead.P))
	}
	if c.Escaped.P > 0 {
		label += i18n.T(t.lang, "forecast.risk.escaped", "p", pct(t.lang, c.Escaped.P))
	}
	return label
}

// riskPct is riskLabel in short: the share of fights in which creature id
// goes down.
func (t *Table) riskPct(id string) string {
	if fc := t.forecastNow(); fc != nil {
		if c, ok := fc.res.Creature(id); ok {
			return pct(t.lang, c.Down.P)
		}
	}
	return ""
}

// pct writes a probability as a percentage with one decimal.
func pct(l i18n.Lang, p float64) string {
	return i18n.Percent(l, int64(math.Round(p*10000)), 10000)
}

// difficulty is the word for a side's chance to win: the panel's verdict,
// read from the forecast rather than from experience budgets.
func difficulty(win float64) string {
	switch {
	case win >= 0.95:
		return "forecast.word.trivial"
	case win >= 0.75:
		return "forecast.word.easy"
	case win >= 0.45:
		return "forecast.word.even"
	case win >= 0.2:
		return "forecast.word.hard"
	case win >= 0.05:
		return "forecast.word.deadly"
	}
	return "forecast.word.hopeless"
}

// renderForecast is the "Who wins?" panel.
func (t *Table) renderForecast(enc combat.Encounter) app.UI {
	l := t.lang
	fc := t.fc
	running := fc != nil && fc.running
	body := []app.UI{
		app.H2().Text(i18n.T(l, "forecast.title")),
		app.P().Class("hint").Text(i18n.T(l, "forecast.hint")),
		t.renderPolicies(enc, running),
	}
	switch {
	case running:
		body = append(body,
			app.Progress().ID("forecast-progress").Attr("max", fc.budget()).Attr("value", fc.played()),
			app.P().ID("forecast-progress-line").Body(say(l, "forecast.progress", "n", fc.played(), "max", fc.budget())...),
			app.Button().ID("forecast-cancel").Text(i18n.T(l, "forecast.cancel")).OnClick(func(ctx app.Context, e app.Event) {
				t.keepTable()
				t.cancelForecast()
			}),
		)
	default:
		body = append(body, app.Button().ID("forecast-run").Text(i18n.T(l, "forecast.run")).
			OnClick(func(ctx app.Context, e app.Event) {
				t.keepTable()
				t.startForecast(ctx)
			}))
	}
	if fc != nil && fc.err != "" {
		body = append(body, app.P().ID("forecast-error").Class("error").Body(say(l, "forecast.failed", "msg", fc.err)...))
	}
	if fc != nil && fc.started() && fc.rev != t.rev {
		body = append(body, app.P().ID("forecast-stale").Text(i18n.T(l, "forecast.stale")))
	} else if fc != nil && fc.res.Fights > 0 {
		body = append(body, t.renderForecastResult(enc, fc))
	}
	workers := 0
	if fc != nil {
		workers = len(fc.ws)
	}
	return app.Section().ID("forecast").Class("panel forecast").Attr("data-running", running).
		Attr("data-worker", fc != nil && len(fc.ws) > 0).Attr("data-workers", workers).Body(body...)
}

// renderPolicies offers a choice of tactics for each side.
func (t *Table) renderPolicies(enc combat.Encounter, running bool) app.UI {
	l := t.lang
	var rows []app.UI
	var seen []string
	for _, c := range enc.Combatants {
		if slices.Contains(seen, c.Side) {
			continue
		}
		seen = append(seen, c.Side)
		cur := t.fcPolicies[c.Side]
		if cur == "" {
			cur = forecast.DefaultPolicy
		}
		var opts []app.UI
		for _, name := range forecast.Names() {
			opts = append(opts, app.Option().Value(name).Selected(name == cur).Text(i18n.T(l, "forecast.policy."+name)))
		}
		rows = append(rows, app.Label().Class("policy").Body(
			app.Span().Body(say(l, "forecast.policy", "side", c.Side)...),
			app.Select().Class("forecast-policy").Attr("data-side", c.Side).Disabled(running).Body(opts...).
				OnChange(func(ctx app.Context, e app.Event) {
					t.keepTable()
					if t.fcPolicies == nil {
						t.fcPolicies = map[string]string{}
					}
					t.fcPolicies[data(ctx, "side")] = ctx.JSSrc().Get("value").String()
				}),
		))
	}
	return app.Div().Class("policies").Body(rows...)
}

// renderForecastResult shows the numbers: a bar per side with its
// interval, the draws, the difficulty word, who drops first, the rounds.
func (t *Table) renderForecastResult(enc combat.Encounter, fc *forecastRun) app.UI {
	l := t.lang
	r := fc.res
	// A bar per side and one for the draws; a side with an escape aim
	// (ENG-AIM-1) shows its wins by escaping as a part of its bar of their
	// own, after its wins on the field.
	bar := func(id, key string, iv forecast.Interval, escaped float64, args ...any) app.UI {
		args = append(args, "p", pct(l, iv.P), "lo", pct(l, iv.Lo), "hi", pct(l, iv.Hi))
		label := say(l, key, args...)
		var esc app.UI
		if escaped > 0 {
			label = append(label, say(l, "forecast.win.escaped", "p", pct(l, escaped))...)
			esc = app.Span().Class("fc-esc").Style("inset-inline-start", pct(i18n.English, iv.P-escaped)).
				Style("width", pct(i18n.English, escaped))
		}
		return app.Li().ID(id).Class("fc-row").Attr("data-p", fmt.Sprintf("%.4f", iv.P)).Attr("data-escaped", fmt.Sprintf("%.4f", escaped)).Body(
			app.Span().Class("fc-label").Body(label...),
			app.Span().Class("fc-bar").Title(i18n.T(l, "forecast.interval")).Body(
				app.Span().Class("fc-fill").Style("width", pct(i18n.English, iv.P-escaped)),
				esc,
				app.Span().Class("fc-ci").Style("inset-inline-start", pct(i18n.English, iv.Lo)).
					Style("width", pct(i18n.English, iv.Hi-iv.Lo)),
			),
		)
	}
	rows := []app.UI{}
	for _, s := range r.Sides {
		rows = append(rows, bar("forecast-win-"+s.Side, "forecast.win", s.Win, s.Escaped.P, "side", s.Side))
	}
	rows = append(rows, bar("forecast-draw", "forecast.draw", r.Draw, 0, "cap", fc.roundCap()))
	out := []app.UI{app.Ul().Class("fc-bars").Body(rows...)}
	first := firstSide(enc)
	if s, ok := r.Side(first); ok {
		out = append(out, app.P().ID("forecast-difficulty").Attr("data-word", difficulty(s.Win.P)).
			Body(say(l, "forecast.difficulty", "side", first, "word", i18n.T(l, difficulty(s.Win.P)))...))
	}
	if id := r.MostLikelyFirst(); id != "" {
		c, _ := r.Creature(id)
		name := id
		if cb, ok := enc.Combatant(id); ok {
			name = cb.Name
		}
		out = append(out, app.P().ID("forecast-first").Body(say(l, "forecast.first", "name", name, "p", pct(l, c.First.P))...))
	}
	for _, s := range r.Sides {
		out = append(out, app.P().Class("fc-hp").Body(say(l, "forecast.hp-lost", "side", s.Side, "n", i18n.Tenths(l, int64(math.Round(s.HPLost*10))))...))
	}
	out = append(out, t.renderForecastRounds(r.Rounds))
	status := app.P().ID("forecast-count").Body(say(l, "forecast.done", "n", r.Fights)...)
	if fc.cancelled {
		status = app.P().ID("forecast-count").Body(say(l, "forecast.cancelled", "n", r.Fights)...)
	}
	out = append(out, status)
	if !fc.running && fc.played() < forecast.MaxFights {
		out = append(out, app.Button().ID("forecast-more").Text(i18n.T(l, "forecast.more")).OnClick(func(ctx app.Context, e app.Event) {
			t.keepTable()
			t.moreForecast(ctx)
		}))
	}
	return app.Div().ID("forecast-result").Attr("data-fights", r.Fights).Attr("data-longest-ms", fc.longest.Milliseconds()).Attr("data-drawn-ms", fc.drawn.Milliseconds()).Body(out...)
}

// renderForecastRounds draws how many rounds the fights took, as a histogram.
func (t *Table) renderForecastRounds(rd forecast.Rounds) app.UI {
	l := t.lang
	last, top := 0, 1
	for i, k := range rd.Hist {
		if k > 0 {
			last = i + 1
			top = max(top, k)
		}
	}
	total := 0
	for _, k := range rd.Hist {
		total += k
	}
	bars := make([]app.UI, 0, last)
	for i := range last {
		k := rd.Hist[i]
		bars = append(bars, app.Div().Class("dbar").Title(i18n.T(l, "forecast.rounds.bar", "n", i+1, "p", pct(l, float64(k)/float64(max(1, total))))).Body(
			app.Div().Class("fill").Style("height", fmt.Sprintf("%dpx", k*40/top)),
			app.Span().Text(i18n.Int(l, int64(i+1))),
		))
	}
	return app.Div().ID("forecast-rounds").Body(
		app.P().Body(say(l, "forecast.rounds", "mean", i18n.Tenths(l, int64(math.Round(rd.Mean*10))), "p50", rd.P50, "p90", rd.P90)...),
		app.Div().Class("dchart").Body(bars...),
	)
}
