package encounter

import (
	"encoding/json"
	"errors"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/tactics"
)

// brute hits anything (THAC10 0) with fixed damage, one weapon per amount,
// one attack per weapon a round.
func brute(amounts ...string) Sheet {
	p := healthy(kaldaria.Profile{}, 100)
	for _, a := range amounts {
		p.Weapons = append(p.Weapons, weapon("Fixed "+a, kaldaria.MeleeWeapon, a))
	}
	return Sheet{Stats: p, Body: human(len(amounts))}
}

// hit makes the brute strike with weapon w, rolling a 10.
func hit(t *testing.T, s *combat.Session, def string, w int) combat.Blow {
	t.Helper()
	opt, _ := json.Marshal(Option{Weapon: w})
	evs, err := s.DoWithDice(combat.Attack{Attacker: "brute", Defender: def, Option: opt}, 10)
	if err != nil {
		t.Fatal(err)
	}
	return resolved(t, evs)
}

// TestForceArmourAcrossHits is S-24 in an encounter: the field's points
// persist in the defender's state between hits and only the overflow
// reaches HP (K-FA-2).
func TestForceArmourAcrossHits(t *testing.T) {
	def := Sheet{Stats: healthy(kaldaria.Profile{THAC10: 20}, 500), Body: human(1)}
	def.Stats.Vitals.ForceArmour = 46
	s := running(t, 5, 5, []body{{"brute", "Brute", "a", brute("30", "20"), 1, 1}, {"d", "Guardian", "b", def, 2, 1}}, "brute", "d")
	for _, c := range []struct {
		id     string
		w      int
		damage int // to HP
		fa, hp int
	}{{"S-24/hit-1", 0, 0, 16, 500}, {"S-24/hit-2", 1, 4, 0, 496}} {
		t.Run(c.id, func(t *testing.T) {
			ev := hit(t, s, "d", c.w)
			enc := s.State()
			d, _ := enc.Combatant("d")
			fa := stateOf(t, enc, "d").ForceArmour
			if ev.Damage != c.damage || d.HP != c.hp || fa == nil || *fa != c.fa {
				t.Errorf("damage %d, HP %d, force armour %v; want %d, %d, %d", ev.Damage, d.HP, fa, c.damage, c.hp, c.fa)
			}
		})
	}
}

// TestLifeKey is S-09 in an encounter: the knight's key fires when a blow
// takes him below 20 % and carries him out of the fight (K-LIFE-1): he
// can no longer be attacked, targeted or move.
func TestLifeKey(t *testing.T) {
	knight := Knight()
	knight.Stats.LifeKey, knight.Stats.Vitals.LifeKeyUses = &kaldaria.LifeKey{ThresholdPct: 20}, 1
	knight.Stats.Shield, knight.Stats.Stamina = nil, false     // no parries: the brute's blow lands
	knight.Stats.Armour.Abs, knight.Stats.Armour.Cutter = 0, 0 // nor reducers: all 120 reach HP
	s := running(t, 5, 5, []body{{"brute", "Brute", "a", brute("120", "1"), 1, 1}, {"knight", "Knight", "b", knight, 2, 1}}, "brute", "knight")
	ev := hit(t, s, "knight", 0)
	if value(ev.Trace, kaldaria.KeyLifeKey) != 1 {
		t.Fatalf("S-09: the key did not fire: %v", ev.Trace)
	}
	enc := s.State()
	if k, _ := enc.Combatant("knight"); k.HP != 16 || !stateOf(t, enc, "knight").Departed {
		t.Errorf("S-09: knight at %d HP, departed %v; want 16 and carried off", k.HP, stateOf(t, enc, "knight").Departed)
	}
	if uses := stateOf(t, enc, "knight").LifeKeyUses; uses == nil || *uses != 0 {
		t.Errorf("life-key uses left %v, want 0", uses)
	}
	_, err := s.DoWithDice(combat.Attack{Attacker: "brute", Defender: "knight", Option: json.RawMessage(`{"weapon":1}`)})
	var re *combat.RuleError
	if !errors.As(err, &re) || re.Rule != tactics.ReasonDefenderOut.Rule() {
		t.Errorf("attack on the departed knight: %v", err)
	}
	do(t, s, combat.EndTurn{})
	if k, _ := s.State().Combatant("knight"); k.Budget.Left(counterMovement) != 0 || k.Budget.Left(counterAttacks) != 0 {
		t.Errorf("departed knight's turn budget %+v, want none", k.Budget)
	}
}

// TestRates checks the engine's numbers from a sheet against S-12: the
// speed is the rate in half squares (K-MOVE-1..3) and the first turn's
// movement budget is a charge, two squares per square of rate (K-MOVE-7).
func TestRates(t *testing.T) {
	for _, c := range []struct {
		id     string
		speed  tactics.Speed
		dex    int
		heavy  bool
		halves int
	}{
		{"S-12/normal-12", tactics.SpeedNormal, 12, false, 6},
		{"S-12/normal-17-plate", tactics.SpeedNormal, 17, true, 6},
		{"S-12/fast-9", tactics.SpeedFast, 9, false, 8},
		{"S-12/very-fast-20", tactics.SpeedVeryFast, 20, false, 14},
		{"S-12/slow-8-scale", tactics.SpeedSlow, 8, true, 1},
	} {
		t.Run(c.id, func(t *testing.T) {
			sh := Urchin()
			sh.Body.Speed, sh.Stats.Dex, sh.Stats.Armour.Heavy = c.speed, c.dex, c.heavy
			raw, _ := json.Marshal(sh)
			st, err := Ruleset{}.Profile(raw)
			if err != nil {
				t.Fatal(err)
			}
			if st.Speed != c.halves || st.MaxHP != 12 || st.Size != 1 || st.Actions != 1 {
				t.Errorf("stats %+v, want speed %d", st, c.halves)
			}
			s := running(t, 20, 3, []body{{"u", "U", "a", sh, 0, 1}, {"e", "E", "b", Urchin(), 19, 1}}, "u", "e")
			// Charge doubles the rate; 0.5 doubles to 1 square (K-MOVE-4).
			if u, _ := s.State().Combatant("u"); u.Budget.Left(counterMovement) != 2*max(1, c.halves) {
				t.Errorf("budget %d half squares, want %d", u.Budget.Left(counterMovement), 2*c.halves)
			}
		})
	}
}

// TestRoundLimits plays S-13 (a rate of 0.5 allows a square only after a
// round without moving, K-MOVE-4) and S-14 (Fitness 10 allows one round of
// charging per encounter, K-MOVE-8) over several rounds.
func TestRoundLimits(t *testing.T) {
	slow := Urchin()
	slow.Body.Speed, slow.Stats.Dex, slow.Stats.Armour.Heavy, slow.Stats.Fitness = tactics.SpeedSlow, 8, true, 10
	walker := Urchin()
	walker.Stats.Fitness = 10
	step := func(s *combat.Session, id string, to grid.Square) error {
		_, err := s.Do(combat.Move{ID: id, Path: []grid.Square{to}})
		return err
	}
	rule := func(err error) combat.RuleID {
		var re *combat.RuleError
		if errors.As(err, &re) {
			return re.Rule
		}
		return ""
	}
	t.Run("S-13", func(t *testing.T) {
		s := running(t, 20, 3, []body{{"u", "U", "a", slow, 0, 1}, {"e", "E", "b", Urchin(), 19, 1}}, "u", "e")
		for round, want := range []combat.RuleID{"", "K-MOVE-4", ""} {
			u, _ := s.State().Combatant("u")
			if got := rule(step(s, "u", sq(u.Pos.X+1, 1))); got != want {
				t.Errorf("round %d: step refused by %q, want %q", round+1, got, want)
			}
			do(t, s, combat.EndTurn{}, combat.EndTurn{})
		}
	})
	t.Run("S-14", func(t *testing.T) {
		s := running(t, 20, 3, []body{{"u", "U", "a", walker, 0, 1}, {"e", "E", "b", Urchin(), 19, 1}}, "u", "e")
		do(t, s, combat.AddCondition{ID: "u", Condition: CondCharging})
		if err := step(s, "u", sq(1, 1)); err != nil {
			t.Fatalf("round 1 charge: %v", err)
		}
		do(t, s, combat.EndTurn{}, combat.EndTurn{})
		if got := rule(step(s, "u", sq(2, 1))); got != "K-MOVE-8" {
			t.Errorf("round 2 charge refused by %q, want K-MOVE-8", got)
		}
		do(t, s, combat.RemoveCondition{ID: "u", Condition: CondCharging})
		if err := step(s, "u", sq(2, 1)); err != nil {
			t.Errorf("round 2 walk: %v", err)
		}
	})
}
