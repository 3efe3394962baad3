package combat

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// randomCommand picks a plausible command for e, legal or not, from g.
func randomCommand(e Encounter, g *dice.PCG) Command {
	if d := e.Pending; d != nil {
		if d.Kind == DecideOpportunity {
			if g.Roll(2) == 1 {
				return TakeOpportunity{}
			}
			return DeclineOpportunity{}
		}
		return Choose{Choice: d.Options[g.Roll(len(d.Options))-1]}
	}
	sq := func() grid.Square { return at(g.Roll(e.Map.W)-1, g.Roll(e.Map.H)-1) }
	any := func() string {
		if len(e.Combatants) == 0 {
			return "none"
		}
		return e.Combatants[g.Roll(len(e.Combatants))-1].ID
	}
	newcomer := func() Command {
		id := string(rune('a'+g.Roll(26)-1)) + string(rune('a'+g.Roll(26)-1))
		return place(id, []string{"red", "blue"}[g.Roll(2)-1], g.Roll(e.Map.W)-1, g.Roll(e.Map.H)-1,
			profile(g.Roll(12), 2+g.Roll(4), g.Roll(5)-2, 8+g.Roll(8), 4+g.Roll(6), []string{"", "orc"}[g.Roll(2)-1]))
	}
	if e.Phase == PhaseSetup {
		switch g.Roll(10) {
		case 1, 2, 3, 4, 5:
			return newcomer()
		case 6:
			return RollInitiative{}
		case 7:
			return Start{Surprised: []string{any()}}
		case 8:
			return Reposition{ID: any(), To: sq()}
		default:
			return Start{}
		}
	}
	cur := e.Current()
	c, _ := e.Combatant(cur)
	switch g.Roll(20) {
	case 1, 2, 3, 4, 5, 6:
		var path []grid.Square
		p := c.Pos
		for range g.Roll(4) {
			p = p.Add(grid.Square{X: g.Roll(3) - 2, Y: g.Roll(3) - 2})
			path = append(path, p)
		}
		return Move{ID: cur, Path: path}
	case 7, 8, 9, 10:
		var opt []byte
		if g.Roll(3) == 1 {
			opt = []byte(`"ask"`)
		}
		return Attack{Attacker: cur, Defender: any(), Option: opt}
	case 11, 12, 13:
		return EndTurn{}
	case 14:
		return UseAction{ID: cur, Resource: []string{"action", "bonus", "interaction", "reaction"}[g.Roll(4)-1], Key: "dash"}
	case 15:
		return ResetMove{ID: cur}
	case 16:
		return SetHP{ID: any(), HP: g.Roll(10) - 1}
	case 17:
		return AddCondition{ID: any(), Condition: "prone"}
	case 18:
		return newcomer()
	case 19:
		if len(e.Combatants) < 4 {
			return newcomer()
		}
		return Remove{ID: any()}
	default:
		return RemoveCondition{ID: any(), Condition: "prone"}
	}
}

// randomSession plays n random commands on a fresh encounter, undoing and
// redoing now and then, and checks the per-command properties on the way:
// Apply never modifies its input, a rejected command changes nothing, and
// undo followed by redo restores the same state.
func randomSession(t testing.TB, seed uint64, n int) *Session {
	s, err := NewSession(testRegistry, NewEncounter("fake", grid.Map{W: 10, H: 8, Walls: []grid.Square{{X: 4, Y: 4}}}, seed))
	if err != nil {
		t.Fatal(err)
	}
	g := dice.NewPCG(seed ^ 0x5eed)
	for i := 0; i < n; i++ {
		cur := s.State()
		cmd := randomCommand(cur, g)
		snapshot := cur.Clone()
		if _, _, err := Apply(s.Ruleset(), cur, cmd, dice.NewPCG(uint64(i))); !reflect.DeepEqual(cur, snapshot) {
			t.Fatalf("step %d: Apply(%s) modified its input (err %v)", i, cmd.Kind(), err)
		}
		if _, err := s.Do(cmd); err != nil {
			if !reflect.DeepEqual(s.State(), snapshot) {
				t.Fatalf("step %d: rejected %s changed the state", i, cmd.Kind())
			}
			continue
		}
		if g.Roll(8) == 1 {
			after := s.State()
			s.Undo()
			if !reflect.DeepEqual(s.State(), snapshot) {
				t.Fatalf("step %d: undo of %s did not restore the state", i, cmd.Kind())
			}
			s.Redo()
			if !reflect.DeepEqual(s.State(), after) {
				t.Fatalf("step %d: redo of %s did not restore the state", i, cmd.Kind())
			}
		}
	}
	return s
}

func TestSessionProperties(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		s := randomSession(t, seed, 300)
		if s.Cursor() < 50 {
			t.Errorf("seed %d: only %d commands accepted; the generator is too weak", seed, s.Cursor())
		}
		// Replay equals live play, from the tapes alone.
		r, err := Replay(testRegistry, s.Start(), s.Log(), s.Cursor(), s.Folded())
		if err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		if !reflect.DeepEqual(r.State(), s.State()) {
			t.Fatalf("seed %d: replay differs from live play", seed)
		}
		// Save and link round-trip.
		data, err := EncodeSave(s)
		if err != nil {
			t.Fatal(err)
		}
		d, err := DecodeSave(testRegistry, data)
		if err != nil {
			t.Fatalf("seed %d: decode save: %v", seed, err)
		}
		link, err := EncodeLink(s)
		if err != nil {
			t.Fatal(err)
		}
		l, err := DecodeLink(testRegistry, "https://example.org/#"+link)
		if err != nil {
			t.Fatalf("seed %d: decode link: %v", seed, err)
		}
		for what, got := range map[string]*Session{"save": d, "link": l} {
			if !reflect.DeepEqual(got.Log(), s.Log()) || got.Cursor() != s.Cursor() || !reflect.DeepEqual(got.State(), s.State()) {
				t.Errorf("seed %d: %s did not round-trip", seed, what)
			}
		}
	}
}

// TestSameSeedSameEncounter: the same seed and the same commands give the
// same encounter and the same dice.
func TestSameSeedSameEncounter(t *testing.T) {
	a := randomSession(t, 7, 200)
	b, err := NewSession(testRegistry, a.Start())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range a.Log()[:a.Cursor()] {
		if _, err := b.Do(e.Command); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(a.State(), b.State()) || !reflect.DeepEqual(a.Log()[:a.Cursor()], b.Log()) {
		t.Error("same seed and commands gave a different encounter")
	}
}

func TestUndoRedo(t *testing.T) {
	s := randomSession(t, 3, 100)
	n := s.Cursor()
	end := s.State()
	for s.Undo() {
	}
	if !reflect.DeepEqual(s.State(), s.Start()) || s.CanUndo() {
		t.Fatal("undoing everything did not reach the start")
	}
	for s.Redo() {
	}
	if s.Cursor() != n || !reflect.DeepEqual(s.State(), end) {
		t.Fatal("redoing everything did not reach the end")
	}
	s.Undo()
	if _, err := s.Do(End{}); err != nil {
		t.Fatal(err)
	}
	if s.CanRedo() || len(s.Log()) != n {
		t.Errorf("a new command after undo kept the redo tail: log %d, cursor %d", len(s.Log()), s.Cursor())
	}
}

// physicalSession is a running encounter where F may attack G.
func physicalSession(t *testing.T) *Session {
	t.Helper()
	s, err := NewSession(testRegistry, NewEncounter("fake", grid.Map{W: 4, H: 4}, 9))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Command{
		place("F", "pc", 0, 0, profile(10, 4, 0, 12, 6, "")),
		place("G", "gob", 1, 0, profile(7, 4, 0, 12, 6, "")),
	} {
		if _, err := s.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.DoWithDice(RollInitiative{}, 17, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(Start{}); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPhysicalDice(t *testing.T) {
	attack := Attack{Attacker: "F", Defender: "G"}
	rows := []struct {
		name  string
		faces []int
		want  any // error type, or nil
		hp    int
	}{
		{"hit", []int{15, 4}, nil, 3},
		{"miss", []int{2}, nil, 7},
		{"short", []int{15}, &dice.TapeError{}, 7},
		{"wrong-face", []int{21, 4}, &dice.TapeError{}, 7},
		{"left-over", []int{2, 6}, &LeftoverError{}, 7},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			s := physicalSession(t)
			before := s.State()
			_, err := s.DoWithDice(attack, row.faces...)
			switch want := row.want.(type) {
			case nil:
				if err != nil {
					t.Fatal(err)
				}
				last := s.Log()[s.Cursor()-1]
				if !last.Physical || len(last.Tape) != len(row.faces) || s.State().Dice != before.Dice {
					t.Errorf("entry %+v: want the faces on a physical tape, generator untouched", last)
				}
			case *dice.TapeError:
				var te *dice.TapeError
				if !errors.As(err, &te) || !reflect.DeepEqual(s.State(), before) {
					t.Fatalf("err %v, want a tape error and no change", err)
				}
			case *LeftoverError:
				var le *LeftoverError
				if !errors.As(err, &le) || le.Left != 1 || !reflect.DeepEqual(s.State(), before) {
					t.Fatalf("err %v, want 1 face left over and no change", err)
				}
				_ = want
			}
			if g, _ := s.State().Combatant("G"); g.HP != row.hp {
				t.Errorf("hp %d, want %d", g.HP, row.hp)
			}
		})
	}
}

func TestReplayTapeMismatch(t *testing.T) {
	s := physicalSession(t)
	if _, err := s.DoWithDice(Attack{Attacker: "F", Defender: "G"}, 15, 4); err != nil {
		t.Fatal(err)
	}
	log := s.Log()
	log[len(log)-1].Tape = log[len(log)-1].Tape[:1]
	_, err := Replay(testRegistry, s.Start(), log, len(log), 0)
	var re *ReplayError
	if !errors.As(err, &re) || re.Index != len(log)-1 {
		t.Fatalf("err %v, want a replay error at the last entry", err)
	}
}

// small builds the golden encounter: three creatures, initiative, a move
// interrupted by an opportunity attack, an attack, an undone end of turn.
func small(t testing.TB) *Session {
	s, err := NewSession(testRegistry, NewEncounter("fake", grid.Map{W: 6, H: 5, Walls: []grid.Square{{X: 3, Y: 0}, {X: 3, Y: 1}}}, 2026))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Command{
		place("knight", "pc", 1, 2, profile(30, 4, 1, 17, 8, "")),
		place("u1", "urchins", 2, 2, profile(4, 6, 2, 11, 4, "urchin")),
		place("u2", "urchins", 2, 3, profile(4, 6, 2, 11, 4, "urchin")),
		RollInitiative{},
		Start{},
	} {
		if _, err := s.Do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind(), err)
		}
	}
	for i := 0; i < 8 && s.Cursor() < 12; i++ {
		e := s.State()
		cur := e.Current()
		c, _ := e.Combatant(cur)
		var cmd Command = EndTurn{}
		switch {
		case e.Pending != nil:
			cmd = TakeOpportunity{}
		case cur == "u1" && c.Pos == at(2, 2):
			cmd = Move{ID: "u1", Path: []grid.Square{at(2, 1), at(2, 0)}}
		case cur != "knight" && c.Budget.Left("action") > 0 && adjacent(c.Pos, at(1, 2)):
			cmd = Attack{Attacker: cur, Defender: "knight"}
		}
		if _, err := s.Do(cmd); err != nil {
			t.Fatalf("%s: %v", cmd.Kind(), err)
		}
	}
	s.Undo()
	return s
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; run with -update if the change is intended\ngot:\n%s", name, got)
	}
}

func TestGolden(t *testing.T) {
	s := small(t)
	data, err := EncodeSave(s)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "small.save.json", append(data, '\n'))
	link, err := EncodeLink(s)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "small.link.txt", []byte(link+"\n"))
	t.Logf("small encounter: save %d bytes, link %d bytes", len(data), len(link))

	// The golden files, and those of versions 1 and 8 (kept as written then),
	// open to the same session.
	opened := map[string]*Session{}
	for _, v := range []string{"", ".v1", ".v8"} {
		fromFile, err := os.ReadFile(filepath.Join("testdata", "small"+v+".save.json"))
		if err != nil {
			t.Fatal(err)
		}
		if opened["save"+v], err = DecodeSave(testRegistry, fromFile); err != nil {
			t.Fatalf("small%s.save.json: %v", v, err)
		}
		fromLink, err := os.ReadFile(filepath.Join("testdata", "small"+v+".link.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if opened["link"+v], err = DecodeLink(testRegistry, strings.TrimSpace(string(fromLink))); err != nil {
			t.Fatalf("small%s.link.txt: %v", v, err)
		}
	}
	for what, got := range opened {
		if !reflect.DeepEqual(got.State(), s.State()) || got.Cursor() != s.Cursor() || !got.CanRedo() {
			t.Errorf("golden %s opens to a different session", what)
		}
	}
}

// TestHistoryPastTheLimit: a session of more commands than a save may hold
// folds its oldest entries into its base state, so that it keeps saving and
// reopening to the same fight, and says how far undo reaches (issue 11
// item 3: command 10,001 used to be saved into a file that never opened).
func TestHistoryPastTheLimit(t *testing.T) {
	s, err := NewSession(testRegistry, NewEncounter("fake", grid.Map{W: 6, H: 6}, 5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(place("a", "red", 0, 0, profile(9, 4, 0, 10, 4, ""))); err != nil {
		t.Fatal(err)
	}
	const total = HistoryLimit + 3*snapEvery + 7
	for i := 1; i < total; i++ {
		var cmd Command = AddCondition{ID: "a", Condition: fmt.Sprintf("c%d", i%5)}
		if i%2 == 0 {
			cmd = RemoveCondition{ID: "a", Condition: fmt.Sprintf("c%d", (i-1)%5)}
		}
		if _, err := s.Do(cmd); err != nil {
			t.Fatalf("command %d: %v", i, err)
		}
	}
	if got := s.Folded() + s.Cursor(); got != total {
		t.Fatalf("folded %d + cursor %d = %d commands, want %d", s.Folded(), s.Cursor(), got, total)
	}
	if len(s.Log()) > HistoryLimit || s.Folded() == 0 {
		t.Fatalf("log of %d entries, %d folded", len(s.Log()), s.Folded())
	}
	data, err := EncodeSave(s)
	if err != nil {
		t.Fatalf("the session does not save: %v", err)
	}
	back, err := DecodeSave(testRegistry, data)
	if err != nil {
		t.Fatalf("the saved session does not open: %v", err)
	}
	if !reflect.DeepEqual(back.State(), s.State()) || back.Folded() != s.Folded() || back.Cursor() != s.Cursor() {
		t.Fatal("the saved session opens to a different one")
	}
	// Undo reaches back exactly Cursor() commands, to the folded base.
	n := 0
	for back.Undo() {
		n++
	}
	if n != s.Cursor() || !reflect.DeepEqual(back.State(), s.Start()) {
		t.Errorf("undo went back %d commands to a state equal to the base: %v; want %d", n, reflect.DeepEqual(back.State(), s.Start()), s.Cursor())
	}
}

// TestRecentEvents checks the events a session keeps (Recent) against
// those its commands returned live: after more commands than it keeps,
// after undos past what it kept, after redos, after a new command that
// drops the undone tail, and in a session replayed from the log.
func TestRecentEvents(t *testing.T) {
	s, err := NewSession(testRegistry, NewEncounter("fake", grid.Map{W: 6, H: 6}, 1))
	if err != nil {
		t.Fatal(err)
	}
	var live [][]Event // live[i] are the events entry i returned
	do := func(c Command) {
		t.Helper()
		ev, err := s.Do(c)
		if err != nil {
			t.Fatal(err)
		}
		live = append(live[:s.Cursor()-1], ev)
	}
	check := func(when string) {
		t.Helper()
		n := s.Cursor()
		if got, want := s.Recent(), live[max(0, n-RecentEntries):n]; !reflect.DeepEqual(got, want) {
			t.Fatalf("%s (cursor %d): %d recent entries, want %d, or different events", when, n, len(got), len(want))
		}
	}
	do(place("a", "red", 0, 0, profile(9, 3, 0, 10, 2, "")))
	for i := range 2*RecentEntries + 60 {
		if i%3 == 2 {
			do(AddCondition{ID: "a", Condition: fmt.Sprintf("c%d", i)})
			do(RemoveCondition{ID: "a", Condition: fmt.Sprintf("c%d", i)})
			continue
		}
		do(SetHP{ID: "a", HP: i % 9})
	}
	check("after the commands")
	for i := range RecentEntries + 50 {
		if !s.Undo() {
			t.Fatal("nothing to undo")
		}
		check(fmt.Sprintf("after undo %d", i+1))
	}
	for i := range 30 {
		s.Redo()
		check(fmt.Sprintf("after redo %d", i+1))
	}
	s.Undo()
	do(SetHP{ID: "a", HP: 1})
	check("after a new command")
	r, err := Replay(testRegistry, s.Start(), s.Log(), s.Cursor(), 0)
	if err != nil {
		t.Fatal(err)
	}
	s = r
	check("replayed")
	s.Undo()
	check("replayed, after an undo")
	cut, err := Replay(testRegistry, r.Start(), r.Log(), 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	s = cut
	check("replayed to entry 3")
}

// TestEventsHoldNoState checks that the events Apply returns point into
// nothing of the encounter it returns: changing that encounter's
// combatants afterwards leaves the events as they were. (An event pointing
// at a combatant's square kept the whole list of combatants alive for as
// long as a session keeps the event.)
func TestEventsHoldNoState(t *testing.T) {
	kinds := map[EventType]bool{}
	for seed := uint64(1); seed <= 10; seed++ {
		enc := NewEncounter("fake", grid.Map{W: 10, H: 8}, seed)
		g := dice.NewPCG(seed ^ 0xe7e)
		for range 400 {
			cmd := randomCommand(enc, g)
			next, events, err := Apply(fake{}, enc, cmd, dice.NewPCG(seed))
			if err != nil {
				continue
			}
			enc = next.Clone()
			before, err := json.Marshal(events)
			if err != nil {
				t.Fatal(err)
			}
			for i := range next.Combatants {
				c := &next.Combatants[i]
				c.Pos, c.Budget.Start, c.HP = at(9, 7), at(9, 6), -1
			}
			if after, _ := json.Marshal(events); !bytes.Equal(before, after) {
				t.Fatalf("seed %d: the events of %s changed with the encounter:\n%s\n%s", seed, cmd.Kind(), before, after)
			}
			for _, ev := range events {
				kinds[ev.Type()] = true
			}
		}
	}
	if !kinds[MoveReset] || !kinds[MoveStopped] {
		t.Errorf("no stopped move or reset among %v", kinds)
	}
}
