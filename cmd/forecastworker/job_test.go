package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/forecast"
	"battlemat/rules/rulesets"
)

// send hands the job one message and returns its replies.
func send(t *testing.T, j *job, msg any) []reply {
	t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	return j.handle(b)
}

// TestWorkerMatchesPage plays each sample through the messages of one,
// two and four workers, as the page shares a forecast out: every worker
// gets the start, then blocks of fights in turn, the replies come back
// out of order and the page merges the outcomes in the order of the
// fights until the forecast is done, then asks for 40 more ("Run more").
// The numbers are those of the forecast played in one go on the page's
// path (forecast.New on the save's state, then Run).
func TestWorkerMatchesPage(t *testing.T) {
	reg := rulesets.Registry()
	for _, name := range []string{"dnd5e-goblin-ambush", "kal-urchins", "dairn-bandits", "kc-orc"} {
		save, err := os.ReadFile(filepath.Join("..", "..", "assets", "samples", name+".battlemat.json"))
		if err != nil {
			t.Fatal(err)
		}
		sess, err := combat.DecodeSave(reg, save)
		if err != nil {
			t.Fatal(err)
		}
		set := forecast.Settings{Fights: 60, Seed: 7, Policies: map[string]string{}}
		for _, c := range sess.State().Combatants {
			set.Policies[c.Side] = "aggressive"
		}
		one, err := forecast.New(reg, sess.State(), set)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := one.Run(forecast.MaxFights); err != nil {
			t.Fatal(err)
		}
		one.Extend(40)
		if _, err := one.Run(forecast.MaxFights); err != nil {
			t.Fatal(err)
		}
		want := one.Result()
		for _, workers := range []int{1, 2, 4} {
			t.Run(name+"/"+strconv.Itoa(workers), func(t *testing.T) {
				js := make([]job, workers)
				for k := range js {
					if r := send(t, &js[k], map[string]any{"type": msgStart, "job": 3, "save": json.RawMessage(save), "settings": set}); r != nil {
						t.Fatalf("start replied %+v", r)
					}
				}
				merged, err := forecast.New(reg, sess.State(), set)
				if err != nil {
					t.Fatal(err)
				}
				arrived := map[int]forecast.Outcome{}
				next, block := 0, 7
				for pass := 0; pass < 2; pass++ {
					for !merged.Done() {
						for k := workers - 1; k >= 0; k-- {
							r := send(t, &js[k], map[string]any{"type": msgPlay, "job": 3, "from": next + k*block, "n": block})
							if len(r) != 1 || r[0].Type != msgFights || r[0].Job != 3 || r[0].From != next+k*block || len(r[0].Outcomes) != block {
								t.Fatalf("play replied %+v", r)
							}
							b, _ := json.Marshal(r[0]) // the page reads the outcomes from JSON
							var back reply
							if err := json.Unmarshal(b, &back); err != nil {
								t.Fatal(err)
							}
							for i, o := range back.Outcomes {
								arrived[back.From+i] = o
							}
						}
						next += workers * block
						for o, ok := arrived[merged.Played()]; ok && !merged.Done(); o, ok = arrived[merged.Played()] {
							if err := merged.Merge(o); err != nil {
								t.Fatal(err)
							}
						}
					}
					if pass == 0 {
						merged.Extend(40)
					}
				}
				if got := merged.Result(); merged.Played() != one.Played() || !reflect.DeepEqual(got, want) {
					t.Errorf("%d workers played %d fights: %+v\nthe page %d: %+v", workers, merged.Played(), got, one.Played(), want)
				}
			})
		}
	}
}

// TestWorkerRefuses answers messages it cannot act on with an error and
// keeps nothing of them.
func TestWorkerRefuses(t *testing.T) {
	save, err := os.ReadFile(filepath.Join("..", "..", "assets", "samples", "kc-orc.battlemat.json"))
	if err != nil {
		t.Fatal(err)
	}
	start := `{"type":"start","job":1,"save":` + string(save) + `}`
	for _, tc := range []struct {
		name  string
		start bool // the job has started a forecast first
		msg   string
	}{
		{"not JSON", false, `{"type":`},
		{"unknown type", false, `{"type":"dance"}`},
		{"play before start", false, `{"type":"play","job":1,"from":0,"n":1}`},
		{"damaged save", false, `{"type":"start","save":{"format":"battlemat"}}`},
		{"bad settings", false, `{"type":"start","save":{},"settings":{"fights":-1}}`},
		{"another job", true, `{"type":"play","job":2,"from":0,"n":1}`},
		{"no fights", true, `{"type":"play","job":1,"from":0,"n":0}`},
		{"too many fights", true, `{"type":"play","job":1,"from":0,"n":1001}`},
		{"before the first fight", true, `{"type":"play","job":1,"from":-1,"n":1}`},
		{"past the last fight", true, `{"type":"play","job":1,"from":199999,"n":2}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var j job
			if tc.start {
				if r := j.handle([]byte(start)); r != nil {
					t.Fatalf("start replied %+v", r)
				}
			}
			got := j.handle([]byte(tc.msg))
			if len(got) != 1 || got[0].Type != msgError || got[0].Error == "" {
				t.Errorf("replied %+v", got)
			}
			if (j.f != nil) != tc.start {
				t.Error("the job took the message")
			}
		})
	}
}
