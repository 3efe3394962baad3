package encounter

import (
	"encoding/json"
	"sync"

	"battlemat/rules/combat"
	"battlemat/rules/kaldaria"
)

// lineage is what the fields derived from one encounter and its later
// revisions share: the odds already computed, keyed by everything they
// depend on, so that a question asked again in a later revision (the same
// two creatures with the same hit points, the same attack) is not
// enumerated again, and the per-round and lasting states and attack
// options already decoded, by their text. A forecast's fights all start
// from one encounter and so share it. The decoded values are shared: read
// them only.
type lineage struct {
	mu      sync.Mutex
	odds    map[oddsKey][]combat.Chance
	decoded map[string]map[string]any // by field name, then text
}

// maxDecoded bounds the values of one field a lineage keeps; past it they
// start afresh.
const maxDecoded = 1024

// decodeIn decodes raw strictly as field, from lineage l when it has met
// the same text (l may be nil), keeping what it decodes there.
func decodeIn[T any](l *lineage, field string, raw json.RawMessage) (T, error) {
	if l != nil {
		l.mu.Lock()
		got, ok := l.decoded[field][string(raw)]
		l.mu.Unlock()
		if ok {
			return got.(T), nil
		}
	}
	return decodeNew[T](l, field, raw)
}

// decodeNew is decodeIn for text l has not met: apart, so that a value
// found costs no allocation for the one decoded into.
func decodeNew[T any](l *lineage, field string, raw json.RawMessage) (T, error) {
	var v T
	if err := combat.DecodeStrict(field, raw, &v); err != nil {
		return v, err
	}
	if l != nil {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.decoded == nil {
			l.decoded = map[string]map[string]any{}
		}
		m := l.decoded[field]
		if m == nil || len(m) >= maxDecoded {
			m = map[string]any{}
			l.decoded[field] = m
		}
		m[string(raw)] = v
	}
	return v, nil
}

// maxLineageOdds bounds the odds a lineage keeps; past it they start
// afresh. Every odds kept is memory the garbage collector walks through
// on each of its cycles: a forecast, whose fights share one lineage, runs
// faster with a few hundred kept than with thousands.
const maxLineageOdds = 512

// oddsKey is everything Odds reads: both stat blocks, by identity of their
// JSON (the engine only ever replaces it) and length, the vitals the
// encounter gives them, the defender's pools spent this round and the
// attack with its tier and situation.
type oddsKey struct {
	att, def       *byte
	attLen, defLen int
	attV, defV     kaldaria.Vitals
	weapon, shield int
	aura, hits     int
	a              kaldaria.Attack
}

// keyOf returns the key of strike s, and false when a stat block has no
// JSON to identify it by.
func keyOf(s strike, att, def kaldaria.Profile) (oddsKey, bool) {
	ap, dp := s.att.c.Profile, s.def.c.Profile
	if len(ap) == 0 || len(dp) == 0 {
		return oddsKey{}, false
	}
	r := s.def.round.RoundState
	return oddsKey{att: &ap[0], def: &dp[0], attLen: len(ap), defLen: len(dp), attV: att.Vitals, defV: def.Vitals,
		weapon: r.WeaponParries, shield: r.ShieldParries, aura: r.AuraParries, hits: r.DodgeHits, a: s.a}, true
}

// loadOdds returns the chances kept under k, nil when there are none. The
// caller gets its own copy.
func (l *lineage) loadOdds(k oddsKey) []combat.Chance {
	l.mu.Lock()
	defer l.mu.Unlock()
	if ch, ok := l.odds[k]; ok {
		return append([]combat.Chance(nil), ch...)
	}
	return nil
}

// storeOdds keeps a copy of the chances ch under k.
func (l *lineage) storeOdds(k oddsKey, ch []combat.Chance) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.odds == nil || len(l.odds) >= maxLineageOdds {
		l.odds = map[oddsKey][]combat.Chance{}
	}
	l.odds[k] = append([]combat.Chance(nil), ch...)
}
