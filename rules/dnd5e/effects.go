package dnd5e

import (
	"encoding/json"
	"slices"
	"sync"

	"battlemat/rules/combat"
)

// The engine capabilities that give actions other than attacks their
// effect (DND-ND-1, DND-ENG-3).
var (
	_ combat.ActionTaker  = Ruleset{}
	_ combat.ActionLister = Ruleset{}
	_ combat.TurnStarter  = Ruleset{}
	_ combat.TurnEnder    = Ruleset{}
)

// Effects is what a creature's actions leave behind, kept by the engine in
// Combatant.State: a Disengage lasts for the rest of the creature's turn
// (DND-ND-3), a Dodge until the start of its next turn (DND-ND-1, SRD
// default). The zero value is stored as no state at all.
type Effects struct {
	Disengaged bool `json:"disengaged,omitempty"`
	Dodging    bool `json:"dodging,omitempty"`
}

// effectsOf decodes a combatant's Effects; a combatant without state has
// none.
func effectsOf(c combat.Combatant) (Effects, error) {
	var e Effects
	if len(c.State) == 0 {
		return e, nil
	}
	// The states encode writes, known without decoding.
	for _, known := range encodedEffects() {
		if string(c.State) == known.raw {
			return known.e, nil
		}
	}
	err := combat.DecodeStrict("state", c.State, &e)
	return e, err
}

// encodedEffect is a non-zero Effects with its encoding.
type encodedEffect struct {
	e   Effects
	raw string
}

// encodedEffects returns the non-zero Effects as encode writes them. They
// are encoded on first use, not when the program starts: the first
// json.Marshal of a type builds its encoder, work an app showing another
// ruleset never needs before its first screen.
var encodedEffects = sync.OnceValue(func() []encodedEffect {
	var out []encodedEffect
	for _, e := range []Effects{{Disengaged: true}, {Dodging: true}, {Disengaged: true, Dodging: true}} {
		out = append(out, encodedEffect{e, string(e.encode())})
	}
	return out
})

// encode returns e as Combatant.State: nothing for the zero value.
func (e Effects) encode() json.RawMessage {
	if e == (Effects{}) {
		return nil
	}
	b, _ := json.Marshal(e) // two booleans: cannot fail
	return b
}

// listedActions are the actions any creature may take with its action, in
// the order the UI offers them (DND-ND-1): attacks go through the Attack
// command instead.
var listedActions = []Action{ActionDash, ActionDisengage, ActionDodge, ActionHide, ActionOther}

// Actions lists what the acting creature id may still do besides
// attacking: with its action, Dash, Disengage, Dodge, Hide or another
// action (DND-ND-1, DND-TURN-3); with its bonus action, the options its
// features grant (DND-BONUS-1, DND-BONUS-2). A creature whose turn it is
// not has nothing to list.
func (Ruleset) Actions(enc combat.Encounter, id string) ([]combat.ActionChoice, error) {
	c, found := enc.Combatant(id)
	if !found {
		return nil, combat.NoCombatant("DND-ND-1", "id", id)
	}
	if enc.Current() != id {
		return nil, nil
	}
	p, _, err := profileOf(enc, c)
	if err != nil {
		return nil, err
	}
	var out []combat.ActionChoice
	if c.Budget.Left(CounterAction) > 0 {
		for _, a := range listedActions {
			out = append(out, combat.ActionChoice{Key: string(a), Resource: CounterAction, Rule: "DND-ND-1"})
		}
	}
	if c.Budget.Left(CounterBonus) > 0 {
		for _, a := range p.BonusActions {
			if a != ActionAttack {
				out = append(out, combat.ActionChoice{Key: string(a), Resource: CounterBonus, Rule: "DND-BONUS-1"})
			}
		}
	}
	return out, nil
}

// TakeAction gives an action whose cost the engine has spent its effect
// (DND-ND-1, SRD default): Dash adds the creature's speed to this turn's
// movement, Disengage keeps its movement from provoking opportunity
// attacks for the rest of the turn (DND-ND-3), Dodge gives attacks against
// it disadvantage until the start of its next turn; Hide and other actions
// only spend (DND-ND-6). A bonus action must be one a feature of the
// creature grants (DND-BONUS-1); an attack must use the Attack command
// (DND-ND-4). Free interactions and reactions spend without effect
// (DND-FREE-3, DND-REACT-1).
func (Ruleset) TakeAction(enc combat.Encounter, use combat.UseAction) (combat.ActionEffect, error) {
	c, found := enc.Combatant(use.ID)
	if !found {
		return combat.ActionEffect{}, combat.NoCombatant("DND-ND-1", "id", use.ID)
	}
	switch use.Resource {
	case CounterInteraction:
		return combat.ActionEffect{Rule: "DND-FREE-3"}, nil
	case CounterReaction:
		return combat.ActionEffect{Rule: "DND-REACT-1"}, nil
	}
	a := Action(use.Key)
	if a == ActionAttack {
		return combat.ActionEffect{}, combat.Invalid("DND-ND-4", "key", "an attack is made with the Attack command")
	}
	rule := combat.RuleID("DND-ND-1")
	if use.Resource == CounterBonus {
		p, ok, err := profileOf(enc, c)
		if err != nil {
			return combat.ActionEffect{}, err
		}
		if ok && !slices.Contains(p.BonusActions, a) {
			return combat.ActionEffect{}, combat.Invalid("DND-BONUS-1", "key", "no feature of %s grants %q as a bonus action", use.ID, a)
		}
		rule = "DND-BONUS-2"
	}
	eff, err := effectsOf(c)
	if err != nil {
		return combat.ActionEffect{}, err
	}
	out := combat.ActionEffect{Rule: rule}
	switch a {
	case ActionDash:
		out.Movement = c.Stats.Speed
		out.Trace = combat.Trace{{Rule: "DND-ND-1", Kind: combat.StepCompute, Key: "dash-movement", Value: c.Stats.Speed}}
		return out, nil
	case ActionDisengage:
		eff.Disengaged = true
		out.Trace = combat.Trace{{Rule: "DND-ND-3", Kind: combat.StepOutcome, Key: string(a)}}
	case ActionDodge:
		eff.Dodging = true
		out.Trace = combat.Trace{{Rule: "DND-ND-1", Kind: combat.StepOutcome, Key: string(a)}}
	default:
		return out, nil
	}
	out.State = map[string]json.RawMessage{use.ID: eff.encode()}
	return out, nil
}

// StartOfTurn ends the creature's Dodge, and any Disengage left over, when
// its turn starts (DND-ND-1, SRD default; DND-ENG-3 onTurnStart).
func (Ruleset) StartOfTurn(enc combat.Encounter, id string) (map[string]json.RawMessage, error) {
	return clearEffects(enc, id, Effects{})
}

// EndOfTurn ends the creature's Disengage with its turn (DND-ND-3); a Dodge
// lasts until the start of its next turn.
func (Ruleset) EndOfTurn(enc combat.Encounter, id string) (map[string]json.RawMessage, error) {
	c, _ := enc.Combatant(id)
	eff, err := effectsOf(c)
	if err != nil {
		return nil, err
	}
	return clearEffects(enc, id, Effects{Dodging: eff.Dodging})
}

// clearEffects returns the new state of id when its effects become keep,
// or nothing when they already are.
func clearEffects(enc combat.Encounter, id string, keep Effects) (map[string]json.RawMessage, error) {
	c, found := enc.Combatant(id)
	if !found {
		return nil, combat.NoCombatant("DND-ENG-3", "id", id)
	}
	eff, err := effectsOf(c)
	if err != nil || eff == keep {
		return nil, err
	}
	return map[string]json.RawMessage{id: keep.encode()}, nil
}

// CheckState checks a combatant's Effects as a decoder must: strictly
// decoded, and only on a creature that can have them (combat.StateChecker).
// Its round state is always empty.
func (Ruleset) CheckState(enc combat.Encounter, id string) error {
	c, ok := enc.Combatant(id)
	if !ok {
		return combat.NoCombatant("", "id", id)
	}
	if len(c.RoundState) > 0 {
		return combat.Invalid("", "roundState", "D&D 5e keeps no per-round state")
	}
	_, err := effectsOf(c)
	return err
}
