package cairn

import (
	"testing"

	"battlemat/rules/dice/dicetest"
)

// TestAidVector covers CA-TV-28 (CA-AID-1..4, CA-AMB-9, CA-AMB-10).
func TestAidVector(t *testing.T) {
	t.Run("CA-TV-28", func(t *testing.T) {
		t.Log("errata: CA-ERR-3: the source does not say who dies within the hour; only the critically damaged do")
		var hit Damage
		attempt(t, func() (err error) { hit, err = ApplyDamage(pc(0, 0, 10), 4, 5, dicetest.Script(t, 15)); return err })
		if hit.Outcome != OutcomeCritical || hit.Target.Status.DyingDeadline != 365 {
			t.Fatalf("round-5 critical damage: outcome %s deadline %d; want critical, 365", hit.Outcome, hit.Target.Status.DyingDeadline)
		}
		if got := AdvanceDying(hit.Target, 7); got.Character.Status.Dead {
			t.Fatal("died long before the deadline")
		}
		care, err := ResolveAid(pc(6, 1, 12), hit.Target, true)
		if err != nil {
			t.Fatal(err)
		}
		w := care.Character
		if !w.Status.Stabilized || w.Status.DyingDeadline != 0 || !w.Status.Critical || w.Attr.STR != 6 || w.CanAct() {
			t.Errorf("after aid %+v STR %d; want stabilized, no countdown, still critical at STR 6", w.Status, w.Attr.STR)
		}
		if _, ok := care.Trace.Find(KeyDEXSave); ok {
			t.Error("aid rolled a save")
		}
		if got := AdvanceDying(w, 400); got.Character.Status.Dead {
			t.Error("a stabilized character died at the old deadline")
		}
	})
	t.Run("CA-AID-2 unaided", func(t *testing.T) {
		c := pc(0, 0, 6)
		c.Max.STR, c.Status.Critical, c.Status.DyingDeadline = 10, true, 365
		if AdvanceDying(c, 364).Character.Status.Dead {
			t.Error("dead before the deadline round ended")
		}
		if got := AdvanceDying(c, 365); !got.Character.Status.Dead || !containsRule(got.Trace, "CA-CRIT-7") {
			t.Errorf("alive after the deadline: %+v %v", got.Character.Status, got.Trace)
		}
	})
}

func TestAidRejects(t *testing.T) {
	dying := pc(0, 0, 6)
	dying.Max.STR, dying.Status.Critical, dying.Status.DyingDeadline = 10, true, 365
	down := pc(6, 1, 12)
	down.Status.Critical = true
	tests := []struct {
		name            string
		helper, wounded Character
		adjacent        bool
	}{
		{"CA-AID-3 not adjacent", pc(6, 1, 12), dying, false},
		{"CA-ACT-2 helper critical", down, dying, true},
		{"CA-AID-1 not dying", pc(6, 1, 12), pc(6, 1, 12), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ResolveAid(tc.helper, tc.wounded, tc.adjacent); err == nil {
				t.Error("accepted")
			}
		})
	}
}

// TestRetreat covers CA-RETREAT-1 and CA-AMB-11.
func TestRetreat(t *testing.T) {
	tests := []struct {
		name    string
		safe    bool
		faces   []int
		escaped bool
		key     string
	}{
		{"CA-RETREAT-1 pass", true, []int{13}, true, KeyRetreat},
		{"CA-AMB-11 fail", true, []int{14}, false, KeyStays},
		{"CA-RETREAT-1 nowhere safe", false, nil, false, KeyNoSafePlace},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := pc(6, 1, 12)
			c.Attr.DEX, c.Max.DEX = 13, 13
			var got Care
			attempt(t, func() (err error) { got, err = ResolveRetreat(c, tc.safe, dicetest.Script(t, tc.faces...)); return err })
			if got.Character.Status.Escaped != tc.escaped {
				t.Errorf("escaped %v; want %v", got.Character.Status.Escaped, tc.escaped)
			}
			if _, ok := got.Trace.Find(tc.key); !ok {
				t.Errorf("trace lacks %q: %v", tc.key, got.Trace)
			}
		})
	}
}

// TestAttributeLossVector covers CA-TV-29 (CA-ATTR-1, CA-ATTR-2, CA-AMB-14).
func TestAttributeLossVector(t *testing.T) {
	const loss = "CA-ERR-4: the source files attribute loss under damage outside combat, yet its zero thresholds matter in combat too; allowed at any time (CA-AMB-14)"
	base := pc(6, 1, 12)
	base.Attr = Attributes{STR: 1, DEX: 3, WIL: 2}
	tests := []struct {
		id                         string
		attr                       Attr
		amount                     int
		dead, paralysed, delirious bool
		key                        string
		errata                     string
	}{
		{"CA-TV-29/dex", DEX, 3, false, true, false, KeyParalysed, loss},
		{"CA-TV-29/wil", WIL, 2, false, false, true, KeyDelirious, loss},
		{"CA-TV-29/str", STR, 1, true, false, false, KeyDead, loss},
		{"CA-ATTR-1/partial", STR, 0, false, false, false, KeyAttrLoss, ""},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			if tc.errata != "" {
				t.Log("errata:", tc.errata)
			}
			got, err := LoseAttribute(base, tc.attr, tc.amount)
			if err != nil {
				t.Fatal(err)
			}
			c := got.Character
			if c.Status.Dead != tc.dead || c.Paralysed() != tc.paralysed || c.Delirious() != tc.delirious || c.CanAct() == (tc.dead || tc.paralysed || tc.delirious) {
				t.Errorf("status %+v attrs %+v; want dead %v paralysed %v delirious %v", c.Status, c.Attr, tc.dead, tc.paralysed, tc.delirious)
			}
			if _, ok := got.Trace.Find(tc.key); !ok {
				t.Errorf("trace lacks %q: %v", tc.key, got.Trace)
			}
			if _, ok := got.Trace.Find(KeySTRSave); ok {
				t.Error("direct loss called for a STR save")
			}
			if c.HP != base.HP {
				t.Error("direct loss touched HP")
			}
		})
	}
}

// TestBlastCountVector covers CA-TV-19 (CA-BLAST-2).
func TestBlastCountVector(t *testing.T) {
	t.Run("CA-TV-19", func(t *testing.T) {
		var n int
		attempt(t, func() (err error) { n, _, err = ResolveBlastCount(D6, dicetest.Script(t, 4)); return err })
		if n != 4 {
			t.Errorf("%d targets; want 4", n)
		}
	})
}

// TestSettleDetachment covers CA-DET-2 and CA-AMB-13: a broken detachment
// routs or fights on weakened, and a weakened one no longer rolls d12.
func TestSettleDetachment(t *testing.T) {
	det := named("guards", foe(0, 1, 5))
	det.Kind, det.Status.Critical = Detachment, true
	rout, err := SettleDetachment(det, Rout)
	if err != nil || !rout.Character.Status.Fleeing {
		t.Errorf("rout: %+v %v", rout.Character.Status, err)
	}
	weak, err := SettleDetachment(det, Weaken)
	if err != nil || !weak.Character.Status.Weakened || !weak.Character.CanAct() {
		t.Fatalf("weaken: %+v %v", weak.Character.Status, err)
	}
	if ds, _, _ := SelectDice(Attack{Dice: []Die{D6}}, weak.Character, pc(5, 0, 10), Options{}); ds[0] != D6 {
		t.Errorf("weakened detachment rolls d%d; want its own d6", ds[0])
	}
	if _, err := SettleDetachment(pc(5, 0, 10), Rout); err == nil {
		t.Error("settled a PC as a detachment")
	}
}

// TestResolveSave checks a GM-called save uses the attribute asked for
// (CA-ACT-3, CA-GEN-3).
func TestResolveSave(t *testing.T) {
	c := pc(5, 0, 12)
	c.Attr.WIL = 7
	for _, tc := range []struct {
		attr Attr
		face int
		ok   bool
	}{{STR, 12, true}, {STR, 13, false}, {WIL, 7, true}, {WIL, 8, false}} {
		var ok bool
		attempt(t, func() (err error) { ok, _, err = ResolveSave(c, tc.attr, dicetest.Script(t, tc.face)); return err })
		if ok != tc.ok {
			t.Errorf("%s save, d20 %d: %v; want %v", tc.attr, tc.face, ok, tc.ok)
		}
	}
}
