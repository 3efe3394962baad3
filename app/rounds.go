package app

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// renderRounds is the round panel: the encounter's settings and surprise in
// setup, initiative ties put to the party that orders them, the side phase
// with its declared attacks and last rolled dice, and a slowed routine. It
// shows only what the ruleset has.
func (t *Table) renderRounds(enc combat.Encounter) app.UI {
	rs := t.sess.Ruleset()
	var body []app.UI
	if enc.Phase == combat.PhaseSetup {
		body = append(body, t.renderSettings(enc, rs)...)
	}
	body = append(body, t.renderTies(enc, rs)...)
	if combat.SidePhases(rs) {
		body = append(body, t.renderPhase(enc, rs)...)
		body = append(body, t.renderBlast(enc, rs)...)
	}
	body = append(body, t.renderMorale(enc, rs)...)
	body = append(body, t.renderPace(enc, rs)...)
	body = append(body, t.renderActs(enc, rs)...)
	body = append(body, t.renderActForms(enc, rs)...)
	body = append(body, t.renderTimeline(enc, rs)...)
	if len(body) == 0 {
		return nil
	}
	return app.Section().ID("rounds").Class("panel rounds").Body(
		append([]app.UI{app.H2().Text(i18n.T(t.lang, "rounds.title"))}, body...)...)
}

// renderSettings offers the GM's settings that matter before the start:
// rolling initiative individually and, where the ruleset works it out,
// surprise from the creatures' own numbers.
func (t *Table) renderSettings(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	l := t.lang
	out := []app.UI{
		app.Label().Class("check").Body(
			app.Input().ID("individual").Type("checkbox").Checked(enc.Settings.IndividualInitiative).
				OnChange(func(ctx app.Context, e app.Event) {
					s := t.state().Settings
					s.IndividualInitiative = !s.IndividualInitiative
					t.do(ctx, combat.Configure{Settings: s})
				}),
			app.Text(" "+i18n.T(l, "rounds.individual")),
		),
	}
	if _, ok := rs.(combat.SurpriseRoller); ok {
		out = append(out, app.Button().ID("roll-surprise").Text(i18n.T(l, "rounds.surprise")).
			Title(i18n.T(l, "rounds.surprise.hint")).OnClick(func(ctx app.Context, e app.Event) { t.rollSurprise(ctx) }))
	}
	return out
}

// rollSurprise works out surprise from the creatures' own numbers and
// takes the result as the tracker's marks, which the GM can still change.
func (t *Table) rollSurprise(ctx app.Context) {
	if t.do(ctx, combat.RollSurprise{}) {
		t.markSurprised(t.state())
	}
}

// renderTies puts each open initiative tie to the party that orders it, the
// game master or the players, with the tied creatures in their order now:
// "Move up" swaps one with the one before it, "Keep this order" settles it
// (ENG-TIE-1).
func (t *Table) renderTies(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	l := t.lang
	var out []app.UI
	for _, tie := range combat.Ties(rs, enc) {
		var rows []app.UI
		for i := tie.From; i < tie.To; i++ {
			var names []string
			for _, id := range enc.Order[i].Members {
				c, _ := enc.Combatant(id)
				names = append(names, c.Name)
			}
			row := []app.UI{app.Bdi().Text(strings.Join(names, ", "))}
			if i > tie.From {
				row = append(row, app.Text(" "),
					app.Button().Class("small tie-up").Attr("data-slot", i).Text(i18n.T(l, "ties.up")).OnClick(t.onTieUp))
			}
			rows = append(rows, app.Li().Attr("data-slot", i).Body(row...))
		}
		out = append(out, app.Div().Class("tie").Attr("data-decider", tie.Decider).Body(
			app.P().Body(say(l, "ties."+tie.Decider, "score", enc.Order[tie.From].Score)...),
			app.Ol().Body(rows...),
			app.Button().Class("tie-done").Attr("data-from", tie.From).Attr("data-to", tie.To).
				Text(i18n.T(l, "ties.done")).OnClick(t.onTieDone),
		))
	}
	return out
}

// onTieUp swaps the clicked tied slot with the one before it.
func (t *Table) onTieUp(ctx app.Context, e app.Event) {
	if i, err := strconv.Atoi(data(ctx, "slot")); err == nil {
		if cmd, ok := t.tieUp(i); ok {
			t.do(ctx, cmd)
		}
	}
}

// tieUp is the order with slot i swapped with the one before it, false
// when there is no such pair.
func (m *Model) tieUp(i int) (combat.SetOrder, bool) {
	order := slices.Clone(m.state().Order)
	if i < 1 || i >= len(order) {
		return combat.SetOrder{}, false
	}
	order[i-1], order[i] = order[i], order[i-1]
	return combat.SetOrder{Order: order}, true
}

// onTieDone settles the clicked tie in its order now.
func (t *Table) onTieDone(ctx app.Context, e app.Event) {
	from, err1 := strconv.Atoi(data(ctx, "from"))
	to, err2 := strconv.Atoi(data(ctx, "to"))
	if err1 != nil || err2 != nil {
		return
	}
	if cmd, ok := t.tieDone(from, to); ok {
		t.do(ctx, cmd)
	}
}

// tieDone is the order with the slots from..to-1 settled as they stand,
// false when they are not slots of the order.
func (m *Model) tieDone(from, to int) (combat.SetOrder, bool) {
	order := slices.Clone(m.state().Order)
	if from < 0 || to > len(order) || from >= to {
		return combat.SetOrder{}, false
	}
	for i := from; i < to; i++ {
		order[i].Settled = true
	}
	return combat.SetOrder{Order: order}, true
}

// renderPhase shows the side phase now running: the attacks declared so far
// against each target with their exact odds together (ENG-PHASE-4), and the
// last phase resolved: every die with the one that counted, the damage, and
// the morale checks with who flees.
func (t *Table) renderPhase(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	l := t.lang
	name := func(id string) string { return t.nameOf(enc, id) }
	var out []app.UI
	if cur, ok := enc.Combatant(enc.Current()); ok {
		out = append(out, app.H3().Body(say(l, "phase.title", "side", cur.Side)...))
	}
	var targets []string
	by := map[string][]string{}
	for _, d := range enc.Declared {
		for _, tg := range d.Targets {
			if _, seen := by[tg]; !seen {
				targets = append(targets, tg)
			}
			by[tg] = append(by[tg], name(d.Attacker))
		}
	}
	for _, tg := range targets {
		block := []app.UI{app.P().Body(say(l, "phase.against", "name", name(tg), "list", strings.Join(by[tg], ", "))...)}
		if chances, err := combat.PhaseOdds(rs, enc, tg, combat.Declaration{}); err == nil {
			if d, ok := renderOdds(l, enc.Ruleset, chances).(app.HTMLDiv); ok {
				block = append(block, d.ID("phase-odds-"+tg))
			}
		}
		out = append(out, app.Div().Class("declared").Attr("data-target", tg).Body(block...))
	}
	if len(enc.Declared) > 0 {
		out = append(out, app.P().Class("muted").Text(i18n.T(l, "phase.pending")))
	}
	hits, morale := t.lastPhase()
	if len(hits) == 0 && len(morale) == 0 {
		return out
	}
	res := []app.UI{app.H3().Text(i18n.T(l, "phase.last"))}
	for _, h := range hits {
		dice := make([]app.UI, len(h.Dice))
		for i, d := range h.Dice {
			cls, body := "die", []app.UI{app.Bdi().Text(name(d.Attacker)), app.Text(" d" + strconv.Itoa(d.Sides) + " "), app.B().Text(strconv.Itoa(d.Face))}
			if d.Counts {
				cls, body = "die counts", append(body, app.Text(" ✓ "+i18n.T(l, "phase.counts")))
			}
			dice[i] = app.Span().Class(cls).Attr("data-counts", d.Counts).Attr("data-attacker", d.Attacker).
				Title(i18n.T(l, "phase.die", "name", name(d.Attacker), "sides", d.Sides, "face", d.Face)).Body(body...)
		}
		res = append(res, app.Div().Class("phase-hit").Attr("data-target", h.Target).Body(
			app.P().Body(say(l, "phase.result", "name", name(h.Target), "n", h.Result, "damage", h.Damage,
				"outcome", i18n.Label(l, glossary(enc.Ruleset), h.Outcome))...),
			app.Div().Class("dice").Body(dice...),
		))
	}
	for _, m := range morale {
		var line []app.UI
		if len(m.Fled) == 0 {
			line = say(l, "morale.holds", "group", m.Group)
		} else {
			names := make([]string, len(m.Fled))
			for i, id := range m.Fled {
				names[i] = name(id)
			}
			line = say(l, "morale.fled", "group", m.Group, "list", strings.Join(names, ", "))
		}
		res = append(res, app.P().Class("morale").Attr("data-group", m.Group).Attr("data-fled", len(m.Fled)).Body(line...))
	}
	return append(out, app.Div().ID("phase-result").Body(res...))
}

// lastPhase returns the hits and morale checks of the latest side phase
// resolved in the session's recent entries (combat.RecentEntries).
func (m *Model) lastPhase() ([]combat.PhaseHit, []combat.MoraleCheck) {
	recent := m.sess.Recent()
	for i := len(recent) - 1; i >= 0; i-- {
		var hits []combat.PhaseHit
		var morale []combat.MoraleCheck
		for _, ev := range recent[i] {
			switch p := ev.Payload().(type) {
			case *combat.PhaseHit:
				hits = append(hits, *p)
			case *combat.MoraleCheck:
				morale = append(morale, *p)
			}
		}
		if len(hits) > 0 || len(morale) > 0 {
			return hits, morale
		}
	}
	return nil, nil
}

// renderPace shows the acting creature's routine when the ruleset slows it
// (ENG-PACE-1): the attacks it has this round and the credit carried on.
func (t *Table) renderPace(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	p, ok := rs.(combat.Pacer)
	if !ok || enc.Current() == "" {
		return nil
	}
	pace, err := p.Pace(enc, enc.Current())
	if err != nil || !pace.Slowed {
		return nil
	}
	l := t.lang
	return []app.UI{app.P().ID("pace").Attr("data-actions", pace.Actions).Attr("data-credit", pace.Credit).
		Title(i18n.T(l, "routine.slowed.hint") + " (" + string(pace.Rule) + ")").
		Body(say(l, "routine.slowed", "n", pace.Actions, "credit", pace.Credit)...)}
}

// renderActs offers the ruleset's acts open now (ENG-ACT-1): the acting
// creature's (aid, a retreat) and the GM's rulings (a broken unit's fate),
// each a button naming the act and whom it concerns.
func (t *Table) renderActs(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	al, ok := rs.(combat.ActLister)
	if !ok || enc.Phase != combat.PhaseRunning || enc.Pending != nil {
		return nil
	}
	acts, err := al.Acts(enc)
	if err != nil || len(acts) == 0 {
		return nil
	}
	l := t.lang
	buttons := make([]app.UI, len(acts))
	for i, a := range acts {
		who := a.ID
		if a.Target != "" {
			who = a.Target
		}
		c, _ := enc.Combatant(who)
		buttons[i] = app.Button().Class("act small").Attr("data-id", a.ID).Attr("data-key", a.Key).Attr("data-target", a.Target).
			Attr("data-value", a.Value).Text(i18n.T(l, "act.on", "act", i18n.ActLabel(l, glossary(enc.Ruleset), a.Key), "name", c.Name)).
			OnClick(t.onRulesetAct)
	}
	return []app.UI{app.Div().ID("acts").Class("buttons").Body(buttons...)}
}

// onRulesetAct sends the clicked act.
func (t *Table) onRulesetAct(ctx app.Context, e app.Event) {
	v, err := strconv.Atoi(data(ctx, "value"))
	if err != nil {
		return
	}
	t.do(ctx, combat.Act{ID: data(ctx, "id"), Key: data(ctx, "key"), Target: data(ctx, "target"), Value: v})
}

// renderMorale shows the exact odds of each group's next morale check
// (ENG-PHASE-5): what will call it, who rolls (a leader for everyone, or
// each member) with each roller's chance to hold, the chance that nobody
// flees and how many are expected to.
func (t *Table) renderMorale(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	mt, ok := rs.(combat.MoraleTeller)
	if !ok || enc.Phase != combat.PhaseRunning {
		return nil
	}
	odds, err := mt.MoraleOdds(enc)
	if err != nil || len(odds) == 0 {
		return nil
	}
	l := t.lang
	out := []app.UI{app.H3().Text(i18n.T(l, "morale.odds"))}
	for _, o := range odds {
		block := []app.UI{app.P().Body(say(l, "morale.next", "group", o.Group,
			"trigger", i18n.Label(l, glossary(enc.Ruleset), o.Trigger), "rule", string(o.Rule))...)}
		if o.Leader != "" && len(o.Holds) == 1 {
			block = append(block, app.P().Class("roller").Body(say(l, "morale.leader", "name", t.nameOf(enc, o.Leader),
				"pct", i18n.Percent(l, o.Holds[0].Num, o.Holds[0].Den))...))
		} else {
			rows := make([]app.UI, len(o.Holds))
			for i, h := range o.Holds {
				rows[i] = app.Li().Class("roller").Attr("data-id", h.Key).Body(say(l, "morale.hold", "name", t.nameOf(enc, h.Key),
					"pct", i18n.Percent(l, h.Num, h.Den))...)
			}
			block = append(block, app.P().Text(i18n.T(l, "morale.each")), app.Ul().Body(rows...))
		}
		if d, ok := renderOdds(l, enc.Ruleset, o.Chances).(app.HTMLDiv); ok {
			block = append(block, d.ID("morale-odds-"+o.Group))
		}
		out = append(out, app.Div().Class("morale-forecast").Attr("data-group", o.Group).Body(block...))
	}
	return out
}

// renderBlast offers the acting creature's attack on several targets at
// once when the ruleset allows it (a blast, ENG-PHASE-2): a box for each
// target it may strike and a button that declares one attack on all the
// ticked ones. It shows only when the attack may name two or more.
func (t *Table) renderBlast(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	pr, ok := rs.(combat.PhaseResolver)
	cur, found := enc.Combatant(enc.Current())
	if !ok || !found || enc.Phase != combat.PhaseRunning || enc.Pending != nil || combat.LeftFor(rs, cur, combat.UseAttack) < 1 {
		return nil
	}
	cands := t.blastTargets(enc, pr, cur)
	if len(cands) < 2 {
		return nil
	}
	l := t.lang
	var ticked []string
	boxes := make([]app.UI, len(cands))
	for i, id := range cands {
		on := t.blast[cur.ID+"/"+id]
		if on {
			ticked = append(ticked, id)
		}
		boxes[i] = app.Label().Class("check").Body(
			app.Input().ID("blast-"+id).Type("checkbox").Checked(on).Attr("data-key", cur.ID+"/"+id).OnChange(t.onBlastTick),
			app.Text(" "), app.Bdi().Text(t.nameOf(enc, id)),
		)
	}
	return []app.UI{app.Div().ID("blast").Class("blast").Body(
		app.H3().Text(i18n.T(l, "blast.title")),
		app.P().Class("muted").Text(i18n.T(l, "blast.hint")),
		app.Div().Class("buttons").Body(boxes...),
		app.Button().ID("declare-blast").Text(i18n.T(l, "blast.declare", "n", len(ticked))).Disabled(len(ticked) < 2).
			OnClick(t.onDeclareBlast),
	)}
}

// onDeclareBlast declares the acting creature's attack on every target
// ticked for it, in the encounter's order. It reads the ticks when clicked:
// go-app keeps a button's first handler across renders.
func (t *Table) onDeclareBlast(ctx app.Context, e app.Event) {
	if t.do(ctx, t.blastCommand()) {
		t.blast = nil
	}
}

// blastCommand declares the acting creature's attack on every target
// ticked for it, in the encounter's order.
func (m *Model) blastCommand() combat.Declare {
	enc := m.state()
	d := combat.Declaration{Attacker: enc.Current()}
	for _, c := range enc.Combatants {
		if m.blast[d.Attacker+"/"+c.ID] {
			d.Targets = append(d.Targets, c.ID)
		}
	}
	return combat.Declare{Declaration: d}
}

// blastTargets are the creatures cur's attack may strike together, once
// per change of the encounter: each one it may strike alone, when the
// ruleset lets it name them all in one declaration (a blast); none
// otherwise.
func (m *Model) blastTargets(enc combat.Encounter, pr combat.PhaseResolver, cur combat.Combatant) []string {
	c := m.cache()
	if c.blastable != nil {
		return *c.blastable
	}
	var ids []string
	for _, o := range enc.Combatants {
		if o.Side != cur.Side && m.up(enc, o.ID) && len(ids) < combat.MaxDeclTargets &&
			pr.CheckDeclaration(enc, combat.Declaration{Attacker: cur.ID, Targets: []string{o.ID}}) == nil {
			ids = append(ids, o.ID)
		}
	}
	if len(ids) < 2 || pr.CheckDeclaration(enc, combat.Declaration{Attacker: cur.ID, Targets: ids}) != nil {
		ids = nil
	}
	c.blastable = &ids
	return ids
}

// onBlastTick ticks or unticks a blast's target.
func (t *Table) onBlastTick(ctx app.Context, e app.Event) { t.tickBlast(data(ctx, "key")) }

// tickBlast ticks or unticks a blast's target, keyed attacker/target.
func (m *Model) tickBlast(key string) {
	if m.blast == nil {
		m.blast = map[string]bool{}
	}
	m.blast[key] = !m.blast[key]
}

// renderActForms offers the ruleset's acts that take a number
// (ENG-ACT-1): for each, a choice of act, of combatant and of value (none
// when only one is offered), and a button that sends it; keys the table
// named (weapon groups) show as written, values named by the ruleset (a
// teacher's tier) by their terms, under the name the ruleset gives them (the
// teacher); a die roll shows the last number it gave,
// and an act with a trace (a training's d100) its steps with their rules.
func (t *Table) renderActForms(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	af, ok := rs.(combat.ActFormer)
	if !ok || enc.Pending != nil {
		return nil
	}
	forms, err := af.ActForms(enc)
	if err != nil {
		return nil
	}
	l := t.lang
	var out []app.UI
	for _, f := range forms {
		if len(f.Keys) == 0 || len(f.IDs) == 0 || len(f.Values) == 0 {
			continue
		}
		key, id, value := t.formPick(f)
		keys := make([]app.UI, len(f.Keys))
		for i, k := range f.Keys {
			label := i18n.Label(l, glossary(enc.Ruleset), k)
			if len(f.Words) == len(f.Keys) {
				label = f.Words[i]
			}
			keys[i] = app.Option().Value(k).Selected(k == key).Text(label)
		}
		ids := make([]app.UI, len(f.IDs))
		for i, c := range f.IDs {
			ids[i] = app.Option().Value(c).Selected(c == id).Text(t.nameOf(enc, c))
		}
		values := make([]app.UI, len(f.Values))
		for i, v := range f.Values {
			label := strconv.Itoa(v)
			switch {
			case len(f.ValueKeys) == len(f.Values):
				label = i18n.Label(l, glossary(enc.Ruleset), f.ValueKeys[i])
			case f.Die:
				label = "d" + label
			}
			values[i] = app.Option().Value(v).Selected(v == value).Text(label)
		}
		pick := func(field string, opts []app.UI, hint string) app.UI {
			return app.Select().ID("form-"+f.Name+"-"+field).Attr("aria-label", hint).Attr("data-key", f.Name+"/"+field).
				Disabled(len(opts) < 2).OnChange(t.onFormPick).Body(opts...)
		}
		button := "actform.apply"
		if f.Die {
			button = "actform.roll"
		}
		row := []app.UI{app.Bdi().Class("k").Text(i18n.Label(l, glossary(enc.Ruleset), f.Name)), app.Text(" ")}
		if len(f.Keys) > 1 || len(f.Words) == len(f.Keys) {
			row = append(row, pick("key", keys, i18n.T(l, "actform.which")), app.Text(" "))
		}
		row = append(row, pick("id", ids, i18n.T(l, "actform.who")), app.Text(" "))
		if len(f.Values) > 1 && f.ValueName != "" {
			name := i18n.Label(l, glossary(enc.Ruleset), f.ValueName)
			row = append(row, app.Label().Class("value-name").Body(app.Text(name+" "), pick("value", values, name)), app.Text(" "))
		} else if len(f.Values) > 1 {
			row = append(row, pick("value", values, i18n.T(l, "actform.value")), app.Text(" "))
		}
		row = append(row, app.Button().ID("form-"+f.Name).Class("small").Attr("data-form", f.Name).Text(i18n.T(l, button)).OnClick(t.onActForm))
		var steps []app.UI
		for _, ev := range t.last {
			if act, ok := ev.Payload().(combat.ActDone); ok && slices.Contains(f.Keys, act.Key) {
				if f.Die {
					row = append(row, app.Text(" "), app.Span().ID("form-"+f.Name+"-result").Body(say(l, "actform.rolled", "n", act.Value)...))
				}
				steps = append(steps, traceSteps(l, enc.Ruleset, act.Trace)...)
			}
		}
		out = append(out, app.Div().Class("act-form").Attr("data-form", f.Name).Body(row...))
		if len(steps) > 0 {
			out = append(out, app.Ol().ID("form-"+f.Name+"-trace").Class("trace").Body(steps...))
		}
	}
	return out
}

// formPick is the act, combatant and value chosen in form f, each the
// first offered until another is picked; the combatant defaults to the
// selected one when the form offers it.
func (m *Model) formPick(f combat.ActForm) (key, id string, value int) {
	key, id, value = f.Keys[0], f.IDs[0], f.Values[0]
	if slices.Contains(f.IDs, m.selected) {
		id = m.selected
	}
	if k := m.picks[f.Name+"/key"]; slices.Contains(f.Keys, k) {
		key = k
	}
	if c := m.picks[f.Name+"/id"]; slices.Contains(f.IDs, c) {
		id = c
	}
	if v, err := strconv.Atoi(m.picks[f.Name+"/value"]); err == nil && slices.Contains(f.Values, v) {
		value = v
	}
	return key, id, value
}

// onActForm sends the act chosen in the clicked form, read when clicked.
func (t *Table) onActForm(ctx app.Context, e app.Event) {
	if cmd, ok := t.formCommand(data(ctx, "form")); ok {
		t.do(ctx, cmd)
	}
}

// formCommand is the act chosen in the form called name, false when the
// ruleset offers no such form now.
func (m *Model) formCommand(name string) (combat.Act, bool) {
	af, ok := m.sess.Ruleset().(combat.ActFormer)
	if !ok {
		return combat.Act{}, false
	}
	forms, err := af.ActForms(m.state())
	if err != nil {
		return combat.Act{}, false
	}
	for _, f := range forms {
		if f.Name == name && len(f.Keys) > 0 && len(f.IDs) > 0 && len(f.Values) > 0 {
			key, id, value := m.formPick(f)
			return combat.Act{ID: id, Key: key, Value: value}, true
		}
	}
	return combat.Act{}, false
}

// onFormPick keeps a choice made in an act's form.
func (t *Table) onFormPick(ctx app.Context, e app.Event) {
	t.pick(data(ctx, "key"), ctx.JSSrc().Get("value").String())
}

// pick keeps the choice value of a form's field, keyed form/field.
func (m *Model) pick(key, value string) {
	if m.picks == nil {
		m.picks = map[string]string{}
	}
	m.picks[key] = value
}

// renderTimeline draws the optional segment timeline (ENG-TL-1): the GM's
// segments per round, and when it is on, one cell per segment of this round
// with a marker for each attack waiting there, the ones that carry into the
// next round last, and the button that resolves the earliest segment.
func (t *Table) renderTimeline(enc combat.Encounter, rs combat.Ruleset) []app.UI {
	if _, ok := rs.(combat.Delayer); !ok {
		return nil
	}
	l := t.lang
	out := []app.UI{app.Label().Class("check").Body(
		app.Text(i18n.T(l, "timeline.segments")+" "),
		app.Input().ID("segments").Type("number").Min(0).Max(combat.MaxSegments).Value(enc.Settings.Segments).
			OnChange(func(ctx app.Context, e app.Event) {
				n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
				if err != nil {
					return
				}
				s := t.state().Settings
				s.Segments = n
				t.do(ctx, combat.Configure{Settings: s})
			}),
	)}
	if !combat.TimelineOn(rs, enc) || enc.Phase != combat.PhaseRunning {
		return out
	}
	seg := enc.Settings.Segments
	cells := make([][]app.UI, seg+2) // segments 0..S, then what carries on
	for _, sc := range enc.Timeline {
		n := min(max(sc.At-enc.RoundStart(), 0), seg+1)
		c, _ := enc.Combatant(sc.Attack.Attacker)
		key := "timeline.marker"
		if n > seg {
			key = "timeline.carry"
		}
		cells[n] = append(cells[n], app.Span().Class("marker").Attr("data-attacker", c.ID).
			Title(i18n.T(l, key, "name", c.Name, "n", sc.At-enc.RoundStart())).Body(app.Bdi().Text(c.Name)))
	}
	row := make([]app.UI, len(cells))
	for i, ms := range cells {
		label := strconv.Itoa(i)
		if i > seg {
			label = "→"
		}
		row[i] = app.Div().Class("seg").Attr("data-seg", i).Attr("data-now", enc.Now-enc.RoundStart() == i).
			Title(i18n.T(l, "timeline.segment", "n", i)).Body(append([]app.UI{app.Span().Class("n").Text(label)}, ms...)...)
	}
	out = append(out, app.H3().Text(i18n.T(l, "timeline.title")),
		app.Div().ID("timeline").Class("timeline").Body(row...),
		app.Button().ID("resolve-segment").Text(i18n.T(l, "timeline.resolve")).Title(i18n.T(l, "timeline.resolve.hint")).
			Disabled(len(enc.Timeline) == 0 || enc.Pending != nil).
			OnClick(func(ctx app.Context, e app.Event) { t.do(ctx, combat.ResolveSegment{}) }))
	if len(enc.Timeline) == 0 {
		out = append(out, app.P().Class("muted").Text(i18n.T(l, "timeline.none")))
	}
	return out
}

// roundWords renders the events of the round structures as log lines in l,
// nil for others.
func roundWords(l i18n.Lang, ruleset string, name func(string) string, ev combat.Event) []i18n.Part {
	switch p := ev.Payload().(type) {
	case *combat.PhaseHit:
		return i18n.Parts(l, "log.phase-hit", "b", name(ev.Target), "r", p.Result, "n", p.Damage)
	case *combat.MoraleCheck:
		return i18n.Parts(l, "log.morale", "group", p.Group)
	case combat.SegmentMark:
		if ev.Type() == combat.AttackScheduled {
			return i18n.Parts(l, "timeline.marker", "name", name(ev.Actor), "n", p.Segment)
		}
		return i18n.Parts(l, "timeline.segment", "n", p.Segment)
	case combat.ActDone:
		act := i18n.ActLabel(l, glossary(ruleset), p.Key)
		if p.Value != 0 {
			return i18n.Parts(l, "log.act-value", "name", name(ev.Actor), "act", act, "n", p.Value)
		}
		return i18n.Parts(l, "log.act", "name", name(ev.Actor), "act", act)
	}
	switch ev.Type() {
	case combat.AttackDeclared:
		return i18n.Parts(l, "log.declared", "a", name(ev.Actor), "b", name(ev.Target))
	case combat.Fled:
		return i18n.Parts(l, "log.fled", "name", name(ev.Actor))
	case combat.Configured:
		return i18n.Parts(l, "log.configured")
	case combat.SurpriseRolled:
		return i18n.Parts(l, "log.surprise")
	case combat.SurpriseMarked:
		return i18n.Parts(l, "log.surprise-marked", "name", name(ev.Actor))
	}
	return nil
}
