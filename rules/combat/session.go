package combat

import (
	"encoding/json"
	"fmt"
	"slices"

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

// Session is an encounter's history: the base state, the log of commands
// with a cursor, and the state at the cursor (STYLE "State flow"). It keeps
// a snapshot every snapEvery entries, not one per entry, so its memory grows
// with the log's length divided by snapEvery; undo replays at most
// snapEvery-1 entries from the nearest snapshot with their recorded dice. A
// new command after an undo drops the undone tail. Past HistoryLimit
// entries the oldest are folded into the base state (Folded counts them), so
// a session always saves within SaveLimits. It keeps the events of its
// latest RecentEntries entries in effect (Recent), not of the whole log. It
// is the only place the dice generator advances.
type Session struct {
	rs     Ruleset
	log    []Entry
	snaps  []Encounter // snaps[k] is the state after k*snapEvery entries
	cur    Encounter   // the state after cursor entries
	cursor int
	folded int // entries folded into snaps[0] since the encounter began
	// recent[i] are the events of entry cursor-len(recent)+i: those of
	// the latest entries in effect, at most RecentEntries (fewer after
	// undos, until Recent refills them).
	recent [][]Event
	// forecast is the "who wins?" forecast's settings, opaque JSON kept
	// for saves and links.
	forecast json.RawMessage
}

// HistoryLimit is how many log entries a session keeps: the save format's
// entry limit. Older entries are folded into the session's base state and
// can no longer be undone.
const HistoryLimit = 10000

// RecentEntries is how many of the latest entries' events a session keeps
// (Recent): the history a table shows.
const RecentEntries = 200

// snapEvery is the distance in entries between a session's snapshots: undo
// replays at most snapEvery-1 entries, and HistoryLimit is a multiple of it.
const snapEvery = 25

// NewSession starts a session on the encounter start, whose ruleset must be
// in reg. The start is validated as a decoder would: bounds, references,
// and every combatant's state against its stat block.
func NewSession(reg *Registry, start Encounter) (*Session, error) {
	rs, err := reg.Lookup(start.Ruleset)
	if err != nil {
		return nil, err
	}
	if err := ValidateEncounter(start); err != nil {
		return nil, err
	}
	if err := checkProfiles(rs, start); err != nil {
		return nil, err
	}
	cs := CountersOf(rs)
	for _, c := range start.Combatants {
		if err := checkCounts(c.Budget.Counts, cs); err != nil {
			return nil, fmt.Errorf("combatant %s: %w", c.ID, err)
		}
		if err := checkStatCounts(c.Stats, cs); err != nil {
			return nil, fmt.Errorf("combatant %s: %w", c.ID, err)
		}
	}
	st := start.Clone()
	return &Session{rs: rs, snaps: []Encounter{st}, cur: st}, nil
}

// Ruleset returns the session's ruleset.
func (s *Session) Ruleset() Ruleset { return s.rs }

// State returns a copy of the current encounter.
func (s *Session) State() Encounter { return s.cur.Clone() }

// Start returns a copy of the session's base state, the encounter before
// the first entry of Log.
func (s *Session) Start() Encounter { return s.snaps[0].Clone() }

// Log returns the whole log, including undone entries after the cursor.
func (s *Session) Log() []Entry { return append([]Entry(nil), s.log...) }

// Cursor returns the number of entries in effect: how far undo reaches
// back.
func (s *Session) Cursor() int { return s.cursor }

// Forecast returns the settings of the "who wins?" forecast kept with the
// session (saved and shared with it), or nil.
func (s *Session) Forecast() json.RawMessage { return s.forecast }

// SetForecast keeps the settings of the "who wins?" forecast with the
// session: JSON of at most 4096 bytes, stored compact; nil clears them.
// The engine does not read them (rules/forecast decodes them).
func (s *Session) SetForecast(raw json.RawMessage) error {
	v, err := opaque("forecast", raw)
	if err != nil {
		return err
	}
	s.forecast = v
	return nil
}

// Folded returns how many of the encounter's earliest commands were folded
// into the base state (Start) to keep the log within HistoryLimit: they
// stay in effect but can no longer be undone. Undo reaches back Cursor()
// commands; Folded()+Cursor() commands have been made in all.
func (s *Session) Folded() int { return s.folded }

// Do applies cmd with the seeded generator and logs it. On error nothing
// changes.
func (s *Session) Do(cmd Command) ([]Event, error) {
	pcg := dice.NewPCG(0)
	pcg.Restore(s.cur.Dice)
	rec := &dice.Recorder{Source: pcg}
	next, events, err := Apply(s.rs, s.cur, cmd, rec)
	if err != nil {
		return nil, err
	}
	next.Dice = pcg.State()
	e := Entry{Command: cmd, Tape: rec.Tape, Dice: next.Dice}
	if err := checkEntry(e, SaveLimits); err != nil {
		return nil, err
	}
	s.push(e, next, events)
	return events, nil
}

// DoWithDice applies cmd with faces rolled at the table, in the order the
// command asks for dice. Too few faces, a face that does not fit its die, or
// faces left over are errors and change nothing.
func (s *Session) DoWithDice(cmd Command, faces ...int) ([]Event, error) {
	sc := dice.NewScripted(faces...)
	rec := &dice.Recorder{Source: sc}
	next, events, err := Apply(s.rs, s.cur, cmd, rec)
	if err != nil {
		return nil, err
	}
	if n := sc.Remaining(); n > 0 {
		return nil, &LeftoverError{Left: n}
	}
	e := Entry{Command: cmd, Tape: rec.Tape, Physical: true, Dice: next.Dice}
	if err := checkEntry(e, SaveLimits); err != nil {
		return nil, err
	}
	s.push(e, next, events)
	return events, nil
}

// ResetMove puts the acting combatant back where its turn began, with its
// movement restored; it is itself an undoable command.
func (s *Session) ResetMove(id string) ([]Event, error) { return s.Do(ResetMove{ID: id}) }

// push logs e, whose result is next and events events, after the cursor,
// dropping the undone tail and folding the oldest entries past
// HistoryLimit.
func (s *Session) push(e Entry, next Encounter, events []Event) {
	s.log = append(s.log[:s.cursor], e)
	s.remember(events)
	s.snaps = s.snaps[:s.cursor/snapEvery+1]
	s.cursor++
	s.cur = next
	if s.cursor%snapEvery == 0 {
		// A snapshot keeps no derived state (Memo): replays from it derive
		// their own.
		snap := next
		snap.memo = nil
		s.snaps = append(s.snaps, snap)
	}
	if len(s.log) > HistoryLimit {
		// The log is exactly HistoryLimit+1 entries and the cursor at its
		// end: the first snapshot interval goes into the base state.
		s.log = slices.Delete(s.log, 0, snapEvery)
		s.snaps = slices.Delete(s.snaps, 0, 1)
		s.cursor -= snapEvery
		s.folded += snapEvery
	}
}

// remember keeps the events of the entry just put in effect, letting go
// of the oldest past RecentEntries.
func (s *Session) remember(events []Event) {
	if len(s.recent) >= 2*RecentEntries {
		s.recent = slices.Delete(s.recent, 0, len(s.recent)-RecentEntries+1)
	}
	s.recent = append(s.recent, events)
}

// Recent returns the events of the latest entries in effect, oldest first:
// those of the last min(Cursor(), RecentEntries) entries. The lists are the
// session's own: read them, do not change them.
func (s *Session) Recent() [][]Event {
	want := min(s.cursor, RecentEntries)
	if len(s.recent) < want {
		// Undone past what was kept: replay the entries from the
		// snapshot before them, twice as many as shown so that the next
		// undos find theirs. A log that replayed once replays again.
		if _, recent, err := s.stateAt(s.cursor, max(0, s.cursor-2*RecentEntries+1)); err == nil {
			s.recent = recent
		}
	}
	return slices.Clone(s.recent[max(0, len(s.recent)-want):])
}

// stateAt returns the state after n entries, replayed from the nearest
// snapshot with the entries' recorded dice, and the events of the entries
// from from on (none when from is n or more).
func (s *Session) stateAt(n, from int) (Encounter, [][]Event, error) {
	k := min(n, from) / snapEvery
	e := s.snaps[k]
	var recent [][]Event
	for i := k * snapEvery; i < n; i++ {
		next, events, err := replayEntry(s.rs, e, s.log[i])
		if err != nil {
			return Encounter{}, nil, &ReplayError{Index: i, Err: err}
		}
		if i >= from {
			recent = append(recent, events)
		}
		e = next
	}
	return e, recent, nil
}

// replayEntry applies a logged entry with its own dice, which it must use
// up exactly.
func replayEntry(rs Ruleset, e Encounter, en Entry) (Encounter, []Event, error) {
	return replayOwned(rs, e, en, false)
}

// replayOwned is replayEntry; with owned, the caller gives e up
// (ApplyOwned).
func replayOwned(rs Ruleset, e Encounter, en Entry, owned bool) (Encounter, []Event, error) {
	tape := dice.FromTape(en.Tape)
	var next Encounter
	var events []Event
	var err error
	if owned {
		next, events, err = ApplyOwned(rs, e, en.Command, tape, nil)
	} else {
		next, events, err = Apply(rs, e, en.Command, tape)
	}
	if err == nil && tape.Remaining() > 0 {
		err = &LeftoverError{Left: tape.Remaining()}
	}
	if err != nil {
		return Encounter{}, nil, err
	}
	next.Dice = en.Dice
	return next, events, nil
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
	return s.seek(s.cursor - 1)
}

// Redo steps forward one undone entry; it reports false when there is none.
func (s *Session) Redo() bool {
	if !s.CanRedo() {
		return false
	}
	return s.seek(s.cursor + 1)
}

// seek moves the cursor to n. Every entry of the log replayed when the
// session was built or logged, so replaying it again cannot fail; if it
// did, nothing changes.
func (s *Session) seek(n int) bool {
	if n == s.cursor+1 {
		e, events, err := replayEntry(s.rs, s.cur, s.log[s.cursor])
		if err != nil {
			return false
		}
		s.cur, s.cursor = e, n
		s.remember(events)
		return true
	}
	return s.back(n) == nil
}

// back moves the cursor back to n, replaying from the nearest snapshot,
// and lets go of the events of the entries undone.
func (s *Session) back(n int) error {
	e, _, err := s.stateAt(n, n)
	if err != nil {
		return err
	}
	s.recent = s.recent[:max(0, len(s.recent)-(s.cursor-n))]
	s.cur, s.cursor = e, n
	return nil
}

// Replay rebuilds a session from its base state and log, taking every die
// from the entries' tapes (the generator is not used), and sets the cursor.
// folded is how many earlier entries the base state holds (Folded).
func Replay(reg *Registry, start Encounter, log []Entry, cursor, folded int) (*Session, error) {
	if cursor < 0 || cursor > len(log) {
		return nil, Invalid("", "cursor", "%d is outside 0..%d", cursor, len(log))
	}
	if len(log) > HistoryLimit || folded < 0 || folded > maxFolded {
		return nil, Invalid("", "log", "%d entries after %d folded is outside the limits", len(log), folded)
	}
	s, err := NewSession(reg, start)
	if err != nil {
		return nil, err
	}
	s.folded = folded
	for i, e := range log {
		// The state before the entry is dropped once it is applied,
		// unless it is a snapshot: it can be changed in place.
		next, events, err := replayOwned(s.rs, s.cur, e, s.cursor%snapEvery != 0)
		if err != nil {
			return nil, &ReplayError{Index: i, Err: err}
		}
		s.push(Entry{Command: e.Command, Tape: slices.Clone(e.Tape), Physical: e.Physical, Dice: e.Dice}, next, events)
	}
	if cursor < s.cursor {
		if err := s.back(cursor); err != nil {
			return nil, err
		}
	}
	return s, nil
}
