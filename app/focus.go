package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// focusOwner is the token that Tab reaches on the board (roving tabindex):
// the one last focused, else the selected creature, else the first.
func (m *Model) focusOwner(enc combat.Encounter) string {
	for _, id := range []string{m.focused, m.selected} {
		if _, ok := enc.Combatant(id); ok {
			return id
		}
	}
	if len(enc.Combatants) > 0 {
		return enc.Combatants[0].ID
	}
	return ""
}

// tokenKey handles a key pressed while the token id has the focus: arrows
// (and Home/End/PageUp/PageDown) move the focus to the nearest token that
// way, Enter or Space acts on the token as a tap does. It reports whether
// it used the key.
func (t *Table) tokenKey(ctx app.Context, key, id string) bool {
	enc := t.state()
	if d, ok := keySteps[key]; ok {
		if next := nearestToken(enc, id, d); next != "" {
			t.focused = next
			app.Window().GetElementByID("token-" + next).Call("focus")
		}
		return true
	}
	if key != "Enter" && key != " " {
		return false
	}
	t.focused = id
	switch {
	case t.canMove(enc) && enemies(enc, t.selected, id) && t.target == id:
		t.attack(ctx)
	case t.canMove(enc) && enemies(enc, t.selected, id):
		t.target, t.option = id, 0
	default:
		t.selected, t.target, t.hover = id, "", nil
	}
	return true
}

// nearestToken is the creature nearest to id in direction d (a unit step,
// diagonals included): among those ahead of it, the one with the least
// distance along d plus twice the distance across it.
func nearestToken(enc combat.Encounter, id string, d grid.Square) string {
	from, ok := enc.Combatant(id)
	if !ok {
		return ""
	}
	best, bestCost := "", 0
	for _, c := range enc.Combatants {
		dx, dy := c.Pos.X-from.Pos.X, c.Pos.Y-from.Pos.Y
		along := dx*d.X + dy*d.Y
		if c.ID == id || along <= 0 {
			continue
		}
		across := abs(dx*d.Y - dy*d.X)
		if cost := along + 2*across; best == "" || cost < bestCost {
			best, bestCost = c.ID, cost
		}
	}
	return best
}

// abs is |n|.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// announcement is what the live region says after a command: its moves,
// attacks, damage and decisions in the user's language.
func (m *Model) announcement(enc combat.Encounter) string {
	var lines []string
	for _, ev := range m.last {
		switch ev.Type() {
		case combat.Moved, combat.MoveStopped, combat.AttackResolved, combat.HPChanged, combat.Downed,
			combat.OpportunityTaken, combat.OpportunityPassed, combat.DecisionRequested, combat.TurnStarted:
		default:
			continue
		}
		var b strings.Builder
		for _, p := range eventWords(m.lang, enc, ev) {
			b.WriteString(p.Text)
		}
		if b.Len() > 0 {
			lines = append(lines, b.String())
		}
	}
	return strings.Join(lines, " ")
}

// renderAnnounce is the polite live region that reads announcement aloud.
func (t *Table) renderAnnounce(enc combat.Encounter) app.UI {
	return app.Div().ID("announce").Class("sr-only").Attr("aria-live", "polite").Attr("aria-atomic", "true").
		Attr("lang", t.lang.String()).Text(t.announcement(enc))
}
