package rulesets

import (
	"reflect"
	"runtime"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// playCommand picks a plausible command for enc from g, legal or not: the
// answer to a pending decision, or one of the moves, attacks, actions and
// GM edits a table makes during a fight.
func playCommand(rs combat.Ruleset, enc combat.Encounter, g *dice.PCG) combat.Command {
	if d := enc.Pending; d != nil {
		if d.Kind == combat.DecideOpportunity {
			if g.Roll(2) == 1 {
				return combat.TakeOpportunity{}
			}
			return combat.DeclineOpportunity{}
		}
		return combat.Choose{Choice: d.Options[g.Roll(len(d.Options))-1]}
	}
	switch enc.Phase {
	case combat.PhaseSetup:
		if len(enc.Order) == 0 {
			return combat.RollInitiative{}
		}
		return combat.Start{}
	}
	any := enc.Combatants[g.Roll(len(enc.Combatants))-1]
	cur := enc.Current()
	c, _ := enc.Combatant(cur)
	switch g.Roll(20) {
	case 1, 2, 3, 4, 5, 6, 7:
		var path []grid.Square
		p := c.Pos
		for range g.Roll(3) {
			p = p.Add(grid.Square{X: g.Roll(3) - 2, Y: g.Roll(3) - 2})
			path = append(path, p)
		}
		return combat.Move{ID: cur, Path: path}
	case 8, 9, 10, 11:
		return combat.Attack{Attacker: cur, Defender: any.ID}
	case 12, 13, 14:
		return combat.EndTurn{}
	case 15:
		if acts, _ := combat.Actions(rs, enc, cur); len(acts) > 0 {
			a := acts[g.Roll(len(acts))-1]
			return combat.UseAction{ID: cur, Resource: a.Resource, Key: a.Key}
		}
		return combat.ResetMove{ID: cur}
	case 16:
		return combat.ResetMove{ID: cur}
	case 17:
		return combat.SetHP{ID: any.ID, HP: any.Stats.MaxHP}
	case 18:
		return combat.AddCondition{ID: any.ID, Condition: "marked"}
	case 19:
		return combat.RemoveCondition{ID: any.ID, Condition: "marked"}
	default:
		return combat.Reposition{ID: any.ID, To: any.Pos.Add(grid.Square{X: g.Roll(3) - 2, Y: g.Roll(3) - 2})}
	}
}

// carried is an example of the payload each kind of event carries; the
// kinds missing carry none.
var carried = map[combat.EventType]combat.Payload{
	combat.InitiativeRolled:  combat.Lineup{},
	combat.OrderSet:          combat.Lineup{},
	combat.Joined:            combat.JoinScore{},
	combat.Moved:             combat.MoveStep{},
	combat.DecisionRequested: &combat.Decision{},
	combat.Chosen:            combat.Choice{},
	combat.AttackResolved:    combat.Blow{},
	combat.HPChanged:         combat.HPSet{},
	combat.ConditionAdded:    combat.ConditionKey{},
	combat.ConditionRemoved:  combat.ConditionKey{},
	combat.ActionUsed:        combat.ActionSpent{},
	combat.AttackDeclared:    combat.Declared{},
	combat.PhaseHitResolved:  &combat.PhaseHit{},
	combat.MoraleChecked:     &combat.MoraleCheck{},
	combat.Configured:        combat.Settings{},
	combat.SurpriseRolled:    combat.SurpriseRoll{},
	combat.ActResolved:       combat.ActDone{},
	combat.AttackScheduled:   combat.SegmentMark{},
	combat.SegmentResolved:   combat.SegmentMark{},
	combat.AimSet:            combat.AimChange{},
}

// TestLongSessions plays every ruleset's samples for well past the save
// format's entry limit, undoing and redoing now and then (and undoing the
// end of a fight, so it goes on), and checks that whatever the session
// holds saves and reopens to the same state, with the same reach of undo
// (issue 11 "whatever the app saves, it reopens"). Every event it emits
// carries the payload of its kind.
func TestLongSessions(t *testing.T) {
	if testing.Short() || runtime.GOARCH == "wasm" {
		t.Skip("long sessions take a while; natively they test the same code")
	}
	reg := Registry()
	for _, id := range []string{"kal-urchins", "dairn-bandits", "dnd5e-goblin-ambush", "kc-orc"} {
		t.Run(id, func(t *testing.T) {
			smp, _ := Find(id)
			enc, err := smp.Build(7)
			if err != nil {
				t.Fatal(err)
			}
			s, err := combat.NewSession(reg, enc)
			if err != nil {
				t.Fatal(err)
			}
			g := dice.NewPCG(11)
			const total = combat.HistoryLimit + 2500
			done := 0
			check := func() {
				data, err := combat.EncodeSave(s)
				if err != nil {
					t.Fatalf("after %d commands the session does not save: %v", done, err)
				}
				back, err := combat.DecodeSave(reg, data)
				if err != nil {
					t.Fatalf("after %d commands the save does not open: %v", done, err)
				}
				if !reflect.DeepEqual(back.State(), s.State()) || back.Cursor() != s.Cursor() || back.Folded() != s.Folded() || !reflect.DeepEqual(back.Log(), s.Log()) {
					t.Fatalf("after %d commands the save opens to a different session", done)
				}
				link, err := combat.EncodeLink(s)
				if err != nil {
					t.Fatalf("after %d commands the session makes no link: %v", done, err)
				}
				opened, err := combat.DecodeLink(reg, link)
				if err != nil {
					t.Fatalf("after %d commands the link does not open: %v", done, err)
				}
				if !reflect.DeepEqual(opened.State(), s.State()) || opened.Folded()+opened.Cursor() != s.Folded()+s.Cursor() {
					t.Fatalf("after %d commands the link opens to a different fight", done)
				}
			}
			for tries := 0; done < total; tries++ {
				if tries > 20*total {
					t.Fatalf("only %d of %d commands accepted", done, total)
				}
				st := s.State()
				if st.Phase == combat.PhaseEnded || g.Roll(25) == 1 {
					s.Undo()
					if g.Roll(2) == 1 {
						s.Redo()
					}
					continue
				}
				evs, err := s.Do(playCommand(s.Ruleset(), st, g))
				if err != nil {
					continue
				}
				for _, ev := range evs {
					if got, want := reflect.TypeOf(ev.Payload()), reflect.TypeOf(carried[ev.Type()]); got != want {
						t.Fatalf("a %s event carries a %v, want a %v", ev.Type(), got, want)
					}
				}
				if done++; done%6000 == 0 {
					check()
				}
			}
			check()
			if s.Folded() == 0 {
				t.Errorf("%d commands and nothing folded", done)
			}
			t.Logf("%d commands: %d folded, undo reaches %d, round %d", done, s.Folded(), s.Cursor(), s.State().Round)
		})
	}
}
