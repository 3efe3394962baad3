package encounter

import (
	"fmt"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// TestRobinSlipsPast is the Robin sample (V-27, K-OA-1, K-PIN-7): the
// engine's plan to the watch shows both thugs she leaves striking and the
// third thug, pinning three watchmen, spared by side-bypass; played, the
// first OA is dodged at 72 %, the second hit finds her at 65 %, and the
// third thug is never asked.
func TestRobinSlipsPast(t *testing.T) {
	enc, err := SampleRobin(1)
	if err != nil {
		t.Fatal(err)
	}
	to := sq(6, 4)
	for _, safest := range []bool{false, true} {
		t.Run(fmt.Sprintf("plan/safest=%v", safest), func(t *testing.T) {
			p, err := Ruleset{}.PlanMove(enc, "robin", to, safest)
			if err != nil {
				t.Fatal(err)
			}
			want := []combat.Provocation{
				{Attacker: "thug-1", At: sq(3, 2), Step: 2, Kind: "normal", Rule: "K-OA-2"},
				{Attacker: "thug-2", At: sq(5, 3), Step: 4, Kind: "normal", Rule: "K-OA-2"},
				{Attacker: "thug-3", At: sq(5, 3), Step: 4, Kind: "normal", Prevented: "side-bypass", Rule: "K-PIN-7"},
			}
			if !slices.Equal(p.Provocations, want) || p.Band != "walk" || p.Cost != 10 || p.Path[len(p.Path)-1] != to {
				t.Errorf("plan %+v", p)
			}
		})
	}
	s := session(t, enc)
	p, _ := Ruleset{}.PlanMove(enc, "robin", to, false)
	do(t, s, combat.Move{ID: "robin", Path: p.Path})
	for _, c := range []struct {
		id, by string
		faces  []int
		dodge  int
		hp     int
	}{
		// thug: need = 15 − 2 + AR 4 (Dex 18) − 10 = 7.
		{"V-27/first-hit", "thug-1", []int{12, 50}, 72, 30},
		{"V-27/second-hit", "thug-2", []int{15, 70, 5}, 65, 22},
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
			if got := value(ev.Trace, "dodge-chance"); got != c.dodge {
				t.Errorf("dodge chance %d, want %d (K-DODGE-4)", got, c.dodge)
			}
			if r, _ := s.State().Combatant("robin"); r.HP != c.hp {
				t.Errorf("Robin has %d HP, want %d", r.HP, c.hp)
			}
		})
	}
	if r, _ := s.State().Combatant("robin"); r.Pos != to || pending(s) != "" {
		t.Errorf("Robin at %v, pending %q: want her past the third thug (K-PIN-7)", r.Pos, pending(s))
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
			if want := (combat.Standing{PinsUsed: 3, PinCapacity: 3, Overwhelmed: true, Rule: "K-PIN-3"}); st != want {
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
	want := combat.Targeting{Tier: "flank", Rule: "K-FLANK-9", Allowed: true, Modifiers: []combat.Modifier{
		{Rule: "K-FLANK-1", Key: "flank", Quantity: "to-hit", Value: 3},
		{Rule: "K-FLANK-1", Key: "flank", Quantity: "crit-steps", Value: 1},
		{Rule: "K-FLANK-1", Key: "flank", Quantity: "active-parry", Value: -3},
	}}
	if !slices.Equal(tg.Modifiers, want.Modifiers) || tg.Tier != want.Tier || tg.Rule != want.Rule || !tg.Allowed {
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
