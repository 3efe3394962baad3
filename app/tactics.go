package app

import (
	"fmt"
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
)

// Movement modes are condition keys on the acting creature that rulesets
// with several movement types read (K-MOVE-7 charge, K-MOVE-9 fighting
// retreat); setting one is an ordinary, undoable command.
var moveModes = []struct{ key, label string }{{"charging", "Charge"}, {"retreating", "Fighting retreat"}}

// renderMovement shows the movement options of the acting creature and,
// for the planned path, every opportunity attack it meets, with the rule
// and the reason when one is prevented.
func (t *Table) renderMovement(enc combat.Encounter) app.UI {
	if !t.canMove(enc) {
		return nil
	}
	c, _ := enc.Combatant(t.selected)
	rs := t.sess.Ruleset()
	var modes []app.UI
	if _, ok := rs.(combat.Planner); ok {
		for _, m := range moveModes {
			on := slices.Contains(c.Conditions, m.key)
			modes = append(modes, app.Button().ID("mode-"+m.key).Class("toggle").Attr("aria-pressed", on).Text(m.label).
				OnClick(func(ctx app.Context, e app.Event) {
					if on {
						t.do(ctx, combat.RemoveCondition{ID: c.ID, Condition: m.key})
					} else {
						t.do(ctx, combat.AddCondition{ID: c.ID, Condition: m.key})
					}
				}))
		}
		modes = append(modes, app.Button().ID("safest").Class("toggle").Attr("aria-pressed", t.safest).Text("Safest path").
			OnClick(func(ctx app.Context, e app.Event) { t.safest = !t.safest }))
	}
	if _, ok := rs.(combat.Threatener); ok {
		modes = append(modes, app.Button().ID("threats").Class("toggle").Attr("aria-pressed", t.threats).Text("Threatened squares").
			OnClick(func(ctx app.Context, e app.Event) { t.threats = !t.threats }))
	}
	p := t.plan(enc)
	var lines []app.UI
	for _, b := range p.bands {
		lines = append(lines, app.Li().Class("band-line").Title(string(b.Rule)).
			Text(fmt.Sprintf("%s: %d squares (%s)", words(b.Key), len(b.Squares), b.Rule)))
	}
	if p.err != nil && t.hover != nil {
		lines = append(lines, app.Li().Class("blocked").Text(explainError(p.err)))
	}
	for _, pr := range p.provs {
		who, _ := enc.Combatant(pr.Attacker)
		li := app.Li().Class("provocation").Attr("data-prevented", pr.Prevented != "")
		if pr.Prevented == "" {
			lines = append(lines, li.Body(
				app.Bdi().Text(who.Name),
				app.Text(fmt.Sprintf(" gets a %s opportunity attack as you leave %s ", words(pr.Kind), SquareName(pr.At))),
				app.Code().Class("rule").Text(string(pr.Rule)),
			))
		} else {
			lines = append(lines, li.Body(
				app.Bdi().Text(who.Name),
				app.Text(fmt.Sprintf(" cannot strike at %s: %s ", SquareName(pr.At), words(pr.Prevented))),
				app.Code().Class("rule").Text(string(pr.Rule)),
			))
		}
	}
	return app.Section().ID("movement").Class("panel").Body(
		app.H2().Text("Movement"),
		app.Div().Class("buttons").Body(modes...),
		app.Ul().ID("plan").Class("plan").Body(lines...),
	)
}

// renderTargeting shows the tier the attacker would get on its target and
// the defender's engagement, with their rule IDs.
func (t *Table) renderTargeting(enc combat.Encounter) app.UI {
	tg, ok := t.sess.Ruleset().(combat.Targeter)
	if !ok || t.target == "" || t.selected == "" {
		return nil
	}
	var body []app.UI
	if tier, err := tg.Target(enc, t.selected, t.target); err == nil {
		if tier.Allowed {
			mods := ""
			for _, m := range tier.Modifiers {
				mods += fmt.Sprintf(" · %s %+d", words(m.Quantity), m.Value)
			}
			body = append(body, app.P().ID("tier").Attr("data-tier", tier.Tier).Body(
				app.Strong().Text("From the "+words(tier.Tier)), app.Text(mods+" "),
				app.Code().Class("rule").Text(string(tier.Rule)),
			))
		} else {
			body = append(body, app.P().ID("tier").Attr("data-tier", "none").Text("No attack possible: "+words(tier.Reason)+" ("+string(tier.Rule)+")"))
		}
	}
	if st, err := tg.Standing(enc, t.target); err == nil {
		state := ""
		if st.Overwhelmed {
			state = " · overwhelmed"
		}
		if st.Pinned {
			state += " · pinned"
		}
		body = append(body, app.P().ID("standing").Text(fmt.Sprintf("Pins %d/%d%s (%s)", st.PinsUsed, st.PinCapacity, state, st.Rule)))
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
		opts[i] = app.Option().Value(i).Selected(i == t.option).Text(c.Name)
	}
	return app.Label().Body(app.Text("Attack with "),
		app.Select().ID("weapon").Body(opts...).OnChange(func(ctx app.Context, e app.Event) {
			fmt.Sscan(ctx.JSSrc().Get("value").String(), &t.option)
		})), choices[t.option].Option
}
