package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// Table is the root component: it draws the Model (the session and
// everything the user is pointing at) and turns gestures into changes of
// it. Children get view-models of what they show and report gestures back
// as actions. What only the page has (the library, the forecast's worker,
// the map picture) stays here, outside the model.
type Table struct {
	app.Compo
	Model

	// mounted is the table's own context: work scheduled for later is
	// dispatched on it, since go-app drops what is dispatched to an element
	// (a button) that has left the page in the meantime.
	mounted app.Context

	mapImg   mapImage // the picture under the grid, kept with the encounter in the library
	sampleI  string
	shared   string // the last share link made
	shelf    shelf  // the encounter library and the other tabs
	pwa      pwa
	fc       *forecastRun      // the "Who wins?" forecast
	fcPanel  *ForecastPanel    // its panel as mounted, which the forecast redraws alone
	fcBadge  *ForecastBadge    // its tab's badge as mounted, which a forecast's end redraws alone
	painted  planPainter       // what the board on the page shows of the plan
	fcSpares []*forecastWorker // workers loaded ahead of the next forecast
	fcHead   *forecastRun      // the fights the spares play ahead of Run (headStart)
	fcJobs   int               // forecasts handed to workers so far, which number their replies
	// panelsShown counts the steps of the side column the browser has
	// painted after the board (see panelsDue); panelsAsked those awaited.
	panelsShown, panelsAsked int
	// firstFrame has the table draw only what the page's first frame
	// shows: the bar and the board (Rehearse).
	firstFrame bool
	// boardShown is set once the encounter the start opened may be drawn
	// (see boardDue), boardAsked once that is awaited; boardPainted holds
	// what waits for that board to be painted (afterBoardPainted).
	boardShown, boardAsked bool
	boardPainted           []func(app.Context)
}

// render writes the notice in l, each value in its own <bdi>.
func (n Notice) render(l i18n.Lang) []app.UI {
	if n.Count != 0 {
		return sayN(l, n.Key, n.Count, n.Args...)
	}
	return say(l, n.Key, n.Args...)
}

// OnInit prepares the registry; the session comes in OnMount or
// OnPreRender.
func (t *Table) OnInit() {
	t.reg = rulesets.Registry()
}

// OnPreRender lays out the first sample for the server-rendered page.
func (t *Table) OnPreRender(ctx app.Context) { t.showSample() }

// OnMount starts the table in a task of its own (see start): go-app mounts
// the page and reads the browser's local storage in the task before.
func (t *Table) OnMount(ctx app.Context) {
	t.mounted = ctx
	nextTask(ctx, t.start)
}

// start reopens the user's encounter from the library (then a share link,
// if the URL carries one) and wires the keyboard and the board's gestures.
func (t *Table) start(ctx app.Context) {
	t.initLang(ctx)
	t.startLibrary(ctx)
	ctx.Handle(actionBoard, t.onBoard)
	ctx.Handle(actionCommand, func(ctx app.Context, a app.Action) {
		if cmd, ok := a.Value.(combat.Command); ok {
			t.do(ctx, cmd)
		}
	})
	ctx.Handle(actionStart, func(ctx app.Context, a app.Action) { t.do(ctx, t.startCommand()) })
	ctx.Handle(actionSurprise, func(ctx app.Context, a app.Action) {
		if id, ok := a.Value.(string); ok {
			t.toggleSurprise(id)
		}
	})
	ctx.Handle(actionLogFilter, func(ctx app.Context, a app.Action) { t.logFilter, _ = a.Value.(string) })
	ctx.Handle(actionZoom, func(ctx app.Context, a app.Action) { t.zoomTo(ctx, a.Value.(int)) })
	t.watchNetwork(ctx)
	t.afterBoardPainted(ctx, func(ctx app.Context) {
		registerWorker()
		ctx.PreventUpdate()
	})
	app.Window().Call("addEventListener", "keydown", app.FuncOf(func(this app.Value, args []app.Value) any {
		ev := app.Event{Value: args[0]}
		ctx.Dispatch(func(ctx app.Context) { t.onKey(ctx, ev) })
		return nil
	}))
	app.Window().Call("addEventListener", "hashchange", app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) {
			if t.shelf.ready {
				t.openFragment(ctx)
			}
		})
		return nil
	}))
}

// OnNav opens a share link pasted into the address bar of an open app.
func (t *Table) OnNav(ctx app.Context) {
	if t.shelf.ready {
		t.openFragment(ctx)
	}
}

// Rehearse renders the page's first frame of the first sample (the bar and
// the board, see panelsDue), nowhere, and returns the length of its HTML.
// Run where the program has no page (the Web Worker that compiles the
// bundle, see main_wasm.go), it runs the code of the page's first render,
// which the browser then has compiled for the page. The side column's code
// is left for the page to compile, in the short steps it draws that column
// in: compiling it here kept the page waiting for the bundle longer.
func Rehearse() int {
	t := &Table{firstFrame: true}
	t.OnInit()
	t.showSample()
	return len(app.HTMLString(t))
}

// showSample lays out the first sample, saved nowhere: the page the
// server renders before the app has read the library.
func (t *Table) showSample() {
	if sess, _, err := t.buildSample(rulesets.Samples()[0].ID); err == nil {
		t.use(sess)
	}
}

// openSample opens a fresh sample as a new library entry; the encounter
// open before stays in the library.
func (t *Table) openSample(ctx app.Context, id string) {
	sess, s, err := t.buildSample(id)
	if err != nil {
		t.notice = warn("notice.not-allowed.bare", "msg", err)
		return
	}
	t.adopt(ctx, sess, s.Title, "notice.opened.sample")
}

// SampleMark names the entry each sample built leaves in the page's
// performance timeline, so a profile of a load shows whether its first
// screen waited for one (a returning user's never does).
const SampleMark = "battlemat:sample"

// buildSample builds a fresh session of the sample id, leaving a
// SampleMark in the performance timeline.
func (t *Table) buildSample(id string) (*combat.Session, rulesets.Sample, error) {
	if p := app.Window().Get("performance"); p.Truthy() {
		p.Call("mark", SampleMark)
	}
	return t.sample(id)
}

// use makes sess the open session and clears what pointed into the old
// one, the forecast of the encounter open before with it.
func (t *Table) use(sess *combat.Session) {
	t.Model.use(sess)
	t.fc = nil
}

// do gives a command to the session, with the typed physical dice if any,
// then autosaves. Errors become a notice; the encounter is unchanged. A
// tab that another has taken the encounter from changes nothing.
func (t *Table) do(ctx app.Context, cmd combat.Command) bool {
	if t.shelf.held || !t.apply(cmd) {
		return false
	}
	t.autosave(ctx)
	return true
}

// undo steps back one command.
func (t *Table) undo(ctx app.Context) {
	if !t.shelf.held && t.stepBack(true) {
		t.autosave(ctx)
	}
}

// redo steps forward one command.
func (t *Table) redo(ctx app.Context) {
	if !t.shelf.held && t.stepBack(false) {
		t.autosave(ctx)
	}
}

// Render lays out the bar, the board and the side panels.
func (t *Table) Render() app.UI {
	l := t.lang
	if t.sess == nil && !app.IsClient && t.mounted.Context == nil { // the server's page
		if t.reg == nil {
			t.OnInit()
		}
		t.showSample()
	}
	if t.sess == nil || !t.boardDue() { // the library is being read: no sample is built meanwhile
		return app.Div().Class("table").Body(app.P().ID("opening").Class("hint").Text(i18n.T(l, "library.opening")))
	}
	enc := t.state()
	board := &Board{V: t.boardView(enc)}
	board.V.Map = t.mapImg.layer()
	if t.mounted.Context != nil {
		// The plan's layers and the forecast's risks are drawn once go-app
		// has updated the page, which may have replaced what was painted.
		risks := t.riskViews()
		t.painted.forget()
		t.mounted.Defer(func(app.Context) {
			t.painted.paint(board.V.Plan)
			paintRisks(risks)
		})
	}
	steps := t.panelsDue()
	return app.Div().Class("table").Body(
		t.renderBar(enc),
		holder(app.If(t.notice.Key != "", func() app.UI {
			return app.Div().ID("notice").Class("notice").Attr("role", "status").
				Attr("data-error", t.notice.Error).Body(
				app.Span().Body(t.notice.render(l)...),
				app.Range(t.notice.Acts).Slice(func(i int) app.UI { return t.renderAct(t.notice.Acts[i]) }),
				app.Button().Class("linkish").Text(i18n.T(l, "notice.dismiss")).OnClick(func(ctx app.Context, e app.Event) { t.notice = Notice{} }),
			)
		})),
		holder(app.If(t.shelf.held, func() app.UI { return t.renderHeld() })),
		holder(app.If(t.shelf.open, func() app.UI { return t.renderLibrary() })),
		t.renderAnnounce(enc),
		app.Main().Class("stage").Body(
			app.Div().Class("mapwrap").Body(
				app.Div().Class("zoom").Body(
					app.Button().ID("zoom-in").Text("+").Title(i18n.T(l, "bar.zoom-in.hint")).Attr("aria-label", i18n.T(l, "bar.zoom-in.hint")).OnClick(func(ctx app.Context, e app.Event) { t.zoomTo(ctx, 1) }),
					app.Button().ID("zoom-out").Text("−").Title(i18n.T(l, "bar.zoom-out.hint")).Attr("aria-label", i18n.T(l, "bar.zoom-out.hint")).OnClick(func(ctx app.Context, e app.Event) { t.zoomTo(ctx, -1) }),
					app.Button().ID("zoom-fit").Text(i18n.T(l, "bar.zoom-fit")).OnClick(func(ctx app.Context, e app.Event) { t.zoomTo(ctx, 0) }),
				),
				board,
			),
			// What a turn needs stays in view; the rest waits behind tabs.
			app.Aside().Class("side").Body(app.If(steps > 0, func() app.UI {
				now := []app.UI{
					&Tracker{V: t.views(enc).tracker},
					t.renderRounds(enc),
					t.decisionPanel(enc),
				}
				if steps > 1 {
					now = append(now,
						&Inspector{V: t.inspectorView(enc)},
						t.movementPanel(enc),
						t.renderActions(enc),
						&AttackPanel{V: t.attackView(enc), t: t},
					)
				}
				return app.Div().Class("now").Body(now...)
			}), app.If(steps > 2, func() app.UI { return t.renderMore(enc, steps-3) })),
		),
	)
}

// holder keeps a place among its parent's children for what comes and
// goes (a notice, a panel): go-app matches children by position, so one
// that came and went as a child of its own moved the siblings after it,
// and the whole stage (board, side column) was built again each time, the
// focus, the scroll and an event under way lost with the old one
// (TestE2ENoticeKeepsTable). The holder takes no part in the layout
// (battlemat.css).
func holder(ui app.UI) app.UI { return app.Div().Class("holder").Body(ui) }

// zoomTo zooms the board in or out by one step, or with step 0 fits it to
// the window. Only the board's size changes, so it is written on the page
// at once (paintZoom) and the table is not redrawn for it.
func (t *Table) zoomTo(ctx app.Context, step int) {
	if step == 0 {
		t.zoom = 0
	} else {
		t.zoomBy(step)
	}
	if app.IsClient && paintZoom(t.zoom) {
		ctx.PreventUpdate()
	}
}

// boardDue reports whether this render draws the encounter. In the browser
// the render that follows the start's reading (the library's encounter, a
// link's, a sample) still shows the hint, and the table follows in a task
// of its own (nextTask): reading or building the encounter and drawing it
// were one long task.
func (t *Table) boardDue() bool {
	if t.boardShown || t.mounted.Context == nil {
		return true
	}
	if !t.boardAsked {
		t.boardAsked = true
		nextTask(t.mounted, func(ctx app.Context) {
			t.boardShown = true
			for _, f := range t.boardPainted {
				ctx.Defer(func(ctx app.Context) { afterPaint(ctx, f) })
			}
			t.boardPainted = nil
		})
	}
	return false
}

// afterBoardPainted runs f once the browser has painted the first board
// that shows the encounter open now (see boardDue).
func (t *Table) afterBoardPainted(ctx app.Context, f func(app.Context)) {
	if t.boardShown || t.mounted.Context == nil {
		ctx.Defer(func(ctx app.Context) { afterPaint(ctx, f) })
		return
	}
	t.boardPainted = append(t.boardPainted, f)
}

// sideSteps is how many steps the side column's first render takes in the
// browser after the board (see panelsDue): what a turn needs in two, then
// the tabs with the selected one's panel, then each other panel.
var sideSteps = 3 + len(sideTabs) - 1

// panelsDue reports how many steps of the side column this render draws
// (see sideSteps). In the browser the first render draws the bar and the
// board alone, and each render after it one step more, once the browser
// has painted the one before (afterPaint): the board shows sooner, and
// building the page, with the code the browser compiles for it the first
// time it runs, is short tasks rather than long ones. go-app's next frame
// is a timer of its own, which the browser may run before it paints, so
// each step waits for the paint itself. A table drawing its first frame
// alone (Rehearse) draws none.
func (t *Table) panelsDue() int {
	if t.firstFrame {
		return 0
	}
	if t.panelsShown >= sideSteps || t.mounted.Context == nil {
		return sideSteps
	}
	if t.panelsAsked == t.panelsShown {
		t.panelsAsked++
		t.mounted.Defer(func(ctx app.Context) { afterPaint(ctx, func(app.Context) { t.panelsShown++ }) })
	}
	return t.panelsShown
}
