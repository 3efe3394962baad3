package dnd5e

import (
	"errors"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// play applies commands in turn with the faces each needs, failing the
// test on the first refusal.
type play struct {
	t   *testing.T
	enc combat.Encounter
	evs []combat.Event
}

// do applies cmd with the scripted faces; the events are kept in p.evs.
func (p *play) do(cmd combat.Command, faces ...int) *play {
	p.t.Helper()
	p.enc, p.evs = apply(p.t, p.enc, cmd, dicetest.Script(p.t, faces...))
	return p
}

// refused checks that cmd is refused with a typed error citing rule and
// that the encounter is left as it was.
func (p *play) refused(cmd combat.Command, rule combat.RuleID) {
	p.t.Helper()
	next, _, err := combat.Apply(Ruleset{}, p.enc, cmd, dicetest.Script(p.t))
	var re *combat.RuleError
	if !errors.As(err, &re) || re.Rule != rule {
		p.t.Errorf("%T: err %v, want a RuleError citing %s", cmd, err, rule)
	}
	if err == nil {
		p.enc = next
	}
}

// budget returns the combatant's budget now.
func (p *play) budget(id string) combat.Budget {
	c, _ := p.enc.Combatant(id)
	return c.Budget
}

// at returns the combatant's square now.
func (p *play) at(id string) grid.Square {
	c, _ := p.enc.Combatant(id)
	return c.Pos
}

// started is the sample ambush with the given creatures moved first, its
// initiative rolled as in DND-TV-1 (fighter 18, goblins 15, rogue 12,
// wizard 6) and round 1 started with nobody surprised: the fighter acts.
func started(t *testing.T, moves map[string]grid.Square) *play {
	p := &play{t: t, enc: placedAmbush(t)}
	ids := make([]string, 0, len(moves))
	for id := range moves {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		p.do(combat.Reposition{ID: id, To: moves[id]})
	}
	return p.do(combat.RollInitiative{}, 18, 9, 5, 13).do(combat.Start{})
}

// endTurns ends n turns with no dice.
func (p *play) endTurns(n int) *play {
	for range n {
		p.do(combat.EndTurn{})
	}
	return p
}

// TestVectorsThroughCommands runs the order-of-combat vectors through the
// 5e ruleset's commands, as the app plays them, and checks the spec's
// expected values.
func TestVectorsThroughCommands(t *testing.T) {
	t.Run("DND-TV-2", func(t *testing.T) {
		p := started(t, nil)
		round1 := slices.Clone(p.enc.Order)
		var turns1, turns2 []string
		for range 7 {
			turns1 = append(turns1, p.enc.Current())
			p.do(combat.EndTurn{}) // no faces: nothing is re-rolled (DND-INIT-5)
		}
		for range 7 {
			turns2 = append(turns2, p.enc.Current())
			p.do(combat.EndTurn{})
		}
		if p.enc.Round != 3 || !slices.EqualFunc(p.enc.Order, round1, func(a, b combat.Slot) bool {
			return a.Score == b.Score && slices.Equal(a.Members, b.Members)
		}) {
			t.Errorf("round %d order %v, want round 3 with %v", p.enc.Round, p.enc.Order, round1)
		}
		want := []string{"fighter", "goblin-a", "goblin-b", "goblin-c", "goblin-d", "rogue", "wizard"}
		if !slices.Equal(turns1, want) || !slices.Equal(turns2, want) {
			t.Errorf("turns %v then %v, want %v twice", turns1, turns2, want)
		}
	})

	// DND-TV-9 and DND-TV-10: goblin A, beside the fighter, walks two
	// squares inside his reach and its third step leaves it.
	tv9 := func(t *testing.T) *play {
		p := started(t, map[string]grid.Square{"rogue": {X: 0, Y: 7}, "wizard": {X: 1, Y: 7}, "goblin-a": {X: 4, Y: 4}})
		p.endTurns(1) // the fighter's; goblin A acts
		p.do(combat.Move{ID: "goblin-a", Path: []grid.Square{{X: 4, Y: 3}, {X: 4, Y: 2}, {X: 5, Y: 1}, {X: 6, Y: 0}}})
		b := p.budget("goblin-a")
		if p.enc.Pending == nil || p.enc.Pending.Chooser != "fighter" || p.at("goblin-a") != (grid.Square{X: 4, Y: 2}) || b.Left(CounterMovement) != 20 {
			t.Fatalf("goblin at %v with %d ft, pending %+v: want paused at (4,2) with 20 ft and the fighter asked",
				p.at("goblin-a"), b.Left(CounterMovement), p.enc.Pending)
		}
		return p
	}
	t.Run("DND-TV-9", func(t *testing.T) {
		p := tv9(t).do(combat.TakeOpportunity{}, 2) // 2 + 5 misses AC 15
		b := p.budget("goblin-a")
		if p.enc.Current() != "goblin-a" || p.at("goblin-a") != (grid.Square{X: 6, Y: 0}) || b.Left(CounterMovement) != 10 || b.Left(CounterAction) != 1 || b.Left(CounterBonus) != 1 {
			t.Errorf("goblin at %v with %+v acting %s: want the walk resumed with 20 ft, its action and bonus action unused",
				p.at("goblin-a"), b, p.enc.Current())
		}
	})
	t.Run("DND-TV-10", func(t *testing.T) {
		p := tv9(t).do(combat.TakeOpportunity{}, 19, 6) // hits, 6 + 3 drops the 7-HP goblin
		g, _ := p.enc.Combatant("goblin-a")
		if _, ended := hasEvent(p.evs, combat.TurnEnded, "goblin-a"); g.Up() || !ended || p.at("goblin-a") != (grid.Square{X: 4, Y: 2}) || p.enc.Current() != "goblin-b" {
			t.Errorf("goblin at %v with %d HP, %s acting: want it down where it stood and its turn over", g.Pos, g.HP, p.enc.Current())
		}
	})

	// DND-TV-11..14: the fighter, beside goblin A, and what his one free
	// interaction leaves for the attack.
	interactions := []struct {
		id     string
		uses   []combat.UseAction
		attack bool
		free   int // free interactions left
	}{
		{"DND-TV-11", []combat.UseAction{{Resource: CounterInteraction, Key: "open-door"}}, true, 0},
		{"DND-TV-12", []combat.UseAction{{Resource: CounterInteraction, Key: "draw-weapon"}}, true, 0},
		{"DND-TV-13", []combat.UseAction{{Resource: CounterInteraction, Key: "open-door"}, {Resource: CounterInteraction, Key: "draw-weapon"}}, false, 0},
		{"DND-TV-14", []combat.UseAction{{Resource: CounterInteraction, Key: "force-door", CostsAction: true}}, false, 1},
	}
	for _, row := range interactions {
		t.Run(row.id, func(t *testing.T) {
			p := started(t, map[string]grid.Square{"goblin-a": {X: 2, Y: 3}})
			p.do(combat.Move{ID: "fighter", Path: []grid.Square{{X: 2, Y: 2}}}) // walking, still beside the goblin
			for _, u := range row.uses {
				u.ID = "fighter"
				p.do(u)
			}
			attack := combat.Attack{Attacker: "fighter", Defender: "goblin-a"}
			if !row.attack {
				p.refused(attack, "DND-TURN-1")
				if b := p.budget("fighter"); b.Left(CounterAction) != 0 || b.Left(CounterInteraction) != row.free {
					t.Errorf("budget %+v, want the action spent and %d free interaction left", b, row.free)
				}
				return
			}
			p.do(attack, 2) // a miss, but the attack is made
			if b := p.budget("fighter"); b.Left(CounterAction) != 0 || b.Left(CounterInteraction) != 0 || b.Left(CounterMovement) != 25 {
				t.Errorf("budget %+v, want the free interaction and the action used, 25 ft left", b)
			}
		})
	}

	t.Run("DND-TV-16", func(t *testing.T) {
		p := started(t, nil).do(combat.AddCondition{ID: "goblin-a", Condition: "stunned"}).endTurns(1)
		if b := p.budget("goblin-a"); p.enc.Current() != "goblin-a" || b.Left(CounterAction) != 0 || b.Left(CounterBonus) != 0 {
			t.Fatalf("%s acting with %+v, want goblin A with no action and no bonus action", p.enc.Current(), b)
		}
		p.refused(combat.UseAction{ID: "goblin-a", Resource: CounterBonus, Key: string(ActionDisengage)}, "DND-BONUS-2")
		p.refused(combat.UseAction{ID: "goblin-a", Resource: CounterBonus, Key: string(ActionHide)}, "DND-BONUS-2")
	})

	t.Run("DND-TV-17", func(t *testing.T) {
		// Attack, then 30 ft: goblin A may strike as the rogue leaves; its
		// side lets the chance go.
		p := started(t, nil).endTurns(5)
		p.do(combat.Attack{Attacker: "rogue", Defender: "goblin-a"}, 2)
		p.do(combat.Move{ID: "rogue", Path: []grid.Square{{X: 3, Y: 2}, {X: 2, Y: 2}, {X: 1, Y: 2}, {X: 0, Y: 2}, {X: 0, Y: 3}, {X: 0, Y: 4}}})
		if p.enc.Pending == nil || p.enc.Pending.Chooser != "goblin-a" {
			t.Fatalf("pending %+v, want goblin A asked", p.enc.Pending)
		}
		p.do(combat.DeclineOpportunity{})
		if p.at("rogue") != (grid.Square{X: 0, Y: 4}) || p.budget("rogue").Left(CounterMovement) != 0 {
			t.Errorf("attack then 30 ft: rogue at %v with %+v", p.at("rogue"), p.budget("rogue"))
		}
		p.refused(combat.Move{ID: "rogue", Path: []grid.Square{{X: 0, Y: 5}}}, "DND-TURN-1")

		// 15 ft, attack, 15 ft.
		p = started(t, map[string]grid.Square{"goblin-a": {X: 9, Y: 7}}).endTurns(5)
		p.do(combat.Move{ID: "rogue", Path: []grid.Square{{X: 5, Y: 3}, {X: 6, Y: 3}, {X: 6, Y: 4}}})
		p.do(combat.Attack{Attacker: "rogue", Defender: "goblin-c"}, 2)
		p.do(combat.Move{ID: "rogue", Path: []grid.Square{{X: 5, Y: 3}, {X: 4, Y: 3}, {X: 3, Y: 2}}})
		if p.enc.Pending == nil || p.enc.Pending.Chooser != "goblin-c" {
			t.Fatalf("pending %+v, want goblin C asked", p.enc.Pending)
		}
		p.do(combat.DeclineOpportunity{})
		if p.at("rogue") != (grid.Square{X: 3, Y: 2}) || p.budget("rogue").Left(CounterMovement) != 0 {
			t.Errorf("15 ft, attack, 15 ft: rogue at %v with %+v", p.at("rogue"), p.budget("rogue"))
		}
	})

	t.Run("DND-TV-18", func(t *testing.T) {
		p := started(t, nil).endTurns(1) // the fighter neither moves nor acts
		if p.enc.Current() != "goblin-a" {
			t.Fatalf("%s acting after the fighter's empty turn", p.enc.Current())
		}
		p.endTurns(6)
		want := combat.Budget{Counts: combat.NewCounts(combat.Count{Key: CounterMovement, N: 30}, combat.Count{Key: CounterAction, N: 1}, combat.Count{Key: CounterInteraction, N: 1}, combat.Count{Key: CounterReaction, N: 1}), StartMove: 30, Start: p.at("fighter")}
		if got := p.budget("fighter"); p.enc.Current() != "fighter" || p.enc.Round != 2 || !got.Equal(want) {
			t.Errorf("round %d, %s acting with %+v; want the fighter's fresh budget %+v", p.enc.Round, p.enc.Current(), got, want)
		}
	})

	t.Run("DND-TV-19", func(t *testing.T) {
		p := started(t, map[string]grid.Square{"goblin-a": {X: 4, Y: 4}, "rogue": {X: 0, Y: 7}, "wizard": {X: 1, Y: 7}})
		p.do(combat.UseAction{ID: "fighter", Resource: CounterReaction, Key: "readied"}) // on his own turn
		if p.budget("fighter").Left(CounterReaction) > 0 {
			t.Fatal("the reaction is still there")
		}
		p.endTurns(1)
		p.do(combat.Move{ID: "goblin-a", Path: []grid.Square{{X: 5, Y: 5}}})
		if p.enc.Pending != nil {
			t.Errorf("the fighter offered a second reaction in round 1: %+v", p.enc.Pending)
		}
		p.endTurns(6)
		if p.enc.Current() != "fighter" || p.budget("fighter").Left(CounterReaction) < 1 {
			t.Errorf("%s acting, fighter %+v: want the reaction back at his next turn", p.enc.Current(), p.budget("fighter"))
		}
	})

	t.Run("DND-TV-20", func(t *testing.T) {
		p := started(t, nil).endTurns(10 * 7)
		if p.enc.Round != 11 || Elapsed(p.enc.Round-1) != 60 {
			t.Errorf("after 10 rounds: round %d, %d s; want round 11 and 60 s", p.enc.Round, Elapsed(p.enc.Round-1))
		}
	})
}
