package app

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// Movement modes (combat.MoveMode) are conditions on the acting creature
// that put it in another movement type, as its ruleset declares them;
// setting one is an ordinary, undoable command. A mode is offered only
// when the ruleset's Planner lists its band.

// modeLabel is the catalogue key naming a movement mode by its band
// ("move.charge").
func modeLabel(md combat.MoveMode) string { return "move." + string(md.Band) }

// renderMovement shows the movement options of the acting creature and,
// for the planned path, why it cannot go there and every opportunity
// attack it meets, with the rule and the reason when one is prevented.
func (t *Table) renderMovement(v MovementView) app.UI {
	if !v.Shown {
		return nil
	}
	l := v.Lang
	var modes []app.UI
	for _, md := range v.Modes {
		modes = append(modes, app.Button().ID("mode-"+md.Key).Class("toggle").Attr("aria-pressed", md.On).Attr("data-mode", md.Key).Text(md.Label).
			OnClick(t.toggleMode))
	}
	if v.Safest != nil {
		modes = append(modes, app.Button().ID("safest").Class("toggle").Attr("aria-pressed", *v.Safest).Text(i18n.T(l, "move.safest")).
			OnClick(func(ctx app.Context, e app.Event) { t.safest = !t.safest }))
	}
	if v.Threats != nil {
		modes = append(modes, app.Button().ID("threats").Class("toggle").Attr("aria-pressed", *v.Threats).Text(i18n.T(l, "move.threats")).
			OnClick(func(ctx app.Context, e app.Event) { t.threats = !t.threats }))
	}
	// The bands' sizes and rules are in the legend: the board shows them.
	lines := make([]app.UI, len(v.Lines))
	for i, ln := range v.Lines {
		switch ln.Kind {
		case "needs-mode":
			// A square only another mode reaches: named, with the mode to choose.
			lines[i] = app.Li().Class("blocked needs-mode").Attr("data-mode", ln.Mode).Title(ln.Title).Body(bdiParts(ln.Parts)...)
		case "blocked":
			lines[i] = app.Li().Class("blocked").Body(bdiParts(ln.Parts)...)
		default:
			lines[i] = app.Li().Class("provocation").Attr("data-prevented", ln.Prevented).Title(ln.Title).
				Body(append(bdiParts(ln.Parts), app.Text(" "), ruleCode(ln.Rule))...)
		}
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
	if cmd, ok := t.modeCommand(data(ctx, "mode")); ok {
		t.do(ctx, cmd)
	}
}

// modeCommand sets the movement mode with condition key on the acting
// creature, or clears it when it is set; false when nobody acts.
func (m *Model) modeCommand(mode string) (combat.Command, bool) {
	enc := m.state()
	c, ok := enc.Combatant(enc.Current())
	if !ok || mode == "" {
		return nil, false
	}
	if slices.Contains(c.Conditions, mode) {
		return combat.RemoveCondition{ID: c.ID, Condition: mode}, true
	}
	return combat.AddCondition{ID: c.ID, Condition: mode}, true
}

// renderTargeting shows the tier the attacker would get on its target and
// the defender's engagement, with their rule IDs.
func renderTargeting(v *TargetingView) app.UI {
	if v == nil {
		return nil
	}
	var body []app.UI
	if tl := v.Tier; tl != nil && tl.Allowed {
		line := []app.UI{app.Strong().Body(bdiParts(tl.Parts)...)}
		for _, md := range tl.Modifiers {
			line = append(line, app.Text(" · "), app.Bdi().Text(md[0]), app.Text(" "), app.Bdi().Text(md[1]))
		}
		body = append(body, app.P().ID("tier").Attr("data-tier", tl.Tier).Title(tl.Title).Body(append(line, app.Text(" "), ruleCode(tl.Rule))...))
	} else if tl != nil {
		body = append(body, app.P().ID("tier").Attr("data-tier", tl.Tier).Body(bdiParts(tl.Parts)...))
	}
	if v.Standing != nil {
		body = append(body, app.P().ID("standing").Body(bdiParts(v.Standing)...))
	}
	return app.Div().Class("targeting").Body(body...)
}

// renderChoices lets the attacker pick among its attacks.
func (t *Table) renderChoices(l i18n.Lang, r *AttackReady) app.UI {
	if len(r.Choices) == 0 {
		return nil
	}
	opts := make([]app.UI, len(r.Choices))
	for i, name := range r.Choices {
		opts[i] = app.Option().Value(i).Selected(i == r.Option).Text(i18n.Isolate(name))
	}
	return app.Label().Body(app.Text(i18n.T(l, "attack.with")+" "),
		app.Select().ID("weapon").Body(opts...).OnChange(func(ctx app.Context, e app.Event) {
			t.chooseOption(ctx.JSSrc().Get("value").String())
		}))
}

// chooseOption takes the attack option the weapon menu sends, its index as
// a decimal number; anything else keeps the current one (the attack panel
// checks the index against the attacker's choices).
func (m *Model) chooseOption(value string) {
	if i, err := strconv.Atoi(value); err == nil {
		m.option = i
	}
}

// ruleCode shows a rule ID, always left to right.
func ruleCode(rule combat.RuleID) app.UI {
	return app.Code().Class("rule").Dir("ltr").Text(string(rule))
}
