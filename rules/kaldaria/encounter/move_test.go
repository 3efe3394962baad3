package encounter

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/tactics"
)

func sq(x, y int) grid.Square { return grid.Square{X: x, Y: y} }

// duel is a guard at (2,2) and an urchin (rate 4) beside him at (3,2) on
// an open 8 × 5 map, the urchin acting first.
func duel(t *testing.T) *combat.Session {
	return running(t, 8, 5, []body{
		{"urchin", "Urchin", "urchins", Urchin(), 3, 2},
		{"guard", "Guard", "city", CityGuard(), 2, 2},
	}, "urchin", "guard")
}

// pending returns who is offered an opportunity attack, or "".
func pending(s *combat.Session) string {
	if p := s.State().Pending; p != nil && p.Kind == combat.DecideOpportunity {
		return p.Chooser
	}
	return ""
}

// TestOpportunityAttacks moves the urchin away from the guard (K-RES-3):
// the step that leaves the guard's reach is interrupted by an offer
// (K-OA-1); taken, it resolves as a normal OA (+2, ×3/2, K-OA-2) before the
// urchin enters the next square, and the guard may not strike the same
// mover again this round (K-OA-8); declined, the move goes on untouched.
func TestOpportunityAttacks(t *testing.T) {
	t.Run("K-OA-2/taken", func(t *testing.T) {
		s := duel(t)
		do(t, s, combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 2), sq(5, 2)}})
		if got := pending(s); got != "guard" {
			t.Fatalf("offer to %q, want the guard", got)
		}
		if u, _ := s.State().Combatant("urchin"); u.Pos != sq(3, 2) {
			t.Fatalf("urchin at %v before the OA, want (3,2) (K-OA-9)", u.Pos)
		}
		// need = 17 − 2 + AR 6 − 10 = 11; 12 hits; d6+1 shows 5; ×3/2 → 8.
		evs, err := s.DoWithDice(combat.TakeOpportunity{}, 12, 4)
		if err != nil {
			t.Fatal(err)
		}
		ev := resolved(t, evs)
		if value(ev.Trace, kaldaria.KeyOANormal) != 1 || value(ev.Trace, kaldaria.KeyNeed) != 11 || value(ev.Trace, kaldaria.KeyDamageFinal) != 8 {
			t.Errorf("trace %v", ev.Trace)
		}
		enc := s.State()
		u, _ := enc.Combatant("urchin")
		if u.Pos != sq(5, 2) || u.HP != 4 {
			t.Errorf("urchin at %v with %d HP, want (5,2) with 4", u.Pos, u.HP)
		}
		if got := roundOf(t, enc, "guard").OAsMade; !slices.Equal(got, []string{"urchin"}) {
			t.Errorf("guard's OAs made = %v", got)
		}
	})
	t.Run("K-OA-8/once-per-round", func(t *testing.T) {
		s := duel(t)
		do(t, s, combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 2)}})
		if _, err := s.DoWithDice(combat.TakeOpportunity{}, 1); err != nil {
			t.Fatal(err)
		}
		do(t, s, combat.Move{ID: "urchin", Path: []grid.Square{sq(3, 3)}}, combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 4)}})
		if got := pending(s); got != "" {
			t.Errorf("offer to %q after the guard's OA this round", got)
		}
		if u, _ := s.State().Combatant("urchin"); u.Pos != sq(4, 4) {
			t.Errorf("urchin at %v", u.Pos)
		}
	})
	t.Run("K-OA-1/declined", func(t *testing.T) {
		s := duel(t)
		do(t, s, combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 2), sq(5, 2)}}, combat.DeclineOpportunity{})
		enc := s.State()
		u, _ := enc.Combatant("urchin")
		if u.Pos != sq(5, 2) || u.HP != 12 {
			t.Errorf("urchin at %v with %d HP", u.Pos, u.HP)
		}
		if got := roundOf(t, enc, "guard").OAsMade; len(got) != 0 {
			t.Errorf("declined OA recorded: %v", got)
		}
	})
	t.Run("K-OA-3/charge", func(t *testing.T) {
		s := duel(t)
		do(t, s, combat.AddCondition{ID: "urchin", Condition: CondCharging},
			combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 2), sq(5, 2), sq(6, 2), sq(7, 2)}})
		// need = 17 − 3 + 6 − 10 = 10; the 10 hits; d6+1 shows 2; ×166/100 → 3.
		evs, err := s.DoWithDice(combat.TakeOpportunity{}, 10, 1)
		if err != nil {
			t.Fatal(err)
		}
		ev := resolved(t, evs)
		if value(ev.Trace, kaldaria.KeyOAImproved) != 1 || value(ev.Trace, kaldaria.KeyNeed) != 10 || value(ev.Trace, kaldaria.KeyDamageFinal) != 3 {
			t.Errorf("trace %v", ev.Trace)
		}
		if u, _ := s.State().Combatant("urchin"); u.Pos != sq(7, 2) {
			t.Errorf("charging urchin at %v, want 4 squares on (K-MOVE-7)", u.Pos)
		}
	})
}

// TestMovementTypes holds each movement type to its distance (K-MOVE-6,
// K-MOVE-7) and plays S-23: a pinned creature may not move at its rate
// (K-PIN-8, K-MOVE-5) but may make a fighting retreat, which provokes no
// OA (K-MOVE-9, K-OA-7) and ends its move.
func TestMovementTypes(t *testing.T) {
	t.Run("K-MOVE-6/walk-limit", func(t *testing.T) {
		s := duel(t)
		do(t, s, combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 2), sq(5, 2), sq(6, 2), sq(7, 2)}}, combat.DeclineOpportunity{})
		_, err := s.Do(combat.Move{ID: "urchin", Path: []grid.Square{sq(7, 3)}})
		var re *combat.RuleError
		if !errors.As(err, &re) || re.Rule != "K-MOVE-6" {
			t.Errorf("fourth square of a walk: %v, want a K-MOVE-6 error", err)
		}
	})
	t.Run("S-23", func(t *testing.T) {
		s := duel(t)
		if _, err := s.DoWithDice(combat.Attack{Attacker: "urchin", Defender: "guard"}, 1); err != nil {
			t.Fatal(err)
		}
		do(t, s, combat.EndTurn{}, combat.EndTurn{})
		if st, _ := (Ruleset{}).Standing(s.State(), "urchin"); !hasFact(st, "pinned") {
			t.Errorf("K-PIN-8: urchin in the guard's front slot not pinned: %+v", st)
		}
		if st, _ := (Ruleset{}).Standing(s.State(), "guard"); st.Facts[0] != (combat.Fact{Key: "pin-capacity", N: 1, Of: 3}) || hasFact(st, "overwhelmed") {
			t.Errorf("guard's standing %+v, want 1/3", st)
		}
		_, err := s.Do(combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 2)}})
		var re *combat.RuleError
		if !errors.As(err, &re) || re.Rule != "K-MOVE-5" {
			t.Fatalf("pinned urchin walking: %v, want a K-MOVE-5 error", err)
		}
		do(t, s, combat.AddCondition{ID: "urchin", Condition: CondRetreating}, combat.Move{ID: "urchin", Path: []grid.Square{sq(4, 2)}})
		if got := pending(s); got != "" {
			t.Errorf("fighting retreat offered an OA to %q", got)
		}
		u, _ := s.State().Combatant("urchin")
		if u.Pos != sq(4, 2) || u.Budget.Left(counterMovement) != 0 {
			t.Errorf("urchin at %v with %d movement left, want (4,2) and none", u.Pos, u.Budget.Left(counterMovement))
		}
		do(t, s, combat.EndTurn{})
		if e := stateOf(t, s.State(), "guard").EngagedBy; len(e) != 0 {
			t.Errorf("E(guard) = %v after the retreat, want empty (K-PIN-9)", e)
		}
		if st, _ := (Ruleset{}).Standing(s.State(), "urchin"); hasFact(st, "pinned") {
			t.Errorf("K-MOVE-11: urchin still pinned after its retreat")
		}
	})
}

// TestChargeAttack checks K-MOVE-7: a charging creature makes one normal
// attack in its turn, however many its stat block gives, and no maneuver.
func TestChargeAttack(t *testing.T) {
	enc, err := SampleElemental(1)
	if err != nil {
		t.Fatal(err)
	}
	s := session(t, enc)
	do(t, s, order("elemental", "beetle", "swordsman"), combat.Start{}, combat.AddCondition{ID: "elemental", Condition: CondCharging})
	wild := json.RawMessage(`{"weapon":0,"maneuver":{"key":"wild-blow","hitBonus":2,"damagePct":150}}`)
	var re *combat.RuleError
	if _, err := s.DoWithDice(combat.Attack{Attacker: "elemental", Defender: "swordsman", Option: wild}, 1); !errors.As(err, &re) || re.Rule != "K-MOVE-7" {
		t.Errorf("maneuver while charging: %v, want a K-MOVE-7 error", err)
	}
	if _, err := s.DoWithDice(combat.Attack{Attacker: "elemental", Defender: "swordsman"}, 1); err != nil {
		t.Fatalf("first attack while charging: %v", err)
	}
	if _, err := s.DoWithDice(combat.Attack{Attacker: "elemental", Defender: "swordsman"}, 1); !errors.As(err, &re) || re.Rule != "K-MOVE-7" {
		t.Errorf("second attack while charging: %v, want a K-MOVE-7 error", err)
	}
}

// TestGiant moves a 3 × 3 giant (S-16: 6 m tall) through the engine: its
// footprint is the engine's size, it steps as one block, the knight beside
// any of its squares may attack it (K-GRID-3), and leaving the knight
// offers him an OA (K-OA-1).
func TestGiant(t *testing.T) {
	giant := Raider()
	giant.Body = Body{Size: grid.SizeGiant, Footprint: 3, Speed: tactics.SpeedNormal}
	s := running(t, 10, 8, []body{{"giant", "Giant", "a", giant, 1, 1}, {"knight", "Knight", "b", Knight(), 4, 3}}, "giant", "knight")
	if g, _ := s.State().Combatant("giant"); g.Stats.Size != 3 {
		t.Fatalf("S-16: engine size %d, want 3", g.Stats.Size)
	}
	if tg, err := (Ruleset{}).Target(s.State(), "knight", "giant"); err != nil || !tg.Allowed || tg.Tier != "front" || tg.Edge != 0 {
		t.Errorf("K-GRID-3: knight on giant %+v, %v", tg, err)
	}
	do(t, s, combat.Move{ID: "giant", Path: []grid.Square{sq(1, 2)}})
	if got := pending(s); got != "" {
		t.Errorf("a step keeping the knight in reach offered an OA to %q", got)
	}
	do(t, s, combat.Move{ID: "giant", Path: []grid.Square{sq(0, 3)}})
	if got := pending(s); got != "knight" {
		t.Errorf("leaving the knight offered an OA to %q, want the knight", got)
	}
}

// hasFact reports whether st holds the engagement fact key.
func hasFact(st combat.Standing, key string) bool {
	return slices.ContainsFunc(st.Facts, func(f combat.Fact) bool { return f.Key == key })
}
