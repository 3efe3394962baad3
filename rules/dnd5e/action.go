package dnd5e

import "battlemat/rules/combat"

// Action names one of the actions a creature can take with its action or,
// when a feature grants it, its bonus action. The source refers to the
// actions chapter without defining it (DND-ND-1); the spec's default is to
// implement Attack, Dash, Disengage and Dodge from SRD 5.1, plus Hide for
// the bonus-action features of its sample creatures, and treat anything else
// as ActionOther.
type Action string

// The actions of DND-ND-1.
const (
	ActionAttack    Action = "attack"    // make the creature's attack (DND-ND-4)
	ActionDash      Action = "dash"      // gain extra movement equal to speed (SRD)
	ActionDisengage Action = "disengage" // movement this turn provokes no opportunity attack (DND-ND-3, SRD)
	ActionDodge     Action = "dodge"     // attacks against the creature have disadvantage until its next turn (SRD)
	ActionHide      Action = "hide"      // make a Stealth check; outside this text (DND-ND-6)
	ActionOther     Action = "other"     // any other action, adjudicated by the DM (DND-ND-1)
)

// Valid reports whether a is one of the actions of DND-ND-1.
func (a Action) Valid() bool {
	switch a {
	case ActionAttack, ActionDash, ActionDisengage, ActionDodge, ActionHide, ActionOther:
		return true
	}
	return false
}

// ReactionOption names a reaction a creature has (DND-REACT-1, DND-ND-8).
type ReactionOption string

// OpportunityAttack is the most common reaction (DND-REACT-2); its trigger
// follows the spec's SRD default (DND-ND-3).
const OpportunityAttack ReactionOption = "opportunity-attack"

// validateActions checks a list of bonus-action options (DND-BONUS-1).
func validateActions(field string, as []Action) error {
	seen := map[Action]bool{}
	for _, a := range as {
		if !a.Valid() {
			return combat.Invalid("DND-BONUS-1", field, "unknown action %q", a)
		}
		if seen[a] {
			return combat.Invalid("DND-BONUS-1", field, "action %q listed twice", a)
		}
		seen[a] = true
	}
	return nil
}
