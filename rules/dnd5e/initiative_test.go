package dnd5e

import (
	"errors"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
)

// party and goblins are the initiative entries of the spec's §13 fixtures.
func entrant(id string, b StatBlock, c Controller) Entrant {
	return Entrant{ID: id, Group: b.ID, Controller: c, Mod: b.InitiativeMod()}
}

var (
	fighterIn = entrant("fighter", Fighter(), Player)
	rogueIn   = entrant("rogue", Rogue(), Player)
	wizardIn  = entrant("wizard", Wizard(), Player)
	goblinsIn = []Entrant{
		entrant("goblin-a", Goblin(), DM), entrant("goblin-b", Goblin(), DM),
		entrant("goblin-c", Goblin(), DM), entrant("goblin-d", Goblin(), DM),
	}
)

// slotView is a compact picture of a slot for comparisons.
type slotView struct {
	members string
	total   int
}

func view(o Order) []slotView {
	var out []slotView
	for _, s := range o.Slots {
		m := ""
		for i, id := range s.Members {
			if i > 0 {
				m += ","
			}
			m += id
		}
		out = append(out, slotView{m, s.Total})
	}
	return out
}

const goblinSlot = "goblin-a,goblin-b,goblin-c,goblin-d"

// initiativeVector is one row of the initiative vectors, run by the package
// function and through the engine's commands.
type initiativeVector struct {
	id        string
	rule      combat.RuleID
	entrants  []Entrant
	tb        TieBreak
	faces     []int
	want      []slotView
	wantTies  []Tie
	wantSlot0 []int // roll-off faces of the first slot, when checked
}

// initiativeVectors are DND-TV-1 and DND-TV-3 with their variants.
func initiativeVectors() []initiativeVector {
	wolf := Goblin()
	wolf.ID = "wolf"
	wolves := []Entrant{entrant("wolf-1", wolf, DM), entrant("wolf-2", wolf, DM)}
	return []initiativeVector{
		{
			id: "DND-TV-1", rule: "DND-INIT-2",
			entrants: append([]Entrant{fighterIn, rogueIn}, goblinsIn...),
			faces:    []int{18, 9, 13},
			want:     []slotView{{"fighter", 18}, {goblinSlot, 15}, {"rogue", 12}},
		},
		{
			id: "DND-TV-3a", rule: "DND-INIT-4",
			entrants: []Entrant{fighterIn, rogueIn},
			faces:    []int{15, 12},
			want:     []slotView{{"fighter", 15}, {"rogue", 15}},
			wantTies: []Tie{{From: 0, To: 2, Decider: Player}},
		},
		{
			id: "DND-TV-3b", rule: "DND-INIT-4",
			entrants: append(slices.Clone(goblinsIn[:2]), wolves...),
			faces:    []int{13, 13},
			want:     []slotView{{"goblin-a,goblin-b", 15}, {"wolf-1,wolf-2", 15}},
			wantTies: []Tie{{From: 0, To: 2, Decider: DM}},
		},
		{
			id: "DND-TV-3c", rule: "DND-INIT-4",
			entrants: append([]Entrant{rogueIn}, goblinsIn...),
			faces:    []int{12, 13},
			want:     []slotView{{"rogue", 15}, {goblinSlot, 15}},
			wantTies: []Tie{{From: 0, To: 2, Decider: DM, Mixed: true}},
		},
		{
			id: "DND-TV-3c-roll-off", rule: "DND-INIT-4",
			entrants:  append([]Entrant{goblinsIn[0]}, rogueIn),
			tb:        TieRollOff,
			faces:     []int{13, 12, 9, 14},
			want:      []slotView{{"rogue", 15}, {"goblin-a", 15}},
			wantSlot0: []int{14},
		},
		{
			id: "DND-TV-3c-roll-off-7-7", rule: "DND-AMB-8",
			entrants:  append([]Entrant{rogueIn}, goblinsIn...),
			tb:        TieRollOff,
			faces:     []int{12, 13, 7, 7, 14, 9},
			want:      []slotView{{"rogue", 15}, {goblinSlot, 15}},
			wantSlot0: []int{7, 14},
		},
		{
			id: "DND-TV-3a-per-tie", rule: "DND-INIT-4",
			entrants: []Entrant{fighterIn, rogueIn},
			tb:       TiePerTie,
			faces:    []int{15, 12},
			want:     []slotView{{"fighter", 15}, {"rogue", 15}},
			wantTies: []Tie{{From: 0, To: 2, Decider: Player}},
		},
		{
			id: "DND-TV-3b-per-tie", rule: "DND-INIT-4",
			entrants: append(slices.Clone(goblinsIn[:1]), wolves...),
			tb:       TiePerTie,
			faces:    []int{13, 13},
			want:     []slotView{{"goblin-a", 15}, {"wolf-1,wolf-2", 15}},
			wantTies: []Tie{{From: 0, To: 2, Decider: DM}},
		},
		{
			id: "DND-TV-3c-per-tie", rule: "DND-INIT-4",
			entrants:  append([]Entrant{goblinsIn[0]}, rogueIn),
			tb:        TiePerTie,
			faces:     []int{13, 12, 9, 14},
			want:      []slotView{{"rogue", 15}, {"goblin-a", 15}},
			wantSlot0: []int{14},
		},
	}
}

func TestInitiativeVectors(t *testing.T) {
	for _, tc := range initiativeVectors() {
		t.Run(tc.id, func(t *testing.T) {
			o, err := RollInitiative(tc.entrants, tc.tb, dicetest.Script(t, tc.faces...))
			if err != nil {
				t.Fatalf("%s: %v", tc.rule, err)
			}
			if got := view(o); !slices.Equal(got, tc.want) {
				t.Errorf("%s: order %v, want %v", tc.rule, got, tc.want)
			}
			if got := o.Ties(); !slices.Equal(got, tc.wantTies) {
				t.Errorf("%s: ties %v, want %v", tc.rule, got, tc.wantTies)
			}
			if tc.wantSlot0 != nil && !slices.Equal(o.Slots[0].RollOff, tc.wantSlot0) {
				t.Errorf("%s: roll-off faces %v, want %v", tc.rule, o.Slots[0].RollOff, tc.wantSlot0)
			}
		})
	}
}

// TestTieArrange follows DND-TV-3 (a)/(c): the decider orders the tied block
// by hand and the block is then settled.
func TestTieArrange(t *testing.T) {
	o, err := RollInitiative([]Entrant{wizardIn, fighterIn, rogueIn}, TieByHand, dicetest.Script(t, 14, 15, 12))
	if err != nil {
		t.Fatal(err)
	}
	// wizard 15, fighter 15, rogue 15: one block for the players.
	if ties := o.Ties(); len(ties) != 1 || ties[0] != (Tie{From: 0, To: 3, Decider: Player}) {
		t.Fatalf("DND-INIT-4: ties %v", ties)
	}
	got, err := o.Arrange(0, []int{2, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	if turns := got.Turns(); !slices.Equal(turns, []string{"rogue", "wizard", "fighter"}) {
		t.Errorf("DND-INIT-4: arranged %v", turns)
	}
	if len(got.Ties()) != 0 {
		t.Errorf("DND-AMB-8: still tied after arranging: %v", got.Ties())
	}
	if o.Slots[0].Members[0] != "wizard" || o.Slots[0].Settled {
		t.Error("Arrange changed its input")
	}
	for _, bad := range [][]int{{0, 1}, {0, 0, 1}, {0, 1, 3}} {
		var re *combat.RuleError
		if _, err := o.Arrange(0, bad); !errors.As(err, &re) || re.Rule != "DND-INIT-4" {
			t.Errorf("perm %v: err %v, want a DND-INIT-4 RuleError", bad, err)
		}
	}
	if _, err := o.Arrange(1, []int{1, 2}); err == nil {
		t.Error("arranged a run that does not start a tie")
	}
}

// TestSameOrderEveryRound is DND-TV-2: the order is rolled once and the
// turn sequence of round 2 is that of round 1, with no dice.
func TestSameOrderEveryRound(t *testing.T) {
	t.Run("DND-TV-2", func(t *testing.T) {
		o, err := RollInitiative(append([]Entrant{fighterIn, rogueIn}, goblinsIn...), TieByHand, dicetest.Script(t, 18, 9, 13))
		if err != nil {
			t.Fatal(err)
		}
		round1, round2 := o.Turns(), o.Turns()
		want := []string{"fighter", "goblin-a", "goblin-b", "goblin-c", "goblin-d", "rogue"}
		if !slices.Equal(round1, want) || !slices.Equal(round2, want) {
			t.Errorf("DND-INIT-3: rounds %v / %v, want %v", round1, round2, want)
		}
	})
}

func TestJoinAndRemove(t *testing.T) {
	start := func(t *testing.T) Order {
		o, err := RollInitiative(append([]Entrant{fighterIn, rogueIn}, goblinsIn...), TieByHand, dicetest.Script(t, 18, 9, 13))
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	t.Run("DND-TV-21", func(t *testing.T) {
		o := start(t)
		ogre := Entrant{ID: "ogre", Group: "ogre", Controller: DM, Mod: -1}
		const acting = 1 // slot 15, the goblins, is acting in round 3
		got, at, err := o.Join(ogre, TieByHand, dicetest.Script(t, 14))
		if err != nil {
			t.Fatal(err)
		}
		want := []slotView{{"fighter", 18}, {goblinSlot, 15}, {"ogre", 13}, {"rogue", 12}}
		if !slices.Equal(view(got), want) || at != 2 {
			t.Errorf("DND-AMB-14: order %v at %d, want %v at 2", view(got), at, want)
		}
		if !(at > acting) {
			t.Error("DND-AMB-14: the ogre should act this round")
		}
		if len(o.Slots) != 3 {
			t.Error("Join changed its input")
		}
		if _, _, err := got.Join(ogre, TieByHand, dicetest.Script(t)); err == nil {
			t.Error("the same creature joined twice")
		}
	})
	t.Run("DND-TV-21-tie-roll-off", func(t *testing.T) {
		o := start(t)
		// A second goblin band of another stat block rolls 13 → 15, ties
		// the goblins and wins the roll-off 11 to 4.
		band := Entrant{ID: "hob", Group: "hobgoblin", Controller: DM, Mod: 2}
		got, at, err := o.Join(band, TieRollOff, dicetest.Script(t, 13, 4, 11))
		if err != nil {
			t.Fatal(err)
		}
		if at != 1 || got.Slots[1].Members[0] != "hob" || got.Slots[2].Total != 15 {
			t.Errorf("DND-AMB-8: order %v at %d", view(got), at)
		}
	})
	t.Run("DND-TV-22", func(t *testing.T) {
		o := start(t)
		got, dropped := o.Remove("goblin-c")
		if dropped != -1 || got.Slots[1].Members[2] != "goblin-d" || len(got.Slots[1].Members) != 3 {
			t.Errorf("DND-AMB-15: %v, dropped %d", view(got), dropped)
		}
		if len(o.Slots[1].Members) != 4 {
			t.Error("Remove changed its input")
		}
		got, dropped = got.Remove("rogue")
		if dropped != 2 || len(got.Slots) != 2 {
			t.Errorf("DND-AMB-15: empty slot kept: %v", view(got))
		}
	})
}

func TestFormSlotsRules(t *testing.T) {
	tests := []struct {
		name  string
		rule  combat.RuleID
		es    []Entrant
		slots int
		err   bool
	}{
		{"players never group", "DND-INIT-2", []Entrant{{ID: "a", Group: "x", Controller: Player}, {ID: "b", Group: "x", Controller: Player}}, 2, false},
		{"same stat block under the DM groups", "DND-AMB-7", []Entrant{{ID: "a", Group: "x", Controller: DM}, {ID: "b", Group: "x", Controller: DM}}, 1, false},
		{"individual switch splits a group", "DND-AMB-6", []Entrant{{ID: "a", Group: "x", Controller: DM}, {ID: "b", Group: "x", Controller: DM, Individual: true}}, 2, false},
		{"no stat block, no group", "DND-AMB-7", []Entrant{{ID: "a", Controller: DM}, {ID: "b", Controller: DM}}, 2, false},
		{"a group shares one modifier", "DND-INIT-2", []Entrant{{ID: "a", Group: "x", Controller: DM, Mod: 2}, {ID: "b", Group: "x", Controller: DM, Mod: 3}}, 0, true},
		{"unknown controller", "DND-INIT-4", []Entrant{{ID: "a", Controller: "gm"}}, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := FormSlots(tc.es)
			if (err != nil) != tc.err || len(s) != tc.slots {
				t.Errorf("%s: %d slots, err %v", tc.rule, len(s), err)
			}
		})
	}
}
