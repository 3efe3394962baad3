package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

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

// playAll plays batches until the job stops, as the worker's loop does,
// and returns the last reply.
func playAll(t *testing.T, j *job) reply {
	t.Helper()
	var last reply
	for j.running {
		last = j.batch(time.Millisecond)
		if last.Type == msgError {
			t.Fatal(last.Error)
		}
	}
	return last
}

// TestWorkerMatchesPage plays each sample through the worker's messages
// (start, batches, pause, more) and on the page's path (forecast.New on
// the save's state, then Run), with the same seed, policies and fights:
// the numbers are the same.
func TestWorkerMatchesPage(t *testing.T) {
	reg := rulesets.Registry()
	for _, name := range []string{"dnd5e-goblin-ambush", "kal-urchins", "dairn-bandits", "kc-orc"} {
		t.Run(name, func(t *testing.T) {
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

			var j job
			start := send(t, &j, map[string]any{"type": msgStart, "save": json.RawMessage(save), "settings": set})
			if len(start) != 1 || start[0].Type != msgProgress || start[0].Fights != 60 {
				t.Fatalf("start replied %+v", start)
			}
			j.batch(0) // a batch with no time plays no fight
			pause := send(t, &j, map[string]any{"type": msgPause})
			if len(pause) != 1 || pause[0].Type != msgResult || pause[0].Running {
				t.Fatalf("pause replied %+v", pause)
			}
			send(t, &j, map[string]any{"type": msgMore, "more": 40}) // a budget of 60 fights, then 40 more than those played
			got := playAll(t, &j)
			if got.Type != msgResult || got.Result == nil || got.Running {
				t.Fatalf("the worker ended with %+v", got)
			}

			f, err := forecast.New(reg, sess.State(), set)
			if err != nil {
				t.Fatal(err)
			}
			f.Extend(40)
			if _, err := f.Run(forecast.MaxFights); err != nil {
				t.Fatal(err)
			}
			want := f.Result()
			if got.Played != f.Played() || !reflect.DeepEqual(*got.Result, want) {
				t.Errorf("the worker played %d fights: %+v\nthe page %d: %+v", got.Played, *got.Result, f.Played(), want)
			}
			// The page reads the numbers from JSON: they arrive unchanged.
			b, _ := json.Marshal(got)
			var back reply
			if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(*back.Result, want) {
				t.Errorf("the numbers change on their way to the page: %v", err)
			}
		})
	}
}

// TestWorkerRefuses answers messages it cannot act on with an error and
// keeps nothing of them.
func TestWorkerRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		msg  string
	}{
		{"not JSON", `{"type":`},
		{"unknown type", `{"type":"dance"}`},
		{"more before start", `{"type":"more","more":10}`},
		{"damaged save", `{"type":"start","save":{"format":"battlemat"}}`},
		{"bad settings", `{"type":"start","save":{},"settings":{"fights":-1}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var j job
			got := j.handle([]byte(tc.msg))
			if len(got) != 1 || got[0].Type != msgError || got[0].Error == "" {
				t.Errorf("replied %+v", got)
			}
			if j.f != nil || j.running {
				t.Error("the job took the message")
			}
		})
	}
}
