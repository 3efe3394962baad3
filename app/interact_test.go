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
			enc, err := s.Build(1)
			if err != nil {
				t.Fatal(err)
			}
			sess, err := combat.NewSession(reg, enc)
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
			drag := &Table{reg: reg}
			drag.use(sess)
			drag.selected = drag.state().Current()
			if !drag.canMove(drag.state()) {
				t.Skip("the acting creature cannot move")
			}
			first := drag.plan(drag.state())
			entry := drag.reached
			c, _ := drag.state().Combatant(drag.selected)
			for _, d := range []grid.Square{{X: 1}, {Y: 1}, {X: 1, Y: 1}, {X: -1}, {X: 2, Y: -1}} {
				h := grid.Square{X: c.Pos.X + d.X, Y: c.Pos.Y + d.Y}
				drag.hover = &h
				got := drag.plan(drag.state())
				if drag.reached != entry {
					t.Errorf("hovering %s asked the engine for the bands again", h.Name())
				}
				fresh := &Table{reg: reg}
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
			if drag.reached == entry {
				t.Error("a change of the session kept the old bands")
			}
		})
	}
}
