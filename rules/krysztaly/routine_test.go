package krysztaly

import (
	"encoding/json"

	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// routineRounds plays rounds of an encounter in which D1 with n base
// attacks (and the SZ cap maxAttacks) fights the orc, in the shield cover
// stance in the rounds slowed lists, and returns D1's attacks at the start
// of each of its turns, through commands only.
func routineRounds(t *testing.T, n, maxAttacks int, slowed []bool) []int {
	t.Helper()
	k := with(d1(), func(p *Profile) { p.Attacks, p.MaxAttacks, p.ShieldBearer = n, maxAttacks, true })
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 8}, 1)
	enc = place(t, enc, "k", "heroes", k, grid.Square{X: 1, Y: 1})
	enc = place(t, enc, "orc", "orcs", orc(), grid.Square{X: 6, Y: 6})
	enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"k"}}, {Members: []string{"orc"}}}})
	cover := func(on bool) combat.Command {
		if on {
			return combat.AddCondition{ID: "k", Condition: CondShieldCover}
		}
		return combat.RemoveCondition{ID: "k", Condition: CondShieldCover}
	}
	if slowed[0] {
		enc, _ = apply(t, enc, nil, cover(true))
	}
	enc, _ = apply(t, enc, nil, combat.Start{})
	var got []int
	for i := range slowed {
		c, _ := enc.Combatant("k")
		got = append(got, c.Budget.Left(counterAttacks))
		enc, _ = apply(t, enc, nil, combat.EndTurn{})
		if i+1 < len(slowed) && slowed[i+1] != slowed[i] {
			enc, _ = apply(t, enc, nil, cover(slowed[i+1]))
		}
		enc, _ = apply(t, enc, nil, combat.EndTurn{})
	}
	return got
}

// TestVectorSlowedThroughApply plays KC-TV-36 through commands: in the
// shield cover stance D1's routine is twice as slow, halved through the
// credit carried from round to round (KC-ATK-5, KC-AMB-17, KC-ALG-B step 2),
// with the same counts as the package function SlowedAttacks. The SZ cap
// comes after the halving (KC-ALG-B step 3), and a round without slowing
// clears the credit.
func TestVectorSlowedThroughApply(t *testing.T) {
	all := []bool{true, true, true, true}
	for _, c := range []struct {
		id         string
		n, cap     int
		slowed     []bool
		want       []int
		sameAsFunc bool
	}{
		{"KC-TV-36/N=1", 1, 0, all, []int{0, 1, 0, 1}, true},
		{"KC-TV-36/N=2", 2, 0, all, []int{1, 1, 1, 1}, true},
		{"KC-TV-36/N=3", 3, 0, all, []int{1, 2, 1, 2}, true},
		// Halving N_total = 3 first gives 1, 2, ...; capping first would give 0, 1, 0, 1.
		{"KC-ALG-B/cap-after-halving", 3, 1, all, []int{1, 1, 1, 1}, false},
		// The credit of round 1 is lost in the unslowed round 2.
		{"KC-ALG-B/credit-resets", 1, 0, []bool{true, false, true, true}, []int{0, 1, 0, 1}, false},
	} {
		t.Run(c.id, func(t *testing.T) {
			got := routineRounds(t, c.n, c.cap, c.slowed)
			if !slices.Equal(got, c.want) {
				t.Errorf("KC-ALG-B through Apply: %v, want %v", got, c.want)
			}
			if !c.sameAsFunc {
				return
			}
			var pkg []int
			credit := 0
			for range c.slowed {
				var a int
				a, credit = SlowedAttacks(c.n, credit)
				pkg = append(pkg, a)
			}
			if !slices.Equal(got, pkg) {
				t.Errorf("Apply %v differs from SlowedAttacks %v", got, pkg)
			}
		})
	}
}

// TestVectorBalanceThroughApply plays KC-TV-38 through commands: a bash that
// leaves the target's balance asks whether the GM calls the second roll, and
// the engine puts the outcome on the target as conditions (KC-SHIELD-5,
// KC-AMB-19); the first roll agrees with Resolve and the second with
// KeepsFooting.
func TestVectorBalanceThroughApply(t *testing.T) {
	bash := shieldFighter(Warrior, 120, 60, ByType{Bludgeoning: 40})
	target45 := Profile{Name: "ZR45", ZR: 45, Vitality: 50}
	for _, c := range []struct {
		id     string
		faces  []int
		answer string
		second []int
		want   []string
	}{
		{"KC-TV-38/45", []int{1, 45}, "", nil, nil},
		{"KC-TV-38/46-no-roll", []int{1, 46}, AnswerNoRoll, nil, []string{CondOffBalance}},
		{"KC-TV-38/46-second-45", []int{1, 46}, AnswerRoll, []int{45}, []string{CondOffBalance}},
		{"KC-TV-38/46-second-46", []int{1, 46}, AnswerRoll, []int{46}, []string{CondOffBalance, CondProne}},
	} {
		t.Run(c.id, func(t *testing.T) {
			enc := combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 8}, 1)
			enc = place(t, enc, "bearer", "heroes", bash, grid.Square{X: 1, Y: 1})
			enc = place(t, enc, "zr45", "foes", target45, grid.Square{X: 2, Y: 1})
			enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"bearer"}}, {Members: []string{"zr45"}}}}, combat.Start{})
			res, err := Resolve(bash, target45, Situation{Kind: ShieldBash}, dicetest.Script(t, c.faces...))
			if err != nil {
				t.Fatal(err)
			}
			enc, _ = apply(t, enc, c.faces, combat.Attack{Attacker: "bearer", Defender: "zr45", Option: json.RawMessage(`{"kind":"shield-bash"}`)})
			if asked := enc.Pending != nil; asked != res.OffBalance {
				t.Fatalf("second-roll question asked %v; Resolve says off balance %v", asked, res.OffBalance)
			}
			if c.answer != "" {
				if enc.Pending.Key != AskSecondRoll || enc.Pending.Chooser != "zr45" {
					t.Fatalf("question %+v", enc.Pending)
				}
				enc, _ = apply(t, enc, c.second, combat.Choose{Choice: c.answer})
			}
			if len(c.second) > 0 {
				ok, _ := KeepsFooting(target45, dicetest.Script(t, c.second...))
				if prone := slices.Contains(enc.Combatants[1].Conditions, CondProne); prone == ok {
					t.Errorf("prone %v but KeepsFooting %v", prone, ok)
				}
			}
			if got := enc.Combatants[1].Conditions; !slices.Equal(got, c.want) {
				t.Errorf("conditions %v, want %v", got, c.want)
			}
		})
	}
}

// TestVectorsResolveThroughApply plays every dice-rolling vector of §12
// through an Attack command between the two fixtures placed side by side,
// and checks the engine's outcome is Resolve's: hit, damage taken, the
// whole trace, and the ŻYW left (KC-ALG-A). A bash that unbalances is
// answered without the second roll.
func TestVectorsResolveThroughApply(t *testing.T) {
	for _, c := range resolveVectors() {
		t.Run(c.id, func(t *testing.T) {
			res, err := Resolve(c.a, c.d, c.s, dicetest.Script(t, c.dice...))
			if err != nil {
				t.Fatal(err)
			}
			enc := combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 8}, 1)
			enc = place(t, enc, "a", "attackers", c.a, grid.Square{X: 1, Y: 1})
			enc = place(t, enc, "d", "defenders", c.d, grid.Square{X: 2, Y: 1})
			enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"a"}}, {Members: []string{"d"}}}}, combat.Start{})
			opt, err := json.Marshal(c.s)
			if err != nil {
				t.Fatal(err)
			}
			enc, evs := apply(t, enc, c.dice, combat.Attack{Attacker: "a", Defender: "d", Option: opt})
			if enc.Pending != nil {
				enc, evs = apply(t, enc, nil, combat.Choose{Choice: AnswerNoRoll})
			}
			var got *combat.Blow
			for _, ev := range evs {
				if b, ok := ev.Payload().(combat.Blow); ok {
					got = &b
				}
			}
			if got == nil {
				t.Fatal("no attack resolved")
			}
			if got.Hit != res.Hit || got.Damage != res.Taken || !slices.Equal(got.Trace, res.Trace) {
				t.Errorf("through Apply hit %v taken %d\\n%v\\nResolve hit %v taken %d\\n%v", got.Hit, got.Damage, got.Trace, res.Hit, res.Taken, res.Trace)
			}
			if d, _ := enc.Combatant("d"); d.HP != res.Vitality && res.Hit {
				t.Errorf("ŻYW %d through Apply, %d from Resolve", d.HP, res.Vitality)
			}
		})
	}
}

// TestSegmentTimeline plays the optional segment timeline (KC-AMB-34)
// through commands: with 5 segments a round, the orc's two sword blows
// (delay 3) are scheduled at segments 3 and 6 (after its previous action),
// D1's blow at 3; segment 3 resolves both blows together, and the orc's
// second, past the round's 5 segments, carries into the next round, where
// it lands at segment 1. In the shield cover stance D1's blow takes twice
// as long (KC-ATK-5). Off by default: attacks resolve at once.
func TestSegmentTimeline(t *testing.T) {
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 8}, 1)
	enc = place(t, enc, "orc", "orcs", orc(), grid.Square{X: 1, Y: 1})
	enc = place(t, enc, "d1", "heroes", d1(), grid.Square{X: 2, Y: 1})
	enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"orc"}}, {Members: []string{"d1"}}}}, combat.Start{})
	enc, evs := apply(t, enc, []int{99}, combat.Attack{Attacker: "orc", Defender: "d1"})
	if _, ok := firstEvent(evs, combat.AttackScheduled); ok || len(enc.Timeline) != 0 {
		t.Fatal("the timeline was on by default")
	}
	enc = combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 8}, 1)
	enc = place(t, enc, "d1", "heroes", with(d1(), func(p *Profile) { p.Attacks, p.Vitality, p.ShieldBearer = 2, 900, true }), grid.Square{X: 2, Y: 1})
	enc = place(t, enc, "orc", "orcs", with(orc(), func(p *Profile) { p.Vitality = 900 }), grid.Square{X: 1, Y: 1})
	enc, _ = apply(t, enc, nil, combat.Configure{Settings: combat.Settings{Segments: 5}},
		combat.SetOrder{Order: []combat.Slot{{Members: []string{"d1"}}, {Members: []string{"orc"}}}}, combat.Start{},
		combat.Attack{Attacker: "d1", Defender: "orc"}, combat.Attack{Attacker: "d1", Defender: "orc"}, combat.EndTurn{},
		combat.Attack{Attacker: "orc", Defender: "d1"})
	at := func() []int {
		var out []int
		for _, s := range enc.Timeline {
			out = append(out, s.At-enc.RoundStart())
		}
		return out
	}
	if got := at(); !slices.Equal(got, []int{3, 6, 3}) {
		t.Fatalf("scheduled at %v; want [3 6 3]", got)
	}
	live := func(cmd combat.Command) []combat.Event {
		t.Helper()
		next, evs, err := combat.Apply(Ruleset{}, enc, cmd, dice.NewPCG(7))
		if err != nil {
			t.Fatalf("%s: %v", cmd.Kind(), err)
		}
		enc = next
		return evs
	}
	// Segment 3: D1's first blow and the orc's land together.
	evs = live(combat.ResolveSegment{})
	if n := countEvents(evs, combat.AttackResolved); n != 2 {
		t.Errorf("segment 3 resolved %d attacks; want 2", n)
	}
	enc, _ = apply(t, enc, nil, combat.EndTurn{})
	if got := at(); enc.Round != 2 || !slices.Equal(got, []int{1}) {
		t.Errorf("round %d: scheduled at %v; want D1's second blow at segment 1 of round 2", enc.Round, got)
	}
	evs = live(combat.ResolveSegment{})
	if ev, _ := firstEvent(evs, combat.SegmentResolved); ev.Payload() != (combat.SegmentMark{Segment: 1, Landed: true}) || len(enc.Timeline) != 0 {
		t.Errorf("resolved %v, %d left", ev.Payload(), len(enc.Timeline))
	}
	enc, _ = apply(t, enc, nil, combat.AddCondition{ID: "d1", Condition: CondShieldCover})
	if enc.Current() != "d1" {
		t.Fatalf("%s acts; want D1", enc.Current())
	}
	if d, _ := enc.Combatant("d1"); d.Budget.Left(counterAttacks) == 0 {
		t.Fatal("D1 has no attack left in round 2")
	}
	enc, _ = apply(t, enc, nil, combat.Attack{Attacker: "d1", Defender: "orc"})
	if got := at(); !slices.Equal(got, []int{1 + 6}) {
		t.Errorf("a slowed blow after segment 1 at %v; want [7] (delay 3 doubled)", got)
	}
}

func firstEvent(evs []combat.Event, typ combat.EventType) (combat.Event, bool) {
	for _, e := range evs {
		if e.Type() == typ {
			return e, true
		}
	}
	return combat.Event{}, false
}

// payloadOf returns the payload of the first event that carries a P.
func payloadOf[P combat.Payload](evs []combat.Event) (P, bool) {
	for _, e := range evs {
		if p, ok := e.Payload().(P); ok {
			return p, true
		}
	}
	var none P
	return none, false
}

func countEvents(evs []combat.Event, typ combat.EventType) int {
	n := 0
	for _, e := range evs {
		if e.Type() == typ {
			n++
		}
	}
	return n
}

// TestVectorAttacksThroughApply places each attack-count vector's fighter
// (KC-TV-10..13) and starts its turn through commands: the turn grants the
// routine's attacks, as AttacksPerRound counts them (KC-ALG-B).
func TestVectorAttacksThroughApply(t *testing.T) {
	for _, c := range attackVectors() {
		t.Run(c.id, func(t *testing.T) {
			p := with(c.p, func(p *Profile) { p.Name, p.Vitality, p.Level, p.Professions = "f", 50, 1, []Profession{Warrior} })
			r, err := p.AttacksPerRound()
			if err != nil {
				t.Fatal(err)
			}
			enc := combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 8}, 1)
			enc = place(t, enc, "f", "heroes", p, grid.Square{X: 1, Y: 1})
			enc = place(t, enc, "orc", "orcs", orc(), grid.Square{X: 5, Y: 5})
			enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"f"}}, {Members: []string{"orc"}}}}, combat.Start{})
			if f, _ := enc.Combatant("f"); f.Budget.Left(counterAttacks) != r.Total || r.Total != c.total {
				t.Errorf("turn grants %d attacks; AttacksPerRound %d, vector %d", f.Budget.Left(counterAttacks), r.Total, c.total)
			}
		})
	}
}
