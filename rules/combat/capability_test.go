package combat

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"battlemat/rules/grid"
)

// vital is the fake ruleset with a Vitality: a combatant with the
// condition "out" is down whatever its HP, and one at 0 HP fights on, the
// shape of DAIRN's rule (CA-DMG-6).
type vital struct{ fake }

func (vital) Up(enc Encounter, id string) (bool, error) {
	c, ok := enc.Combatant(id)
	if !ok {
		return false, NoCombatant("", "id", id)
	}
	return !slices.Contains(c.Conditions, "out"), nil
}

// turns ends n turns and returns who acted, in order.
func turns(t *testing.T, rs Ruleset, e Encounter, n int) []string {
	t.Helper()
	var out []string
	for range n {
		out = append(out, e.Current())
		e, _ = mustApply(t, rs, e, EndTurn{})
	}
	return out
}

// TestVitality checks that the engine asks a Vitality, not HP, who takes
// turns, who may make an opportunity attack and when a creature is down
// (DND-ALG-B step 1, DND-ALG-D step 1, DND-ND-5).
func TestVitality(t *testing.T) {
	rs := vital{}
	e, _ := mustApply(t, rs, party(t, rs), Start{})
	e, ev := mustApply(t, rs, e, SetHP{ID: "F", HP: 0})
	if hasEvent(ev, Downed, "F") {
		t.Error("0 HP put F down despite the Vitality")
	}
	if got, want := turns(t, rs, e, 7), []string{"F", "GA", "GB", "GC", "GD", "R", "F"}; !reflect.DeepEqual(got, want) {
		t.Errorf("turns %v, want %v", got, want)
	}
	e, _ = mustApply(t, rs, e, AddCondition{ID: "GB", Condition: "out"})
	if got, want := turns(t, rs, e, 6), []string{"F", "GA", "GC", "GD", "R", "F"}; !reflect.DeepEqual(got, want) {
		t.Errorf("turns with GB out %v, want %v", got, want)
	}
	// GA, next to F, is out: F walks away and nobody is offered an
	// opportunity attack.
	e, _ = mustApply(t, rs, e, AddCondition{ID: "GA", Condition: "out"})
	e, _ = mustApply(t, rs, e, Move{ID: "F", Path: []grid.Square{at(4, 5)}})
	if e.Pending != nil {
		t.Errorf("an opportunity attack offered by a creature that is out: %+v", e.Pending)
	}
	if up, err := IsUp(fake{}, e, "F"); up || err != nil {
		t.Errorf("without a Vitality F at 0 HP is up: %v %v", up, err)
	}
	if _, err := IsUp(rs, e, "nobody"); err == nil {
		t.Error("IsUp of an unknown combatant")
	}
}

// taker is the fake ruleset with actions that take effect: "sprint" adds
// 2 squares of movement and marks the creature until the start of its next
// turn; "warp" asks for negative movement; "balk" is refused.
type taker struct{ fake }

func (taker) TakeAction(enc Encounter, use UseAction) (ActionEffect, error) {
	switch use.Key {
	case "sprint":
		return ActionEffect{Rule: "DND-ND-1", Movement: 2, State: map[string]json.RawMessage{use.ID: json.RawMessage(`{"sprinting":true}`)}}, nil
	case "warp":
		return ActionEffect{Rule: "DND-ND-1", Movement: -1}, nil
	case "balk":
		return ActionEffect{}, Invalid("DND-ND-1", "key", "refused")
	}
	return ActionEffect{}, nil
}

func (taker) StartOfTurn(enc Encounter, id string) (map[string]json.RawMessage, error) {
	return map[string]json.RawMessage{id: nil}, nil
}

// EndOfTurn keeps the state for StartOfTurn to clear.
func (taker) EndOfTurn(Encounter, string) (map[string]json.RawMessage, error) { return nil, nil }

func (taker) Actions(enc Encounter, id string) ([]ActionChoice, error) {
	return []ActionChoice{{Key: "sprint", Resource: "action", Rule: "DND-ND-1"}}, nil
}

// TestActionTaker checks that UseAction spends, then applies the ruleset's
// effect: extra movement kept by a ResetMove, a state the turn-start hook
// clears, the rule on the event; an illegal effect or a refusal changes
// nothing (DND-ND-1, DND-ENG-3).
func TestActionTaker(t *testing.T) {
	rs := taker{}
	e, _ := mustApply(t, rs, party(t, rs), Start{})
	mustFail(t, rs, e, UseAction{ID: "F", Resource: "action", Key: "warp"})
	mustFail(t, rs, e, UseAction{ID: "F", Resource: "action", Key: "balk"})
	e, ev := mustApply(t, rs, e, UseAction{ID: "F", Resource: "action", Key: "sprint"})
	if i := slices.IndexFunc(ev, func(e Event) bool { return e.Type() == ActionUsed }); i < 0 || ev[i].Rule != "DND-ND-1" || ev[i].Payload().(ActionSpent).Movement != 2 {
		t.Errorf("events %+v", ev)
	}
	f, _ := e.Combatant("F")
	if f.Budget.Left("movement") != 8 || f.Budget.Left("action") != 0 || string(f.State) != `{"sprinting":true}` {
		t.Errorf("after the sprint: %+v %s", f.Budget, f.State)
	}
	e, _ = mustApply(t, rs, e, Move{ID: "F", Path: []grid.Square{at(6, 5)}})
	e, _ = mustApply(t, rs, e, ResetMove{ID: "F"})
	if f, _ := e.Combatant("F"); f.Budget.Left("movement") != 8 {
		t.Errorf("ResetMove lost the extra movement: %d", f.Budget.Left("movement"))
	}
	for e.Current() != "R" {
		e, _ = mustApply(t, rs, e, EndTurn{})
	}
	if f, _ := e.Combatant("F"); f.State == nil {
		t.Error("the effect ended before F's next turn")
	}
	e, _ = mustApply(t, rs, e, EndTurn{})
	if f, _ := e.Combatant("F"); e.Current() != "F" || f.State != nil {
		t.Errorf("the effect outlasted the start of F's turn: %s", f.State)
	}
	if got, err := Actions(rs, e, "F"); err != nil || len(got) != 1 {
		t.Errorf("Actions: %v %v", got, err)
	}
	if _, err := Actions(fake{}, e, "F"); err == nil {
		t.Error("Actions without an ActionLister")
	}
}

// TestAppendOddsFromOdds checks AppendOdds on a ruleset that only tells
// odds (no OddsAppender): the chances Odds gives, after what the list
// held, and the list untouched on error.
func TestAppendOddsFromOdds(t *testing.T) {
	e := party(t, fake{})
	req := AttackRequest{Attacker: "F", Defender: "GA"}
	want, err := Odds(fake{}, e, req)
	if err != nil {
		t.Fatal(err)
	}
	head := []Chance{{Key: "kept", Num: 1, Den: 2}}
	for _, dst := range [][]Chance{nil, head} {
		got, err := AppendOdds(fake{}, dst, e, req)
		if w := append(slices.Clip(dst), want...); err != nil || !reflect.DeepEqual(got, w) {
			t.Errorf("AppendOdds(%v) = %v, %v; want %v", dst, got, err, w)
		}
	}
	got, err := AppendOdds(fake{}, head, e, AttackRequest{Attacker: "F", Defender: "nobody"})
	if err == nil || !reflect.DeepEqual(got, head) {
		t.Errorf("AppendOdds on an unknown defender = %v, %v; want the list back and an error", got, err)
	}
}
