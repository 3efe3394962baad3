package forecast

import (
	"errors"
	"flag"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// TestWilson checks the interval against values published for the Wilson
// score interval (Newcombe 1998, table I: 0/10, 1/29, 81/263, 15/148).
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{1, 29, 0.0061, 0.1718},
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
	} {
		iv := Wilson(tc.k, tc.n)
		if math.Abs(iv.Lo-tc.lo) > 6e-5 || math.Abs(iv.Hi-tc.hi) > 6e-5 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, iv.Lo, iv.Hi, tc.lo, tc.hi)
		}
	}
	if iv := Wilson(0, 0); iv.Lo != 0 || iv.Hi != 1 {
		t.Errorf("Wilson(0, 0) = %+v, want the whole range", iv)
	}
}

func TestSettingsValidate(t *testing.T) {
	for name, s := range map[string]Settings{
		"negative fights": {Fights: -1},
		"too many fights": {Fights: MaxFights + 1},
		"round cap":       {RoundCap: MaxRoundCap + 1},
		"unknown policy":  {Policies: map[string]string{"city": "reckless"}},
		"empty side":      {Policies: map[string]string{"": "cautious"}},
	} {
		if err := s.Validate(); err == nil {
			t.Errorf("%s: %+v accepted", name, s)
		}
	}
	if err := (Settings{Fights: 10, Policies: map[string]string{"city": "cautious"}}).Validate(); err != nil {
		t.Errorf("valid settings refused: %v", err)
	}
}

func TestNewRefuses(t *testing.T) {
	enc := sample(t, "kc-orc")
	one := enc.Clone()
	one.Combatants = one.Combatants[:1]
	if _, err := New(rulesets.Registry(), one, Settings{}); err == nil {
		t.Error("a one-sided encounter was accepted")
	}
	ended := enc.Clone()
	ended.Phase = combat.PhaseEnded
	if _, err := New(rulesets.Registry(), ended, Settings{}); err == nil {
		t.Error("an ended encounter was accepted")
	}
}

// TestReproducible: the same encounter, seed, policies and fights give
// the same forecast however the work is sliced (whole fights or a few
// commands at a time); another seed does not.
func TestReproducible(t *testing.T) {
	run := func(seed uint64, slice int) Result {
		enc := sample(t, "dnd5e-goblin-ambush")
		f, err := New(rulesets.Registry(), enc, Settings{Fights: 60, Seed: seed, Policies: map[string]string{"party": "cautious"}})
		if err != nil {
			t.Fatal(err)
		}
		for !f.Done() {
			if _, err := f.Step(slice); err != nil {
				t.Fatal(err)
			}
		}
		return f.Result()
	}
	a, b := run(5, 1<<20), run(5, 7)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same settings, different forecasts:\n%+v\n%+v", a, b)
	}
	if c := run(6, 1<<20); reflect.DeepEqual(a, c) {
		t.Error("another seed gave the very same forecast")
	}
}

// TestInPlaceSameForecast: fights played in place (combat.ApplyOwned,
// after each fight's first command) forecast exactly what fights played
// on a copy per command (combat.Apply) do, for every sample and policy.
func TestInPlaceSameForecast(t *testing.T) {
	for _, s := range rulesets.Samples() {
		for _, policy := range Names() {
			run := func(copying bool) Result {
				enc := sample(t, s.ID)
				pols := map[string]string{}
				for _, c := range enc.Combatants {
					pols[c.Side] = policy
				}
				f, err := New(rulesets.Registry(), enc, Settings{Fights: 40, Seed: 3, Policies: pols})
				if err != nil {
					t.Fatal(err)
				}
				f.copying = copying
				if _, err := f.Run(40); err != nil {
					t.Fatal(err)
				}
				return f.Result()
			}
			if inPlace, copied := run(false), run(true); !reflect.DeepEqual(inPlace, copied) {
				t.Errorf("%s, %s: in place\n%+v\non copies\n%+v", s.ID, policy, inPlace, copied)
			}
		}
	}
}

// TestStopsWhenPrecise: a forecast stops once every side's interval is at
// most a percentage point either way, and Extend plays on.
func TestStopsWhenPrecise(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("thousands of fights: native only")
	}
	f, err := New(rulesets.Registry(), sample(t, "kc-orc"), Settings{Fights: MaxFights, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(MaxFights); err != nil {
		t.Fatal(err)
	}
	r := f.Result()
	if !r.Precise || r.Fights >= MaxFights {
		t.Fatalf("did not stop when precise: %d fights, precise %v", r.Fights, r.Precise)
	}
	for _, s := range r.Sides {
		if s.Win.HalfWidth() > TargetHalfWidth {
			t.Errorf("%s: half-width %.4f", s.Side, s.Win.HalfWidth())
		}
	}
	if r.Fights < 2000 {
		t.Errorf("stopped after only %d fights", r.Fights)
	}
	f.Extend(100)
	if n, err := f.Run(1000); err != nil || n != 100 {
		t.Errorf("Extend(100) then Run played %d (%v)", n, err)
	}
}

// soakFights is how many fights TestEverySampleNoRefusal plays per mix of
// policies (half with each of two seeds); -fights 250 plays 1,000 a sample.
var soakFights = flag.Int("fights", 60, "fights per policy mix in TestEverySampleNoRefusal")

// TestEverySampleNoRefusal plays fights of every sample with every mix of
// policies: no command a policy issues may be refused, every fight ends,
// and two seeds agree within their intervals.
func TestEverySampleNoRefusal(t *testing.T) {
	fights := *soakFights
	switch {
	case runtime.GOOS == "js": // the rules under wasm: a smoke test
		fights = 4
	case testing.Short():
		fights = 20
	}
	for _, s := range rulesets.Samples() {
		enc := sample(t, s.ID)
		sides := sidesOf(enc)
		for mix, names := range [][2]string{{"aggressive", "aggressive"}, {"cautious", "cautious"}, {"aggressive", "cautious"}, {"cautious", "aggressive"}} {
			pol := map[string]string{}
			for i, side := range sides {
				pol[side] = names[i%2]
			}
			var res [2]Result
			for k, seed := range []uint64{uint64(mix), uint64(mix) + 100} {
				f, err := New(rulesets.Registry(), enc, Settings{Fights: fights / 2, Seed: seed, Policies: pol})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := f.Run(fights); err != nil {
					var re *RefusedError
					if errors.As(err, &re) {
						cmd, _ := combat.MarshalCommand(re.Command)
						t.Fatalf("%s %v: fight %d: %s refused: %v", s.ID, names, re.Fight, cmd, re.Err)
					}
					t.Fatalf("%s %v: %v", s.ID, names, err)
				}
				res[k] = f.Result()
			}
			for _, a := range res[0].Sides {
				b, _ := res[1].Side(a.Side)
				if a.Win.Hi < b.Win.Lo || b.Win.Hi < a.Win.Lo {
					t.Errorf("%s %v: side %s: seeds disagree: %+v vs %+v", s.ID, names, a.Side, a.Win, b.Win)
				}
			}
		}
	}
}

// sidesOf lists the sides of an encounter in order of first appearance.
func sidesOf(enc combat.Encounter) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range enc.Combatants {
		if !seen[c.Side] {
			seen[c.Side] = true
			out = append(out, c.Side)
		}
	}
	return out
}

func TestDecodeSettings(t *testing.T) {
	s, err := DecodeSettings([]byte(`{"fights":500,"seed":7,"policies":{"city":"cautious"},"roundCap":12}`))
	if err != nil || s.Fights != 500 || s.Seed != 7 || s.Policies["city"] != "cautious" || s.RoundCap != 12 {
		t.Errorf("DecodeSettings = %+v, %v", s, err)
	}
	if s, err := DecodeSettings(nil); err != nil || s.Fights != 0 {
		t.Errorf("no settings: %+v, %v", s, err)
	}
	// The engine's strict decoder refuses what encoding/json lets by: a
	// repeated key, a key spelled in another case, settings past its size.
	for _, bad := range []string{`{"fights":-1}`, `{"policies":{"city":"reckless"}}`, `{"fights":1,"extra":2}`, `{"fights":1} {}`, `[`,
		`{"fights":1,"fights":2}`, `{"Fights":1}`, `{"policies":{"city":"cautious","city":"cautious"}}`, `{"seed":1` + strings.Repeat(" ", combat.MaxOpaque) + `}`} {
		if _, err := DecodeSettings([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestSettingsEqual: settings that ask for the same forecast are equal,
// whatever the order or absence of their policies; any field that differs
// makes them differ.
func TestSettingsEqual(t *testing.T) {
	base := Settings{Fights: 500, Seed: 7, RoundCap: 12, Policies: map[string]string{"city": "cautious", "urchins": "aggressive"}}
	same := Settings{Fights: 500, Seed: 7, RoundCap: 12, Policies: map[string]string{"urchins": "aggressive", "city": "cautious"}}
	if !base.Equal(same) || !same.Equal(base) {
		t.Error("the same settings are not equal")
	}
	if !(Settings{Fights: 1}).Equal(Settings{Fights: 1, Policies: map[string]string{}}) {
		t.Error("no policies and an empty list of them differ")
	}
	for name, other := range map[string]Settings{
		"fights":   {Fights: 501, Seed: 7, RoundCap: 12, Policies: base.Policies},
		"seed":     {Fights: 500, Seed: 8, RoundCap: 12, Policies: base.Policies},
		"roundCap": {Fights: 500, Seed: 7, RoundCap: 13, Policies: base.Policies},
		"policy":   {Fights: 500, Seed: 7, RoundCap: 12, Policies: map[string]string{"city": "aggressive", "urchins": "aggressive"}},
		"side":     {Fights: 500, Seed: 7, RoundCap: 12, Policies: map[string]string{"city": "cautious"}},
	} {
		if base.Equal(other) || other.Equal(base) {
			t.Errorf("settings with another %s are equal", name)
		}
	}
}
