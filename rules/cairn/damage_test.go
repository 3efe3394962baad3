package cairn

import (
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
)

// foe returns an NPC kept alive on a failed save, so the vectors see the
// critical-damage state rather than the NPC default of death (CA-CRIT-6).
func foe(hp, armour, str int) Character {
	return Character{
		Name: "foe", Kind: NPC, KeepAlive: true,
		Max: Attributes{STR: max(str, 1), DEX: 10, WIL: 10}, Attr: Attributes{STR: str, DEX: 10, WIL: 10},
		MaxHP: max(hp, 1), HP: hp, NaturalArmour: armour,
	}
}

func pc(hp, armour, str int) Character {
	c := foe(hp, armour, str)
	c.Name, c.Kind, c.KeepAlive = "pc", PC, false
	return c
}

// attempt runs f and fails the test if the scripted dice ran short.
func attempt(t *testing.T, f func() error) {
	t.Helper()
	var err error
	if tapeErr := dice.Catch(func() { err = f() }); tapeErr != nil {
		t.Fatalf("dice: %v", tapeErr)
	}
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

type want struct {
	dealt, hp, str int
	outcome        Outcome
	hpZeroed       bool
}

func checkDamage(t *testing.T, got Damage, w want) {
	t.Helper()
	if got.Dealt != w.dealt || got.Target.HP != w.hp || got.Target.Attr.STR != w.str || got.Outcome != w.outcome || got.HPZeroed != w.hpZeroed {
		t.Errorf("dealt %d hp %d str %d outcome %s hpZeroed %v; want dealt %d hp %d str %d outcome %s hpZeroed %v\ntrace: %v",
			got.Dealt, got.Target.HP, got.Target.Attr.STR, got.Outcome, got.HPZeroed,
			w.dealt, w.hp, w.str, w.outcome, w.hpZeroed, got.Trace)
	}
}

// TestApplyDamageVectors covers the vectors that give a damage result rather
// than a die (cairn.md §15).
func TestApplyDamageVectors(t *testing.T) {
	tests := []struct {
		id     string
		rule   combat.RuleID
		target Character
		result int
		faces  []int // the STR save, if any
		want   want
		saveAt int // the STR the save was made against; 0 when no save
	}{
		{"CA-TV-1", "CA-DMG-6", pc(3, 1, 12), 4, nil, want{3, 0, 12, OutcomeHP, true}, 0},
		{"CA-TV-2", "CA-DMG-5", pc(3, 1, 12), 6, []int{5}, want{5, 0, 10, OutcomeSaved, true}, 10},
		{"CA-TV-3/pass", "CA-CRIT-3", pc(3, 1, 12), 6, []int{10}, want{5, 0, 10, OutcomeSaved, true}, 10},
		{"CA-TV-3/fail", "CA-CRIT-3", pc(3, 1, 12), 6, []int{11}, want{5, 0, 10, OutcomeCritical, true}, 10},
		{"CA-TV-5", "CA-DMG-3", pc(5, 2, 10), 1, nil, want{0, 5, 10, OutcomeNone, false}, 0},
		{"CA-TV-8", "CA-CRIT-2", pc(2, 0, 3), 6, nil, want{6, 0, -1, OutcomeDead, true}, 0},
		{"CA-TV-9", "CA-CRIT-2", pc(0, 0, 4), 4, nil, want{4, 0, 0, OutcomeDead, false}, 0},
		{"CA-TV-10", "CA-DMG-3", pc(0, 1, 10), 1, nil, want{0, 0, 10, OutcomeNone, false}, 0},
		{"CA-TV-11", "CA-CRIT-3", pc(0, 0, 10), 3, []int{7}, want{3, 0, 7, OutcomeSaved, false}, 7},
		{"CA-TV-12/nat1", "CA-GEN-3", pc(0, 0, 2), 1, []int{1}, want{1, 0, 1, OutcomeSaved, false}, 1},
		{"CA-TV-12/nat20", "CA-GEN-3", pc(0, 0, 20), 1, []int{20}, want{1, 0, 19, OutcomeCritical, false}, 19},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			r := dicetest.Script(t, tc.faces...)
			var got Damage
			attempt(t, func() (err error) { got, err = ApplyDamage(tc.target, tc.result, 5, r); return err })
			checkDamage(t, got, tc.want)
			if !containsRule(got.Trace, tc.rule) {
				t.Errorf("trace does not cite %s: %v", tc.rule, got.Trace)
			}
			if acts := tc.want.outcome == OutcomeHP || tc.want.outcome == OutcomeSaved || tc.want.outcome == OutcomeNone; got.Target.CanAct() != acts {
				t.Errorf("CanAct %v; want %v", got.Target.CanAct(), acts)
			}
			if tc.want.outcome == OutcomeDead && Shown(got.Target.Attr.STR) != 0 {
				t.Errorf("dead STR shown as %d", Shown(got.Target.Attr.STR))
			}
			s, saved := got.Trace.Find(KeySTRSave)
			if saved != (tc.saveAt != 0) || (saved && s.Value != tc.saveAt) {
				t.Errorf("STR save step %v (present %v); want save against %d", s, saved, tc.saveAt)
			}
		})
	}
}

func containsRule(tr combat.Trace, id combat.RuleID) bool {
	for _, r := range tr.Rules() {
		if r == id {
			return true
		}
	}
	return false
}

// TestCriticalStates checks what a failed STR save leaves behind for each
// kind of combatant (CA-CRIT-5, CA-CRIT-6, CA-DET-2, CA-AID-2, CA-AMB-9).
func TestCriticalStates(t *testing.T) {
	npc := foe(0, 0, 10)
	npc.KeepAlive = false
	det := foe(0, 0, 10)
	det.Kind = Detachment
	crit := pc(0, 0, 10)
	crit.Max.STR = 14
	crit.Status.Critical, crit.Status.DyingDeadline = true, 300
	tests := []struct {
		name                  string
		target                Character
		outcome               Outcome
		dead, critical, dying bool
		deadline              int
	}{
		{"CA-CRIT-5 pc", pc(0, 0, 10), OutcomeCritical, false, true, true, 5 + RoundsPerHour},
		{"CA-CRIT-6 npc", npc, OutcomeDead, true, false, false, 0},
		{"CA-CRIT-6 npc kept alive", foe(0, 0, 10), OutcomeCritical, false, true, true, 5 + RoundsPerHour},
		{"CA-DET-2 detachment", det, OutcomeCritical, false, true, false, 0},
		{"CA-AMB-9 already critical", crit, OutcomeCritical, false, true, true, 300},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got Damage
			attempt(t, func() (err error) { got, err = ApplyDamage(tc.target, 3, 5, dicetest.Script(t, 18)); return err })
			s := got.Target.Status
			if tc.target.Status.Critical && !containsRule(got.Trace, "CA-CRIT-4") {
				t.Errorf("a repeated STR loss does not cite CA-CRIT-4: %v", got.Trace)
			}
			if got.Outcome != tc.outcome || s.Dead != tc.dead || s.Critical != tc.critical || s.DyingDeadline != tc.deadline {
				t.Errorf("outcome %s status %+v; want %s dead %v critical %v deadline %d", got.Outcome, s, tc.outcome, tc.dead, tc.critical, tc.deadline)
			}
		})
	}
}

// TestResolveAttacksVectors covers the vectors that roll dice against one
// target (cairn.md §15).
func TestResolveAttacksVectors(t *testing.T) {
	sword := Attack{Dice: []Die{D8}}
	hero := pc(6, 1, 12)
	detach := foe(4, 1, 11)
	detach.Kind = Detachment
	shielded := pc(5, 0, 10)
	shielded.Armour = []ArmourItem{{"shield", 1}, {"helmet", 1}, {"chainmail", 2}}
	tests := []struct {
		id      string
		rule    combat.RuleID
		target  Character
		strikes []Strike
		opt     Options
		faces   []int
		dice    []int // sides asked for, in order
		want    want
	}{
		{id: "CA-TV-4", rule: "CA-DMG-3", target: shielded, strikes: []Strike{{hero, sword}}, faces: []int{3}, dice: []int{8},
			want: want{0, 5, 10, OutcomeNone, false}},
		{id: "CA-TV-6", rule: "CA-DMG-7", target: foe(5, 1, 10),
			strikes: []Strike{{hero, Attack{Dice: []Die{D6}}}, {hero, Attack{Dice: []Die{D8}}}, {hero, Attack{Dice: []Die{D10}}}},
			faces:   []int{4, 7, 2, 9}, dice: []int{6, 8, 10, 20}, want: want{6, 0, 9, OutcomeSaved, true}},
		{id: "CA-TV-7", rule: "CA-DUAL-1", target: foe(8, 0, 10), strikes: []Strike{{hero, Attack{Dice: []Die{D8, D8}}}},
			faces: []int{3, 6}, dice: []int{8, 8}, want: want{6, 2, 10, OutcomeHP, false}},
		{id: "CA-TV-13", rule: "CA-MOD-1", target: foe(8, 1, 10), strikes: []Strike{{hero, Attack{Dice: []Die{D8}, Impaired: true}}},
			faces: []int{3}, dice: []int{4}, want: want{2, 6, 10, OutcomeHP, false}},
		{id: "CA-TV-14", rule: "CA-MOD-3", target: foe(12, 0, 10), strikes: []Strike{{hero, Attack{Dice: []Die{D8}, Enhanced: true}}},
			faces: []int{11}, dice: []int{12}, want: want{11, 1, 10, OutcomeHP, false}},
		{id: "CA-TV-17", rule: "CA-AMB-5", target: detach, strikes: []Strike{{hero, Attack{Dice: []Die{D8, D8}}}},
			faces: []int{2, 4}, dice: []int{4, 4}, want: want{3, 1, 11, OutcomeHP, false}},
		{id: "CA-TV-17/literal", rule: "CA-AMB-5", target: detach, strikes: []Strike{{hero, Attack{Dice: []Die{D8, D8}}}},
			opt: Options{SingleDieWhenModified: true}, faces: []int{4}, dice: []int{4}, want: want{3, 1, 11, OutcomeHP, false}},
		{id: "CA-TV-20", rule: "CA-DMG-7", target: foe(8, 0, 10),
			strikes: []Strike{{hero, Attack{Dice: []Die{D6}, Blast: true}}, {hero, sword}},
			faces:   []int{2, 5}, dice: []int{6, 8}, want: want{5, 3, 10, OutcomeHP, false}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			rec := &dice.Recorder{Source: dicetest.Script(t, tc.faces...)}
			var got Damage
			attempt(t, func() (err error) { got, err = ResolveAttacks(tc.target, tc.strikes, 1, tc.opt, rec); return err })
			checkDamage(t, got, tc.want)
			var sides []int
			for _, th := range rec.Tape {
				sides = append(sides, th.Sides)
			}
			if !slices.Equal(sides, tc.dice) {
				t.Errorf("rolled dice %v; want %v", sides, tc.dice)
			}
			if !containsRule(got.Trace, tc.rule) {
				t.Errorf("trace does not cite %s: %v", tc.rule, got.Trace)
			}
		})
	}
}

// TestSelectDiceVectors covers the die-selection vectors (CA-MOD-4,
// CA-DET-4, CA-DET-5, CA-RANGED-1, amendment AM-1).
func TestSelectDiceVectors(t *testing.T) {
	hero := pc(6, 1, 12)
	det := foe(4, 1, 11)
	det.Kind = Detachment
	weak := det
	weak.Status.Weakened = true
	bow := Weapon{Name: "bow", Die: D6, Ranged: true, Range: 16}
	tests := []struct {
		id       string
		rule     combat.RuleID
		attack   Attack
		attacker Character
		target   Character
		opt      Options
		want     []Die
		blast    bool
		errata   string
	}{
		{id: "CA-TV-15/unarmed", rule: "CA-MOD-2", attack: Attack{}, attacker: hero, target: hero, want: []Die{D4}},
		{id: "CA-TV-15/unarmed-enhanced", rule: "AM-1", attack: Attack{Enhanced: true}, attacker: hero, target: hero, want: []Die{D12},
			errata: "AM-1: the spec's reason for d12 was a misreading; d12 stays as this app's recommendation"},
		{id: "CA-TV-15/unarmed-enhanced-option", rule: "AM-1", attack: Attack{Enhanced: true}, attacker: hero, target: hero,
			opt: Options{UnarmedAlwaysD4: true}, want: []Die{D4}},
		{id: "CA-TV-15/cancel", rule: "CA-AMB-4", attack: Attack{Dice: []Die{D8}, Impaired: true, Enhanced: true}, attacker: hero, target: hero, want: []Die{D8}},
		{id: "CA-TV-16/individual", rule: "CA-DET-4", attack: Attack{Dice: []Die{D8}}, attacker: hero, target: det, want: []Die{D4},
			errata: "CA-ERR-1: the source's word for a lone foe means any individual here, not the morale sense"},
		{id: "CA-TV-16/blast", rule: "CA-DMG-2", attack: Attack{Dice: []Die{D6}, Blast: true}, attacker: hero, target: det, want: []Die{D6}, blast: true},
		{id: "CA-TV-18/detachment", rule: "CA-DET-5", attack: Attack{Dice: []Die{D6}}, attacker: det, target: hero, want: []Die{D12}, blast: true},
		{id: "CA-AMB-13/weakened", rule: "CA-AMB-13", attack: Attack{Dice: []Die{D6}}, attacker: weak, target: hero, want: []Die{D6}, blast: true},
		{id: "CA-AMB-13/det-vs-det", rule: "CA-DMG-2", attack: Attack{Dice: []Die{D6}}, attacker: det, target: det, want: []Die{D6}},
		{id: "CA-TV-30", rule: "CA-RANGED-1", attack: bow.Attack(20), attacker: hero, target: hero, want: []Die{D4}},
		{id: "CA-RANGED-1/in-range", rule: "CA-DMG-2", attack: bow.Attack(16), attacker: hero, target: hero, want: []Die{D6}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			if tc.errata != "" {
				t.Log("errata:", tc.errata)
			}
			got, blast, tr := SelectDice(tc.attack, tc.attacker, tc.target, tc.opt)
			if len(got) != len(tc.want) || blast != tc.blast {
				t.Fatalf("dice %v blast %v; want %v blast %v", got, blast, tc.want, tc.blast)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("dice %v; want %v", got, tc.want)
				}
			}
			if !containsRule(tr, tc.rule) {
				t.Errorf("trace does not cite %s: %v", tc.rule, tr)
			}
		})
	}
}
