package forecast

import (
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// TestTierAtRanksByEdge checks that the policy ranks the position an attack
// would come from by the ruleset's own Edge, not by reading its tier names:
// on the corridor sample the fourth raider flanks the captain (S-20,
// K-FLANK-1) and the first engages it in front, so the flank ranks higher.
func TestTierAtRanksByEdge(t *testing.T) {
	f, err := New(rulesets.Registry(), sample(t, "kal-corridor"), Settings{Fights: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ft, err := f.begin(0)
	if err != nil {
		t.Fatal(err)
	}
	index := func(id string) int {
		for i, c := range ft.enc.Combatants {
			if c.ID == id {
				return i
			}
		}
		t.Fatalf("no combatant %q", id)
		return -1
	}
	rank := func(attacker string) int {
		c := ft.enc.Combatants[index(attacker)]
		tg := ft.f.rs.(combat.Targeter)
		want, err := tg.Target(ft.enc, attacker, "captain")
		if err != nil || !want.Allowed {
			t.Fatalf("%s on the captain: %+v, %v", attacker, want, err)
		}
		got := ft.tierAt(c, destination{at: c.Pos, enemy: index("captain")})
		if got != 1+want.Edge {
			t.Errorf("%s: rank %d for %q (edge %d)", attacker, got, want.Tier, want.Edge)
		}
		return got
	}
	if front, flank := rank("raider-1"), rank("raider-4"); flank <= front {
		t.Errorf("the flank ranks %d, the front %d", flank, front)
	}
}
