package cairn

import (
	"slices"
	"testing"

	"battlemat/rules/dice/dicetest"
)

func named(id string, c Character) Character {
	c.ID, c.Name = id, id
	return c
}

// TestPhaseVectors covers the vectors resolved over a whole side's phase
// (CA-ALG-B): CA-TV-6 and CA-TV-18.
func TestPhaseVectors(t *testing.T) {
	t.Run("CA-TV-6", func(t *testing.T) {
		b := Battle{Round: 1, Characters: []Character{
			named("a", pc(6, 0, 12)), named("b", pc(6, 0, 12)), named("c", pc(6, 0, 12)), named("foe", foe(5, 1, 10)),
		}}
		decls := []Declaration{
			{Attacker: "a", Targets: []string{"foe"}, Attack: Attack{Dice: []Die{D6}}},
			{Attacker: "b", Targets: []string{"foe"}, Attack: Attack{Dice: []Die{D8}}},
			{Attacker: "c", Targets: []string{"foe"}, Attack: Attack{Dice: []Die{D10}}},
		}
		var got PhaseResult
		attempt(t, func() (err error) { got, err = ResolvePhase(b, decls, dicetest.Script(t, 4, 7, 2, 12)); return err })
		if len(got.Hits) != 1 {
			t.Fatalf("%d hits; want one result for the one target", len(got.Hits))
		}
		checkDamage(t, got.Hits[0], want{6, 0, 9, OutcomeCritical, true})
		if s, _ := got.Hits[0].Trace.Find(KeySTRSave); s.Value != 9 {
			t.Errorf("STR save against %d; want 9", s.Value)
		}
	})
	t.Run("CA-TV-18", func(t *testing.T) {
		det := named("guards", foe(4, 1, 11))
		det.Kind = Detachment
		p0, p1, p3 := named("p0", pc(12, 0, 12)), named("p1", pc(12, 1, 12)), named("p3", pc(12, 3, 12))
		b := Battle{Round: 2, Characters: []Character{det, p0, p1, p3}}
		decls := []Declaration{{Attacker: "guards", Targets: []string{"p0", "p1", "p3"}, Attack: Attack{Dice: []Die{D6}}}}
		var got PhaseResult
		attempt(t, func() (err error) { got, err = ResolvePhase(b, decls, dicetest.Script(t, 1, 6, 12)); return err })
		var dealt []int
		for _, h := range got.Hits {
			dealt = append(dealt, h.Dealt)
		}
		if !slices.Equal(dealt, []int{1, 5, 9}) {
			t.Errorf("damage %v; want [1 5 9]", dealt)
		}
	})
}

func TestPhaseDoesNotMutate(t *testing.T) {
	b := Battle{Round: 1, Characters: []Character{named("a", pc(6, 0, 12)), named("foe", foe(5, 1, 10))}}
	b.Characters[1].Armour = []ArmourItem{{"helmet", 1}}
	before := b.Characters[1].HP
	_, err := ResolvePhase(b, []Declaration{{Attacker: "a", Targets: []string{"foe"}, Attack: Attack{Dice: []Die{D8}}}}, dicetest.Script(t, 8, 1))
	if err != nil {
		t.Fatal(err)
	}
	if b.Characters[1].HP != before || b.Characters[1].Attr.STR != 10 {
		t.Error("the input battle changed")
	}
}

func TestPhaseRejects(t *testing.T) {
	crit := named("c", pc(6, 0, 12))
	crit.Status.Critical = true
	b := Battle{Round: 1, Characters: []Character{named("a", pc(6, 0, 12)), named("b", pc(6, 0, 12)), crit}}
	sword := Attack{Dice: []Die{D8}}
	tests := []struct {
		name  string
		decls []Declaration
	}{
		{"CA-ACT-1 two actions", []Declaration{{"a", []string{"b"}, sword}, {"a", []string{"b"}, sword}}},
		{"CA-CRIT-5 critical attacker", []Declaration{{"c", []string{"b"}, sword}}},
		{"CA-BLAST-1 several targets without blast", []Declaration{{"a", []string{"b", "c"}, sword}}},
		{"CA-DMG-1 no target", []Declaration{{"a", nil, sword}}},
		{"unknown target", []Declaration{{"a", []string{"zz"}, sword}}},
		{"CA-DUAL-1 three weapons", []Declaration{{"a", []string{"b"}, Attack{Dice: []Die{D6, D6, D6}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ResolvePhase(b, tc.decls, dicetest.Script(t)); err == nil {
				t.Error("accepted")
			}
		})
	}
}

// band returns n NPC members m0..m(n-1) with the given WIL, the first the
// leader when leader is set.
func band(n, wil int, leader bool) ([]Character, MoraleGroup) {
	g := MoraleGroup{ID: "band", Start: n}
	var cs []Character
	for i := 0; i < n; i++ {
		c := named("m"+string(rune('0'+i)), foe(4, 0, 10))
		c.Attr.WIL, c.Max.WIL = wil, max(wil, 1)
		cs = append(cs, c)
		g.Members = append(g.Members, c.ID)
	}
	if leader {
		g.Leader = "m0"
	}
	return cs, g
}

// fell marks the members from index i on as dead.
func fell(cs []Character, from, to int) []Character {
	out := slices.Clone(cs)
	for i := from; i < to; i++ {
		out[i].Status.Dead = true
	}
	return out
}

// TestMoraleVectors covers CA-TV-23..25 (CA-MORALE-2..4, CA-AMB-12).
func TestMoraleVectors(t *testing.T) {
	t.Run("CA-TV-23", func(t *testing.T) {
		cs, g := band(6, 9, true)
		var m Morale
		attempt(t, func() (err error) { m, err = CheckMorale(g, fell(cs, 5, 6), nil, dicetest.Script(t, 9)); return err })
		if len(m.Fled) != 0 || !m.Group.FirstDone || m.Group.HalfDone {
			t.Fatalf("first casualty: fled %v group %+v; want the save passed", m.Fled, m.Group)
		}
		attempt(t, func() (err error) { m, err = CheckMorale(m.Group, fell(cs, 4, 6), nil, dicetest.Script(t)); return err })
		if len(m.Fled) != 0 {
			t.Fatalf("second casualty rolled again: fled %v", m.Fled)
		}
		attempt(t, func() (err error) {
			m, err = CheckMorale(m.Group, fell(cs, 3, 6), nil, dicetest.Script(t, 10))
			return err
		})
		if !slices.Equal(m.Fled, []string{"m0", "m1", "m2"}) || !m.Group.HalfDone {
			t.Errorf("at 3 casualties fled %v; want the three able members", m.Fled)
		}
		for _, c := range m.Members[:3] {
			if !c.Status.Fleeing {
				t.Errorf("%s not fleeing", c.ID)
			}
		}
	})
	t.Run("CA-TV-24", func(t *testing.T) {
		_, g := band(5, 9, true)
		for c, fires := range map[int]bool{1: false, 2: false, 3: true, 4: true} {
			if halfLost(c, g.Start) != fires {
				t.Errorf("%d casualties of 5: half-strength trigger %v; want %v", c, !fires, fires)
			}
		}
		cs, g := band(5, 9, true)
		g.FirstDone = true
		var m Morale
		attempt(t, func() (err error) { m, err = CheckMorale(g, fell(cs, 3, 5), nil, dicetest.Script(t)); return err })
		if m.Group.HalfDone {
			t.Error("2 casualties of 5 fired the half-strength save")
		}
		attempt(t, func() (err error) { m, err = CheckMorale(g, fell(cs, 2, 5), nil, dicetest.Script(t, 5)); return err })
		if !m.Group.HalfDone {
			t.Error("3 casualties of 5 did not fire the half-strength save")
		}
	})
	t.Run("CA-TV-25", func(t *testing.T) {
		cs, g := band(2, 9, false)
		var m Morale
		attempt(t, func() (err error) { m, err = CheckMorale(g, fell(cs, 1, 2), nil, dicetest.Script(t, 3)); return err })
		if !m.Group.FirstDone || !m.Group.HalfDone {
			t.Errorf("group %+v; want both triggers spent by one save", m.Group)
		}
	})
	t.Run("CA-AMB-12 no leader", func(t *testing.T) {
		cs, g := band(4, 9, false)
		var m Morale
		attempt(t, func() (err error) {
			m, err = CheckMorale(g, fell(cs, 3, 4), nil, dicetest.Script(t, 9, 10, 2))
			return err
		})
		if !slices.Equal(m.Fled, []string{"m1"}) {
			t.Errorf("fled %v; want only m1, who rolled 10 against WIL 9", m.Fled)
		}
	})
	t.Run("CA-MORALE-1 no PCs", func(t *testing.T) {
		cs, g := band(2, 9, false)
		cs[0].Kind = PC
		if _, err := CheckMorale(g, cs, nil, dicetest.Script(t)); err == nil {
			t.Error("a PC checked morale")
		}
	})
}

// TestLoneFoeVectors covers CA-TV-26 and CA-TV-27 (CA-MORALE-5).
func TestLoneFoeVectors(t *testing.T) {
	tests := []struct {
		id      string
		die     Die
		faces   []int
		hp, str int
		fled    bool
	}{
		{"CA-TV-26", D6, []int{4, 12}, 0, 8, true},
		{"CA-TV-27", D8, []int{6, 5, 3}, 0, 6, false},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			lone := named("ogre", foe(4, 0, 8))
			lone.Attr.WIL, lone.Max.WIL = 9, 9
			b := Battle{Round: 1, Characters: []Character{named("hero", pc(6, 0, 12)), lone},
				Groups: []MoraleGroup{{ID: "ogre", Members: []string{"ogre"}, Start: 1}}}
			decls := []Declaration{{Attacker: "hero", Targets: []string{"ogre"}, Attack: Attack{Dice: []Die{tc.die}}}}
			var got PhaseResult
			attempt(t, func() (err error) { got, err = ResolvePhase(b, decls, dicetest.Script(t, tc.faces...)); return err })
			o := got.Battle.Characters[1]
			if o.HP != tc.hp || o.Attr.STR != tc.str || o.Status.Fleeing != tc.fled {
				t.Errorf("HP %d STR %d fleeing %v; want %d %d %v\n%v", o.HP, o.Attr.STR, o.Status.Fleeing, tc.hp, tc.str, tc.fled, got.Trace)
			}
			var order []string
			for _, s := range got.Trace {
				if s.Sides == 20 {
					order = append(order, s.Key)
				}
			}
			wantOrder := []string{KeyWILSave}
			if tc.str != 8 {
				wantOrder = []string{KeySTRSave, KeyWILSave}
			}
			if !slices.Equal(order, wantOrder) {
				t.Errorf("saves in order %v; want %v", order, wantOrder)
			}
		})
	}
}
