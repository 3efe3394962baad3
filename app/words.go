package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// stepWords renders one trace step in l: the ruleset's own terms for its
// keys, its dice notation, signed modifiers, each value in its own <bdi>.
func stepWords(l i18n.Lang, ruleset string, s combat.Step) []app.UI {
	key := i18n.Label(l, glossary(ruleset), s.Key)
	switch s.Kind {
	case combat.StepRoll:
		return say(l, "step.roll", "key", key, "face", s.Face, "die", i18n.Dice(l, glossary(ruleset), s.Sides))
	case combat.StepModifier:
		return say(l, "step.modifier", "key", key, "value", i18n.Signed(l, int64(s.Value)), "quantity", i18n.Label(l, glossary(ruleset), s.Quantity))
	case combat.StepTarget:
		return say(l, "step.target", "key", key, "n", s.Value)
	case combat.StepOutcome:
		return []app.UI{app.Bdi().Text(key)}
	}
	return say(l, "step.compute", "key", key, "n", s.Value)
}

// eventMessages are the log's messages for events that only name their
// actor.
var eventMessages = map[combat.EventType]string{
	combat.TurnStarted:       "log.turn",
	combat.MoveStopped:       "log.stop",
	combat.MoveReset:         "log.reset",
	combat.OpportunityTaken:  "log.oa-take",
	combat.OpportunityPassed: "log.oa-pass",
	combat.Downed:            "log.down",
	combat.TurnEnded:         "log.end-turn",
	combat.Placed:            "log.placed",
	combat.Repositioned:      "log.placed",
	combat.Edited:            "log.edited",
	combat.Removed:           "log.removed",
	combat.Joined:            "log.joined",
	combat.ReactionUnlocked:  "log.reaction-back",
}

// eventWords renders one event as a log line in l (nil for silent ones),
// split so that each name and square gets its own <bdi>.
func eventWords(l i18n.Lang, enc combat.Encounter, ev combat.Event) []i18n.Part {
	name := func(id string) string {
		if c, ok := enc.Combatant(id); ok {
			return c.Name
		}
		return id
	}
	if key, ok := eventMessages[ev.Type()]; ok {
		return i18n.Parts(l, key, "name", name(ev.Actor))
	}
	label := func(key string) string { return i18n.Label(l, glossary(enc.Ruleset), key) }
	switch p := ev.Payload().(type) {
	case *combat.Decision:
		if p.Kind == combat.DecideOpportunity {
			return i18n.Parts(l, "log.oa", "a", name(p.Chooser), "b", name(p.Attack.Defender))
		}
		return i18n.Parts(l, "log.decision")
	case combat.Blow:
		if p.Hit {
			return i18n.Parts(l, "log.hit", "a", name(ev.Actor), "b", name(ev.Target), "n", p.Damage)
		}
		return i18n.Parts(l, "log.no-damage", "a", name(ev.Actor), "b", name(ev.Target))
	case combat.ActionSpent:
		return i18n.Parts(l, "log.action", "name", name(ev.Actor), "action", actionLabel(l, enc.Ruleset, combat.ActionChoice{Key: p.Key, Resource: p.Resource}))
	case combat.HPSet:
		return i18n.Parts(l, "log.hp", "name", name(ev.Actor), "n", p.HP)
	case combat.ConditionKey:
		if ev.Type() == combat.ConditionRemoved {
			return i18n.Parts(l, "log.condition-removed", "name", name(ev.Actor), "condition", label(p.Condition))
		}
		return i18n.Parts(l, "log.condition", "name", name(ev.Actor), "condition", label(p.Condition))
	case combat.Choice:
		return i18n.Parts(l, "log.chosen", "name", name(ev.Actor), "choice", label(p.Key))
	case combat.AimChange:
		if p.Exits == 0 {
			return i18n.Parts(l, "log.aim-fight", "side", p.Side)
		}
		return i18n.Parts(l, "log.aim-escape", "side", p.Side)
	}
	switch ev.Type() {
	case combat.InitiativeRolled:
		return i18n.Parts(l, "log.initiative")
	case combat.EncounterStarted:
		return i18n.Parts(l, "log.start")
	case combat.RoundStarted:
		return i18n.Parts(l, "log.round", "n", ev.Round)
	case combat.Moved:
		return i18n.Parts(l, "log.move", "name", name(ev.Actor), "square", ev.To.Name())
	case combat.EncounterEnded:
		return i18n.Parts(l, "log.over")
	case combat.MapEdited:
		return i18n.Parts(l, "log.map")
	case combat.OrderSet:
		return i18n.Parts(l, "log.order")
	case combat.SideStanding:
		return i18n.Parts(l, "log.one-side")
	}
	return roundWords(l, enc.Ruleset, name, ev)
}
