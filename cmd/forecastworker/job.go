// Command forecastworker is the "Who wins?" forecast on a thread of its
// own: a small WebAssembly program, built from rules/forecast and the
// rulesets only, that web/forecast-worker.js runs in a Web Worker. The page
// sends it the encounter (a save document) and the forecast's settings; it
// plays the fights in batches and posts back the progress and the numbers,
// as JSON, so the page's own thread only draws them.
package main

import (
	"encoding/json"
	"fmt"
	"time"

	"battlemat/rules/combat"
	"battlemat/rules/forecast"
	"battlemat/rules/rulesets"
)

// Message kinds, page to worker.
const (
	msgStart = "start" // forecast Save with Settings from the first fight
	msgMore  = "more"  // play More fights beyond those played ("Run more")
	msgPause = "pause" // stop after the fight under way and send the numbers (Cancel)
)

// Message kinds, worker to page.
const (
	msgReady    = "ready"    // the worker is listening
	msgProgress = "progress" // Played fights so far, out of Fights
	msgResult   = "result"   // the numbers, once the forecast stops (done or paused)
	msgError    = "error"    // the forecast cannot go on: Error says why
)

// maxMessage bounds the size of a message the worker reads: a save
// document is capped well below it by combat's own bounds.
const maxMessage = 32 << 20

// request is a message from the page.
type request struct {
	Type     string            `json:"type"`
	Save     json.RawMessage   `json:"save,omitempty"` // combat.EncodeSave's document
	Settings forecast.Settings `json:"settings"`
	More     int               `json:"more,omitempty"`
}

// reply is a message to the page.
type reply struct {
	Type     string           `json:"type"`
	Played   int              `json:"played"`
	Fights   int              `json:"fights"`   // the forecast's budget of fights
	RoundCap int              `json:"roundCap"` // the round cap in effect
	Running  bool             `json:"running"`
	Result   *forecast.Result `json:"result,omitempty"`
	Error    string           `json:"error,omitempty"`
}

// job is the worker's one forecast.
type job struct {
	f       *forecast.Forecaster
	running bool
}

// handle answers one message from the page.
func (j *job) handle(raw []byte) []reply {
	if len(raw) > maxMessage {
		return []reply{{Type: msgError, Error: fmt.Sprintf("a message of %d bytes is over the %d the forecast reads", len(raw), maxMessage)}}
	}
	var req request
	if err := json.Unmarshal(raw, &req); err != nil {
		return []reply{{Type: msgError, Error: err.Error()}}
	}
	switch req.Type {
	case msgStart:
		s, err := combat.DecodeSave(rulesets.Registry(), req.Save)
		if err != nil {
			return []reply{{Type: msgError, Error: err.Error()}}
		}
		f, err := forecast.New(rulesets.Registry(), s.State(), req.Settings)
		if err != nil {
			return []reply{{Type: msgError, Error: err.Error()}}
		}
		*j = job{f: f, running: true}
		return []reply{j.status(msgProgress)}
	case msgMore:
		if j.f == nil {
			return []reply{{Type: msgError, Error: "no forecast to run more of"}}
		}
		j.f.Extend(req.More)
		j.running = true
		return []reply{j.status(msgProgress)}
	case msgPause:
		if j.f == nil {
			return nil
		}
		j.running = false
		return []reply{j.status(msgResult)}
	}
	return []reply{{Type: msgError, Error: fmt.Sprintf("unknown message %q", req.Type)}}
}

// batch plays fights for about d, then reports: the progress, or the
// numbers when the forecast is done. The page redraws the table for the
// numbers, a long task on its thread, so they come only when it stops.
func (j *job) batch(d time.Duration) reply {
	begin := time.Now()
	for time.Since(begin) < d && !j.f.Done() {
		if _, err := j.f.Step(1); err != nil {
			j.running = false
			return reply{Type: msgError, Error: err.Error()}
		}
	}
	if j.f.Done() {
		j.running = false
		return j.status(msgResult)
	}
	return j.status(msgProgress)
}

// status is a reply of kind typ about the forecast as it stands.
func (j *job) status(typ string) reply {
	set := j.f.Settings()
	r := reply{Type: typ, Played: j.f.Played(), Fights: set.Fights, RoundCap: set.RoundCap, Running: j.running}
	if typ == msgResult {
		res := j.f.Result()
		r.Result = &res
	}
	return r
}

func main() { serve() }
