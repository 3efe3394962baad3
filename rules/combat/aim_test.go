package combat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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

// exitRow returns n exit squares along the rows of a w-wide map, in
// canonical order.
func exitRow(n, w int) []grid.Square {
	out := make([]grid.Square, n)
	for i := range out {
		out[i] = grid.Square{X: i % w, Y: i / w}
	}
	return out
}

// TestSetAim checks the GM's command for aims (ENG-AIM-2): it declares,
// replaces and clears a side's aim in setup and mid-fight, keeps the exits
// canonical, and refuses what the bounds of ENG-AIM-1 refuse, changing
// nothing and naming the rule.
func TestSetAim(t *testing.T) {
	rs := fake{}
	setup := party(t, rs)
	running, _ := mustApply(t, rs, setup, Start{})
	escape := SetAim{Side: "gob", Aim: AimEscape, Exits: []grid.Square{at(11, 11), at(0, 0), at(11, 11)}}
	for name, base := range map[string]Encounter{"setup": setup, "running": running} {
		t.Run(name, func(t *testing.T) {
			next, ev := mustApply(t, rs, base, escape)
			a, ok := next.AimOf("gob")
			if !ok || a.Kind != AimEscape || !slices.Equal(a.Exits, []grid.Square{at(0, 0), at(11, 11)}) {
				t.Fatalf("aim of gob: %+v, %v; want escape through a1 and l12 in order", a, ok)
			}
			if len(ev) != 1 || ev[0].Type() != AimSet || ev[0].Payload() != (AimChange{Side: "gob", Exits: 2}) || ev[0].Rule != "ENG-AIM-2" {
				t.Errorf("events %+v, want one aimSet of gob with 2 exits", ev)
			}
			if err := ValidateEncounter(next); err != nil {
				t.Errorf("the state after setAim is invalid: %v", err)
			}
			if len(base.Aims) != 0 {
				t.Error("setAim changed the state it was applied to")
			}
			moved, _ := mustApply(t, rs, next, SetAim{Side: "gob", Aim: AimEscape, Exits: []grid.Square{at(5, 0)}})
			if a, _ := moved.AimOf("gob"); len(moved.Aims) != 1 || !slices.Equal(a.Exits, []grid.Square{at(5, 0)}) {
				t.Errorf("a second setAim of the side: aims %+v, want one with exit f1", moved.Aims)
			}
			both, _ := mustApply(t, rs, next, SetAim{Side: "pc", Aim: AimEscape, Exits: []grid.Square{at(3, 3)}})
			cleared, ev := mustApply(t, rs, both, SetAim{Side: "gob", Aim: AimFight})
			if _, ok := cleared.AimOf("gob"); ok || len(cleared.Aims) != 1 || ev[0].Payload() != (AimChange{Side: "gob"}) {
				t.Errorf("fight cleared nothing: %+v, events %+v", cleared.Aims, ev)
			}
			none, _ := mustApply(t, rs, next, SetAim{Side: "gob", Aim: AimFight})
			if none.Aims != nil {
				t.Errorf("clearing the last aim left %+v, want none", none.Aims)
			}
		})
	}
	full := setup
	for i := range MaxAims {
		full, _ = mustApply(t, rs, full, SetAim{Side: fmt.Sprintf("s%d", i), Aim: AimEscape, Exits: []grid.Square{at(0, 0)}})
	}
	ended, _ := mustApply(t, rs, running, End{})
	rows := []struct {
		name string
		base Encounter
		cmd  SetAim
		want string // part of the error
	}{
		{"bad-side", setup, SetAim{Side: "", Aim: AimEscape, Exits: []grid.Square{at(0, 0)}}, "side"},
		{"unknown-aim", setup, SetAim{Side: "gob", Aim: "win", Exits: []grid.Square{at(0, 0)}}, "unknown aim"},
		{"escape-without-exits", setup, SetAim{Side: "gob", Aim: AimEscape}, "outside 1..400"},
		{"too-many-exits", setup, SetAim{Side: "gob", Aim: AimEscape, Exits: exitRow(MaxExits+1, 30)}, "outside 1..400"},
		{"fight-with-exits", setup, SetAim{Side: "gob", Aim: AimFight, Exits: []grid.Square{at(0, 0)}}, "no exits"},
		{"exit-off-the-map", setup, SetAim{Side: "gob", Aim: AimEscape, Exits: []grid.Square{at(0, 0), at(12, 3)}}, "off-map square=M4"},
		{"negative-exit", setup, SetAim{Side: "gob", Aim: AimEscape, Exits: []grid.Square{at(-1, 0)}}, "off-map"},
		{"one-aim-too-many", full, SetAim{Side: "gob", Aim: AimEscape, Exits: []grid.Square{at(0, 0)}}, "outside 0..16"},
		{"after-the-end", ended, SetAim{Side: "gob", Aim: AimEscape, Exits: []grid.Square{at(0, 0)}}, "ended"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			err := mustFail(t, rs, row.base, row.cmd)
			var re *RuleError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), row.want) {
				t.Errorf("err %v (%T), want a RuleError mentioning %q", err, err, row.want)
			}
			if row.name != "after-the-end" && re != nil && re.Rule != "ENG-AIM-2" {
				t.Errorf("refusal cites %q, want ENG-AIM-2", re.Rule)
			}
		})
	}
	// The same side may be replaced even when every aim is taken.
	if _, _, err := Apply(rs, full, SetAim{Side: "s0", Aim: AimEscape, Exits: []grid.Square{at(1, 1)}}, dicetest.Script(t)); err != nil {
		t.Errorf("replacing an aim with %d declared: %v", MaxAims, err)
	}
}

// TestSetAimLog checks that setAim lives in the log like any command
// (ENG-AIM-2): undo takes it back, redo makes it again, and a save and a
// link replay it to the same encounter.
func TestSetAimLog(t *testing.T) {
	s := small(t)
	before := s.State()
	if _, err := s.Do(SetAim{Side: "urchins", Aim: AimEscape, Exits: []grid.Square{at(5, 4), at(5, 0)}}); err != nil {
		t.Fatal(err)
	}
	after := s.State()
	if !s.Undo() || !reflect.DeepEqual(s.State(), before) {
		t.Fatal("undo did not take the aim back")
	}
	if !s.Redo() || !reflect.DeepEqual(s.State(), after) {
		t.Fatal("redo did not set the aim again")
	}
	doc, err := EncodeSave(s)
	if err != nil {
		t.Fatal(err)
	}
	var flat bytes.Buffer
	if err := json.Compact(&flat, doc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(flat.String(), `{"setAim":{"side":"urchins","aim":"escape","exits":[{"x":5,"y":4},{"x":5,"y":0}]}}`) {
		t.Errorf("the save does not log the command as given:\n%s", flat.String())
	}
	for name, got := range reopened(t, s) {
		if !reflect.DeepEqual(got.State(), after) || got.Cursor() != s.Cursor() {
			t.Errorf("the %s replays to a different encounter", name)
		}
		if !got.Undo() || !reflect.DeepEqual(got.State(), before) {
			t.Errorf("the %s's aim cannot be undone", name)
		}
	}
}

// TestSetAimCodec checks setAim through the command codec: it round-trips,
// and the bounds of ENG-AIM-2 hold on decode and on encode, so a save or a
// link never carries a setAim that Apply would refuse by its shape.
func TestSetAimCodec(t *testing.T) {
	cmd := SetAim{Side: "pc", Aim: AimEscape, Exits: []grid.Square{at(1, 2)}}
	data, err := MarshalCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalCommand(data)
	if err != nil || !reflect.DeepEqual(back, Command(cmd)) {
		t.Fatalf("round trip: %#v, %v", back, err)
	}
	if got, err := UnmarshalCommand([]byte(`{"setAim":{"side":"pc","aim":"fight"}}`)); err != nil || !reflect.DeepEqual(got, Command(SetAim{Side: "pc", Aim: AimFight})) {
		t.Errorf("fight: %#v, %v", got, err)
	}
	tooMany, _ := json.Marshal(exitRow(MaxExits+1, 30))
	good := string(goldenSave(t))
	entry := `{"cmd": {"setAim": {"side": "pc", "aim": "escape", "exits": %s}}, "dice": 0}`
	for name, bad := range map[string]string{
		"too many exits": fmt.Sprintf(entry, tooMany),
		"no exits":       fmt.Sprintf(entry, `[]`),
		"unknown aim":    `{"cmd": {"setAim": {"side": "pc", "aim": "win", "exits": [{"x": 0, "y": 0}]}}, "dice": 0}`,
		"unknown field":  `{"cmd": {"setAim": {"side": "pc", "aim": "fight", "door": 1}}, "dice": 0}`,
	} {
		doc := strings.Replace(good, `"log": [`, `"log": [`+bad+`, `, 1)
		if doc == good {
			t.Fatal("the log was not found in the golden save")
		}
		_, err := DecodeSave(testRegistry, []byte(doc))
		if err == nil || !strings.Contains(err.Error(), "log[0]") && !strings.Contains(err.Error(), "unknown field") {
			t.Errorf("%s: %v, want a refusal naming the entry", name, err)
		}
	}
	// On the way out: a log holding what no decoder accepts is not written.
	s := small(t)
	s.log = append(s.log[:s.cursor:s.cursor], Entry{Command: SetAim{Side: "pc", Aim: AimEscape, Exits: exitRow(MaxExits+1, 30)}})
	s.cursor++
	if _, err := EncodeSave(s); err == nil || !strings.Contains(err.Error(), "setAim.exits") {
		t.Errorf("EncodeSave: %v, want the exits bound", err)
	}
	if _, err := EncodeLink(s); err == nil || !strings.Contains(err.Error(), "setAim.exits") {
		t.Errorf("EncodeLink: %v, want the exits bound", err)
	}
}

// TestVersion6Opens proves saves and links written before setAim (version
// 6) open with this build to the same session, and that a version 6
// reader's refusal of a newer log is the version, checked here through
// the same rule: a version above SaveVersion is a VersionError.
func TestVersion6Opens(t *testing.T) {
	want := small(t)
	save, err := os.ReadFile(filepath.Join("testdata", "small.v6.save.json"))
	if err != nil {
		t.Fatal(err)
	}
	link, err := os.ReadFile(filepath.Join("testdata", "small.v6.link.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(save), `"version": 6`) {
		t.Fatal("the version 6 save is not version 6")
	}
	fromSave, err := DecodeSave(testRegistry, save)
	if err != nil {
		t.Fatalf("version 6 save: %v", err)
	}
	fromLink, err := DecodeLink(testRegistry, strings.TrimSpace(string(link)))
	if err != nil {
		t.Fatalf("version 6 link: %v", err)
	}
	for name, got := range map[string]*Session{"save": fromSave, "link": fromLink} {
		if !reflect.DeepEqual(got.State(), want.State()) || got.Cursor() != want.Cursor() || len(got.Log()) != len(want.Log()) {
			t.Errorf("the version 6 %s opens to a different session", name)
		}
	}
	future := strings.Replace(string(goldenSave(t)), fmt.Sprintf(`"version": %d`, SaveVersion), fmt.Sprintf(`"version": %d`, SaveVersion+1), 1)
	var ve *VersionError
	if _, err := DecodeSave(testRegistry, []byte(future)); !errors.As(err, &ve) {
		t.Errorf("a newer save: %v, want a VersionError", err)
	}
}
