package cairn

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// striker is one attacker of a phase vector: its stat block, the option it
// attacks with (nil: its first weapon) and the targets it declares.
type striker struct {
	c       Character
	option  string
	targets []string
}

// phaseVector is a CA-TV vector played as one side's phase: the attackers
// act first, each declaring, and the phase is rolled with faces when the
// last ends its turn. The defenders stand on their own sides, in order.
type phaseVector struct {
	id        string
	opt       Options
	attackers []striker
	defenders []Character // each with its ID; NPCs of one side share a morale group
	sides     []string    // the side of each defender; "foes" when empty
	far       bool        // the defenders stand 20 squares off (ranged vectors)
	faces     []int
	check     func(t *testing.T, got map[string]Character, hits []combat.PhaseHit)
}

// wantTarget checks one target's HP, STR and outcome of the phase.
func wantTarget(id string, hp, str int, o Outcome) func(*testing.T, map[string]Character, []combat.PhaseHit) {
	return func(t *testing.T, got map[string]Character, hits []combat.PhaseHit) {
		t.Helper()
		c := got[id]
		var oc string
		for _, h := range hits {
			if h.Target == id {
				oc = h.Outcome
			}
		}
		if c.HP != hp || c.Attr.STR != str || oc != string(o) {
			t.Errorf("%s: HP %d STR %d outcome %q; want %d %d %q", id, c.HP, c.Attr.STR, oc, hp, str, o)
		}
	}
}

// wantDice checks the sides of the dice rolled against the first target.
func wantDice(sides ...int) func(*testing.T, map[string]Character, []combat.PhaseHit) {
	return func(t *testing.T, _ map[string]Character, hits []combat.PhaseHit) {
		t.Helper()
		var got []int
		for _, d := range hits[0].Dice {
			got = append(got, d.Sides)
		}
		if !slices.Equal(got, sides) {
			t.Errorf("dice d%v; want d%v", got, sides)
		}
	}
}

// phaseVectors are the CA-TV vectors resolved in a side's phase (CA-ALG-B,
// CA-ALG-C, CA-ALG-D).
func phaseVectors() []phaseVector {
	hero := func(id string, dice ...Die) Character {
		c := named(id, pc(6, 0, 12))
		for _, d := range dice {
			c.Weapons = append(c.Weapons, Weapon{Name: "weapon", Die: d})
		}
		return c
	}
	one := func(id string, dice ...Die) []striker {
		return []striker{{c: hero(id, dice...), targets: []string{"foe"}}}
	}
	target := func(c Character) []Character { return []Character{named("foe", c)} }
	shielded := pc(5, 0, 10)
	shielded.Armour = []ArmourItem{{"shield", 1}, {"helmet", 1}, {"chainmail", 2}}
	detach := foe(4, 1, 11)
	detach.Kind = Detachment
	guards := named("guards", detach)
	guards.Weapons = []Weapon{{Name: "spears", Die: D6}}
	bowman := named("bowman", pc(6, 0, 12))
	bowman.Weapons = []Weapon{{Name: "bow", Die: D6, Ranged: true, Range: 2}}
	blaster := hero("blaster", D6)
	blaster.Weapons[0].Blast = true
	lone := foe(4, 0, 8)
	lone.Attr.WIL, lone.Max.WIL = 9, 9
	pc0, pc1, pc3 := named("p0", pc(12, 0, 12)), named("p1", pc(12, 1, 12)), named("p3", pc(12, 3, 12))
	return []phaseVector{
		{id: "CA-TV-1", attackers: one("a", D6), defenders: target(pc(3, 1, 12)), faces: []int{4}, check: wantTarget("foe", 0, 12, OutcomeHP)},
		{id: "CA-TV-2", attackers: one("a", D6), defenders: target(pc(3, 1, 12)), faces: []int{6, 5}, check: wantTarget("foe", 0, 10, OutcomeSaved)},
		{id: "CA-TV-3/pass", attackers: one("a", D6), defenders: target(pc(3, 1, 12)), faces: []int{6, 10}, check: wantTarget("foe", 0, 10, OutcomeSaved)},
		{id: "CA-TV-3/fail", attackers: one("a", D6), defenders: target(pc(3, 1, 12)), faces: []int{6, 11}, check: wantTarget("foe", 0, 10, OutcomeCritical)},
		{id: "CA-TV-4", attackers: one("a", D8), defenders: target(shielded), faces: []int{3}, check: wantTarget("foe", 5, 10, OutcomeNone)},
		{id: "CA-TV-5", attackers: one("a", D6), defenders: target(pc(5, 2, 10)), faces: []int{1}, check: wantTarget("foe", 5, 10, OutcomeNone)},
		{id: "CA-TV-6", attackers: []striker{{c: hero("a", D6), targets: []string{"foe"}}, {c: hero("b", D8), targets: []string{"foe"}}, {c: hero("c", D10), targets: []string{"foe"}}},
			defenders: target(foe(5, 1, 10)), faces: []int{4, 7, 2, 12}, check: wantTarget("foe", 0, 9, OutcomeCritical)},
		{id: "CA-TV-7", attackers: []striker{{c: hero("a", D8, D8), option: `{"weapons":[0,1]}`, targets: []string{"foe"}}},
			defenders: target(pc(8, 0, 10)), faces: []int{3, 6}, check: wantTarget("foe", 2, 10, OutcomeHP)},
		{id: "CA-TV-8", attackers: one("a", D8), defenders: target(pc(2, 0, 3)), faces: []int{6}, check: wantTarget("foe", 0, -1, OutcomeDead)},
		{id: "CA-TV-9", attackers: one("a", D6), defenders: target(pc(0, 0, 4)), faces: []int{4}, check: wantTarget("foe", 0, 0, OutcomeDead)},
		{id: "CA-TV-10", attackers: one("a", D6), defenders: target(pc(0, 1, 10)), faces: []int{1}, check: wantTarget("foe", 0, 10, OutcomeNone)},
		{id: "CA-TV-11", attackers: one("a", D6), defenders: target(pc(0, 0, 10)), faces: []int{3, 7}, check: wantTarget("foe", 0, 7, OutcomeSaved)},
		{id: "CA-TV-12/nat1", attackers: one("a", D6), defenders: target(pc(0, 0, 2)), faces: []int{1, 1}, check: wantTarget("foe", 0, 1, OutcomeSaved)},
		{id: "CA-TV-12/nat20", attackers: one("a", D6), defenders: target(pc(0, 0, 20)), faces: []int{1, 20}, check: wantTarget("foe", 0, 19, OutcomeCritical)},
		{id: "CA-TV-13", attackers: []striker{{c: hero("a", D8), option: `{"weapons":[0],"impaired":true}`, targets: []string{"foe"}}},
			defenders: target(foe(8, 1, 10)), faces: []int{3}, check: wantTarget("foe", 6, 10, OutcomeHP)},
		{id: "CA-TV-14", attackers: []striker{{c: hero("a", D8), option: `{"weapons":[0],"enhanced":true}`, targets: []string{"foe"}}},
			defenders: target(foe(12, 0, 10)), faces: []int{11}, check: wantTarget("foe", 1, 10, OutcomeHP)},
		{id: "CA-TV-15/unarmed", attackers: []striker{{c: hero("a"), targets: []string{"foe"}}}, defenders: target(foe(12, 0, 10)), faces: []int{1}, check: wantDice(4)},
		{id: "CA-TV-15/unarmed-enhanced", attackers: []striker{{c: hero("a"), option: `{"weapons":[],"enhanced":true}`, targets: []string{"foe"}}},
			defenders: target(foe(12, 0, 10)), faces: []int{1}, check: wantDice(12)},
		{id: "CA-TV-15/cancel", attackers: []striker{{c: hero("a", D8), option: `{"weapons":[0],"impaired":true,"enhanced":true}`, targets: []string{"foe"}}},
			defenders: target(foe(12, 0, 10)), faces: []int{1}, check: wantDice(8)},
		{id: "CA-TV-16/individual", attackers: []striker{{c: hero("a", D8), targets: []string{"guards"}}}, defenders: []Character{guards}, faces: []int{1}, check: wantDice(4)},
		{id: "CA-TV-16/blast", attackers: []striker{{c: blaster, targets: []string{"guards"}}}, defenders: []Character{guards}, faces: []int{1}, check: wantDice(6)},
		{id: "CA-TV-17", attackers: []striker{{c: hero("a", D8, D8), option: `{"weapons":[0,1]}`, targets: []string{"guards"}}},
			defenders: []Character{guards}, faces: []int{2, 4}, check: wantTarget("guards", 1, 11, OutcomeHP)},
		{id: "CA-TV-17/literal", opt: Options{SingleDieWhenModified: true}, attackers: []striker{{c: hero("a", D8, D8), option: `{"weapons":[0,1]}`, targets: []string{"guards"}}},
			defenders: []Character{guards}, faces: []int{4}, check: wantDice(4)},
		{id: "CA-TV-18", attackers: []striker{{c: guards, targets: []string{"p0", "p1", "p3"}}}, defenders: []Character{pc0, pc1, pc3},
			faces: []int{1, 6, 12}, check: func(t *testing.T, got map[string]Character, hits []combat.PhaseHit) {
				var dealt []int
				for _, h := range hits {
					dealt = append(dealt, h.Damage)
				}
				if !slices.Equal(dealt, []int{1, 5, 9}) {
					t.Errorf("damage %v; want [1 5 9]", dealt)
				}
			}},
		{id: "CA-TV-20", attackers: []striker{{c: blaster, targets: []string{"foe"}}, {c: hero("b", D8), targets: []string{"foe"}}},
			defenders: target(foe(8, 0, 10)), faces: []int{2, 5}, check: wantTarget("foe", 3, 10, OutcomeHP)},
		{id: "CA-TV-26", attackers: one("a", D6), defenders: target(lone), faces: []int{4, 12},
			check: func(t *testing.T, got map[string]Character, _ []combat.PhaseHit) {
				if c := got["foe"]; c.HP != 0 || c.Attr.STR != 8 || !c.Status.Fleeing {
					t.Errorf("lone foe HP %d STR %d fleeing %v; want 0, 8, fleeing", c.HP, c.Attr.STR, c.Status.Fleeing)
				}
			}},
		{id: "CA-TV-27", attackers: one("a", D8), defenders: target(lone), faces: []int{6, 5, 3},
			check: func(t *testing.T, got map[string]Character, _ []combat.PhaseHit) {
				if c := got["foe"]; c.HP != 0 || c.Attr.STR != 6 || c.Status.Fleeing {
					t.Errorf("lone foe HP %d STR %d fleeing %v; want 0, 6, standing", c.HP, c.Attr.STR, c.Status.Fleeing)
				}
			}},
		{id: "CA-TV-30", attackers: []striker{{c: bowman, targets: []string{"foe"}}}, defenders: target(foe(12, 0, 10)), far: true, faces: []int{1}, check: wantDice(4)},
	}
}

// playPhase places the vector's combatants, lets the attackers act first,
// declares every attack and returns the encounter just before the last
// turn ends, and the same declarations as the engine holds them.
func playPhase(t *testing.T, v phaseVector) (combat.Encounter, Ruleset) {
	t.Helper()
	rs := Ruleset{Options: v.opt}
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 40, H: 12}, 1)
	do := func(cmd combat.Command, faces ...int) {
		t.Helper()
		var err error
		if enc, _, err = combat.Apply(rs, enc, cmd, dicetest.Script(t, faces...)); err != nil {
			t.Fatalf("%s: %v", cmd.Kind(), err)
		}
	}
	place := func(c Character, side string, at grid.Square) {
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		do(combat.Place{Spec: combat.Spec{ID: c.ID, Name: c.ID, Side: side, Pos: at, Profile: raw}})
		if c.HP == 0 { // a Place with HP 0 means full health
			do(combat.SetHP{ID: c.ID, HP: 0})
		}
	}
	// Everyone stands next to the first defender (or, for an attacking
	// detachment, next to its 2×2 footprint).
	attackerAt := []grid.Square{{X: 4, Y: 4}, {X: 5, Y: 4}, {X: 6, Y: 4}}
	defenderAt := []grid.Square{{X: 5, Y: 5}, {X: 6, Y: 6}, {X: 4, Y: 6}}
	if v.attackers[0].c.Kind == Detachment {
		defenderAt = []grid.Square{{X: 6, Y: 6}, {X: 6, Y: 3}, {X: 3, Y: 6}}
	}
	var first, second []string
	for i, a := range v.attackers {
		place(a.c, "attackers", attackerAt[i])
		first = append(first, a.c.ID)
	}
	for i, d := range v.defenders {
		side := "foes"
		if i < len(v.sides) {
			side = v.sides[i]
		}
		at := defenderAt[i]
		if v.far {
			at.X += 20
		}
		place(d, side, at)
		second = append(second, d.ID)
	}
	do(combat.SetOrder{Order: []combat.Slot{{Members: first, Score: 1}, {Members: second, Score: -1}}})
	do(combat.Start{})
	for i, a := range v.attackers {
		var opt json.RawMessage
		if a.option != "" {
			opt = json.RawMessage(a.option)
		}
		do(combat.Declare{Declaration: combat.Declaration{Attacker: a.c.ID, Targets: a.targets, Option: opt}})
		if i < len(v.attackers)-1 {
			do(combat.EndTurn{})
		}
	}
	return enc, rs
}

// endPhaseBoth ends the acting character's turn, and with it the side's
// phase, through Apply, and resolves the same declarations on the same
// battle with the package's ResolvePhase and the same dice; it fails the
// test unless every character comes out the same.
func endPhaseBoth(t *testing.T, rs Ruleset, enc combat.Encounter, faces []int) (combat.Encounter, PhaseResult, []combat.Event) {
	t.Helper()
	b, err := rs.battle(enc)
	if err != nil {
		t.Fatal(err)
	}
	decls := make([]Declaration, len(enc.Declared))
	for i, d := range enc.Declared {
		if decls[i], err = declared(enc, d); err != nil {
			t.Fatal(err)
		}
	}
	pkg, err := ResolvePhase(b, decls, dicetest.Script(t, faces...))
	if err != nil {
		t.Fatalf("ResolvePhase: %v", err)
	}
	after, evs, err := combat.Apply(rs, enc, combat.EndTurn{}, dicetest.Script(t, faces...))
	if err != nil {
		t.Fatalf("end of the phase: %v", err)
	}
	if len(after.Declared) != 0 {
		t.Errorf("%d declarations left after the phase", len(after.Declared))
	}
	for _, pc := range pkg.Battle.Characters {
		c, _, err := state(after, pc.ID)
		if err != nil {
			t.Fatal(err)
		}
		c.Name = pc.Name
		if !reflect.DeepEqual(c, pc) {
			t.Errorf("%s through Apply %+v\npackage %+v", pc.ID, c, pc)
		}
	}
	return after, pkg, evs
}

// TestPhaseVectorsThroughApply runs each CA-TV vector of a side's phase
// through commands (Declare, EndTurn) and through the package's
// ResolvePhase on the same battle with the same dice, and checks both give
// the same combatants, and the vector's result.
func TestPhaseVectorsThroughApply(t *testing.T) {
	for _, v := range phaseVectors() {
		t.Run(v.id, func(t *testing.T) {
			enc, rs := playPhase(t, v)
			after, pkg, evs := endPhaseBoth(t, rs, enc, v.faces)
			got := map[string]Character{}
			for _, pc := range pkg.Battle.Characters {
				got[pc.ID], _, _ = state(after, pc.ID)
			}
			var hits []combat.PhaseHit
			for _, ev := range evs {
				if h, ok := ev.Payload().(*combat.PhaseHit); ok {
					hits = append(hits, *h)
				}
			}
			if len(hits) != len(pkg.Hits) {
				t.Fatalf("%d hits through Apply, %d from ResolvePhase", len(hits), len(pkg.Hits))
			}
			for i, h := range pkg.Hits {
				if hits[i].Target != h.Target.ID || hits[i].Result != h.Result || hits[i].Damage != h.Dealt || hits[i].Outcome != string(h.Outcome) {
					t.Errorf("hit %d through Apply %+v, package %s result %d dealt %d %s", i, hits[i], h.Target.ID, h.Result, h.Dealt, h.Outcome)
				}
			}
			v.check(t, got, hits)
		})
	}
}

// actEncounter places the characters in a row on one side and a foe far
// off, with the first character acting.
func actEncounter(t *testing.T, cs ...Character) combat.Encounter {
	t.Helper()
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 20, H: 6}, 1)
	var ids []string
	for i, c := range append(cs, named("far", foe(4, 0, 10))) {
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		side := "party"
		if c.ID == "far" {
			side = "foes"
		}
		var err2 error
		enc, _, err2 = combat.Apply(Ruleset{}, enc, combat.Place{Spec: combat.Spec{ID: c.ID, Name: c.ID, Side: side, Pos: grid.Square{X: i, Y: 1}, Profile: raw}}, dicetest.Script(t))
		if err2 != nil {
			t.Fatal(err2)
		}
		if c.HP == 0 {
			enc, _, _ = combat.Apply(Ruleset{}, enc, combat.SetHP{ID: c.ID, HP: 0}, dicetest.Script(t))
		}
		ids = append(ids, c.ID)
	}
	enc, _, err := combat.Apply(Ruleset{}, enc, combat.SetOrder{Order: []combat.Slot{{Members: ids, Score: 1}}}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	enc, _, err = combat.Apply(Ruleset{}, enc, combat.Start{}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

// TestActVectorsThroughApply runs the vectors of DAIRN's acts through the
// Act command and through the package functions: aid (CA-TV-28), direct
// attribute loss (CA-TV-29), the count of a blast (CA-TV-19), a retreat
// (CA-RETREAT-1) and the GM's fate for a broken detachment (CA-DET-2).
func TestActVectorsThroughApply(t *testing.T) {
	dying := named("dying", pc(0, 0, 6))
	dying.Max.STR, dying.Status.Critical, dying.Status.DyingDeadline = 10, true, 365
	broken := named("unit", foe(0, 0, 5))
	broken.Kind, broken.Status.Critical = Detachment, true
	attr := func(id string, a Attr, v int) Character {
		c := named(id, pc(6, 0, 12))
		c.Attr, c.Max = c.Attr.with(a, v), c.Max.with(a, max(v, 1))
		return c
	}
	tests := []struct {
		id    string
		cs    []Character
		act   combat.Act
		faces []int
		pkg   func() (Care, error) // the package function's result for the act's subject
		value int                  // the act's value, when it counts something
		down  bool                 // the subject is out of the fight afterwards
	}{
		{id: "CA-TV-28", cs: []Character{named("ally", pc(6, 1, 12)), dying}, act: combat.Act{ID: "ally", Key: ActAid, Target: "dying"},
			pkg: func() (Care, error) { return ResolveAid(named("ally", pc(6, 1, 12)), dying, true) }},
		{id: "CA-TV-29/dex", cs: []Character{attr("x", DEX, 3)}, act: combat.Act{ID: "x", Key: ActLoseDEX, Value: 3},
			pkg: func() (Care, error) { return LoseAttribute(attr("x", DEX, 3), DEX, 3) }, down: true},
		{id: "CA-TV-29/wil", cs: []Character{attr("x", WIL, 2)}, act: combat.Act{ID: "x", Key: ActLoseWIL, Value: 2},
			pkg: func() (Care, error) { return LoseAttribute(attr("x", WIL, 2), WIL, 2) }, down: true},
		{id: "CA-TV-29/str", cs: []Character{attr("x", STR, 1)}, act: combat.Act{ID: "x", Key: ActLoseSTR, Value: 1},
			pkg: func() (Care, error) { return LoseAttribute(attr("x", STR, 1), STR, 1) }, down: true},
		{id: "CA-TV-19", cs: []Character{named("x", pc(6, 0, 12))}, act: combat.Act{ID: "x", Key: ActBlastCount, Value: 6}, faces: []int{4}, value: 4},
		{id: "CA-RETREAT-1/escaped", cs: []Character{named("x", pc(6, 0, 12))}, act: combat.Act{ID: "x", Key: ActRetreat, Value: 1}, faces: []int{3},
			pkg: func() (Care, error) { return ResolveRetreat(named("x", pc(6, 0, 12)), true, dicetest.Script(t, 3)) }, down: true},
		{id: "CA-DET-2/rout", cs: []Character{named("x", pc(6, 0, 12)), broken}, act: combat.Act{ID: "unit", Key: ActRout},
			pkg: func() (Care, error) { return SettleDetachment(broken, Rout) }},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			enc := actEncounter(t, tc.cs...)
			after, evs, err := combat.Apply(Ruleset{}, enc, tc.act, dicetest.Script(t, tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			ev, ok := hasEvent(evs, combat.ActResolved)
			if act, _ := ev.Payload().(combat.ActDone); !ok || act.Value != tc.value {
				t.Fatalf("act event %+v; want value %d", ev, tc.value)
			}
			if tc.pkg == nil {
				return
			}
			want, err := tc.pkg()
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := state(after, want.Character.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Attr != want.Character.Attr || got.Status != want.Character.Status {
				t.Errorf("through Apply %+v %+v; package %+v %+v", got.Attr, got.Status, want.Character.Attr, want.Character.Status)
			}
			if up, _ := (Ruleset{}).Up(after, want.Character.ID); up == tc.down {
				t.Errorf("up %v after the act; want %v", up, !tc.down)
			}
		})
	}
}

// hasEvent returns the first event of the type.
func hasEvent(evs []combat.Event, typ combat.EventType) (combat.Event, bool) {
	for _, e := range evs {
		if e.Type() == typ {
			return e, true
		}
	}
	return combat.Event{}, false
}

// TestMoraleVectorsThroughApply plays CA-TV-23..25 over whole rounds of
// commands: a hero kills one member of a band per phase, and the band
// checks morale at the end of the phase in which a trigger fired, each
// trigger once, one save when both fire together, the leader rolling for
// all (CA-ALG-D, CA-MORALE-2..4). Each phase agrees with the package's
// ResolvePhase (endPhaseBoth).
func TestMoraleVectorsThroughApply(t *testing.T) {
	tests := []struct {
		id     string
		n      int
		leader bool
		phases [][]int    // per phase: the hero's d4, then the morale saves
		fled   [][]string // who flees in each phase
	}{
		{id: "CA-TV-23", n: 6, leader: true, phases: [][]int{{1, 9}, {1}, {1, 10}}, fled: [][]string{nil, nil, {"m0", "m1", "m2"}}},
		{id: "CA-TV-24", n: 5, leader: true, phases: [][]int{{1, 2}, {1}, {1, 2}}, fled: [][]string{nil, nil, nil}},
		{id: "CA-TV-25", n: 2, leader: false, phases: [][]int{{1, 20}}, fled: [][]string{{"m0"}}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			hero := named("hero", pc(6, 0, 12))
			hero.Weapons = []Weapon{{Name: "dagger", Die: D4, Ranged: true, Range: 20}}
			cs := []Character{hero}
			for i := range tc.n {
				m := named("m"+string(rune('0'+i)), foe(0, 0, 1))
				m.Attr.WIL, m.Max.WIL, m.Leader = 9, 9, tc.leader && i == 0
				cs = append(cs, m)
			}
			enc := actEncounter(t, cs...)
			enc, _, err := combat.Apply(Ruleset{}, enc, combat.SetOrder{Order: []combat.Slot{{Members: []string{"hero"}, Score: 1}, {Members: enc.Order[0].Members[1:], Score: -1}}}, dicetest.Script(t))
			if err != nil {
				t.Fatal(err)
			}
			for p, faces := range tc.phases {
				victim := "m" + string(rune('0'+tc.n-1-p))
				enc, _, err = combat.Apply(Ruleset{}, enc, combat.Attack{Attacker: "hero", Defender: victim}, dicetest.Script(t))
				if err != nil {
					t.Fatal(err)
				}
				var evs []combat.Event
				enc, _, evs = endPhaseBoth(t, Ruleset{}, enc, faces)
				var fled []string
				for _, ev := range evs {
					if ev.Type() == combat.Fled {
						fled = append(fled, ev.Actor)
					}
				}
				if !slices.Equal(fled, tc.fled[p]) {
					t.Errorf("phase %d: fled %v; want %v", p+1, fled, tc.fled[p])
				}
				for enc.Current() != "hero" && enc.Phase == combat.PhaseRunning {
					if enc, _, err = combat.Apply(Ruleset{}, enc, combat.EndTurn{}, dicetest.Script(t)); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// TestActsListed checks the acts offered are the ones open: aid to the
// adjacent dying ally and a retreat for the acting character, and the GM's
// two fates for a broken detachment (CA-AID-3, CA-RETREAT-1, CA-DET-2);
// each offered act applies.
func TestActsListed(t *testing.T) {
	dying := named("dying", pc(0, 0, 6))
	dying.Max.STR, dying.Status.Critical, dying.Status.DyingDeadline = 10, true, 365
	broken := named("unit", foe(0, 0, 5))
	broken.Kind, broken.Status.Critical = Detachment, true
	enc := actEncounter(t, named("ally", pc(6, 1, 12)), dying, broken)
	acts, err := Ruleset{}.Acts(enc)
	if err != nil {
		t.Fatal(err)
	}
	want := []combat.Act{{ID: "ally", Key: ActAid, Target: "dying"}, {ID: "ally", Key: ActRetreat, Value: 1}, {ID: "unit", Key: ActRout}, {ID: "unit", Key: ActWeaken}}
	if !slices.Equal(acts, want) {
		t.Fatalf("acts %v; want %v", acts, want)
	}
	for _, a := range acts {
		var faces []int
		if a.Key == ActRetreat {
			faces = []int{20} // the DEX save fails: the retreat ends the turn
		}
		if _, _, err := combat.Apply(Ruleset{}, enc, a, dicetest.Script(t, faces...)); err != nil {
			t.Errorf("%s: %v", a.Key, err)
		}
	}
}

// TestActFormsOffered checks the acts that take a number: the direct loss
// of any attribute on anyone not dead (CA-ATTR-1, CA-AMB-14), and the blast
// count for an acting detachment (CA-BLAST-2, CA-DET-5) but not for a
// swordsman; each offered act goes through the Act command.
func TestActFormsOffered(t *testing.T) {
	swarm := named("swarm", foe(4, 0, 6))
	swarm.Kind = Detachment
	dead := named("dead", pc(0, 0, 0))
	dead.Status.Dead = true
	for _, tc := range []struct {
		first string
		cs    []Character
		blast bool
	}{{"swarm", []Character{swarm, named("hero", pc(6, 0, 12)), dead}, true}, {"hero", []Character{named("hero", pc(6, 0, 12)), swarm, dead}, false}} {
		t.Run(tc.first, func(t *testing.T) {
			enc := actEncounter(t, tc.cs...)
			forms, err := Ruleset{}.ActForms(enc)
			if err != nil {
				t.Fatal(err)
			}
			if len(forms) == 0 || forms[0].Name != KeyAttrLoss || !slices.Equal(forms[0].IDs, []string{tc.cs[0].ID, tc.cs[1].ID, "far"}) ||
				len(forms[0].Values) != MaxAttribute {
				t.Fatalf("CA-ATTR-1: forms %+v", forms)
			}
			if got := len(forms) == 2 && forms[1].Name == KeyTargets && forms[1].Die && forms[1].IDs[0] == tc.first; got != tc.blast {
				t.Fatalf("CA-BLAST-2: blast count offered %v, want %v: %+v", got, tc.blast, forms)
			}
			next, evs, err := combat.Apply(Ruleset{}, enc, combat.Act{ID: "far", Key: ActLoseWIL, Value: 10}, dicetest.Script(t))
			if err != nil {
				t.Fatal(err)
			}
			if c, _, _ := state(next, "far"); c.Attr.WIL != 0 || !c.Delirious() {
				t.Errorf("CA-ATTR-2: WIL %d after losing 10", c.Attr.WIL)
			}
			if e, ok := hasEvent(evs, combat.ActResolved); !ok || e.Rule != "CA-ATTR-1" {
				t.Errorf("events %v", evs)
			}
			if tc.blast {
				_, evs, err := combat.Apply(Ruleset{}, enc, combat.Act{ID: "swarm", Key: ActBlastCount, Value: forms[1].Values[1]}, dicetest.Script(t, 5))
				if e, ok := hasEvent(evs, combat.ActResolved); err != nil || !ok || e.Payload().(combat.ActDone).Value != 5 {
					t.Errorf("CA-BLAST-2: %v %v", evs, err)
				}
			}
		})
	}
}

// TestMoraleAfterGMLoss: a casualty made by the GM's direct loss fires its
// group's first-casualty trigger (CA-ALG-D step 3), rolled at once through
// the act (ENG-ACT-4) as CheckMorale rolls it: each able member saves on
// WIL, who fails flees. A PC's loss calls for no check (CA-MORALE-1).
func TestMoraleAfterGMLoss(t *testing.T) {
	cs := []Character{named("hero", pc(6, 0, 12)), named("a", foe(4, 0, 10)), named("b", foe(4, 0, 10)), named("c", foe(4, 0, 10))}
	enc := actEncounter(t, cs...)
	loss := combat.Act{ID: "a", Key: ActLoseWIL, Value: 10}
	next, evs, err := combat.Apply(Ruleset{}, enc, loss, dicetest.Script(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	e, ok := hasEvent(evs, combat.MoraleChecked)
	m, _ := e.Payload().(*combat.MoraleCheck)
	if !ok || e.Rule != "ENG-ACT-4" || m == nil || !slices.Equal(m.Fled, []string{"b"}) {
		t.Fatalf("CA-ALG-D: morale after the loss %+v (events %v)", e, evs)
	}
	if f, ok := hasEvent(evs, combat.Fled); !ok || f.Actor != "b" {
		t.Errorf("no fled event for b: %v", evs)
	}
	for id, want := range map[string]bool{"b": true, "c": false} {
		if c, _, _ := state(next, id); c.Status.Fleeing != want {
			t.Errorf("%s fleeing %v, want %v", id, c.Status.Fleeing, want)
		}
	}
	// The package function on the same group and dice agrees.
	delirious := named("a", foe(4, 0, 10))
	delirious.Attr.WIL = 0
	g := MoraleGroup{ID: "party", Members: []string{"a", "b", "c"}, Start: 3}
	pkg, err := CheckMorale(g, []Character{delirious, cs[2], cs[3]}, nil, dicetest.Script(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pkg.Fled, m.Fled) || !slices.Equal(pkg.Trace, m.Trace) {
		t.Errorf("through Apply %v / %v, CheckMorale %v / %v", m.Fled, m.Trace, pkg.Fled, pkg.Trace)
	}
	// A PC's loss: no morale for the party's PCs.
	_, evs, err = combat.Apply(Ruleset{}, enc, combat.Act{ID: "hero", Key: ActLoseWIL, Value: 10}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := hasEvent(evs, combat.MoraleChecked); ok {
		t.Errorf("a PC's loss rolled morale: %v", evs)
	}
}
