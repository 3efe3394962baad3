package combat

import (
	"encoding/json"
	"fmt"
)

// Bounds on the numbers and lists of an encounter's state beyond those in
// apply.go, enforced by Apply on every state it returns and by the
// decoders, so that whatever a session holds it can save and open again
// (docs/save-format.md lists them all).
const (
	MaxTiebreak = 8         // roll-off faces kept per initiative slot: the latest ones, which order it
	MaxRound    = 1_000_000 // rounds; the counter stops there
	MaxTurns    = 1_000_000 // turns a combatant has completed; the counter stops there
	maxOptions  = 16        // answers offered by a pending decision
	maxAnswers  = 16        // answers given so far to one attack's questions
)

// MoveCap is the most movement a creature with stats s may have in one
// turn: its speed once for the turn and once more for each action and each
// use of its other counters (any may be an action that adds a move,
// ENG-TURN-4), doubled for the rulesets whose fastest movement type
// covers twice the normal distance.
func MoveCap(s Stats) int {
	uses := 1 + max(1, s.Actions)
	for _, n := range s.Counts.All() {
		uses += n
	}
	return 2 * s.Speed * uses
}

// TrimTiebreak keeps the latest MaxTiebreak roll-off faces of a slot: only
// the latest decides its place among equal scores.
func TrimTiebreak(faces []int) []int {
	if len(faces) > MaxTiebreak {
		return faces[len(faces)-MaxTiebreak:]
	}
	return faces
}

// checkState checks the bounds of every number and list of an encounter
// that no reference check covers: the ones a ruleset's or a command's
// values flow into. Apply refuses to return a state that fails it.
func checkState(e Encounter) error {
	if e.Round < 0 || e.Round > MaxRound {
		return Invalid("", "round", "%d is outside 0..%d", e.Round, MaxRound)
	}
	if err := checkSlots("order", e.Order); err != nil {
		return err
	}
	for i := range e.Combatants {
		if err := checkCombatant(&e.Combatants[i]); err != nil {
			return fmt.Errorf("combatant %s: %w", e.Combatants[i].ID, err)
		}
	}
	if d := e.Pending; d != nil {
		if len(d.Options) > maxOptions || len(d.Attack.Answers) > maxAnswers || len(d.Attack.Option) > MaxOpaque {
			return Invalid("", "pending", "more than %d options or answers, or an option over %d bytes", maxOptions, MaxOpaque)
		}
		for _, o := range append(append([]string(nil), d.Options...), d.Attack.Answers...) {
			if !validKey(o) {
				return Invalid("", "pending", "%q is not a valid key", o)
			}
		}
		if len(d.Tape) > SaveLimits.Tape {
			return Invalid("", "pending.tape", "%d dice is more than %d", len(d.Tape), SaveLimits.Tape)
		}
	}
	if m := e.Move; m != nil && (len(m.Path) > MaxPath || len(m.Attackers) > MaxCombatants) {
		return Invalid("", "move", "path over %d squares or more than %d attackers", MaxPath, MaxCombatants)
	}
	if err := e.Settings.Validate(); err != nil {
		return err
	}
	if e.Now < 0 || e.Now > MaxRound*MaxSegments {
		return Invalid("ENG-TL-3", "now", "segment %d is out of range", e.Now)
	}
	if err := validTimeline(e); err != nil {
		return err
	}
	return validDeclared(e)
}

// checkSlots checks the bounds of an initiative order: at most
// MaxCombatants slots and members, none empty, at most MaxTiebreak faces of
// 1…20 each.
func checkSlots(field string, order []Slot) error {
	if len(order) > MaxCombatants {
		return Invalid("ENG-ORDER-1", field, "%d slots is more than %d", len(order), MaxCombatants)
	}
	members := 0
	for _, s := range order {
		members += len(s.Members)
		if len(s.Members) == 0 || members > MaxCombatants {
			return Invalid("ENG-ORDER-1", field, "an empty slot, or more than %d members", MaxCombatants)
		}
		if s.Score < -MaxHPValue || s.Score > MaxHPValue {
			return Invalid("ENG-ORDER-2", field, "score %d is out of range", s.Score)
		}
		if len(s.Tiebreak) > MaxTiebreak {
			return Invalid("ENG-ORDER-3", field, "%d roll-off faces is more than %d", len(s.Tiebreak), MaxTiebreak)
		}
		for _, f := range s.Tiebreak {
			if f < 1 || f > 20 {
				return Invalid("ENG-ORDER-3", field, "roll-off face %d is not a d20's", f)
			}
		}
	}
	return nil
}

// checkCombatant checks a combatant's counters, turn budget and opaque
// state against the engine's bounds and its own stats: at most
// MaxCounters counters with keys of at most MaxCounterKey bytes, each
// within 0..MaxCount, and a turn's movement within MoveCap.
func checkCombatant(c *Combatant) error {
	if c.HP < -MaxHPValue || c.HP > c.Stats.MaxHP {
		return Invalid("", "hp", "%d is outside %d..%d", c.HP, -MaxHPValue, c.Stats.MaxHP)
	}
	if c.Turns < 0 || c.Turns > MaxTurns {
		return Invalid("", "turns", "%d is outside 0..%d", c.Turns, MaxTurns)
	}
	if len(c.Conditions) > MaxConditions {
		return Invalid("", "conditions", "at most %d", MaxConditions)
	}
	if len(c.Profile) > MaxOpaque || len(c.RoundState) > MaxOpaque || len(c.State) > MaxOpaque {
		return Invalid("", "state", "opaque data over %d bytes", MaxOpaque)
	}
	if b := c.Budget; b.StartMove < 0 || b.StartMove > MoveCap(c.Stats) {
		return OutOfRange("", "budget.startMove", b.StartMove, 0, MoveCap(c.Stats))
	}
	return checkCounts(c.Budget.Counts, nil)
}

// checkCommand checks the lists and numbers a command carries against the
// bounds Apply would check, so that a decoder refuses them before
// replaying anything.
func checkCommand(c Command) error {
	opaques := func(raw ...json.RawMessage) error {
		for _, r := range raw {
			if len(r) > MaxOpaque {
				return Invalid("", c.Kind(), "opaque data over %d bytes", MaxOpaque)
			}
		}
		return nil
	}
	switch c := c.(type) {
	case Place:
		return opaques(c.Profile)
	case Edit:
		return opaques(c.Profile)
	case SetOrder:
		return checkSlots("setOrder.order", c.Order)
	case Start:
		if len(c.Surprised) > MaxCombatants {
			return Invalid("ENG-SURP-2", "start.surprised", "more than %d", MaxCombatants)
		}
	case Move:
		if len(c.Path) > MaxPath {
			return Invalid("", "move.path", "%d squares is more than %d", len(c.Path), MaxPath)
		}
	case Attack:
		return opaques(c.Option)
	case Declare:
		if len(c.Targets) > MaxDeclTargets {
			return Invalid("ENG-PHASE-2", "declare.targets", "%d targets is more than %d", len(c.Targets), MaxDeclTargets)
		}
		return opaques(c.Option)
	case TakeOpportunity:
		return opaques(c.Option)
	case Configure:
		return c.Settings.Validate()
	case Act:
		return c.check()
	case SetAim:
		return c.check()
	case EditMap:
		if err := ValidateMap(c.Map); err != nil {
			return err
		}
	}
	return nil
}

// checkProfiles checks every combatant that has a stat block against it:
// its stats must be the ones the ruleset derives from the block, and a
// ruleset that keeps state of its own checks that too (StateChecker).
// Profile is a function of the block's text alone, so a block that several
// combatants share (a band of the same creature) is decoded once.
func checkProfiles(rs Ruleset, e Encounter) error {
	p, _ := rs.(Profiler)
	sc, _ := rs.(StateChecker)
	seen := map[string]Stats{}
	for _, c := range e.Combatants {
		if len(c.Profile) > 0 {
			if p == nil {
				return &UnsupportedError{Ruleset: rs.ID(), Capability: "Profiler"}
			}
			st, ok := seen[string(c.Profile)]
			if !ok {
				var err error
				if st, err = p.Profile(c.Profile); err != nil {
					return fmt.Errorf("combatant %s: %w", c.ID, err)
				}
				seen[string(c.Profile)] = st
			}
			if !st.Equal(c.Stats) {
				return Invalid("", "stats", "combatant %s: the stats are not the ones its stat block gives", c.ID)
			}
		}
		if sc != nil {
			if err := sc.CheckState(e, c.ID); err != nil {
				return fmt.Errorf("combatant %s: %w", c.ID, err)
			}
		}
	}
	return nil
}

// StateChecker is implemented by rulesets that keep state of their own in
// Combatant.RoundState and Combatant.State. CheckState checks combatant
// id's state as a decoder must: strictly decoded, and within what its stat
// block allows (a parry pool no larger than the block's, attributes no
// higher than the block's). Sessions call it on every encounter they start
// from, so a save or link cannot bring in state that play cannot reach.
type StateChecker interface {
	CheckState(enc Encounter, id string) error
}
