package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// ActionsView is the actions panel's snapshot: what the acting creature
// may do now besides attacking and moving, as its ruleset lists it
// (combat.ActionLister, ENG-TURN-4).
type ActionsView struct {
	Lang    i18n.Lang
	Buttons []ActionButton
}

// ActionButton is one listed action: its element ID, its label, the rule
// it cites and the command it sends.
type ActionButton struct {
	ID, Label, Rule string
	Use             combat.UseAction
}

// actionsView builds the panel's snapshot; it has no buttons when nobody
// acts, a decision is pending, or the ruleset lists no actions.
func (m *Model) actionsView(enc combat.Encounter) ActionsView {
	l := m.lang
	v := ActionsView{Lang: l}
	id := enc.Current()
	if id == "" || enc.Pending != nil {
		return v
	}
	choices, err := combat.Actions(m.sess.Ruleset(), enc, id)
	if err != nil {
		return v
	}
	for _, c := range choices {
		v.Buttons = append(v.Buttons, ActionButton{ID: actionButtonID(enc.Ruleset, c), Label: actionLabel(l, enc.Ruleset, c), Rule: string(c.Rule),
			Use: combat.UseAction{ID: id, Resource: c.Resource, Key: c.Key}})
	}
	return v
}

// actionButtonID is "action-<key>" for an action that spends the counter
// attacks spend, and "action-<key>-<counter>" for one that spends another,
// so the rogue's Dash and its Cunning Action Dash are told apart.
func actionButtonID(ruleset string, c combat.ActionChoice) string {
	if spendsAttack(ruleset, c.Resource) {
		return "action-" + c.Key
	}
	return "action-" + c.Key + "-" + c.Resource
}

// spendsAttack reports whether key is the counter attacks spend in the
// shipped ruleset of that ID.
func spendsAttack(ruleset, key string) bool {
	rs, err := shipped.Lookup(ruleset)
	if err != nil {
		return false
	}
	k, ok := combat.CounterFor(rs, combat.UseAttack)
	return ok && k.Key == key
}

// actionKeyFamily is the catalogue family of the action labels
// ("turn.action.dash"), built per key from the listed actions.
const actionKeyFamily = "turn"

// actionLabel names a listed action in l: from the catalogue when it has
// the key, else as a ruleset term; one that spends another counter than
// attacks do (a bonus action) names the counter after it, by its short
// name (i18n.Short) inside the parentheses.
func actionLabel(l i18n.Lang, ruleset string, c combat.ActionChoice) string {
	key := actionKeyFamily + ".action." + c.Key
	label := i18n.T(l, key)
	if !i18n.Has(key) {
		label = i18n.Label(l, glossary(ruleset), c.Key)
	}
	if c.Resource != "" && !spendsAttack(ruleset, c.Resource) {
		return i18n.T(l, "turn.action.spends", "action", label, "counter", counterNamed(l, ruleset, c.Resource, i18n.Short))
	}
	return label
}

// renderActions shows the actions panel, or nothing when there is no
// action to offer.
func (t *Table) renderActions(enc combat.Encounter) app.UI {
	v := t.actionsView(enc)
	if len(v.Buttons) == 0 {
		return nil
	}
	return &Actions{V: v}
}

// Actions offers the acting creature's listed actions as buttons; each
// sends its UseAction to the session. It only re-renders when its snapshot
// changes.
type Actions struct {
	app.Compo
	V ActionsView
}

// Render draws the panel.
func (a *Actions) Render() app.UI {
	buttons := make([]app.UI, len(a.V.Buttons))
	for i, b := range a.V.Buttons {
		// go-app keeps an element's first handler while the code stays the
		// same, so the handler reads the current snapshot when clicked.
		buttons[i] = app.Button().ID(b.ID).Title(b.Rule).Attr("data-rule", b.Rule).Text(b.Label).
			OnClick(func(ctx app.Context, e app.Event) {
				if i < len(a.V.Buttons) {
					ctx.NewActionWithValue(actionCommand, a.V.Buttons[i].Use)
				}
			})
	}
	return app.Section().ID("actions").Class("panel").Body(
		app.H2().Text(i18n.T(a.V.Lang, "turn.actions")),
		app.Div().Class("buttons").Body(buttons...),
	)
}
