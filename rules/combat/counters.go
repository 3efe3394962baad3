package combat

import (
	"encoding/json"
	"iter"
	"math"
	"slices"
	"strconv"
)

// Unit is what a counter counts in.
type Unit uint8

// The units of counters.
const (
	UnitCount    Unit = iota + 1 // uses: actions, attacks, reactions
	UnitMovement                 // the ruleset's movement units, as its Scale measures them
)

// Use is what the engine itself spends a counter on. A counter with no
// use is spent only by UseAction naming it.
type Use uint8

// The engine's uses of counters.
const (
	UseMove        Use = iota + 1 // each step's cost (ENG-MOVE-3)
	UseAttack                     // one for each attack, declaration or act on the turn (ENG-TURN-3, ENG-ACT-2)
	UseOpportunity                // one for each opportunity attack; held off the owner's turn (ENG-OA-3)
)

// Bounds of the counters a ruleset declares and a budget holds, enforced
// when a ruleset is registered and on every save and link, read or
// written.
const (
	MaxCounters   = 8          // counters a ruleset declares
	MaxCounterKey = 32         // bytes of a counter's key
	MaxCount      = MaxHPValue // what one counter holds
)

// Counter is one resource a ruleset counts a turn in, in its own words
// (ENG-TURN-6). Key names it in the budget (Budget.Counts) and is a key of
// the ruleset's glossary or of the app's words ("movement", "attacks",
// "bonus"); Unit is what it counts; Use is what the engine spends it on,
// if anything (at most one counter has each use); Rule is the ruleset's
// rule for it. What a creature starts its turn with of each is the
// ruleset's TurnBudget, or by its use DefaultCounts.
type Counter struct {
	Key  string
	Unit Unit
	Use  Use
	Rule RuleID
}

// OffTurn reports whether the counter is held between the owner's turns:
// ready when the encounter starts, spent on others' turns, refilled at the
// start of the owner's turn (ENG-OA-3), held back by surprise until the
// ruleset's lock ends (ENG-SURP-3).
func (c Counter) OffTurn() bool { return c.Use == UseOpportunity }

// Counterer is implemented by rulesets that declare the resources of their
// turn (ENG-TURN-6), in the order a table reads them.
type Counterer interface {
	Counters() []Counter
}

// The counters of a ruleset that declares none: movement and actions, and
// the reaction where its TurnRules have reactions (ENG-TURN-6).
var (
	defaultCounters = []Counter{
		{Key: "movement", Unit: UnitMovement, Use: UseMove, Rule: "ENG-MOVE-3"},
		{Key: "actions", Unit: UnitCount, Use: UseAttack, Rule: "ENG-TURN-3"},
	}
	defaultReactions = append(defaultCounters[:len(defaultCounters):len(defaultCounters)],
		Counter{Key: "reaction", Unit: UnitCount, Use: UseOpportunity, Rule: "ENG-OA-3"})
)

// CountersOf returns the counters rs declares, or the engine's default
// ones (ENG-TURN-6). Callers must not modify the result.
func CountersOf(rs Ruleset) []Counter {
	if c, ok := rs.(Counterer); ok {
		return c.Counters()
	}
	if tr, ok := rs.(TurnRuler); ok && tr.TurnRules().Reactions {
		return defaultReactions
	}
	return defaultCounters
}

// CounterFor returns the counter of rs the engine spends on u, if rs has
// one.
func CounterFor(rs Ruleset, u Use) (Counter, bool) {
	return counterForUse(CountersOf(rs), u)
}

// counterForUse returns the counter of cs the engine spends on u, if cs
// has one.
func counterForUse(cs []Counter, u Use) (Counter, bool) {
	return counterIn(cs, func(c Counter) bool { return c.Use == u })
}

// LeftFor is what c has left of the counter of rs the engine spends on u;
// MaxCount when rs has none, since then nothing limits u.
func LeftFor(rs Ruleset, c Combatant, u Use) int {
	if k, ok := CounterFor(rs, u); ok {
		return c.Budget.Left(k.Key)
	}
	return MaxCount
}

// StartFor is what n, the counts a turn starts with, holds of the counter
// of rs the engine spends on u; MaxCount when rs has none.
func StartFor(rs Ruleset, n Counts, u Use) int {
	if k, ok := CounterFor(rs, u); ok {
		return n.Get(k.Key)
	}
	return MaxCount
}

// counterIn returns the first of cs that match accepts.
func counterIn(cs []Counter, match func(Counter) bool) (Counter, bool) {
	if i := slices.IndexFunc(cs, match); i >= 0 {
		return cs[i], true
	}
	return Counter{}, false
}

// checkCounters checks a ruleset's declaration against the bounds: at
// most MaxCounters, valid keys of at most MaxCounterKey bytes, each named
// once, a known unit, at most one counter for each use.
func checkCounters(cs []Counter) error {
	if len(cs) > MaxCounters {
		return Invalid("ENG-TURN-6", "counters", "%d is more than %d", len(cs), MaxCounters)
	}
	for i, c := range cs {
		switch {
		case !validCounterKey(c.Key):
			return Invalid("ENG-TURN-6", "counters", "%q is not a key of at most %d bytes", c.Key, MaxCounterKey)
		case c.Unit != UnitCount && c.Unit != UnitMovement:
			return Invalid("ENG-TURN-6", "counters", "%s has no unit", c.Key)
		case c.Use > UseOpportunity:
			return Invalid("ENG-TURN-6", "counters", "%s has an unknown use", c.Key)
		}
		for _, o := range cs[:i] {
			if o.Key == c.Key || c.Use != 0 && o.Use == c.Use {
				return Invalid("ENG-TURN-6", "counters", "%s and %s share a key or a use", o.Key, c.Key)
			}
		}
	}
	return nil
}

// validCounterKey reports whether key may name a counter.
func validCounterKey(key string) bool {
	return len(key) <= MaxCounterKey && validKey(key)
}

// Counts is what a creature has left of each counter, by key: at most
// MaxCounters of them, listed in the order of their keys. With lists no
// counter at 0, so equal budgets have equal Counts (Equal). A Counts is a
// value whose list of keys its copies share and nothing changes in place:
// With returns a changed copy, allocating only when the keys listed
// change, so copies of an encounter share it safely. In JSON it is an
// object of key and amount, keys in order, as a map of them reads; its
// bounds are checked by checkCounts.
type Counts struct {
	keys  []string           // the keys listed, in order; never changed in place
	amts  [MaxCounters]int32 // amts[i] is what keys[i] holds, an amount past int32 at its nearest bound (still out of checkCounts' range)
	extra int32              // keys given beyond MaxCounters, dropped; checkCounts refuses them
}

// amount is n as Counts holds it: at the nearest bound of int32 when past
// it, which is out of checkCounts' range as n is.
func amount(n int) int32 {
	return int32(min(max(n, math.MinInt32), math.MaxInt32))
}

// Count is what a creature has of one counter, named by its key.
type Count struct {
	Key string
	N   int
}

// NewCounts returns the counts of kv, leaving out those at 0; of a key
// given twice, the last.
func NewCounts(kv ...Count) Counts {
	c := Counts{keys: make([]string, 0, min(len(kv), MaxCounters))}
	for _, n := range kv {
		c = c.set(n.Key, n.N, true)
	}
	return c
}

// Get returns what c holds of the counter key.
func (c Counts) Get(key string) int {
	if i, ok := c.find(key); ok {
		return int(c.amts[i])
	}
	return 0
}

// Len returns the number of counters c lists.
func (c Counts) Len() int { return len(c.keys) + int(c.extra) }

// IsZero reports whether c lists no counter, so a budget without one
// leaves its counts out of JSON.
func (c Counts) IsZero() bool { return c.Len() == 0 }

// Equal reports whether c and o list the same counters holding the same.
func (c Counts) Equal(o Counts) bool {
	return slices.Equal(c.keys, o.keys) && c.amts == o.amts && c.extra == o.extra
}

// All yields each counter c lists and its amount, in the order of keys.
func (c Counts) All() iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for i, k := range c.keys {
			if !yield(k, int(c.amts[i])) {
				return
			}
		}
	}
}

// find returns where key is listed in c, or where it would go.
func (c Counts) find(key string) (int, bool) {
	i := 0
	for i < len(c.keys) && c.keys[i] < key {
		i++
	}
	return i, i < len(c.keys) && c.keys[i] == key
}

// With returns a copy of c with key set to n; a key at 0 is not listed.
func (c Counts) With(key string, n int) Counts {
	return c.set(key, n, false)
}

// set returns c with key set to n, not listed at 0. c's keys are edited in place when owned (they
// are c's alone, built by the caller), else copied when they change.
func (c Counts) set(key string, n int, owned bool) Counts {
	i, ok := c.find(key)
	if ok {
		c.amts[i] = amount(n)
		if n != 0 {
			return c
		}
		if !owned {
			c.keys = slices.Clone(c.keys)
		}
		last := len(c.keys) - 1
		c.keys = slices.Delete(c.keys, i, i+1)
		copy(c.amts[i:last], c.amts[i+1:last+1])
		c.amts[last] = 0
		return c
	}
	if n == 0 {
		return c
	}
	return c.insert(i, key, n, owned)
}

// insert returns c with key, not listed in it, put at i holding n, or
// counted as extra when c is full; c's keys are edited in place when
// owned.
func (c Counts) insert(i int, key string, n int, owned bool) Counts {
	l := len(c.keys)
	if l == MaxCounters {
		c.extra++
		return c
	}
	if !owned {
		c.keys = slices.Clip(c.keys)
	}
	c.keys = slices.Insert(c.keys, i, key)
	copy(c.amts[i+1:l+1], c.amts[i:l])
	c.amts[i] = amount(n)
	return c
}

// MarshalJSON writes c as an object of key and amount, keys in order.
func (c Counts) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	for i, k := range c.keys {
		if i > 0 {
			out = append(out, ',')
		}
		out = appendKey(out, k)
		out = strconv.AppendInt(append(out, ':'), int64(c.amts[i]), 10)
	}
	return append(out, '}'), nil
}

// appendKey appends key as a JSON string: a valid key as it is, any
// other as encoding/json writes it.
func appendKey(out []byte, key string) []byte {
	if validKey(key) {
		return append(append(append(out, '"'), key...), '"')
	}
	q, _ := json.Marshal(key) // a string always encodes
	return append(out, q...)
}

// String returns c as its JSON reads.
func (c Counts) String() string {
	b, _ := c.MarshalJSON() // never fails
	return string(b)
}

// UnmarshalJSON reads an object of key and amount, keeping what it
// lists, at 0 too, for checkCounts to check; null is no counter.
func (c *Counts) UnmarshalJSON(data []byte) error {
	var kv map[string]int
	if err := json.Unmarshal(data, &kv); err != nil {
		return err
	}
	*c = Counts{}
	if len(kv) > 0 {
		c.keys = make([]string, 0, min(len(kv), MaxCounters))
	}
	for k, n := range kv {
		i, _ := c.find(k) // a key of kv is listed once
		*c = c.insert(i, k, n, true)
	}
	return nil
}

// DefaultCounts is what a creature of a ruleset without a Budgeter starts
// its turn with (ENG-TURN-5), by each counter's use: movement up to its
// speed, Stats.Actions uses (at least one) of the counter attacks spend,
// one of the counter opportunity attacks spend, and of each other counter
// what its stats give (Stats.Counts).
func DefaultCounts(cs []Counter, s Stats) Counts {
	kv := make([]Count, 0, len(cs))
	for _, c := range cs {
		switch c.Use {
		case UseMove:
			kv = append(kv, Count{c.Key, s.Speed})
		case UseAttack:
			kv = append(kv, Count{c.Key, max(1, s.Actions)})
		case UseOpportunity:
			kv = append(kv, Count{c.Key, 1})
		default:
			kv = append(kv, Count{c.Key, s.Counts.Get(c.Key)})
		}
	}
	return NewCounts(kv...)
}

// clean returns c without the counters at 0.
func (c Counts) clean() Counts {
	for k, n := range c.All() {
		if n == 0 {
			c = c.With(k, 0)
		}
	}
	return c
}

// Left returns what b holds of the counter key.
func (b Budget) Left(key string) int { return b.Counts.Get(key) }

// Equal reports whether two budgets are the same.
func (b Budget) Equal(o Budget) bool {
	return b.Counts.Equal(o.Counts) && b.Start == o.Start && b.StartMove == o.StartMove && b.Attacked == o.Attacked
}

// Held reports whether surprise still holds back combatant c's off-turn
// counters (ENG-SURP-3): it is surprised and the lock these rules set has
// not ended, at the end of its first turn or of round 1.
func (tr TurnRules) Held(enc Encounter, c Combatant) bool {
	if !c.Surprised || enc.Phase != PhaseRunning {
		return false
	}
	if tr.SurpriseLock == LockEndOfOwnFirstTurn {
		return c.Turns == 0
	}
	return enc.Round == 1
}

// checkCounts checks a budget's counts against the bounds: at most
// MaxCounters, valid keys of at most MaxCounterKey bytes, each amount
// within 0..MaxCount, and, with a declaration cs, only keys it declares.
func checkCounts(n Counts, cs []Counter) error {
	return checkCountsIn("budget.counts", n, MaxCount, cs)
}

// checkCountsIn is checkCounts for the counts of field, each amount within
// 0..most.
func checkCountsIn(field string, n Counts, most int, cs []Counter) error {
	if n.Len() > MaxCounters {
		return Invalid("ENG-TURN-6", field, "%d counters is more than %d", n.Len(), MaxCounters)
	}
	for k, v := range n.All() {
		if !validCounterKey(k) {
			return Invalid("ENG-TURN-6", field, "%q is not a key of at most %d bytes", k, MaxCounterKey)
		}
		if v < 0 || v > most {
			return OutOfRange("ENG-TURN-6", field+"."+k, v, 0, most)
		}
		if cs != nil && !slices.ContainsFunc(cs, func(c Counter) bool { return c.Key == k }) {
			return Invalid("ENG-TURN-6", field, "%q is not a counter of the ruleset", k)
		}
	}
	return nil
}

// checkStatCounts checks that stats count only counters of the
// declaration cs (ENG-TURN-6).
func checkStatCounts(s Stats, cs []Counter) error {
	return checkCountsIn("stats.counts", s.Counts, MaxStatCount, cs)
}

// spendOne takes one of the counter the engine spends on u from c, citing
// the counter's rule when none is left (ENG-TURN-3). A ruleset that
// declares no counter for u does not limit it.
func (a *applier) spendOne(c *Combatant, u Use) error {
	k, ok := counterForUse(a.counters, u)
	if !ok {
		return nil
	}
	return a.spend(c, k)
}

// spend takes one of counter k from c, or refuses when none is left.
func (a *applier) spend(c *Combatant, k Counter) error {
	n := c.Budget.Left(k.Key)
	if n < 1 {
		return noneOf(a.rs, a.e, *c, k)
	}
	c.Budget.Counts = c.Budget.Counts.With(k.Key, n-1)
	return nil
}

// Withholder is implemented by rulesets whose TurnBudget gives a creature
// none of a counter for a reason of their rules rather than because it
// spent it (ENG-TURN-5): a DAIRN hero who lost round 1's initiative has no
// action in round 1 (CA-INIT-2). Withheld names the reason by a key of the
// ruleset's glossary and cites its rule; it reports false when the rules
// give combatant id some of counter key this turn.
type Withholder interface {
	Withheld(enc Encounter, id, counter string) (why string, rule RuleID, ok bool)
}

// NoneLeft returns nil when c has some left of the counter of rs the
// engine spends on u, or rs has none for u; else the refusal a command
// spending it meets (ENG-TURN-3, ENG-TURN-5): RefusalWithheld with the
// ruleset's reason and rule where its rules give c none this turn
// (Withholder), else RefusalNoCounter with the counter's rule.
func NoneLeft(rs Ruleset, enc Encounter, c Combatant, u Use) error {
	k, ok := CounterFor(rs, u)
	if !ok || c.Budget.Left(k.Key) > 0 {
		return nil
	}
	return noneOf(rs, enc, c, k)
}

// noneOf is the refusal of a command spending counter k, of which c has
// none left: see NoneLeft.
func noneOf(rs Ruleset, enc Encounter, c Combatant, k Counter) error {
	if w, ok := rs.(Withholder); ok {
		if why, rule, ok := w.Withheld(enc, c.ID, k.Key); ok {
			return Refuse(rule, "counts", RefusalWithheld, "name", c.ID, "counter", k.Key, "why", why)
		}
	}
	return Refuse(k.Rule, "counts", RefusalNoCounter, "name", c.ID, "counter", k.Key)
}

// HeldBySurprise reports whether surprise still holds back combatant c's
// off-turn counters under the TurnRules of rs (ENG-SURP-3).
func HeldBySurprise(rs Ruleset, enc Encounter, c Combatant) bool {
	var tr TurnRules
	if r, ok := rs.(TurnRuler); ok {
		tr = r.TurnRules()
	}
	return tr.Held(enc, c)
}

// TurnStart is what combatant id of enc would start a turn with of each
// counter of rs, surprise aside: the ruleset's TurnBudget, or
// DefaultCounts.
func TurnStart(rs Ruleset, enc Encounter, id string) (Counts, error) {
	c, ok := enc.Combatant(id)
	if !ok {
		return Counts{}, NoCombatant("", "id", id)
	}
	if bg, ok := rs.(Budgeter); ok {
		return bg.TurnBudget(enc, id)
	}
	return DefaultCounts(CountersOf(rs), c.Stats), nil
}
