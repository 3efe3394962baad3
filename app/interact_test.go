package app

import (
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// TestDragAsksForBandsOnce: while the pointer crosses the board, the
// acting creature's bands come from the engine once, and each square's
// plan is the one a table that never dragged computes for it. Every
// sample is tried, so rulesets with and without a Planner are both
// covered.
func TestDragAsksForBandsOnce(t *testing.T) {
	reg := rulesets.Registry()
	for _, s := range rulesets.Samples() {
		t.Run(s.ID, func(t *testing.T) {
			sess, err := s.Session(reg)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
				if sess.State().Phase != combat.PhaseSetup {
					break // a sample that starts mid-fight
				}
				if _, err := sess.Do(c); err != nil {
					t.Fatalf("%T: %v", c, err)
				}
			}
			drag := &Table{Model: Model{reg: reg}}
			drag.use(sess)
			drag.selected = drag.state().Current()
			if !drag.canMove(drag.state()) {
				t.Skip("the acting creature cannot move")
			}
			first := drag.plan(drag.state())
			entry := drag.memo.reach
			c, _ := drag.state().Combatant(drag.selected)
			for _, d := range []grid.Square{{X: 1}, {Y: 1}, {X: 1, Y: 1}, {X: -1}, {X: 2, Y: -1}} {
				h := grid.Square{X: c.Pos.X + d.X, Y: c.Pos.Y + d.Y}
				drag.hover = &h
				got := drag.plan(drag.state())
				if drag.memo.reach != entry {
					t.Errorf("hovering %s asked the engine for the bands again", h.Name())
				}
				fresh := &Table{Model: Model{reg: reg}}
				fresh.use(sess)
				fresh.selected, fresh.hover = drag.selected, &h
				want := fresh.plan(fresh.state())
				if !slices.Equal(got.path, want.path) || !slices.Equal(got.danger, want.danger) ||
					got.blocked != want.blocked || !slices.Equal(got.bandViews, want.bandViews) {
					t.Errorf("hovering %s: plan %+v, a fresh table plans %+v", h.Name(), got, want)
				}
				if !slices.Equal(got.bandViews, first.bandViews) {
					t.Errorf("hovering %s changed the bands", h.Name())
				}
			}
			drag.changed()
			drag.plan(drag.state())
			if drag.memo.reach == entry {
				t.Error("a change of the session kept the old bands")
			}
		})
	}
}

// TestChargeOnlySquareDrawsThePath: in the urchins' fight, a square only a
// charge reaches (K-MOVE-7) gets the path the charge would take, marked as
// needing the charge, and the same path the engine plans once the charge
// is switched on; the encounter itself is left walking.
func TestChargeOnlySquareDrawsThePath(t *testing.T) {
	reg := rulesets.Registry()
	s, _ := rulesets.Find("kal-urchins")
	enc, err := s.Build(7)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := combat.NewSession(reg, enc)
	if err != nil {
		t.Fatal(err)
	}
	order := combat.SetOrder{Order: []combat.Slot{{Members: []string{"urchin-1"}, Score: 20}, {Members: []string{"guard", "urchin-2", "urchin-3", "knight"}, Score: 5}}}
	for _, c := range []combat.Command{order, combat.Start{}} {
		if _, err := sess.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	tb := &Table{Model: Model{reg: reg}}
	tb.use(sess)
	tb.selected = "urchin-1"
	bands := tb.plan(tb.state()).bands
	walk := map[grid.Square]bool{}
	var charge []grid.Square
	for _, b := range bands {
		for _, q := range b.Squares {
			if b.Key == "charge" {
				charge = append(charge, q)
			} else {
				walk[q] = true
			}
		}
	}
	n := 0
	for _, q := range charge {
		if walk[q] {
			continue
		}
		n++
		tb.hover = &q
		p := tb.plan(tb.state())
		if p.mode.Condition != "charging" || len(p.path) < 2 || p.path[len(p.path)-1] != q {
			t.Errorf("%s: mode %q, path %v; want the charge's path to it", q.Name(), p.mode.Condition, p.path)
		}
		if v := tb.boardView(tb.state()).Plan; v.PathMode != "charge" || v.Blocked {
			t.Errorf("%s: board path mode %q, blocked %t", q.Name(), v.PathMode, v.Blocked)
		}
		charging := &Table{Model: Model{reg: reg}}
		cs, err := combat.NewSession(reg, sess.State())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cs.Do(combat.AddCondition{ID: "urchin-1", Condition: "charging"}); err != nil {
			t.Fatal(err)
		}
		charging.use(cs)
		charging.selected, charging.hover = "urchin-1", &q
		if want := charging.plan(charging.state()); want.mode.Condition != "" || !slices.Equal(p.path, want.path) {
			t.Errorf("%s: path %v, the charging creature's plan is %v (mode %q)", q.Name(), p.path, want.path, want.mode.Condition)
		}
	}
	if n == 0 {
		t.Fatal("no square is reached by a charge alone")
	}
	if c, _ := tb.state().Combatant("urchin-1"); slices.Contains(c.Conditions, "charging") {
		t.Error("planning a charge switched the charge on")
	}
}
