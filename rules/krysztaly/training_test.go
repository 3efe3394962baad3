package krysztaly

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
)

// TestVectorSlots checks KC-TV-1 and KC-TV-2: slots(L) = start +
// floor((L − 1) / X) (KC-SLOT-2), by Profession.Slots and through training
// acts until one is refused for want of slots (slotsThroughApply).
func TestVectorSlots(t *testing.T) {
	for _, c := range []struct {
		id     string
		p      Profession
		levels []int
		want   []int
	}{
		{"KC-TV-1", Thief, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, []int{3, 3, 3, 4, 4, 4, 5, 5, 5, 6}},
		{"KC-TV-2/warrior", Warrior, []int{1, 2, 3, 5, 10}, []int{6, 6, 7, 8, 10}},
		{"KC-TV-2/alchemist", Alchemist, []int{1, 5, 6, 11}, []int{1, 1, 2, 3}},
		{"KC-AMB-7/level-0", Warrior, []int{0}, []int{6}},
	} {
		t.Run(c.id, func(t *testing.T) {
			var got []int
			for _, l := range c.levels {
				got = append(got, c.p.Slots(l))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("KC-SLOT-2: %s slots at %v = %v, want %v", c.p, c.levels, got, c.want)
			}
			for i, l := range c.levels {
				if n := slotsThroughApply(t, c.p, l, c.want[i]); n != c.want[i] {
					t.Errorf("KC-SLOT-4: %s level %d trained %d groups through acts, want %d", c.p, l, n, c.want[i])
				}
			}
		})
	}
}

// TestVectorRolledProficiency checks KC-TV-3 to KC-TV-5 (KC-PROF-5,
// KC-PROF-6) by RolledProficiency and through a training act in setup,
// compared with Train (train): the act's trace shows the d100, the minimum
// and both modifiers, and the attack that follows uses the trained value.
func TestVectorRolledProficiency(t *testing.T) {
	for _, c := range []struct {
		id                  string
		p                   Profession
		raceMod             int
		roll                int
		minimum, prof, want int
	}{
		{"KC-TV-3/37", Warrior, 0, 37, 50, 10, 60}, {"KC-TV-3/50", Warrior, 0, 50, 50, 10, 60},
		{"KC-TV-3/83", Warrior, 0, 83, 50, 10, 93}, {"KC-TV-3/100", Warrior, 0, 100, 50, 10, 110},
		{"KC-TV-4/12", Mage, 0, 12, 20, 0, 20}, {"KC-TV-4/21", Mage, 0, 21, 20, 0, 21},
		{"KC-TV-5", Guardsman, 5, 44, 50, 15, 70},
	} {
		t.Run(c.id, func(t *testing.T) {
			pr := trainee(c.p, 1, c.raceMod)
			if got := pr.RolledProficiency(c.roll); got != c.want {
				t.Errorf("KC-PROF-5: roll %d gives %d, want %d", c.roll, got, c.want)
			}
			enc, ev, err := train(t, setup(t, pr), TrainGroup, "swords", TierNone, c.roll)
			if err != nil {
				t.Fatal(err)
			}
			for key, want := range map[string]int{KeyMinProficiency: c.minimum, KeyRaceMod: c.raceMod, KeyProfessionMod: c.prof, KeyProficiency: c.want} {
				if got, ok := stepValue(ev.Trace, key); !ok || got != want {
					t.Errorf("KC-PROF-5: %s = %d in the act's trace, want %d\n%v", key, got, want, ev.Trace)
				}
			}
			if got := profileOf(t, enc, "t").ProficiencyWith("swords"); got != c.want {
				t.Errorf("KC-PROF-4: trained %d, want %d", got, c.want)
			}
			if got := attackProficiency(t, enc); got != c.want {
				t.Errorf("KC-PROF-8: the attack after training uses P = %d, want %d", got, c.want)
			}
		})
	}
	t.Run("KC-AMB-6/two-professions", func(t *testing.T) {
		pr := Profile{Professions: []Profession{Mage, Guardsman}, Level: 1}
		if got := pr.RolledProficiency(10); got != 65 {
			t.Errorf("KC-AMB-6: mage/guardsman roll 10 gives %d, want 50 + 15 = 65", got)
		}
	})
}

// TestVectorUntrained checks KC-TV-6 and KC-TV-7: an untrained group is
// used at the profession minimum with no modifiers (KC-PROF-6), and one
// proficiency covers every weapon of its group (KC-PROF-2).
func TestVectorUntrained(t *testing.T) {
	mage := Profile{Professions: []Profession{Mage}, RaceMod: 7}
	warrior := Profile{Professions: []Profession{Warrior}, RaceMod: 7}
	t.Run("KC-TV-6", func(t *testing.T) {
		if got := mage.ProficiencyWith("swords"); got != 20 {
			t.Errorf("KC-PROF-6: untrained mage %d, want 20", got)
		}
		if got := warrior.ProficiencyWith("flails"); got != 50 {
			t.Errorf("KC-PROF-6: untrained warrior %d, want 50", got)
		}
	})
	t.Run("KC-TV-7", func(t *testing.T) {
		p := Profile{Proficiencies: []Proficiency{{Group: "daggers", Base: 72}}}
		for _, name := range []string{"daga", "puginał", "sztylet płomienny"} {
			w := Weapon{Name: name, Group: "daggers"}
			if got := p.ProficiencyWith(w.Group); got != 72 {
				t.Errorf("KC-PROF-2: %s uses %d, want 72", name, got)
			}
		}
	})
}

// TestVectorTiers checks KC-TV-9 (KC-SPEC-4, KC-PROF-8) and KC-TV-8, the
// teacher requirement (KC-SPEC-3), by CanTrain and through training acts.
func TestVectorTiers(t *testing.T) {
	t.Run("KC-TV-9", func(t *testing.T) {
		wantP := []int{65, 75, 90, 110, 135}
		wantQ := []int{2, 2, 4, 4, 6}
		for i, tier := range []Tier{DoubleProficient, Specialist, DoubleSpecialist, Master, GrandMaster} {
			p := Proficiency{Group: "swords", Base: 60, Tier: tier}.Effective()
			if p != wantP[i] || Quarters(p) != wantQ[i] {
				t.Errorf("KC-SPEC-4: tier %d gives P %d (q %d), want %d (q %d)", tier, p, Quarters(p), wantP[i], wantQ[i])
			}
		}
	})
	student := func(tier Tier) Profile {
		return Profile{Professions: []Profession{Warrior}, Level: 10,
			Proficiencies: []Proficiency{{Group: "swords", Base: 60, Tier: tier}}}
	}
	for _, c := range []struct {
		id      string
		from    Tier
		teacher Tier
		rule    combat.RuleID // "" when allowed
	}{
		{"KC-TV-8/dp-from-specialist", DoubleProficient, Specialist, ""},
		{"KC-TV-8/dp-from-dp", DoubleProficient, DoubleProficient, "KC-SPEC-3"},
		{"KC-TV-8/ds-from-master", DoubleSpecialist, Master, ""},
		{"KC-TV-8/ds-from-specialist", DoubleSpecialist, Specialist, "KC-SPEC-3"},
		{"KC-SPEC-3/grand-master-gift", Master, GrandMaster, ""},
		{"KC-SPEC-3/grand-master-mortal", Master, Master, "KC-SPEC-3"},
		{"KC-SPEC-2/beyond-grand-master", GrandMaster, GrandMaster, "KC-SPEC-2"},
	} {
		t.Run(c.id, func(t *testing.T) {
			checkRule(t, student(c.from).CanTrain(TrainTier, "swords", c.teacher), c.rule)
			p := trainee(Warrior, 10, 0)
			p.Proficiencies = student(c.from).Proficiencies
			_, ev, err := train(t, setup(t, p), TrainTier, "swords", c.teacher)
			checkRule(t, err, c.rule)
			if got, _ := stepValue(ev.Trace, KeyTier); err == nil && got != int(c.from)+1 {
				t.Errorf("KC-SPEC-2: the act reached tier %d, want %d", got, c.from+1)
			}
		})
	}
	t.Run("KC-SPEC-1/untrained", func(t *testing.T) {
		checkRule(t, student(TierNone).CanTrain(TrainTier, "axes", Master), "KC-SPEC-1")
	})
	t.Run("KC-AMB-7/level-0", func(t *testing.T) {
		p := student(TierNone)
		p.Level = 0
		checkRule(t, p.CanTrain(TrainTier, "swords", Master), "KC-SPEC-1")
	})
}

// TestVectorSlotUse checks KC-TV-37: slots used by trainings and the free
// slot requirement (KC-SLOT-3, KC-SLOT-4), a level 1 warrior trained step by
// step through acts, each compared with Train (train): double specialist is
// refused until the GM raises it to level 3. The engine derives the trained
// profile's stats again: specialist in swords adds an attack with the sword
// (ENG-ACT-3, KC-SPEC-5).
func TestVectorSlotUse(t *testing.T) {
	enc := setup(t, trainee(Warrior, 1, 0))
	var ev combat.ActDone
	var err error
	steps := []struct {
		t     Training
		group string
		tier  Tier
		dice  []int
	}{
		{TrainGroup, "swords", 0, []int{83}}, {TrainGroup, "axes", 0, []int{40}}, {TrainGroup, "bows", 0, []int{60}},
		{TrainTier, "swords", Specialist, nil}, {TrainTier, "swords", Master, nil},
	}
	for _, s := range steps {
		if enc, ev, err = train(t, enc, s.t, s.group, s.tier, s.dice...); err != nil {
			t.Fatalf("%v %s: %v", s.t, s.group, err)
		}
	}
	p := profileOf(t, enc, "t")
	t.Run("KC-TV-37/L1", func(t *testing.T) {
		used, _ := stepValue(ev.Trace, KeySlotsUsed)
		free, _ := stepValue(ev.Trace, KeySlotsFree)
		if p.SlotsUsed() != 5 || p.FreeSlots() != 1 || used != 5 || free != 1 || ev.Value != 93+15 {
			t.Errorf("KC-SLOT-3: used %d free %d (act: %d, %d, swords %d), want 5, 1 and 108", p.SlotsUsed(), p.FreeSlots(), used, free, ev.Value)
		}
		checkRule(t, p.CanTrain(TrainTier, "swords", Master), "KC-SLOT-4")
		_, _, err := train(t, enc, TrainTier, "swords", Master)
		checkRule(t, err, "KC-SLOT-4")
		r, err := p.AttacksPerRound()
		if c, _ := enc.Combatant("t"); err != nil || c.Stats.Actions != 2 || r.Total != 2 {
			t.Errorf("ENG-ACT-3: a specialist with the sword gets %d actions (routine %d, %v), want 2 (KC-SPEC-5)", c.Stats.Actions, r.Total, err)
		}
	})
	t.Run("KC-TV-37/L3", func(t *testing.T) {
		p := p
		p.Level = 3
		checkRule(t, p.CanTrain(TrainTier, "swords", Master), "")
		if got := p.ProficiencyWith("swords"); got != 93+15 {
			t.Errorf("KC-PROF-8: swords %d, want 108", got)
		}
		raw, _ := json.Marshal(p)
		c, _ := enc.Combatant("t")
		enc, _ := apply(t, enc, nil, combat.Edit{Spec: combat.Spec{ID: "t", Name: c.Name, Side: c.Side, Pos: c.Pos, Profile: raw}})
		enc, ev, err := train(t, enc, TrainTier, "swords", Master)
		if err != nil {
			t.Fatal(err)
		}
		free, _ := stepValue(ev.Trace, KeySlotsFree)
		if got := profileOf(t, enc, "t").ProficiencyWith("swords"); got != 93+30 || ev.Value != got || free != 0 {
			t.Errorf("KC-SPEC-4: swords %d (act: %d) with %d free after the act, want 123 and 0", got, ev.Value, free)
		}
	})
	t.Run("KC-SHIELD-1", func(t *testing.T) {
		checkRule(t, p.CanTrain(TrainShieldBearer, "", TierNone), "KC-SLOT-4")
		q := p
		q.Level = 5
		checkRule(t, q.CanTrain(TrainShieldBearer, "", TierNone), "")
	})
	t.Run("KC-HANDS-1", func(t *testing.T) {
		q, _, err := p.Train(TrainAmbidexterity, "swords", TierNone, dicetest.Script(t))
		if err != nil {
			t.Fatal(err)
		}
		if q.SlotsUsed() != 6 || q.FreeSlots() != 0 || p.SlotsUsed() != 5 {
			t.Errorf("KC-SLOT-3: ambidexterity leaves %d used, %d free (before: %d used)", q.SlotsUsed(), q.FreeSlots(), p.SlotsUsed())
		}
		checkRule(t, q.CanTrain(TrainAmbidexterity, "swords", TierNone), "KC-PROF-7")
		checkRule(t, q.CanTrain(TrainDoubleAmbidexterity, "swords", Master), "KC-HANDS-3")
		checkRule(t, q.CanTrain(TrainDoubleAmbidexterity, "swords", GrandMaster), "KC-SLOT-4")
	})
	t.Run("KC-PROF-7", func(t *testing.T) {
		checkRule(t, p.CanTrain(TrainGroup, "swords", TierNone), "KC-PROF-7")
	})
	t.Run("KC-AMB-12", func(t *testing.T) {
		checkRule(t, p.CanTrain(TrainDoubleAmbidexterity, "swords", GrandMaster), "KC-AMB-12")
	})
}

func checkRule(t *testing.T, err error, rule combat.RuleID) {
	t.Helper()
	if rule == "" {
		if err != nil {
			t.Errorf("refused: %v", err)
		}
		return
	}
	var re *combat.RuleError
	if !errors.As(err, &re) || re.Rule != rule {
		t.Errorf("got %v, want a refusal citing %s", err, rule)
	}
}

// TestVectorAttacks checks KC-TV-10 to KC-TV-13: attacks per round from
// specialisation, the SZ cap and ambidexterity (KC-ATK-2 to KC-ATK-4,
// Table KC-T5, KC-AMB-11).
// attackVector is one row of the attack-count vectors.
type attackVector struct {
	id        string
	p         Profile
	perWeapon []int
	total     int
}

// attackVectors are KC-TV-10..13 and the double ambidexterity case.
func attackVectors() []attackVector {
	one := func(c Category, tier Tier) Profile {
		return Profile{Attacks: 1, Proficiencies: []Proficiency{{Group: "g", Base: 60, Tier: tier}},
			Weapons: []Weapon{{Name: c.String(), Group: "g", Category: c, Effectiveness: ByType{Slashing: 50}}}}
	}
	dagger := Dagger()
	sword := TypicalSword()
	return []attackVector{
		{"KC-TV-10/L1H", one(Light1H, Specialist), []int{3}, 3},
		{"KC-TV-10/1H", one(OneHand, Specialist), []int{2}, 2},
		{"KC-TV-10/1.5H", one(HandHalf, Specialist), []int{1}, 1},
		{"KC-TV-10/2H", one(TwoHand, Specialist), []int{1}, 1},
		{"KC-TV-10/1.5H-tier3", one(HandHalf, DoubleSpecialist), []int{2}, 2},
		{"KC-TV-10/2H-tier4", one(TwoHand, Master), []int{2}, 2},
		{"KC-AMB-36/other", one(Other, GrandMaster), []int{1}, 1},
		{"KC-TV-11", with(one(Light1H, Specialist), func(p *Profile) { p.MaxAttacks = 2 }), []int{3}, 2},
		{"KC-TV-12", Profile{Attacks: 1,
			Proficiencies: []Proficiency{{Group: "daggers", Base: 60, Tier: DoubleProficient, Ambidexterity: Ambidextrous}},
			Weapons:       []Weapon{dagger, dagger}}, []int{2, 2}, 4},
		{"KC-TV-13", Profile{Attacks: 1,
			Proficiencies: []Proficiency{{Group: "swords", Base: 60, Tier: Specialist, Ambidexterity: Ambidextrous}},
			Weapons:       []Weapon{dagger, sword}}, []int{1, 2}, 3},
		{"KC-AMB-12/double-light", Profile{Attacks: 1,
			Proficiencies: []Proficiency{{Group: "daggers", Base: 60, Tier: DoubleProficient, Ambidexterity: DoubleAmbidextrous}},
			Weapons:       []Weapon{dagger, dagger}}, []int{4, 4}, 8},
	}
}

func TestVectorAttacks(t *testing.T) {
	cases := attackVectors()
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			r, err := c.p.AttacksPerRound()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.PerWeapon, c.perWeapon) || r.Total != c.total {
				t.Errorf("KC-ATK-2: per weapon %v total %d, want %v total %d", r.PerWeapon, r.Total, c.perWeapon, c.total)
			}
		})
	}
}

// TestHands checks the weapon-and-shield combinations of Table KC-T5.
func TestHands(t *testing.T) {
	shield := ShieldA()
	hold := func(amb Ambidexterity, sh *Shield, ws ...Weapon) Profile {
		var prs []Proficiency
		for _, w := range ws {
			if !slices.ContainsFunc(prs, func(p Proficiency) bool { return p.Group == w.Group }) {
				prs = append(prs, Proficiency{Group: w.Group, Base: 60, Ambidexterity: amb})
			}
		}
		return Profile{Attacks: 1, Proficiencies: prs, Weapons: ws, Shield: sh}
	}
	for _, c := range []struct {
		id   string
		p    Profile
		rule combat.RuleID
	}{
		{"KC-AMB-40/two-daggers-untrained", hold(OneHanded, nil, Dagger(), Dagger()), "KC-HANDS-2"},
		{"KC-HANDS-2/two-swords", hold(Ambidextrous, nil, TypicalSword(), TypicalSword()), "KC-HANDS-2"},
		{"KC-HANDS-3/two-swords", hold(DoubleAmbidextrous, nil, TypicalSword(), TypicalSword()), ""},
		{"KC-HANDS-2/bastard-shield", hold(OneHanded, &shield, BastardSword()), "KC-HANDS-2"},
		{"KC-HANDS-2/bastard-shield-ambi", hold(Ambidextrous, &shield, BastardSword()), ""},
		{"KC-HANDS-2/bastard-dagger-ambi", hold(Ambidextrous, nil, BastardSword(), Dagger()), "KC-HANDS-2"},
		{"KC-HANDS-3/bastard-dagger", hold(DoubleAmbidextrous, nil, BastardSword(), Dagger()), ""},
		{"KC-HANDS-3/axe-shield", hold(Ambidextrous, &shield, TwoHandedAxe()), "KC-HANDS-3"},
		{"KC-HANDS-3/axe-shield-double", hold(DoubleAmbidextrous, &shield, TwoHandedAxe()), ""},
		{"KC-HANDS-2/three-hands", hold(Ambidextrous, &shield, TypicalSword(), Dagger()), "KC-HANDS-2"},
		{"KC-ATK-3/three-weapons", hold(DoubleAmbidextrous, nil, Dagger(), Dagger(), Dagger()), "KC-ATK-3"},
	} {
		t.Run(c.id, func(t *testing.T) {
			checkRule(t, c.p.Validate(), c.rule)
		})
	}
}

// TestVectorSlowed checks KC-TV-36: "twice as slow" attacks in simple mode
// carry half an attack between rounds (KC-ATK-5, KC-AMB-17).
func TestVectorSlowed(t *testing.T) {
	for _, c := range []struct {
		n    int
		want []int
	}{{1, []int{0, 1, 0, 1}}, {2, []int{1, 1, 1, 1}}, {3, []int{1, 2, 1, 2}}} {
		t.Run(fmt.Sprintf("KC-TV-36/N=%d", c.n), func(t *testing.T) {
			var got []int
			credit := 0
			for range 4 {
				var a int
				a, credit = SlowedAttacks(c.n, credit)
				got = append(got, a)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("KC-ALG-B: %v, want %v", got, c.want)
			}
		})
	}
}
