package combat

import (
	"slices"
)

// MaxScheduled bounds the attacks waiting on the segment timeline
// (ENG-TL-2).
const MaxScheduled = 4 * MaxCombatants

// Delayer is implemented by rulesets whose attacks take time: Delay returns
// the segments an attack takes before it lands (ENG-TL-1). With the
// encounter's Settings.Segments above 0 the engine then schedules attacks on
// a timeline of that many segments per round instead of resolving them at
// once.
type Delayer interface {
	Delay(enc Encounter, req AttackRequest) (int, error)
}

// Scheduled is an attack waiting on the segment timeline: it lands at
// segment At, counted from the start of the encounter's first round
// (ENG-TL-2).
type Scheduled struct {
	At     int           `json:"at"`
	Attack AttackRequest `json:"attack"`
}

// TimelineOn reports whether the encounter schedules attacks on the segment
// timeline: the GM set segments and the ruleset has delays (ENG-TL-1).
func TimelineOn(rs Ruleset, enc Encounter) bool {
	_, ok := rs.(Delayer)
	return ok && enc.Settings.Segments > 0
}

// RoundStart is the first segment of the current round on the timeline.
func (e Encounter) RoundStart() int { return max(e.Round-1, 0) * e.Settings.Segments }

// schedule puts an attack on the timeline at the later of now and the
// attacker's last scheduled attack, plus its delay (ENG-TL-2).
func (a *applier) schedule(req AttackRequest) error {
	d, err := a.rs.(Delayer).Delay(a.e, req)
	if err != nil {
		return err
	}
	if d < 0 || d > MaxSegments*10 {
		return Invalid("ENG-TL-2", "delay", "ruleset gave a delay of %d segments", d)
	}
	if len(a.e.Timeline) >= MaxScheduled {
		return Invalid("ENG-TL-2", "timeline", "at most %d attacks wait on the timeline", MaxScheduled)
	}
	at := max(a.e.Now, a.e.RoundStart())
	for _, s := range a.e.Timeline {
		if s.Attack.Attacker == req.Attacker {
			at = max(at, s.At)
		}
	}
	at += d
	a.e.Timeline = append(a.e.Timeline, Scheduled{At: at, Attack: req.clone()})
	a.emit(Header{Rule: "ENG-TL-2", Actor: req.Attacker, Target: req.Defender}.With(SegmentMark{Segment: at - a.e.RoundStart()}))
	return nil
}

// ResolveSegment resolves every attack of the earliest segment on the
// timeline, together: each lands even if another of the same segment drops
// its attacker (ENG-TL-3). Time moves on to that segment. When an attack
// asks a question, the rest of the segment waits on the timeline.
type ResolveSegment struct{}

// Kind returns "resolveSegment".
func (ResolveSegment) Kind() string { return "resolveSegment" }

func (ResolveSegment) apply(a *applier) error {
	if a.e.Phase != PhaseRunning {
		return Invalid("ENG-TL-3", "phase", "the encounter is not running")
	}
	if len(a.e.Timeline) == 0 {
		return Invalid("ENG-TL-3", "timeline", "no attack is scheduled")
	}
	at := a.e.Timeline[0].At
	for _, s := range a.e.Timeline {
		at = min(at, s.At)
	}
	var due []Scheduled
	a.e.Timeline = slices.DeleteFunc(a.e.Timeline, func(s Scheduled) bool {
		if s.At == at {
			due = append(due, s)
			return true
		}
		return false
	})
	a.e.Now = at
	a.emit(Header{Rule: "ENG-TL-3"}.With(SegmentMark{Segment: at - a.e.RoundStart(), Landed: true}))
	for i, s := range due {
		if err := a.resolveAttack(s.Attack, nil); err != nil {
			return err
		}
		if a.e.Pending != nil {
			// The answer resolves this attack; the rest of the segment waits.
			a.e.Timeline = append(a.e.Timeline, due[i+1:]...)
			return nil
		}
	}
	return nil
}

func cloneTimeline(ts []Scheduled) []Scheduled {
	out := slices.Clone(ts)
	for i := range out {
		out[i].Attack = out[i].Attack.clone()
	}
	return out
}

// validTimeline checks the timeline's bounds and references (ENG-TL-2).
func validTimeline(e Encounter) error {
	if len(e.Timeline) == 0 {
		return nil
	}
	if len(e.Timeline) > MaxScheduled || e.Phase == PhaseSetup {
		return Invalid("ENG-TL-2", "timeline", "%d scheduled attacks in phase %q", len(e.Timeline), e.Phase)
	}
	for _, s := range e.Timeline {
		if s.At < 0 || s.At > MaxRound*MaxSegments || e.Find(s.Attack.Attacker) < 0 || e.Find(s.Attack.Defender) < 0 || len(s.Attack.Option) > MaxOpaque || len(s.Attack.Answers) > 0 {
			return Invalid("ENG-TL-2", "timeline", "inconsistent scheduled attack of %q", s.Attack.Attacker)
		}
	}
	return nil
}
