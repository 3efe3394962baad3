package app

import (
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// boardView builds the board's snapshot: tokens, and for the selected
// creature on its turn the squares it can reach and the planned path with
// every opportunity attack it would provoke, as the engine computes them.
func (m *Model) boardView(enc combat.Encounter) BoardView {
	v := BoardView{Lang: m.lang, Cols: enc.Map.W, Rows: enc.Map.H, Walls: m.wallsPath(enc), Zoom: m.zoom}
	v.ScaleBar, v.Label = scaleLabels(m.lang, combat.ScaleOf(m.sess.Ruleset()), enc.Map.W, enc.Map.H)
	if v.Exits, v.ExitsLabel = m.exitsView(enc); v.ExitsLabel != "" {
		v.Label += ". " + v.ExitsLabel
	}
	v.Plan = m.planView(enc)
	if m.threats {
		if th, ok := m.sess.Ruleset().(combat.Threatener); ok && m.selected != "" {
			v.Threats, _ = th.Threatened(enc, m.selected)
		}
	}
	first := firstSide(enc)
	standing := m.standings(enc)
	names := make([]string, len(enc.Combatants))
	for i, c := range enc.Combatants {
		names[i] = c.Name
	}
	labels := tokenLabels(names)
	focus := m.focusOwner(enc)
	for i, c := range enc.Combatants {
		down := !m.up(enc, c.ID)
		v.Tokens = append(v.Tokens, TokenView{Lang: m.lang,
			ID: c.ID, Name: c.Name, Side: c.Side, X: c.Pos.X, Y: c.Pos.Y, Size: c.Stats.Size,
			HP: c.HP, MaxHP: c.Stats.MaxHP, Down: down, Badges: badges(m.lang, enc, c, down, m.reactionUsed(enc, c)),
			Selected: c.ID == m.selected, Acting: c.ID == enc.Current(), Target: c.ID == m.target, Ally: c.Side == first,
			Label: labels[i], Focus: c.ID == focus,
		})
		if key, ok := standing[c.ID].Marked(); ok {
			tv := &v.Tokens[len(v.Tokens)-1]
			tv.Engaged = key
			tv.EngagedLabel = i18n.Label(m.lang, glossary(enc.Ruleset), key) + " (" + string(standing[c.ID].Rule) + ")"
		}
	}
	return v
}

// planView is what the board draws for the selected creature: the squares
// it can reach and, for the square under the pointer, the path and who
// would strike at it on the way.
func (m *Model) planView(enc combat.Encounter) PlanView {
	var v PlanView
	if m.hover != nil {
		v.Hover = m.hover.Name()
	}
	plan := m.plan(enc)
	v.Path, v.Danger, v.Blocked = plan.path, plan.danger, plan.blocked
	if plan.mode.Condition != "" {
		v.PathMode, v.Blocked = string(plan.mode.Band), false
	}
	v.Bands = plan.bandViews
	for _, pr := range plan.provs {
		if pr.Prevented == "" {
			v.Strikers = append(v.Strikers, pr.Attacker)
		} else {
			v.Spared = append(v.Spared, pr.Attacker)
		}
	}
	return v
}

// wallsPath draws the walls as one path, once per change of the session.
func (m *Model) wallsPath(enc combat.Encounter) string {
	c := m.cache()
	if c.walls == nil {
		d := squaresPath(enc.Map.Walls)
		c.walls = &d
	}
	return *c.walls
}

// firstSide is the side of the first combatant: drawn as the allies.
func firstSide(enc combat.Encounter) string {
	if len(enc.Combatants) == 0 {
		return ""
	}
	return enc.Combatants[0].Side
}

// badges are the short status marks on a token: down (✕), reaction used
// (R), surprised (!), and the conditions in the ruleset's words.
func badges(l i18n.Lang, enc combat.Encounter, c combat.Combatant, down, reactionUsed bool) []string {
	var b []string
	if down {
		b = append(b, "✕")
	}
	if reactionUsed && c.ID != enc.Current() {
		b = append(b, "R")
	}
	if c.Surprised {
		b = append(b, "!")
	}
	for _, k := range c.Conditions {
		b = append(b, badge(l, enc.Ruleset, k))
	}
	return b
}

// standings asks a ruleset with engagement rules for each creature's
// engagement facts (ENG-ENGAGE-1), once per change of the session.
func (m *Model) standings(enc combat.Encounter) map[string]combat.Standing {
	c := m.cache()
	if c.standing != nil {
		return c.standing
	}
	by := map[string]combat.Standing{}
	if tg, ok := m.sess.Ruleset().(combat.Targeter); ok && enc.Phase == combat.PhaseRunning {
		for _, c := range enc.Combatants {
			if st, err := tg.Standing(enc, c.ID); err == nil {
				by[c.ID] = st
			}
		}
	}
	c.standing = by
	return by
}

// movePlan is what the board shows for the selected creature.
type movePlan struct {
	bands     []combat.Band
	bandViews []BandView
	path      []grid.Square // start first
	danger    []grid.Square
	provs     []combat.Provocation
	blocked   bool
	err       error
	mode      combat.MoveMode // the movement mode the path needs but the creature is not in, the zero mode when none
}

// otherModePlan plans the move to the hovered square in a movement mode the
// creature is not in, when only that mode's band holds the square (a square
// only a Kaldaria charge reaches, K-MOVE-7): the plan of the same
// encounter with the mode's condition set, as the engine would apply it.
// It reports the mode and false when no mode reaches it.
func (m *Model) otherModePlan(enc combat.Encounter, c combat.Combatant, bands []combat.Band) (combat.MoveMode, combat.Plan, bool) {
	rs := m.sess.Ruleset()
	pl := rs.(combat.Planner)
	for _, md := range combat.MoveModesOf(rs) {
		if slices.Contains(c.Conditions, md.Condition) || !slices.ContainsFunc(bands, func(b combat.Band) bool {
			return b.Key == md.Band && slices.Contains(b.Squares, *m.hover)
		}) {
			continue
		}
		next, _, err := combat.Apply(rs, enc, combat.AddCondition{ID: c.ID, Condition: md.Condition}, dice.NewScripted())
		if err != nil {
			continue
		}
		if plan, err := pl.PlanMove(next, c.ID, *m.hover, m.safest); err == nil {
			return md, plan, true
		}
	}
	return combat.MoveMode{}, combat.Plan{}, false
}

// planKey identifies what a plan depends on besides the revision, so a
// render asks the engine once per change rather than once per panel.
type planKey struct {
	selected string
	hover    grid.Square
	hovering bool
	safest   bool
}

// plan returns the movement plan for the current state, computing it only
// when what it depends on changed.
func (m *Model) plan(enc combat.Encounter) movePlan {
	k := planKey{selected: m.selected, hovering: m.hover != nil, safest: m.safest}
	if m.hover != nil {
		k.hover = *m.hover
	}
	c := m.cache()
	if c.plan != nil && c.plan.key == k {
		return c.plan.plan
	}
	p := m.computePlan(enc)
	c.plan = &struct {
		key  planKey
		plan movePlan
	}{k, p}
	return p
}

// computePlan asks the engine where the selected creature can go and, for
// the square under the pointer, the path and what it would provoke. A
// ruleset with a Planner explains itself (bands, prevented attacks); any
// other Mover is previewed by the engine itself.
func (m *Model) computePlan(enc combat.Encounter) movePlan {
	var p movePlan
	if !m.canMove(enc) {
		return p
	}
	r := m.reachOf(enc)
	p.bands, p.bandViews, p.err = r.bands, r.views, r.err
	if m.hover == nil || p.err != nil {
		return p
	}
	rs := m.sess.Ruleset()
	c, _ := enc.Combatant(m.selected)
	if pl, ok := rs.(combat.Planner); ok {
		plan, err := pl.PlanMove(enc, m.selected, *m.hover, m.safest)
		if err != nil {
			p.err, p.blocked = err, true
			mode, other, ok := m.otherModePlan(enc, c, p.bands)
			if !ok {
				return p
			}
			p.mode, plan = mode, other
		}
		p.path = append([]grid.Square{c.Pos}, plan.Path...)
		p.provs = plan.Provocations
	} else {
		steps := r.reach.Path(*m.hover)
		if len(steps) == 0 {
			return p
		}
		plan, err := combat.PlanPath(rs, enc, m.selected, steps)
		p.path = append([]grid.Square{r.reach.From}, steps...)
		p.err, p.blocked, p.provs = err, err != nil, plan.Provocations
	}
	for _, pr := range p.provs {
		if pr.Prevented == "" && !slices.Contains(p.danger, pr.At) {
			p.danger = append(p.danger, pr.At)
		}
	}
	return p
}

// reachEntry is where one creature can go in one state, with its bands
// drawn: what dragging over the board does not change.
type reachEntry struct {
	selected string
	bands    []combat.Band
	views    []BandView
	reach    combat.Reach // the paths, for a ruleset without a Planner
	err      error
}

// reachOf returns the selected creature's movement bands, asking the
// engine once per change of the session or of the selection, not once per
// square the pointer crosses.
func (m *Model) reachOf(enc combat.Encounter) *reachEntry {
	c := m.cache()
	if r := c.reach; r != nil && r.selected == m.selected {
		return r
	}
	r := &reachEntry{selected: m.selected}
	rs := m.sess.Ruleset()
	if pl, ok := rs.(combat.Planner); ok {
		r.bands, r.err = pl.Bands(enc, m.selected)
	} else if r.reach, r.err = combat.Reachable(rs, enc, m.selected); r.err == nil {
		r.bands = []combat.Band{combat.WalkBand(rs, r.reach)}
	}
	for _, b := range r.bands {
		r.views = append(r.views, BandView{Key: string(b.Key), Count: len(b.Squares), D: squaresPath(b.Squares)})
	}
	c.reach = r
	return r
}

// onBoard handles a pointer gesture on the board: select, target, drag a
// move (previewed while dragging, made on release) or reposition in setup.
func (t *Table) onBoard(ctx app.Context, a app.Action) {
	g, ok := a.Value.(Gesture)
	if !ok {
		return
	}
	enc := t.state()
	occupant := occupantAt(enc, g.At)
	switch g.Kind {
	case "down":
		if t.editing && t.walls {
			t.toggleWall(ctx, g.At)
			return
		}
		if t.editing && t.exitsFor != "" {
			t.toggleExit(ctx, g.At)
			return
		}
		switch {
		case occupant != "" && occupant == t.selected && (t.canMove(enc) || enc.Phase == combat.PhaseSetup):
			t.dragging = true
			ctx.PreventUpdate() // nothing shows until the pointer moves
		case occupant != "" && t.canMove(enc) && enemies(enc, t.selected, occupant):
			t.target = occupant
			t.option = 0
		case occupant != "":
			t.selected, t.target, t.hover = occupant, "", nil
			t.showSelection(enc)
		case t.hover != nil && *t.hover == g.At && t.canMove(enc):
			t.moveTo(ctx, g.At) // second tap on a planned square: go
		default:
			h := g.At
			t.hover = &h
		}
	case "move":
		if !t.dragging || (t.hover != nil && *t.hover == g.At) {
			ctx.PreventUpdate() // nothing changed: the table stays as it is
			return
		}
		h := g.At
		t.hover = &h
		t.preview(ctx)
	case "up":
		if !t.dragging {
			ctx.PreventUpdate() // the press did what it does
			return
		}
		t.dragging = false
		c, _ := enc.Combatant(t.selected)
		if g.At == c.Pos {
			t.hover = nil
			return
		}
		if enc.Phase == combat.PhaseSetup {
			t.do(ctx, combat.Reposition{ID: t.selected, To: g.At})
			t.hover = nil
			return
		}
		t.moveTo(ctx, g.At)
	}
}

// moveTo moves the selected creature along the planned path to dest.
func (t *Table) moveTo(ctx app.Context, dest grid.Square) {
	enc := t.state()
	h := dest
	t.hover = &h
	p := t.plan(enc)
	if p.mode.Condition != "" {
		t.notice = warn("move.needs-mode", "square", dest.Name(), "mode", i18n.T(t.lang, modeLabel(p.mode)))
		return
	}
	if p.err != nil {
		t.notice = t.explainError(p.err)
		return
	}
	if len(p.path) < 2 {
		t.notice = warn("notice.out-of-reach")
		return
	}
	if t.do(ctx, combat.Move{ID: t.selected, Path: p.path[1:]}) {
		t.hover = nil
	}
}

// step moves the selected creature one square (keyboard movement).
func (t *Table) step(ctx app.Context, dx, dy int) {
	enc := t.state()
	c, ok := enc.Combatant(t.selected)
	if !ok || !t.canMove(enc) {
		return
	}
	t.do(ctx, combat.Move{ID: c.ID, Path: []grid.Square{{X: c.Pos.X + dx, Y: c.Pos.Y + dy}}})
}

// occupantAt returns the combatant standing on s, if any.
func occupantAt(enc combat.Encounter, s grid.Square) string {
	for _, c := range enc.Combatants {
		n := max(1, c.Stats.Size)
		if s.X >= c.Pos.X && s.X < c.Pos.X+n && s.Y >= c.Pos.Y && s.Y < c.Pos.Y+n {
			return c.ID
		}
	}
	return ""
}

// enemies reports whether a and b are on different sides.
func enemies(enc combat.Encounter, a, b string) bool {
	ca, _ := enc.Combatant(a)
	cb, _ := enc.Combatant(b)
	return ca.Side != cb.Side
}

// cycle returns the ID after cur among ids (wrapping), or the first.
func cycle(ids []string, cur string, dir int) string {
	if len(ids) == 0 {
		return ""
	}
	i := slices.Index(ids, cur)
	if i < 0 {
		return ids[0]
	}
	return ids[(i+dir+len(ids))%len(ids)]
}

// keyPress is a key pressed on the page, as the table reads it.
type keyPress struct {
	key         string
	ctrl, shift bool   // Ctrl (or Cmd) and Shift held
	inField     bool   // typed into a form field
	token       string // the focused token's ID, "" when none has the focus
}

// onKey reads a key pressed on the page and acts on it (press); a key it
// uses does nothing else.
func (t *Table) onKey(ctx app.Context, e app.Event) {
	tag := e.Get("target").Get("tagName").String()
	k := keyPress{key: e.Get("key").String(), ctrl: e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool(), shift: e.Get("shiftKey").Bool(),
		inField: tag == "INPUT" || tag == "SELECT" || tag == "TEXTAREA"}
	if tok := e.Get("target").Get("dataset"); tok.Truthy() && tok.Get("token").Truthy() {
		k.token = tok.Get("token").String()
	}
	if t.press(ctx, k) {
		e.PreventDefault()
	}
}

// press is the keyboard: arrows (and Home/End/PageUp/PageDown for the
// diagonals) step the acting creature, Tab-like keys cycle selection and
// targets, Enter attacks, E ends the turn, Ctrl+Z / Ctrl+Shift+Z undo/redo.
// Keys typed into a field are the field's. It reports whether it used the
// key.
func (t *Table) press(ctx app.Context, k keyPress) bool {
	if k.inField {
		return false
	}
	if k.token != "" && t.tokenKey(ctx, k.key, k.token) {
		return true
	}
	if k.ctrl && (k.key == "z" || k.key == "Z") {
		if k.shift {
			t.redo(ctx)
		} else {
			t.undo(ctx)
		}
		return true
	}
	if k.ctrl && k.key == "y" {
		t.redo(ctx)
		return true
	}
	if d, ok := keySteps[k.key]; ok {
		t.step(ctx, d.X, d.Y)
		return true
	}
	enc := t.state()
	switch k.key {
	case "n":
		var ids []string
		for _, c := range enc.Combatants {
			ids = append(ids, c.ID)
		}
		t.selected, t.target = cycle(ids, t.selected, 1), ""
	case "t":
		var ids []string
		for _, c := range enc.Combatants {
			if t.up(enc, c.ID) && enemies(enc, t.selected, c.ID) {
				ids = append(ids, c.ID)
			}
		}
		t.target, t.option = cycle(ids, t.target, 1), 0
	case "Enter", "a":
		if t.target != "" && t.canMove(enc) {
			t.attack(ctx)
		}
	case "e":
		if enc.Phase == combat.PhaseRunning && enc.Pending == nil {
			t.do(ctx, combat.EndTurn{})
		}
	case "Escape":
		t.target, t.hover = "", nil
	default:
		return false
	}
	return true
}

// keySteps maps movement keys to steps.
var keySteps = map[string]grid.Square{
	"ArrowUp": {X: 0, Y: -1}, "ArrowDown": {X: 0, Y: 1}, "ArrowLeft": {X: -1, Y: 0}, "ArrowRight": {X: 1, Y: 0},
	"Home": {X: -1, Y: -1}, "PageUp": {X: 1, Y: -1}, "End": {X: -1, Y: 1}, "PageDown": {X: 1, Y: 1},
}
