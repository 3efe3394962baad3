package encounter

import (
	"encoding/json"
	"slices"
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
	cache   oddsCache
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

// maxLineageOdds bounds the odds one generation of a lineage's cache
// keeps: past it that generation becomes the older one, and the one older
// still is dropped. The cache holds no pointers (oddsKey, packedChance),
// so the garbage collector never walks through it: a forecast, whose
// fights share one lineage, meets its few thousand questions once each.
const maxLineageOdds = 2048

// maxInterned bounds the stat blocks and attacks a lineage numbers for its
// odds keys; past it the odds start afresh.
const maxInterned = 1024

// oddsKey is everything Odds reads: both stat blocks, by identity of their
// JSON (the engine only ever replaces it) and length, the vitals the
// encounter gives them, the defender's pools spent this round and the
// attack with its tier and situation. The stat blocks and the attack are
// numbered by the lineage (oddsCache.profiles, oddsCache.attacks), so the
// key holds no pointer. Its epoch is the numbering's: a key numbered
// before the cache started afresh matches nothing kept after.
type oddsKey struct {
	epoch          uint32
	att, def       int32
	a              int32
	attV, defV     kaldaria.Vitals
	weapon, shield int
	aura, hits     int
}

// profileRef identifies a stat block by its JSON: the engine only ever
// replaces it, never changes it in place.
type profileRef struct {
	p *byte
	n int
}

// oddsCache is the odds a lineage keeps: two generations of keys, each
// pointing into its own run of packed chances.
type oddsCache struct {
	epoch    uint32 // how many times the numbering started afresh
	profiles map[profileRef]int32
	attacks  map[kaldaria.Attack]int32
	newer    oddsGeneration
	older    oddsGeneration
	// damage holds the keys of the damage chances met, by amount, so that
	// unpacking them allocates no text.
	damage map[int]string
}

// oddsGeneration is one generation of kept odds: each key's chances are
// chances[at : at+n].
type oddsGeneration struct {
	index   map[oddsKey]oddsSpan
	chances []packedChance
}

// oddsSpan is where one key's chances lie in its generation.
type oddsSpan struct{ at, n int32 }

// packedChance is a combat.Chance without its key: the key is
// fixedChances[key], or for a damage chance ChanceDamage and the amount.
type packedChance struct {
	num    int64
	den    int64
	amount int
	key    uint8
	kind   combat.ChanceKind
}

// fixedChances are the keys of the chances Odds reports that are not
// damage amounts, which packedChance numbers.
var fixedChances = [...]string{ChanceMiss, ChanceDodged, ChanceParried, ChanceHit, ChanceCritical, ChanceDown, ChanceDead, ChanceLifeKey}

// damageChance marks a packedChance of a damage amount.
const damageChance = uint8(len(fixedChances))

// keyOf returns the key of strike s, and false when a stat block has no
// JSON to identify it by. l numbers the stat blocks and the attack.
func (l *lineage) keyOf(s strike, att, def kaldaria.Profile) (oddsKey, bool) {
	ap, dp := s.att.c.Profile, s.def.c.Profile
	if len(ap) == 0 || len(dp) == 0 {
		return oddsKey{}, false
	}
	r := s.def.round.RoundState
	k := oddsKey{attV: att.Vitals, defV: def.Vitals,
		weapon: r.WeaponParries, shield: r.ShieldParries, aura: r.AuraParries, hits: r.DodgeHits}
	l.mu.Lock()
	defer l.mu.Unlock()
	c := &l.cache
	if len(c.profiles) >= maxInterned-1 || len(c.attacks) >= maxInterned {
		*c = oddsCache{epoch: c.epoch + 1}
	}
	k.epoch, k.att, k.def, k.a = c.epoch, c.profile(ap), c.profile(dp), c.attack(s.a)
	return k, true
}

// profile returns the number of the stat block with JSON raw.
func (c *oddsCache) profile(raw json.RawMessage) int32 {
	ref := profileRef{&raw[0], len(raw)}
	n, ok := c.profiles[ref]
	if !ok {
		if c.profiles == nil {
			c.profiles = map[profileRef]int32{}
		}
		n = int32(len(c.profiles))
		c.profiles[ref] = n
	}
	return n
}

// attack returns the number of attack a.
func (c *oddsCache) attack(a kaldaria.Attack) int32 {
	n, ok := c.attacks[a]
	if !ok {
		if c.attacks == nil {
			c.attacks = map[kaldaria.Attack]int32{}
		}
		n = int32(len(c.attacks))
		c.attacks[a] = n
	}
	return n
}

// loadOdds appends the chances kept under k to dst; ok is false, and dst
// unchanged, when there are none.
func (l *lineage) loadOdds(dst []combat.Chance, k oddsKey) ([]combat.Chance, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := &l.cache
	if sp, ok := c.newer.index[k]; ok {
		return c.unpack(dst, c.newer.chances[sp.at:sp.at+sp.n]), true
	}
	if sp, ok := c.older.index[k]; ok {
		pcs := c.older.chances[sp.at : sp.at+sp.n]
		c.keep(k, pcs)
		return c.unpack(dst, pcs), true
	}
	return dst, false
}

// storeOdds keeps the chances ch under k, unless one of them has a key
// packedChance cannot number.
func (l *lineage) storeOdds(k oddsKey, ch []combat.Chance) {
	pcs := make([]packedChance, len(ch))
	for i, x := range ch {
		pcs[i] = packedChance{num: x.Num, den: x.Den, amount: x.Amount, kind: x.Kind, key: damageChance}
		if x.Kind == combat.DamageChance {
			if x.Key != combat.Damage(x.Amount, 0, 0).Key {
				return
			}
			continue
		}
		j := slices.Index(fixedChances[:], x.Key)
		if j < 0 || x.Amount != 0 {
			return
		}
		pcs[i].key = uint8(j)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if k.epoch == l.cache.epoch {
		l.cache.keep(k, pcs)
	}
}

// keep puts chances pcs under k in the newer generation, which becomes
// the older one once full.
func (c *oddsCache) keep(k oddsKey, pcs []packedChance) {
	if c.newer.index == nil || len(c.newer.index) >= maxLineageOdds {
		c.older = c.newer
		c.newer = oddsGeneration{index: make(map[oddsKey]oddsSpan, maxLineageOdds)}
	}
	g := &c.newer
	g.index[k] = oddsSpan{int32(len(g.chances)), int32(len(pcs))}
	g.chances = append(g.chances, pcs...)
}

// unpack appends the chances pcs to dst as combat.Chances.
func (c *oddsCache) unpack(dst []combat.Chance, pcs []packedChance) []combat.Chance {
	n := len(dst)
	dst = slices.Grow(dst, len(pcs))[:n+len(pcs)]
	out := dst[n:]
	for i, p := range pcs {
		out[i] = combat.Chance{Num: p.num, Den: p.den, Kind: p.kind, Amount: p.amount}
		if p.key < damageChance {
			out[i].Key = fixedChances[p.key]
			continue
		}
		key, ok := c.damage[p.amount]
		if !ok {
			if c.damage == nil || len(c.damage) >= maxInterned {
				c.damage = map[int]string{}
			}
			key = combat.Damage(p.amount, 0, 0).Key
			c.damage[p.amount] = key
		}
		out[i].Key = key
	}
	return dst
}
