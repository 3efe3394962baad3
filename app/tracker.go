package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
)

// actionCommand is the action a child component raises to give the session
// a command; its value is a combat.Command.
const actionCommand = "command"

// TrackerView is the turn tracker's snapshot.
type TrackerView struct {
	Status string
	Rows   []TrackerRow
	Phase  combat.Phase
	Ready  bool   // initiative has been rolled (Start is possible)
	Acting string // the acting creature's ID, "" when none
	Busy   bool   // a decision is pending: turn buttons wait
}

// TrackerRow is one creature in the initiative order.
type TrackerRow struct {
	ID, Name, HP, Reaction string
	Score                  int
	Acting                 bool
}

// trackerView builds the tracker's snapshot.
func (t *Table) trackerView(enc combat.Encounter) TrackerView {
	v := TrackerView{Phase: enc.Phase, Ready: len(enc.Order) > 0, Acting: enc.Current(), Busy: enc.Pending != nil}
	reactions := t.reactions()
	for si, s := range enc.Order {
		for mi, id := range s.Members {
			c, ok := enc.Combatant(id)
			if !ok {
				continue
			}
			row := TrackerRow{ID: id, Name: c.Name, Score: s.Score, HP: fmt.Sprintf("HP %d/%d", c.HP, c.Stats.MaxHP),
				Acting: enc.Phase == combat.PhaseRunning && enc.Turn.Slot == si && enc.Turn.Member == mi}
			if enc.Phase == combat.PhaseRunning && reactions {
				switch {
				case c.Budget.Locked:
					row.Reaction = "surprised"
				case c.Budget.Reaction:
					row.Reaction = "reaction ready"
				default:
					row.Reaction = "reaction used"
				}
			}
			v.Rows = append(v.Rows, row)
		}
	}
	switch enc.Phase {
	case combat.PhaseSetup:
		v.Status = "Setting up"
	case combat.PhaseRunning:
		v.Status = fmt.Sprintf("Round %d", enc.Round)
		if c, ok := enc.Combatant(v.Acting); ok {
			v.Status += fmt.Sprintf(" — %s's turn (move %d, actions %d)", c.Name, c.Budget.Movement, c.Budget.Actions)
		}
	case combat.PhaseEnded:
		v.Status = "Encounter over"
	}
	return v
}

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
	rows := make([]app.UI, len(v.Rows))
	for i, r := range v.Rows {
		rows[i] = app.Li().Class("slot").Attr("data-acting", r.Acting).Attr("data-id", r.ID).Body(
			app.Span().Class("score").Text(strconv.Itoa(r.Score)),
			app.Bdi().Class("who").Text(r.Name),
			app.Span().Class("hp").Text(r.HP),
			app.Span().Class("react").Text(r.Reaction),
		)
	}
	send := func(cmd combat.Command) app.EventHandler {
		return func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionCommand, cmd) }
	}
	var buttons []app.UI
	switch v.Phase {
	case combat.PhaseSetup:
		buttons = append(buttons,
			app.Button().ID("roll-init").Text("Roll initiative").OnClick(send(combat.RollInitiative{})),
			app.Button().ID("start").Text("Start").Disabled(!v.Ready).OnClick(send(combat.Start{})),
		)
	case combat.PhaseRunning:
		buttons = append(buttons,
			app.Button().ID("reset-move").Text("Reset move").Disabled(v.Acting == "" || v.Busy).OnClick(send(combat.ResetMove{ID: v.Acting})),
			app.Button().ID("end-turn").Text("End turn").Title("End turn (E)").Disabled(v.Busy).OnClick(send(combat.EndTurn{})),
		)
	}
	return app.Section().ID("tracker").Class("panel").Body(
		app.H2().Text("Turn"),
		app.P().ID("round").Text(v.Status),
		app.Ol().Class("order").Body(rows...),
		app.Div().Class("buttons").Body(buttons...),
	)
}

// LogView is the log panel's snapshot: the lines in words, newest last.
type LogView struct {
	Commands int
	Filter   string
	Lines    []LogLine
}

// LogLine is one event in words.
type LogLine struct {
	Type, Text string
}

// logView builds the log's snapshot.
func (t *Table) logView(enc combat.Encounter) LogView {
	v := LogView{Commands: t.sess.Cursor(), Filter: t.logFilter}
	for i := 0; i < t.sess.Cursor() && i < len(t.events); i++ {
		for _, ev := range t.events[i] {
			if !logShows(t.logFilter, ev.Type) {
				continue
			}
			if line := eventWords(enc, ev); line != "" {
				v.Lines = append(v.Lines, LogLine{Type: string(ev.Type), Text: line})
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
	items := make([]app.UI, len(l.V.Lines))
	for i, line := range l.V.Lines {
		items[i] = app.Li().Attr("data-type", line.Type).Text(line.Text)
	}
	filters := make([]app.UI, len(logFilters))
	for i, f := range logFilters {
		filters[i] = app.Option().Value(f.key).Selected(f.key == l.V.Filter).Text(f.label)
	}
	return app.Section().ID("log").Class("panel").Body(
		app.H2().Text(fmt.Sprintf("Log (%d commands)", l.V.Commands)),
		app.Select().ID("log-filter").Attr("aria-label", "Show in the log").Body(filters...).
			OnChange(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionLogFilter, ctx.JSSrc().Get("value").String())
			}),
		app.Ol().Class("log").Body(items...),
	)
}
