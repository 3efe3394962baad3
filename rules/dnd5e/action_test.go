package dnd5e

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// startedAmbush is the sample started without surprise: fighter 18,
// goblins 15, rogue 12, wizard 6 (DND-TV-1 with the wizard added). The
// fighter acts.
func startedAmbush(t *testing.T) combat.Encounter {
	t.Helper()
	enc := placedAmbush(t)
	enc, _ = apply(t, enc, combat.RollInitiative{}, dicetest.Script(t, 18, 9, 5, 13))
	enc, _ = apply(t, enc, combat.Start{}, dicetest.Script(t))
	return enc
}

// endTurnsUntil ends turns until id acts.
func endTurnsUntil(t *testing.T, enc combat.Encounter, id string) combat.Encounter {
	t.Helper()
	for range 20 {
		if enc.Current() == id {
			return enc
		}
		enc, _ = apply(t, enc, combat.EndTurn{}, dicetest.Script(t))
	}
	t.Fatalf("%s never acts", id)
	return enc
}

// keys lists action choices as "resource:key".
func keys(cs []combat.ActionChoice) []string {
	var out []string
	for _, c := range cs {
		out = append(out, string(c.Resource)+":"+c.Key)
	}
	return out
}

func effects(t *testing.T, enc combat.Encounter, id string) Effects {
	t.Helper()
	c, _ := enc.Combatant(id)
	e, err := effectsOf(c)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestEngineActionLists is DND-TV-15 through the engine: the actions each
// sample creature is offered at the start of its turn (DND-ND-1,
// DND-BONUS-1).
func TestEngineActionLists(t *testing.T) {
	common := []string{"action:dash", "action:disengage", "action:dodge", "action:hide", "action:other"}
	tests := []struct {
		id   string
		want []string
	}{
		{"fighter", common},
		{"goblin-a", append(slices.Clone(common), "bonus:disengage", "bonus:hide")},
		{"rogue", append(slices.Clone(common), "bonus:dash", "bonus:disengage", "bonus:hide")},
	}
	for _, tc := range tests {
		t.Run("DND-TV-15/"+tc.id, func(t *testing.T) {
			enc := endTurnsUntil(t, startedAmbush(t), tc.id)
			got, err := combat.Actions(Ruleset{}, enc, tc.id)
			if err != nil || !reflect.DeepEqual(keys(got), tc.want) {
				t.Errorf("DND-BONUS-1: %v %v, want %v", keys(got), err, tc.want)
			}
			if other, _ := combat.Actions(Ruleset{}, enc, "wizard"); len(other) != 0 {
				t.Errorf("DND-ROUND-2: the wizard is offered %v out of turn", keys(other))
			}
			// Spending the one bonus action leaves only the action's list
			// (DND-BONUS-2); spending the action too leaves nothing.
			if len(tc.want) > len(common) {
				enc, _ = apply(t, enc, combat.UseAction{ID: tc.id, Resource: CounterBonus, Key: "hide"}, dicetest.Script(t))
				if got, _ := combat.Actions(Ruleset{}, enc, tc.id); !reflect.DeepEqual(keys(got), common) {
					t.Errorf("DND-BONUS-2: after the bonus action: %v", keys(got))
				}
			}
			enc, _ = apply(t, enc, combat.UseAction{ID: tc.id, Resource: CounterAction, Key: "other"}, dicetest.Script(t))
			if got, _ := combat.Actions(Ruleset{}, enc, tc.id); len(got) != 0 {
				t.Errorf("DND-TURN-1: after the action: %v", keys(got))
			}
		})
	}
}

// TestEngineBonusActions is the rest of DND-TV-15: a bonus action must be
// one a feature grants (DND-BONUS-1), there is only one (DND-BONUS-2), and
// the Fighter has none.
func TestEngineBonusActions(t *testing.T) {
	enc := startedAmbush(t)
	if _, _, err := combat.Apply(Ruleset{}, enc, combat.UseAction{ID: "fighter", Resource: CounterBonus, Key: "dash"}, dicetest.Script(t)); err == nil {
		t.Error("DND-TV-15: the fighter took a bonus action")
	}
	enc = endTurnsUntil(t, enc, "goblin-a")
	var re *combat.RuleError
	if _, _, err := combat.Apply(Ruleset{}, enc, combat.UseAction{ID: "goblin-a", Resource: CounterBonus, Key: "dash"}, dicetest.Script(t)); !errors.As(err, &re) || re.Rule != "DND-BONUS-1" {
		t.Errorf("DND-TV-15: the goblin dashed as a bonus action: %v", err)
	}
	if _, _, err := combat.Apply(Ruleset{}, enc, combat.UseAction{ID: "goblin-a", Resource: CounterAction, Key: "attack"}, dicetest.Script(t)); !errors.As(err, &re) || re.Rule != "DND-ND-4" {
		t.Errorf("DND-ND-4: an attack through UseAction: %v", err)
	}
	enc, _ = apply(t, enc, combat.UseAction{ID: "goblin-a", Resource: CounterBonus, Key: "hide"}, dicetest.Script(t))
	if _, _, err := combat.Apply(Ruleset{}, enc, combat.UseAction{ID: "goblin-a", Resource: CounterBonus, Key: "disengage"}, dicetest.Script(t)); err == nil {
		t.Error("DND-TV-15: the goblin took two bonus actions")
	}
}

// TestEngineDash checks that Dash, as the action or the rogue's Cunning
// Action, adds the creature's speed to this turn's movement (DND-ND-1, SRD
// default; DND-TV-15), that a ResetMove keeps it, and that the reachable
// band grows.
func TestEngineDash(t *testing.T) {
	tests := []struct {
		name string
		id   string
		res  string
		rule combat.RuleID
	}{
		{"DND-ND-1/fighter-action", "fighter", CounterAction, "DND-ND-1"},
		{"DND-TV-15/rogue-bonus", "rogue", CounterBonus, "DND-BONUS-2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			enc := endTurnsUntil(t, startedAmbush(t), tc.id)
			// From a corner, 30 ft does not cover the 10×8 map.
			enc, _ = apply(t, enc, combat.Reposition{ID: tc.id, To: grid.Square{X: 0, Y: 7}}, dicetest.Script(t))
			before, _ := Ruleset{}.Bands(enc, tc.id)
			enc, evs := apply(t, enc, combat.UseAction{ID: tc.id, Resource: tc.res, Key: "dash"}, dicetest.Script(t))
			ev, _ := hasEvent(evs, combat.ActionUsed, tc.id)
			if a, _ := ev.Payload().(combat.ActionSpent); ev.Rule != tc.rule || a.Movement != 30 || a.Key != "dash" || len(a.Trace) != 1 || a.Trace[0].Rule != "DND-ND-1" {
				t.Errorf("DND-ND-1: event %+v", ev)
			}
			c, _ := enc.Combatant(tc.id)
			if c.Budget.Left(CounterMovement) != 60 {
				t.Errorf("DND-ND-1: movement %d ft after a Dash, want 60", c.Budget.Left(CounterMovement))
			}
			after, _ := Ruleset{}.Bands(enc, tc.id)
			if len(after[0].Squares) <= len(before[0].Squares) {
				t.Errorf("DND-TURN-1: the walking band did not grow: %d → %d squares", len(before[0].Squares), len(after[0].Squares))
			}
			from := c.Pos
			enc, _ = apply(t, enc, combat.Move{ID: tc.id, Path: []grid.Square{{X: from.X + 1, Y: from.Y}}}, dicetest.Script(t))
			enc, _ = apply(t, enc, combat.ResetMove{ID: tc.id}, dicetest.Script(t))
			if c, _ := enc.Combatant(tc.id); c.Budget.Left(CounterMovement) != 60 || c.Pos != c.Budget.Start {
				t.Errorf("DND-TURN-1: after ResetMove %d ft at %v", c.Budget.Left(CounterMovement), c.Pos)
			}
		})
	}
}

// TestEngineDisengage is the goblin's Nimble Escape (DND-TV-15): after a
// bonus-action Disengage it leaves the rogue's reach and nobody is offered
// an opportunity attack (DND-ND-3); the effect ends with its turn, so the
// next goblin's run does draw one.
func TestEngineDisengage(t *testing.T) {
	enc := endTurnsUntil(t, startedAmbush(t), "goblin-a")
	if sq, _ := (Ruleset{}).Threatened(enc, "goblin-a"); len(sq) == 0 {
		t.Error("DND-ND-3: the rogue threatens no square before the Disengage")
	}
	enc, evs := apply(t, enc, combat.UseAction{ID: "goblin-a", Resource: CounterBonus, Key: "disengage"}, dicetest.Script(t))
	if ev, _ := hasEvent(evs, combat.ActionUsed, "goblin-a"); ev.Rule != "DND-BONUS-2" || len(ev.Payload().(combat.ActionSpent).Trace) != 1 || ev.Payload().(combat.ActionSpent).Trace[0].Rule != "DND-ND-3" {
		t.Errorf("DND-ND-3: event %+v", ev)
	}
	if !effects(t, enc, "goblin-a").Disengaged {
		t.Fatal("DND-ND-3: Disengage not kept")
	}
	if sq, err := (Ruleset{}).Threatened(enc, "goblin-a"); err != nil || len(sq) != 0 {
		t.Errorf("DND-ND-3: threatened squares after a Disengage: %v %v", sq, err)
	}
	enc, _ = apply(t, enc, combat.Move{ID: "goblin-a", Path: []grid.Square{{X: 6, Y: 3}, {X: 6, Y: 4}}}, dicetest.Script(t))
	if g, _ := enc.Combatant("goblin-a"); enc.Pending != nil || g.Pos != (grid.Square{X: 6, Y: 4}) {
		t.Errorf("DND-ND-3: a disengaged goblin drew %+v", enc.Pending)
	}
	enc, _ = apply(t, enc, combat.EndTurn{}, dicetest.Script(t))
	if effects(t, enc, "goblin-a") != (Effects{}) {
		t.Error("DND-ND-3: Disengage outlasted the turn")
	}
	// Goblin B, now next to the rogue, runs without disengaging.
	enc, _ = apply(t, enc, combat.Reposition{ID: "goblin-b", To: grid.Square{X: 5, Y: 3}}, dicetest.Script(t))
	enc, _ = apply(t, enc, combat.Move{ID: "goblin-b", Path: []grid.Square{{X: 6, Y: 3}}}, dicetest.Script(t))
	if enc.Pending == nil || enc.Pending.Chooser != "rogue" {
		t.Errorf("DND-ND-3: pending %+v, want the rogue offered an opportunity attack", enc.Pending)
	}
}

// TestEngineDodge checks that the rogue's Dodge gives goblin A's scimitar
// disadvantage — a critical only on two 20s, 1 in 400 — from then until the
// start of the rogue's next turn, through a whole round of other turns
// (DND-ND-1, SRD default).
func TestEngineDodge(t *testing.T) {
	crit := func(enc combat.Encounter) combat.Chance {
		t.Helper()
		got, err := combat.Odds(Ruleset{}, enc, combat.AttackRequest{Attacker: "goblin-a", Defender: "rogue"})
		if err != nil || len(got) < 2 {
			t.Fatalf("odds %v %v", got, err)
		}
		return got[1]
	}
	normal, dodged := combat.Chance{Key: "crit", Num: 20, Den: 400}, combat.Chance{Key: "crit", Num: 1, Den: 400}
	enc := endTurnsUntil(t, startedAmbush(t), "rogue")
	if got := crit(enc); got != normal {
		t.Fatalf("DND-ND-4: before the Dodge %v", got)
	}
	enc, evs := apply(t, enc, combat.UseAction{ID: "rogue", Resource: CounterAction, Key: "dodge"}, dicetest.Script(t))
	if ev, _ := hasEvent(evs, combat.ActionUsed, "rogue"); ev.Rule != "DND-ND-1" || ev.Payload().(combat.ActionSpent).Key != "dodge" {
		t.Errorf("DND-ND-1: event %+v", ev)
	}
	enc, _ = apply(t, enc, combat.EndTurn{}, dicetest.Script(t))
	for _, who := range []string{"wizard", "fighter", "goblin-a", "goblin-d"} {
		enc = endTurnsUntil(t, enc, who)
		if got := crit(enc); got != dodged {
			t.Errorf("DND-ND-1: on %s's turn the Dodge gives %v, want %v", who, got, dodged)
		}
	}
	enc = endTurnsUntil(t, enc, "rogue")
	if got := crit(enc); got != normal || effects(t, enc, "rogue") != (Effects{}) {
		t.Errorf("DND-ND-1: the Dodge outlasted the start of the rogue's turn: %v", got)
	}
}

// TestEngineActionReplay checks that a session of actions replays to the
// same encounter and that undoing a Dodge removes it (DND-ENG-1).
func TestEngineActionReplay(t *testing.T) {
	reg, err := combat.NewRegistry(Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := combat.NewSession(reg, startedAmbush(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []combat.Command{
		combat.UseAction{ID: "fighter", Resource: CounterAction, Key: "dodge"},
		combat.EndTurn{},
		combat.UseAction{ID: "goblin-a", Resource: CounterBonus, Key: "disengage"},
		combat.UseAction{ID: "goblin-a", Resource: CounterAction, Key: "dash"},
		combat.Move{ID: "goblin-a", Path: []grid.Square{{X: 6, Y: 3}, {X: 6, Y: 4}}},
	} {
		if _, err := s.Do(cmd); err != nil {
			t.Fatalf("%T: %v", cmd, err)
		}
	}
	again, err := combat.Replay(reg, s.Start(), s.Log(), s.Cursor(), s.Folded())
	if err != nil || !reflect.DeepEqual(again.State(), s.State()) {
		t.Fatalf("replay differs: %v", err)
	}
	for range 4 {
		s.Undo()
	}
	if effects(t, s.State(), "fighter") != (Effects{Dodging: true}) || effects(t, s.State(), "goblin-a") != (Effects{}) {
		t.Error("undo did not restore the effects")
	}
	s.Undo()
	// Compared as a clone: an applied state's memo holds derived values.
	if !reflect.DeepEqual(s.State(), startedAmbush(t).Clone()) {
		t.Error("undo did not restore the start")
	}
}

// TestEffectsKnownEncodings checks that the states read without decoding
// are what the strict decoder reads from the same bytes.
func TestEffectsKnownEncodings(t *testing.T) {
	for _, known := range encodedEffects() {
		var want Effects
		if err := combat.DecodeStrict("state", []byte(known.raw), &want); err != nil || want != known.e {
			t.Errorf("%s decodes to %+v (%v), read as %+v", known.raw, want, err, known.e)
		}
		if got, err := effectsOf(combat.Combatant{State: json.RawMessage(known.raw)}); err != nil || got != known.e {
			t.Errorf("%s: effectsOf gives %+v, %v", known.raw, got, err)
		}
	}
	if _, err := effectsOf(combat.Combatant{State: json.RawMessage(`{"dodging":true,"x":1}`)}); err == nil {
		t.Error("an unknown field is read without error")
	}
}
