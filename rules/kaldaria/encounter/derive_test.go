package encounter

import (
	"encoding/json"
	"fmt"
	"iter"
	"reflect"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// fresh returns a copy of enc with nothing derived: decoded from its JSON,
// it has no memo.
func fresh(t *testing.T, enc combat.Encounter) combat.Encounter {
	t.Helper()
	raw, err := json.Marshal(enc)
	if err != nil {
		t.Fatal(err)
	}
	var out combat.Encounter
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	if out.Memo() != nil {
		t.Fatal("a decoded encounter has a memo")
	}
	return out
}

// stepAnswer is a Step's result as text, for comparing.
func stepAnswer(rs Ruleset, enc combat.Encounter, id string, from, to grid.Square) string {
	chk, err := rs.Step(enc, id, from, to)
	return fmt.Sprintf("%+v %v", chk, err)
}

// derivedSamples are the samples whose derived state the tests below
// compare with a fresh one.
var derivedSamples = map[string]func(uint64) (combat.Encounter, error){
	"urchins": SampleUrchins, "elemental": SampleElemental, "robin": SampleRobin, "corridor": SampleCorridor,
}

// built returns the sample built with seed 1.
func built(t *testing.T, sample func(uint64) (combat.Encounter, error)) combat.Encounter {
	t.Helper()
	enc, err := sample(1)
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

// near yields the squares of map m within two of s.
func near(m grid.Map, s grid.Square) iter.Seq[grid.Square] {
	return func(yield func(grid.Square) bool) {
		for y := s.Y - 2; y <= s.Y+2; y++ {
			for x := s.X - 2; x <= s.X+2; x++ {
				if at := (grid.Square{X: x, Y: y}); m.In(at) && !yield(at) {
					return
				}
			}
		}
	}
}

// TestDerivedStepMatchesFresh checks that Step answers from the state an
// encounter's memo keeps (asked many times, so it is reused, with the
// mover standing elsewhere too) exactly as from an encounter derived
// anew, for every combatant of every sample, from every square within
// two of it, to every neighbour.
func TestDerivedStepMatchesFresh(t *testing.T) {
	rs := Ruleset{}
	for name, sample := range derivedSamples {
		t.Run(name, func(t *testing.T) {
			enc := built(t, sample)
			if enc.Memo() == nil {
				t.Fatal("a sample has no memo")
			}
			cold := fresh(t, enc)
			for _, c := range enc.Combatants {
				for from := range near(enc.Map, c.Pos) {
					for _, d := range grid.Directions {
						to := from.Add(d)
						got, want := stepAnswer(rs, enc, c.ID, from, to), stepAnswer(rs, cold, c.ID, from, to)
						if got != want {
							t.Fatalf("%s from %v to %v: %s, want %s", c.ID, from, to, got, want)
						}
					}
				}
			}
		})
	}
}

// TestDerivedNeverStale checks that changing an encounter in place after a
// query (as a caller may, against the Clone contract) is seen by the next
// query: the memo's state is used only while it matches.
func TestDerivedNeverStale(t *testing.T) {
	rs := Ruleset{}
	enc, err := SampleCorridor(1)
	if err != nil {
		t.Fatal(err)
	}
	changes := map[string]func(e *combat.Encounter){
		"position":  func(e *combat.Encounter) { e.Combatants[e.Find("captain")].Pos = grid.Square{X: 9, Y: 3} },
		"condition": func(e *combat.Encounter) { e.Combatants[e.Find("raider-4")].Conditions = []string{CondCharging} },
		"hp":        func(e *combat.Encounter) { e.Combatants[e.Find("captain")].HP = 0 },
		"order":     func(e *combat.Encounter) { m := e.Order[0].Members; m[0] = "raider-7" },
		"round":     func(e *combat.Encounter) { e.Round = 3 },
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			e := enc.Clone()
			e.Order = append([]combat.Slot(nil), enc.Order...)
			e.Order[0].Members = append([]string(nil), enc.Order[0].Members...)
			before, err := rs.Bands(e, "raider-4")
			if err != nil {
				t.Fatal(err)
			}
			change(&e)
			got, err := rs.Bands(e, "raider-4")
			if err != nil {
				t.Fatal(err)
			}
			want, err := rs.Bands(fresh(t, e), "raider-4")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("after the change: %v, want %v (before: %v)", got, want, before)
			}
		})
	}
}

// TestDerivedFollowsPlay plays a sample through Apply, each state built
// from the one before (so its derived battle comes from the previous
// revision's: kept, or with one creature moved), and checks that every
// combatant's steps to every neighbour and the acting creature's turn
// budget read from it exactly as from the state derived anew.
func TestDerivedFollowsPlay(t *testing.T) {
	rs := Ruleset{}
	enc, err := SampleCorridor(2)
	if err != nil {
		t.Fatal(err)
	}
	pcg := dice.NewPCG(5)
	apply := func(c combat.Command) {
		t.Helper()
		next, _, err := combat.Apply(rs, enc, c, pcg)
		if err != nil {
			t.Fatalf("%s: %v", c.Kind(), err)
		}
		enc = next
	}
	if enc.Phase == combat.PhaseSetup {
		apply(combat.RollInitiative{})
		apply(combat.Start{})
	}
	for n := 0; n < 60 && enc.Phase == combat.PhaseRunning; n++ {
		cold := fresh(t, enc)
		for _, c := range enc.Combatants {
			for _, d := range grid.Directions {
				to := c.Pos.Add(d)
				if got, want := stepAnswer(rs, enc, c.ID, c.Pos, to), stepAnswer(rs, cold, c.ID, c.Pos, to); got != want {
					t.Fatalf("command %d, %s to %v: %s, want %s", n, c.ID, to, got, want)
				}
			}
		}
		if enc.Pending != nil {
			apply(combat.DeclineOpportunity{})
			continue
		}
		id := enc.Current()
		got, gotErr := rs.TurnBudget(enc, id)
		want, wantErr := rs.TurnBudget(cold, id)
		if !got.Equal(want) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("command %d: budget of %s %+v %v, want %+v %v", n, id, got, gotErr, want, wantErr)
		}
		reach, err := combat.Reachable(rs, enc, id)
		if err != nil {
			t.Fatal(err)
		}
		var far []grid.Square
		for sq := range reach.Cost {
			if p := reach.Path(sq); len(p) > len(far) || len(p) == len(far) && len(p) > 0 && grid.Compare(sq, far[len(far)-1]) < 0 {
				far = p
			}
		}
		moved := false
		for ; len(far) > 0 && n%3 != 2 && !moved; far = far[:len(far)-1] {
			// Reach counts a charge's distance; a walk may stop short.
			if next, _, err := combat.Apply(rs, enc, combat.Move{ID: id, Path: far}, pcg); err == nil {
				enc, moved = next, true
			}
		}
		if !moved {
			apply(combat.EndTurn{})
		}
	}
}

// TestLineageOddsMatchFresh checks that odds asked along one lineage of
// revisions (which keeps the odds it computed, keyed by what they depend
// on) are those of an encounter with nothing derived, as the defender
// loses hit points, parries and is asked about again: a key that missed
// an input would hand back the odds of an earlier revision.
func TestLineageOddsMatchFresh(t *testing.T) {
	for _, c := range oddsCases() {
		t.Run(c.id, func(t *testing.T) {
			enc := c.prepared(t)
			def, _ := enc.Combatant(c.req.Defender)
			for hp := def.HP; hp > def.HP-8; hp-- {
				next, _, err := combat.Apply(Ruleset{}, enc, combat.SetHP{ID: c.req.Defender, HP: hp}, dice.NewScripted())
				if err != nil {
					t.Fatal(err)
				}
				enc = next
				for range 2 {
					got, gerr := Ruleset{}.Odds(enc, c.req)
					want, werr := Ruleset{}.Odds(fresh(t, enc), c.req)
					if !reflect.DeepEqual(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
						t.Fatalf("HP %d: lineage %v %v, fresh %v %v", hp, got, gerr, want, werr)
					}
					// Appended to a list with something in it already, as
					// a forecast reuses one: the same chances after it.
					head := []combat.Chance{{Key: "kept", Num: 1, Den: 2}}
					app, aerr := combat.AppendOdds(Ruleset{}, head, enc, c.req)
					if want := append(slices.Clip(head), got...); !reflect.DeepEqual(app, want) || fmt.Sprint(aerr) != fmt.Sprint(gerr) {
						t.Fatalf("HP %d: appended %v %v, want %v %v", hp, app, aerr, want, gerr)
					}
				}
			}
		})
	}
}

// TestPlacedTargetMatchesFresh checks that the tier asked of a
// hypothetical placement (a copy of the encounter with the attacker
// standing elsewhere, as a planner asks "what tier from there?"), which
// is answered from the memo's state with the attacker moved, is the one
// an encounter derived anew gives, for every combatant of every sample
// placed on every square within two of it, against every enemy; and that
// asking leaves the memo's answers about the encounter itself unchanged.
func TestPlacedTargetMatchesFresh(t *testing.T) {
	rs := Ruleset{}
	answer := func(enc combat.Encounter, att, def string) string {
		tg, err := rs.Target(enc, att, def)
		return fmt.Sprintf("%+v %v", tg, err)
	}
	for name, sample := range derivedSamples {
		t.Run(name, func(t *testing.T) {
			enc := built(t, sample)
			for i, c := range enc.Combatants {
				for at := range near(enc.Map, c.Pos) {
					placed := enc
					placed.Combatants = slices.Clone(enc.Combatants)
					placed.Combatants[i].Pos = at
					cold := fresh(t, placed)
					for _, e := range enc.Combatants {
						if e.Side == c.Side {
							continue
						}
						if got, want := answer(placed, c.ID, e.ID), answer(cold, c.ID, e.ID); got != want {
							t.Fatalf("%s at %v on %s: %s, want %s", c.ID, at, e.ID, got, want)
						}
						if got, want := answer(enc, c.ID, e.ID), answer(fresh(t, enc), c.ID, e.ID); got != want {
							t.Fatalf("%s on %s after a placement: %s, want %s", c.ID, e.ID, got, want)
						}
					}
				}
			}
		})
	}
}
