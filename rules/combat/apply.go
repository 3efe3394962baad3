package combat

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// Bounds on an encounter, enforced by Apply and by the decoders.
const (
	MaxCombatants = 200     // creatures in one encounter
	MaxMapSide    = 200     // squares along either side of the map
	MaxPath       = 400     // squares in one Move
	MaxHPValue    = 1000000 // largest |HP| and MaxHP
	MaxConditions = 16      // conditions on one creature
	maxKeyLen     = 32      // IDs, sides, groups, condition and action keys
	maxNameLen    = 64      // display names, in bytes
)

// Apply applies cmd to enc with the encounter's ruleset rs and the dice r.
// It is pure: enc is never modified, and on error (an illegal command, a
// missing capability, a short or wrong dice tape) it returns enc itself, no
// events and a typed error. The result shares with enc the lists the
// engine only ever replaces (walls, conditions, the initiative slots'
// members and roll-off faces, opaque JSON): treat them as read-only, or
// Clone the result.
func Apply(rs Ruleset, enc Encounter, cmd Command, r dice.Roller) (Encounter, []Event, error) {
	if err := rulesetOf(rs, enc); err != nil {
		return enc, nil, err
	}
	return apply(rs, enc, enc.fork(), enc.memo.next(), cmd, r, nil)
}

// rulesetOf checks that rs is the encounter's ruleset.
func rulesetOf(rs Ruleset, enc Encounter) error {
	if rs == nil {
		return &UnknownRulesetError{ID: enc.Ruleset}
	}
	if rs.ID() != enc.Ruleset {
		return Invalid("", "ruleset", "encounter uses %q, not %q", enc.Ruleset, rs.ID())
	}
	return nil
}

// ApplyOwned is Apply for a caller that owns enc, sharing none of its
// lists with any other value, and never reads it again: the new state is
// built in enc's own lists instead of copies of them. The result and the
// events are Apply's. On error it returns enc, which the command may have
// left half changed, so the caller must drop it too. A caller that plays
// many commands on a private copy (a forecast playing a fight through)
// saves a copy of the combatants and the initiative order per command.
// The events are appended to events (nil for a new list), so a caller that
// is done with the last command's events can hand their list back,
// emptied, and save its growth.
func ApplyOwned(rs Ruleset, enc Encounter, cmd Command, r dice.Roller, events []Event) (Encounter, []Event, error) {
	if err := rulesetOf(rs, enc); err != nil {
		return enc, nil, err
	}
	return apply(rs, enc, enc, enc.memo.next(), cmd, r, events)
}

// apply applies cmd to next, enc's fork or enc itself, as Apply describes,
// with memo as the new state's memo, appending its events to events.
func apply(rs Ruleset, enc, next Encounter, memo *Memo, cmd Command, r dice.Roller, events []Event) (Encounter, []Event, error) {
	a := &applier{rs: rs, e: next, r: r, events: events, counters: CountersOf(rs)}
	a.e.memo = memo
	if tr, ok := rs.(TurnRuler); ok {
		a.rules = tr.TurnRules()
	}
	var err error
	if terr := dice.Catch(func() { err = a.do(cmd) }); terr != nil {
		return enc, nil, terr
	}
	if err == nil {
		err = checkState(a.e)
	}
	if err != nil {
		return enc, nil, citeError(rs, err)
	}
	return a.e, a.events, nil
}

// applier carries one application of a command: the ruleset, the new state
// being built (a fork of the old one: lists shared with it are replaced,
// never changed in place) and the events so far.
type applier struct {
	rs       Ruleset
	rules    TurnRules
	counters []Counter // CountersOf(rs), asked once per command
	e        Encounter
	r        dice.Roller
	events   []Event
}

// do checks the rules every command shares, then runs it.
func (a *applier) do(cmd Command) error {
	if a.e.Pending != nil {
		switch cmd.(type) {
		case TakeOpportunity, DeclineOpportunity, Choose, End:
		default:
			return Refuse("ENG-DECIDE-1", "command", RefusalPending, "command", cmd.Kind())
		}
	}
	if a.e.Phase == PhaseEnded {
		return Refuse("ENG-END-1", "command", RefusalEnded, "command", cmd.Kind())
	}
	return cmd.apply(a)
}

// emit records an event, citing the ruleset's rule for an engine rule.
func (a *applier) emit(ev Event) {
	ev.Rule = Cite(a.rs, ev.Rule)
	a.events = append(a.events, ev)
}

// get returns combatant id for changing, or a typed error.
func (a *applier) get(id string) (*Combatant, error) {
	i := a.e.Find(id)
	if i < 0 {
		return nil, NoCombatant("", "id", id)
	}
	return &a.e.Combatants[i], nil
}

// acting returns the combatant whose turn it is, checking it is id.
func (a *applier) acting(id string) (*Combatant, error) {
	if a.e.Phase != PhaseRunning {
		return nil, Refuse("ENG-TURN-1", "phase", RefusalNotStarted)
	}
	if cur := a.e.Current(); cur != id {
		return nil, Refuse("ENG-TURN-2", "id", RefusalNotYourTurn, "name", id, "current", cur)
	}
	return a.get(id)
}

func (a *applier) unsupported(capability string) error {
	return &UnsupportedError{Ruleset: a.rs.ID(), Capability: capability}
}

// fits reports why a creature of the given side length cannot stand at s.
func fits(m grid.Map, s grid.Square, side int) error {
	for dy := 0; dy < side; dy++ {
		for dx := 0; dx < side; dx++ {
			q := s.Add(grid.Square{X: dx, Y: dy})
			if !m.In(q) {
				return Refuse("ENG-MAP-1", "pos", RefusalOffMap, "square", q.Name())
			}
			if _, wall := slices.BinarySearchFunc(m.Walls, q, grid.Compare); wall {
				return Refuse("ENG-MAP-1", "pos", RefusalWall, "square", q.Name())
			}
		}
	}
	return nil
}

// resolveAttack asks the ruleset to resolve req, replaying prefix first (the
// dice consumed before a question), and applies the outcome.
func (a *applier) resolveAttack(req AttackRequest, prefix []dice.Throw) error {
	att, ok := a.rs.(Attacker)
	if !ok {
		return a.unsupported("Attacker")
	}
	rec := &dice.Recorder{Source: &chainRoller{first: dice.FromTape(prefix), then: a.r}}
	out, err := att.Attack(a.e, req, rec)
	if err != nil {
		return err
	}
	if out.Ask != nil {
		q := *out.Ask
		if len(q.Options) == 0 || !validKey(q.Key) || a.e.Find(q.Chooser) < 0 {
			return Invalid("", "ask", "ruleset asked an unanswerable question %q", q.Key)
		}
		a.e.Pending = &Decision{Kind: DecideAttack, Key: q.Key, Chooser: q.Chooser,
			Options: slices.Clone(q.Options), Attack: req, Tape: rec.Tape}
		a.emit(Header{}.With(a.e.Pending.clone()))
		return nil
	}
	if out.Damage < 0 || out.Damage > MaxHPValue {
		return Invalid("", "damage", "ruleset returned damage %d", out.Damage)
	}
	wasUp, err := a.up(req.Defender)
	if err != nil {
		return err
	}
	if err := a.setStates(out.State, out.RoundState); err != nil {
		return err
	}
	a.emit(Header{Actor: req.Attacker, Target: req.Defender}.With(Blow{Hit: out.Hit, Damage: out.Damage, Trace: out.Trace}))
	for _, id := range slices.Sorted(maps.Keys(out.Conditions)) {
		for _, k := range out.Conditions[id] {
			if err := a.addCondition(id, k, out.ConditionRule); err != nil {
				return err
			}
		}
	}
	if out.Damage > 0 {
		d, err := a.get(req.Defender)
		if err != nil {
			return err
		}
		a.setHP(d, d.HP-out.Damage)
	}
	return a.downed(req.Defender, wasUp)
}

// setStates stores a ruleset's new persistent and per-round states.
func (a *applier) setStates(state, round map[string]json.RawMessage) error {
	if err := a.setOpaque(round, func(c *Combatant) *json.RawMessage { return &c.RoundState }); err != nil {
		return err
	}
	return a.setOpaque(state, func(c *Combatant) *json.RawMessage { return &c.State })
}

// setOpaque stores a ruleset's new opaque values in the field of each
// listed combatant.
func (a *applier) setOpaque(values map[string]json.RawMessage, field func(*Combatant) *json.RawMessage) error {
	for id, v := range values {
		c, err := a.get(id)
		if err != nil {
			return err
		}
		if *field(c), err = opaque("state", v); err != nil {
			return err
		}
	}
	return nil
}

// setHP changes a combatant's HP and reports it.
func (a *applier) setHP(c *Combatant, hp int) {
	c.HP = hp
	a.emit(Header{Actor: c.ID}.With(HPSet{HP: hp}))
}

// up reports whether combatant id is still in the fight, by the ruleset's
// Vitality or its HP (DND-ND-5, CA-DMG-6).
func (a *applier) up(id string) (bool, error) {
	return IsUp(a.rs, a.e, id)
}

// downed reports combatant id as down if it was up before a change and is
// no longer (DND-ND-5).
func (a *applier) downed(id string, wasUp bool) error {
	up, err := a.up(id)
	if err != nil {
		return err
	}
	if wasUp && !up {
		a.emit(Header{Rule: "ENG-DOWN-1", Actor: id}.Bare(Downed))
	}
	return nil
}

// chainRoller yields the faces of a recorded tape, then rolls live.
type chainRoller struct {
	first *dice.Scripted
	then  dice.Roller
}

// Roll takes the next die from the replayed prefix, then from the live roller.
func (c *chainRoller) Roll(sides int) int {
	if c.first.Remaining() > 0 {
		return c.first.Roll(sides)
	}
	return c.then.Roll(sides)
}

// opaque checks a ruleset's opaque JSON (profile, per-round state, attack
// option) and returns it compacted, so equal values compare equal however
// they were formatted.
func opaque(field string, raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	if len(raw) > MaxOpaque {
		return nil, Invalid("", field, "longer than %d bytes", MaxOpaque)
	}
	if compactJSON(raw) {
		// Valid and without a byte of white space anywhere: already
		// compact, as json.Marshal writes it.
		return slices.Clone(raw), nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, Invalid("", field, "not JSON: %v", err)
	}
	return buf.Bytes(), nil
}

// validKey reports whether s is a stable identifier: 1 to 32 of a-z, A-Z,
// 0-9, '-' and '_'.
// ValidKey reports whether s may be an ID, a side or a key of a command:
// 1 to 32 ASCII letters, digits, '-' or '_'.
func ValidKey(s string) bool { return validKey(s) }

func validKey(s string) bool {
	if len(s) == 0 || len(s) > maxKeyLen {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
		default:
			return false
		}
	}
	return true
}
