package app

import (
	"fmt"
	"strings"

	"battlemat/rules/combat"
)

// words turns a stable key from the engine into English words.
func words(key string) string {
	if w, ok := vocabulary[key]; ok {
		return w
	}
	return strings.ReplaceAll(key, "-", " ")
}

// vocabulary holds English for the engine's keys where the key itself is
// not readable enough.
var vocabulary = map[string]string{
	"hit": "hit", "miss": "miss", "crit": "critical", "none": "no damage",
	"hp": "damage to HP", "saved": "STR save made", "critical": "critical damage", "dead": "death",
	"opportunity-attack": "opportunity attack",
}

// stepWords renders one trace step.
func stepWords(s combat.Step) string {
	switch s.Kind {
	case combat.StepRoll:
		return fmt.Sprintf("%s: rolled %d on d%d", words(s.Key), s.Face, s.Sides)
	case combat.StepModifier:
		return fmt.Sprintf("%s %+d to %s", words(s.Key), s.Value, words(s.Quantity))
	case combat.StepTarget:
		return fmt.Sprintf("%s: needs %d", words(s.Key), s.Value)
	case combat.StepOutcome:
		return words(s.Key)
	}
	return fmt.Sprintf("%s = %d", words(s.Key), s.Value)
}

// eventWords renders one event as a log line ("" for silent ones).
func eventWords(enc combat.Encounter, ev combat.Event) string {
	name := func(id string) string {
		if c, ok := enc.Combatant(id); ok {
			return c.Name
		}
		return id
	}
	switch ev.Type {
	case combat.InitiativeRolled:
		return "Initiative rolled."
	case combat.EncounterStarted:
		return "The encounter starts."
	case combat.RoundStarted:
		return fmt.Sprintf("Round %d.", ev.Round)
	case combat.TurnStarted:
		return name(ev.Actor) + "'s turn."
	case combat.Moved:
		return fmt.Sprintf("%s moves to %s.", name(ev.Actor), SquareName(*ev.To))
	case combat.MoveStopped:
		return name(ev.Actor) + " stops."
	case combat.MoveReset:
		return name(ev.Actor) + "'s move is reset."
	case combat.DecisionRequested:
		if ev.Decision != nil && ev.Decision.Kind == combat.DecideOpportunity {
			return fmt.Sprintf("%s may make an opportunity attack on %s.", name(ev.Decision.Chooser), name(ev.Decision.Attack.Defender))
		}
		return "A decision is needed."
	case combat.OpportunityTaken:
		return name(ev.Actor) + " takes the opportunity attack."
	case combat.OpportunityPassed:
		return name(ev.Actor) + " lets it pass."
	case combat.AttackResolved:
		if ev.Hit {
			return fmt.Sprintf("%s hits %s for %d.", name(ev.Actor), name(ev.Target), ev.Value)
		}
		return fmt.Sprintf("%s attacks %s: no damage.", name(ev.Actor), name(ev.Target))
	case combat.HPChanged:
		return fmt.Sprintf("%s is at %d HP.", name(ev.Actor), ev.Value)
	case combat.Downed:
		return name(ev.Actor) + " is down."
	case combat.TurnEnded:
		return name(ev.Actor) + " ends the turn."
	case combat.Placed, combat.Repositioned:
		return name(ev.Actor) + " is placed."
	case combat.EncounterEnded:
		return "The encounter is over."
	}
	return ""
}
