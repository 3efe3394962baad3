package encounter

import (
	"sync"

	"battlemat/rules/combat"
)

// memo remembers decoded values by their JSON: every query decodes every
// combatant's profile and states, and these rarely change between calls.
// It holds at most maxMemo entries (then starts afresh), is safe for
// concurrent use, and never changes a result, only how fast it comes.
// Decoded values share their slices between callers, which must treat them
// as read-only.
type memo[T any] struct {
	mu sync.Mutex
	m  map[string]T
}

const maxMemo = 1024

// get returns the value raw decodes to.
func (c *memo[T]) get(raw []byte, decode func([]byte) (T, error)) (T, error) {
	c.mu.Lock()
	v, ok := c.m[string(raw)]
	c.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := decode(raw)
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxMemo {
		c.m = map[string]T{}
	}
	c.m[string(raw)] = v
	c.mu.Unlock()
	return v, nil
}

// The decoded sheets, round states and persistent states.
var (
	sheets   memo[Sheet]
	rounds   memo[roundState]
	lastings memo[lasting]
)

// decodeInto returns a decoder of JSON into a T with the engine's strict
// decoder.
func decodeInto[T any](field string) func([]byte) (T, error) {
	return func(raw []byte) (T, error) {
		var v T
		err := combat.DecodeStrict(field, raw, &v)
		return v, err
	}
}
