package combat

import (
	"encoding/json"
	"maps"
	"slices"

	"battlemat/rules/dice"
)

// Act is a ruleset's own action or ruling that is neither a move nor an
// attack (ENG-ACT-1): aid to the dying, a retreat, a direct loss, the GM's
// choice for a broken unit, the count of an area attack. Key names it in
// the ruleset's words; Target and Value are what it needs. The ruleset's
// ActResolver says what it does and whether it takes ID's action on its
// turn.
type Act struct {
	ID     string `json:"id"`
	Key    string `json:"key"`
	Target string `json:"target,omitempty"`
	Value  int    `json:"value,omitempty"`
}

// Kind returns "act".
func (Act) Kind() string { return "act" }

// ActResolver is implemented by rulesets with acts of their own
// (ENG-ACT-1). ResolveAct must be pure: everything random comes from r.
type ActResolver interface {
	ResolveAct(enc Encounter, act Act, r dice.Roller) (ActOutcome, error)
}

// ActOutcome is what an act did. Turn says it is taken on ID's turn and
// spends its action (ENG-ACT-2); EndsTurn ends that turn at once. Value is a
// number the act produced (a count). HP, State and RoundState replace those
// of the listed combatants; Profile replaces their profiles, whose stats the
// engine derives again as an Edit does (ENG-ACT-3). Morale lists the morale
// checks a casualty the act made called for, rolled at once (ENG-ACT-4).
type ActOutcome struct {
	Turn       bool                       `json:"turn,omitempty"`
	EndsTurn   bool                       `json:"endsTurn,omitempty"`
	Rule       RuleID                     `json:"rule,omitempty"`
	Value      int                        `json:"value,omitempty"`
	HP         map[string]int             `json:"hp,omitempty"`
	State      map[string]json.RawMessage `json:"state,omitempty"`
	RoundState map[string]json.RawMessage `json:"roundState,omitempty"`
	Profile    map[string]json.RawMessage `json:"profile,omitempty"`
	Trace      Trace                      `json:"trace,omitempty"`
	Morale     []MoraleCheck              `json:"morale,omitempty"`
}

// check checks an act's own bounds.
func (c Act) check() error {
	if !validKey(c.Key) {
		return Invalid("ENG-ACT-1", "key", "%q is not a valid key", c.Key)
	}
	if c.Value < -MaxHPValue || c.Value > MaxHPValue {
		return Invalid("ENG-ACT-1", "value", "%d is out of range", c.Value)
	}
	return nil
}

func (c Act) apply(a *applier) error {
	ar, ok := a.rs.(ActResolver)
	if !ok {
		return a.unsupported("ActResolver")
	}
	if err := c.check(); err != nil {
		return err
	}
	if a.e.Find(c.ID) < 0 {
		return NoCombatant("ENG-ACT-1", "id", c.ID)
	}
	if c.Target != "" && a.e.Find(c.Target) < 0 {
		return NoCombatant("ENG-ACT-1", "target", c.Target)
	}
	out, err := ar.ResolveAct(a.e, c, a.r)
	if err != nil {
		return err
	}
	if out.Turn {
		cb, err := a.acting(c.ID)
		if err != nil {
			return err
		}
		if err := a.spendOne(cb, UseAttack); err != nil { // ENG-ACT-2
			return err
		}
	}
	wasUp := map[string]bool{}
	for _, cb := range a.e.Combatants {
		if wasUp[cb.ID], err = a.up(cb.ID); err != nil {
			return err
		}
	}
	if err := a.setStates(out.State, out.RoundState); err != nil {
		return err
	}
	if err := a.setHPs(out.HP, "ENG-ACT-1"); err != nil {
		return err
	}
	if err := a.setProfiles(out.Profile); err != nil {
		return err
	}
	a.emit(Header{Rule: out.Rule, Actor: c.ID, Target: c.Target}.With(ActDone{Key: c.Key, Value: out.Value, Trace: out.Trace}))
	a.emitMorale(out.Morale, "ENG-ACT-4")
	for _, cb := range a.e.Combatants {
		if err := a.downed(cb.ID, wasUp[cb.ID]); err != nil {
			return err
		}
	}
	if out.Turn && out.EndsTurn {
		return a.endTurn()
	}
	return nil
}

// setHPs sets the HP a ruleset's outcome lists, within each combatant's
// bounds (rule cites the engine's contract that allows it).
func (a *applier) setHPs(hp map[string]int, rule RuleID) error {
	for i := range a.e.Combatants {
		c := &a.e.Combatants[i]
		v, ok := hp[c.ID]
		if !ok || v == c.HP {
			continue
		}
		if v < -MaxHPValue || v > c.Stats.MaxHP {
			return Invalid(rule, "hp", "ruleset set %s's HP to %d", c.ID, v)
		}
		a.setHP(c, v)
	}
	return nil
}

// setProfiles replaces the listed combatants' profiles as Edit commands
// would, each keeping its name, side, square and HP (ENG-ACT-3).
func (a *applier) setProfiles(profiles map[string]json.RawMessage) error {
	for _, id := range slices.Sorted(maps.Keys(profiles)) {
		c, err := a.get(id)
		if err != nil {
			return err
		}
		if err := (Edit{Spec{ID: id, Name: c.Name, Side: c.Side, Pos: c.Pos, Profile: profiles[id]}}).apply(a); err != nil {
			return err
		}
	}
	return nil
}

// ActLister is implemented by rulesets with acts (ENG-ACT-1) that can list
// the ones open now, ready to send as Act commands: those of the acting
// combatant on its turn and the GM's rulings any time.
type ActLister interface {
	Acts(enc Encounter) ([]Act, error)
}

// ActFormer is implemented by rulesets whose acts take a number someone at
// the table picks (ENG-ACT-1): a loss the GM inflicts, the die a count is
// rolled on. The round panel offers each form as a choice of act, combatant
// and value, sent as one Act.
type ActFormer interface {
	ActForms(enc Encounter) ([]ActForm, error)
}

// ActForm is one act offered with choices: the ruleset's key naming it, the
// keys it may be sent with (several for one kind of act: which attribute is
// lowered), the combatants it may name as Act.ID, and the values offered
// for Act.Value; Die marks values that are the sides of a die. Words, with
// one entry per key, names the keys as the table wrote them (a weapon
// group), shown as they are; ValueKeys, with one entry per value, names the
// values in the ruleset's terms (a teacher's tier), and ValueName what they
// are (the teacher).
type ActForm struct {
	Name      string   `json:"name"`
	Keys      []string `json:"keys"`
	IDs       []string `json:"ids"`
	Values    []int    `json:"values"`
	Die       bool     `json:"die,omitempty"`
	Words     []string `json:"words,omitempty"`
	ValueKeys []string `json:"valueKeys,omitempty"`
	ValueName string   `json:"valueName,omitempty"`
}
