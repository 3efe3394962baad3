package dnd5e

import (
	"errors"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

var (
	plainTurn  = TurnStart{Speed: 30}                 // Fighter, Wizard: no bonus-action feature
	bonusTurn  = TurnStart{Speed: 30, HasBonus: true} // Goblin, Rogue
	fighterAt  = grid.Square{X: 3, Y: 3}
	besideF    = grid.Square{X: 4, Y: 3}
	awayFromF  = grid.Square{X: 5, Y: 3}
	goblinOpts = Goblin().BonusActions
	rogueOpts  = Rogue().BonusActions
)

// leaves is a goblin walking out of the reach of a creature at fighterAt
// whose budget is b.
func leaves(b Budget) Departure {
	return Departure{Reactor: b, HasOption: true, Hostile: true, Sees: true, At: fighterAt, Reach: 5, From: besideF, To: awayFromF, Kind: MoveOwn}
}

// mustRule fails unless err is a *combat.RuleError citing rule.
func mustRule(t *testing.T, err error, rule combat.RuleID) {
	t.Helper()
	var re *combat.RuleError
	if !errors.As(err, &re) || re.Rule != rule {
		t.Errorf("err %v, want a RuleError citing %s", err, rule)
	}
}

// ok returns a function that passes a budget through and fails the test
// on a non-nil error: ok(t)(b.Move(10)).
func ok(t *testing.T) func(Budget, error) Budget {
	return func(b Budget, err error) Budget {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}

// oaKey returns whether the departure allows an opportunity attack and the
// key of its outcome step.
func oaKey(d Departure) (bool, string) {
	allowed, tr := MayOpportunityAttack(d)
	return allowed, tr[len(tr)-1].Key
}

// freshTurn is a budget at the start of a normal turn.
func freshTurn(ts TurnStart) Budget {
	b, _ := Enter(false, LockRoundEnd, 1).StartTurn(ts)
	return b
}

func TestTurnVectors(t *testing.T) {
	tests := []struct {
		id, errata string
		rule       combat.RuleID
		run        func(t *testing.T)
	}{
		{id: "DND-TV-6", rule: "DND-SURP-5", errata: "DND-ERR-2: the Hebrew lock lasts until the end of round 1 (default)", run: func(t *testing.T) {
			f, tr := Enter(true, LockRoundEnd, 1).StartTurn(plainTurn)
			if f.Movement != 0 || f.Action || f.BonusAction || f.FreeInteraction || f.Reaction {
				t.Errorf("surprised first turn has %+v", f)
			}
			if _, found := tr.Find("surprised-first-turn"); !found {
				t.Errorf("trace %v", tr)
			}
			f = f.EndTurn()
			if allowed, key := oaKey(leaves(f)); allowed || key != "surprise-lock" {
				t.Errorf("round 1 at 15: allowed %v (%s)", allowed, key)
			}
			f = f.EndRound(1)
			if allowed, key := oaKey(leaves(f)); !allowed {
				t.Errorf("AM-1: after round 1 the reaction is back, got %s", key)
			}
			f, _ = f.StartTurn(plainTurn)
			if f.Movement != 30 || !f.Action || !f.FreeInteraction || !f.Reaction {
				t.Errorf("round 2 is not normal: %+v", f)
			}
		}},
		{id: "DND-TV-7", rule: "DND-AMB-3", errata: "DND-ERR-2: SRD switch, the lock ends with the creature's own first turn", run: func(t *testing.T) {
			f, _ := Enter(true, LockOwnTurnEnd, 1).StartTurn(plainTurn)
			if allowed, key := oaKey(leaves(f)); allowed || key != "surprise-lock" {
				t.Errorf("during its own surprised turn: allowed %v (%s)", allowed, key)
			}
			f = f.EndTurn()
			if allowed, key := oaKey(leaves(f)); !allowed {
				t.Errorf("round 1 at 15, SRD mode: not allowed (%s)", key)
			}
		}},
		{id: "DND-TV-8", rule: "DND-REACT-3", run: func(t *testing.T) {
			r, _ := Enter(false, LockRoundEnd, 1).StartTurn(bonusTurn)
			r = r.EndTurn().EndRound(1)
			if allowed, key := oaKey(leaves(r)); !allowed {
				t.Fatalf("goblin A: %s", key)
			}
			r = ok(t)(r.React(false))
			if allowed, key := oaKey(leaves(r)); allowed || key != "reaction-used" {
				t.Errorf("goblin B: allowed %v (%s)", allowed, key)
			}
			if _, err := r.React(false); err == nil {
				t.Error("a second reaction before the rogue's turn")
			}
			r, _ = r.StartTurn(bonusTurn)
			if !r.Reaction {
				t.Error("the reaction did not come back at the rogue's turn")
			}
		}},
		{id: "DND-TV-9", rule: "DND-REACT-4", run: func(t *testing.T) {
			path := []grid.Square{{X: 4, Y: 3}, {X: 4, Y: 4}, {X: 3, Y: 4}, {X: 2, Y: 5}}
			exit := FirstExit(path, fighterAt, 5)
			if exit != 2 {
				t.Fatalf("DND-ND-3: first exit at step %d, want 2", exit)
			}
			g := ok(t)(freshTurn(bonusTurn).Move(exit * SquareFeet))
			g, resumed := g.Resume(true)
			if !resumed || g.Movement != 20 || !g.Action || !g.BonusAction {
				t.Errorf("resumed %v with %+v, want 20 ft, action and bonus action", resumed, g)
			}
		}},
		{id: "DND-TV-10", rule: "DND-AMB-16", run: func(t *testing.T) {
			g := ok(t)(freshTurn(bonusTurn).Move(10))
			g, resumed := g.Resume(false)
			if resumed || g.Movement != 0 || g.Action || g.BonusAction || g.FreeInteraction {
				t.Errorf("a dropped goblin goes on: resumed %v, %+v", resumed, g)
			}
		}},
		{id: "DND-TV-11", rule: "DND-FREE-3", run: func(t *testing.T) {
			f := ok(t)(freshTurn(plainTurn).Move(15))
			f, step, err := f.Interact(false)
			if err != nil || step.Rule != "DND-FREE-3" || step.Key != "free-interaction" {
				t.Fatalf("opening the door: %v %v", step, err)
			}
			f = ok(t)(f.Move(10))
			if f = ok(t)(f.TakeAction(ActionAttack)); f.Action || f.FreeInteraction {
				t.Errorf("%+v", f)
			}
		}},
		{id: "DND-TV-12", rule: "DND-FREE-3", run: func(t *testing.T) {
			f, step, err := freshTurn(plainTurn).Interact(false)
			if err != nil || step.Key != "free-interaction" {
				t.Fatalf("drawing the sword: %v %v", step, err)
			}
			ok(t)(f.TakeAction(ActionAttack))
		}},
		{id: "DND-TV-13", rule: "DND-FREE-4", run: func(t *testing.T) {
			f, _, err := freshTurn(plainTurn).Interact(false)
			if err != nil {
				t.Fatal(err)
			}
			f, step, err := f.Interact(false)
			if err != nil || step.Rule != "DND-FREE-4" || step.Key != "interaction-costs-action" {
				t.Fatalf("drawing after the door: %v %v", step, err)
			}
			_, err = f.TakeAction(ActionAttack)
			mustRule(t, err, "DND-TURN-1")
			_, _, err = f.Interact(false)
			mustRule(t, err, "DND-FREE-4")
		}},
		{id: "DND-TV-14", rule: "DND-FREE-6", run: func(t *testing.T) {
			f, step, err := freshTurn(plainTurn).Interact(true)
			if err != nil || step.Rule != "DND-FREE-6" || f.Action || !f.FreeInteraction {
				t.Fatalf("stuck door: %+v %v %v", f, step, err)
			}
			_, err = f.TakeAction(ActionAttack)
			mustRule(t, err, "DND-TURN-1")
		}},
		{id: "DND-TV-15", rule: "DND-BONUS-1", errata: "DND-ERR-3: features add options for the one action, never extra actions; bonus actions only from explicit grants", run: func(t *testing.T) {
			_, err := freshTurn(plainTurn).TakeBonusAction(ActionDisengage, Fighter().BonusActions)
			mustRule(t, err, "DND-BONUS-2")
			g := freshTurn(bonusTurn)
			_, err = g.TakeBonusAction(ActionDash, goblinOpts)
			mustRule(t, err, "DND-BONUS-1")
			g = ok(t)(g.TakeBonusAction(ActionDisengage, goblinOpts))
			if !g.Disengaged || !g.Action {
				t.Errorf("Nimble Escape disengage: %+v", g)
			}
			_, err = g.TakeBonusAction(ActionHide, goblinOpts)
			mustRule(t, err, "DND-BONUS-2")
			r := ok(t)(freshTurn(bonusTurn).Move(10))
			r = ok(t)(r.TakeAction(ActionAttack))
			r = ok(t)(r.TakeBonusAction(ActionDash, rogueOpts))
			if r.Movement != 50 {
				t.Errorf("Cunning Action dash after 10 ft: %d ft left, want 50", r.Movement)
			}
		}},
		{id: "DND-TV-16", rule: "DND-BONUS-4", run: func(t *testing.T) {
			g, tr := Enter(false, LockRoundEnd, 1).StartTurn(TurnStart{Speed: 30, HasBonus: true, CannotAct: true})
			if g.Action || g.BonusAction {
				t.Errorf("%+v", g)
			}
			if s, found := tr.Find("cannot-act"); !found || s.Rule != "DND-BONUS-4" {
				t.Errorf("trace %v", tr)
			}
			_, err := g.TakeBonusAction(ActionDisengage, goblinOpts)
			mustRule(t, err, "DND-BONUS-2")
		}},
		{id: "DND-TV-17", rule: "DND-AMB-10", run: func(t *testing.T) {
			r := ok(t)(freshTurn(bonusTurn).TakeAction(ActionAttack))
			if r = ok(t)(r.Move(30)); r.Movement != 0 {
				t.Errorf("attack then 30 ft: %d left", r.Movement)
			}
			r = ok(t)(freshTurn(bonusTurn).Move(15))
			r = ok(t)(r.TakeAction(ActionAttack))
			if r = ok(t)(r.Move(15)); r.Movement != 0 {
				t.Errorf("15, attack, 15: %d left", r.Movement)
			}
			_, err := r.Move(5)
			mustRule(t, err, "DND-TURN-1")
		}},
		{id: "DND-TV-18", rule: "DND-TURN-5", run: func(t *testing.T) {
			f := freshTurn(plainTurn).EndTurn()
			if f.Movement != 0 || f.Action {
				t.Errorf("unused budget kept after the turn: %+v", f)
			}
			if f, _ = f.StartTurn(plainTurn); f.Movement != 30 {
				t.Errorf("DND-ALG-C: unused movement carried over: %d ft", f.Movement)
			}
		}},
		{id: "DND-TV-19", rule: "DND-REACT-1", run: func(t *testing.T) {
			r := ok(t)(freshTurn(bonusTurn).React(false))
			r = r.EndTurn().EndRound(1)
			if r.Reaction {
				t.Error("the reaction came back before the next turn")
			}
			if r, _ = r.StartTurn(bonusTurn); !r.Reaction {
				t.Error("the reaction did not come back at the next turn")
			}
		}},
		{id: "DND-TV-20", rule: "DND-ROUND-1", run: func(t *testing.T) {
			if got := Elapsed(10); got != 60 {
				t.Errorf("10 rounds = %d s", got)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			if tc.errata != "" {
				t.Logf("errata: %s", tc.errata)
			}
			tc.run(t)
		})
	}
}

func TestOpportunityAttackPrevention(t *testing.T) {
	base := leaves(freshTurn(plainTurn))
	tests := []struct {
		name, key string
		rule      combat.RuleID
		change    func(*Departure)
	}{
		{"allowed", "opportunity-attack", "DND-REACT-2", func(*Departure) {}},
		{"by its action", "opportunity-attack", "DND-REACT-2", func(d *Departure) { d.Kind = MoveAction }},
		{"by its reaction", "opportunity-attack", "DND-REACT-2", func(d *Departure) { d.Kind = MoveReaction }},
		{"friend", "not-hostile", "DND-ND-3", func(d *Departure) { d.Hostile = false }},
		{"unseen", "unseen", "DND-ND-3", func(d *Departure) { d.Sees = false }},
		{"stays in reach", "does-not-leave-reach", "DND-ND-3", func(d *Departure) { d.To = grid.Square{X: 4, Y: 4} }},
		{"enters reach", "does-not-leave-reach", "DND-ND-3", func(d *Departure) { d.From, d.To = awayFromF, besideF }},
		{"reach 10 ft", "does-not-leave-reach", "DND-ND-3", func(d *Departure) { d.Reach = 10 }},
		{"forced", "forced-movement", "DND-ND-3", func(d *Departure) { d.Kind = MoveForced }},
		{"teleport", "teleport", "DND-ND-3", func(d *Departure) { d.Kind = MoveTeleport }},
		{"disengaged", "disengaged", "DND-ND-3", func(d *Departure) { d.Disengaged = true }},
		{"no such reaction", "no-opportunity-attack", "DND-ND-8", func(d *Departure) { d.HasOption = false }},
		{"reaction used", "reaction-used", "DND-REACT-3", func(d *Departure) { d.Reactor.Reaction = false }},
		{"cannot act", "cannot-act", "DND-REACT-3", func(d *Departure) { d.ReactorCannotAct = true }},
		{"surprise lock", "surprise-lock", "DND-SURP-5", func(d *Departure) { d.Reactor = Enter(true, LockRoundEnd, 1) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := base
			tc.change(&d)
			allowed, tr := MayOpportunityAttack(d)
			last := tr[len(tr)-1]
			if allowed != (tc.key == "opportunity-attack") || last.Key != tc.key || last.Rule != tc.rule {
				t.Errorf("allowed %v, outcome %v; want %s (%s)", allowed, last, tc.key, tc.rule)
			}
		})
	}
}

func TestReactorQueue(t *testing.T) {
	o := Order{Slots: []Slot{
		{Members: []string{"fighter"}}, {Members: []string{"goblin-a", "goblin-b"}}, {Members: []string{"rogue"}}, {Members: []string{"wizard"}},
	}}
	got := ReactorQueue(o, 1, []string{"fighter", "wizard", "rogue", "ogre"})
	want := []string{"rogue", "wizard", "fighter", "ogre"}
	if len(got) != len(want) {
		t.Fatalf("DND-AMB-12: %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("DND-AMB-12: %v, want %v", got, want)
		}
	}
}

func TestActionEffects(t *testing.T) {
	b := freshTurn(plainTurn)
	if _, err := b.TakeAction("juggle"); err == nil {
		t.Error("DND-ND-1: unknown action accepted")
	}
	d := ok(t)(b.TakeAction(ActionDodge))
	if !d.Dodging {
		t.Error("Dodge not recorded")
	}
	if d, _ = d.EndTurn().StartTurn(plainTurn); d.Dodging {
		t.Error("Dodge outlasted the start of the next turn")
	}
	if _, err := b.Move(0); err == nil {
		t.Error("a move of 0 ft accepted")
	}
}

func TestFirstExit(t *testing.T) {
	tests := []struct {
		name  string
		path  []grid.Square
		reach int
		want  int
	}{
		{"leaves on the second step", []grid.Square{{X: 4, Y: 3}, {X: 4, Y: 4}, {X: 5, Y: 5}}, 5, 1},
		{"circles inside reach", []grid.Square{{X: 4, Y: 3}, {X: 4, Y: 4}, {X: 3, Y: 4}}, 5, -1},
		{"starts outside and walks in", []grid.Square{{X: 6, Y: 3}, {X: 5, Y: 3}, {X: 4, Y: 3}}, 5, -1},
		{"10-ft reach holds it one square longer", []grid.Square{{X: 4, Y: 3}, {X: 5, Y: 3}, {X: 6, Y: 3}}, 10, 1},
	}
	for _, tc := range tests {
		if got := FirstExit(tc.path, fighterAt, tc.reach); got != tc.want {
			t.Errorf("DND-ND-3 %s: %d, want %d", tc.name, got, tc.want)
		}
	}
}
