package app

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// draft is the combatant editor's form: what the user typed, validated by
// the ruleset only when saved.
type draft struct {
	id, name, side, profile string
	hp                      string
	err                     Notice // the verdict on the last save, shown at the form
}

// renderEditor is the game master's setup panel: a blank board of any
// ruleset, walls, and the stat block of the selected creature.
func (t *Table) renderEditor(enc combat.Encounter) app.UI {
	l := t.lang
	if !t.editing {
		return app.Section().ID("editor").Class("panel").Body(
			app.Button().ID("edit-open").Text(i18n.T(l, "edit.open")).OnClick(func(ctx app.Context, e app.Event) { t.editing = true }))
	}
	ids := t.reg.IDs()
	rsOpts := make([]app.UI, len(ids))
	for i, id := range ids {
		rsOpts[i] = app.Option().Value(id).Selected(id == enc.Ruleset).Text(rulesetName(l, id))
	}
	body := []app.UI{
		app.H2().Text(i18n.T(l, "edit.title")),
		app.Div().Class("buttons").Body(
			app.Select().ID("new-ruleset").Attr("aria-label", i18n.T(l, "edit.ruleset.label")).Body(rsOpts...).
				OnChange(func(ctx app.Context, e app.Event) { t.newRuleset = ctx.JSSrc().Get("value").String() }),
			app.Button().ID("new-encounter").Text(i18n.T(l, "edit.new")).OnClick(t.newEncounter),
			app.Button().ID("walls").Class("toggle").Attr("aria-pressed", t.walls).Text(i18n.T(l, "edit.walls")).
				OnClick(func(ctx app.Context, e app.Event) { t.walls, t.exitsFor = !t.walls, "" }),
			app.Button().Text(i18n.T(l, "edit.close")).OnClick(func(ctx app.Context, e app.Event) { t.editing, t.exitsFor = false, "" }),
		),
	}
	body = append(body,
		field(say(l, "edit.wall-squares"), app.Input().ID("wall-squares").Dir("ltr").
			Attr("placeholder", i18n.T(l, "edit.no-walls")).Value(squareNames(enc.Map.Walls)).OnChange(t.typeWalls)),
		t.renderMapControls(), t.renderAims(enc))
	if t.draft.id != t.selected {
		t.loadDraft(enc)
	}
	if t.selected != "" {
		body = append(body,
			field(say(l, "edit.name"), app.Input().ID("ed-name").Attr("dir", "auto").Value(t.draft.name).OnInput(func(ctx app.Context, e app.Event) { t.draft.name = ctx.JSSrc().Get("value").String() })),
			field(say(l, "edit.side"), app.Input().ID("ed-side").Attr("dir", "auto").Value(t.draft.side).OnInput(func(ctx app.Context, e app.Event) { t.draft.side = ctx.JSSrc().Get("value").String() })),
			field(say(l, "edit.hp"), app.Input().ID("ed-hp").Type("number").Value(t.draft.hp).OnInput(func(ctx app.Context, e app.Event) { t.draft.hp = ctx.JSSrc().Get("value").String() })),
			field(say(l, "edit.profile", "ruleset", enc.Ruleset), app.Textarea().ID("ed-profile").Dir("ltr").Rows(10).Attr("spellcheck", false).Text(t.draft.profile).
				OnInput(func(ctx app.Context, e app.Event) { t.draft.profile = ctx.JSSrc().Get("value").String() })),
			holder(app.If(t.draft.err.Key != "", func() app.UI {
				return app.P().ID("ed-error").Class("field-error").Attr("role", "alert").Body(t.draft.err.render(l)...)
			})),
			app.Div().Class("buttons").Body(
				app.Button().ID("ed-save").Text(i18n.T(l, "edit.save")).OnClick(t.saveDraft),
				app.Button().ID("ed-duplicate").Text(i18n.T(l, "edit.duplicate")).OnClick(t.duplicate),
				app.Button().ID("ed-remove").Text(i18n.T(l, "edit.remove")).OnClick(func(ctx app.Context, e app.Event) {
					if t.do(ctx, combat.Remove{ID: t.selected}) {
						t.selected, t.target = "", ""
					}
				}),
			),
		)
	}
	return app.Section().ID("editor").Class("panel").Body(body...)
}

// field labels an input.
func field(label []app.UI, input app.UI) app.UI {
	return app.Label().Class("field").Body(app.Span().Body(label...), input)
}

// loadDraft fills the form from the selected creature.
func (m *Model) loadDraft(enc combat.Encounter) {
	c, ok := enc.Combatant(m.selected)
	if !ok {
		m.draft = draft{}
		return
	}
	profile := ""
	if len(c.Profile) > 0 {
		var v any
		if json.Unmarshal(c.Profile, &v) == nil {
			b, _ := json.MarshalIndent(v, "", "  ")
			profile = string(b)
		}
	}
	m.draft = draft{id: c.ID, name: c.Name, side: c.Side, profile: profile, hp: strconv.Itoa(c.HP)}
}

// spec builds a combatant spec from the form; a notice names the field
// that cannot be read.
func (m *Model) spec(c combat.Combatant) (combat.Spec, *Notice) {
	hp, err := strconv.Atoi(m.draft.hp)
	if err != nil {
		n := warn("edit.bad-hp", "value", m.draft.hp)
		return combat.Spec{}, &n
	}
	s := combat.Spec{ID: c.ID, Name: m.draft.name, Side: m.draft.side, Pos: c.Pos, HP: hp}
	if m.draft.profile != "" {
		var compact json.RawMessage
		if err := json.Unmarshal([]byte(m.draft.profile), &compact); err != nil {
			n := warn("edit.bad-json", "error", err)
			return combat.Spec{}, &n
		}
		s.Profile = compact
	} else {
		s.Stats = c.Stats
	}
	return s, nil
}

// saveDraft applies the form with an Edit command; the ruleset validates the
// stat block and its verdict is shown at the form.
func (t *Table) saveDraft(ctx app.Context, e app.Event) {
	c, ok := t.state().Combatant(t.selected)
	if !ok {
		return
	}
	s, bad := t.spec(c)
	if bad != nil {
		t.draft.err = *bad
		return
	}
	if t.do(ctx, combat.Edit{Spec: s}) {
		t.draft.err = Notice{}
		t.draft.id = "" // reload from the engine's copy
	} else {
		t.draft.err, t.notice = t.notice, Notice{}
	}
}

// duplicate places a copy of the selected creature on the nearest free
// square, with a fresh ID.
func (t *Table) duplicate(ctx app.Context, e app.Event) {
	enc := t.state()
	c, ok := enc.Combatant(t.selected)
	if !ok {
		return
	}
	id := c.ID
	for n := 2; enc.Find(id) >= 0; n++ {
		id = fmt.Sprintf("%s-%d", c.ID, n)
	}
	at, ok := freeSquare(enc, c.Pos, max(1, c.Stats.Size))
	if !ok {
		t.notice = warn("edit.no-room")
		return
	}
	spec := combat.Spec{ID: id, Name: c.Name, Side: c.Side, Pos: at, Profile: c.Profile, HP: c.HP}
	if len(c.Profile) == 0 {
		spec.Stats = c.Stats
	}
	if t.do(ctx, combat.Place{Spec: spec}) {
		t.selected = id
	}
}

// freeSquare finds the nearest square to near where a creature of the given
// footprint side fits without walls or other creatures.
func freeSquare(enc combat.Encounter, near grid.Square, side int) (grid.Square, bool) {
	for r := 1; r < max(enc.Map.W, enc.Map.H); r++ {
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				s := grid.Square{X: near.X + dx, Y: near.Y + dy}
				if max(dx, -dx, dy, -dy) == r && fitsFree(enc, s, side) {
					return s, true
				}
			}
		}
	}
	return grid.Square{}, false
}

// fitsFree reports whether a footprint at s is on the map, off walls and
// off every creature.
func fitsFree(enc combat.Encounter, s grid.Square, side int) bool {
	for dy := 0; dy < side; dy++ {
		for dx := 0; dx < side; dx++ {
			q := grid.Square{X: s.X + dx, Y: s.Y + dy}
			if !enc.Map.In(q) || slices.Contains(enc.Map.Walls, q) || occupantAt(enc, q) != "" {
				return false
			}
		}
	}
	return true
}

// toggleWall adds or removes a wall on s with an EditMap command.
func (t *Table) toggleWall(ctx app.Context, s grid.Square) {
	m := t.state().Map
	walls := slices.Clone(m.Walls)
	if i := slices.Index(walls, s); i >= 0 {
		walls = slices.Delete(walls, i, i+1)
	} else {
		walls = append(walls, s)
	}
	m.Walls = combat.CanonicalWalls(walls)
	t.do(ctx, combat.EditMap{Map: m})
}

// typeWalls takes the walls as typed into the editor's wall field.
func (t *Table) typeWalls(ctx app.Context, e app.Event) {
	t.setWallsText(ctx, ctx.JSSrc().Get("value").String())
}

// setWallsText makes the squares named in text the map's walls, and every
// other square clear, with one EditMap command, the command a tap with
// "Draw walls" pressed sends: the way to draw walls from the keyboard. The
// engine checks the squares are on the map and free of creatures; a name
// that is not a square's is told in the message bar and changes nothing.
func (t *Table) setWallsText(ctx app.Context, text string) {
	walls, bad := parseSquares(text)
	if bad != nil {
		t.notice = *bad
		return
	}
	m := t.state().Map
	m.Walls = combat.CanonicalWalls(walls)
	t.do(ctx, combat.EditMap{Map: m})
}

// newEncounter offers a blank board of the chosen ruleset, with one
// creature from that ruleset's first sample as a template to edit and
// duplicate.
func (t *Table) newEncounter(ctx app.Context, e app.Event) {
	id := t.newRuleset
	if id == "" {
		id = t.state().Ruleset
	}
	enc := combat.NewEncounter(id, grid.Map{W: 16, H: 12}, uint64(len(t.sess.Log())+1))
	sess, err := combat.NewSession(t.reg, enc)
	if err != nil {
		t.notice = t.explainError(err)
		return
	}
	for _, s := range rulesets.Samples() {
		if s.Ruleset != id {
			continue
		}
		if sample, err := s.Build(1); err == nil && len(sample.Combatants) > 0 {
			c := sample.Combatants[0]
			sess.Do(combat.Place{Spec: combat.Spec{ID: c.ID, Name: c.Name, Side: c.Side, Pos: grid.Square{X: 2, Y: 2}, Profile: c.Profile}})
		}
		break
	}
	t.adopt(ctx, sess, i18n.T(t.lang, "library.name.blank", "ruleset", rulesetName(t.lang, id)), "notice.opened.blank")
}
