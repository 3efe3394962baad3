package combat

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

func mustApply(t *testing.T, rs Ruleset, e Encounter, cmd Command, faces ...int) (Encounter, []Event) {
	t.Helper()
	next, ev, err := Apply(rs, e, cmd, dicetest.Script(t, faces...))
	if err != nil {
		t.Fatalf("%s: %v", cmd.Kind(), err)
	}
	return next, ev
}

// mustFail applies a command that must be rejected without rolling and
// checks that nothing changed.
func mustFail(t *testing.T, rs Ruleset, e Encounter, cmd Command) error {
	t.Helper()
	before := e.Clone()
	next, ev, err := Apply(rs, e, cmd, dicetest.Script(t))
	if err == nil {
		t.Fatalf("%s was accepted", cmd.Kind())
	}
	if !reflect.DeepEqual(next, before) || ev != nil {
		t.Fatalf("%s was rejected but changed the state", cmd.Kind())
	}
	return err
}

func hasEvent(ev []Event, typ EventType, actor string) bool {
	return slices.ContainsFunc(ev, func(e Event) bool { return e.Type() == typ && (actor == "" || e.Actor == actor) })
}

func at(x, y int) grid.Square { return grid.Square{X: x, Y: y} }

// party places the DND-TV fixtures (§13 of the 5e order-of-combat spec) on a
// 12×12 map — Fighter (DEX +0), Rogue (+3, one bonus action), goblins A–D
// (+2, one stat block, Nimble Escape as a bonus action) — and rolls
// initiative with Fighter 18, Rogue 9, goblins 13: order F 18, goblins 15,
// R 12 (DND-TV-1).
func party(t *testing.T, rs Ruleset) Encounter {
	t.Helper()
	e := NewEncounter(rs.ID(), grid.Map{W: 12, H: 12}, 1)
	gob := json.RawMessage(`{"hp":7,"speed":6,"init":2,"ac":15,"dmg":6,"group":"goblin","bonus":1}`)
	rogue := json.RawMessage(`{"hp":14,"speed":6,"init":3,"ac":14,"dmg":6,"bonus":1}`)
	for _, p := range []Place{
		place("F", "pc", 5, 5, profile(20, 6, 0, 16, 8, "")),
		place("R", "pc", 1, 10, rogue),
		place("GA", "gob", 6, 4, gob),
		place("GB", "gob", 10, 10, gob),
		place("GC", "gob", 10, 1, gob),
		place("GD", "gob", 11, 1, gob),
	} {
		e, _ = mustApply(t, rs, e, p)
	}
	e, _ = mustApply(t, rs, e, RollInitiative{}, 18, 9, 13)
	return e
}

func orderIDs(o []Slot) [][]string {
	var out [][]string
	for _, s := range o {
		out = append(out, s.Members)
	}
	return out
}

func TestInitiative(t *testing.T) {
	rs := fake{}
	t.Run("DND-TV-1", func(t *testing.T) {
		e := party(t, rs)
		want := [][]string{{"F"}, {"GA", "GB", "GC", "GD"}, {"R"}}
		if got := orderIDs(e.Order); !reflect.DeepEqual(got, want) {
			t.Fatalf("order %v, want %v", got, want)
		}
		for i, score := range []int{18, 15, 12} {
			if e.Order[i].Score != score {
				t.Errorf("slot %d score %d, want %d", i, e.Order[i].Score, score)
			}
		}
	})
	t.Run("DND-TV-2", func(t *testing.T) {
		e, _ := mustApply(t, rs, party(t, rs), Start{})
		before := cloneOrder(e.Order)
		var turns []string
		for range 7 {
			turns = append(turns, e.Current())
			e, _ = mustApply(t, rs, e, EndTurn{}) // no dice: no re-roll
		}
		if want := []string{"F", "GA", "GB", "GC", "GD", "R", "F"}; !reflect.DeepEqual(turns, want) {
			t.Errorf("turns %v, want %v", turns, want)
		}
		if e.Round != 2 || !reflect.DeepEqual(e.Order, before) {
			t.Errorf("round %d order %v: want round 2, same order", e.Round, orderIDs(e.Order))
		}
		if f, _ := e.Combatant("F"); string(f.State) != `{"ended":2}` {
			t.Errorf("TurnEnder state %s, want 2 turns ended", f.State)
		}
	})
	// DND-TV-3 (c) with the optional roll-off (DND-INIT-4, DND-AMB-8).
	rows := []struct {
		name  string
		faces []int
		want  [][]string
	}{
		{"DND-TV-3c", []int{10, 12, 13, 14, 9}, [][]string{{"R"}, {"GA", "GB", "GC", "GD"}, {"F"}}},
		{"DND-TV-3c-reroll", []int{10, 12, 13, 7, 7, 3, 12}, [][]string{{"GA", "GB", "GC", "GD"}, {"R"}, {"F"}}},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			e := party(t, rs)
			e.Phase = PhaseSetup
			e, _ = mustApply(t, rs, e, RollInitiative{}, row.faces...)
			if got := orderIDs(e.Order); !reflect.DeepEqual(got, row.want) {
				t.Errorf("order %v, want %v", got, row.want)
			}
		})
	}
}

func TestSurprise(t *testing.T) {
	t.Run("DND-TV-6", func(t *testing.T) {
		rs := fake{}
		e, _ := mustApply(t, rs, party(t, rs), Start{Surprised: []string{"F"}})
		f, _ := e.Combatant("F")
		if b := f.Budget; !b.Counts.IsZero() {
			t.Fatalf("surprised first turn budget %+v, want all spent", b)
		}
		mustFail(t, rs, e, Attack{Attacker: "F", Defender: "GA"})
		e, _ = mustApply(t, rs, e, EndTurn{})
		e, ev := mustApply(t, rs, e, Move{ID: "GA", Path: []grid.Square{at(7, 3)}})
		if e.Pending != nil || !hasEvent(ev, Moved, "GA") {
			t.Fatalf("locked fighter was offered an opportunity attack: %+v", e.Pending)
		}
		for range 5 {
			e, ev = mustApply(t, rs, e, EndTurn{})
		}
		if !hasEvent(ev, ReactionUnlocked, "F") || e.Round != 2 {
			t.Fatal("lock not released at the end of round 1 (AM-1)")
		}
		f, _ = e.Combatant("F")
		if !(f.Budget.Left("reaction") > 0) || f.Budget.Left("movement") != 6 || f.Budget.Left("action") != 1 {
			t.Errorf("round 2 budget %+v, want normal", f.Budget)
		}
	})
	t.Run("DND-TV-7", func(t *testing.T) {
		rs := fake{lock: LockEndOfOwnFirstTurn}
		e, _ := mustApply(t, rs, party(t, rs), Start{Surprised: []string{"F"}})
		e, ev := mustApply(t, rs, e, EndTurn{})
		if !hasEvent(ev, ReactionUnlocked, "F") {
			t.Fatal("SRD lock not released at the end of the fighter's own turn")
		}
		e, _ = mustApply(t, rs, e, Move{ID: "GA", Path: []grid.Square{at(7, 3)}})
		if e.Pending == nil || e.Pending.Chooser != "F" || e.Pending.Kind != DecideOpportunity {
			t.Fatalf("pending %+v, want the fighter's opportunity attack", e.Pending)
		}
	})
}

// round2 starts the encounter and ends every turn of round 1.
func round2(t *testing.T, rs Ruleset, e Encounter) Encounter {
	t.Helper()
	e, _ = mustApply(t, rs, e, Start{})
	for range 6 {
		e, _ = mustApply(t, rs, e, EndTurn{})
	}
	return e
}

func TestReactions(t *testing.T) {
	rs := fake{}
	t.Run("DND-TV-8", func(t *testing.T) {
		e := party(t, rs)
		e, _ = mustApply(t, rs, e, Reposition{ID: "R", To: at(2, 2)})
		e, _ = mustApply(t, rs, e, Reposition{ID: "GA", To: at(3, 2)})
		e, _ = mustApply(t, rs, e, Reposition{ID: "GB", To: at(3, 3)})
		e = round2(t, rs, e)
		e, _ = mustApply(t, rs, e, EndTurn{}) // F
		e, _ = mustApply(t, rs, e, Move{ID: "GA", Path: []grid.Square{at(4, 1)}})
		if e.Pending == nil || e.Pending.Chooser != "R" {
			t.Fatalf("pending %+v, want the rogue's opportunity attack", e.Pending)
		}
		e, _ = mustApply(t, rs, e, TakeOpportunity{}, 1) // a miss
		e, _ = mustApply(t, rs, e, EndTurn{})
		e, _ = mustApply(t, rs, e, Move{ID: "GB", Path: []grid.Square{at(4, 4)}})
		if e.Pending != nil {
			t.Fatalf("rogue offered a second reaction: %+v", e.Pending)
		}
		for range 3 {
			e, _ = mustApply(t, rs, e, EndTurn{})
		}
		if r, _ := e.Combatant("R"); e.Current() != "R" || !(r.Budget.Left("reaction") > 0) {
			t.Errorf("rogue's reaction not back at the start of its turn: %+v", r.Budget)
		}
	})
	tv9 := func(t *testing.T, take TakeOpportunity, faces ...int) (Encounter, []Event) {
		e := round2(t, rs, party(t, rs))
		e, _ = mustApply(t, rs, e, EndTurn{}) // F
		e, _ = mustApply(t, rs, e, Move{ID: "GA", Path: []grid.Square{at(6, 5), at(6, 6), at(7, 7), at(8, 8)}})
		g, _ := e.Combatant("GA")
		if e.Pending == nil || e.Pending.Chooser != "F" || g.Pos != at(6, 6) || g.Budget.Left("movement") != 4 {
			t.Fatalf("goblin at %v with %d movement, pending %+v: want paused at (6,6) with 4", g.Pos, g.Budget.Left("movement"), e.Pending)
		}
		return mustApply(t, rs, e, take, faces...)
	}
	t.Run("DND-TV-9", func(t *testing.T) {
		e, _ := tv9(t, TakeOpportunity{}, 5) // misses AC 15
		g, _ := e.Combatant("GA")
		if g.Pos != at(8, 8) || g.Budget.Left("movement") != 2 || g.Budget.Left("action") != 1 || g.Budget.Left("bonus") != 1 || e.Current() != "GA" {
			t.Errorf("goblin at %v budget %+v: want the move resumed, action and bonus unused", g.Pos, g.Budget)
		}
	})
	t.Run("DND-TV-10", func(t *testing.T) {
		e, ev := tv9(t, TakeOpportunity{}, 20, 8) // hit, 8 damage drops the 7-HP goblin
		g, _ := e.Combatant("GA")
		if g.Up() || g.Pos != at(6, 6) || !hasEvent(ev, MoveStopped, "GA") || !hasEvent(ev, TurnEnded, "GA") || e.Current() != "GB" {
			t.Errorf("goblin at %v hp %d, current %s: want stopped, turn ended", g.Pos, g.HP, e.Current())
		}
	})
	t.Run("K-RES-3-step-3", func(t *testing.T) {
		// The opportunity attack stuns the goblin: the step it was taking
		// is checked again and the move stops where it is; its turn goes on.
		e, ev := tv9(t, TakeOpportunity{Option: []byte(`"stun"`)}, 20, 2)
		g, _ := e.Combatant("GA")
		if !g.Up() || g.Pos != at(6, 6) || !hasEvent(ev, MoveStopped, "GA") || e.Current() != "GA" || e.Move != nil {
			t.Errorf("goblin at %v, current %s: want stopped at (6,6) and still acting", g.Pos, e.Current())
		}
	})
	t.Run("DND-TV-19", func(t *testing.T) {
		e, _ := mustApply(t, rs, party(t, rs), Reposition{ID: "GA", To: at(5, 4)})
		e, _ = mustApply(t, rs, e, Start{})
		e, _ = mustApply(t, rs, e, UseAction{ID: "F", Resource: "reaction", Key: "readied"})
		e, _ = mustApply(t, rs, e, EndTurn{})
		e, _ = mustApply(t, rs, e, Move{ID: "GA", Path: []grid.Square{at(5, 3)}})
		if e.Pending != nil {
			t.Fatal("fighter reacted twice in one round")
		}
	})
	t.Run("DND-AMB-12", func(t *testing.T) {
		// Two reactors: asked in initiative order starting after the
		// current slot: the rogue (12) before the fighter (18).
		e := party(t, rs)
		e, _ = mustApply(t, rs, e, Reposition{ID: "R", To: at(5, 4)})
		e = round2(t, rs, e)
		e, _ = mustApply(t, rs, e, EndTurn{})
		e, _ = mustApply(t, rs, e, Move{ID: "GA", Path: []grid.Square{at(7, 3), at(7, 2)}})
		if e.Pending == nil || e.Pending.Chooser != "R" {
			t.Fatalf("first asked %+v, want R", e.Pending)
		}
		e, _ = mustApply(t, rs, e, DeclineOpportunity{})
		if e.Pending == nil || e.Pending.Chooser != "F" {
			t.Fatalf("second asked %+v, want F", e.Pending)
		}
		mustFail(t, rs, e, EndTurn{})
		e, _ = mustApply(t, rs, e, DeclineOpportunity{})
		if g, _ := e.Combatant("GA"); g.Pos != at(7, 2) || e.Move != nil {
			t.Errorf("goblin at %v, want (7,2) after both declined", g.Pos)
		}
	})
}

func TestTurnBudget(t *testing.T) {
	rs := fake{}
	started := func(t *testing.T) Encounter {
		e, _ := mustApply(t, rs, party(t, rs), Reposition{ID: "GA", To: at(5, 4)})
		e, _ = mustApply(t, rs, e, Start{})
		return e
	}
	rows := []struct {
		id     string
		uses   []UseAction
		attack bool // whether the attack afterwards is allowed
	}{
		{"DND-TV-11", []UseAction{{Resource: "interaction", Key: "open-door"}}, true},
		{"DND-TV-12", []UseAction{{Resource: "interaction", Key: "draw-weapon"}}, true},
		{"DND-TV-13", []UseAction{{Resource: "interaction", Key: "open-door"}, {Resource: "interaction", Key: "draw-weapon"}}, false},
		{"DND-TV-14", []UseAction{{Resource: "interaction", Key: "force-door", CostsAction: true}}, false},
	}
	for _, row := range rows {
		t.Run(row.id, func(t *testing.T) {
			e := started(t)
			for _, u := range row.uses {
				u.ID = "F"
				e, _ = mustApply(t, rs, e, u)
			}
			cmd := Attack{Attacker: "F", Defender: "GA"}
			if row.attack {
				mustApply(t, rs, e, cmd, 2) // a miss
			} else {
				mustFail(t, rs, e, cmd)
			}
		})
	}
	t.Run("DND-TV-15", func(t *testing.T) {
		e := started(t)
		mustFail(t, rs, e, UseAction{ID: "F", Resource: "bonus", Key: "none"})
		e, _ = mustApply(t, rs, e, EndTurn{})
		e, _ = mustApply(t, rs, e, UseAction{ID: "GA", Resource: "bonus", Key: "disengage"})
		mustFail(t, rs, e, UseAction{ID: "GA", Resource: "bonus", Key: "hide"})
	})
	t.Run("DND-TV-17", func(t *testing.T) {
		e := started(t)
		e, _ = mustApply(t, rs, e, Move{ID: "F", Path: []grid.Square{at(4, 5), at(4, 4), at(4, 3)}})
		mustFail(t, rs, e, Attack{Attacker: "F", Defender: "GA"}) // not adjacent any more
		e, _ = mustApply(t, rs, e, Move{ID: "F", Path: []grid.Square{at(5, 3)}})
		e, _ = mustApply(t, rs, e, Attack{Attacker: "F", Defender: "GA"}, 3)
		e, _ = mustApply(t, rs, e, Move{ID: "F", Path: []grid.Square{at(6, 3), at(7, 3)}})
		mustFail(t, rs, e, Move{ID: "F", Path: []grid.Square{at(8, 3)}}) // a 7th square
	})
	t.Run("reset-move", func(t *testing.T) {
		e := started(t)
		e, _ = mustApply(t, rs, e, Move{ID: "F", Path: []grid.Square{at(4, 5), at(4, 4)}})
		e, _ = mustApply(t, rs, e, ResetMove{ID: "F"})
		if f, _ := e.Combatant("F"); f.Pos != at(5, 5) || f.Budget.Left("movement") != 6 {
			t.Errorf("after reset at %v with %d movement", f.Pos, f.Budget.Left("movement"))
		}
		mustFail(t, rs, e, ResetMove{ID: "F"})
	})
}

func TestOrderChanges(t *testing.T) {
	rs := fake{}
	t.Run("DND-TV-21", func(t *testing.T) {
		e := round2(t, rs, party(t, rs))
		for range 6 {
			e, _ = mustApply(t, rs, e, EndTurn{})
		}
		e, _ = mustApply(t, rs, e, EndTurn{}) // round 3: F done, goblin A acting
		e, ev := mustApply(t, rs, e, place("OG", "gob", 0, 0, profile(30, 6, 0, 11, 10, "")), 13)
		if !hasEvent(ev, Joined, "OG") {
			t.Fatal("no Joined event")
		}
		want := [][]string{{"F"}, {"GA", "GB", "GC", "GD"}, {"OG"}, {"R"}}
		if got := orderIDs(e.Order); !reflect.DeepEqual(got, want) || e.Current() != "GA" {
			t.Fatalf("order %v current %s, want %v with GA acting", got, e.Current(), want)
		}
		for range 4 {
			e, _ = mustApply(t, rs, e, EndTurn{})
		}
		if e.Current() != "OG" || e.Round != 3 {
			t.Errorf("current %s in round %d, want the ogre in round 3", e.Current(), e.Round)
		}
	})
	t.Run("DND-TV-22", func(t *testing.T) {
		e, _ := mustApply(t, rs, party(t, rs), Start{})
		e, _ = mustApply(t, rs, e, SetHP{ID: "GC", HP: 0})
		var turns []string
		for range 5 {
			e, _ = mustApply(t, rs, e, EndTurn{})
			turns = append(turns, e.Current())
		}
		if want := []string{"GA", "GB", "GD", "R", "F"}; !reflect.DeepEqual(turns, want) {
			t.Errorf("turns %v, want %v (GC skipped)", turns, want)
		}
		e, _ = mustApply(t, rs, e, Remove{ID: "GC"})
		if got := orderIDs(e.Order)[1]; !reflect.DeepEqual(got, []string{"GA", "GB", "GD"}) {
			t.Errorf("goblin slot %v after removal", got)
		}
	})
	// DND-AMB-15: removing a creature keeps the turn on the creature acting,
	// or passes it on when the acting creature is removed.
	removals := []struct {
		name    string
		ends    int // turns ended before the removal
		remove  string
		current string
	}{
		{"acting-alone-in-slot", 0, "F", "GA"},
		{"acting-in-group", 1, "GA", "GB"},
		{"earlier-slot", 2, "F", "GB"},
		{"earlier-member", 2, "GA", "GB"},
		{"later-slot", 1, "R", "GA"},
	}
	for _, row := range removals {
		t.Run("remove-"+row.name, func(t *testing.T) {
			e, _ := mustApply(t, rs, party(t, rs), Start{})
			for range row.ends {
				e, _ = mustApply(t, rs, e, EndTurn{})
			}
			e, _ = mustApply(t, rs, e, Remove{ID: row.remove})
			if e.Current() != row.current {
				t.Errorf("current %s, want %s (order %v)", e.Current(), row.current, orderIDs(e.Order))
			}
		})
	}
}

// TestRoundState checks the per-round reset of K-GEN-6 and K-RES-1 step 1:
// the opportunity-attack record made in round 2 is cleared in round 3.
func TestRoundState(t *testing.T) {
	rs := fake{}
	e := round2(t, rs, party(t, rs))
	e, _ = mustApply(t, rs, e, EndTurn{})
	e, _ = mustApply(t, rs, e, Move{ID: "GA", Path: []grid.Square{at(7, 3)}})
	e, _ = mustApply(t, rs, e, TakeOpportunity{}, 2)
	if f, _ := e.Combatant("F"); string(f.RoundState) != `{"oa":1}` {
		t.Fatalf("round state %s after an OA", f.RoundState)
	}
	for range 5 {
		e, _ = mustApply(t, rs, e, EndTurn{})
	}
	if f, _ := e.Combatant("F"); e.Round != 3 || string(f.RoundState) != `{"oa":0}` {
		t.Errorf("round %d state %s, want reset", e.Round, f.RoundState)
	}
}

func TestUnsupported(t *testing.T) {
	rs := bare{}
	e := NewEncounter("bare", grid.Map{W: 5, H: 5}, 1)
	err := mustFail(t, rs, e, place("A", "x", 0, 0, profile(5, 5, 0, 10, 4, "")))
	var ue *UnsupportedError
	if !errors.As(err, &ue) || ue.Capability != "Profiler" {
		t.Fatalf("err %v, want UnsupportedError Profiler", err)
	}
	for _, p := range []Place{
		{Spec{ID: "A", Side: "x", Stats: Stats{MaxHP: 5, Speed: 5}}},
		{Spec{ID: "B", Side: "y", Pos: at(1, 0), Stats: Stats{MaxHP: 5, Speed: 5}}},
	} {
		e, _ = mustApply(t, rs, e, p)
	}
	e, _ = mustApply(t, rs, e, RollInitiative{}, 10, 5)
	e, _ = mustApply(t, rs, e, Start{})
	for _, cmd := range []Command{Move{ID: "A", Path: []grid.Square{at(0, 1)}}, Attack{Attacker: "A", Defender: "B"}} {
		if err := mustFail(t, rs, e, cmd); !errors.As(err, &ue) {
			t.Errorf("%s: %v, want UnsupportedError", cmd.Kind(), err)
		}
	}
	if _, err := Odds(rs, e, AttackRequest{Attacker: "A", Defender: "B"}); !errors.As(err, &ue) {
		t.Errorf("Odds: %v", err)
	}
	var re *RuleError
	if err := mustFail(t, rs, e, UseAction{ID: "A", Resource: "reaction", Key: "x"}); !errors.As(err, &re) || re.Rule != "ENG-TURN-4" {
		t.Errorf("a counter the ruleset does not declare: %v", err)
	}
	if _, _, err := Apply(fake{}, e, EndTurn{}, dicetest.Script(t)); err == nil {
		t.Error("a ruleset applied to another ruleset's encounter")
	}
}

// TestDecision checks a ruleset's question: the dice rolled before it are
// kept with the decision and replayed when the answer comes.
func TestDecision(t *testing.T) {
	rs := fake{}
	e, _ := mustApply(t, rs, party(t, rs), Reposition{ID: "GA", To: at(5, 4)})
	e, _ = mustApply(t, rs, e, Start{})
	e, _ = mustApply(t, rs, e, Attack{Attacker: "F", Defender: "GA", Option: []byte(`"ask"`)}, 18)
	d := e.Pending
	if d == nil || d.Kind != DecideAttack || d.Chooser != "GA" || len(d.Tape) != 1 {
		t.Fatalf("pending %+v, want the goblin asked to parry with one die kept", d)
	}
	mustFail(t, rs, e, Choose{Choice: "dodge"})
	parried, _ := mustApply(t, rs, e, Choose{Choice: "parry"}, 15)
	if g, _ := parried.Combatant("GA"); g.HP != 7 || parried.Pending != nil {
		t.Errorf("parried blow did damage: hp %d", g.HP)
	}
	taken, ev := mustApply(t, rs, e, Choose{Choice: "take"}, 4)
	if g, _ := taken.Combatant("GA"); g.HP != 3 || !hasEvent(ev, AttackResolved, "F") {
		t.Errorf("taken blow left hp %d, want 3", g.HP)
	}
}

func TestNoRollNeeded(t *testing.T) {
	rs := fake{}
	e := party(t, rs)
	for _, cmd := range []Command{
		place("F", "pc", 0, 0, profile(5, 5, 0, 10, 4, "")),  // duplicate ID
		place("Z", "pc", 12, 0, profile(5, 5, 0, 10, 4, "")), // off the map
		place("Z", "pc", 0, 0, []byte(`{"hp":5,"bogus":1}`)), // unknown profile field
		SetHP{ID: "F", HP: 21},
		Start{Surprised: []string{"nobody"}},
		EndTurn{},
		EditMap{Map: grid.Map{W: 4, H: 4}}, // creatures would fall off
		AddCondition{ID: "F", Condition: "not a key"},
		RemoveCondition{ID: "F", Condition: "prone"},
	} {
		t.Run(cmd.Kind(), func(t *testing.T) {
			var re *RuleError
			if err := mustFail(t, rs, e, cmd); !errors.As(err, &re) && cmd.Kind() != "place" {
				t.Errorf("error %v (%T) is not a *RuleError", err, err)
			}
		})
	}
}

// incapable is the fake ruleset with a Budgeter that takes actions and
// bonus actions from an incapacitated creature (DND-BONUS-4, DND-ND-7).
type incapable struct{ fake }

func (r incapable) TurnBudget(enc Encounter, id string) (Counts, error) {
	b, err := r.fake.TurnBudget(enc, id)
	if c, _ := enc.Combatant(id); slices.Contains(c.Conditions, "incapacitated") {
		b = b.With("action", 0).With("bonus", 0)
	}
	return b, err
}

func TestBudgeter(t *testing.T) {
	t.Run("DND-TV-16", func(t *testing.T) {
		rs := incapable{}
		e := party(t, rs)
		e, _ = mustApply(t, rs, e, AddCondition{ID: "GA", Condition: "incapacitated"})
		e, _ = mustApply(t, rs, e, Start{})
		e, _ = mustApply(t, rs, e, EndTurn{})
		if e.Current() != "GA" {
			t.Fatalf("current %s", e.Current())
		}
		mustFail(t, rs, e, UseAction{ID: "GA", Resource: "bonus", Key: "disengage"})
		mustFail(t, rs, e, Attack{Attacker: "GA", Defender: "F"})
		e, _ = mustApply(t, rs, e, Move{ID: "GA", Path: []grid.Square{at(6, 3)}})
		if e.Pending == nil {
			t.Error("moving away did not offer the fighter an opportunity attack")
		}
	})
}

// hundred is the fake ruleset with a d100 initiative die, the way the
// Kryształy Czasu ruleset configures the engine (KC-AMB-33).
type hundred struct{ fake }

func (hundred) TurnRules() TurnRules { return TurnRules{Reactions: true, InitiativeDie: 100} }

// TestInitiativeDie checks that TurnRules.InitiativeDie sets the die of the
// engine's initiative roll (DND-INIT-1): faces above 20 fit only a d100.
func TestInitiativeDie(t *testing.T) {
	rs := hundred{}
	e := party(t, rs)
	e, _ = mustApply(t, rs, e, RollInitiative{}, 87, 40, 55)
	if got, want := orderIDs(e.Order), [][]string{{"F"}, {"GA", "GB", "GC", "GD"}, {"R"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	for i, score := range []int{87, 57, 43} {
		if e.Order[i].Score != score {
			t.Errorf("slot %d score %d, want %d", i, e.Order[i].Score, score)
		}
	}
	if _, _, err := Apply(fake{}, party(t, fake{}), RollInitiative{}, dice.NewScripted(87, 40, 55)); err == nil {
		t.Error("a d20 initiative accepted a face of 87")
	}
	if _, err := (TurnRules{InitiativeDie: 1}).Initiative(e, []string{"F"}, dice.NewScripted(1)); err == nil {
		t.Error("a d1 initiative die accepted")
	}
}
