package krysztaly

import (
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// trainee is a level l fighter of profession pr with race modifier race,
// holding the typical sword, trained in nothing.
func trainee(pr Profession, l, race int) Profile {
	return Profile{Name: "trainee", Professions: []Profession{pr}, Level: l, RaceMod: race, SF: 100, ZR: 50,
		Attacks: 1, Vitality: 100, Weapons: []Weapon{TypicalSword()}}
}

// setup places p as "t" in an encounter not yet started.
func setup(t *testing.T, p Profile) combat.Encounter {
	t.Helper()
	return place(t, combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 8}, 1), "t", "pcs", p, grid.Square{X: 1, Y: 1})
}

// profileOf decodes combatant id's profile.
func profileOf(t *testing.T, enc combat.Encounter, id string) Profile {
	t.Helper()
	c, _ := enc.Combatant(id)
	p, err := DecodeProfile(c.Profile)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// train sends the training act through Apply with the dice faces and checks
// it against the package's Train on the same profile and dice: both refuse
// citing the same rule, or both give the same profile and trace
// (KC-SLOT-3), the act's value the proficiency with the group afterwards.
// A refusal rolls nothing; a training uses every face. It
// returns the new encounter, the act's event and the error.
func train(t *testing.T, enc combat.Encounter, tr Training, group string, teacher Tier, faces ...int) (combat.Encounter, combat.ActDone, error) {
	t.Helper()
	p := profileOf(t, enc, "t")
	want, wantTrace, wantErr := p.Train(tr, group, teacher, dice.NewScripted(faces...))
	r := dice.NewScripted(faces...)
	next, evs, err := combat.Apply(Ruleset{}, enc, TrainingAct("t", tr, group, teacher), r)
	if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
		t.Fatalf("Apply: %v; Train: %v", err, wantErr)
	}
	if err != nil {
		if r.Remaining() != len(faces) {
			t.Errorf("a refused training rolled %d dice", len(faces)-r.Remaining())
		}
		return enc, combat.ActDone{}, err
	}
	if r.Remaining() != 0 {
		t.Errorf("the training left %d of its dice", r.Remaining())
	}
	ev, ok := payloadOf[combat.ActDone](evs)
	got := profileOf(t, next, "t")
	gotJSON, _ := json.Marshal(got)
	wantJSON, _ := json.Marshal(want)
	if !ok || string(gotJSON) != string(wantJSON) || !slices.Equal(ev.Trace, wantTrace) || ev.Value != want.ProficiencyWith(group) {
		t.Fatalf("Apply gave %s, trace %v, value %d;\nTrain gave %s, trace %v", gotJSON, ev.Trace, ev.Value, wantJSON, wantTrace)
	}
	return next, ev, nil
}

// slotsThroughApply trains a fresh level l character of profession pr in
// one new group after another through acts, until one is refused for want
// of slots (KC-SLOT-4); every act's trace must show want slots (KC-SLOT-2).
// It returns the groups trained.
func slotsThroughApply(t *testing.T, pr Profession, l, want int) int {
	t.Helper()
	enc := setup(t, trainee(pr, l, 0))
	n := 0
	for ; n <= want; n++ {
		next, ev, err := train(t, enc, TrainGroup, "g"+strconv.Itoa(n), TierNone, 50)
		if err != nil {
			checkRule(t, err, "KC-SLOT-4")
			break
		}
		if s, _ := stepValue(ev.Trace, KeySlots); s != want {
			t.Errorf("KC-SLOT-2: level %d trace shows %d slots, want %d", l, s, want)
		}
		enc = next
	}
	return n
}

// attackProficiency starts enc with D1 placed beside "t" and returns the
// proficiency in the trace of t's attack on it (KC-PROF-8).
func attackProficiency(t *testing.T, enc combat.Encounter) int {
	t.Helper()
	enc = place(t, enc, "d", "foes", d1(), grid.Square{X: 2, Y: 1})
	enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"t"}}, {Members: []string{"d"}}}}, combat.Start{})
	_, evs := apply(t, enc, []int{100}, combat.Attack{Attacker: "t", Defender: "d"})
	att, _ := payloadOf[combat.Blow](evs)
	p, _ := stepValue(att.Trace, KeyProficiency)
	return p
}

// TestTrainingActRefusals checks what a training act refuses and that a
// refusal changes nothing: an act in a running encounter (KC-GEN-5), an
// unknown key and an unknown teacher tier.
func TestTrainingActRefusals(t *testing.T) {
	enc := setup(t, trainee(Warrior, 1, 0))
	for _, c := range []struct {
		id   string
		act  combat.Act
		rule combat.RuleID
	}{
		{"unknown-key", combat.Act{ID: "t", Key: "dance"}, "KC-SLOT-3"},
		{"empty-group", combat.Act{ID: "t", Key: ActGroup}, "KC-SLOT-3"},
		{"teacher-tier", combat.Act{ID: "t", Key: ActTier + "swords", Value: 6}, "KC-SPEC-3"},
	} {
		t.Run(c.id, func(t *testing.T) {
			_, _, err := combat.Apply(Ruleset{}, enc, c.act, dicetest.Script(t))
			checkRule(t, err, c.rule)
		})
	}
	t.Run("KC-GEN-5", func(t *testing.T) {
		enc, _ := apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"t"}}}}, combat.Start{})
		r := dice.NewScripted(50)
		next, evs, err := combat.Apply(Ruleset{}, enc, TrainingAct("t", TrainGroup, "swords", TierNone), r)
		checkRule(t, err, "KC-GEN-5")
		if len(evs) != 0 || r.Remaining() != 1 || !slices.Equal(next.Combatants[0].Profile, enc.Combatants[0].Profile) {
			t.Errorf("a refused act changed the encounter: %v", evs)
		}
	})
}

// TestTrainingForms checks the training forms of setup (combat.ActFormer):
// a new group among the weapons carried, the next tier in those and the
// groups trained, taught by tiers 1 to 5 (KC-PROF-4, KC-SPEC-3); the forms'
// first choices are acts Apply takes, and none is offered in play (KC-GEN-5).
func TestTrainingForms(t *testing.T) {
	enc := place(t, setup(t, trainee(Warrior, 1, 0)), "d", "foes", d1(), grid.Square{X: 2, Y: 1})
	forms, err := Ruleset{}.ActForms(enc)
	if err != nil || len(forms) != 2 {
		t.Fatalf("forms %+v, %v", forms, err)
	}
	group, tier := forms[0], forms[1]
	if group.Name != KeyTrainGroup || !slices.Equal(group.Keys, []string{"train-group-swords"}) || !slices.Equal(group.Words, []string{"swords"}) ||
		!slices.Equal(group.IDs, []string{"t", "d"}) || !slices.Equal(group.Values, []int{0}) {
		t.Errorf("KC-PROF-4: group form %+v", group)
	}
	if tier.Name != KeyTrainTier || !slices.Equal(tier.Keys, []string{"train-tier-daggers", "train-tier-swords"}) || !slices.Equal(tier.Words, []string{"daggers", "swords"}) ||
		!slices.Equal(tier.Values, []int{1, 2, 3, 4, 5}) || !slices.Equal(tier.ValueKeys, tierKeys[1:]) || tier.ValueName != KeyTeacher {
		t.Errorf("KC-SPEC-3: tier form %+v", tier)
	}
	if _, _, err := combat.Apply(Ruleset{}, enc, combat.Act{ID: "t", Key: group.Keys[0], Value: group.Values[0]}, dicetest.Script(t, 50)); err != nil {
		t.Errorf("the group form's act: %v", err)
	}
	if _, _, err := combat.Apply(Ruleset{}, enc, combat.Act{ID: "d", Key: tier.Keys[0], Value: tier.Values[0]}, dicetest.Script(t)); err != nil {
		t.Errorf("the tier form's act: %v", err)
	}
	enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"t"}}, {Members: []string{"d"}}}}, combat.Start{})
	if forms, err := (Ruleset{}).ActForms(enc); len(forms) != 0 || err != nil {
		t.Errorf("KC-GEN-5: forms in play %+v, %v", forms, err)
	}
}
