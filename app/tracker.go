package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// actionSurprise is the action a tracker row raises to mark or unmark its
// creature surprised before the start; its value is the creature's ID.
const actionSurprise = "surprise"

// actionStart is the action of the Start button: the root starts the
// encounter with the creatures marked surprised. (A handler is bound once
// per element, so the button cannot carry the marks itself.)
const actionStart = "start"

// actionCommand is the action a child component raises to give the session
// a command; its value is a combat.Command.
const actionCommand = "command"

// TrackerView is the turn tracker's snapshot.
type TrackerView struct {
	Lang   i18n.Lang
	Status []i18n.Part // the round and whose turn it is, names apart
	Rows   []TrackerRow
	Phase  combat.Phase
	Ready  bool   // initiative has been rolled (Start is possible)
	Acting string // the acting creature's ID, "" when none
	Busy   bool   // a decision is pending: turn buttons wait
	// SurpriseRule is the ruleset's rule for marking creatures surprised
	// before the start, "" when the ruleset has no surprise.
	SurpriseRule string
}

// TrackerRow is one creature in the initiative order.
type TrackerRow struct {
	ID, Name, Score, HP, Reaction string
	Place                         string // the ruleset's key for the slot's place, shown as Score instead of a number (ENG-ORDER-9)
	PlaceWhy                      string // the place's explanation and rule
	Acting                        bool
	Surprised                     bool // marked surprised, in setup
}

// trackerView builds the tracker's snapshot.
func (m *Model) trackerView(enc combat.Encounter) TrackerView {
	l := m.lang
	v := TrackerView{Lang: l, Phase: enc.Phase, Ready: len(enc.Order) > 0, Acting: enc.Current(), Busy: enc.Pending != nil}
	if sp, ok := m.sess.Ruleset().(combat.Surpriser); ok {
		v.SurpriseRule = string(sp.SurpriseRule())
	}
	rs := m.sess.Ruleset()
	reaction, reactions := combat.CounterFor(rs, combat.UseOpportunity)
	for si, s := range enc.Order {
		for mi, id := range s.Members {
			c, ok := enc.Combatant(id)
			if !ok {
				continue
			}
			row := TrackerRow{ID: id, Name: c.Name, Score: i18n.Int(l, int64(s.Score)), HP: i18n.T(l, "turn.hp", "hp", c.HP, "max", c.Stats.MaxHP),
				Acting: enc.Phase == combat.PhaseRunning && enc.Turn.Slot == si && enc.Turn.Member == mi}
			if key, rule, ok := combat.SlotNameOf(rs, enc, si); ok {
				row.Score, row.Place, row.PlaceWhy = i18n.Label(l, glossary(enc.Ruleset), key), key, explain(l, enc.Ruleset, key, rule)
			}
			if enc.Phase == combat.PhaseRunning && reactions {
				switch {
				case combat.HeldBySurprise(rs, enc, c):
					row.Reaction = i18n.T(l, "turn.surprised")
				case c.Budget.Left(reaction.Key) > 0:
					row.Reaction = i18n.T(l, "turn.reaction-ready")
				default:
					row.Reaction = i18n.T(l, "turn.reaction-used")
				}
			}
			row.Surprised = m.surprised[id]
			v.Rows = append(v.Rows, row)
		}
	}
	switch enc.Phase {
	case combat.PhaseSetup:
		v.Status = i18n.Parts(l, "turn.setup")
	case combat.PhaseRunning:
		v.Status = i18n.Parts(l, "turn.round", "n", enc.Round)
		if c, ok := enc.Combatant(v.Acting); ok {
			v.Status = append(v.Status, i18n.Part{Text: " — "})
			v.Status = append(v.Status, i18n.Parts(l, "turn.status", "name", c.Name, "left", m.countersLeft(enc, c))...)
		}
	case combat.PhaseEnded:
		v.Status = i18n.Parts(l, "turn.over")
	}
	return v
}

// countersLeft writes what is left of each counter the ruleset declares
// for a turn, in its order and units ("movement 30 ft, action 1"), leaving
// out a counter the engine does not spend itself that the creature never
// gets (a bonus action without a feature granting one); the counters held
// between turns (the reaction) are left to each creature's row. The list
// stands in parentheses: a counter the ruleset's glossary names goes by
// its label alone (i18n.Short).
func (m *Model) countersLeft(enc combat.Encounter, me combat.Combatant) string {
	l := m.lang
	rs := m.sess.Ruleset()
	start, _ := combat.TurnStart(rs, enc, me.ID)
	var parts []string
	for _, c := range combat.CountersOf(rs) {
		left := me.Budget.Left(c.Key)
		if c.OffTurn() || c.Use == 0 && left == 0 && start.Get(c.Key) == 0 {
			continue
		}
		n := i18n.Int(l, int64(left))
		if c.Unit == combat.UnitMovement {
			n = m.distance(left)
		}
		parts = append(parts, i18n.T(l, "turn.left", "counter", counterNamed(l, rs.ID(), c.Key, i18n.Short), "n", n))
	}
	return strings.Join(parts, ", ")
}

// counterWord names a ruleset's counter in l: the app's word for it, else
// the ruleset's glossary term.
func counterWord(l i18n.Lang, ruleset, key string) string {
	return counterNamed(l, ruleset, key, i18n.Label)
}

// counterNamed is counterWord with the glossary term named by name
// (i18n.Label, or i18n.Short inside parentheses).
func counterNamed(l i18n.Lang, ruleset, key string, name func(i18n.Lang, *combat.Glossary, string) string) string {
	if i18n.Has("counter." + key) {
		return i18n.T(l, "counter."+key)
	}
	return name(l, glossary(ruleset), key)
}

// counterName is a ruleset's counter as a message's value, named for the
// reader (counterWord).
type counterName struct{ ruleset, key string }

// In writes the counter's name for a reader of l.
func (c counterName) In(l i18n.Lang) string { return counterWord(l, c.ruleset, c.key) }

// Tracker shows the round, the initiative order, whose turn it is and each
// creature's reaction, with the buttons that run the turn engine. It only
// re-renders when its snapshot changes.
type Tracker struct {
	app.Compo
	V TrackerView
}

// Render draws the tracker.
func (tr *Tracker) Render() app.UI {
	v := tr.V
	l := v.Lang
	rows := make([]app.UI, len(v.Rows))
	for i, r := range v.Rows {
		var mark app.UI = app.Span().Class("react").Text(r.Reaction)
		if v.Phase == combat.PhaseSetup && v.SurpriseRule != "" {
			label := "turn.surprise.mark"
			if r.Surprised {
				label = "turn.surprise.unmark"
			}
			mark = app.Button().ID("surprise-"+r.ID).Class("toggle small").Attr("aria-pressed", r.Surprised).Attr("data-id", r.ID).
				Title(i18n.T(l, "turn.surprise.hint", "name", r.Name, "rule", v.SurpriseRule)).Text(i18n.T(l, label)).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionSurprise, data(ctx, "id")) })
		}
		score := app.Bdi().Class("score").Text(r.Score)
		if r.Place != "" {
			score = score.Attr("data-place", r.Place).Title(r.PlaceWhy)
		}
		rows[i] = app.Li().Class("slot").Attr("data-acting", r.Acting).Attr("data-id", r.ID).Body(
			score,
			app.Bdi().Class("who").Text(r.Name),
			app.Bdi().Class("hp").Text(r.HP),
			mark,
		)
	}
	send := func(cmd combat.Command) app.EventHandler {
		return func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionCommand, cmd) }
	}
	var buttons []app.UI
	switch v.Phase {
	case combat.PhaseSetup:
		buttons = append(buttons,
			app.Button().ID("roll-init").Text(i18n.T(l, "turn.roll-init")).OnClick(send(combat.RollInitiative{})),
			app.Button().ID("start").Text(i18n.T(l, "turn.start")).Disabled(!v.Ready).OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionStart) }),
		)
	case combat.PhaseRunning:
		buttons = append(buttons,
			app.Button().ID("reset-move").Text(i18n.T(l, "turn.reset-move")).Disabled(v.Acting == "" || v.Busy).OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionCommand, combat.ResetMove{ID: tr.V.Acting})
			}),
			app.Button().ID("end-turn").Text(i18n.T(l, "turn.end")).Title(i18n.T(l, "turn.end.hint")).Disabled(v.Busy).OnClick(send(combat.EndTurn{})),
		)
	}
	return app.Section().ID("tracker").Class("panel").Body(
		app.H2().Text(i18n.T(l, "turn.title")),
		app.P().ID("round").Title(i18n.T(l, "move.units.hint")).Body(bdiParts(v.Status)...),
		app.Ol().Class("order").Body(rows...),
		app.Div().Class("buttons").Body(buttons...),
	)
}

// LogView is the log panel's snapshot: the lines in words, newest last.
type LogView struct {
	Lang     i18n.Lang
	Commands int
	Filter   string
	Lines    []LogLine
}

// LogLine is one event in words, split so that names get their own <bdi>.
type LogLine struct {
	Type  string
	Parts []i18n.Part
}

// logView builds the log's snapshot.
func (m *Model) logView(enc combat.Encounter) LogView {
	v := LogView{Lang: m.lang, Commands: m.sess.Cursor(), Filter: m.logFilter}
	for _, events := range m.sess.Recent() {
		for _, ev := range events {
			if !logShows(m.logFilter, ev.Type()) {
				continue
			}
			if line := eventWords(m.lang, enc, ev); line != nil {
				v.Lines = append(v.Lines, LogLine{Type: string(ev.Type()), Parts: line})
			}
		}
	}
	if len(v.Lines) > 60 {
		v.Lines = v.Lines[len(v.Lines)-60:]
	}
	return v
}

// actionLogFilter is the action the log raises when its filter changes.
const actionLogFilter = "log-filter"

// Log lists what happened, filterable.
type Log struct {
	app.Compo
	V LogView
}

// Render draws the log.
func (l *Log) Render() app.UI {
	lang := l.V.Lang
	items := make([]app.UI, len(l.V.Lines))
	for i, line := range l.V.Lines {
		items[i] = app.Li().Attr("data-type", line.Type).Body(bdiParts(line.Parts)...)
	}
	filters := make([]app.UI, len(logFilters))
	for i, f := range logFilters {
		filters[i] = app.Option().Value(f.key).Selected(f.key == l.V.Filter).Text(i18n.T(lang, f.label))
	}
	return app.Section().ID("log").Class("panel").Body(
		app.H2().Body(sayN(lang, "log.title", l.V.Commands)...),
		app.Select().ID("log-filter").Attr("aria-label", i18n.T(lang, "log.filter.label")).Body(filters...).
			OnChange(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionLogFilter, ctx.JSSrc().Get("value").String())
			}),
		// Focusable, so a keyboard can scroll it where it is cut short.
		app.Ol().Class("log").Attr("tabindex", 0).Attr("aria-label", sayNAttr(lang, "log.title", l.V.Commands)).Body(items...),
	)
}
