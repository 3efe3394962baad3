package app

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// renderBar is the top bar: the encounter menu, undo/redo and sharing.
func (t *Table) renderBar(enc combat.Encounter) app.UI {
	samples := rulesets.Samples()
	opts := make([]app.UI, 0, len(samples)+1)
	opts = append(opts, app.Option().Value("").Text("Open a sample…"))
	for _, s := range samples {
		opts = append(opts, app.Option().Value(s.ID).Text(s.Title))
	}
	return app.Header().Class("bar").Body(
		app.H1().Class("brand").Text("Battlemat"),
		app.Span().ID("ruleset").Class("pill").Text(enc.Ruleset),
		app.Select().ID("samples").Attr("aria-label", "Open a sample encounter").Body(opts...).
			OnChange(func(ctx app.Context, e app.Event) {
				id := ctx.JSSrc().Get("value").String()
				if id == "" {
					return
				}
				if err := t.openSample(id); err != nil {
					t.notice = Notice{Text: err.Error(), Error: true}
					return
				}
				t.autosave(ctx)
				ctx.JSSrc().Set("value", "")
			}),
		app.Button().ID("undo").Text("Undo").Title("Undo (Ctrl+Z)").Disabled(!t.sess.CanUndo()).
			OnClick(func(ctx app.Context, e app.Event) { t.undo(ctx) }),
		app.Button().ID("redo").Text("Redo").Title("Redo (Ctrl+Shift+Z)").Disabled(!t.sess.CanRedo()).
			OnClick(func(ctx app.Context, e app.Event) { t.redo(ctx) }),
		app.Button().ID("share").Text("Share link").OnClick(func(ctx app.Context, e app.Event) { t.share(ctx) }),
		app.Button().ID("export").Text("Export").OnClick(func(ctx app.Context, e app.Event) { t.export() }),
		app.Label().Class("button").Body(
			app.Text("Import"),
			app.Input().ID("import").Type("file").Accept(".json,application/json").Class("hidden").
				OnChange(t.importFile),
		),
		t.renderPWA(),
		app.If(t.shared != "", func() app.UI {
			return app.Input().ID("shared").Class("shared").ReadOnly(true).Value(t.shared).Attr("aria-label", "Share link")
		}),
	)
}

// renderOffer asks before an encounter from a link or file replaces the
// open one.
func (t *Table) renderOffer() app.UI {
	enc := t.offer.sess.State()
	return app.Div().ID("offer").Class("offer").Attr("role", "alertdialog").Body(
		app.P().Text(fmt.Sprintf("Open the encounter from the %s (%s, %d creatures, %d commands)? It replaces the one on the board, which you can export first.",
			t.offer.source, enc.Ruleset, len(enc.Combatants), t.offer.sess.Cursor())),
		app.Button().ID("offer-open").Text("Open it").OnClick(func(ctx app.Context, e app.Event) {
			t.accept(ctx, t.offer.sess, t.offer.source)
		}),
		app.Button().ID("offer-keep").Text("Keep mine").OnClick(func(ctx app.Context, e app.Event) {
			t.offer = nil
			t.clearFragment(ctx)
		}),
	)
}

// renderDecision offers the pending decision (an opportunity attack, or a
// ruleset's question) with the odds, to the side that must answer: the
// engine never answers for a player.
func (t *Table) renderDecision(enc combat.Encounter) app.UI {
	d := enc.Pending
	if d == nil {
		return nil
	}
	who, _ := enc.Combatant(d.Chooser)
	var body []app.UI
	if d.Kind == combat.DecideOpportunity {
		mover, _ := enc.Combatant(d.Attack.Defender)
		body = append(body, app.P().Body(
			app.Bdi().Text(who.Name), app.Text(" may make an opportunity attack on "),
			app.Bdi().Text(mover.Name), app.Text(" as it moves."),
		))
		if chances, err := combat.Odds(t.sess.Ruleset(), enc, d.Attack); err == nil {
			body = append(body, renderOdds(chances))
		}
		body = append(body,
			app.Button().ID("oa-take").Text("Take the attack").OnClick(func(ctx app.Context, e app.Event) { t.do(ctx, combat.TakeOpportunity{}) }),
			app.Button().ID("oa-decline").Text("Let it pass").OnClick(func(ctx app.Context, e app.Event) { t.do(ctx, combat.DeclineOpportunity{}) }),
		)
	} else {
		body = append(body, app.P().Body(app.Bdi().Text(who.Name), app.Text(": "+words(d.Key))))
		for _, o := range d.Options {
			body = append(body, app.Button().Class("choice").Text(words(o)).OnClick(func(ctx app.Context, e app.Event) {
				t.do(ctx, combat.Choose{Choice: o})
			}))
		}
	}
	return app.Section().ID("decision").Class("panel decision").Attr("role", "alert").Body(
		append([]app.UI{app.H2().Text("Decision")}, body...)...)
}

// renderInspector shows the selected creature.
func (t *Table) renderInspector(enc combat.Encounter) app.UI {
	c, ok := enc.Combatant(t.selected)
	if !ok {
		return app.Section().ID("inspector").Class("panel").Body(
			app.P().Class("muted").Text("Tap a token to select it. On its turn, drag it to move; tap an enemy to target it."))
	}
	return app.Section().ID("inspector").Class("panel").Body(
		app.H2().Body(app.Bdi().ID("selected-name").Text(c.Name)),
		app.P().Text(fmt.Sprintf("%s · HP %d/%d · at %s · speed %d", c.Side, c.HP, c.Stats.MaxHP, SquareName(c.Pos), c.Stats.Speed)),
		app.If(len(c.Conditions) > 0, func() app.UI { return app.P().Text("Conditions: " + strings.Join(c.Conditions, ", ")) }),
	)
}

// renderAttack shows the attack the selected creature would make on its
// target: the exact odds before the roll, a field for physical dice, the
// roll button, and the trace of the last attack.
func (t *Table) renderAttack(enc combat.Encounter) app.UI {
	var body []app.UI
	if def, ok := enc.Combatant(t.target); ok && !def.Up() {
		body = append(body, app.P().Class("muted").Body(app.Bdi().Text(def.Name), app.Text(" is down.")))
	} else if ok && t.canMove(enc) {
		att, _ := enc.Combatant(t.selected)
		choice, opt := t.renderChoices(enc)
		req := combat.AttackRequest{Attacker: att.ID, Defender: def.ID, Option: opt}
		body = append(body, app.P().Body(app.Bdi().Text(att.Name), app.Text(" → "), app.Bdi().ID("target-name").Text(def.Name)),
			choice, t.renderTargeting(enc))
		chances, err := combat.Odds(t.sess.Ruleset(), enc, req)
		if err != nil {
			body = append(body, app.P().Class("muted").Text("No odds: "+explainError(err)))
		} else {
			body = append(body, renderOdds(chances))
		}
		body = append(body,
			app.Label().Body(app.Text("Physical dice (optional): "),
				app.Input().ID("dice").Type("text").Attr("inputmode", "numeric").Placeholder("e.g. 14 3").Value(t.dice).
					OnInput(func(ctx app.Context, e app.Event) { t.dice = ctx.JSSrc().Get("value").String() })),
			app.Button().ID("roll").Text("Attack").Title("Attack (Enter)").Disabled(att.Budget.Actions <= 0).
				OnClick(func(ctx app.Context, e app.Event) { t.attack(ctx) }),
		)
	} else {
		body = append(body, app.P().Class("muted").Text("Select the acting creature and tap an enemy to see the odds."))
	}
	for _, ev := range t.last {
		if ev.Type == combat.AttackResolved {
			body = append(body, renderTrace(enc, ev))
		}
	}
	return app.Section().ID("attack").Class("panel").Body(append([]app.UI{app.H2().Text("Attack")}, body...)...)
}

// attack makes the selected creature attack its target with the chosen
// attack.
func (t *Table) attack(ctx app.Context) {
	var opt json.RawMessage
	if ar, ok := t.sess.Ruleset().(combat.Armory); ok {
		if choices, err := ar.AttackChoices(t.state(), t.selected); err == nil && t.option < len(choices) {
			opt = choices[t.option].Option
		}
	}
	t.do(ctx, combat.Attack{Attacker: t.selected, Defender: t.target, Option: opt})
}

// renderOdds draws the exact chances: outcomes as bars, damage as a chart.
func renderOdds(chances []combat.Chance) app.UI {
	var rows, bars []app.UI
	maxDmg := int64(0)
	for _, c := range chances {
		if strings.HasPrefix(c.Key, "damage-") && c.Num*1000/max(c.Den, 1) > maxDmg {
			maxDmg = c.Num * 1000 / max(c.Den, 1)
		}
	}
	for _, c := range chances {
		pct := percent(c.Num, c.Den)
		if n, ok := strings.CutPrefix(c.Key, "damage-"); ok {
			h := int64(0)
			if maxDmg > 0 {
				h = c.Num * 1000 / max(c.Den, 1) * 40 / maxDmg
			}
			bars = append(bars, app.Div().Class("dbar").Title(fmt.Sprintf("%s damage: %s", n, pct)).Body(
				app.Div().Class("fill").Style("height", fmt.Sprintf("%dpx", h)),
				app.Span().Text(n),
			))
			continue
		}
		rows = append(rows, app.Li().Class("chance").Attr("data-key", c.Key).Body(
			app.Span().Class("k").Text(words(c.Key)),
			app.Span().Class("bar").Body(app.Span().Class("fill").Style("width", pct)),
			app.Span().Class("v").Text(pct),
		))
	}
	return app.Div().ID("odds").Class("odds").Body(
		app.Ul().Body(rows...),
		app.If(len(bars) > 0, func() app.UI { return app.Div().Class("dchart").Title("Damage distribution").Body(bars...) }),
	)
}

// percent formats num/den as a percentage with one decimal, rounded half up.
func percent(num, den int64) string {
	if den <= 0 {
		return "—"
	}
	tenths := (num*1000 + den/2) / den
	return fmt.Sprintf("%d.%d%%", tenths/10, tenths%10)
}

// renderTrace lists the steps of a resolved attack with their rule IDs.
func renderTrace(enc combat.Encounter, ev combat.Event) app.UI {
	steps := make([]app.UI, len(ev.Trace))
	for i, s := range ev.Trace {
		steps[i] = app.Li().Class("step").Body(
			app.Code().Class("rule").Text(string(s.Rule)),
			app.Span().Text(" "+stepWords(s)),
		)
	}
	result := "miss"
	if ev.Hit {
		result = fmt.Sprintf("hit for %d", ev.Value)
	}
	return app.Div().ID("trace").Class("trace").Body(
		app.P().Class("result").Text("Result: "+result),
		app.Ol().Body(steps...),
	)
}

// logFilters are the log's views.
var logFilters = []struct{ key, label string }{
	{"", "Everything"}, {"attacks", "Attacks and damage"}, {"moves", "Movement"}, {"turns", "Rounds and turns"},
}

// logShows reports whether the log filter shows an event type.
func logShows(filter string, t combat.EventType) bool {
	switch filter {
	case "attacks":
		return t == combat.AttackResolved || t == combat.HPChanged || t == combat.Downed || t == combat.OpportunityTaken || t == combat.OpportunityPassed || t == combat.DecisionRequested
	case "moves":
		return t == combat.Moved || t == combat.MoveStopped || t == combat.MoveReset || t == combat.Repositioned
	case "turns":
		return t == combat.RoundStarted || t == combat.TurnStarted || t == combat.TurnEnded || t == combat.InitiativeRolled || t == combat.EncounterStarted || t == combat.EncounterEnded
	}
	return true
}
