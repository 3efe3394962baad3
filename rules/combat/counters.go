package combat

// Pool is one of the counters the engine keeps in a combatant's Budget and
// spends by its own rules: a step spends movement (ENG-MOVE-3), an attack
// or an act on the turn an action (ENG-TURN-3, ENG-ACT-2), an opportunity
// attack the reaction (ENG-OA-3). What a ruleset calls each, and whether
// it has it at all, is its Counter (ENG-TURN-6).
type Pool uint8

// The engine's pools.
const (
	PoolMovement     Pool = iota + 1 // Budget.Movement, in the ruleset's movement units (its Scale)
	PoolActions                      // Budget.Actions
	PoolBonus                        // Budget.BonusActions
	PoolInteractions                 // Budget.Interactions
	PoolReaction                     // Budget.Reaction: 1 while it is there and not locked by surprise
)

// Counter is one resource a ruleset counts a turn in, in its own words
// (ENG-TURN-6): Key is its name, a key of the ruleset's glossary or of the
// app's words ("movement", "attacks", "bonus-action"); Pool is the
// engine's counter that holds it; Rule is the ruleset's rule for it.
type Counter struct {
	Key  string
	Pool Pool
	Rule RuleID
}

// Counterer is implemented by rulesets that declare the resources of their
// turn (ENG-TURN-6), in the order a table reads them; a pool the ruleset
// does not declare stays empty for it.
type Counterer interface {
	Counters() []Counter
}

// The counters of a ruleset that declares none: movement and actions, and
// the reaction where its TurnRules have reactions (ENG-TURN-6).
var (
	defaultCounters  = []Counter{{Key: "movement", Pool: PoolMovement, Rule: "ENG-MOVE-3"}, {Key: "actions", Pool: PoolActions, Rule: "ENG-TURN-3"}}
	defaultReactions = append(defaultCounters[:len(defaultCounters):len(defaultCounters)], Counter{Key: "reaction", Pool: PoolReaction, Rule: "ENG-OA-3"})
)

// CountersOf returns the counters rs declares, or the engine's default
// ones (ENG-TURN-6). Callers must not modify the result.
func CountersOf(rs Ruleset) []Counter {
	if c, ok := rs.(Counterer); ok {
		return c.Counters()
	}
	if tr, ok := rs.(TurnRuler); ok && tr.TurnRules().Reactions {
		return defaultReactions
	}
	return defaultCounters
}

// Left returns what b holds of pool p: an amount, or for the reaction 1
// while it is there and not locked by surprise, else 0.
func (b Budget) Left(p Pool) int {
	switch p {
	case PoolMovement:
		return b.Movement
	case PoolActions:
		return b.Actions
	case PoolBonus:
		return b.BonusActions
	case PoolInteractions:
		return b.Interactions
	case PoolReaction:
		if b.Reaction && !b.Locked {
			return 1
		}
	}
	return 0
}

// Has reports whether a creature with these stats ever holds pool p: a
// bonus action or an object interaction only when its stat block gives it
// one; movement, actions and the reaction always.
func (s Stats) Has(p Pool) bool {
	switch p {
	case PoolBonus:
		return s.BonusActions > 0
	case PoolInteractions:
		return s.Interactions > 0
	}
	return true
}
