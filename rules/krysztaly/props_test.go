package krysztaly

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// generator builds varied, valid attacks from a seeded roller, for
// property tests.
type generator struct{ r *dice.PCG }

func newGenerator(seed uint64) generator { return generator{dice.NewPCG(seed)} }

// n returns an integer in lo..hi.
func (g generator) n(lo, hi int) int { return lo + g.r.Roll(hi-lo+1) - 1 }

func (g generator) flag() bool { return g.r.Roll(4) == 1 }

func (g generator) profile() Profile {
	p := SampleWarrior()
	if g.flag() {
		p = SampleOrc()
	}
	p.SF, p.ZR, p.Vitality = g.n(0, 200), g.n(0, 120), g.n(-10, 300)
	p.Proficiencies = []Proficiency{{Group: "swords", Base: g.n(-20, 300), Tier: Tier(g.n(0, 5))}}
	p.Infravision = g.flag()
	p.Conditions = Conditions{Surprised: g.flag(), Immobilised: g.flag(), Prone: g.flag(), Helpless: g.flag(), Blind: g.flag()}
	if g.flag() {
		p.ShieldBearer = true
		sh := ShieldA()
		p.Shield = &sh
		p.Conditions.ShieldCover = g.flag()
	}
	for _, q := range []string{QtyTR, QtyOBR, QtyMagic, QtyProtective, QtyDamage} {
		if g.flag() {
			p.Mods = append(p.Mods, combat.Modifier{Rule: "KC-SIT-7", Key: "gen", Quantity: q, Value: g.n(-40, 40)})
		}
	}
	return p
}

func (g generator) attack() (a, d Profile, s Situation) {
	a, d = g.profile(), g.profile()
	s = Situation{Attackers: g.n(0, 6), FromBehind: g.flag(), Height: g.flag(), Ranged: g.flag(),
		AttackerTwilight: g.flag(), DefenderTwilight: g.flag(), ShieldAttackRound: g.flag()}
	switch {
	case d.Conditions.Helpless && g.flag():
		s.Kind = AutoStrike
	case a.ShieldBearer && g.flag():
		s.Kind = AttackKind(g.n(int(ShieldStrike), int(ShieldCombined)))
	default:
		s.Type = []DamageType{AnyType, Piercing, Slashing}[g.n(0, 2)]
	}
	return a, d, s
}

// TestResolveDoesNotMutate checks that Resolve and Odds leave their inputs
// exactly as they were, over many generated attacks.
func TestResolveDoesNotMutate(t *testing.T) {
	gen := newGenerator(11)
	r := dice.NewPCG(12)
	for i := range 500 {
		a, d, s := gen.attack()
		before := encode(t, a, d, s)
		if _, err := Resolve(a, d, s, r); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if _, err := Odds(a, d, s); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if after := encode(t, a, d, s); !bytes.Equal(before, after) {
			t.Fatalf("case %d: inputs changed\nbefore %s\nafter  %s", i, before, after)
		}
	}
}

// TestResolveReplays checks that a recorded attack replays from its dice
// tape to the same result, with one trace roll step per die.
func TestResolveReplays(t *testing.T) {
	gen := newGenerator(21)
	for i := range 300 {
		a, d, s := gen.attack()
		rec := &dice.Recorder{Source: dice.NewPCG(uint64(i))}
		live, err := Resolve(a, d, s, rec)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Resolve(a, d, s, dice.FromTape(rec.Tape))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(encode(t, live), encode(t, again)) {
			t.Fatalf("case %d: replay differs", i)
		}
		rolls := 0
		for _, st := range live.Trace {
			if st.Kind == combat.StepRoll {
				rolls++
			}
		}
		if rolls != len(rec.Tape) {
			t.Fatalf("case %d: %d dice rolled, %d in the trace", i, len(rec.Tape), rolls)
		}
	}
}

func encode(t *testing.T, vs ...any) []byte {
	t.Helper()
	b, err := json.Marshal(vs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTraceCitesRules checks that every trace step cites a rule and that
// every key the package writes has a Polish term in its glossary.
func TestTraceCitesRules(t *testing.T) {
	gen := newGenerator(31)
	r := dice.NewPCG(32)
	for range 500 {
		a, d, s := gen.attack()
		res, err := Resolve(a, d, s, r)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range res.Trace {
			if st.Rule == "" {
				t.Fatalf("step without a rule: %v", st)
			}
			if _, ok := glossary().Terms[st.Key]; !ok && st.Key != "gen" {
				t.Fatalf("key %q has no glossary term", st.Key)
			}
		}
	}
}

// TestGlossaryComplete checks that every Key constant of terms.go has a
// term with a Polish name, an English label and an explanation, and that the glossary holds
// nothing else.
func TestGlossaryComplete(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "terms.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || !strings.HasPrefix(vs.Names[0].Name, "Key") {
			return true
		}
		v, err := strconv.Unquote(vs.Values[0].(*ast.BasicLit).Value)
		if err != nil {
			t.Fatal(err)
		}
		keys[v] = true
		return true
	})
	for k := range keys {
		if term := glossary().Terms[k]; term.Native == "" || term.English == "" || term.Explain == "" {
			t.Errorf("key %q: glossary entry %+v", k, term)
		}
	}
	for k := range glossary().Terms {
		if !keys[k] {
			t.Errorf("glossary entry %q is not a trace key", k)
		}
	}
}

// TestSamplesValid checks that the sample combatants are valid, flagged
// illustrative, and fight each other.
func TestSamplesValid(t *testing.T) {
	for _, p := range []Profile{SampleOrc(), SampleWarrior()} {
		if err := p.Validate(); err != nil || !p.Illustrative {
			t.Errorf("%s: %v, illustrative %v", p.Name, err, p.Illustrative)
		}
	}
	for _, w := range []Weapon{TypicalSword(), Dagger(), Mace(), BastardSword(), TwoHandedAxe(), Fist()} {
		if err := w.Validate(); err != nil || !w.Illustrative {
			t.Errorf("%s: %v", w.Name, err)
		}
	}
	for _, a := range []Armour{LeatherArmour(), Mail(), Plate()} {
		if err := a.Validate(); err != nil {
			t.Errorf("%s: %v", a.Name, err)
		}
	}
	o, err := Odds(SampleOrc(), SampleWarrior(), Situation{})
	if err != nil {
		t.Fatal(err)
	}
	// Warrior OBR: mail 20 + shield 25 + sword 20 + Z 5 = 70; orc TR 150.
	if o.OBR != 70 || o.RTR != 80 {
		t.Errorf("orc vs warrior: OBR %d RTR %d, want 70 and 80", o.OBR, o.RTR)
	}
}

// FuzzDecodeProfile checks the profile decoder: no panic on any input; a
// decoded profile is valid, re-encodes to a fixed point, and can be used in
// an attack without panicking.
func FuzzDecodeProfile(f *testing.F) {
	for _, p := range []Profile{SampleOrc(), SampleWarrior(), d1()} {
		b, _ := json.Marshal(p)
		f.Add(b)
	}
	f.Add([]byte(`{"name":"x","professions":["mage","mage"]}`))
	f.Add([]byte(`{"weapons":[{"group":"g","category":"2H","effectiveness":{"slashing":5}}],"shield":{"defence":1}}`))
	f.Add([]byte(`{"sf":1e9}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := DecodeProfile(raw)
		if err != nil {
			if _, ok := err.(*combat.RuleError); !ok {
				t.Fatalf("error %T is not a *combat.RuleError: %v", err, err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("decoded profile invalid: %v", err)
		}
		b1, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := DecodeProfile(b1)
		if err != nil {
			t.Fatalf("re-decode: %v\n%s", err, b1)
		}
		if b2, _ := json.Marshal(q); !bytes.Equal(b1, b2) {
			t.Fatalf("not a fixed point:\n%s\n%s", b1, b2)
		}
		for _, s := range []Situation{{}, {Kind: ShieldCombined}, {Kind: AutoStrike}} {
			_, _ = Odds(p, SampleWarrior(), s)
			_, _ = Odds(SampleOrc(), p, s)
		}
	})
}

// BenchmarkResolve measures one attack of the sample orc on the sample
// warrior, validation and trace included.
func BenchmarkResolve(b *testing.B) {
	a, d := SampleOrc(), SampleWarrior()
	r := dice.NewPCG(1)
	for b.Loop() {
		if _, err := Resolve(a, d, Situation{Attackers: 2}, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOdds measures the exact odds of the same attack.
func BenchmarkOdds(b *testing.B) {
	a, d := SampleOrc(), SampleWarrior()
	for b.Loop() {
		if _, err := Odds(a, d, Situation{Attackers: 2}); err != nil {
			b.Fatal(err)
		}
	}
}
