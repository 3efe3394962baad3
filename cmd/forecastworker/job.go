// Command forecastworker is the "Who wins?" forecast on a thread of its
// own: a small WebAssembly program, built from rules/forecast and the
// rulesets only, that web/forecast-worker.js runs in a Web Worker. The page
// sends it the encounter (a save document) and the forecast's settings,
// then blocks of fights to play; it posts back each block's outcomes, as
// JSON. The page shares one forecast's fights out among several such
// workers and merges their outcomes in the order of the fights
// (forecast.Forecaster.Merge), so its own thread only counts and draws.
package main

import (
	"encoding/json"
	"fmt"
	"runtime/debug"

	"battlemat/rules/combat"
	"battlemat/rules/forecast"
	"battlemat/rules/rulesets"
)

// Message kinds, page to worker.
const (
	msgStart = "start" // forecast Save with Settings: Job numbers the replies
	msgPlay  = "play"  // play fights From..From+N-1
)

// Message kinds, worker to page.
const (
	msgReady  = "ready"  // the worker is listening
	msgFights = "fights" // the Outcomes of fights From.. of Job
	msgError  = "error"  // the forecast cannot go on: Error says why
)

// Bounds of a message the worker reads: a save document is capped well
// below maxMessage by combat's own bounds; a block asks for at most
// maxBlock fights (the page asks for a few at a time, so that it hears
// back often).
const (
	maxMessage = 32 << 20
	maxBlock   = 1000
)

// request is a message from the page.
type request struct {
	Type     string            `json:"type"`
	Job      int               `json:"job"`
	Save     json.RawMessage   `json:"save,omitempty"` // combat.EncodeSave's document
	Settings forecast.Settings `json:"settings"`
	From     int               `json:"from"`
	N        int               `json:"n"`
}

// reply is a message to the page.
type reply struct {
	Type     string             `json:"type"`
	Job      int                `json:"job"`
	From     int                `json:"from"`
	Outcomes []forecast.Outcome `json:"outcomes,omitempty"`
	Error    string             `json:"error,omitempty"`
}

// job is the worker's one forecast.
type job struct {
	id int
	f  *forecast.Forecaster
}

// handle answers one message from the page: nothing for a start, the
// outcomes of the fights it asks for, or an error.
func (j *job) handle(raw []byte) []reply {
	fail := func(id int, err string) []reply { return []reply{{Type: msgError, Job: id, Error: err}} }
	if len(raw) > maxMessage {
		return fail(0, fmt.Sprintf("a message of %d bytes is over the %d the forecast reads", len(raw), maxMessage))
	}
	var req request
	if err := json.Unmarshal(raw, &req); err != nil {
		return fail(0, err.Error())
	}
	switch req.Type {
	case msgStart:
		*j = job{}
		s, err := combat.DecodeSave(rulesets.Registry(), req.Save)
		if err != nil {
			return fail(req.Job, err.Error())
		}
		f, err := forecast.New(rulesets.Registry(), s.State(), req.Settings)
		if err != nil {
			return fail(req.Job, err.Error())
		}
		*j = job{id: req.Job, f: f}
		return nil
	case msgPlay:
		if j.f == nil || req.Job != j.id {
			return fail(req.Job, "no forecast to play")
		}
		if req.N < 1 || req.N > maxBlock || req.From < 0 || req.From > forecast.MaxFights-req.N {
			return fail(req.Job, fmt.Sprintf("fights %d+%d are outside 0..%d in blocks of 1..%d", req.From, req.N, forecast.MaxFights, maxBlock))
		}
		out := make([]forecast.Outcome, req.N)
		for i := range out {
			o, err := j.f.Play(req.From + i)
			if err != nil {
				return fail(req.Job, err.Error())
			}
			out[i] = o
		}
		return []reply{{Type: msgFights, Job: j.id, From: req.From, Outcomes: out}}
	}
	return fail(req.Job, fmt.Sprintf("unknown message %q", req.Type))
}

// gcPercent is the worker's garbage collection target: a fight allocates
// far more than it keeps, and the worker holds little else, so letting
// the heap grow further between collections buys fights for memory.
const gcPercent = 400

func main() {
	debug.SetGCPercent(gcPercent)
	serve()
}
