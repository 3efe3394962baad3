package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// renderBar is the top bar: the ruleset's name in the reader's language,
// the encounter menu, undo/redo, sharing and the language switch.
func (t *Table) renderBar(enc combat.Encounter) app.UI {
	l := t.lang
	return app.Header().Class("bar").Body(
		app.H1().Class("brand").Text("Battlemat"),
		app.Span().ID("ruleset").Class("pill").Attr("data-ruleset", enc.Ruleset).Body(app.Bdi().Text(rulesetName(l, enc.Ruleset))),
		app.Button().ID("library-toggle").Text(i18n.T(l, "library.title")).Attr("aria-expanded", t.shelf.open).OnClick(t.toggleLibrary),
		t.renderSamples(),
		app.Button().ID("undo").Text(i18n.T(l, "bar.undo")).Title(i18n.T(l, "bar.undo.hint")).Disabled(!t.sess.CanUndo()).
			OnClick(func(ctx app.Context, e app.Event) { t.undo(ctx) }),
		t.renderUndoReach(),
		app.Button().ID("redo").Text(i18n.T(l, "bar.redo")).Title(i18n.T(l, "bar.redo.hint")).Disabled(!t.sess.CanRedo()).
			OnClick(func(ctx app.Context, e app.Event) { t.redo(ctx) }),
		app.Button().ID("share").Text(i18n.T(l, "bar.share")).OnClick(func(ctx app.Context, e app.Event) { t.share(ctx) }),
		app.Button().ID("export").Text(i18n.T(l, "bar.export")).OnClick(func(ctx app.Context, e app.Event) { t.export(ctx) }),
		app.Label().Class("button").Body(
			app.Text(i18n.T(l, "bar.import")),
			app.Input().ID("import").Type("file").Accept(".json,application/json").Class("hidden").
				OnChange(t.importFile),
		),
		t.renderLangSwitch(),
		t.renderPWA(),
		app.If(t.shared != "", func() app.UI {
			return app.Input().ID("shared").Class("shared").Dir("ltr").ReadOnly(true).Value(t.shared).Attr("aria-label", i18n.T(l, "bar.share"))
		}),
	)
}

// renderDecision offers the pending decision (an opportunity attack, or a
// ruleset's question) with the odds, to the side that must answer: the
// engine never answers for a player.
func (t *Table) renderDecision(v *DecisionView) app.UI {
	if v == nil {
		return nil
	}
	l := v.Lang
	body := []app.UI{app.P().Body(bdiParts(v.Question)...)}
	if v.Opportunity {
		if v.Odds != nil {
			body = append(body, renderOdds(l, v.Ruleset, v.Odds))
		}
		body = append(body,
			app.Button().ID("oa-take").Text(i18n.T(l, "decision.take")).OnClick(func(ctx app.Context, e app.Event) { t.do(ctx, combat.TakeOpportunity{}) }),
			app.Button().ID("oa-decline").Text(i18n.T(l, "decision.pass")).OnClick(func(ctx app.Context, e app.Event) { t.do(ctx, combat.DeclineOpportunity{}) }),
		)
	}
	for _, o := range v.Options {
		body = append(body, app.Button().Class("choice").Attr("data-choice", o[0]).Text(o[1]).OnClick(func(ctx app.Context, e app.Event) {
			t.do(ctx, combat.Choose{Choice: data(ctx, "choice")})
		}))
	}
	return app.Section().ID("decision").Class("panel decision").Attr("role", "alert").Body(
		append([]app.UI{app.H2().Text(i18n.T(l, "decision.title"))}, body...)...)
}

// The turn's panels are components of their own, each drawing its
// view-model: go-app redraws a component only when its view-model differs
// from the one it drew (a pointer move redraws none of them).

// Inspector draws the selected creature (renderInspector).
type Inspector struct {
	app.Compo
	V InspectorView
}

// Render draws the inspector.
func (p *Inspector) Render() app.UI { return renderInspector(p.V) }

// AttackPanel draws the attack panel (renderAttack); its buttons act on
// the table.
type AttackPanel struct {
	app.Compo
	V AttackView
	t *Table
}

// Render draws the attack panel.
func (p *AttackPanel) Render() app.UI { return p.t.renderAttack(p.V) }

// MovementPanel draws the movement panel (renderMovement); its buttons
// act on the table.
type MovementPanel struct {
	app.Compo
	V MovementView
	t *Table
}

// Render draws the movement panel.
func (p *MovementPanel) Render() app.UI { return p.t.renderMovement(p.V) }

// movementPanel is the movement panel, nil when the selected creature
// does not act.
func (t *Table) movementPanel(enc combat.Encounter) app.UI {
	if v := t.movementView(enc); v.Shown {
		return &MovementPanel{V: v, t: t}
	}
	return nil
}

// DecisionPanel draws a pending decision (renderDecision); its buttons
// answer it on the table.
type DecisionPanel struct {
	app.Compo
	V DecisionView
	t *Table
}

// Render draws the decision.
func (p *DecisionPanel) Render() app.UI { return p.t.renderDecision(&p.V) }

// decisionPanel is the pending decision's panel, nil when none is pending.
func (t *Table) decisionPanel(enc combat.Encounter) app.UI {
	if v := t.decisionView(enc); v != nil {
		return &DecisionPanel{V: *v, t: t}
	}
	return nil
}

// renderInspector shows the selected creature.
func renderInspector(v InspectorView) app.UI {
	l := v.Lang
	if v.Name == "" {
		return app.Section().ID("inspector").Class("panel").Body(
			app.P().Class("muted").Text(i18n.T(l, "inspector.hint")))
	}
	return app.Section().ID("inspector").Class("panel").Body(
		app.H2().Body(app.Bdi().ID("selected-name").Text(v.Name)),
		app.P().ID("summary").Body(bdiParts(v.Summary)...).Title(i18n.T(l, "move.units.hint")),
		app.If(v.Conditions != nil, func() app.UI { return app.P().Body(bdiParts(v.Conditions)...) }),
	)
}

// renderAttack shows the attack the selected creature would make on its
// target: the exact odds before the roll, a field for physical dice, the
// roll button, and the trace of the last attack.
func (t *Table) renderAttack(v AttackView) app.UI {
	l := v.Lang
	var body []app.UI
	switch r := v.Ready; {
	case v.Down != nil:
		body = append(body, app.P().Class("muted").Body(bdiParts(v.Down)...))
	case r != nil:
		names := bdiParts(r.Versus)
		for i := len(names) - 1; i >= 0; i-- { // the target is the last value
			if b, ok := names[i].(app.HTMLBdi); ok {
				names[i] = b.ID("target-name")
				break
			}
		}
		body = append(body, app.Div().Class("versus").Body(app.P().Body(names...), t.renderChoices(l, r)), renderTargeting(r.Targeting))
		if r.Odds != nil {
			body = append(body, renderOdds(l, v.Ruleset, r.Odds))
		}
		if r.Why != nil {
			body = append(body, app.P().ID("roll-why").Class("why").Body(bdiParts(r.Why)...))
		}
		body = append(body, app.Div().Class("roll-row").Body(
			app.Label().Body(app.Text(i18n.T(l, "attack.dice")+" "),
				app.Input().ID("dice").Type("text").Dir("ltr").Attr("inputmode", "numeric").Placeholder(i18n.T(l, "attack.dice.placeholder")).Value(r.Dice).
					OnInput(func(ctx app.Context, e app.Event) { t.dice = ctx.JSSrc().Get("value").String() })),
			app.Button().ID("roll").Text(i18n.T(l, r.RollKey)).Title(i18n.T(l, r.RollKey+".hint")).Disabled(r.Why != nil).
				Attr("aria-describedby", describedBy(r.Why != nil, "roll-why")).
				OnClick(func(ctx app.Context, e app.Event) { t.attack(ctx) }),
		))
	default:
		body = append(body, app.P().Class("muted").Text(i18n.T(l, "attack.hint")))
	}
	for _, tv := range v.Traces {
		body = append(body, renderTrace(l, tv))
	}
	return app.Section().ID("attack").Class("panel").Body(append([]app.UI{app.H2().Text(i18n.T(l, "attack.title"))}, body...)...)
}

// describedBy is an aria-describedby value: id when on, else none (go-app
// leaves out an attribute whose value is empty).
func describedBy(on bool, id string) string {
	if on {
		return id
	}
	return ""
}

// attack makes the selected creature attack its target with the chosen
// attack.
func (t *Table) attack(ctx app.Context) { t.do(ctx, t.attackCommand()) }

// renderOdds draws the exact chances compactly: the outcomes that can
// happen in a line, each named in the ruleset's terms with its share as a
// thin bar, then a disclosure (summed up by the expected damage where there
// is one) that opens to the outcomes that cannot happen and the damage
// chart.
func renderOdds(l i18n.Lang, ruleset string, chances []combat.Chance) app.UI {
	var rows, never, bars []app.UI
	maxDmg := int64(0)
	for _, c := range chances {
		if c.Kind == combat.DamageChance && c.Num*1000/max(c.Den, 1) > maxDmg {
			maxDmg = c.Num * 1000 / max(c.Den, 1)
		}
	}
	for _, c := range chances {
		pct := i18n.Percent(l, c.Num, c.Den)
		if c.Kind == combat.DamageChance {
			h := int64(0)
			if maxDmg > 0 {
				h = c.Num * 1000 / max(c.Den, 1) * 40 / maxDmg
			}
			n := i18n.Int(l, int64(c.Amount))
			bars = append(bars, app.Div().Class("dbar").Title(i18n.T(l, "attack.distribution.tip", "n", n, "pct", pct)).Body(
				app.Div().Class("fill").Style("height", fmt.Sprintf("%dpx", h)),
				app.Span().Text(n),
			))
			continue
		}
		meter := app.Span().Class("meter").Body(app.Span().Class("fill").Style("width", i18n.Percent(i18n.English, c.Num, c.Den)))
		if c.Kind == combat.ExpectedAmount {
			// An expected amount, not a chance: a number with no bar.
			meter, pct = app.Span().Class("meter none"), i18n.Tenths(l, meanTenths(c))
		}
		row := app.Li().Class("chance").Attr("data-key", c.Key).Attr("data-zero", c.Num == 0).Title(explain(l, ruleset, c.Key, "")).Body(
			app.Span().Class("k").Body(app.Bdi().Text(i18n.Label(l, glossary(ruleset), c.Key))),
			app.Bdi().Class("v").Text(pct),
			meter,
		)
		if c.Num == 0 && c.Kind == combat.OutcomeChance {
			never = append(never, row)
		} else {
			rows = append(rows, row)
		}
	}
	if len(bars) > 0 || len(never) > 0 {
		summary := []app.UI{app.Text(i18n.T(l, "attack.odds.more"))}
		if mean, ok := combat.MeanDamage(chances); ok {
			summary = say(l, "attack.expected", "n", i18n.Tenths(l, meanTenths(mean)))
		}
		// The last item of the line, so that it sits beside the outcomes when there is room.
		rows = append(rows, app.Li().Class("more-odds").Body(app.Details().Body(
			app.Summary().ID("expected").Body(app.Span().Body(summary...)),
			app.If(len(never) > 0, func() app.UI {
				return app.Div().Class("never").Body(app.Span().Text(i18n.T(l, "attack.odds.never")), app.Ul().Body(never...))
			}),
			app.If(len(bars) > 0, func() app.UI {
				return app.Div().Class("dchart").Title(i18n.T(l, "attack.distribution")).Body(bars...)
			}),
		)))
	}
	return app.Div().ID("odds").Class("odds").Body(app.Ul().Body(rows...))
}

// odds asks the ruleset for the exact chances of an attack, once per
// change of the session and request: a drag re-renders the page many
// times while the odds stay the same.
func (m *Model) odds(enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	key := fmt.Sprintf("%s|%s|%t|%s|%q", req.Attacker, req.Defender, req.Opportunity, req.Option, req.Answers)
	c := m.cache()
	if c.odds != nil && c.odds.key == key {
		return c.odds.chances, c.odds.err
	}
	var chances []combat.Chance
	var err error
	if rs := m.sess.Ruleset(); combat.SidePhases(rs) && !req.Opportunity {
		// ENG-PHASE-4: together with the attacks already declared on the target.
		chances, err = combat.PhaseOdds(rs, enc, req.Defender, combat.Declaration{Attacker: req.Attacker, Targets: []string{req.Defender}, Option: req.Option})
	} else {
		chances, err = combat.Odds(rs, enc, req)
	}
	c.odds = &oddsEntry{key: key, chances: chances, err: err}
	return chances, err
}

// oddsEntry is the last odds asked for in a revision.
type oddsEntry struct {
	key     string
	chances []combat.Chance
	err     error
}

// meanTenths is an expected amount (a combat.ExpectedAmount) in tenths, rounded half up, without overflowing for
// large denominators; 0 for a chance without one.
func meanTenths(c combat.Chance) int64 {
	if c.Den <= 0 {
		return 0
	}
	q, r := c.Num/c.Den, c.Num%c.Den
	return q*10 + (r*10+c.Den/2)/c.Den
}

// renderTrace shows a resolved attack as who attacked whom and the result,
// which opens to its steps with their rule IDs, in the ruleset's terms and
// dice notation.
func renderTrace(l i18n.Lang, v TraceView) app.UI {
	return app.Details().ID("trace").Class("trace").Attr("data-actor", v.Actor).Body(
		app.Summary().Title(i18n.T(l, "attack.trace.hint")).Body(
			app.Span().Class("trace-by").Body(bdiParts(v.By)...),
			app.Text(" · "),
			app.Span().Class("result").Body(bdiParts(v.Result)...),
		),
		app.Ol().Body(traceSteps(l, v.Ruleset, v.Trace)...),
	)
}

// traceSteps lists a trace's steps with their rule IDs, in the ruleset's
// terms and dice notation.
func traceSteps(l i18n.Lang, ruleset string, tr combat.Trace) []app.UI {
	steps := make([]app.UI, len(tr))
	for i, s := range tr {
		steps[i] = app.Li().Class("step").Title(explain(l, ruleset, s.Key, s.Rule)).Body(append([]app.UI{
			ruleCode(s.Rule), app.Text(" ")},
			stepWords(l, ruleset, s)...)...)
	}
	return steps
}

// logFilters are the log's views, with the catalogue keys of their names.
var logFilters = []struct{ key, label string }{
	{"", "log.filter.all"}, {"attacks", "log.filter.attacks"}, {"moves", "log.filter.moves"}, {"turns", "log.filter.turns"},
}

// logShows reports whether the log filter shows an event type.
func logShows(filter string, t combat.EventType) bool {
	switch filter {
	case "attacks":
		return t == combat.AttackResolved || t == combat.HPChanged || t == combat.Downed || t == combat.OpportunityTaken || t == combat.OpportunityPassed || t == combat.DecisionRequested
	case "moves":
		return t == combat.Moved || t == combat.MoveStopped || t == combat.MoveReset || t == combat.Repositioned
	case "turns":
		return t == combat.RoundStarted || t == combat.TurnStarted || t == combat.TurnEnded || t == combat.ActionUsed || t == combat.InitiativeRolled || t == combat.EncounterStarted || t == combat.EncounterEnded
	}
	return true
}
