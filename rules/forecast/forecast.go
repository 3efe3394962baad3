// Package forecast answers "who wins?" for an encounter in any state, set up
// or mid-fight: it plays the fight to its end many times through the
// engine's own commands (combat.Apply) with seeded dice, each side steered
// by a named tactics policy that reads only engine queries, and reports
// each side's chance to win with a 95 % Wilson interval, the share of
// fights still undecided at a round cap, each creature's chance to go down
// and to die, how many rounds a fight takes and who tends to drop first.
// Where the state is small (one attacker and one defender trading blows),
// Exact computes the same answer as a Markov chain over hit points from
// the ruleset's exact odds.
//
// The package reads no clock: a caller with a time budget runs the
// Forecaster in slices (Run) and stops when its time is up.
package forecast

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// Bounds and defaults of the settings, enforced by Settings.Validate.
const (
	DefaultFights   = 10000  // fights to play at most, unless told otherwise
	MaxFights       = 200000 // most fights one forecast may play
	DefaultRoundCap = 30     // rounds after which an undecided fight is a draw
	MaxRoundCap     = 200    // largest round cap
	DefaultPolicy   = "aggressive"
	// TargetHalfWidth is the precision at which a forecast stops early:
	// every side's win interval is at most this wide on either side.
	TargetHalfWidth = 0.01
	// maxCommands bounds the commands of one fight: a policy that loops
	// is a bug, reported as an error rather than a hang.
	maxCommands = 100000
)

// Settings are what a forecast is asked: how many fights at most, the seed
// every fight's dice derive from, the policy each side plays (sides not
// listed play DefaultPolicy) and the round cap. They travel with saves and
// share links; the zero value means the defaults.
type Settings struct {
	Fights   int               `json:"fights,omitempty"`
	Seed     uint64            `json:"seed,omitempty"`
	Policies map[string]string `json:"policies,omitempty"` // side → policy name
	RoundCap int               `json:"roundCap,omitempty"`
}

// Equal reports whether s and o ask for the same forecast: the same
// fights, seed, round cap and policy for each side (no policies and an
// empty list of them are the same).
func (s Settings) Equal(o Settings) bool {
	return s.Fights == o.Fights && s.Seed == o.Seed && s.RoundCap == o.RoundCap && maps.Equal(s.Policies, o.Policies)
}

// Validate checks the settings against their bounds: fights 0..MaxFights,
// round cap 0..MaxRoundCap, at most combat.MaxCombatants policies, each a
// known policy for a side key of 1..32 characters.
func (s Settings) Validate() error {
	if s.Fights < 0 || s.Fights > MaxFights {
		return combat.Invalid("", "forecast.fights", "%d is outside 0..%d", s.Fights, MaxFights)
	}
	if s.RoundCap < 0 || s.RoundCap > MaxRoundCap {
		return combat.Invalid("", "forecast.roundCap", "%d is outside 0..%d", s.RoundCap, MaxRoundCap)
	}
	if len(s.Policies) > combat.MaxCombatants {
		return combat.Invalid("", "forecast.policies", "%d sides is more than %d", len(s.Policies), combat.MaxCombatants)
	}
	for side, name := range s.Policies {
		if len(side) == 0 || len(side) > 32 {
			return combat.Invalid("", "forecast.policies", "side %q is not a key", side)
		}
		if _, ok := Lookup(name); !ok {
			return combat.Invalid("", "forecast.policies", "no policy %q (known: %v)", name, Names())
		}
	}
	return nil
}

// DecodeSettings reads settings as a save or link carries them
// (combat.Session.Forecast) through the engine's one strict decoder
// (combat.DecodeStrict: at most combat.MaxOpaque bytes, no unknown,
// repeated or case-variant keys, no trailing data), within Validate's
// bounds. Empty input is the zero settings.
func DecodeSettings(raw []byte) (Settings, error) {
	var s Settings
	if len(raw) == 0 {
		return s, nil
	}
	if err := combat.DecodeStrict("forecast", raw, &s); err != nil {
		return Settings{}, err
	}
	return s, s.Validate()
}

// withDefaults fills the zero fields.
func (s Settings) withDefaults() Settings {
	if s.Fights == 0 {
		s.Fights = DefaultFights
	}
	if s.RoundCap == 0 {
		s.RoundCap = DefaultRoundCap
	}
	return s
}

// Interval is a probability with its 95 % Wilson score interval.
type Interval struct {
	P  float64 `json:"p"`
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// HalfWidth is the larger distance from P to either end of the interval.
func (iv Interval) HalfWidth() float64 { return max(iv.P-iv.Lo, iv.Hi-iv.P) }

// Contains reports whether p lies in the interval.
func (iv Interval) Contains(p float64) bool { return iv.Lo <= p && p <= iv.Hi }

// z95 is the standard normal quantile of a two-sided 95 % interval.
const z95 = 1.959963984540054

// Wilson returns k successes out of n as a proportion with its 95 % Wilson
// score interval (Wilson 1927). With n = 0 it is the whole range 0..1.
func Wilson(k, n int) Interval {
	if n <= 0 {
		return Interval{Lo: 0, Hi: 1}
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	z2 := z95 * z95
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return Interval{P: p, Lo: max(0, mid-half), Hi: min(1, mid+half)}
}

// SideResult is one side's forecast.
type SideResult struct {
	Side string   `json:"side"`
	Win  Interval `json:"win"`
	// Escaped is the share of fights the side wins by its escape aim: a
	// creature of it got out (ENG-AIM-1). It is part of Win, the rest of
	// which the side wins on the field; always 0 for a side without one.
	Escaped Interval `json:"escaped"`
	HPLost  float64  `json:"hpLost"` // mean hit points the side's creatures lose in a fight
}

// CreatureResult is one creature's forecast.
type CreatureResult struct {
	ID   string   `json:"id"`
	Side string   `json:"side"`
	Down Interval `json:"down"` // out of the fight at its end
	Dead Interval `json:"dead"` // dead at its end, as the ruleset judges
	// Escaped is the chance it left the scene by its side's escape aim
	// (ENG-AIM-1): always 0 for a creature whose side has none.
	Escaped Interval `json:"escaped"`
	First   Interval `json:"first"` // the first creature of the fight to drop
}

// Rounds summarises how long the fights took, counted from the state the
// forecast started from (its round is round 1).
type Rounds struct {
	Mean float64 `json:"mean"`
	P50  int     `json:"p50"`
	P90  int     `json:"p90"`
	Hist []int   `json:"hist"` // Hist[r-1] fights took r rounds; the last bucket is the round cap
}

// Result is a forecast so far.
type Result struct {
	Fights    int              `json:"fights"`
	Seed      uint64           `json:"seed"`
	Sides     []SideResult     `json:"sides"`
	Draw      Interval         `json:"draw"` // undecided at the round cap, a stalemate, or everyone down
	Creatures []CreatureResult `json:"creatures"`
	Rounds    Rounds           `json:"rounds"`
	Precise   bool             `json:"precise"` // every side's win half-width is at most TargetHalfWidth
}

// Side returns the result of the named side.
func (r Result) Side(side string) (SideResult, bool) {
	for _, s := range r.Sides {
		if s.Side == side {
			return s, true
		}
	}
	return SideResult{}, false
}

// Creature returns the result of creature id.
func (r Result) Creature(id string) (CreatureResult, bool) {
	for _, c := range r.Creatures {
		if c.ID == id {
			return c, true
		}
	}
	return CreatureResult{}, false
}

// Favourite returns the side most likely to win, or "" when a draw is
// likelier than any side's win.
func (r Result) Favourite() string {
	best, p := "", r.Draw.P
	for _, s := range r.Sides {
		if s.Win.P > p {
			best, p = s.Side, s.Win.P
		}
	}
	return best
}

// MostLikelyFirst returns the creature most likely to drop first, or "".
func (r Result) MostLikelyFirst() string {
	best, p := "", 0.0
	for _, c := range r.Creatures {
		if c.First.P > p {
			best, p = c.ID, c.First.P
		}
	}
	return best
}

// tally counts the outcomes of the fights played so far.
type tally struct {
	fights  int
	wins    []int // per side
	escapes []int // per side: wins by its escape aim
	draws   int
	down    []int // per creature
	dead    []int
	escaped []int
	first   []int
	hpLost  []float64 // per side, summed
	rounds  []int     // rounds[r-1] fights took r rounds
}

// outcome is what one fight came to.
type outcome struct {
	winner  int  // side index, -1 for a draw
	byAim   bool // the winner got a creature out by its escape aim
	rounds  int
	down    []bool
	dead    []bool
	escaped []bool
	first   int // creature index, -1 when nobody dropped
	hpLost  []int
}

func (t *tally) add(o outcome) {
	t.fights++
	if o.winner >= 0 {
		t.wins[o.winner]++
		if o.byAim {
			t.escapes[o.winner]++
		}
	} else {
		t.draws++
	}
	for i := range o.down {
		if o.down[i] {
			t.down[i]++
		}
		if o.dead[i] {
			t.dead[i]++
		}
		if o.escaped[i] {
			t.escaped[i]++
		}
	}
	if o.first >= 0 {
		t.first[o.first]++
	}
	for i, h := range o.hpLost {
		t.hpLost[i] += float64(h)
	}
	t.rounds[o.rounds-1]++
}

// precise reports whether every side's win interval is narrow enough.
func (t *tally) precise() bool {
	if t.fights == 0 {
		return false
	}
	for _, w := range t.wins {
		if Wilson(w, t.fights).HalfWidth() > TargetHalfWidth {
			return false
		}
	}
	return Wilson(t.draws, t.fights).HalfWidth() <= TargetHalfWidth
}

// Forecaster plays the fights of one forecast, a slice at a time. It is
// not safe for concurrent use.
type Forecaster struct {
	rs        combat.Ruleset
	start     combat.Encounter
	set       Settings
	sides     []string // in order of first appearance
	sideOf    []int    // per creature
	policy    map[string]Policy
	judge     judge
	lines     deathLines // of the start's stat blocks
	board     *grid.Board
	tally     tally
	minFights int    // play at least this many, precise or not (Extend)
	cur       *fight // the fight under way between Steps
	copying   bool   // every command through combat.Apply, none in place (a test's reference)
	warmed    bool   // warm has run
	taken     []bool // per square of the map: a fighting creature stands on it (mapReach's scratch)
}

// New prepares a forecast of enc, whose ruleset must be in reg. The
// encounter may be in setup (each fight then rolls its own initiative,
// unless an order is already set, and starts with the creatures marked
// surprised) or running, even with a decision pending.
func New(reg *combat.Registry, enc combat.Encounter, s Settings) (*Forecaster, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	rs, err := reg.Lookup(enc.Ruleset)
	if err != nil {
		return nil, err
	}
	if err := combat.ValidateEncounter(enc); err != nil {
		return nil, err
	}
	if enc.Phase == combat.PhaseEnded {
		return nil, combat.Invalid("DND-AMB-19", "phase", "the encounter has ended: there is nothing to forecast")
	}
	board, err := grid.NewBoard(enc.Map)
	if err != nil {
		return nil, err
	}
	f := &Forecaster{rs: rs, start: enc.Clone(), set: s.withDefaults(), policy: map[string]Policy{}, judge: judgeOf(rs), board: board}
	for _, c := range enc.Combatants {
		i := slices.Index(f.sides, c.Side)
		if i < 0 {
			i = len(f.sides)
			f.sides = append(f.sides, c.Side)
		}
		f.sideOf = append(f.sideOf, i)
	}
	if len(f.sides) < 2 {
		return nil, combat.Invalid("", "combatants", "a forecast needs two sides, this encounter has %d", len(f.sides))
	}
	for _, side := range f.sides {
		name := s.Policies[side]
		if name == "" {
			name = DefaultPolicy
		}
		f.policy[side], _ = Lookup(name)
	}
	f.lines = f.judge.lines(f.start.Combatants)
	n := len(enc.Combatants)
	f.tally = tally{wins: make([]int, len(f.sides)), escapes: make([]int, len(f.sides)), down: make([]int, n), dead: make([]int, n), escaped: make([]int, n), first: make([]int, n),
		hpLost: make([]float64, len(f.sides)), rounds: make([]int, f.set.RoundCap)}
	return f, nil
}

// warm asks the starting state the queries every fight asks first, so
// that what the ruleset derives from it (decoded stat blocks and the like)
// lands in its memo once, where every fight's revisions find it, rather
// than once per fight. The first fight to begin does it: a Forecaster
// that only merges outcomes played elsewhere (Merge) never needs it.
func (f *Forecaster) warm() {
	if f.warmed {
		return
	}
	f.warmed = true
	a, armed := f.rs.(combat.Armory)
	for _, c := range f.start.Combatants {
		f.judge.fighting(f.rs, f.start, c.ID)
		if armed {
			a.AttackChoices(f.start, c.ID)
		}
	}
}

// Settings returns the settings in effect, defaults filled in.
func (f *Forecaster) Settings() Settings { return f.set }

// Played returns the number of fights played so far.
func (f *Forecaster) Played() int { return f.tally.fights }

// Done reports whether the forecast has stopped: its fight budget is
// spent, or it is precise and has played what Extend asked for.
func (f *Forecaster) Done() bool {
	t := &f.tally
	return t.fights >= f.set.Fights || t.fights >= f.minFights && t.precise()
}

// Extend asks for n more fights, precise or not ("run more").
func (f *Forecaster) Extend(n int) {
	f.minFights = f.tally.fights + n
	f.set.Fights = min(MaxFights, max(f.set.Fights, f.minFights))
}

// Run plays up to n more fights, stopping early when Done, and returns
// how many it played. Fight i always plays with the same dice, so the
// result does not depend on how the fights are sliced. An error means a
// policy issued a command the engine refused: the fight is not counted.
func (f *Forecaster) Run(n int) (int, error) {
	played := 0
	for played < n && !f.Done() {
		k, err := f.Step(1)
		played += k
		if err != nil {
			return played, err
		}
	}
	return played, nil
}

// Step gives at most n commands, continuing the fight under way and
// starting the next ones, and returns how many fights it finished: the
// finest slice of work, for a caller that must stay responsive between
// slices. Run and Step may be mixed; the result is the same.
func (f *Forecaster) Step(n int) (int, error) {
	finished := 0
	for ; n > 0 && !f.Done(); n-- {
		if f.cur == nil {
			ft, err := f.begin(f.tally.fights)
			if err != nil {
				return finished, err
			}
			f.cur = ft
		}
		o, over, err := f.cur.step()
		if err != nil {
			f.cur = nil
			return finished, err
		}
		if over {
			f.tally.add(o)
			f.cur = nil
			finished++
		}
	}
	return finished, nil
}

// Result returns the forecast of the fights played so far.
func (f *Forecaster) Result() Result {
	t := &f.tally
	r := Result{Fights: t.fights, Seed: f.set.Seed, Draw: Wilson(t.draws, t.fights), Precise: t.precise()}
	for i, side := range f.sides {
		r.Sides = append(r.Sides, SideResult{Side: side, Win: Wilson(t.wins[i], t.fights), Escaped: Wilson(t.escapes[i], t.fights),
			HPLost: mean(t.hpLost[i], t.fights)})
	}
	for i, c := range f.start.Combatants {
		r.Creatures = append(r.Creatures, CreatureResult{ID: c.ID, Side: c.Side,
			Down: Wilson(t.down[i], t.fights), Dead: Wilson(t.dead[i], t.fights), Escaped: Wilson(t.escaped[i], t.fights),
			First: Wilson(t.first[i], t.fights)})
	}
	r.Rounds = summarise(t.rounds)
	return r
}

func mean(sum float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// summarise turns a histogram of rounds into its mean and percentiles.
func summarise(hist []int) Rounds {
	out := Rounds{Hist: slices.Clone(hist)}
	n, sum := 0, 0
	for i, k := range hist {
		n += k
		sum += k * (i + 1)
	}
	if n == 0 {
		return out
	}
	out.Mean = float64(sum) / float64(n)
	out.P50, out.P90 = percentile(hist, n, 0.5), percentile(hist, n, 0.9)
	return out
}

// percentile returns the smallest round count r with at least q of the
// fights taking r rounds or fewer.
func percentile(hist []int, n int, q float64) int {
	need := int(math.Ceil(q * float64(n)))
	acc := 0
	for i, k := range hist {
		acc += k
		if acc >= need {
			return i + 1
		}
	}
	return len(hist)
}

// RefusedError reports a command a policy issued that the engine refused:
// a bug in the policy, with the fight and the command for reproducing it.
type RefusedError struct {
	Fight   int
	Command combat.Command
	Err     error
}

// Error says what went wrong.
func (e *RefusedError) Error() string {
	return fmt.Sprintf("forecast fight %d: the engine refused %s: %v", e.Fight, e.Command.Kind(), e.Err)
}

// Unwrap returns the engine's error.
func (e *RefusedError) Unwrap() error { return e.Err }
