package cairn

import (
	"encoding/json"
	"reflect"
	"testing"

	"battlemat/rules/dice"
)

var damageDice = []Die{D4, D6, D8, D10, D12}

func randomDice(r dice.Roller, n int) []Die {
	ds := make([]Die, n)
	for i := range ds {
		ds[i] = damageDice[r.Roll(len(damageDice))-1]
	}
	return ds
}

// randomCharacter draws a valid combatant of any kind and state.
func randomCharacter(r dice.Roller) Character {
	kinds := []Kind{PC, NPC, Detachment}
	maxSTR := r.Roll(18)
	c := Character{
		Name: "x", Kind: kinds[r.Roll(3)-1],
		Max:   Attributes{STR: maxSTR, DEX: r.Roll(18), WIL: r.Roll(18)},
		MaxHP: r.Roll(10) - 1, NaturalArmour: r.Roll(4) - 1,
		KeepAlive: r.Roll(2) == 1,
	}
	c.Attr = Attributes{STR: maxSTR - r.Roll(maxSTR+3) + 1, DEX: c.Max.DEX, WIL: c.Max.WIL}
	c.HP = r.Roll(c.MaxHP+1) - 1
	for range r.Roll(3) - 1 {
		c.Armour = append(c.Armour, ArmourItem{Name: "piece", Value: r.Roll(4) - 1})
	}
	c.Status.Critical = r.Roll(4) == 1
	c.Status.Dead = c.Attr.STR <= 0
	return c
}

// TestApplyDamageProperties checks, over many random targets and results,
// that ApplyDamage leaves its input alone, that the damage after armour is
// split exactly between HP and STR (CA-DMG-4, CA-DMG-5), that HP never goes
// negative and STR never rises, and that the outcome matches the state.
func TestApplyDamageProperties(t *testing.T) {
	r := dice.NewPCG(11)
	for i := range 5000 {
		c := randomCharacter(r)
		if err := c.Validate(); err != nil {
			t.Fatalf("case %d: generator made an invalid character: %v", i, err)
		}
		before, _ := json.Marshal(c)
		res := r.Roll(12)
		d, err := ApplyDamage(c, res, 3, r)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		after, _ := json.Marshal(c)
		if string(before) != string(after) {
			t.Fatalf("case %d: input changed", i)
		}
		if err := d.Target.Validate(); err != nil {
			t.Fatalf("case %d: result invalid: %v", i, err)
		}
		if c.Status.Dead {
			if !reflect.DeepEqual(d.Target, c) || d.Outcome != OutcomeNone {
				t.Fatalf("case %d: a dead target changed", i)
			}
			continue
		}
		if d.Dealt != max(0, res-c.ArmourValue()) {
			t.Fatalf("case %d: dealt %d from %d against armour %d", i, d.Dealt, res, c.ArmourValue())
		}
		hpLost, strLost := c.HP-d.Target.HP, c.Attr.STR-d.Target.Attr.STR
		if d.Target.HP < 0 || strLost < 0 || hpLost+strLost != d.Dealt || strLost != d.Overflow {
			t.Fatalf("case %d: dealt %d, HP %d→%d, STR %d→%d", i, d.Dealt, c.HP, d.Target.HP, c.Attr.STR, d.Target.Attr.STR)
		}
		_, saved := d.Trace.Find(KeySTRSave)
		if saved != (strLost > 0 && d.Target.Attr.STR > 0) {
			t.Fatalf("case %d: STR save rolled %v after losing %d STR to %d", i, saved, strLost, d.Target.Attr.STR)
		}
		if (d.Outcome == OutcomeDead) != d.Target.Status.Dead {
			t.Fatalf("case %d: outcome %s, dead %v", i, d.Outcome, d.Target.Status.Dead)
		}
		for _, s := range d.Trace {
			if _, ok := glossary().Terms[s.Key]; s.Rule == "" || !ok {
				t.Fatalf("case %d: step without a rule or a glossary entry: %v", i, s)
			}
		}
	}
}

// TestKeepHighestProperty checks CA-DMG-7 and CA-DUAL-1: the result is the
// single highest face rolled, never a sum.
func TestKeepHighestProperty(t *testing.T) {
	r := dice.NewPCG(3)
	for i := range 2000 {
		var entries []Entry
		for range r.Roll(4) {
			entries = append(entries, Entry{Dice: randomDice(r, r.Roll(2))})
		}
		rec := &dice.Recorder{Source: r}
		got, _ := RollEntries(entries, rec)
		best := 0
		for _, th := range rec.Tape {
			best = max(best, th.Face)
		}
		if got != best {
			t.Fatalf("case %d: result %d, highest face %d in %v", i, got, best, rec.Tape)
		}
	}
}

// TestSelectDiceProperties checks CA-MOD-4 and CA-AMB-5 over every
// combination of flags: the dice are always the weapon's, all d4 or all
// d12, as many as the weapons unless the single-die option applies, and the
// attack's own dice are never changed.
func TestSelectDiceProperties(t *testing.T) {
	hero, det := pc(5, 0, 10), foe(5, 0, 10)
	det.Kind = Detachment
	for mask := range 1 << 7 {
		bit := func(i int) bool { return mask&(1<<i) != 0 }
		a := Attack{Dice: []Die{D8, D6}[:map[bool]int{false: 1, true: 2}[bit(0)]], Impaired: bit(1), Enhanced: bit(2), Blast: bit(3), BeyondRange: bit(4)}
		attacker, target := hero, hero
		if bit(5) {
			target = det
		}
		orig := append([]Die(nil), a.Dice...)
		got, _, tr := SelectDice(a, attacker, target, Options{SingleDieWhenModified: bit(6)})
		if !reflect.DeepEqual(a.Dice, orig) {
			t.Fatalf("mask %b: input dice changed", mask)
		}
		same := reflect.DeepEqual(got, orig)
		allOf := func(d Die) bool {
			for _, g := range got {
				if g != d {
					return false
				}
			}
			return true
		}
		if !same && !allOf(D4) && !allOf(D12) {
			t.Fatalf("mask %b: dice %v", mask, got)
		}
		if !same && len(got) != len(orig) && !(bit(6) && len(got) == 1) {
			t.Fatalf("mask %b: %d dice from %d weapons", mask, len(got), len(orig))
		}
		for _, s := range tr {
			if _, ok := glossary().Terms[s.Key]; !ok {
				t.Fatalf("mask %b: trace key %q has no glossary entry", mask, s.Key)
			}
		}
	}
}

// TestGlossaryComplete checks every trace key the package emits has a
// Kazakh term, an English label and an explanation.
func TestGlossaryComplete(t *testing.T) {
	keys := []string{KeyArmour, KeyDamage, KeyDamageRoll, KeyDie, KeyHighest, KeyHP, KeyOverflow, KeySTR,
		KeyNoEffect, KeyNoSave, KeySTRSave, KeyDEXSave, KeyWILSave, KeySavePass, KeySaveFail, KeyDead,
		KeyCritical, KeyDying, KeyRoutOrWeaken, KeyWeakened, KeyUnarmed, KeyDual, KeyImpaired, KeyEnhanced,
		KeyCancel, KeyBlast, KeyTargets, KeyInitiative, KeyActs, KeyLosesTurn, KeyActsFirst, KeyActsAfter, KeyRetreat, KeyNoSafePlace,
		KeyStays, KeyFirstLoss, KeyHalfLost, KeyLoneFoe, KeyLeader, KeyFlees, KeyAid, KeyStabilized,
		KeyAttrLoss, KeyParalysed, KeyDelirious, KeyDEX, KeyWIL}
	if len(keys) != len(glossary().Terms) {
		t.Errorf("%d keys, %d glossary entries", len(keys), len(glossary().Terms))
	}
	// A direct loss names the attribute it lowers (CA-ATTR-1).
	for _, a := range []Attr{STR, DEX, WIL} {
		care, err := LoseAttribute(named("x", foe(4, 0, 10)), a, 1)
		if err != nil {
			t.Fatal(err)
		}
		if q := care.Trace[0].Quantity; q == "" || glossary().Terms[q].Native == "" {
			t.Errorf("a loss of %s names %q, which has no term", a, q)
		}
	}
	for _, k := range keys {
		g, ok := glossary().Terms[k]
		if !ok || g.Native == "" || g.English == "" || g.Explain == "" {
			t.Errorf("key %q: glossary entry %+v", k, g)
		}
	}
}
