package combat

import (
	"strings"
	"testing"

	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// TestAims checks the sides' aims (ENG-AIM-1): they travel through a save,
// a creature on an exit of its side's escape aim has escaped, a resized
// map keeps only the exits it still holds, and aims outside their bounds
// are refused when a save is opened.
func TestAims(t *testing.T) {
	good := string(goldenSave(t))
	aims := `"aims": [{"side": "pc", "kind": "escape", "exits": [{"x": 5, "y": 0}, {"x": 5, "y": 4}]}], "dice":`
	doc := strings.Replace(good, `"dice":`, aims, 1)
	s, err := DecodeSave(testRegistry, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	enc := s.State()
	if a, ok := enc.AimOf("pc"); !ok || a.Kind != AimEscape || len(a.Exits) != 2 {
		t.Fatalf("aim of pc: %+v, %v", a, ok)
	}
	if _, ok := enc.AimOf("npc"); ok {
		t.Error("a side without an aim has one")
	}
	back, err := EncodeSave(s)
	if err != nil || !strings.Contains(string(back), `"aims"`) {
		t.Fatalf("the aims did not travel: %v", err)
	}
	c := enc.Combatants[enc.Find("knight")]
	if enc.Escaped(c) {
		t.Error("the knight escaped before reaching an exit")
	}
	c.Pos = grid.Square{X: 5, Y: 4}
	if !enc.Escaped(c) {
		t.Error("the knight on an exit has not escaped")
	}
	c.Side = "npc"
	if enc.Escaped(c) {
		t.Error("a creature of a side without an aim escaped")
	}
	smaller := enc.Map
	smaller.H = 4
	next, _, err := Apply(fake{}, enc, EditMap{Map: smaller}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := next.AimOf("pc"); len(a.Exits) != 1 || ValidateEncounter(next) != nil {
		t.Errorf("after shrinking the map: exits %v, %v", a.Exits, ValidateEncounter(next))
	}
	smaller.W = 5
	if next, _, err = Apply(fake{}, next, EditMap{Map: smaller}, dicetest.Script(t)); err != nil || len(next.Aims) != 0 {
		t.Errorf("an aim without exits was kept: %+v, %v", next.Aims, err)
	}
	for name, bad := range map[string]string{
		"unknown kind":   `"aims": [{"side": "pc", "kind": "win", "exits": [{"x": 5, "y": 0}]}], "dice":`,
		"no exits":       `"aims": [{"side": "pc", "kind": "escape", "exits": []}], "dice":`,
		"off the map":    `"aims": [{"side": "pc", "kind": "escape", "exits": [{"x": 6, "y": 0}]}], "dice":`,
		"out of order":   `"aims": [{"side": "pc", "kind": "escape", "exits": [{"x": 5, "y": 4}, {"x": 5, "y": 0}]}], "dice":`,
		"repeated exit":  `"aims": [{"side": "pc", "kind": "escape", "exits": [{"x": 5, "y": 0}, {"x": 5, "y": 0}]}], "dice":`,
		"two for a side": `"aims": [{"side": "pc", "kind": "escape", "exits": [{"x": 5, "y": 0}]}, {"side": "pc", "kind": "escape", "exits": [{"x": 5, "y": 1}]}], "dice":`,
		"bad side":       `"aims": [{"side": "", "kind": "escape", "exits": [{"x": 5, "y": 0}]}], "dice":`,
	} {
		if _, err := DecodeSave(testRegistry, []byte(strings.Replace(good, `"dice":`, bad, 1))); err == nil || !strings.Contains(err.Error(), "ENG-AIM-1") {
			t.Errorf("%s: %v, want an ENG-AIM-1 refusal", name, err)
		}
	}
}
