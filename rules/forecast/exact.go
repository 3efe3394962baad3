package forecast

import (
	"encoding/json"
	"strconv"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// NotExactError reports an encounter Exact cannot solve, and why.
type NotExactError struct{ Why string }

// Error says why.
func (e *NotExactError) Error() string { return "no exact forecast: " + e.Why }

// maxExactHP bounds the hit points Exact tracks per creature, keeping the
// chain small (HP × HP states per turn).
const maxExactHP = 2000

// duelist is one side of a duel as the chain sees it: who attacks whom,
// how often, and the damage its attack does, by its own HP (a wounded
// creature may fight worse, K-HP-2).
type duelist struct {
	rs   combat.Ruleset
	enc  combat.Encounter
	idx  int // the attacker's index in the encounter
	def  int // the defender's
	byHP map[int]damage
}

// damage is a distribution of the damage one attack does to HP: p[i] is
// the chance of min+i.
type damage struct {
	p   []float64
	min int
}

// Exact computes the forecast of a duel exactly, as a Markov chain over
// the two creatures' states, turn by turn: the encounter must be running
// with no decision pending, and exactly two creatures of two sides still
// fighting, in contact, each attacking the other with its first attack on
// every turn and never moving (the play of every policy in that position).
//
// A ruleset whose rounds run as side phases (combat.PhaseResolver) is
// played by its own ResolvePhase on every sequence of dice it can roll
// (phaseStep). Otherwise each attack's damage comes from the ruleset's
// exact odds: its "damage-N" chances where it reports them, else the "down"
// chance asked at every defender HP from 1 up (the chance that damage
// reaches at least that HP). This assumes what the ruleset's attack does
// depends on the state only through HP, with per-round state fresh each
// round: such rulesets whose creatures stay in the fight at 0 HP (a
// combat.Vitality) are refused. The result has the shape of a Monte Carlo
// one, every interval of zero width; Fights is 0.
func Exact(reg *combat.Registry, enc combat.Encounter, roundCap int) (Result, error) {
	rs, err := reg.Lookup(enc.Ruleset)
	if err != nil {
		return Result{}, err
	}
	pr, phases := rs.(combat.PhaseResolver)
	if _, ok := rs.(combat.Vitality); ok && !phases {
		return Result{}, &NotExactError{"the ruleset keeps creatures fighting at 0 HP"}
	}
	if roundCap <= 0 {
		roundCap = DefaultRoundCap
	}
	if enc.Phase != combat.PhaseRunning || enc.Pending != nil || enc.Move != nil || len(enc.Declared) > 0 {
		return Result{}, &NotExactError{"the encounter must be running with nothing pending"}
	}
	f, err := New(reg, enc, Settings{RoundCap: roundCap})
	if err != nil {
		return Result{}, err
	}
	var fighting []int
	for i, c := range enc.Combatants {
		if f.judge.fighting(rs, enc, c.ID) {
			fighting = append(fighting, i)
		}
	}
	if len(fighting) != 2 || f.sideOf[fighting[0]] == f.sideOf[fighting[1]] {
		return Result{}, &NotExactError{"exactly two creatures of two sides must be fighting"}
	}
	a, b := enc.Combatants[fighting[0]], enc.Combatants[fighting[1]]
	if !grid.Touching(footprint(a), footprint(b)) {
		return Result{}, &NotExactError{"the two creatures must be in contact"}
	}
	if a.HP > maxExactHP || b.HP > maxExactHP {
		return Result{}, &NotExactError{"more than " + strconv.Itoa(maxExactHP) + " HP"}
	}
	if phases {
		return f.chain(enc, fighting, f.phaseStep(pr, enc, fighting))
	}
	var ds [2]duelist
	for k, pair := range [2][2]int{{fighting[0], fighting[1]}, {fighting[1], fighting[0]}} {
		if ds[k], err = duelOf(rs, enc, pair[0], pair[1]); err != nil {
			return Result{}, err
		}
	}
	return f.chain(enc, fighting, hpStep(ds))
}

// duelOf prepares attacker i against defender j, checking that it makes
// one attack a turn and can attack now.
func duelOf(rs combat.Ruleset, enc combat.Encounter, i, j int) (duelist, error) {
	att, def := enc.Combatants[i], enc.Combatants[j]
	d := duelist{rs: rs, enc: enc, idx: i, def: j, byHP: map[int]damage{}}
	attacks := max(1, att.Stats.Actions)
	if bg, ok := rs.(combat.Budgeter); ok {
		b, err := bg.TurnBudget(enc, att.ID)
		if err != nil {
			return d, err
		}
		attacks = max(1, combat.StartFor(rs, b, combat.UseAttack))
	}
	if attacks > 1 {
		return d, &NotExactError{att.ID + " attacks more than once a turn: the defender's per-round state would change between its attacks"}
	}
	if _, err := d.damage(att.HP); err != nil {
		return d, &NotExactError{att.ID + " cannot attack " + def.ID + ": " + err.Error()}
	}
	return d, nil
}

// damage returns the distribution of the attack's damage when the
// attacker has hp hit points, from the ruleset's odds asked on the
// encounter with the attacker's HP set so.
func (d *duelist) damage(hp int) (damage, error) {
	if dm, ok := d.byHP[hp]; ok {
		return dm, nil
	}
	hyp := d.enc.Clone()
	hyp.Combatants[d.idx].HP = hp
	req := combat.AttackRequest{Attacker: hyp.Combatants[d.idx].ID, Defender: hyp.Combatants[d.def].ID}
	ch, err := combat.Odds(d.rs, hyp, req)
	if err != nil {
		return damage{}, err
	}
	dm, ok := damageKeys(ch)
	if !ok {
		// The tail of the damage: P(damage ≥ k) is the chance to drop a
		// defender with k HP.
		top := d.enc.Combatants[d.def].HP
		tail := make([]float64, top+2)
		tail[0] = 1
		for k := 1; k <= top; k++ {
			hyp.Combatants[d.def].HP = k
			ch, err := combat.Odds(d.rs, hyp, req)
			if err != nil {
				return damage{}, err
			}
			tail[k], _ = dropChance(ch)
		}
		dm.p = make([]float64, top+1)
		for k := range dm.p {
			dm.p[k] = tail[k] - tail[k+1]
		}
	}
	d.byHP[hp] = dm
	return dm, nil
}

// damageKeys reads the chances of each amount of damage (combat.DamageChance),
// if the ruleset reports them.
func damageKeys(ch []combat.Chance) (damage, bool) {
	type kv struct {
		n int
		p float64
	}
	var all []kv
	lo, hi := 0, 0
	for _, c := range ch {
		if c.Kind != combat.DamageChance || c.Den <= 0 {
			continue
		}
		n := c.Amount
		if len(all) == 0 || n < lo {
			lo = n
		}
		if len(all) == 0 || n > hi {
			hi = n
		}
		all = append(all, kv{n, float64(c.Num) / float64(c.Den)})
	}
	if len(all) == 0 {
		return damage{}, false
	}
	dm := damage{p: make([]float64, hi-lo+1), min: lo}
	for _, e := range all {
		dm.p[e.n-lo] += e.p
	}
	return dm, true
}

// wound is what the chain tracks of one duellist: its HP and the
// ruleset's states, as the engine keeps them (strings, so that a pair of
// wounds is a map key).
type wound struct {
	HP                int
	State, RoundState string
}

// duelState is both duellists' wounds, in the order of fighting.
type duelState [2]wound

// seat is one duellist (0 or 1) with a wound, a key for what the chain
// learns of it once.
type seat struct {
	k int
	w wound
}

// onto returns c with the wound w.
func (w wound) onto(c combat.Combatant) combat.Combatant {
	c.HP = w.HP
	c.State, c.RoundState = raw(w.State), raw(w.RoundState)
	return c
}

// raw is s as JSON, nil when empty.
func raw(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
}

// step calls each with every state the turn of duellist who (0 or 1) in a
// round can lead s to, with its probability, and whether the other
// duellist is out of the fight in it.
type step func(s duelState, who, round int, each func(g duelState, q float64, over bool)) error

// hpStep is the step of rulesets the chain follows by HP alone: the
// attacker's damage distribution taken off the defender's HP.
func hpStep(ds [2]duelist) step {
	return func(s duelState, who, _ int, each func(duelState, float64, bool)) error {
		dm, err := ds[who].damage(s[who].HP)
		if err != nil {
			return err
		}
		for i, q := range dm.p {
			if q == 0 {
				continue
			}
			g := s
			g[1-who].HP -= dm.min + i
			each(g, q, g[1-who].HP <= 0)
		}
		return nil
	}
}

// chain runs the Markov chain: the probability of every state of the two
// duellists, turn after turn, in the encounter's order from the current
// turn, until one creature is out or the round cap passes.
func (f *Forecaster) chain(enc combat.Encounter, fighting []int, move step) (Result, error) {
	var start duelState
	for k, i := range fighting {
		c := enc.Combatants[i]
		start[k] = wound{HP: c.HP, State: string(c.State), RoundState: string(c.RoundState)}
	}
	mass := map[duelState]float64{start: 1}
	turns := f.turnOrder(enc, fighting)
	var win, dead, lost [2]float64
	var draw float64
	rounds := make([]float64, f.set.RoundCap)
	isDead := map[seat]bool{} // the states repeat, and the judge decodes
	end := func(s duelState, p float64, round int) {
		rounds[min(round, f.set.RoundCap)-1] += p
		for k := range 2 {
			d, ok := isDead[seat{k, s[k]}]
			if !ok {
				d = f.judge.isDead(s[k].onto(enc.Combatants[fighting[k]]))
				isDead[seat{k, s[k]}] = d
			}
			if d {
				dead[k] += p
			}
			lost[k] += p * float64(start[k].HP-max(s[k].HP, 0))
		}
	}
	for t := 0; len(mass) > 0; t++ {
		who, round := turns(t)
		if round > f.set.RoundCap {
			for s, p := range mass {
				draw += p
				end(s, p, f.set.RoundCap)
			}
			break
		}
		if t == 0 && combat.LeftFor(f.rs, enc.Combatants[fighting[who]], combat.UseAttack) == 0 {
			continue // the current creature has already attacked this turn
		}
		next := map[duelState]float64{}
		for s, p := range mass {
			err := move(s, who, round, func(g duelState, q float64, over bool) {
				if over {
					win[who] += p * q
					end(g, p*q, round)
					return
				}
				next[g] += p * q
			})
			if err != nil {
				return Result{}, err
			}
		}
		mass = next
	}
	r := Result{Draw: point(draw)}
	for k := range 2 {
		c := enc.Combatants[fighting[k]]
		r.Sides = append(r.Sides, SideResult{Side: c.Side, Win: point(win[k]), HPLost: lost[k]})
		r.Creatures = append(r.Creatures, CreatureResult{ID: c.ID, Side: c.Side, Down: point(win[1-k]), Dead: point(dead[k]), First: point(win[1-k])})
	}
	r.Rounds = summariseMass(rounds)
	return r, nil
}

// turnOrder returns, for the t-th turn from now, which of the two
// duellists acts (0 or 1) and in which round counted from the current one
// (its first is 1).
func (f *Forecaster) turnOrder(enc combat.Encounter, fighting []int) func(t int) (int, int) {
	var seq []int // duellist per turn, in one round's order
	curPos := 0
	for si, s := range enc.Order {
		for mi, id := range s.Members {
			i := enc.Find(id)
			for k, fi := range fighting {
				if fi == i {
					if si < enc.Turn.Slot || si == enc.Turn.Slot && mi < enc.Turn.Member {
						curPos = len(seq) + 1
					}
					seq = append(seq, k)
				}
			}
		}
	}
	return func(t int) (int, int) {
		p := curPos + t
		return seq[p%len(seq)], p/len(seq) + 1
	}
}

// point is an exact probability as an interval of zero width.
func point(p float64) Interval { return Interval{P: p, Lo: p, Hi: p} }

// summariseMass is summarise for a distribution of rounds given as
// probabilities.
func summariseMass(m []float64) Rounds {
	out := Rounds{Hist: make([]int, len(m))}
	total := 0.0
	for i, p := range m {
		out.Mean += p * float64(i+1)
		total += p
	}
	if total == 0 {
		return out
	}
	out.Mean /= total
	acc := 0.0
	for i, p := range m {
		acc += p / total
		if out.P50 == 0 && acc >= 0.5-1e-12 {
			out.P50 = i + 1
		}
		if out.P90 == 0 && acc >= 0.9-1e-12 {
			out.P90 = i + 1
		}
	}
	return out
}
