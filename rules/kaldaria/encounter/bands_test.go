package encounter

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// bandSizes returns the number of squares in each band, by key.
func bandSizes(t *testing.T, enc combat.Encounter, id string) map[string]int {
	t.Helper()
	bs, err := Ruleset{}.Bands(enc, id)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, b := range bs {
		out[string(b.Key)] = len(b.Squares)
	}
	return out
}

// TestBands checks the movement bands of the duel's urchin (rate 4):
// a walk of 4 and a charge of 8 squares (the whole map but the guard's
// square, which no enemy may enter, K-GRID-2), and a fighting retreat to
// the 3 squares farther from the guard (K-MOVE-10); after one square
// walked, the walk shrinks to 3 and the retreat closes (K-MOVE-9).
func TestBands(t *testing.T) {
	s := duel(t)
	if got, want := bandSizes(t, s.State(), "urchin"), map[string]int{"walk": 38, "charge": 38, "retreat": 3}; !mapsEqual(got, want) {
		t.Errorf("K-MOVE-6/7/9: bands %v, want %v", got, want)
	}
	do(t, s, combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 2)}}, combat.DeclineOpportunity{})
	if got, want := bandSizes(t, s.State(), "urchin"), map[string]int{"walk": 33, "charge": 38, "retreat": 0}; !mapsEqual(got, want) {
		t.Errorf("after a square: bands %v, want %v", got, want)
	}
	if _, err := (Ruleset{}).PlanMove(s.State(), "urchin", sq(0, 0), false); err == nil {
		t.Error("a walk of 4 more squares after 1 was planned")
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestThreatened lists the squares where the guard would strike the
// urchin as it left them (K-GRID-3, K-OA-1), and none for a fighting
// retreat (K-OA-7).
func TestThreatened(t *testing.T) {
	s := duel(t)
	got, err := Ruleset{}.Threatened(s.State(), "urchin")
	if err != nil {
		t.Fatal(err)
	}
	want := []grid.Square{sq(1, 1), sq(2, 1), sq(3, 1), sq(1, 2), sq(3, 2), sq(1, 3), sq(2, 3), sq(3, 3)}
	if !slices.Equal(got, want) {
		t.Errorf("K-OA-1: threatened %v, want %v", got, want)
	}
	do(t, s, combat.AddCondition{ID: "urchin", Condition: CondRetreating})
	if got, _ := (Ruleset{}).Threatened(s.State(), "urchin"); len(got) != 0 {
		t.Errorf("K-OA-7: retreating urchin threatened at %v", got)
	}
}

// TestAttackChoices lists one choice per weapon, whose option selects it.
func TestAttackChoices(t *testing.T) {
	enc, err := SampleElemental(1)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := Ruleset{}.AttackChoices(enc, "beetle")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Key != "weapon-0" || cs[0].Name != "Pincer" || cs[1].Key != "weapon-1" || cs[1].Name != "Bite" {
		t.Fatalf("choices %+v", cs)
	}
	var o Option
	if err := json.Unmarshal(cs[1].Option, &o); err != nil || o.Weapon != 1 {
		t.Errorf("bite option %s", cs[1].Option)
	}
}

// TestOpportunityOptions checks what an opportunity attack may be: the
// attacker's basic attack with a weapon of its choice, never a maneuver
// (K-OA-4), never by a paralysed creature and never twice on one mover in
// a round (K-OA-7, K-OA-8).
func TestOpportunityOptions(t *testing.T) {
	enc, err := SampleRobin(1)
	if err != nil {
		t.Fatal(err)
	}
	enc.Combatants[enc.Find("robin")].Pos = sq(4, 2) // beside the third thug
	req := combat.AttackRequest{Attacker: "thug-3", Defender: "robin", Opportunity: true,
		Option: json.RawMessage(`{"weapon":0,"maneuver":{"key":"wild-blow","hitBonus":2,"damagePct":150}}`)}
	if _, err := (Ruleset{}).Odds(enc, req); err == nil {
		t.Error("K-OA-4: a maneuver as an opportunity attack was accepted")
	}
	req.Option = json.RawMessage(`{"weapon":3}`)
	if _, err := (Ruleset{}).Odds(enc, req); err == nil {
		t.Error("K-RES-2: a missing weapon was accepted")
	}
	req.Option = nil
	frozen := enc.Clone()
	frozen.Combatants[frozen.Find("thug-3")].Conditions = []string{CondParalysed}
	if _, err := (Ruleset{}).Odds(frozen, req); err == nil {
		t.Error("K-OA-7: a paralysed thug's opportunity attack was accepted")
	}
	out, err := Ruleset{}.Attack(enc, req, dicetest.Script(t, 1)) // a natural 1 misses
	if err != nil {
		t.Fatal(err)
	}
	i := enc.Find("thug-3")
	enc.Combatants[i].RoundState = out.RoundState["thug-3"]
	if _, err := (Ruleset{}).Odds(enc, req); err == nil {
		t.Error("K-OA-8: a second opportunity attack on the same mover was accepted")
	}
}

// TestPlanBeyondWalk refuses a walk too long for the urchin (rate 4) with
// the charge rule, which would reach the square (K-MOVE-6, K-MOVE-7).
func TestPlanBeyondWalk(t *testing.T) {
	s := running(t, 20, 3, []body{{"u", "U", "a", Urchin(), 0, 1}, {"e", "E", "b", Urchin(), 19, 1}}, "u", "e")
	_, err := Ruleset{}.PlanMove(s.State(), "u", sq(6, 1), false)
	var re *combat.RuleError
	if !errors.As(err, &re) || re.Rule != "K-MOVE-7" {
		t.Errorf("walk of 6: %v, want a K-MOVE-7 error", err)
	}
	do(t, s, combat.AddCondition{ID: "u", Condition: CondCharging})
	if p, err := (Ruleset{}).PlanMove(s.State(), "u", sq(6, 1), false); err != nil || p.Band != "charge" || p.Cost != 12 {
		t.Errorf("charge of 6: %+v, %v", p, err)
	}
}
