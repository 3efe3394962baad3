package dnd5e

import (
	"fmt"
	"reflect"
	"testing"

	"battlemat/rules/dice"
)

// randomEntrants draws n entrants from r: a few stat blocks, some shared by
// DM groups, some player characters, modifiers -1..+4.
func randomEntrants(n int, r dice.Roller) []Entrant {
	mods := map[string]int{}
	es := make([]Entrant, n)
	for i := range es {
		e := Entrant{ID: fmt.Sprintf("c%d", i), Controller: Player, Mod: r.Roll(6) - 2}
		if r.Roll(3) > 1 {
			e.Controller = DM
			e.Group = fmt.Sprintf("block%d", r.Roll(5))
			if m, ok := mods[e.Group]; ok {
				e.Mod = m
			}
			mods[e.Group] = e.Mod
			e.Individual = r.Roll(8) == 1
		}
		es[i] = e
	}
	return es
}

// before reports whether slot a is strictly ahead of slot b: a higher
// total, or an equal total and a higher face in the first roll-off round
// where they differ (DND-INIT-3, DND-INIT-4).
func before(a, b Slot) bool {
	if a.Total != b.Total {
		return a.Total > b.Total
	}
	for k := 0; k < len(a.RollOff) && k < len(b.RollOff); k++ {
		if a.RollOff[k] != b.RollOff[k] {
			return a.RollOff[k] > b.RollOff[k]
		}
	}
	return false
}

// TestInitiativeTotalOrder: with roll-offs, every pair of slots is strictly
// ordered, every creature has exactly one place, and a seed always gives
// the same order.
func TestInitiativeTotalOrder(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		es := randomEntrants(1+int(seed%40), dice.NewPCG(seed))
		o, err := RollInitiative(es, TieRollOff, dice.NewPCG(seed+1_000_000))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for i := range o.Slots {
			for j := i + 1; j < len(o.Slots); j++ {
				if !before(o.Slots[i], o.Slots[j]) {
					t.Fatalf("seed %d: slot %d (%d %v) not strictly ahead of slot %d (%d %v)", seed, i, o.Slots[i].Total, o.Slots[i].RollOff, j, o.Slots[j].Total, o.Slots[j].RollOff)
				}
			}
		}
		if ties := o.Ties(); len(ties) != 0 {
			t.Fatalf("seed %d: unsettled ties %v after roll-offs", seed, ties)
		}
		seen := map[string]int{}
		for _, id := range o.Turns() {
			seen[id]++
		}
		for _, e := range es {
			if seen[e.ID] != 1 {
				t.Fatalf("seed %d: %s has %d places", seed, e.ID, seen[e.ID])
			}
		}
		again, _ := RollInitiative(es, TieRollOff, dice.NewPCG(seed+1_000_000))
		if !reflect.DeepEqual(o, again) {
			t.Fatalf("seed %d: same seed, different order", seed)
		}
	}
}

// TestReactionOncePerCycle plays random rounds in which creatures try to
// react at random moments, and checks that no creature reacts twice between
// the starts of two of its turns, nor while a surprise lock holds
// (DND-REACT-3, DND-SURP-5).
func TestReactionOncePerCycle(t *testing.T) {
	reactions := 0
	for seed := uint64(1); seed <= 200; seed++ {
		r := dice.NewPCG(seed)
		n := 2 + r.Roll(6)
		mode := LockMode(r.Roll(2) - 1)
		bs := make([]Budget, n)
		for i := range bs {
			bs[i] = Enter(r.Roll(3) == 1, mode, 1)
		}
		used := make([]int, n) // reactions since the creature's last turn start
		for round := 1; round <= 4; round++ {
			for cur := range bs {
				bs[cur], _ = bs[cur].StartTurn(TurnStart{Speed: 30})
				used[cur] = 0
				for range r.Roll(4) {
					who := r.Roll(n) - 1
					locked := bs[who].Locked
					next, err := bs[who].React(false)
					if err != nil {
						continue
					}
					if locked {
						t.Fatalf("seed %d: creature %d reacted under a surprise lock", seed, who)
					}
					bs[who] = next
					reactions++
					if used[who]++; used[who] > 1 {
						t.Fatalf("seed %d round %d: creature %d reacted twice before its next turn", seed, round, who)
					}
				}
				bs[cur] = bs[cur].EndTurn()
			}
			for i := range bs {
				bs[i] = bs[i].EndRound(round)
			}
		}
	}
	if reactions < 100 {
		t.Errorf("only %d reactions taken: the property was hardly exercised", reactions)
	}
}

// BenchmarkInitiative100 rolls initiative for 100 creatures (a quarter in
// goblin-like groups) with roll-offs.
func BenchmarkInitiative100(b *testing.B) {
	es := randomEntrants(100, dice.NewPCG(7))
	r := dice.NewPCG(8)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RollInitiative(es, TieRollOff, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInitiative100Individual rolls for 100 creatures that each take
// their own slot, so ties and roll-offs are frequent.
func BenchmarkInitiative100Individual(b *testing.B) {
	es := make([]Entrant, 100)
	for i := range es {
		es[i] = Entrant{ID: fmt.Sprintf("c%d", i), Controller: Player, Mod: i % 5}
	}
	r := dice.NewPCG(9)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RollInitiative(es, TieRollOff, r); err != nil {
			b.Fatal(err)
		}
	}
}
