package rulesets

import (
	"fmt"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/dnd5e"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria/encounter"
)

// TestPlannedMovesApply checks that the planner and Apply agree (ENG-MOVE-9):
// in every sample, on the turn of every creature of the first round (in
// every Kaldaria movement type), for every square of the map, the path the
// planner plans (shortest and safest) is a move Apply accepts, that
// reaches the square and is offered exactly the opportunity attacks the
// plan says would strike, by whom and where, declining each; every square
// of the band of the movement type plans. A ruleset without a
// planner is checked the same way on the engine's Reachable paths.
func TestPlannedMovesApply(t *testing.T) {
	reg := Registry()
	for _, smp := range Samples() {
		t.Run(smp.ID, func(t *testing.T) {
			s, err := smp.Session(reg)
			if err != nil {
				t.Fatal(err)
			}
			enc := s.State()
			rs := s.Ruleset()
			if enc.Phase == combat.PhaseSetup {
				for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
					if enc, _, err = combat.Apply(rs, enc, c, dice.NewPCG(3)); err != nil {
						t.Fatal(err)
					}
				}
			}
			checked := 0
			for turn := 0; turn < len(enc.Combatants) && enc.Phase == combat.PhaseRunning && enc.Pending == nil; turn++ {
				if enc.Ruleset != encounter.RulesetID {
					checked += agree(t, rs, enc, enc.Current(), "")
				} else {
					checked += agree(t, rs, enc, enc.Current(), combat.BandWalk)
					// Each movement type the conditions select (K-MOVE-7, K-MOVE-9).
					for band, cond := range map[combat.BandKey]string{combat.BandCharge: encounter.CondCharging, combat.BandRetreat: encounter.CondRetreating} {
						moving, _, err := combat.Apply(rs, enc, combat.AddCondition{ID: enc.Current(), Condition: cond}, dice.NewScripted())
						if err != nil {
							t.Fatal(err)
						}
						checked += agree(t, rs, moving, enc.Current(), band)
					}
				}
				if enc, _, err = combat.Apply(rs, enc, combat.EndTurn{}, dice.NewPCG(4)); err != nil {
					t.Fatal(err)
				}
			}
			if checked == 0 {
				t.Fatal("no move was checked")
			}
			t.Logf("%d planned moves applied", checked)
		})
	}
}

// agree checks every square of the map for the acting creature id and
// returns how many moves it applied. Every square of the band with key
// band (of every band when it is "") must plan.
func agree(t *testing.T, rs combat.Ruleset, enc combat.Encounter, id string, band combat.BandKey) int {
	t.Helper()
	pl, planner := rs.(combat.Planner)
	if !planner {
		r, err := combat.Reachable(rs, enc, id)
		if err != nil {
			t.Fatal(err)
		}
		for s := range r.Cost {
			path := r.Path(s)
			if pv := combat.PreviewMove(rs, enc, id, path); pv.Err != nil || len(pv.Reached) != len(path) {
				t.Fatalf("%s to %s: reachable by %v, but Apply reaches %v: %v", id, s.Name(), path, pv.Reached, pv.Err)
			}
		}
		return len(r.Cost)
	}
	banded := map[grid.Square]bool{}
	bands, err := pl.Bands(enc, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bands {
		if band != "" && b.Key != band {
			continue
		}
		for _, s := range b.Squares {
			banded[s] = true
		}
	}
	n := 0
	for y := range enc.Map.H {
		for x := range enc.Map.W {
			s := grid.Square{X: x, Y: y}
			for _, safest := range []bool{false, true} {
				plan, err := pl.PlanMove(enc, id, s, safest)
				if err != nil {
					if banded[s] {
						t.Fatalf("%s to %s (safest %v): in a band, but not planned: %v", id, s.Name(), safest, err)
					}
					continue
				}
				applyPlan(t, rs, enc, id, s, plan)
				n++
			}
		}
	}
	return n
}

// applyPlan moves id along the plan to s, declining every opportunity
// attack, and checks it gets there offered the attacks the plan lists.
func applyPlan(t *testing.T, rs combat.Ruleset, enc combat.Encounter, id string, s grid.Square, plan combat.Plan) {
	t.Helper()
	name := fmt.Sprintf("%s to %s by %v", id, s.Name(), plan.Path)
	if len(plan.Path) == 0 || plan.Path[len(plan.Path)-1] != s {
		t.Fatalf("%s: the plan does not end there", name)
	}
	if plan.Band == combat.BandDash {
		var err error
		if enc, _, err = combat.Apply(rs, enc, combat.UseAction{ID: id, Resource: dnd5e.CounterAction, Key: string(dnd5e.ActionDash)}, dice.NewScripted()); err != nil {
			t.Fatalf("%s: the Dash it needs: %v", name, err)
		}
	}
	pv := combat.PreviewMove(rs, enc, id, plan.Path)
	if pv.Err != nil || !slices.Equal(pv.Reached, plan.Path) {
		t.Fatalf("%s: planned, but Apply reaches %v: %v", name, pv.Reached, pv.Err)
	}
	var want, got []string
	for _, p := range plan.Provocations {
		if p.Prevented == "" {
			want = append(want, fmt.Sprintf("%s at %s", p.Attacker, p.At.Name()))
		}
	}
	for _, o := range pv.Offers {
		got = append(got, fmt.Sprintf("%s at %s", o.Attacker, o.At.Name()))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: Apply offers %v, the plan says %v", name, got, want)
	}
}
