package encounter

import (
	"bytes"
	"encoding/json"
	"reflect"
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
		likeMarshal(t, "marshalRound", marshalRound, r)
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
		likeMarshal(t, "marshalLasting", marshalLasting, st)
	}
}

// likeMarshal checks that the writer called name gives json.Marshal's
// bytes for v.
func likeMarshal[T any](t *testing.T, name string, write func(T) json.RawMessage, v T) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if got := write(v); !bytes.Equal(got, want) {
		t.Errorf("%s(%+v) = %s, json.Marshal gives %s", name, v, got, want)
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
		likeMarshal(t, "marshalRound", marshalRound, r)
		v := int(n)
		st := lasting{EngagedBy: keys, Departed: departed, MovedRound: w, ChargeRounds: s}
		if n >= 0 {
			st.ForceArmour = &v
		}
		if n%2 == 0 {
			st.LifeKeyUses = &v
		}
		likeMarshal(t, "marshalLasting", marshalLasting, st)
	})
}

// TestStateJSONEveryField fills every field of both states, embedded ones
// included, by reflection and checks the writers against json.Marshal, so
// a field added to either state and forgotten by its writer fails here.
func TestStateJSONEveryField(t *testing.T) {
	var r roundState
	if n := fill(t, reflect.ValueOf(&r).Elem()); n < 6 {
		t.Fatalf("filled %d fields of roundState", n)
	}
	likeMarshal(t, "marshalRound", marshalRound, r)
	var st lasting
	if n := fill(t, reflect.ValueOf(&st).Elem()); n < 6 {
		t.Fatalf("filled %d fields of lasting", n)
	}
	likeMarshal(t, "marshalLasting", marshalLasting, st)
}

// fill sets every field of the struct v to a value json.Marshal writes,
// and returns how many it set.
func fill(t *testing.T, v reflect.Value) int {
	t.Helper()
	n := 0
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Struct:
			n += fill(t, f)
			continue
		case reflect.Int:
			f.SetInt(int64(i + 2))
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"a-1", "b_2"}))
		case reflect.Pointer:
			p := reflect.New(f.Type().Elem())
			p.Elem().SetInt(int64(i + 5))
			f.Set(p)
		default:
			t.Fatalf("%s: a field of kind %s the test cannot fill", v.Type().Field(i).Name, f.Kind())
		}
		n++
	}
	return n
}
