package tactics

import (
	"reflect"
	"slices"
	"testing"
)

// TestRoundBookkeeping checks K-RES-1 with K-OA-8, K-MOVE-4 and K-PIN-9:
// a new round clears the OA records, the tidied lists drop creatures that
// left, and ending a turn without attacking a defender leaves its list.
func TestRoundBookkeeping(t *testing.T) {
	b := scene(t, `
		.xA..
		.y...
		....z`, map[string]func(*Creature){
		"A": func(c *Creature) { c.EngagedBy, c.OAsMade = []string{"x", "y", "z"}, []string{"x"} },
	})
	in := b.Creatures()
	a := in[slices.IndexFunc(in, func(c Creature) bool { return c.ID == "A" })]
	if !slices.Equal(a.EngagedBy, []string{"x", "y"}) {
		t.Errorf("tidied list %v, want z dropped (not adjacent)", a.EngagedBy)
	}
	before := clone(in)
	next := StartRound(in, func(id string) bool { return id == "x" })
	if !reflect.DeepEqual(in, before) {
		t.Error("StartRound changed its input")
	}
	for _, c := range next {
		if len(c.OAsMade) != 0 || c.MovedLastRound != (c.ID == "x") {
			t.Errorf("%s after StartRound: OAs %v moved %v", c.ID, c.OAsMade, c.MovedLastRound)
		}
	}
	after, err := b.EndTurn("x", nil)
	if err != nil {
		t.Fatal(err)
	}
	if a := after[slices.IndexFunc(after, func(c Creature) bool { return c.ID == "A" })]; !slices.Equal(a.EngagedBy, []string{"y"}) {
		t.Errorf("after x's turn without attacking A: %v", a.EngagedBy)
	}
	kept, _ := b.EndTurn("x", []string{"A"})
	if a := kept[slices.IndexFunc(kept, func(c Creature) bool { return c.ID == "A" })]; !slices.Equal(a.EngagedBy, []string{"x", "y"}) {
		t.Errorf("after x attacked A: %v", a.EngagedBy)
	}
	if len(b.AllPins()) != 4 {
		t.Error("AllPins length")
	}
}

// TestMoveActions checks the action allowance reported with each movement
// type (K-MOVE-6, K-MOVE-7, K-MOVE-9).
func TestMoveActions(t *testing.T) {
	b := scene(t, "A.", nil)
	for mode, want := range map[Mode]Actions{Normal: ActionsAny, Charge: ActionsOneSimple, Retreat: ActionsNoStandStill} {
		if bu, _ := b.Budget("A", mode); bu.Actions != want {
			t.Errorf("%s: %q, want %q", mode, bu.Actions, want)
		}
	}
}
