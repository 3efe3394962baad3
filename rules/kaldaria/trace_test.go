package kaldaria

import (
	"encoding/json"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// TestTraceShared checks that an attack's typed trace says what the
// shared one does: the same steps, rule IDs, keys and quantities, and the
// same JSON, for attacks of every outcome (V-10's knight on an armoured,
// parrying swordsman, with the dice of fixed seeds).
func TestTraceShared(t *testing.T) {
	att, def := knight(), swordsman()
	outcomes := map[Outcome]bool{}
	for seed := range uint64(60) {
		res, err := Resolve(att, def, RoundState{}, Attack{Maneuver: WildBlow}, dice.NewPCG(seed))
		if err != nil {
			t.Fatal(err)
		}
		outcomes[res.Outcome] = true
		shared := res.Trace.AppendTo(nil)
		if len(shared) != len(res.Trace) {
			t.Fatalf("seed %d: %d shared steps for %d", seed, len(shared), len(res.Trace))
		}
		for i, s := range res.Trace {
			want := shared[i]
			if want.Rule == "" || want.Key == "unknown" || want.Quantity == "unknown" {
				t.Errorf("seed %d: step %d without a name: %v", seed, i, want)
			}
			if got, ok := res.Trace.Find(s.Key); !ok || got.Key != s.Key {
				t.Errorf("seed %d: Find(%v) = %v, %v", seed, s.Key, got, ok)
			}
			if s.String() != want.String() {
				t.Errorf("seed %d: step %d reads %q, shared %q", seed, i, s, want)
			}
		}
		typed, err := json.Marshal(res.Trace)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := json.Marshal(shared)
		if err != nil {
			t.Fatal(err)
		}
		if string(typed) != string(plain) {
			t.Errorf("seed %d: JSON\n%s\nwant\n%s", seed, typed, plain)
		}
		var back Trace
		if err := json.Unmarshal(typed, &back); err != nil || !slices.Equal(back, res.Trace) {
			t.Errorf("seed %d: decoded %v, %v; want %v", seed, back, err, res.Trace)
		}
		var lead combat.Trace
		if got := res.Trace.AppendTo(append(lead, combat.Step{Key: "lead"})); len(got) != 1+len(shared) || !slices.Equal(got[1:], shared) {
			t.Errorf("seed %d: AppendTo gave %v", seed, got)
		}
	}
	for _, o := range []Outcome{Missed, Parried, Hit} {
		if !outcomes[o] {
			t.Errorf("no attack ended %v: the seeds no longer cover it", o)
		}
	}
}

// TestTraceNames checks that every key, rule and quantity has a name of
// its own, which its JSON decodes back to, and that other names are
// refused.
func TestTraceNames(t *testing.T) {
	seen := map[string]bool{}
	for k := range Key(len(keyNames)) {
		name := k.String()
		if name == "" || name == "unknown" || seen[name] {
			t.Errorf("key %d is named %q", k, name)
		}
		seen[name] = true
		var back Key
		if err := back.UnmarshalText([]byte(name)); err != nil || back != k {
			t.Errorf("key %q decodes to %v, %v", name, back, err)
		}
	}
	ids := map[combat.RuleID]bool{}
	for r := range Rule(len(ruleIDs)) {
		id := r.ID()
		if id == "" || ids[id] {
			t.Errorf("rule %d is %q", r, id)
		}
		ids[id] = true
		var back Rule
		if err := back.UnmarshalText([]byte(id)); err != nil || back != r {
			t.Errorf("rule %q decodes to %v, %v", id, back, err)
		}
	}
	for q := range Quantity(len(quantityNames)) {
		var back Quantity
		if err := back.UnmarshalText([]byte(q.String())); err != nil || back != q {
			t.Errorf("quantity %q decodes to %v, %v", q, back, err)
		}
	}
	var k Key
	var r Rule
	var q Quantity
	for _, bad := range []string{"", "Need", "K-HIT-99", "unknown"} {
		if k.UnmarshalText([]byte(bad)) == nil {
			t.Errorf("key %q accepted", bad)
		}
		if r.UnmarshalText([]byte(bad)) == nil {
			t.Errorf("rule %q accepted", bad)
		}
		if q.UnmarshalText([]byte(bad)) == nil && bad != "" {
			t.Errorf("quantity %q accepted", bad)
		}
	}
	if Key(255).String() != "unknown" || Rule(255).ID() != "" {
		t.Error("a number past the vocabulary has a name")
	}
}

// FuzzTraceJSON decodes arbitrary JSON as a trace: no panic, and what
// decodes encodes to JSON that decodes to the same trace.
func FuzzTraceJSON(f *testing.F) {
	res, err := Resolve(knight(), swordsman(), RoundState{}, Attack{Maneuver: WildBlow}, dice.NewPCG(3))
	if err != nil {
		f.Fatal(err)
	}
	seed, err := json.Marshal(res.Trace)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(`[{"rule":"K-HIT-4","kind":1,"key":"attack","sides":20,"face":7,"value":7}]`))
	f.Add([]byte(`[{"rule":"K-HIT-0","key":"nope","qty":"x"}]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var tr Trace
		if json.Unmarshal(b, &tr) != nil {
			return
		}
		out, err := json.Marshal(tr)
		if err != nil {
			t.Fatalf("%v encodes with %v", tr, err)
		}
		var back Trace
		if err := json.Unmarshal(out, &back); err != nil || !slices.Equal(back, tr) {
			t.Fatalf("%s decodes to %v, %v; want %v", out, back, err, tr)
		}
	})
}
