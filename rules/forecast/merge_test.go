package forecast

import (
	"encoding/json"
	"reflect"
	"runtime"
	"testing"

	"battlemat/rules/rulesets"
)

// shared plays a forecast as several players do: each of players takes
// the next block of fights in turn and plays them (Play) on a Forecaster
// of its own; their outcomes travel as JSON and come back out of order;
// a merging Forecaster counts them in the order of the fights (Merge)
// until it is Done, dropping what was played beyond. more, when not 0,
// asks for that many more fights once it is done, as "Run more" does.
func shared(t *testing.T, id string, set Settings, players, block, more int) *Forecaster {
	t.Helper()
	reg := rulesets.Registry()
	merged, err := New(reg, sample(t, id), set)
	if err != nil {
		t.Fatal(err)
	}
	var ps []*Forecaster
	for range players {
		p, err := New(reg, sample(t, id), set)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	arrived := map[int]json.RawMessage{} // fight → its outcome, as sent
	next := 0
	for pass := 0; ; pass++ {
		for !merged.Done() {
			// One round of blocks, one per player, the last player's first.
			for k := players - 1; k >= 0; k-- {
				from := next + k*block
				for i := from; i < from+block && i < MaxFights; i++ {
					o, err := ps[k].Play(i)
					if err != nil {
						t.Fatal(err)
					}
					if arrived[i], err = json.Marshal(o); err != nil {
						t.Fatal(err)
					}
				}
			}
			next += players * block
			for raw, ok := arrived[merged.Played()]; ok && !merged.Done(); raw, ok = arrived[merged.Played()] {
				var o Outcome
				if err := json.Unmarshal(raw, &o); err != nil {
					t.Fatal(err)
				}
				if err := merged.Merge(o); err != nil {
					t.Fatal(err)
				}
			}
		}
		if pass > 0 || more == 0 {
			return merged
		}
		merged.Extend(more)
	}
}

// TestMergeMatchesRun: a forecast shared out among players and merged in
// the order of the fights is the forecast played in one go, fight for
// fight: the same numbers, the same number of fights, including where a
// precise forecast stops and after "Run more".
func TestMergeMatchesRun(t *testing.T) {
	for _, tc := range []struct {
		id             string
		set            Settings
		players, block int
		more           int
	}{
		{"dnd5e-goblin-ambush", Settings{Fights: 60, Seed: 7, Policies: map[string]string{"party": "cautious"}}, 3, 7, 25},
		{"kal-urchins", Settings{Fights: 50, Seed: 2}, 2, 8, 0},
		{"kal-robin", Settings{Fights: 40, Seed: 4}, 4, 3, 10},
		{"kc-orc", Settings{Fights: MaxFights, Seed: 3}, 3, 64, 100}, // stops when precise, then plays on
	} {
		t.Run(tc.id, func(t *testing.T) {
			if tc.set.Fights == MaxFights && runtime.GOOS == "js" {
				t.Skip("thousands of fights: native only")
			}
			got := shared(t, tc.id, tc.set, tc.players, tc.block, tc.more)
			one, err := New(rulesets.Registry(), sample(t, tc.id), tc.set)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := one.Run(MaxFights); err != nil {
				t.Fatal(err)
			}
			if tc.set.Fights == MaxFights && !one.Result().Precise {
				t.Fatalf("the forecast in one go did not stop when precise: %+v", one.Result())
			}
			if tc.more > 0 {
				one.Extend(tc.more)
				if _, err := one.Run(MaxFights); err != nil {
					t.Fatal(err)
				}
			}
			if got.Played() != one.Played() || !reflect.DeepEqual(got.Result(), one.Result()) {
				t.Errorf("merged after %d fights:\n%+v\nin one go after %d:\n%+v", got.Played(), got.Result(), one.Played(), one.Result())
			}
		})
	}
}

// TestMergeRefuses: an outcome that does not fit the forecast is refused
// and counts nothing, as is one merged after the forecast is done.
func TestMergeRefuses(t *testing.T) {
	f, err := New(rulesets.Registry(), sample(t, "dnd5e-goblin-ambush"), Settings{Fights: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	good, err := f.Play(0)
	if err != nil {
		t.Fatal(err)
	}
	n := len(f.sideOf)
	for _, tc := range []struct {
		name string
		edit func(o *Outcome)
	}{
		{"winner not a side", func(o *Outcome) { o.Winner = len(f.sides) }},
		{"winner below a draw", func(o *Outcome) { o.Winner = -2 }},
		{"a draw won by escaping", func(o *Outcome) { o.Winner, o.ByAim = -1, true }},
		{"no rounds", func(o *Outcome) { o.Rounds = 0 }},
		{"past the round cap", func(o *Outcome) { o.Rounds = DefaultRoundCap + 1 }},
		{"first not a creature", func(o *Outcome) { o.First = n }},
		{"hit points of too few sides", func(o *Outcome) { o.HPLost = o.HPLost[:1] }},
		{"hit points gained", func(o *Outcome) { o.HPLost = []int{-1, 0} }},
		{"down not a creature", func(o *Outcome) { o.Down = []int{n} }},
		{"dead twice", func(o *Outcome) { o.Dead = []int{0, 0} }},
		{"escaped below 0", func(o *Outcome) { o.Escaped = []int{-1} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := good
			o.HPLost = append([]int(nil), good.HPLost...)
			tc.edit(&o)
			if err := f.Merge(o); err == nil || f.Played() != 0 {
				t.Errorf("merged %+v: %v, %d fights", o, err, f.Played())
			}
		})
	}
	if err := f.Merge(good); err != nil || f.Played() != 1 || !f.Done() {
		t.Fatalf("the good outcome: %v, %d fights", err, f.Played())
	}
	if err := f.Merge(good); err == nil || f.Played() != 1 {
		t.Errorf("merged past the budget: %v, %d fights", err, f.Played())
	}
}
