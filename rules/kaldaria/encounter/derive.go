package encounter

import (
	"encoding/json"
	"slices"
	"sync"
	"sync/atomic"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria/tactics"
)

// derivedKey is the key of the ruleset's derived state in an encounter's
// memo (combat.Memo).
type derivedKey struct{}

// derived is what the ruleset derives from one revision of an encounter:
// the field with everyone where they stand, and, built when a step is
// checked from another square (a reach search asks about many), the
// battle with the mover standing there.
type derived struct {
	// What it was derived from: the map, the round, the initiative order's
	// members and the combatants: the field's fighters hold what it read
	// of them, and cs does when the field could not be built.
	cs    []*seen
	m     grid.Map
	round int
	order [][]string

	field *field
	err   error

	// places are the battles with the mover standing elsewhere, shared
	// with the states derived before and after this one that have the
	// same battle (a condition that changes no creature of it, such as a
	// charge declared).
	places *placements
}

// placements are battles with one combatant moved, built from one battle.
type placements struct {
	mu    sync.Mutex
	moved map[placement]movedBattle
	last  atomic.Pointer[placed] // the placement asked last, looked up first
}

// placed is a battle with a combatant moved, with its placement.
type placed struct {
	at placement
	movedBattle
}

// placement is a combatant standing somewhere else than where it is.
type placement struct {
	id string
	at grid.Square
}

// movedBattle is the battle with one combatant moved, or why it cannot be
// built (a square over capacity, K-SIZE-2).
type movedBattle struct {
	battle *tactics.Battle
	err    error
}

// maxMoved bounds the battles with a combatant moved that one revision
// keeps; past it they start afresh.
const maxMoved = 64

// recent is what an encounter's memo holds: the states derived from its
// last two revisions, newest first, so that queries alternating between
// the encounter and a hypothetical copy of it (a creature placed
// elsewhere) do not derive each anew every time.
type recent [2]*derived

// derive returns the state derived from enc, from enc's memo when one of
// its values still matches enc, else derived anew and stored: from the
// memo's newest value when only some combatants changed since (a step, an
// attack), decoding and updating only those, else reusing its decoded
// profiles and states.
func derive(enc combat.Encounter) *derived {
	var was recent
	if v, ok := enc.Memo().Load(derivedKey{}); ok {
		was = v.(recent)
	}
	old := was[0]
	var (
		room    [16]int // for the changed combatants' indices, usually few
		changed []int
	)
	similar := false
	if old != nil {
		if changed, similar = old.changes(room[:0], enc); similar && len(changed) == 0 {
			return old
		}
	}
	if d := was[1]; d != nil {
		if fits, _ := d.moverOnly(enc, -1); fits {
			enc.Memo().Store(derivedKey{}, recent{d, old})
			return d
		}
	}
	d := &derived{m: enc.Map, round: enc.Round}
	var prev *field
	if old != nil {
		prev = old.field
	}
	// Copies of what changes compares, so that a caller changing enc in
	// place cannot change them too: the order's members here, the
	// combatants in the field's fighters.
	if similar {
		d.order = old.order
	} else {
		// One list holds every slot's members, each slot clipped to its own.
		n := 0
		for _, s := range enc.Order {
			n += len(s.Members)
		}
		members := make([]string, 0, n)
		d.order = make([][]string, len(enc.Order))
		for i, s := range enc.Order {
			members = append(members, s.Members...)
			d.order[i] = members[len(members)-len(s.Members) : len(members) : len(members)]
		}
	}
	if similar && old.err == nil {
		d.field, d.err = buildField(enc, prev, changed)
	} else {
		d.field, d.err = buildField(enc, prev, nil)
	}
	if d.err != nil {
		d.cs = make([]*seen, len(enc.Combatants))
		for i := range enc.Combatants {
			s := seenOf(&enc.Combatants[i])
			d.cs[i] = &s
		}
	}
	if d.err == nil && old != nil && old.err == nil && d.field.battle == old.field.battle {
		d.places = old.places
	} else {
		d.places = &placements{}
	}
	enc.Memo().Store(derivedKey{}, recent{d, old})
	return d
}

// combatants is how many combatants d was derived from.
func (d *derived) combatants() int {
	if d.field != nil {
		return len(d.field.fs)
	}
	return len(d.cs)
}

// combatant returns what d read of combatant i.
func (d *derived) combatant(i int) *seen {
	if d.field != nil {
		return &d.field.fs[i].c
	}
	return d.cs[i]
}

// deriveMover returns what a step of combatant id from square from needs:
// the state derived from enc, or from an earlier revision that differs
// from enc only in where id stands and what is left of its budget (as
// during a move, whose every step asks), with id's index in enc (the same
// in the derived state), -1 when enc has none. The caller reads id's
// position and budget from enc, and the rest from the derived state.
func deriveMover(enc combat.Encounter, id string, from grid.Square) (*derived, int) {
	i := enc.Find(id)
	if v, ok := enc.Memo().Load(derivedKey{}); ok && i >= 0 {
		if d := v.(recent)[0]; d != nil {
			fits, moved := d.moverOnly(enc, i)
			if fits {
				return d, i
			}
			// A step asked about again (not a move's next step) is worth
			// deriving the state for: the next asks find it.
			if moved {
				if l := d.places.last.Load(); l == nil || l.at != (placement{id, from}) {
					return d, i
				}
			}
		}
	}
	return derive(enc), i
}

// tierNow returns the tier attacker would get on defender in enc
// (tactics.Battle.Tier). When enc differs from the state its memo derived
// last only in where the attacker stands and what is left of its budget
// (a placement a planner asks about, as "what tier from there?"), it asks
// that state's battle with the attacker standing there (TierFrom) rather
// than a state derived anew for a hypothetical.
func tierNow(enc combat.Encounter, attacker, defender string) (tactics.TierCheck, error) {
	if v, ok := enc.Memo().Load(derivedKey{}); ok {
		if i := enc.Find(attacker); i >= 0 {
			if d := v.(recent)[0]; d != nil && d.err == nil {
				if _, moved := d.moverOnly(enc, i); moved {
					return d.field.battle.TierFrom(attacker, enc.Combatants[i].Pos, defender)
				}
			}
		}
	}
	fl, err := fieldNow(enc)
	if err != nil {
		return tactics.TierCheck{}, err
	}
	return fl.battle.Tier(attacker, defender)
}

// movedOnly reports whether a and b are equal but for where they stand
// (and what sameCombatant does not compare).
func movedOnly(a *seen, b *combat.Combatant) bool {
	x := *a
	x.Pos = b.Pos
	return sameCombatant(&x, b)
}

// seen is what a derived state reads of a combatant, and so what tells
// whether it changed: all but what is left of its budget and the turns it
// took (which queries read from the encounter itself, live), its name
// and the engine's stats (which follow from the stat block). Its list of
// conditions is its own (a caller may change the encounter's in place);
// the opaque JSON is shared, the engine only ever replacing it.
type seen struct {
	ID, Side                   string
	Pos                        grid.Square
	HP                         int
	Surprised                  bool
	Conditions                 []string
	Profile, RoundState, State json.RawMessage
}

// seenOf returns what a derived state reads of c.
func seenOf(c *combat.Combatant) seen {
	return seen{ID: c.ID, Side: c.Side, Pos: c.Pos, HP: c.HP, Surprised: c.Surprised, Conditions: slices.Clone(c.Conditions),
		Profile: c.Profile, RoundState: c.RoundState, State: c.State}
}

// changes compares enc with what d was derived from. similar is true when
// they have the same map, round, initiative order and combatant IDs in the
// same order; changed then lists the combatants that differ, by index,
// appended to dst.
func (d *derived) changes(dst []int, enc combat.Encounter) (changed []int, similar bool) {
	if !d.sameFrame(enc) {
		return nil, false
	}
	changed = dst
	for i := range enc.Combatants {
		c, e := d.combatant(i), &enc.Combatants[i]
		if c.ID != e.ID {
			return nil, false
		}
		if !sameCombatant(c, e) {
			changed = append(changed, i)
		}
	}
	return changed, true
}

// moverOnly is changes for a question about combatant i of enc (-1 for
// none), which stops at the first difference that rules d out: fits is
// true when nothing differs, moved when only combatant i does, and only in
// where it stands (movedOnly).
func (d *derived) moverOnly(enc combat.Encounter, i int) (fits, moved bool) {
	if !d.sameFrame(enc) {
		return false, false
	}
	for j := range enc.Combatants {
		c, e := d.combatant(j), &enc.Combatants[j]
		switch {
		case sameCombatant(c, e):
		case j == i && movedOnly(c, e):
			moved = true
		default:
			return false, false
		}
	}
	return !moved, moved
}

// sameFrame reports whether enc has the map, round, initiative order and
// number of combatants d was derived from.
func (d *derived) sameFrame(enc combat.Encounter) bool {
	if d.m.W != enc.Map.W || d.m.H != enc.Map.H || !same(d.m.Walls, enc.Map.Walls) ||
		d.round != enc.Round || d.combatants() != len(enc.Combatants) || len(d.order) != len(enc.Order) {
		return false
	}
	for i, s := range d.order {
		if !slices.Equal(s, enc.Order[i].Members) {
			return false
		}
	}
	return true
}

// sameCombatant reports whether a and b are equal in everything a derived
// state is derived from: all but what is left of the budget and the turns
// taken, which change with nearly every command and which queries read
// from the encounter itself (live), so a command that only spends an
// action or ends a turn derives nothing anew; nor the name and the
// engine's stats (which follow from the stat block), which nothing derived
// reads. The opaque JSON is compared by identity first: the engine only
// ever replaces it.
func sameCombatant(a *seen, b *combat.Combatant) bool {
	return a.Pos == b.Pos && a.HP == b.HP && a.Surprised == b.Surprised &&
		same(a.Profile, b.Profile) && same(a.RoundState, b.RoundState) && same(a.State, b.State) &&
		a.ID == b.ID && a.Side == b.Side && slices.Equal(a.Conditions, b.Conditions)
}

// same reports whether a and b hold equal elements, without reading them
// when they are the same slice (the engine shares walls and opaque JSON
// between revisions and only ever replaces them).
func same[S ~[]E, E comparable](a, b S) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0] || slices.Equal(a, b)
}

// battleWith returns the battle with combatant i (an index of the
// encounter d matches, -1 for none) standing at at.
func (d *derived) battleWith(i int, at grid.Square) (*tactics.Battle, error) {
	if d.err != nil {
		return nil, d.err
	}
	if i < 0 {
		return d.field.battle, nil
	}
	f := d.field.fs[i]
	if f.c.Pos == at {
		return d.field.battle, nil
	}
	key := placement{f.c.ID, at}
	ps := d.places
	if l := ps.last.Load(); l != nil && l.at == key {
		return l.battle, l.err
	}
	ps.mu.Lock()
	mb, ok := ps.moved[key]
	ps.mu.Unlock()
	if ok {
		ps.last.Store(&placed{key, mb})
		return mb.battle, mb.err
	}
	mb.battle, mb.err = d.field.battle.With(f.c.ID, at)
	ps.mu.Lock()
	if ps.moved == nil || len(ps.moved) >= maxMoved {
		ps.moved = map[placement]movedBattle{}
	}
	ps.moved[key] = mb
	ps.mu.Unlock()
	ps.last.Store(&placed{key, mb})
	return mb.battle, mb.err
}
