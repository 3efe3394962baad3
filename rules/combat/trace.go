// Package combat holds the vocabulary every ruleset shares (rule IDs, trace
// steps, modifiers, typed errors) and, on top of it, the encounter engine:
// combatants, commands, events, the pure Apply function and the session log.
// It imports no ruleset; rulesets import it.
package combat

import "fmt"

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
// that forbids it, when there is one.
type RuleError struct {
	Rule  RuleID
	Field string
	Msg   string
}

// Error says what went wrong, for the message bar and logs.
func (e *RuleError) Error() string {
	if e.Rule != "" {
		return fmt.Sprintf("%s: %s (%s)", e.Field, e.Msg, e.Rule)
	}
	return fmt.Sprintf("%s: %s", e.Field, e.Msg)
}

// Invalid returns a *RuleError for field with a formatted message.
func Invalid(rule RuleID, field, format string, args ...any) error {
	return &RuleError{Rule: rule, Field: field, Msg: fmt.Sprintf(format, args...)}
}
