package app

import (
	"fmt"
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// Movement modes are condition keys on the acting creature that rulesets
// with several movement types read (K-MOVE-7 charge, K-MOVE-9 fighting
// retreat); setting one is an ordinary, undoable command.
// A mode is offered only when the ruleset's Planner lists its band.
var moveModes = []struct{ key, band, label string }{{"charging", "charge", "move.charge"}, {"retreating", "retreat", "move.retreat"}}

// modeBand is the band key of the movement mode with condition key, "" for
// none.
func modeBand(key string) string {
	for _, m := range moveModes {
		if m.key == key {
			return m.band
		}
	}
	return ""
}

// modeLabel is the catalogue key of the movement mode with condition key.
func modeLabel(key string) string {
	for _, m := range moveModes {
		if m.key == key {
			return m.label
		}
	}
	return ""
}

// renderMovement shows the movement options of the acting creature and,
// for the planned path, why it cannot go there and every opportunity
// attack it meets, with the rule and the reason when one is prevented.
func (t *Table) renderMovement(enc combat.Encounter) app.UI {
	if !t.canMove(enc) {
		return nil
	}
	l := t.lang
	c, _ := enc.Combatant(t.selected)
	rs := t.sess.Ruleset()
	p := t.plan(enc)
	var modes []app.UI
	if _, ok := rs.(combat.Planner); ok {
		for _, m := range moveModes {
			if !slices.ContainsFunc(p.bands, func(b combat.Band) bool { return b.Key == m.band }) {
				continue
			}
			on := slices.Contains(c.Conditions, m.key)
			modes = append(modes, app.Button().ID("mode-"+m.key).Class("toggle").Attr("aria-pressed", on).Attr("data-mode", m.key).Text(i18n.T(l, m.label)).
				OnClick(t.toggleMode))
		}
		modes = append(modes, app.Button().ID("safest").Class("toggle").Attr("aria-pressed", t.safest).Text(i18n.T(l, "move.safest")).
			OnClick(func(ctx app.Context, e app.Event) { t.safest = !t.safest }))
	}
	if _, ok := rs.(combat.Threatener); ok {
		modes = append(modes, app.Button().ID("threats").Class("toggle").Attr("aria-pressed", t.threats).Text(i18n.T(l, "move.threats")).
			OnClick(func(ctx app.Context, e app.Event) { t.threats = !t.threats }))
	}
	// The bands' sizes and rules are in the legend: the board shows them.
	var lines []app.UI
	switch {
	case p.mode != "" && t.hover != nil:
		// A square only another mode reaches: named, with the mode to choose.
		lines = append(lines, app.Li().Class("blocked needs-mode").Attr("data-mode", p.mode).Title(explain(l, enc.Ruleset, modeBand(p.mode), "")).
			Body(say(l, "move.needs-mode", "square", t.hover.Name(), "mode", i18n.T(l, modeLabel(p.mode)))...))
	case p.err != nil && t.hover != nil:
		lines = append(lines, app.Li().Class("blocked").Body(t.explainError(p.err).render(l)...))
	}
	for _, pr := range p.provs {
		who, _ := enc.Combatant(pr.Attacker)
		why := pr.Kind
		if pr.Prevented != "" {
			why = pr.Prevented
		}
		li := app.Li().Class("provocation").Attr("data-prevented", pr.Prevented != "").Title(explain(l, enc.Ruleset, why, pr.Rule))
		var text []app.UI
		if pr.Prevented == "" {
			text = say(l, "move.oa", "name", who.Name, "kind", i18n.Label(l, glossary(enc.Ruleset), pr.Kind), "square", pr.At.Name())
		} else {
			text = say(l, "move.oa-prevented", "name", who.Name, "square", pr.At.Name(), "why", i18n.Label(l, glossary(enc.Ruleset), pr.Prevented))
		}
		lines = append(lines, li.Body(append(text, app.Text(" "), ruleCode(pr.Rule))...))
	}
	return app.Section().ID("movement").Class("panel").Body(
		app.H2().Text(i18n.T(l, "move.title")),
		app.Div().Class("buttons").Body(modes...),
		app.Ul().ID("plan").Class("plan").Body(lines...),
	)
}

// toggleMode sets or clears the clicked movement mode on the acting
// creature, reading both from the page when clicked: go-app keeps an
// element's first handler, so it must not hold values of one render.
func (t *Table) toggleMode(ctx app.Context, e app.Event) {
	mode, enc := data(ctx, "mode"), t.state()
	c, ok := enc.Combatant(enc.Current())
	if !ok || mode == "" {
		return
	}
	if slices.Contains(c.Conditions, mode) {
		t.do(ctx, combat.RemoveCondition{ID: c.ID, Condition: mode})
	} else {
		t.do(ctx, combat.AddCondition{ID: c.ID, Condition: mode})
	}
}

// renderTargeting shows the tier the attacker would get on its target and
// the defender's engagement, with their rule IDs.
func (t *Table) renderTargeting(enc combat.Encounter) app.UI {
	tg, ok := t.sess.Ruleset().(combat.Targeter)
	if !ok || t.target == "" || t.selected == "" {
		return nil
	}
	l, rs := t.lang, enc.Ruleset
	var body []app.UI
	if tier, err := tg.Target(enc, t.selected, t.target); err == nil {
		if tier.Allowed {
			line := []app.UI{app.Strong().Body(say(l, "target.from", "tier", i18n.Label(l, glossary(rs), tier.Tier))...)}
			for _, m := range tier.Modifiers {
				line = append(line, app.Text(" · "), app.Bdi().Text(i18n.Label(l, glossary(rs), m.Quantity)), app.Text(" "), app.Bdi().Text(i18n.Signed(l, int64(m.Value))))
			}
			body = append(body, app.P().ID("tier").Attr("data-tier", tier.Tier).Title(explain(l, rs, tier.Tier, tier.Rule)).Body(append(line, app.Text(" "), ruleCode(tier.Rule))...))
		} else {
			body = append(body, app.P().ID("tier").Attr("data-tier", "none").Body(
				say(l, "target.none", "why", i18n.Label(l, glossary(rs), tier.Reason), "rule", string(tier.Rule))...))
		}
	}
	if st, err := tg.Standing(enc, t.target); err == nil {
		state := ""
		if st.Overwhelmed {
			state = " · " + i18n.Label(l, glossary(rs), "overwhelmed")
		}
		if st.Pinned {
			state += " · " + i18n.Label(l, glossary(rs), "pinned")
		}
		body = append(body, app.P().ID("standing").Body(
			say(l, "target.pins", "used", st.PinsUsed, "capacity", st.PinCapacity, "state", state, "rule", string(st.Rule))...))
	}
	return app.Div().Class("targeting").Body(body...)
}

// renderChoices lets the attacker pick among its attacks.
func (t *Table) renderChoices(enc combat.Encounter) (app.UI, []byte) {
	ar, ok := t.sess.Ruleset().(combat.Armory)
	if !ok {
		return nil, nil
	}
	choices, err := ar.AttackChoices(enc, t.selected)
	if err != nil || len(choices) == 0 {
		return nil, nil
	}
	if t.option >= len(choices) {
		t.option = 0
	}
	opts := make([]app.UI, len(choices))
	for i, c := range choices {
		opts[i] = app.Option().Value(i).Selected(i == t.option).Text(i18n.Isolate(c.Name))
	}
	return app.Label().Body(app.Text(i18n.T(t.lang, "attack.with")+" "),
		app.Select().ID("weapon").Body(opts...).OnChange(func(ctx app.Context, e app.Event) {
			fmt.Sscan(ctx.JSSrc().Get("value").String(), &t.option)
		})), choices[t.option].Option
}

// ruleCode shows a rule ID, always left to right.
func ruleCode(rule combat.RuleID) app.UI {
	return app.Code().Class("rule").Dir("ltr").Text(string(rule))
}
