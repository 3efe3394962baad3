package dnd5e

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// clearedAmbush is the sample started without surprise, goblins B, C and D
// moved to the bottom-left corner, so only goblin A (at 5,3; reach x 4–6,
// y 2–4) stands between the wizard (3,4) and the east. The fighter acts.
func clearedAmbush(t *testing.T) combat.Encounter {
	enc := placedAmbush(t)
	for i, id := range []string{"goblin-b", "goblin-c", "goblin-d"} {
		enc, _ = apply(t, enc, combat.Reposition{ID: id, To: grid.Square{X: i, Y: 7}}, dicetest.Script(t))
	}
	enc, _ = apply(t, enc, combat.RollInitiative{}, dicetest.Script(t, 18, 9, 5, 13))
	enc, _ = apply(t, enc, combat.Start{}, dicetest.Script(t))
	return enc
}

func TestPlanMove(t *testing.T) {
	target := grid.Square{X: 7, Y: 3}
	tests := []struct {
		name       string
		disengaged bool
		safest     bool
		cost       int
		provs      []combat.Provocation
	}{
		{name: "shortest leaves goblin A's reach", cost: 20, provs: []combat.Provocation{
			{Attacker: "goblin-a", At: grid.Square{X: 6, Y: 3}, Step: 3, Kind: "normal", Rule: "DND-REACT-2"}}},
		{name: "safest goes round", safest: true, cost: 25},
		{name: "disengaged", disengaged: true, cost: 20, provs: []combat.Provocation{
			{Attacker: "goblin-a", At: grid.Square{X: 6, Y: 3}, Step: 3, Kind: "normal", Rule: "DND-ND-3", Prevented: "disengaged"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			enc := clearedAmbush(t)
			if tc.disengaged {
				enc.Combatants[enc.Find("wizard")].State = Effects{Disengaged: true}.encode()
			}
			p, err := Ruleset{}.PlanMove(enc, "wizard", target, tc.safest)
			if err != nil {
				t.Fatal(err)
			}
			if p.Band != combat.BandWalk || p.Cost != tc.cost || len(p.Path) != tc.cost/SquareFeet || p.Path[len(p.Path)-1] != target {
				t.Errorf("DND-TURN-1: plan %+v", p)
			}
			if len(p.Provocations) != len(tc.provs) {
				t.Fatalf("DND-ND-3: provocations %+v, want %+v", p.Provocations, tc.provs)
			}
			for i, want := range tc.provs {
				got := p.Provocations[i]
				// The square left may be (6,3) or (6,4) depending on the
				// path; the step index and verdict may not.
				got.At = want.At
				if got != want || p.Path[got.Step-1].X != 6 {
					t.Errorf("DND-ND-3: provocation %+v, want %+v", p.Provocations[i], want)
				}
			}
		})
	}
	enc := clearedAmbush(t)
	var re *combat.RuleError
	if _, err := (Ruleset{}).PlanMove(enc, "wizard", grid.Square{X: 5, Y: 3}, false); !errors.As(err, &re) || re.Rule != "DND-ND-2" {
		t.Errorf("a plan ending on goblin A: %v", err)
	}
	if _, err := (Ruleset{}).PlanMove(enc, "wizard", grid.Square{X: 9, Y: 0}, false); err != nil {
		t.Errorf("DND-ND-1: a dash plan: %v", err)
	}
}

// TestProvocationsOncePerReaction walks the wizard out of goblin A's reach
// twice: the goblin can strike the first time only (DND-REACT-3).
func TestProvocationsOncePerReaction(t *testing.T) {
	enc := clearedAmbush(t)
	w, _ := enc.Combatant("wizard")
	path := []grid.Square{{X: 4, Y: 4}, {X: 4, Y: 5}, {X: 4, Y: 4}, {X: 3, Y: 5}}
	got, err := Ruleset{}.provocations(enc, w, path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Step != 1 || got[0].Prevented != "" || got[1].Step != 3 || got[1].Prevented != "reaction-used" {
		t.Errorf("DND-REACT-3: %+v", got)
	}
}

func TestBands(t *testing.T) {
	enc := clearedAmbush(t)
	enc, _ = apply(t, enc, combat.Move{ID: "fighter", Path: []grid.Square{{X: 2, Y: 3}, {X: 1, Y: 3}, {X: 0, Y: 3}}}, dicetest.Script(t))
	bands, err := Ruleset{}.Bands(enc, "fighter")
	if err != nil || len(bands) != 2 {
		t.Fatalf("%v %v", bands, err)
	}
	in := func(b combat.Band, s grid.Square) bool { return slices.Contains(b.Squares, s) }
	walk, dash := bands[0], bands[1]
	checks := []struct {
		s          grid.Square
		walk, dash bool
	}{
		{grid.Square{X: 3, Y: 3}, true, false},  // 15 ft back where it started
		{grid.Square{X: 3, Y: 6}, true, false},  // diagonals cost 5 ft (DND-AMB-11)
		{grid.Square{X: 4, Y: 3}, false, false}, // the rogue stands there
		{grid.Square{X: 6, Y: 3}, false, true},  // 30 ft: only with a Dash
		{grid.Square{X: 9, Y: 0}, false, true},  // 45 ft
		{grid.Square{X: 5, Y: 3}, false, false}, // goblin A's square
	}
	for _, c := range checks {
		if in(walk, c.s) != c.walk || in(dash, c.s) != c.dash {
			t.Errorf("DND-TURN-1/DND-ND-1: %v walk %v dash %v", c.s, in(walk, c.s), in(dash, c.s))
		}
	}
	enc, _ = apply(t, enc, combat.UseAction{ID: "fighter", Resource: CounterAction, Key: "dodge"}, dicetest.Script(t))
	if bands, _ := (Ruleset{}).Bands(enc, "fighter"); len(bands) != 1 {
		t.Errorf("DND-ND-1: a dash band with the action spent: %v", bands)
	}
}

func TestThreatened(t *testing.T) {
	enc := clearedAmbush(t)
	got, err := Ruleset{}.Threatened(enc, "wizard")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []grid.Square{{X: 4, Y: 4}, {X: 6, Y: 2}, {X: 1, Y: 6}} {
		if !slices.Contains(got, s) {
			t.Errorf("DND-ND-3: %v not threatened", s)
		}
	}
	for _, s := range []grid.Square{{X: 3, Y: 4}, {X: 5, Y: 3}, {X: 7, Y: 3}} {
		if slices.Contains(got, s) {
			t.Errorf("DND-ND-3: %v threatened", s)
		}
	}
	enc, _ = apply(t, enc, combat.AddCondition{ID: "wizard", Condition: ConditionInvisible}, dicetest.Script(t))
	if got, _ := (Ruleset{}).Threatened(enc, "wizard"); len(got) != 0 {
		t.Errorf("DND-ND-3: an invisible wizard is threatened at %v", got)
	}
}

func TestAttackChoices(t *testing.T) {
	enc := placedAmbush(t)
	got, err := Ruleset{}.AttackChoices(enc, "goblin-a")
	if err != nil || len(got) != 2 || got[0].Key != "melee-0" || got[1].Key != "ranged-1" || got[1].Name != "shortbow" {
		t.Fatalf("DND-ND-4: %+v %v", got, err)
	}
	odds, err := combat.Odds(Ruleset{}, enc, combat.AttackRequest{Attacker: "goblin-a", Defender: "wizard", Option: json.RawMessage(got[1].Option)})
	if err != nil || odds[1].Num != 1 {
		t.Errorf("the shortbow option does not select the shortbow: %v %v", odds, err)
	}
}

func TestStepHostileSquare(t *testing.T) {
	enc := placedAmbush(t)
	var re *combat.RuleError
	if _, err := (Ruleset{}).Step(enc, "goblin-a", grid.Square{X: 5, Y: 3}, grid.Square{X: 4, Y: 3}); !errors.As(err, &re) || re.Rule != "DND-ND-2" {
		t.Errorf("into the rogue's square: %v", err)
	}
	if _, err := (Ruleset{}).Step(enc, "fighter", grid.Square{X: 3, Y: 3}, grid.Square{X: 4, Y: 3}); err != nil {
		t.Errorf("through the rogue's square: %v", err)
	}
}

// BenchmarkPlanSafest plans the wizard's safest way round goblin A, with
// both bands' search (60 ft) behind it.
func BenchmarkPlanSafest(b *testing.B) {
	enc := startedSample(b)
	for b.Loop() {
		if _, err := (Ruleset{}).PlanMove(enc, "wizard", grid.Square{X: 7, Y: 3}, true); err != nil {
			b.Fatal(err)
		}
	}
}

// TestProvocationsInReactionOrder has the fighter step away from three
// goblins at once, in initiative orders that differ from the goblins' order
// in the encounter (a, b, c): the plan lists the goblins in the order the
// engine then offers them their opportunity attacks, initiative order from
// the slot after the fighter's, wrapping around (DND-ALG-D step 2,
// DND-AMB-12).
func TestProvocationsInReactionOrder(t *testing.T) {
	slots := func(groups ...[]string) []combat.Slot {
		out := make([]combat.Slot, len(groups))
		for i, g := range groups {
			out[i] = combat.Slot{Members: g, Score: 20 - i}
		}
		return out
	}
	one := func(id string) []string { return []string{id} }
	tests := []struct {
		name  string
		order []combat.Slot
		want  []string
	}{
		{"reversed", slots(one("fighter"), one("goblin-d"), one("goblin-c"), one("goblin-b"), one("goblin-a"), one("rogue"), one("wizard")),
			[]string{"goblin-c", "goblin-b", "goblin-a"}},
		{"wrapping round", slots(one("goblin-b"), one("fighter"), one("goblin-c"), one("rogue"), one("goblin-a"), one("wizard"), one("goblin-d")),
			[]string{"goblin-c", "goblin-a", "goblin-b"}},
		{"one group", slots(one("fighter"), []string{"goblin-c", "goblin-a", "goblin-d", "goblin-b"}, one("rogue"), one("wizard")),
			[]string{"goblin-c", "goblin-a", "goblin-b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			enc := placedAmbush(t)
			// Goblins a, b, c stand north of the fighter (3,3); d far off.
			for i, at := range []grid.Square{{X: 2, Y: 2}, {X: 3, Y: 2}, {X: 4, Y: 2}, {X: 0, Y: 7}} {
				enc, _ = apply(t, enc, combat.Reposition{ID: "goblin-" + string(rune('a'+i)), To: at}, dicetest.Script(t))
			}
			enc, _ = apply(t, enc, combat.SetOrder{Order: tc.order}, dicetest.Script(t))
			enc, _ = apply(t, enc, combat.Start{}, dicetest.Script(t))
			for enc.Current() != "fighter" {
				enc, _ = apply(t, enc, combat.EndTurn{}, dicetest.Script(t))
			}
			p, err := Ruleset{}.PlanMove(enc, "fighter", grid.Square{X: 2, Y: 4}, false)
			if err != nil {
				t.Fatal(err)
			}
			var planned []string
			for _, pr := range p.Provocations {
				if pr.Prevented == "" {
					planned = append(planned, pr.Attacker)
				}
			}
			enc, _ = apply(t, enc, combat.Move{ID: "fighter", Path: p.Path}, dicetest.Script(t))
			var offered []string
			for enc.Pending != nil && enc.Pending.Kind == combat.DecideOpportunity {
				offered = append(offered, enc.Pending.Chooser)
				enc, _ = apply(t, enc, combat.DeclineOpportunity{}, dicetest.Script(t))
			}
			if !slices.Equal(offered, tc.want) {
				t.Errorf("DND-ALG-D: Apply offers %v, want %v", offered, tc.want)
			}
			if !slices.Equal(planned, offered) {
				t.Errorf("DND-ALG-D: the plan lists %v, Apply offers %v", planned, offered)
			}
		})
	}
}
