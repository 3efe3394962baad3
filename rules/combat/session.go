package combat

import (
	"encoding/json"
	"fmt"

	"battlemat/rules/dice"
)

// Entry is one applied command in a session's log, with every die it
// consumed, so the log replays without the generator (DND-ENG-8).
type Entry struct {
	Command  Command      // the command as the UI built it
	Tape     []dice.Throw // the dice it consumed, in order
	Physical bool         // the faces were rolled at the table and entered by hand
	Dice     uint64       // the generator state after the entry
}

type entryJSON struct {
	Cmd      json.RawMessage `json:"cmd"`
	Tape     []dice.Throw    `json:"tape,omitempty"`
	Physical bool            `json:"physical,omitempty"`
	Dice     uint64          `json:"dice"`
}

// MarshalJSON encodes the entry as {"cmd":{kind:{…}},"tape":[{"s":20,"f":7}],"physical":true,"dice":n}.
func (e Entry) MarshalJSON() ([]byte, error) {
	cmd, err := MarshalCommand(e.Command)
	if err != nil {
		return nil, err
	}
	return json.Marshal(entryJSON{Cmd: cmd, Tape: e.Tape, Physical: e.Physical, Dice: e.Dice})
}

// UnmarshalJSON decodes an entry strictly.
func (e *Entry) UnmarshalJSON(data []byte) error {
	var j entryJSON
	if err := strictUnmarshal(data, &j); err != nil {
		return err
	}
	cmd, err := UnmarshalCommand(j.Cmd)
	if err != nil {
		return err
	}
	*e = Entry{Command: cmd, Tape: j.Tape, Physical: j.Physical, Dice: j.Dice}
	return nil
}

// LeftoverError reports dice entered or recorded for a command that it did
// not use: a wrong physical tape, or a log that no longer replays.
type LeftoverError struct{ Left int }

// Error says what went wrong, for the message bar and logs.
func (e *LeftoverError) Error() string {
	return fmt.Sprintf("dice: %d faces left over", e.Left)
}

// ReplayError reports the log entry at which a replay failed.
type ReplayError struct {
	Index int
	Err   error
}

// Error says what went wrong, for the message bar and logs.
func (e *ReplayError) Error() string { return fmt.Sprintf("log entry %d: %v", e.Index, e.Err) }

// Unwrap returns the underlying error.
func (e *ReplayError) Unwrap() error { return e.Err }

// Session is an encounter's history: the starting state, the log of
// commands with a cursor, and a snapshot after each entry, so undo and redo
// cost nothing and a new command after an undo drops the undone tail
// (STYLE "State flow"). It is the only place the dice generator advances.
type Session struct {
	rs     Ruleset
	log    []Entry
	states []Encounter // states[i] is the state after i entries
	cursor int
}

// NewSession starts a session on the encounter start, whose ruleset must be
// in reg.
func NewSession(reg *Registry, start Encounter) (*Session, error) {
	rs, err := reg.Lookup(start.Ruleset)
	if err != nil {
		return nil, err
	}
	if err := ValidateEncounter(start); err != nil {
		return nil, err
	}
	if p, ok := rs.(Profiler); ok {
		for _, c := range start.Combatants {
			if len(c.Profile) == 0 {
				continue
			}
			if _, err := p.Profile(c.Profile); err != nil {
				return nil, fmt.Errorf("combatant %s: %w", c.ID, err)
			}
		}
	}
	return &Session{rs: rs, states: []Encounter{start.Clone()}}, nil
}

// Ruleset returns the session's ruleset.
func (s *Session) Ruleset() Ruleset { return s.rs }

// State returns a copy of the current encounter.
func (s *Session) State() Encounter { return s.states[s.cursor].Clone() }

// Start returns a copy of the encounter before the first entry.
func (s *Session) Start() Encounter { return s.states[0].Clone() }

// Log returns the whole log, including undone entries after the cursor.
func (s *Session) Log() []Entry { return append([]Entry(nil), s.log...) }

// Cursor returns the number of entries in effect.
func (s *Session) Cursor() int { return s.cursor }

// Do applies cmd with the seeded generator and logs it. On error nothing
// changes.
func (s *Session) Do(cmd Command) ([]Event, error) {
	cur := s.states[s.cursor]
	pcg := dice.NewPCG(0)
	pcg.Restore(cur.Dice)
	rec := &dice.Recorder{Source: pcg}
	next, events, err := Apply(s.rs, cur, cmd, rec)
	if err != nil {
		return nil, err
	}
	next.Dice = pcg.State()
	s.push(Entry{Command: cmd, Tape: rec.Tape, Dice: next.Dice}, next)
	return events, nil
}

// DoWithDice applies cmd with faces rolled at the table, in the order the
// command asks for dice. Too few faces, a face that does not fit its die, or
// faces left over are errors and change nothing.
func (s *Session) DoWithDice(cmd Command, faces ...int) ([]Event, error) {
	cur := s.states[s.cursor]
	sc := dice.NewScripted(faces...)
	rec := &dice.Recorder{Source: sc}
	next, events, err := Apply(s.rs, cur, cmd, rec)
	if err != nil {
		return nil, err
	}
	if n := sc.Remaining(); n > 0 {
		return nil, &LeftoverError{Left: n}
	}
	s.push(Entry{Command: cmd, Tape: rec.Tape, Physical: true, Dice: next.Dice}, next)
	return events, nil
}

// ResetMove puts the acting combatant back where its turn began, with its
// movement restored; it is itself an undoable command.
func (s *Session) ResetMove(id string) ([]Event, error) { return s.Do(ResetMove{ID: id}) }

func (s *Session) push(e Entry, next Encounter) {
	s.log = append(s.log[:s.cursor], e)
	s.states = append(s.states[:s.cursor+1], next)
	s.cursor++
}

// CanUndo reports whether there is an entry to undo.
func (s *Session) CanUndo() bool { return s.cursor > 0 }

// CanRedo reports whether there is an undone entry to redo.
func (s *Session) CanRedo() bool { return s.cursor < len(s.log) }

// Undo steps back one entry; it reports false when there is none.
func (s *Session) Undo() bool {
	if !s.CanUndo() {
		return false
	}
	s.cursor--
	return true
}

// Redo steps forward one undone entry; it reports false when there is none.
func (s *Session) Redo() bool {
	if !s.CanRedo() {
		return false
	}
	s.cursor++
	return true
}

// Replay rebuilds a session from its start and log, taking every die from
// the entries' tapes (the generator is not used), and sets the cursor.
func Replay(reg *Registry, start Encounter, log []Entry, cursor int) (*Session, error) {
	if cursor < 0 || cursor > len(log) {
		return nil, Invalid("", "cursor", "%d is outside 0..%d", cursor, len(log))
	}
	s, err := NewSession(reg, start)
	if err != nil {
		return nil, err
	}
	for i, e := range log {
		tape := dice.FromTape(e.Tape)
		next, _, err := Apply(s.rs, s.states[i], e.Command, tape)
		if err == nil && tape.Remaining() > 0 {
			err = &LeftoverError{Left: tape.Remaining()}
		}
		if err != nil {
			return nil, &ReplayError{Index: i, Err: err}
		}
		next.Dice = e.Dice
		s.push(Entry{Command: e.Command, Tape: append([]dice.Throw(nil), e.Tape...), Physical: e.Physical, Dice: e.Dice}, next)
	}
	s.cursor = cursor
	return s, nil
}
