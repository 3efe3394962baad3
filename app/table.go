package app

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// Table is the root component: it owns the session (the encounter and its
// command log) and everything the user is pointing at. Children get value
// snapshots of what they show and report gestures back as actions.
type Table struct {
	app.Compo

	reg  *combat.Registry
	sess *combat.Session
	// mounted is the table's own context: work scheduled for later is
	// dispatched on it, since go-app drops what is dispatched to an element
	// (a button) that has left the page in the meantime.
	mounted app.Context

	selected string       // the combatant the user is looking at
	target   string       // the combatant the selected one would attack
	hover    *grid.Square // the square under the pointer while planning a move
	dragging bool
	moves    int      // counts the squares a drag has crossed, to tell when the pointer rests
	option   int      // index into the attacker's attack options
	focused  string   // the token that has (or last had) the keyboard focus
	mapImg   mapImage // the picture under the grid, kept with the encounter in the library

	lang    i18n.Lang // the language of the UI
	notice  Notice    // the message bar
	dice    string    // physical dice typed by the user, space separated
	last    []combat.Event
	sampleI string
	shared  string // the last share link made
	shelf   shelf  // the encounter library and the other tabs
	pwa     pwa
	safest  bool // plan moves along the safest path
	threats bool // show the squares enemies threaten

	editing    bool      // the setup panel is open
	walls      bool      // taps on the board toggle walls
	newRuleset string    // the ruleset of the next blank encounter
	draft      draft     // the combatant editor's form
	logFilter  string    // which events the log shows: "" for all
	side       panelTabs // the side panel's tabs
	zoom       int       // board zoom: 0 fits the window, else quarter-scale steps

	rev     int // counts changes of the session, for caches
	planned *struct {
		key  planKey
		plan movePlan
	}
	reached   *reachEntry       // the selected creature's bands, cached per rev and selection
	cur       *combat.Encounter // the current encounter, cached per rev
	panels    *panelViews       // the tracker's and log's snapshots, cached per rev, filter and language
	surprised map[string]bool   // creatures marked surprised before the start (DND-SURP-4)
	picks     map[string]string // the round panel's choices for acts that take a number, by form and field
	blast     map[string]bool   // the targets ticked for a blast, by attacker and target
	blastable *struct {         // the acting creature's blast targets, cached per rev
		rev int
		ids []string
	}
	oddsCache *oddsEntry
	standing  *struct {
		rev int
		by  map[string]combat.Standing
	}
	walled *struct {
		rev int
		d   string
	}
	fc         *forecastRun      // the "Who wins?" forecast
	fcPolicies map[string]string // the tactics chosen per side for it
	// panelsShown is set once the browser has drawn the board: the side
	// panels follow it one frame later (see panelsDue).
	panelsShown bool
	rendered    time.Time // when Render last began (the forecast measures its redraws)
}

// panelViews are snapshots that change only with the session.
type panelViews struct {
	rev     int
	filter  string
	lang    i18n.Lang
	tracker TrackerView
	log     LogView
}

// views returns the tracker's and log's snapshots, built once per change:
// pointer moves re-render the page without rebuilding them.
func (t *Table) views(enc combat.Encounter) *panelViews {
	if p := t.panels; p != nil && p.rev == t.rev && p.filter == t.logFilter && p.lang == t.lang {
		return p
	}
	t.panels = &panelViews{rev: t.rev, filter: t.logFilter, lang: t.lang, tracker: t.trackerView(enc), log: t.logView(enc)}
	return t.panels
}

// zoomBy zooms the board in or out by one step; zooming out of the
// smallest step fits the board to the window again.
func (t *Table) zoomBy(step int) {
	switch {
	case t.zoom == 0 && step > 0:
		t.zoom = 4
	case t.zoom > 0:
		t.zoom = min(16, t.zoom+step)
	}
}

// Notice is a message for the user, kept as its catalogue key and values
// so that it follows a change of language; Error ones are shown in red.
type Notice struct {
	Key   string
	Args  []any // name/value pairs for the placeholders
	Count int   // the count of a counted message
	Error bool
	Acts  []string // buttons offered with it (see renderAct)
}

// render writes the notice in l, each value in its own <bdi>.
func (n Notice) render(l i18n.Lang) []app.UI {
	if n.Count != 0 {
		return sayN(l, n.Key, n.Count, n.Args...)
	}
	return say(l, n.Key, n.Args...)
}

// In writes the notice in l as plain text, for another message's value.
func (n Notice) In(l i18n.Lang) string { return i18n.T(l, n.Key, n.Args...) }

// inform is a notice; warn is an error notice.
func inform(key string, args ...any) Notice { return Notice{Key: key, Args: args} }
func warn(key string, args ...any) Notice   { return Notice{Key: key, Args: args, Error: true} }

// OnInit prepares the registry; the session comes in OnMount or
// OnPreRender.
func (t *Table) OnInit() {
	t.reg = rulesets.Registry()
}

// OnPreRender lays out the first sample for the server-rendered page.
func (t *Table) OnPreRender(ctx app.Context) { t.showSample() }

// OnMount reopens the user's encounter from the library (then a share
// link, if the URL carries one) and wires the keyboard and the board's
// gestures.
func (t *Table) OnMount(ctx app.Context) {
	t.mounted = ctx
	t.initLang(ctx)
	t.startLibrary(ctx)
	ctx.Handle(actionBoard, t.onBoard)
	ctx.Handle(actionCommand, func(ctx app.Context, a app.Action) {
		if cmd, ok := a.Value.(combat.Command); ok {
			t.do(ctx, cmd)
		}
	})
	ctx.Handle(actionStart, func(ctx app.Context, a app.Action) {
		var ids []string
		for _, c := range t.state().Combatants { // in the encounter's order, so the command is deterministic
			if t.surprised[c.ID] {
				ids = append(ids, c.ID)
			}
		}
		t.do(ctx, combat.Start{Surprised: ids})
	})
	ctx.Handle(actionSurprise, func(ctx app.Context, a app.Action) {
		if id, ok := a.Value.(string); ok {
			if t.surprised == nil {
				t.surprised = map[string]bool{}
			}
			t.surprised[id] = !t.surprised[id]
			t.panels = nil // the tracker shows the marks
		}
	})
	ctx.Handle(actionForecast, t.onForecast)
	ctx.Handle(actionLogFilter, func(ctx app.Context, a app.Action) { t.logFilter, _ = a.Value.(string) })
	ctx.Handle(actionZoom, func(ctx app.Context, a app.Action) { t.zoomBy(a.Value.(int)) })
	t.watchNetwork(ctx)
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

// state returns the current encounter (a copy made once per change).
func (t *Table) state() combat.Encounter {
	if t.cur == nil {
		enc := t.sess.State()
		t.cur = &enc
	}
	return *t.cur
}

// changed drops what was cached about the previous state.
func (t *Table) changed() {
	t.rev++
	t.cur, t.planned = nil, nil
}

// sample builds a fresh session of the sample id.
func (t *Table) sample(id string) (*combat.Session, rulesets.Sample, error) {
	s, ok := rulesets.Find(id)
	if !ok {
		return nil, s, fmt.Errorf("no sample %q", id)
	}
	sess, err := s.Session(t.reg)
	return sess, s, err
}

// showSample lays out the first sample, saved nowhere: the page the
// server renders before the app has read the library.
func (t *Table) showSample() {
	if sess, _, err := t.sample(rulesets.Samples()[0].ID); err == nil {
		t.use(sess)
	}
}

// openSample opens a fresh sample as a new library entry; the encounter
// open before stays in the library.
func (t *Table) openSample(ctx app.Context, id string) {
	sess, s, err := t.sample(id)
	if err != nil {
		t.notice = warn("notice.not-allowed.bare", "msg", err)
		return
	}
	t.adopt(ctx, sess, s.Title, "notice.opened.sample")
}

// use makes sess the open session and clears what pointed into the old one.
func (t *Table) use(sess *combat.Session) {
	t.sess = sess
	t.changed()
	t.selected, t.target, t.hover, t.dragging, t.option, t.last = "", "", nil, false, 0, nil
	t.surprised, t.fc, t.fcPolicies = nil, nil, savedPolicies(sess)
	t.side.logSeen = sess.Cursor() // an opened encounter's past is no news
	if cur := sess.State().Current(); cur != "" {
		t.selected = cur
	}
}

// do gives a command to the session, with the typed physical dice if any,
// then autosaves. Errors become a notice; the encounter is unchanged.
func (t *Table) do(ctx app.Context, cmd combat.Command) bool {
	if t.shelf.held {
		return false
	}
	faces, bad := parseFaces(t.dice)
	if bad != "" {
		t.notice = warn("attack.dice.bad", "face", bad)
		return false
	}
	var events []combat.Event
	var err error
	if len(faces) > 0 {
		events, err = t.sess.DoWithDice(cmd, faces...)
	} else {
		events, err = t.sess.Do(cmd)
	}
	if err != nil {
		t.notice = t.explainError(err)
		return false
	}
	t.dice = ""
	t.changed()
	t.last = events
	t.notice = Notice{}
	if cur := t.state().Current(); cur != "" && (t.selected == "" || cmd.Kind() == "endTurn" || cmd.Kind() == "start") {
		t.selected = cur
	}
	t.autosave(ctx)
	return true
}

// undo steps back one command. The notice described the state being left,
// so it goes with it.
func (t *Table) undo(ctx app.Context) {
	if !t.shelf.held && t.sess.Undo() {
		t.changed()
		t.last, t.notice = nil, Notice{}
		t.autosave(ctx)
	}
}

// redo steps forward one command, dropping the notice like undo.
func (t *Table) redo(ctx app.Context) {
	if !t.shelf.held && t.sess.Redo() {
		t.changed()
		t.last, t.notice = nil, Notice{}
		t.autosave(ctx)
	}
}

// explainError turns an engine error into a notice with its rule ID. A
// refusal the engine names by a key (combat.RuleError.Key) is said in the
// catalogue's words, its creatures by their names and its reason in the
// ruleset's terms; any other error is shown by its English text, the
// creatures it names by ID named as the table knows them.
func (t *Table) explainError(err error) Notice {
	var re *combat.RuleError
	if errors.As(err, &re) {
		var msg any = namesFor(t.state(), re.Msg)
		if re.Key != "" && i18n.Has("refused."+re.Key) {
			msg = t.refusal(re)
		}
		if re.Rule != "" {
			return warn("notice.not-allowed", "msg", msg, "rule", string(re.Rule))
		}
		return warn("notice.not-allowed.bare", "msg", msg)
	}
	return warn("notice.not-allowed.bare", "msg", namesFor(t.state(), err.Error()))
}

// refusal is the message of a refusal the engine names by its key: its
// arguments with each creature by name, a reason ("why", a movement
// "mode") as the ruleset's term, and the field it refuses ("hp") in the
// ruleset's terms where it has one.
func (t *Table) refusal(re *combat.RuleError) Notice {
	enc := t.state()
	args := make([]any, 0, len(re.Args)+2)
	for i := 0; i+1 < len(re.Args); i += 2 {
		name, v := re.Args[i], re.Args[i+1]
		if s, ok := v.(string); ok {
			switch name {
			case "name", "target", "current", "by":
				if c, ok := enc.Combatant(s); ok {
					v = c.Name
				}
			case "why", "mode":
				v = term{enc.Ruleset, s}
			}
		}
		args = append(args, name, v)
	}
	return Notice{Key: "refused." + re.Key, Args: append(args, "field", term{enc.Ruleset, re.Field})}
}

// refusalArg returns the string argument name of a refusal.
func refusalArg(re *combat.RuleError, name string) (string, bool) {
	for i := 0; i+1 < len(re.Args); i += 2 {
		if re.Args[i] == name {
			s, ok := re.Args[i+1].(string)
			return s, ok
		}
	}
	return "", false
}

// term is a key of a ruleset's glossary as a message's value: the
// ruleset's term for it in the reader's language.
type term struct{ ruleset, key string }

// In writes the term for a reader of l.
func (k term) In(l i18n.Lang) string { return i18n.Label(l, glossary(k.ruleset), k.key) }

// namesFor replaces every combatant ID in msg (a whole run of letters,
// digits, '-' and '_', quoted or not) with the combatant's name.
func namesFor(enc combat.Encounter, msg string) string {
	var b strings.Builder
	idChar := func(r byte) bool {
		return r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	for i := 0; i < len(msg); {
		j := i
		for j < len(msg) && idChar(msg[j]) {
			j++
		}
		if j == i {
			b.WriteByte(msg[i])
			i++
			continue
		}
		if c, ok := enc.Combatant(msg[i:j]); ok {
			b.WriteString(c.Name)
		} else {
			b.WriteString(msg[i:j])
		}
		i = j
	}
	return b.String()
}

// Render lays out the bar, the board and the side panels.
func (t *Table) Render() app.UI {
	t.rendered = time.Now()
	l := t.lang
	if t.sess == nil {
		if app.IsClient { // the library is being read: no sample is built meanwhile
			return app.Div().Class("table").Body(app.P().ID("opening").Class("hint").Text(i18n.T(l, "library.opening")))
		}
		if t.reg == nil {
			t.OnInit()
		}
		t.showSample()
	}
	enc := t.state()
	board := &Board{V: t.boardView(enc)}
	if t.mounted.Context != nil {
		// The plan's layers are drawn once go-app has updated the page.
		t.mounted.Defer(func(app.Context) { paintPlan(board.V.Plan) })
	}
	due := t.panelsDue()
	return app.Div().Class("table").Body(
		t.renderBar(enc),
		app.If(t.notice.Key != "", func() app.UI {
			return app.Div().ID("notice").Class("notice").Attr("role", "status").
				Attr("data-error", t.notice.Error).Body(
				app.Span().Body(t.notice.render(l)...),
				app.Range(t.notice.Acts).Slice(func(i int) app.UI { return t.renderAct(t.notice.Acts[i]) }),
				app.Button().Class("linkish").Text(i18n.T(l, "notice.dismiss")).OnClick(func(ctx app.Context, e app.Event) { t.notice = Notice{} }),
			)
		}),
		app.If(t.shelf.held, func() app.UI { return t.renderHeld() }),
		app.If(t.shelf.open, func() app.UI { return t.renderLibrary() }),
		t.renderAnnounce(enc),
		app.Main().Class("stage").Body(
			app.Div().Class("mapwrap").Body(
				app.Div().Class("zoom").Body(
					app.Button().ID("zoom-in").Text("+").Title(i18n.T(l, "bar.zoom-in.hint")).Attr("aria-label", i18n.T(l, "bar.zoom-in.hint")).OnClick(func(ctx app.Context, e app.Event) { t.zoomBy(1) }),
					app.Button().ID("zoom-out").Text("−").Title(i18n.T(l, "bar.zoom-out.hint")).Attr("aria-label", i18n.T(l, "bar.zoom-out.hint")).OnClick(func(ctx app.Context, e app.Event) { t.zoomBy(-1) }),
					app.Button().ID("zoom-fit").Text(i18n.T(l, "bar.zoom-fit")).OnClick(func(ctx app.Context, e app.Event) { t.zoom = 0 }),
				),
				board,
			),
			// What a turn needs stays in view; the rest waits behind tabs.
			app.Aside().Class("side").Body(app.If(due, func() app.UI {
				return app.Div().Class("now").Body(
					&Tracker{V: t.views(enc).tracker},
					t.renderRounds(enc),
					t.renderDecision(enc),
					t.renderInspector(enc),
					t.renderMovement(enc),
					t.renderActions(enc),
					t.renderAttack(enc),
				)
			}), app.If(due, func() app.UI { return t.renderMore(enc) })),
		),
	)
}

// panelsDue reports whether this render draws the side panels. In the
// browser the first render draws the bar and the board alone and leaves the
// panels to the next frame: the board shows sooner, and building the page
// is two shorter tasks rather than one long one.
func (t *Table) panelsDue() bool {
	if !t.panelsShown && t.mounted.Context != nil {
		t.mounted.Defer(func(ctx app.Context) { ctx.Dispatch(func(app.Context) { t.panelsShown = true }) })
		return false
	}
	return true
}
