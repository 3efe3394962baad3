package encounter

import (
	"bytes"
	"encoding/json"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// TestReplayAndPurity plays Robin's dash with seeded dice, checking that
// no Apply changes the encounter it is given, then reopens the game from
// its share link: the replayed encounter equals the live one, and undoing
// everything gives back the sample.
func TestReplayAndPurity(t *testing.T) {
	start, err := SampleRobin(3)
	if err != nil {
		t.Fatal(err)
	}
	reg, _ := combat.NewRegistry(Ruleset{})
	s, _ := combat.NewSession(reg, start)
	cmds := []combat.Command{
		combat.Move{ID: "robin", Path: []grid.Square{sq(4, 2), sq(5, 1), sq(6, 2), sq(7, 2), sq(8, 2)}},
		combat.TakeOpportunity{}, combat.TakeOpportunity{}, combat.DeclineOpportunity{},
		combat.EndTurn{}, combat.EndTurn{}, combat.EndTurn{}, combat.EndTurn{},
	}
	for _, c := range cmds {
		before := s.State()
		raw := mustJSON(before)
		if _, _, err := combat.Apply(Ruleset{}, before, c, dice.NewPCG(9)); err != nil {
			t.Fatalf("%s: %v", c.Kind(), err)
		}
		if !bytes.Equal(raw, mustJSON(before)) {
			t.Fatalf("%s changed its input", c.Kind())
		}
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind(), err)
		}
	}
	link, err := combat.EncodeLink(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := combat.DecodeLink(reg, link)
	if err != nil {
		t.Fatal(err)
	}
	if live, replayed := mustJSON(s.State()), mustJSON(back.State()); !bytes.Equal(live, replayed) {
		t.Errorf("replay differs:\n%s\n%s", live, replayed)
	}
	for s.Undo() {
	}
	if got, want := mustJSON(s.State()), mustJSON(start); !bytes.Equal(got, want) {
		t.Error("undoing everything does not give back the sample")
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
