package combat

import (
	"slices"
	"testing"
)

// TestCountersOf checks the counters of rulesets that declare none
// (ENG-TURN-6): movement and actions, plus the reaction where the turn
// engine spends one.
func TestCountersOf(t *testing.T) {
	keys := func(cs []Counter) []string {
		var k []string
		for _, c := range cs {
			k = append(k, c.Key)
		}
		return k
	}
	for _, c := range []struct {
		rs   Ruleset
		want []string
	}{
		{bare{}, []string{"movement", "actions"}},
		{fake{}, []string{"movement", "actions", "reaction"}},
	} {
		if got := keys(CountersOf(c.rs)); !slices.Equal(got, c.want) {
			t.Errorf("%s: counters %v, want %v", c.rs.ID(), got, c.want)
		}
	}
	if got := keys(CountersOf(bare{})); len(got) != 2 {
		t.Errorf("the default counters grew to %v", got)
	}
}

// TestBudgetLeft checks what each pool holds, which pools stats hold at
// all, and that a reaction locked
// by surprise is not there to spend (ENG-SURP-3).
func TestBudgetLeft(t *testing.T) {
	b := Budget{Movement: 30, Actions: 1, BonusActions: 2, Interactions: 3, Reaction: true}
	for p, want := range map[Pool]int{PoolMovement: 30, PoolActions: 1, PoolBonus: 2, PoolInteractions: 3, PoolReaction: 1, 0: 0} {
		if got := b.Left(p); got != want {
			t.Errorf("pool %d: %d left, want %d", p, got, want)
		}
	}
	for p, want := range map[Pool]bool{PoolMovement: true, PoolActions: true, PoolBonus: false, PoolInteractions: true, PoolReaction: true} {
		if got := (Stats{Interactions: 1}).Has(p); got != want {
			t.Errorf("stats with an interaction and no bonus action hold pool %d: %v, want %v", p, got, want)
		}
	}
	b.Locked = true
	if got := b.Left(PoolReaction); got != 0 {
		t.Errorf("a locked reaction counts %d, want 0", got)
	}
}
