package krysztaly

import (
	"encoding/json"
	"errors"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// apply runs commands on enc with scripted dice, failing the test on error.
func apply(t *testing.T, enc combat.Encounter, faces []int, cmds ...combat.Command) (combat.Encounter, []combat.Event) {
	t.Helper()
	var all []combat.Event
	r := dicetest.Script(t, faces...)
	for _, c := range cmds {
		var evs []combat.Event
		var err error
		if enc, evs, err = combat.Apply(Ruleset{}, enc, c, r); err != nil {
			t.Fatalf("%s: %v", c.Kind(), err)
		}
		all = append(all, evs...)
	}
	return enc, all
}

func started(t *testing.T) combat.Encounter {
	t.Helper()
	enc, err := SampleEncounter(1)
	if err != nil {
		t.Fatal(err)
	}
	enc, _ = apply(t, enc, nil,
		combat.SetOrder{Order: []combat.Slot{{Members: []string{"orc"}}, {Members: []string{"warrior"}}}},
		combat.Start{})
	return enc
}

func place(t *testing.T, enc combat.Encounter, id, side string, p Profile, at grid.Square) combat.Encounter {
	t.Helper()
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	enc, _ = apply(t, enc, nil, combat.Place{Spec: combat.Spec{ID: id, Name: p.Name, Side: side, Pos: at, Profile: raw}})
	return enc
}

// TestSampleEncounterAttack plays the sample: the orc hits the warrior
// (OBR 20 + 25 + 20 + 5 = 70, RTR 80) on a 10 and slashes for 215 − 14 = 201,
// of which the mail absorbs 50 (KC-ALG-A, KC-ABS-1); the warrior drops.
func TestSampleEncounterAttack(t *testing.T) {
	enc := started(t)
	odds, err := combat.Odds(Ruleset{}, enc, combat.AttackRequest{Attacker: "orc", Defender: "warrior"})
	if err != nil {
		t.Fatal(err)
	}
	if odds[0] != (combat.Chance{Key: ChanceHit, Num: 80, Den: 100}) {
		t.Errorf("KC-RTR-2: odds %v, want hit 80/100", odds)
	}
	enc, evs := apply(t, enc, []int{10, 36}, combat.Attack{Attacker: "orc", Defender: "warrior"})
	var resolved, downed bool
	for _, ev := range evs {
		switch b, _ := ev.Payload().(combat.Blow); ev.Type() {
		case combat.AttackResolved:
			resolved = true
			if !b.Hit || b.Damage != 151 {
				t.Errorf("KC-ABS-1: hit %v for %d, want a hit for 151", b.Hit, b.Damage)
			}
			if s, ok := b.Trace.Find(KeyOBR); !ok || s.Value != 70 {
				t.Errorf("KC-DEF-1: OBR step %v, want 70", s)
			}
		case combat.Downed:
			downed = true
		}
	}
	if !resolved || !downed {
		t.Errorf("events %v: resolved %v downed %v", evs, resolved, downed)
	}
	if w, _ := enc.Combatant("warrior"); w.HP != 120-151 {
		t.Errorf("KC-ABS-2: warrior HP %d, want %d", w.HP, 120-151)
	}
}

// TestEncounterAttackers checks KC-AMB-22 on the map: a second orc next to
// the warrior makes two attackers (KC-SIT-1: OBR −5); one across the room
// does not, until it has attacked the warrior this round.
func TestEncounterAttackers(t *testing.T) {
	for _, c := range []struct {
		id  string
		at  grid.Square
		hit int64
	}{{"KC-AMB-22/adjacent", grid.Square{X: 5, Y: 3}, 85}, {"KC-AMB-22/far", grid.Square{X: 0, Y: 0}, 80}} {
		t.Run(c.id, func(t *testing.T) {
			enc, err := SampleEncounter(1)
			if err != nil {
				t.Fatal(err)
			}
			enc = place(t, enc, "orc2", "orcs", SampleOrc(), c.at)
			enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"orc"}}, {Members: []string{"warrior"}}, {Members: []string{"orc2"}}}},
				combat.Start{})
			odds, err := combat.Odds(Ruleset{}, enc, combat.AttackRequest{Attacker: "orc", Defender: "warrior"})
			if err != nil {
				t.Fatal(err)
			}
			if odds[0].Num != c.hit {
				t.Errorf("KC-SIT-1: hit %d/100, want %d", odds[0].Num, c.hit)
			}
		})
	}
	t.Run("KC-AMB-22/attacked-already", func(t *testing.T) {
		enc := started(t)
		req := combat.AttackRequest{Attacker: "orc", Defender: "warrior"}
		out, err := Ruleset{}.Attack(enc, req, dicetest.Script(t, 99))
		if err != nil {
			t.Fatal(err)
		}
		var st roundState
		if err := json.Unmarshal(out.RoundState["warrior"], &st); err != nil || len(st.AttackedBy) != 1 || st.AttackedBy[0] != "orc" {
			t.Errorf("warrior round state %s (%v), want attackedBy [orc]", out.RoundState["warrior"], err)
		}
	})
}

// TestEncounterShieldLimits checks the one-shield-attack-per-round and the
// combined-once-in-two-rounds rules through the encounter's round state
// (KC-AMB-16, KC-SHIELD-6), and that a shield attack slows the round's
// weapon attacks (KC-ATK-5).
func TestEncounterShieldLimits(t *testing.T) {
	bearer := SampleWarrior()
	bearer.ShieldBearer, bearer.Attacks, bearer.Level = true, 3, 5
	enc, err := SampleEncounter(1)
	if err != nil {
		t.Fatal(err)
	}
	enc = place(t, enc, "bearer", "heroes", bearer, grid.Square{X: 2, Y: 2})
	enc, _ = apply(t, enc, nil,
		combat.SetOrder{Order: []combat.Slot{{Members: []string{"bearer"}}, {Members: []string{"orc"}}, {Members: []string{"warrior"}}}},
		combat.Start{})
	combined := json.RawMessage(`{"kind":"shield-combined","type":"slashing"}`)
	// Hit (1), damage (50), balance roll (10, the orc keeps its balance).
	enc, _ = apply(t, enc, []int{1, 50, 10}, combat.Attack{Attacker: "bearer", Defender: "orc", Option: combined})
	_, _, err = combat.Apply(Ruleset{}, enc, combat.Attack{Attacker: "bearer", Defender: "orc", Option: json.RawMessage(`{"kind":"shield-bash"}`)}, dicetest.Script(t))
	checkRule(t, err, "KC-AMB-16")
	_, evs := apply(t, enc, []int{99}, combat.Attack{Attacker: "bearer", Defender: "orc"})
	for _, ev := range evs {
		if b, ok := ev.Payload().(combat.Blow); ok {
			if s, ok := b.Trace.Find(KeySlowed); !ok || s.Rule != "KC-ATK-5" {
				t.Errorf("KC-ATK-5: weapon attack after a shield attack not slowed: %v", b.Trace)
			}
		}
	}
	// Next round: the combined attack may not be repeated.
	enc, _ = apply(t, enc, nil, combat.EndTurn{}, combat.EndTurn{}, combat.EndTurn{})
	_, _, err = combat.Apply(Ruleset{}, enc, combat.Attack{Attacker: "bearer", Defender: "orc", Option: combined}, dicetest.Script(t))
	checkRule(t, err, "KC-SHIELD-6")
}

// TestEncounterConditions checks that the encounter's condition keys reach
// the rules: a helpless defender can be struck automatically (KC-SIT-8) or
// attacked at armour-only defence, and twilight lowers TR and OBR (KC-SIT-4),
// the latter even for a defenceless defender (KC-AMB-24).
func TestEncounterConditions(t *testing.T) {
	enc := started(t)
	enc, _ = apply(t, enc, nil,
		combat.AddCondition{ID: "warrior", Condition: CondHelpless},
		combat.AddCondition{ID: "orc", Condition: CondTwilight},
		combat.AddCondition{ID: "warrior", Condition: CondTwilight})
	odds, err := combat.Odds(Ruleset{}, enc, combat.AttackRequest{Attacker: "orc", Defender: "warrior", Option: json.RawMessage(`{"kind":"auto-strike"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if odds[1] != (combat.Chance{Key: ChanceCritical, Num: 100, Den: 100}) {
		t.Errorf("KC-SIT-8: %v, want a sure critical", odds)
	}
	out, err := Ruleset{}.Attack(enc, combat.AttackRequest{Attacker: "orc", Defender: "warrior"}, dicetest.Script(t, 96))
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := out.Trace.Find(KeyTR); s.Value != 140 {
		t.Errorf("KC-SIT-4: TR %d in twilight, want 140", s.Value)
	}
	if s, _ := out.Trace.Find(KeyOBR); s.Value != 20-30-10 {
		t.Errorf("KC-AMB-24: helpless defender in twilight OBR %d, want mail 20 − 30 − 10", s.Value)
	}
}

// TestEncounterRefusals checks the capabilities the source lacks.
func TestEncounterRefusals(t *testing.T) {
	enc := started(t)
	_, err := Ruleset{}.Attack(enc, combat.AttackRequest{Attacker: "orc", Defender: "warrior", Opportunity: true}, dicetest.Script(t))
	checkRule(t, err, "KC-AMB-33")
	_, err = Ruleset{}.Step(enc, "orc", grid.Square{X: 3, Y: 2}, grid.Square{X: 4, Y: 2})
	checkRule(t, err, "KC-AMB-33")
	if chk, err := (Ruleset{}).Step(enc, "orc", grid.Square{X: 3, Y: 2}, grid.Square{X: 3, Y: 3}); err != nil || chk.Cost != 1 || len(chk.Attackers) != 0 {
		t.Errorf("step: %+v %v", chk, err)
	}
	_, err = Ruleset{}.Profile(json.RawMessage(`{"name":"x","vitality":0}`))
	var re *combat.RuleError
	if !errors.As(err, &re) {
		t.Errorf("ŻYW 0 accepted: %v", err)
	}
}
