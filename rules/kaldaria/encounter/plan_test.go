package encounter

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
)

// TestRobinSlipsPast is the Robin sample: the plan to the door names the
// thugs that would strike before she moves, and the move offers exactly
// those (K-RES-3, K-OA-1); played between the three thugs, each strikes
// and her dodge is 72 %, 65 %, 58 % against the three hits (V-27).
func TestRobinSlipsPast(t *testing.T) {
	enc, err := SampleRobin(1)
	if err != nil {
		t.Fatal(err)
	}
	out := sq(8, doorRow)
	for _, safest := range []bool{false, true} {
		t.Run(fmt.Sprintf("K-OA-1/plan-safest=%v", safest), func(t *testing.T) {
			p, err := Ruleset{}.PlanMove(enc, "robin", out, safest)
			if err != nil {
				t.Fatal(err)
			}
			var planned, offered []string
			for _, pr := range p.Provocations {
				if pr.Prevented == "" {
					planned = append(planned, pr.Attacker)
				}
			}
			s := session(t, enc)
			do(t, s, combat.Move{ID: "robin", Path: p.Path})
			for by := pending(s); by != ""; by = pending(s) {
				offered = append(offered, by)
				do(t, s, combat.DeclineOpportunity{})
			}
			if len(planned) == 0 || !slices.Equal(planned, offered) {
				t.Errorf("planned OAs %v, offered %v", planned, offered)
			}
			if r, _ := s.State().Combatant("robin"); r.Pos != out {
				t.Errorf("Robin at %v, want %v", r.Pos, out)
			}
		})
	}
	s := session(t, enc)
	do(t, s, combat.Move{ID: "robin", Path: []grid.Square{sq(4, 2), sq(5, 1), sq(6, 2), sq(7, 2), out}})
	for _, c := range []struct {
		id, by string
		faces  []int
		dodge  int
		hp     int
	}{
		// A thug needs 15 − 2 + AR 4 (Dex 18) − 10 = 7.
		{"V-27/first-hit", "thug-3", []int{12, 50}, 72, 30},
		{"V-27/second-hit", "thug-1", []int{15, 70, 5}, 65, 22},
		{"V-27/third-hit", "thug-2", []int{14, 58}, 58, 22},
	} {
		t.Run(c.id, func(t *testing.T) {
			if got := pending(s); got != c.by {
				t.Fatalf("offer to %q, want %q", got, c.by)
			}
			evs, err := s.DoWithDice(combat.TakeOpportunity{}, c.faces...)
			if err != nil {
				t.Fatal(err)
			}
			ev := resolved(t, evs)
			if got := value(ev.Trace, kaldaria.KeyDodgeChance); got != c.dodge {
				t.Errorf("dodge chance %d, want %d (K-DODGE-4)", got, c.dodge)
			}
			if r, _ := s.State().Combatant("robin"); r.HP != c.hp {
				t.Errorf("Robin has %d HP, want %d", r.HP, c.hp)
			}
		})
	}
	if r, _ := s.State().Combatant("robin"); r.Pos != out || pending(s) != "" {
		t.Errorf("Robin at %v, pending %q: want her out of the door", r.Pos, pending(s))
	}
}

// TestSideBypass plans a charge past the captain of the corridor sample,
// who already pins three raiders: he may not strike (K-PIN-7), and the plan
// says why.
func TestSideBypass(t *testing.T) {
	enc, err := SampleCorridor(1)
	if err != nil {
		t.Fatal(err)
	}
	if enc, _, err = combat.Apply(Ruleset{}, enc, combat.AddCondition{ID: "raider-5", Condition: CondCharging}, nil); err != nil {
		t.Fatal(err)
	}
	p, err := Ruleset{}.PlanMove(enc, "raider-5", sq(8, 2), false)
	if err != nil {
		t.Fatal(err)
	}
	var bypass bool
	for _, pr := range p.Provocations {
		switch {
		case pr.Attacker == "captain" && pr.Prevented == "side-bypass" && pr.Rule == "K-PIN-7" && pr.Kind == "improved":
			bypass = true
		case pr.Prevented == "":
			t.Errorf("S-18: %s would strike", pr.Attacker)
		}
	}
	if !bypass || p.Band != "charge" {
		t.Errorf("S-18: plan %+v, want the captain's OA prevented by side-bypass", p)
	}
}

// ring places n human attackers round a defender at (4,4) on an open 9 × 9
// map, two to a square (K-SIZE-2), with walls where given.
func ring(t *testing.T, n int, walls []grid.Square, d grid.Square) *combat.Session {
	var around []grid.Square
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			s := sq(d.X+dx, d.Y+dy)
			if s != d && !slices.Contains(walls, s) {
				around = append(around, s)
			}
		}
	}
	bs := []body{{"d", "Defender", "d", Captain(), d.X, d.Y}}
	var ids []string
	for k := 1; k <= n; k++ {
		id := fmt.Sprintf("x%d", k)
		at := around[(k-1)%len(around)]
		bs = append(bs, body{id, id, "x", Raider(), at.X, at.Y})
		ids = append(ids, id)
	}
	enc, err := layout(grid.Map{W: 9, H: 9, Walls: walls}, 1, bs)
	if err != nil {
		t.Fatal(err)
	}
	s := session(t, enc)
	do(t, s, order(append(ids, "d")...), combat.Start{})
	return s
}

// tierOf is what Target shows: the tier key, or the reason an attack is
// impossible.
func tierOf(t *testing.T, enc combat.Encounter, a string) string {
	tg, err := Ruleset{}.Target(enc, a, "d")
	if err != nil {
		t.Fatal(err)
	}
	if !tg.Allowed {
		return "no:" + tg.Reason
	}
	return tg.Tier
}

// TestTiers plays S-20 and S-21 through the engine: attackers strike the
// defender one after another (each a natural 1, which still engages,
// K-PIN-9), and before each strike Target shows the tier the attack then
// gets (K-FLANK-9).
func TestTiers(t *testing.T) {
	const f, f2, r = "flank", "second-flank", "rear"
	for _, c := range []struct {
		id, rules string
		walls     []grid.Square
		d         grid.Square
		want      []string
	}{
		{"S-20", "K-PIN-9 K-FLANK-9", nil, sq(4, 4),
			[]string{"front", "front", "front", f, f, f2, f2, r, r, r, "no:no-slot"}},
		{"S-21", "K-FLANK-7 K-FLANK-9", []grid.Square{sq(3, 0), sq(4, 0), sq(5, 0)}, sq(4, 1),
			[]string{"front", "front", "front", f, f, f2, f2, "no:rear-closed"}},
	} {
		t.Run(c.id, func(t *testing.T) {
			t.Logf("rules %s", c.rules)
			s := ring(t, len(c.want), c.walls, c.d)
			for k, want := range c.want {
				id := fmt.Sprintf("x%d", k+1)
				if got := tierOf(t, s.State(), id); got != want {
					t.Errorf("%s: tier %q, want %q", id, got, want)
				}
				_, err := s.DoWithDice(combat.Attack{Attacker: id, Defender: "d"}, 1)
				if legal := want[0] != 'n'; legal != (err == nil) {
					t.Errorf("%s: attack error %v", id, err)
				}
				do(t, s, combat.EndTurn{})
			}
			if c.id != "S-20" {
				return
			}
			st, err := Ruleset{}.Standing(s.State(), "d")
			if err != nil {
				t.Fatal(err)
			}
			if want := (combat.Standing{Facts: []combat.Fact{{Key: "pin-capacity", N: 3, Of: 3}, {Key: "overwhelmed", Mark: true}}, Rule: "K-PIN-3"}); !reflect.DeepEqual(st, want) {
				t.Errorf("standing %+v, want 3/3 overwhelmed (K-PIN-5)", st)
			}
			// X2 is slain: every later entry moves up (K-PIN-9 step 4).
			do(t, s, combat.SetHP{ID: "x2", HP: 0})
			for k, want := range []string{"front", "front", "front", f, f, f2, f2, r, r} {
				id := fmt.Sprintf("x%d", []int{1, 3, 4, 5, 6, 7, 8, 9, 10}[k])
				if got := tierOf(t, s.State(), id); got != want {
					t.Errorf("after x2 falls, %s: tier %q, want %q", id, got, want)
				}
			}
		})
	}
}

// TestTargetModifiers checks the flank tier's modifiers on the corridor
// sample, where three raiders already engage the captain (S-20, K-FLANK-1),
// and the refusal against a defender out of reach (K-GRID-3).
func TestTargetModifiers(t *testing.T) {
	enc, err := SampleCorridor(1)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := Ruleset{}.Target(enc, "raider-4", "captain")
	if err != nil {
		t.Fatal(err)
	}
	want := combat.Targeting{Tier: "flank", Edge: 1, Rule: "K-FLANK-9", Allowed: true, Modifiers: []combat.Modifier{
		{Rule: "K-FLANK-1", Key: "flank", Quantity: "to-hit", Value: 3},
		{Rule: "K-FLANK-1", Key: "flank", Quantity: "crit-steps", Value: 1},
		{Rule: "K-FLANK-1", Key: "flank", Quantity: "active-parry", Value: -3},
	}}
	if !slices.Equal(tg.Modifiers, want.Modifiers) || tg.Tier != want.Tier || tg.Edge != want.Edge || tg.Rule != want.Rule || !tg.Allowed {
		t.Errorf("S-20: %+v", tg)
	}
	far, err := Ruleset{}.Target(enc, "raider-4", "sergeant")
	if err != nil {
		t.Fatal(err)
	}
	if far.Allowed || far.Reason != "not-adjacent" || far.Rule != "K-GRID-3" {
		t.Errorf("K-GRID-3: %+v", far)
	}
	req := combat.AttackRequest{Attacker: "raider-4", Defender: "sergeant"}
	if _, err := (Ruleset{}).Attack(enc, req, nil); err == nil {
		t.Error("melee attack on a defender out of reach accepted")
	}
}

// TestPreventedOAs checks each reason an enemy left behind does not strike
// (K-OA-7, K-PIN-6): the plan names it with its rule, and the move offers
// nothing.
func TestPreventedOAs(t *testing.T) {
	for _, c := range []struct {
		id     string
		cond   combat.AddCondition
		to     grid.Square
		reason string
	}{
		{"K-OA-7/paralysed", combat.AddCondition{ID: "guard", Condition: CondParalysed}, sq(5, 2), "paralysed"},
		{"K-OA-7/unnoticed", combat.AddCondition{ID: "urchin", Condition: CondHidden}, sq(5, 2), "unnoticed"},
		{"S-23/fighting-retreat", combat.AddCondition{ID: "urchin", Condition: CondRetreating}, sq(4, 2), "fighting-retreat"},
	} {
		t.Run(c.id, func(t *testing.T) {
			s := duel(t)
			do(t, s, c.cond)
			p, err := Ruleset{}.PlanMove(s.State(), "urchin", c.to, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Provocations) != 1 || p.Provocations[0].Attacker != "guard" || p.Provocations[0].Prevented != c.reason {
				t.Fatalf("provocations %+v, want the guard's prevented by %s", p.Provocations, c.reason)
			}
			do(t, s, combat.Move{ID: "urchin", Path: p.Path})
			if got := pending(s); got != "" {
				t.Errorf("offer to %q", got)
			}
		})
	}
	t.Run("S-19/overwhelmed", func(t *testing.T) {
		s := ring(t, 5, nil, sq(4, 4))
		for k := 1; k <= 4; k++ {
			if _, err := s.DoWithDice(combat.Attack{Attacker: fmt.Sprintf("x%d", k), Defender: "d"}, 1); err != nil {
				t.Fatal(err)
			}
			do(t, s, combat.EndTurn{})
		}
		p, err := Ruleset{}.PlanMove(s.State(), "x5", sq(7, 4), false)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Provocations) != 1 || p.Provocations[0].Prevented != "overwhelmed" {
			t.Fatalf("provocations %+v, want d's prevented: overwhelmed", p.Provocations)
		}
		do(t, s, combat.Move{ID: "x5", Path: p.Path})
		if got := pending(s); got != "" {
			t.Errorf("overwhelmed defender offered an OA: %q", got)
		}
	})
}

// TestProvocationsInReactionOrder has the urchin step away from three
// guards at once, in initiative orders that differ from the guards' order
// in the encounter (a, b, c): the plan lists the guards in the order the
// engine then offers them their opportunity attacks, initiative order from
// the slot after the urchin's, wrapping around (K-RES-3 step 2, K-OA-1).
func TestProvocationsInReactionOrder(t *testing.T) {
	tests := []struct {
		name  string
		order []string
		want  []string
	}{
		{"in the encounter's order", []string{"urchin", "a", "b", "c"}, []string{"a", "b", "c"}},
		{"reversed", []string{"urchin", "c", "b", "a"}, []string{"c", "b", "a"}},
		{"wrapping round", []string{"b", "urchin", "c", "a"}, []string{"c", "a", "b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := running(t, 8, 5, []body{
				{"urchin", "Urchin", "urchins", Urchin(), 3, 2},
				{"a", "Guard A", "city", CityGuard(), 2, 1},
				{"b", "Guard B", "city", CityGuard(), 2, 2},
				{"c", "Guard C", "city", CityGuard(), 2, 3},
			}, tc.order...)
			for s.State().Current() != "urchin" {
				do(t, s, combat.EndTurn{})
			}
			p, err := Ruleset{}.PlanMove(s.State(), "urchin", sq(4, 2), false)
			if err != nil {
				t.Fatal(err)
			}
			planned := make([]string, 0, len(p.Provocations))
			for _, pr := range slices.DeleteFunc(slices.Clone(p.Provocations), spared) {
				planned = append(planned, pr.Attacker)
			}
			do(t, s, combat.Move{ID: "urchin", Path: p.Path})
			var offered []string
			for who := pending(s); who != ""; who = pending(s) {
				offered = append(offered, who)
				do(t, s, combat.DeclineOpportunity{})
			}
			if !slices.Equal(offered, tc.want) {
				t.Errorf("K-RES-3: Apply offers %v, want %v", offered, tc.want)
			}
			if !slices.Equal(planned, offered) {
				t.Errorf("K-RES-3: the plan lists %v, Apply offers %v", planned, offered)
			}
		})
	}
}

// spared reports whether a plan's provocation is one no attack comes of.
func spared(pr combat.Provocation) bool { return pr.Prevented != "" }
