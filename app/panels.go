package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// renderBar is the top bar: the encounter menu, undo/redo, sharing and
// the language switch.
func (t *Table) renderBar(enc combat.Encounter) app.UI {
	l := t.lang
	return app.Header().Class("bar").Body(
		app.H1().Class("brand").Text("Battlemat"),
		app.Span().ID("ruleset").Class("pill").Body(app.Bdi().Text(enc.Ruleset)),
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
func (t *Table) renderDecision(enc combat.Encounter) app.UI {
	d := enc.Pending
	if d == nil {
		return nil
	}
	l := t.lang
	who, _ := enc.Combatant(d.Chooser)
	var body []app.UI
	if d.Kind == combat.DecideOpportunity {
		mover, _ := enc.Combatant(d.Attack.Defender)
		body = append(body, app.P().Body(say(l, "decision.oa", "a", who.Name, "b", mover.Name)...))
		if chances, err := t.odds(enc, d.Attack); err == nil {
			body = append(body, renderOdds(l, enc.Ruleset, chances))
		}
		body = append(body,
			app.Button().ID("oa-take").Text(i18n.T(l, "decision.take")).OnClick(func(ctx app.Context, e app.Event) { t.do(ctx, combat.TakeOpportunity{}) }),
			app.Button().ID("oa-decline").Text(i18n.T(l, "decision.pass")).OnClick(func(ctx app.Context, e app.Event) { t.do(ctx, combat.DeclineOpportunity{}) }),
		)
	} else {
		body = append(body, app.P().Body(say(l, "decision.choose", "name", who.Name, "question", i18n.Label(l, glossary(enc.Ruleset), d.Key))...))
		for _, o := range d.Options {
			body = append(body, app.Button().Class("choice").Attr("data-choice", o).Text(i18n.Label(l, glossary(enc.Ruleset), o)).OnClick(func(ctx app.Context, e app.Event) {
				t.do(ctx, combat.Choose{Choice: data(ctx, "choice")})
			}))
		}
	}
	return app.Section().ID("decision").Class("panel decision").Attr("role", "alert").Body(
		append([]app.UI{app.H2().Text(i18n.T(l, "decision.title"))}, body...)...)
}

// renderInspector shows the selected creature.
func (t *Table) renderInspector(enc combat.Encounter) app.UI {
	l := t.lang
	c, ok := enc.Combatant(t.selected)
	if !ok {
		return app.Section().ID("inspector").Class("panel").Body(
			app.P().Class("muted").Text(i18n.T(l, "inspector.hint")))
	}
	conditions := make([]string, len(c.Conditions))
	for i, k := range c.Conditions {
		conditions[i] = i18n.Label(l, glossary(enc.Ruleset), k)
	}
	return app.Section().ID("inspector").Class("panel").Body(
		app.H2().Body(app.Bdi().ID("selected-name").Text(c.Name)),
		app.P().ID("summary").Body(say(l, "inspector.summary", "side", c.Side, "hp", c.HP, "max", c.Stats.MaxHP,
			"square", c.Pos.Name(), "speed", t.distance(c.Stats.Speed))...).Title(i18n.T(l, "move.units.hint")),
		app.If(len(c.Conditions) > 0, func() app.UI {
			return app.P().Body(say(l, "inspector.conditions", "list", strings.Join(conditions, ", "))...)
		}),
	)
}

// renderAttack shows the attack the selected creature would make on its
// target: the exact odds before the roll, a field for physical dice, the
// roll button, and the trace of the last attack.
func (t *Table) renderAttack(enc combat.Encounter) app.UI {
	l := t.lang
	var body []app.UI
	if def, ok := enc.Combatant(t.target); ok && !t.up(enc, def.ID) {
		body = append(body, app.P().Class("muted").Body(say(l, "attack.down", "name", def.Name)...))
	} else if ok && t.canMove(enc) {
		att, _ := enc.Combatant(t.selected)
		rollKey := "attack.roll"
		if combat.SidePhases(t.sess.Ruleset()) {
			rollKey = "attack.declare" // ENG-PHASE-2: the attack is queued, not rolled
		}
		choice, opt := t.renderChoices(enc)
		req := combat.AttackRequest{Attacker: att.ID, Defender: def.ID, Option: opt}
		names := say(l, "attack.versus", "a", att.Name, "b", def.Name)
		for i := len(names) - 1; i >= 0; i-- { // the target is the last value
			if b, ok := names[i].(app.HTMLBdi); ok {
				names[i] = b.ID("target-name")
				break
			}
		}
		body = append(body, app.Div().Class("versus").Body(app.P().Body(names...), choice), t.renderTargeting(enc))
		chances, err := t.odds(enc, req)
		if err == nil {
			body = append(body, renderOdds(l, enc.Ruleset, chances))
		}
		why := t.cannotAttack(enc, att, def, err)
		if why != nil {
			body = append(body, app.P().ID("roll-why").Class("why").Body(why...))
		}
		body = append(body, app.Div().Class("roll-row").Body(
			app.Label().Body(app.Text(i18n.T(l, "attack.dice")+" "),
				app.Input().ID("dice").Type("text").Dir("ltr").Attr("inputmode", "numeric").Placeholder(i18n.T(l, "attack.dice.placeholder")).Value(t.dice).
					OnInput(func(ctx app.Context, e app.Event) { t.dice = ctx.JSSrc().Get("value").String() })),
			app.Button().ID("roll").Text(i18n.T(l, rollKey)).Title(i18n.T(l, rollKey+".hint")).Disabled(why != nil).
				Attr("aria-describedby", describedBy(why != nil, "roll-why")).
				OnClick(func(ctx app.Context, e app.Event) { t.attack(ctx) }),
		))
	} else {
		body = append(body, app.P().Class("muted").Text(i18n.T(l, "attack.hint")))
	}
	for _, ev := range t.last {
		if ev.Type == combat.AttackResolved || ev.Type == combat.PhaseHitResolved {
			body = append(body, renderTrace(l, enc, ev))
		}
	}
	return app.Section().ID("attack").Class("panel").Body(append([]app.UI{app.H2().Text(i18n.T(l, "attack.title"))}, body...)...)
}

// cannotAttack says in words why att cannot attack def now, or nil when it
// can: no attack left this turn, or the ruleset's refusal (err from the
// odds), in the ruleset's terms where it names a reason, with its rule ID.
func (t *Table) cannotAttack(enc combat.Encounter, att, def combat.Combatant, err error) []app.UI {
	l := t.lang
	if att.Budget.Actions <= 0 {
		return say(l, "attack.no-actions", "a", att.Name)
	}
	if err == nil {
		return nil
	}
	if tg, ok := t.sess.Ruleset().(combat.Targeter); ok {
		if tier, terr := tg.Target(enc, att.ID, def.ID); terr == nil && !tier.Allowed {
			return say(l, "attack.impossible", "a", att.Name, "b", def.Name, "why", i18n.Label(l, glossary(enc.Ruleset), tier.Reason), "rule", string(tier.Rule))
		}
	}
	why := t.explainError(err).Args[1]
	var re *combat.RuleError
	if errors.As(err, &re) && re.Key == combat.RefusalCannotAttack {
		// The refusal would name attacker and target again: its reason is enough.
		if w, ok := refusalArg(re, "why"); ok {
			why = term{enc.Ruleset, w}
		}
	}
	if re != nil && re.Rule != "" {
		return say(l, "attack.impossible", "a", att.Name, "b", def.Name, "why", why, "rule", string(re.Rule))
	}
	return say(l, "attack.impossible.bare", "a", att.Name, "b", def.Name, "why", why)
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
func (t *Table) attack(ctx app.Context) {
	var opt json.RawMessage
	if ar, ok := t.sess.Ruleset().(combat.Armory); ok {
		if choices, err := ar.AttackChoices(t.state(), t.selected); err == nil && t.option < len(choices) {
			opt = choices[t.option].Option
		}
	}
	t.do(ctx, combat.Attack{Attacker: t.selected, Defender: t.target, Option: opt})
}

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
		if len(bars) > 0 {
			summary = say(l, "attack.expected", "n", i18n.Tenths(l, expectedTenths(chances)))
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

// expectedTenths is the mean of the damage distribution among the chances
// (the combat.DamageChance rows), in tenths, rounded half up.
func expectedTenths(chances []combat.Chance) int64 {
	var num, den int64
	for _, c := range chances {
		if c.Kind != combat.DamageChance || c.Den <= 0 {
			continue
		}
		num += int64(c.Amount) * c.Num * 10
		den = c.Den
	}
	if den == 0 {
		return 0
	}
	return (num + den/2) / den
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
func renderTrace(l i18n.Lang, enc combat.Encounter, ev combat.Event) app.UI {
	who, _ := enc.Combatant(ev.Actor)
	whom, _ := enc.Combatant(ev.Target)
	result := say(l, "attack.result.miss")
	if ev.Hit {
		result = say(l, "attack.result.hit", "n", ev.Value)
	}
	return app.Details().ID("trace").Class("trace").Attr("data-actor", ev.Actor).Body(
		app.Summary().Title(i18n.T(l, "attack.trace.hint")).Body(
			app.Span().Class("trace-by").Body(say(l, "attack.trace.by", "a", who.Name, "b", whom.Name)...),
			app.Text(" · "),
			app.Span().Class("result").Body(result...),
		),
		app.Ol().Body(traceSteps(l, enc.Ruleset, ev.Trace)...),
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
