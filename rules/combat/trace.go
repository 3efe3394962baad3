// Package combat holds the vocabulary every ruleset shares (rule IDs, trace
// steps, modifiers, typed errors) and, on top of it, the encounter engine:
// combatants, commands, events, the pure Apply function and the session log.
// It imports no ruleset; rulesets import it.
package combat

import (
	"fmt"
	"strings"
)

// RuleID names a rule of a ruleset specification, for example "K-CRIT-3",
// "KC-RTR-2" or "DND-ENG-4". Vector IDs ("V-19") use the same type.
type RuleID string

// StepKind says what a trace step records.
type StepKind uint8

// The kinds of trace step.
const (
	StepRoll     StepKind = iota + 1 // a die was rolled: Sides, Face
	StepModifier                     // a modifier applied to Quantity: Value
	StepTarget                       // a number compared against: Value
	StepCompute                      // an intermediate quantity was computed: Value
	StepOutcome                      // a decision was reached: Key names it
)

// Step is one line of a resolution trace. Key is a stable, language-neutral
// identifier (e.g. "need", "nat", "abs") that the UI translates; rules code
// never produces display text.
type Step struct {
	Rule     RuleID   `json:"rule"`
	Kind     StepKind `json:"kind"`
	Key      string   `json:"key"`
	Quantity string   `json:"qty,omitempty"` // what a modifier or computation applies to
	Sides    int      `json:"sides,omitempty"`
	Face     int      `json:"face,omitempty"`
	Value    int      `json:"value"`
}

// String renders a step compactly for test failures and logs.
func (s Step) String() string {
	switch s.Kind {
	case StepRoll:
		return fmt.Sprintf("[%s] %s: d%d=%d", s.Rule, s.Key, s.Sides, s.Face)
	case StepModifier:
		return fmt.Sprintf("[%s] %s %+d to %s", s.Rule, s.Key, s.Value, s.Quantity)
	default:
		return fmt.Sprintf("[%s] %s=%d", s.Rule, s.Key, s.Value)
	}
}

// Trace is the ordered list of steps of one resolution.
type Trace []Step

// Rules returns the distinct rule IDs cited by the trace, in first-seen order.
func (t Trace) Rules() []RuleID {
	seen := map[RuleID]bool{}
	var out []RuleID
	for _, s := range t {
		if !seen[s.Rule] {
			seen[s.Rule] = true
			out = append(out, s.Rule)
		}
	}
	return out
}

// Find returns the first step with the given key.
func (t Trace) Find(key string) (Step, bool) {
	for _, s := range t {
		if s.Key == key {
			return s, true
		}
	}
	return Step{}, false
}

// Modifier is a signed adjustment to a named quantity, with the rule that
// grants it. Key identifies the source (e.g. "ring-of-protection").
type Modifier struct {
	Rule     RuleID `json:"rule"`
	Key      string `json:"key"`
	Quantity string `json:"qty"`
	Value    int    `json:"value"`
}

// Step returns the modifier as a trace step.
func (m Modifier) Step() Step {
	return Step{Rule: m.Rule, Kind: StepModifier, Key: m.Key, Quantity: m.Quantity, Value: m.Value}
}

// Sum adds the values of the modifiers that apply to quantity q.
func Sum(mods []Modifier, q string) int {
	n := 0
	for _, m := range mods {
		if m.Quantity == q {
			n += m.Value
		}
	}
	return n
}

// RuleError is a typed error for input the rules reject: an impossible stat,
// an illegal command. Field names the offending input; Rule cites the rule
// that forbids it, when there is one. A refusal a user can meet at the
// table also has a Key and its Args, so that the UI says it in its own
// words; Msg is the English for logs.
type RuleError struct {
	Rule  RuleID
	Field string
	Msg   string
	// Key names the refusal (one of the Refusal… constants); "" for input
	// only a damaged file or link can hold.
	Key string
	// Args are the refusal's arguments, name then value ("name", "gob-1",
	// "square", "C4"). A value named "name" or "target" is a combatant's
	// ID, one named "why" a key of the ruleset's glossary.
	Args []any
}

// Error says what went wrong, for the message bar and logs.
func (e *RuleError) Error() string {
	if e.Rule != "" {
		return fmt.Sprintf("%s: %s (%s)", e.Field, e.Msg, e.Rule)
	}
	return fmt.Sprintf("%s: %s", e.Field, e.Msg)
}

// The keys of the refusals a user can meet at the table (RuleError.Key),
// with the arguments each takes.
const (
	RefusalNotStarted    = "not-started"       // a turn command before the start (ENG-TURN-1)
	RefusalNotYourTurn   = "not-your-turn"     // name, current (ENG-TURN-2)
	RefusalPending       = "decision-pending"  // a question waits for its answer (ENG-DECIDE-1)
	RefusalEnded         = "ended"             // the encounter is over (ENG-END-1)
	RefusalNoCounter     = "no-counter"        // name, counter: the key of a counter none of which is left (ENG-TURN-3)
	RefusalWithheld      = "withheld"          // name, counter, why: the ruleset's rules give none of the counter this turn (ENG-TURN-5)
	RefusalOffMap        = "off-map"           // square (ENG-MAP-1)
	RefusalWall          = "wall"              // square (ENG-MAP-1)
	RefusalNotNext       = "not-next"          // square, from (ENG-MOVE-2)
	RefusalTooFar        = "too-far"           // square (ENG-MOVE-3, a ruleset's movement)
	RefusalTaken         = "square-taken"      // square (a ruleset's room rule)
	RefusalMoveLocked    = "move-locked"       // name (ENG-MOVE-6)
	RefusalNotMoved      = "not-moved"         // name (ENG-MOVE-7)
	RefusalCannotMove    = "cannot-move"       // name, why (a ruleset's movement)
	RefusalCannotAttack  = "cannot-attack"     // name, target, why (a ruleset's attack)
	RefusalOutOfReach    = "out-of-reach"      // name, target (a ruleset's reach)
	RefusalStarted       = "already-started"   // ENG-START-1
	RefusalNobody        = "nobody"            // ENG-START-2, ENG-ORDER-8
	RefusalNoOrder       = "no-order"          // ENG-START-3
	RefusalOrderFixed    = "order-fixed"       // ENG-ORDER-5
	RefusalOutOfRange    = "out-of-range"      // value, min, max: a number of a stat block or a form
	RefusalSelfAttack    = "self-attack"       // name
	RefusalOneShieldBlow = "one-shield-attack" // KC-AMB-16
	RefusalUnknownField  = "unknown-field"     // key: a stat block or form names a field it has not
	RefusalRepeatedKey   = "repeated-key"      // key: a stat block or form gives a field twice
	RefusalReason        = "reason"            // why: a ruleset's reason alone, named in its terms
	RefusalNeedsMode     = "needs-mode"        // square, mode: only another movement mode reaches the square
	RefusalNoCombatant   = "no-combatant"      // id: a command names a creature the encounter does not hold
)

// Refuse returns a *RuleError for a refusal a user can meet at the table:
// key is one of the Refusal… constants and args its arguments, name then
// value. Its English message for logs is the key and the arguments.
func Refuse(rule RuleID, field, key string, args ...any) error {
	var b strings.Builder
	b.WriteString(key)
	for i := 0; i+1 < len(args); i += 2 {
		fmt.Fprintf(&b, " %v=%v", args[i], args[i+1])
	}
	return &RuleError{Rule: rule, Field: field, Msg: b.String(), Key: key, Args: args}
}

// OutOfRange refuses the number v of field for being outside lo..hi.
func OutOfRange(rule RuleID, field string, v, lo, hi int) error {
	return &RuleError{Rule: rule, Field: field, Msg: fmt.Sprintf("%d is outside %d..%d", v, lo, hi),
		Key: RefusalOutOfRange, Args: []any{"value", v, "min", lo, "max", hi}}
}

// NoCombatant refuses a command or a question that names, in field, a
// creature id the encounter does not hold. Out of line, like Invalid.
//
//go:noinline
func NoCombatant(rule RuleID, field, id string) error {
	return Refuse(rule, field, RefusalNoCombatant, "id", id)
}

// Invalid returns a *RuleError for field with a formatted message.
// It is kept out of line: refusals are the cold path, and inlining it at its
// hundreds of call sites made the app's bundle larger for no speed.
//
//go:noinline
func Invalid(rule RuleID, field, format string, args ...any) error {
	return &RuleError{Rule: rule, Field: field, Msg: fmt.Sprintf(format, args...)}
}
