package encounter

import (
	"slices"
	"sync"

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
	from  combat.Encounter // the encounter it was derived from, its combatants copied
	field *field
	err   error

	mu    sync.Mutex
	moved map[placement]movedBattle
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
// its values still matches enc, else derived anew (reusing the decoded
// profiles, states and battle of the memo's newest value) and stored.
func derive(enc combat.Encounter) *derived {
	var was recent
	if v, ok := enc.Memo().Load(derivedKey{}); ok {
		was = v.(recent)
		for i, d := range was {
			if d != nil && d.matches(enc) {
				if i > 0 {
					enc.Memo().Store(derivedKey{}, recent{d, was[0]})
				}
				return d
			}
		}
	}
	old := was[0]
	d := &derived{from: enc}
	// A copy of what matches compares, so that a caller changing enc in
	// place cannot change it too.
	d.from.Combatants = slices.Clone(enc.Combatants)
	for i := range d.from.Combatants {
		d.from.Combatants[i].Conditions = slices.Clone(enc.Combatants[i].Conditions)
	}
	d.from.Order = slices.Clone(enc.Order)
	for i := range d.from.Order {
		d.from.Order[i].Members = slices.Clone(enc.Order[i].Members)
	}
	var prev *field
	if old != nil {
		prev = old.field
	}
	d.field, d.err = buildField(enc, prev)
	enc.Memo().Store(derivedKey{}, recent{d, old})
	return d
}

// matches reports whether enc holds everything d was derived from: the
// map, the round, the initiative order and every combatant.
func (d *derived) matches(enc combat.Encounter) bool {
	e := d.from
	if e.Map.W != enc.Map.W || e.Map.H != enc.Map.H || !same(e.Map.Walls, enc.Map.Walls) ||
		e.Round != enc.Round || e.Phase != enc.Phase || e.Turn != enc.Turn ||
		len(e.Combatants) != len(enc.Combatants) || len(e.Order) != len(enc.Order) {
		return false
	}
	for i, s := range e.Order {
		if !slices.Equal(s.Members, enc.Order[i].Members) {
			return false
		}
	}
	for i := range e.Combatants {
		if !sameCombatant(&e.Combatants[i], &enc.Combatants[i]) {
			return false
		}
	}
	return true
}

// sameCombatant reports whether a and b are equal. The opaque JSON is
// compared by identity first: the engine only ever replaces it.
func sameCombatant(a, b *combat.Combatant) bool {
	return a.ID == b.ID && a.Name == b.Name && a.Side == b.Side && a.Pos == b.Pos && a.Stats == b.Stats &&
		a.HP == b.HP && a.Surprised == b.Surprised && a.Turns == b.Turns && a.Budget == b.Budget &&
		slices.Equal(a.Conditions, b.Conditions) &&
		same(a.Profile, b.Profile) && same(a.RoundState, b.RoundState) && same(a.State, b.State)
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

// battleWith returns the battle with combatant id standing at at.
func (d *derived) battleWith(id string, at grid.Square) (*tactics.Battle, error) {
	if d.err != nil {
		return nil, d.err
	}
	if f, ok := d.field.fighters[id]; ok && f.c.Pos == at {
		return d.field.battle, nil
	}
	key := placement{id, at}
	d.mu.Lock()
	mb, ok := d.moved[key]
	d.mu.Unlock()
	if ok {
		return mb.battle, mb.err
	}
	mb.battle, mb.err = d.field.battleWith(id, at)
	d.mu.Lock()
	if d.moved == nil || len(d.moved) >= maxMoved {
		d.moved = map[placement]movedBattle{}
	}
	d.moved[key] = mb
	d.mu.Unlock()
	return mb.battle, mb.err
}
