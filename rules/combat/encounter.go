package combat

import (
	"encoding/json"
	"slices"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// Phase is the stage an encounter is in (ENG-START-1, ENG-END-1).
type Phase string

// The phases of an encounter.
const (
	PhaseSetup   Phase = "setup"   // placing creatures and walls, rolling initiative (ENG-START-3)
	PhaseRunning Phase = "running" // rounds and turns (ENG-TURN-1)
	PhaseEnded   Phase = "ended"   // the GM ended it (ENG-END-1)
)

// Encounter is the whole state of one fight, a value: Apply returns a new
// one and never changes its input (DND-ENG-1).
type Encounter struct {
	Ruleset    string        `json:"ruleset"`
	Map        grid.Map      `json:"map"`
	Combatants []Combatant   `json:"combatants,omitempty"`
	Phase      Phase         `json:"phase"`
	Round      int           `json:"round,omitempty"`
	Order      []Slot        `json:"order,omitempty"`
	Turn       Turn          `json:"turn"`
	Pending    *Decision     `json:"pending,omitempty"`  // the question the engine waits for
	Move       *MoveState    `json:"move,omitempty"`     // a move suspended by opportunity attacks (ENG-OA-1)
	Declared   []Declaration `json:"declared,omitempty"` // attacks queued in the current side phase (ENG-PHASE-2)
	Timeline   []Scheduled   `json:"timeline,omitempty"` // attacks waiting on the segment timeline (ENG-TL-2)
	Now        int           `json:"now,omitempty"`      // the latest segment resolved on the timeline (ENG-TL-3)
	Settings   Settings      `json:"settings,omitzero"`  // the GM's choices (ENG-SET-1)
	Aims       []Aim         `json:"aims,omitempty"`     // what the sides fight for beyond the last one standing (ENG-AIM-1)
	Dice       uint64        `json:"dice"`               // state of the seeded dice generator (dice.PCG)

	memo *Memo // what rulesets derive from this value; shared by its plain copies, not by clones
}

// NewEncounter returns an empty encounter in setup, with its dice seeded
// and its walls in canonical order.
func NewEncounter(ruleset string, m grid.Map, seed uint64) Encounter {
	m.Walls = CanonicalWalls(m.Walls)
	return Encounter{Ruleset: ruleset, Map: m, Phase: PhaseSetup, Dice: dice.NewPCG(seed).State(), memo: &Memo{}}
}

// Turn points at the combatant whose turn it is: Member of Order[Slot].
type Turn struct {
	Slot   int `json:"slot"`
	Member int `json:"member"`
}

// Combatant is one creature on the map.
type Combatant struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	Side       string          `json:"side"`
	Pos        grid.Square     `json:"pos"`
	Profile    json.RawMessage `json:"profile,omitempty"` // the ruleset's stat block, opaque to the engine
	Stats      Stats           `json:"stats"`
	HP         int             `json:"hp"`
	Conditions []string        `json:"conditions,omitempty"`
	Surprised  bool            `json:"surprised,omitempty"` // ENG-SURP-2
	Turns      int             `json:"turns,omitempty"`     // turns completed in this encounter
	Budget     Budget          `json:"budget"`
	RoundState json.RawMessage `json:"roundState,omitempty"` // the ruleset's per-round state (K-GEN-6)
	State      json.RawMessage `json:"state,omitempty"`      // the ruleset's persistent state (engagements, resources used)
}

// Budget is what a combatant has left of its turn: the amount of each
// counter its ruleset declares (ENG-TURN-6), by key, and what the engine
// needs to take a move back (ENG-MOVE-6, ENG-MOVE-7).
type Budget struct {
	Counts    Counts      `json:"counts,omitzero"`
	Start     grid.Square `json:"start"`              // where the current turn began
	StartMove int         `json:"startMove"`          // movement at the start of the current turn, plus any an action gained since
	Attacked  bool        `json:"attacked,omitempty"` // an opportunity attack interrupted a move this turn
}

// DecisionKind names what a pending decision is about.
type DecisionKind string

// The kinds of decision.
const (
	DecideOpportunity DecisionKind = "opportunity" // take or decline an opportunity attack (ENG-OA-1)
	DecideAttack      DecisionKind = "attack"      // a ruleset's question during an attack
)

// The answers to an opportunity-attack decision.
const (
	AnswerTake    = "take"
	AnswerDecline = "decline"
)

// Decision is a question the engine waits for: only a command answering it
// (TakeOpportunity, DeclineOpportunity, Choose) is legal while it is pending.
type Decision struct {
	Kind    DecisionKind  `json:"kind"`
	Key     string        `json:"key"`
	Chooser string        `json:"chooser"`
	Options []string      `json:"options"`
	Attack  AttackRequest `json:"attack"`         // the attack asked about or offered
	Tape    []dice.Throw  `json:"tape,omitempty"` // dice already consumed by the attack
}

// MoveState is a move suspended before a step because opportunity attacks
// are due (ENG-OA-1).
type MoveState struct {
	Mover     string        `json:"mover"`
	Path      []grid.Square `json:"path"`                // the rest of the path; Path[0] is the step being taken
	Attackers []string      `json:"attackers,omitempty"` // still to be asked, in order
}

// Find returns the index of combatant id, or -1.
func (e Encounter) Find(id string) int {
	for i := range e.Combatants {
		if e.Combatants[i].ID == id {
			return i
		}
	}
	return -1
}

// Combatant returns combatant id.
func (e Encounter) Combatant(id string) (Combatant, bool) {
	if i := e.Find(id); i >= 0 {
		return e.Combatants[i], true
	}
	return Combatant{}, false
}

// Current returns the ID of the combatant whose turn it is, or "".
func (e Encounter) Current() string {
	if e.Phase != PhaseRunning || e.Turn.Slot >= len(e.Order) {
		return ""
	}
	s := e.Order[e.Turn.Slot]
	if e.Turn.Member >= len(s.Members) {
		return ""
	}
	return s.Members[e.Turn.Member]
}

// Up reports whether the combatant's HP is above 0, the engine's default
// notion of being able to act (ENG-DOWN-1). A ruleset's Vitality may
// decide otherwise; IsUp asks it.
func (c Combatant) Up() bool { return c.HP > 0 }

// side returns the footprint side in squares (ENG-MAP-1).
func (s Stats) side() int { return max(1, s.Size) }

// Clone returns a copy of e that shares no slice the engine changes in
// place. The map's walls and the combatants' opaque JSON (Profile,
// RoundState) are shared: the engine only ever replaces them with new
// values, and copying them on every command would dominate replay time.
// Callers must treat them as read-only. The copy has a Memo of its own,
// empty: two clones of equal encounters are deeply equal.
func (e Encounter) Clone() Encounter {
	out := e.fork()
	out.memo = &Memo{}
	for i := range out.Combatants {
		c := &out.Combatants[i]
		c.Conditions = slices.Clone(c.Conditions)
	}
	for i := range out.Order {
		s := &out.Order[i]
		s.Members, s.Tiebreak = slices.Clone(s.Members), slices.Clone(s.Tiebreak)
	}
	return out
}

// fork returns the copy of e that Apply changes: the lists it changes in
// place copied (the combatants, the initiative slots, the declarations,
// the timeline, the pending decision and the suspended move), the ones it
// only ever replaces shared with e (walls, conditions, slot members and
// roll-off faces, opaque JSON). A command costs a copy of the combatants,
// not of everything they hold.
func (e Encounter) fork() Encounter {
	out := e
	out.Combatants = slices.Clone(e.Combatants)
	out.Order = slices.Clone(e.Order)
	out.Declared = cloneDecls(e.Declared)
	out.Timeline = cloneTimeline(e.Timeline)
	out.Aims = cloneAims(e.Aims)
	if e.Pending != nil {
		out.Pending = e.Pending.clone()
	}
	if e.Move != nil {
		m := *e.Move
		m.Path = slices.Clone(m.Path)
		m.Attackers = slices.Clone(m.Attackers)
		out.Move = &m
	}
	return out
}

func cloneOrder(o []Slot) []Slot {
	out := slices.Clone(o)
	for i := range out {
		out[i].Members = slices.Clone(out[i].Members)
		out[i].Tiebreak = slices.Clone(out[i].Tiebreak)
	}
	return out
}

func (d Decision) clone() *Decision {
	d.Options = slices.Clone(d.Options)
	d.Attack = d.Attack.clone()
	d.Tape = slices.Clone(d.Tape)
	return &d
}

func (r AttackRequest) clone() AttackRequest {
	r.Option = slices.Clone(r.Option)
	r.Answers = slices.Clone(r.Answers)
	return r
}
