package combat

import "sync"

// Memo holds what a ruleset derives from one revision of an encounter (its
// stat blocks decoded, the battlemap's lookups), so that the many queries
// asked of one state (every step of a reach search, every square of a
// highlight) derive it once. It lives inside the Encounter value and travels
// with its plain copies; Apply gives every new revision a fresh Memo that
// can still read the values of the revision it came from, so a ruleset can
// reuse what has not changed. Clone gives an empty one (so clones of equal
// encounters stay deeply equal), and a Session's snapshots keep none.
// There is no global cache. A value Apply returned may hold derived state
// that an equal encounter decoded or cloned does not: compare clones
// (Session.State is one) when comparing with reflect.DeepEqual.
//
// A Memo never changes a result, only how fast it comes: a ruleset must
// check that a value it loads still matches the encounter it is asked
// about, since a caller may change an Encounter's fields in place. It is
// safe for concurrent use. The zero Encounter has none: Load finds nothing
// and Store keeps nothing.
type Memo struct {
	mu sync.Mutex
	// key and val are the first value stored, and vals the others: a
	// ruleset that keeps one value (as the shipped ones do) needs no map.
	key, val any
	vals     map[any]any
	prev     *Memo // the memo of the revision this one came from, until this one holds a value
}

// find returns the value stored under key in m itself; m.mu is held.
func (m *Memo) find(key any) (any, bool) {
	if key != nil && m.key == key {
		return m.val, true
	}
	v, ok := m.vals[key]
	return v, ok
}

// empty reports whether m itself holds no value; m.mu is held.
func (m *Memo) empty() bool { return m.key == nil && m.vals == nil }

// Memo returns the encounter's memo, nil when it has none.
func (e Encounter) Memo() *Memo { return e.memo }

// Load returns the value stored under key in this revision or, failing
// that, in the revision it came from.
func (m *Memo) Load(key any) (any, bool) {
	if m == nil {
		return nil, false
	}
	m.mu.Lock()
	v, ok := m.find(key)
	prev := m.prev
	m.mu.Unlock()
	if ok || prev == nil {
		return v, ok
	}
	prev.mu.Lock()
	defer prev.mu.Unlock()
	return prev.find(key)
}

// Store keeps v under key for this revision and lets go of the previous
// revision's values.
func (m *Memo) Store(key, v any) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.prev = nil
	switch {
	case key != nil && (m.key == nil || m.key == key):
		m.key, m.val = key, v
	default:
		if m.vals == nil {
			m.vals = map[any]any{}
		}
		m.vals[key] = v
	}
}

// next returns a fresh memo for a revision derived from m's: it reads m's
// values, or those m still reads when m holds none, so a chain of
// revisions never keeps more than one older memo alive.
func (m *Memo) next() *Memo {
	if m == nil {
		return &Memo{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.empty() {
		return &Memo{prev: m.prev}
	}
	return &Memo{prev: m}
}
