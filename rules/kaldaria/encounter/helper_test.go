package encounter

import (
	"encoding/json"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
)

// The ruleset implements every capability the engine and the UI look for.
var (
	_ combat.Profiler      = Ruleset{}
	_ combat.TurnRuler     = Ruleset{}
	_ combat.Budgeter      = Ruleset{}
	_ combat.Counterer     = Ruleset{}
	_ combat.RoundResetter = Ruleset{}
	_ combat.TurnEnder     = Ruleset{}
	_ combat.Attacker      = Ruleset{}
	_ combat.OddsTeller    = Ruleset{}
	_ combat.Mover         = Ruleset{}
	_ combat.Planner       = Ruleset{}
	_ combat.Moder         = Ruleset{}
	_ combat.Targeter      = Ruleset{}
	_ combat.Threatener    = Ruleset{}
	_ combat.Armory        = Ruleset{}
)

// session starts a session on enc.
func session(t *testing.T, enc combat.Encounter) *combat.Session {
	t.Helper()
	reg, err := combat.NewRegistry(Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := combat.NewSession(reg, enc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// do runs commands that roll no dice, failing the test on an error.
func do(t *testing.T, s *combat.Session, cmds ...combat.Command) {
	t.Helper()
	for _, c := range cmds {
		if _, err := s.DoWithDice(c); err != nil {
			t.Fatalf("%s: %v", c.Kind(), err)
		}
	}
}

// running lays out bodies, sets the order to the given IDs and starts.
func running(t *testing.T, w, h int, bs []body, ids ...string) *combat.Session {
	t.Helper()
	enc, err := layout(mapOf(w, h), 1, bs)
	if err != nil {
		t.Fatal(err)
	}
	s := session(t, enc)
	do(t, s, order(ids...), combat.Start{})
	return s
}

// roundOf decodes a combatant's round state.
func roundOf(t *testing.T, enc combat.Encounter, id string) roundState {
	t.Helper()
	c, _ := enc.Combatant(id)
	var st roundState
	if err := json.Unmarshal(c.RoundState, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// stateOf decodes a combatant's persistent state.
func stateOf(t *testing.T, enc combat.Encounter, id string) lasting {
	t.Helper()
	c, _ := enc.Combatant(id)
	var st lasting
	if len(c.State) > 0 {
		if err := json.Unmarshal(c.State, &st); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// resolved returns the AttackResolved event of a command's events.
func resolved(t *testing.T, evs []combat.Event) combat.Blow {
	t.Helper()
	for _, ev := range evs {
		if b, ok := ev.Payload().(combat.Blow); ok {
			return b
		}
	}
	t.Fatal("no attack resolved")
	return combat.Blow{}
}

// value returns the value of the first trace step with the key, or -999.
func value(tr combat.Trace, key kaldaria.Key) int {
	if s, ok := tr.Find(key.String()); ok {
		return s.Value
	}
	return -999
}

// mapOf is an open map.
func mapOf(w, h int) grid.Map { return grid.Map{W: w, H: h} }

// pcg is a seeded roller for benchmarks.
func pcg() *dice.PCG { return dice.NewPCG(42) }
