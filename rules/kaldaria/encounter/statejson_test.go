package encounter

import (
	"bytes"
	"encoding/json"
	"testing"

	"battlemat/rules/kaldaria"
)

// TestStateJSON checks that the writers of the per-round and lasting
// states give json.Marshal's bytes: every field set and unset, a pointer
// to 0 kept, and keys JSON must escape (which take json.Marshal's way).
func TestStateJSON(t *testing.T) {
	zero, three := 0, 3
	rounds := []roundState{
		{},
		{RoundState: kaldaria.RoundState{WeaponParries: 1}},
		{RoundState: kaldaria.RoundState{WeaponParries: 2, ShieldParries: 1, AuraParries: 3, DodgeHits: -1, OAsMade: []string{"urchin-1", "A_b"}}, Struck: []string{"guard"}},
		{Struck: []string{"knight", "urchin-2"}},
		{RoundState: kaldaria.RoundState{OAsMade: []string{"<tag>"}}},
		{Struck: []string{`q"uote`, "é"}},
		{RoundState: kaldaria.RoundState{OAsMade: []string{}}, Struck: []string{}},
	}
	for _, r := range rounds {
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshalRound(r); !bytes.Equal(got, want) {
			t.Errorf("marshalRound(%+v) = %s, json.Marshal gives %s", r, got, want)
		}
	}
	states := []lasting{
		{},
		{EngagedBy: []string{"urchin-1"}},
		{ForceArmour: &zero},
		{ForceArmour: &three, LifeKeyUses: &zero, Departed: true},
		{EngagedBy: []string{"a", "b-2", "C_3"}, LifeKeyUses: &three, MovedRound: 4, ChargeRounds: 2},
		{MovedRound: 1},
		{ChargeRounds: -2, Departed: true},
		{EngagedBy: []string{"a&b"}, MovedRound: 2},
		{EngagedBy: []string{}},
	}
	for _, st := range states {
		want, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshalLasting(st); !bytes.Equal(got, want) {
			t.Errorf("marshalLasting(%+v) = %s, json.Marshal gives %s", st, got, want)
		}
	}
}

// FuzzStateJSON checks the writers against json.Marshal on any values.
func FuzzStateJSON(f *testing.F) {
	f.Add(1, 0, 2, 0, "urchin-1", "guard", true, int8(3))
	f.Add(0, 0, 0, 0, "", "", false, int8(-1))
	f.Add(-5, 7, 0, 9, "<x>", "é", true, int8(0))
	f.Fuzz(func(t *testing.T, w, s, a, d int, k1, k2 string, departed bool, n int8) {
		var keys []string
		for _, k := range []string{k1, k2} {
			if k != "" {
				keys = append(keys, k)
			}
		}
		r := roundState{RoundState: kaldaria.RoundState{WeaponParries: w, ShieldParries: s, AuraParries: a, DodgeHits: d, OAsMade: keys}, Struck: keys[min(1, len(keys)):]}
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshalRound(r); !bytes.Equal(got, want) {
			t.Fatalf("marshalRound(%+v) = %s, json.Marshal gives %s", r, got, want)
		}
		v := int(n)
		st := lasting{EngagedBy: keys, Departed: departed, MovedRound: w, ChargeRounds: s}
		if n >= 0 {
			st.ForceArmour = &v
		}
		if n%2 == 0 {
			st.LifeKeyUses = &v
		}
		want, err = json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshalLasting(st); !bytes.Equal(got, want) {
			t.Fatalf("marshalLasting(%+v) = %s, json.Marshal gives %s", st, got, want)
		}
	})
}
