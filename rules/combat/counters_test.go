package combat

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"battlemat/rules/grid"
)

// reacting is a ruleset that declares no counters and has reactions.
type reacting struct{ bare }

func (reacting) TurnRules() TurnRules { return TurnRules{Reactions: true} }

// TestCountersOf checks the counters of rulesets that declare none
// (ENG-TURN-6): movement and actions, plus the reaction where the turn
// engine spends one; and what a turn of them starts with (DefaultCounts).
func TestCountersOf(t *testing.T) {
	keys := func(cs []Counter) []string {
		var k []string
		for _, c := range cs {
			k = append(k, c.Key)
		}
		return k
	}
	for _, c := range []struct {
		rs    Ruleset
		want  []string
		start Counts
	}{
		{bare{}, []string{"movement", "actions"}, NewCounts(Count{Key: "movement", N: 6}, Count{Key: "actions", N: 2})},
		{reacting{}, []string{"movement", "actions", "reaction"}, NewCounts(Count{Key: "movement", N: 6}, Count{Key: "actions", N: 2}, Count{Key: "reaction", N: 1})},
	} {
		if got := keys(CountersOf(c.rs)); !slices.Equal(got, c.want) {
			t.Errorf("%s: counters %v, want %v", c.rs.ID(), got, c.want)
		}
		if got := DefaultCounts(CountersOf(c.rs), Stats{Speed: 6, Actions: 2}); !got.Equal(c.start) {
			t.Errorf("%s: a turn starts with %v, want %v", c.rs.ID(), got, c.start)
		}
	}
	if got := keys(CountersOf(bare{})); len(got) != 2 {
		t.Errorf("the default counters grew to %v", got)
	}
	if got := DefaultCounts(CountersOf(bare{}), Stats{}); !got.Equal(NewCounts(Count{Key: "actions", N: 1})) {
		t.Errorf("a creature without speed or actions starts with %v, want one action", got)
	}
}

// TestCounts checks that Counts is replaced, never changed in place, and
// lists no counter at 0, so that equal budgets compare equal.
func TestCounts(t *testing.T) {
	a := NewCounts(Count{Key: "movement", N: 6}, Count{Key: "action", N: 1})
	b := a.With("action", 0)
	if a.Get("action") != 1 || !b.Equal(NewCounts(Count{Key: "movement", N: 6})) {
		t.Errorf("With changed %v in place or kept a 0: %v", a, b)
	}
	if c := b.With("movement", 0); !c.IsZero() {
		t.Errorf("an empty Counts is %#v, want the zero one", c)
	}
	if !(Budget{Counts: b}).Equal(Budget{Counts: NewCounts(Count{Key: "movement", N: 6})}) || (Budget{Counts: a}).Equal(Budget{Counts: b}) {
		t.Error("Budget.Equal disagrees with the counts")
	}
	if got := (Budget{Counts: a}).Left("bonus"); got != 0 {
		t.Errorf("a counter not held: %d left", got)
	}
}

// TestCountsJSON checks that Counts reads and writes the object a map of
// key and amount does, byte for byte, keeping a decoded 0 and a key too
// many for checkCounts to refuse (ENG-TURN-6).
func TestCountsJSON(t *testing.T) {
	for _, c := range []struct {
		doc  string
		bad  bool // checkCounts refuses it
		same bool // it reads back as a map writes it
	}{
		{`{}`, false, true},
		{`{"movement":6}`, false, true},
		{`{"b":1,"a":2}`, false, true},
		{`{"a":0,"b":1}`, false, true},
		{`{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1}`, false, true},
		{`{"a":-3}`, true, true},
		{`{"a<b":1}`, true, true},
		{`{"a":9999999999}`, true, false}, // held at int32's bound, still over MaxCount
		{`{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1}`, true, false},
	} {
		var want map[string]int
		var got Counts
		if err := json.Unmarshal([]byte(c.doc), &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(c.doc), &got); err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		if err := checkCounts(got, nil); (err != nil) != c.bad {
			t.Errorf("%s: checkCounts says %v", c.doc, err)
		}
		wantJSON, _ := json.Marshal(want)
		if gotJSON, err := json.Marshal(got); c.same && (err != nil || string(gotJSON) != string(wantJSON)) {
			t.Errorf("%s reads back as %s, %v; a map as %s", c.doc, gotJSON, err, wantJSON)
		}
	}
}

// TestCheckCounters checks the bounds on a ruleset's declaration, which
// NewRegistry enforces (ENG-TURN-6).
func TestCheckCounters(t *testing.T) {
	ok := Counter{Key: "movement", Unit: UnitMovement, Use: UseMove}
	many := make([]Counter, MaxCounters+1)
	for i := range many {
		many[i] = Counter{Key: strings.Repeat("k", i+1), Unit: UnitCount}
	}
	for name, cs := range map[string][]Counter{
		"too many":     many,
		"long key":     {{Key: strings.Repeat("k", MaxCounterKey+1), Unit: UnitCount}},
		"invalid key":  {{Key: "a b", Unit: UnitCount}},
		"no unit":      {{Key: "a"}},
		"unknown use":  {{Key: "a", Unit: UnitCount, Use: UseOpportunity + 1}},
		"key twice":    {ok, {Key: "movement", Unit: UnitCount}},
		"use twice":    {ok, {Key: "steps", Unit: UnitMovement, Use: UseMove}},
		"empty key":    {{Key: "", Unit: UnitCount}},
		"one too many": many[:MaxCounters+1],
	} {
		if err := checkCounters(cs); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := checkCounters(append(many[:MaxCounters-1:MaxCounters-1], ok)); err != nil {
		t.Errorf("%d counters: %v", MaxCounters, err)
	}
	if _, err := NewRegistry(declaring{many}); err == nil {
		t.Error("the registry took a ruleset declaring too many counters")
	}
}

// declaring is a ruleset that declares the counters it holds.
type declaring struct{ cs []Counter }

func (declaring) ID() string            { return "declaring" }
func (d declaring) Counters() []Counter { return d.cs }

// TestHeld checks when surprise holds back a creature's off-turn counters
// (ENG-SURP-3): until the end of round 1, or of its own first turn.
func TestHeld(t *testing.T) {
	c := Combatant{Surprised: true}
	running := Encounter{Phase: PhaseRunning, Round: 1}
	later := Encounter{Phase: PhaseRunning, Round: 2}
	own := TurnRules{SurpriseLock: LockEndOfOwnFirstTurn}
	for _, row := range []struct {
		name string
		tr   TurnRules
		enc  Encounter
		c    Combatant
		want bool
	}{
		{"round 1", TurnRules{}, running, c, true},
		{"round 2", TurnRules{}, later, c, false},
		{"not surprised", TurnRules{}, running, Combatant{}, false},
		{"setup", TurnRules{}, Encounter{Phase: PhaseSetup, Round: 1}, c, false},
		{"before its first turn", own, later, c, true},
		{"after its first turn", own, running, Combatant{Surprised: true, Turns: 1}, false},
	} {
		if got := row.tr.Held(row.enc, row.c); got != row.want {
			t.Errorf("%s: held %v, want %v", row.name, got, row.want)
		}
	}
}

// TestStatCounts: a stat block gives the uses per turn of its ruleset's
// other counters by key (Stats.Counts, ENG-TURN-6): DefaultCounts starts a
// turn with them, MoveCap allows a move for each, and a spec is refused
// when it counts more than MaxStatCount of one, a negative amount or a
// counter its ruleset does not declare, changing nothing.
func TestStatCounts(t *testing.T) {
	cs := []Counter{
		{Key: "movement", Unit: UnitMovement, Use: UseMove, Rule: "ENG-MOVE-3"},
		{Key: "actions", Unit: UnitCount, Use: UseAttack, Rule: "ENG-TURN-3"},
		{Key: "shout", Unit: UnitCount, Rule: "ENG-TURN-4"},
	}
	st := Stats{MaxHP: 5, Speed: 6, Counts: NewCounts(Count{"shout", 2})}
	if got, want := DefaultCounts(cs, st), NewCounts(Count{"movement", 6}, Count{"actions", 1}, Count{"shout", 2}); !got.Equal(want) {
		t.Errorf("DefaultCounts = %v, want %v", got, want)
	}
	if got, want := MoveCap(st), 2*6*(1+1+2); got != want {
		t.Errorf("MoveCap = %d, want %d", got, want)
	}
	if !st.Equal(Stats{MaxHP: 5, Speed: 6, Counts: NewCounts(Count{"shout", 2})}) || st.Equal(Stats{MaxHP: 5, Speed: 6}) {
		t.Error("Equal does not compare the counts")
	}
	enc := NewEncounter("fake", grid.Map{W: 4, H: 4}, 1)
	place := func(n Counts) Place {
		return Place{Spec{ID: "a", Name: "a", Side: "x", Stats: Stats{MaxHP: 5, Speed: 6, Counts: n}}}
	}
	mustApply(t, fake{}, enc, place(NewCounts(Count{"bonus", MaxStatCount}, Count{"interaction", 1})))
	for name, n := range map[string]Counts{
		"past the bound": NewCounts(Count{"bonus", MaxStatCount + 1}),
		"negative":       NewCounts(Count{"bonus", -1}),
		"not declared":   NewCounts(Count{"shout", 1}),
	} {
		var re *RuleError
		if err := mustFail(t, fake{}, enc, place(n)); !errors.As(err, &re) || re.Rule != "ENG-TURN-6" {
			t.Errorf("%s: %v, want a refusal citing ENG-TURN-6", name, err)
		}
	}
}
