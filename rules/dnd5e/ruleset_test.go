package dnd5e

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// apply runs one command and fails the test on error.
func apply(t *testing.T, enc combat.Encounter, cmd combat.Command, r dice.Roller) (combat.Encounter, []combat.Event) {
	t.Helper()
	next, evs, err := combat.Apply(Ruleset{}, enc, cmd, r)
	if err != nil {
		t.Fatalf("%T: %v", cmd, err)
	}
	return next, evs
}

// placedAmbush is the sample ambush placed in a fresh encounter.
func placedAmbush(t *testing.T) combat.Encounter {
	enc, err := SampleEncounter(1)
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

func hasEvent(evs []combat.Event, typ combat.EventType, actor string) (combat.Event, bool) {
	for _, e := range evs {
		if e.Type() == typ && (actor == "" || e.Actor == actor) {
			return e, true
		}
	}
	return combat.Event{}, false
}

// TestEngineAmbush plays the sample through the encounter engine: group
// initiative, a surprised fighter's empty first turn, and the rogue's
// opportunity attack on a goblin that runs.
func TestEngineAmbush(t *testing.T) {
	enc := placedAmbush(t)
	enc, evs := apply(t, enc, combat.RollInitiative{}, dicetest.Script(t, 18, 9, 5, 13))
	rolledEv, _ := hasEvent(evs, combat.InitiativeRolled, "")
	rolled, _ := rolledEv.Payload().(combat.Lineup)
	want := []combat.Slot{
		{Members: []string{"fighter"}, Score: 18},
		{Members: []string{"goblin-a", "goblin-b", "goblin-c", "goblin-d"}, Score: 15},
		{Members: []string{"rogue"}, Score: 12},
		{Members: []string{"wizard"}, Score: 6},
	}
	if len(rolled.Order) != len(want) {
		t.Fatalf("DND-INIT-2: order %v", rolled.Order)
	}
	for i := range want {
		if !slices.Equal(rolled.Order[i].Members, want[i].Members) || rolled.Order[i].Score != want[i].Score {
			t.Errorf("DND-INIT-2: slot %d is %v, want %v", i, rolled.Order[i], want[i])
		}
	}

	enc, _ = apply(t, enc, combat.Start{Surprised: []string{"fighter"}}, dicetest.Script(t))
	f, _ := enc.Combatant("fighter")
	if enc.Current() != "fighter" || !f.Budget.Counts.IsZero() {
		t.Errorf("DND-SURP-5: the surprised fighter's first turn: %+v", f.Budget)
	}
	enc, _ = apply(t, enc, combat.EndTurn{}, dicetest.Script(t))
	g, _ := enc.Combatant("goblin-a")
	if enc.Current() != "goblin-a" || !g.Budget.Counts.Equal(combat.NewCounts(combat.Count{Key: CounterMovement, N: 30}, combat.Count{Key: CounterAction, N: 1}, combat.Count{Key: CounterBonus, N: 1}, combat.Count{Key: CounterInteraction, N: 1}, combat.Count{Key: CounterReaction, N: 1})) {
		t.Errorf("DND-ALG-C: goblin-a's turn: %s %+v", enc.Current(), g.Budget)
	}

	enc, _ = apply(t, enc, combat.Move{ID: "goblin-a", Path: []grid.Square{{X: 6, Y: 3}}}, dicetest.Script(t))
	if enc.Pending == nil || enc.Pending.Chooser != "rogue" {
		t.Fatalf("DND-ND-3: pending %+v, want the rogue offered an opportunity attack", enc.Pending)
	}
	enc, evs = apply(t, enc, combat.TakeOpportunity{}, dicetest.Script(t, 14, 4))
	resEv, _ := hasEvent(evs, combat.AttackResolved, "rogue")
	res, _ := resEv.Payload().(combat.Blow)
	if !res.Hit || res.Damage != 7 {
		t.Errorf("DND-ND-4: the rogue's attack %+v", res)
	}
	if _, downed := hasEvent(evs, combat.Downed, "goblin-a"); !downed {
		t.Error("DND-ND-5: goblin-a not downed")
	}
	r, _ := enc.Combatant("rogue")
	if r.Budget.Left(CounterReaction) > 0 {
		t.Error("DND-REACT-3: the rogue still has its reaction")
	}
	if enc.Current() != "goblin-b" {
		t.Errorf("DND-AMB-16: after goblin-a dropped, %s acts", enc.Current())
	}
	// Goblin B, adjacent to nobody, walks past the rogue's reach later:
	// the rogue has no reaction left, so nobody is asked (DND-TV-8).
	enc, _ = apply(t, enc, combat.Reposition{ID: "goblin-b", To: grid.Square{X: 5, Y: 2}}, dicetest.Script(t))
	enc, _ = apply(t, enc, combat.Move{ID: "goblin-b", Path: []grid.Square{{X: 6, Y: 1}}}, dicetest.Script(t))
	if enc.Pending != nil {
		t.Errorf("DND-TV-8: a second reaction offered: %+v", enc.Pending)
	}
}

// TestEngineSurpriseLock is DND-TV-6 through the engine: the surprised
// fighter, who acted first, is not offered an opportunity attack in round 1.
func TestEngineSurpriseLock(t *testing.T) {
	for _, tc := range []struct {
		id      string
		lock    LockMode
		offered bool
	}{{"DND-TV-6", LockRoundEnd, false}, {"DND-TV-7", LockOwnTurnEnd, true}} {
		t.Run(tc.id, func(t *testing.T) {
			rs := Ruleset{Lock: tc.lock}
			do := func(enc combat.Encounter, cmd combat.Command, faces ...int) combat.Encounter {
				next, _, err := combat.Apply(rs, enc, cmd, dicetest.Script(t, faces...))
				if err != nil {
					t.Fatalf("%T: %v", cmd, err)
				}
				return next
			}
			enc := placedAmbush(t)
			enc = do(enc, combat.Reposition{ID: "goblin-a", To: grid.Square{X: 2, Y: 2}})
			enc = do(enc, combat.RollInitiative{}, 18, 9, 5, 13)
			enc = do(enc, combat.Start{Surprised: []string{"fighter"}})
			enc = do(enc, combat.EndTurn{})
			enc = do(enc, combat.Move{ID: "goblin-a", Path: []grid.Square{{X: 1, Y: 1}}})
			if offered := enc.Pending != nil && enc.Pending.Chooser == "fighter"; offered != tc.offered {
				t.Errorf("DND-AMB-3: fighter offered an opportunity attack: %v, want %v", offered, tc.offered)
			}
		})
	}
}

func TestProfile(t *testing.T) {
	raw, err := json.Marshal(Profile{StatBlock: Goblin()})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Ruleset{}.Profile(raw)
	want := combat.Stats{MaxHP: 7, Speed: 30, Initiative: 2, Group: "goblin", Actions: 1,
		Counts: combat.NewCounts(combat.Count{Key: CounterBonus, N: 1}, combat.Count{Key: CounterInteraction, N: 1})}
	if err != nil || !st.Equal(want) {
		t.Errorf("DND-BONUS-1: stats %+v, %v; want %+v", st, err, want)
	}
	raw, _ = json.Marshal(Profile{StatBlock: Fighter(), Controller: Player})
	if st, _ := (Ruleset{}).Profile(raw); st.Counts.Get(CounterBonus) != 0 || st.Counts.Get(CounterInteraction) != 1 {
		t.Errorf("DND-BONUS-1, DND-FREE-3: the fighter has %v, want one interaction and no bonus action", st.Counts)
	}
	for name, bad := range map[string]string{
		"controller":    `{"id":"x","name":"x","ac":1,"hp":1,"reach":5,"controller":"gm"}`,
		"unknown field": `{"id":"x","name":"x","ac":1,"hp":1,"reach":5,"owner":"dm"}`,
		"invalid":       `{"id":"x y","name":"x","ac":1,"hp":1,"reach":5}`,
	} {
		var re *combat.RuleError
		if _, err := (Ruleset{}).Profile(json.RawMessage(bad)); !errors.As(err, &re) {
			t.Errorf("%s: err %v", name, err)
		}
	}
}

func TestTurnBudgetCannotAct(t *testing.T) {
	enc := placedAmbush(t)
	enc, _ = apply(t, enc, combat.AddCondition{ID: "goblin-a", Condition: "stunned"}, dicetest.Script(t))
	b, err := Ruleset{}.TurnBudget(enc, "goblin-a")
	if err != nil || b.Get(CounterAction) != 0 || b.Get(CounterBonus) != 0 || b.Get(CounterMovement) != 30 {
		t.Errorf("DND-BONUS-4: %+v %v", b, err)
	}
}

func TestStepOffers(t *testing.T) {
	from, to := grid.Square{X: 5, Y: 3}, grid.Square{X: 6, Y: 3}
	tests := []struct {
		name  string
		cond  [2]string // condition on the mover, on the rogue
		want  []string
		setup func(*combat.Encounter)
	}{
		{name: "rogue reacts", want: []string{"rogue"}},
		{name: "disengaged", setup: func(e *combat.Encounter) {
			e.Combatants[e.Find("goblin-a")].State = Effects{Disengaged: true}.encode()
		}},
		{name: "invisible mover", cond: [2]string{ConditionInvisible, ""}},
		{name: "blinded rogue", cond: [2]string{"", ConditionBlinded}},
		{name: "rogue cannot act", cond: [2]string{"", "unconscious"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			enc := placedAmbush(t)
			enc, _ = apply(t, enc, combat.RollInitiative{}, dicetest.Script(t, 18, 9, 5, 13))
			enc, _ = apply(t, enc, combat.Start{}, dicetest.Script(t))
			for i, who := range []string{"goblin-a", "rogue"} {
				if tc.cond[i] != "" {
					enc, _ = apply(t, enc, combat.AddCondition{ID: who, Condition: tc.cond[i]}, dicetest.Script(t))
				}
			}
			if tc.setup != nil {
				tc.setup(&enc)
			}
			chk, err := Ruleset{}.Step(enc, "goblin-a", from, to)
			if err != nil || chk.Cost != 5 || !slices.Equal(chk.Attackers, tc.want) {
				t.Errorf("DND-ND-3: %+v %v, want attackers %v", chk, err, tc.want)
			}
		})
	}
}

// TestEngineOdds checks the odds the engine shows for the rogue's
// shortsword (+5, 1d6+3) against an adjacent goblin (AC 15, 7 HP): it hits
// on 10 or more (220/400), crits on 20, and drops the goblin on a normal
// hit rolling 4+ (200/400 × 1/2) or a critical with 2d6 ≥ 4 (20/400 ×
// 33/36): 71/240.
func TestEngineOdds(t *testing.T) {
	enc := placedAmbush(t)
	got, err := combat.Odds(Ruleset{}, enc, combat.AttackRequest{Attacker: "rogue", Defender: "goblin-a"})
	want := []combat.Chance{{Key: "hit", Num: 220, Den: 400}, {Key: "crit", Num: 20, Den: 400}, {Key: "down", Num: 71, Den: 240}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("DND-ND-4: %v %v, want %v", got, err, want)
	}
	for name, req := range map[string]combat.AttackRequest{
		"out of reach":   {Attacker: "rogue", Defender: "goblin-d"},
		"unknown attack": {Attacker: "rogue", Defender: "goblin-a", Option: json.RawMessage(`{"attack":"bite"}`)},
		"bad option":     {Attacker: "rogue", Defender: "goblin-a", Option: json.RawMessage(`{"weapon":"x"}`)},
	} {
		if _, err := combat.Odds(Ruleset{}, enc, req); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// A dodging goblin imposes disadvantage: the rogue crits 1 in 400,
	// unless the goblin is stunned (DND-ND-1, SRD default).
	dodging := enc.Clone()
	dodging.Combatants[dodging.Find("goblin-a")].State = Effects{Dodging: true}.encode()
	got, err = combat.Odds(Ruleset{}, dodging, combat.AttackRequest{Attacker: "rogue", Defender: "goblin-a"})
	if err != nil || got[1] != (combat.Chance{Key: "crit", Num: 1, Den: 400}) {
		t.Errorf("Dodge: %v %v", got, err)
	}
	stunned, _ := apply(t, dodging, combat.AddCondition{ID: "goblin-a", Condition: "stunned"}, dicetest.Script(t))
	got, err = combat.Odds(Ruleset{}, stunned, combat.AttackRequest{Attacker: "rogue", Defender: "goblin-a"})
	if err != nil || got[1] != (combat.Chance{Key: "crit", Num: 20, Den: 400}) {
		t.Errorf("Dodge while stunned: %v %v", got, err)
	}
	// The goblin's shortbow at 15 ft with the rogue beside it has
	// disadvantage (SRD ranged attacks in close combat): crits 1 in 400.
	got, err = combat.Odds(Ruleset{}, enc, combat.AttackRequest{Attacker: "goblin-a", Defender: "wizard", Option: json.RawMessage(`{"attack":"shortbow"}`)})
	if err != nil || got[1] != (combat.Chance{Key: "crit", Num: 1, Den: 400}) {
		t.Errorf("DND-ND-4: shortbow in melee: %v %v", got, err)
	}
}

// TestSurpriseAt decides the sample's surprise from the goblins' Stealth
// totals: the fighter (passive 10) misses them all, goblin D's 10 only
// ties it; the rogue (12) notices goblin D; the wizard (16) all four.
func TestSurpriseAt(t *testing.T) {
	enc := placedAmbush(t)
	as, err := SurpriseAt(enc, map[string]int{"goblin-a": 15, "goblin-b": 12, "goblin-c": 13, "goblin-d": 10}, SurpriseRules{})
	if err != nil {
		t.Fatal(err)
	}
	if got := SurprisedIDs(as); !slices.Equal(got, []string{"fighter"}) {
		t.Errorf("DND-SURP-4: surprised %v, want [fighter]", got)
	}
	if _, err := SurpriseAt(enc, map[string]int{"ghost": 20}, SurpriseRules{}); err == nil {
		t.Error("a stealth total for nobody was accepted")
	}
}

// profileDoc is the profile shown in the package documentation.
const profileDoc = `{"id":"goblin","name":"Goblin","dexMod":2,"ac":15,"hp":7,"speed":30,
 "reach":5,"passivePerception":9,"stealth":6,
 "attacks":[{"name":"scimitar","kind":"melee","toHit":4,"damage":"d6+2","damageType":"slashing"}],
 "bonusActions":["disengage","hide"],"reactions":["opportunity-attack"],
 "controller":"dm"}`

func TestProfileDoc(t *testing.T) {
	p, err := DecodeProfile([]byte(profileDoc))
	if err != nil || p.Controller != DM || p.AC != 15 || len(p.Attacks) != 1 {
		t.Errorf("%+v %v", p, err)
	}
}

// FuzzDecodeProfile checks that the profile decoder never panics, accepts
// only valid profiles, and round-trips what it accepts.
func FuzzDecodeProfile(f *testing.F) {
	f.Add([]byte(profileDoc))
	for _, p := range SampleAmbush().Participants {
		f.Add([]byte(p.Spec().Profile))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := DecodeProfile(data)
		if err != nil {
			var re *combat.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("error %v is not a RuleError", err)
			}
			return
		}
		once, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeProfile(once)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", once, err)
		}
		if twice, _ := json.Marshal(back); string(twice) != string(once) {
			t.Fatalf("round trip changed the profile:\n%s\n%s", once, twice)
		}
	})
}

// TestSampleSession opens the sample in a session, rolls initiative, starts
// it with the surprise verdict, and reopens it from a share link.
func TestSampleSession(t *testing.T) {
	enc := placedAmbush(t)
	if err := combat.ValidateEncounter(enc); err != nil {
		t.Fatal(err)
	}
	reg, err := combat.NewRegistry(Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := combat.NewSession(reg, enc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Do(combat.RollInitiative{}); err != nil {
		t.Fatal(err)
	}
	as, err := SurpriseAt(sess.State(), map[string]int{"goblin-a": 15, "goblin-b": 12, "goblin-c": 13, "goblin-d": 10}, SurpriseRules{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Do(combat.Start{Surprised: SurprisedIDs(as)}); err != nil {
		t.Fatal(err)
	}
	link, err := combat.EncodeLink(sess)
	if err != nil {
		t.Fatal(err)
	}
	back, err := combat.DecodeLink(reg, link)
	if err != nil {
		t.Fatal(err)
	}
	if back.State().Current() != sess.State().Current() || back.Cursor() != sess.Cursor() {
		t.Error("the share link does not reopen the same encounter")
	}
	t.Logf("sample share link: %d bytes", len(link))
}

// BenchmarkReachable measures the movement highlight of the sample's
// fighter in round 1, with every goblin holding its reaction: Step is asked
// about every square within 30 ft.
func BenchmarkReachable(b *testing.B) {
	enc := startedSample(b)
	for b.Loop() {
		if _, err := combat.Reachable(Ruleset{}, enc, "fighter"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEngineJoinAndRemove is DND-TV-21 and DND-TV-22 through the engine: an
// ogre placed while the goblins' slot acts is inserted by its roll and acts
// this round; a goblin removed leaves its slot to the others.
func TestEngineJoinAndRemove(t *testing.T) {
	enc := placedAmbush(t)
	enc, _ = apply(t, enc, combat.RollInitiative{}, dicetest.Script(t, 18, 9, 5, 13))
	enc, _ = apply(t, enc, combat.Start{}, dicetest.Script(t))
	enc, _ = apply(t, enc, combat.EndTurn{}, dicetest.Script(t)) // the fighter's turn; goblin-a acts
	ogre := Participant{ID: "ogre", Side: "goblins", Controller: DM, At: grid.Square{X: 8, Y: 1}, Block: StatBlock{
		ID: "ogre", Name: "Ogre", DexMod: -1, AC: 11, HP: 59, Speed: 40, Reach: 5, PassivePerception: 8,
		Attacks:   []Attack{{Name: "greatclub", Kind: Melee, ToHit: 6, Damage: dice.MustParse("2d8+4")}},
		Reactions: []ReactionOption{OpportunityAttack},
	}}
	enc, evs := apply(t, enc, combat.Place{Spec: ogre.Spec()}, dicetest.Script(t, 14))
	if j, ok := hasEvent(evs, combat.Joined, "ogre"); !ok || j.Payload() != (combat.JoinScore{Score: 13}) {
		t.Fatalf("DND-AMB-14: %+v", evs)
	}
	if len(enc.Order) != 5 || enc.Order[2].Members[0] != "ogre" || enc.Current() != "goblin-a" {
		t.Errorf("DND-TV-21: order %v, acting %s", enc.Order, enc.Current())
	}
	enc, _ = apply(t, enc, combat.Remove{ID: "goblin-c"}, dicetest.Script(t))
	if got := enc.Order[1].Members; !slices.Equal(got, []string{"goblin-a", "goblin-b", "goblin-d"}) {
		t.Errorf("DND-TV-22: goblin slot %v", got)
	}
	var turns []string
	for range 4 {
		enc, _ = apply(t, enc, combat.EndTurn{}, dicetest.Script(t))
		turns = append(turns, enc.Current())
	}
	if want := []string{"goblin-b", "goblin-d", "ogre", "rogue"}; !slices.Equal(turns, want) {
		t.Errorf("DND-TV-21: turns %v, want %v", turns, want)
	}
}

// startedSample is the sample skirmish after initiative and the start of
// round 1, with seeded dice.
func startedSample(tb testing.TB) combat.Encounter {
	tb.Helper()
	enc, err := SampleEncounter(1)
	if err != nil {
		tb.Fatal(err)
	}
	for _, cmd := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
		if enc, _, err = combat.Apply(Ruleset{}, enc, cmd, dice.NewPCG(1)); err != nil {
			tb.Fatal(err)
		}
	}
	return enc
}
