package dice

import "fmt"

// TapeError is the panic value raised when a
// Scripted roller runs out of faces or is given a face that does not fit.
type TapeError struct {
	Index int    // position on the tape of the failing throw
	Want  int    // sides asked for
	Msg   string // what went wrong
}

// Error says what went wrong, for the message bar and logs.
func (e *TapeError) Error() string {
	return fmt.Sprintf("dice: throw %d (d%d): %s", e.Index, e.Want, e.Msg)
}

// Scripted is a roller that returns pre-set faces in order: physical dice
// entered at the table, a replayed tape, or a test's fixed rolls. It panics
// with a *TapeError when it runs out or a face does not fit the die asked
// for; Remaining reports faces left over, which tests treat as a failure.
type Scripted struct {
	throws []Throw // Sides 0 means "any die"
	next   int
}

// NewScripted returns a roller that yields faces in order, for any die size.
func NewScripted(faces ...int) *Scripted {
	t := make([]Throw, len(faces))
	for i, f := range faces {
		t[i] = Throw{Face: f}
	}
	return &Scripted{throws: t}
}

// FromTape returns a roller that replays a recorded tape and also checks that
// each throw is asked for with the same number of sides as recorded.
func FromTape(tape []Throw) *Scripted {
	return &Scripted{throws: append([]Throw(nil), tape...)}
}

// Roll returns the next scripted face.
func (s *Scripted) Roll(sides int) int {
	if s.next >= len(s.throws) {
		panic(&TapeError{Index: s.next, Want: sides, Msg: "no faces left"})
	}
	t := s.throws[s.next]
	if t.Sides != 0 && t.Sides != sides {
		panic(&TapeError{Index: s.next, Want: sides, Msg: fmt.Sprintf("tape has a d%d here", t.Sides)})
	}
	if t.Face < 1 || t.Face > sides {
		panic(&TapeError{Index: s.next, Want: sides, Msg: fmt.Sprintf("face %d does not fit", t.Face)})
	}
	s.next++
	return t.Face
}

// Remaining is the number of scripted faces not yet used.
func (s *Scripted) Remaining() int { return len(s.throws) - s.next }

// Catch runs f and converts a *TapeError panic from a Scripted roller into an
// error, so callers that accept physical dice can report a short or wrong
// tape instead of crashing. Other panics propagate.
func Catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			te, ok := r.(*TapeError)
			if !ok {
				panic(r)
			}
			err = te
		}
	}()
	f()
	return nil
}
