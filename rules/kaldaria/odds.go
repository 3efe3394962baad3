package kaldaria

import (
	"errors"
	"fmt"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// AttackOdds are the exact probabilities of one attack's outcomes, computed
// by enumerating every die (K-RES-2), never by sampling. The four outcome
// probabilities and Absent sum to 1.
type AttackOdds struct {
	Miss    float64 `json:"miss"`
	Dodged  float64 `json:"dodged"`
	Parried float64 `json:"parried"`
	Hit     float64 `json:"hit"` // landed: neither dodged nor parried
	// Absent is the chance the defender was already carried off by its life
	// key before this attack of a sequence (K-LIFE-1); 0 for a single attack.
	Absent float64 `json:"absent,omitempty"`
	// CriticalRoll is the chance that the attack roll is a critical hit
	// (K-CRIT-1..5, D-1), before dodge and parry.
	CriticalRoll float64 `json:"criticalRoll"`
	// Effects[e] is the chance of a landed hit with critical effect e;
	// Effects[NoEffect] is a landed ordinary hit.
	Effects [4]float64 `json:"effects"`
	// Final is the distribution of final damage after reducers and
	// multipliers (K-DMG-6), 0 when the attack does not land; ToHP is the
	// part that reached hit points after force armour (K-FA-2).
	Final         dice.Dist `json:"final"`
	ToHP          dice.Dist `json:"toHP"`
	ExpectedFinal float64   `json:"expectedFinal"`
	ExpectedToHP  float64   `json:"expectedToHP"`
	// Down, Dead and LifeKey are the chances that, after this attack, the
	// defender is down, dead (K-HP-3), or has had its life key fire during
	// the attacks so far (K-LIFE-1).
	Down    float64 `json:"down"`
	Dead    float64 `json:"dead"`
	LifeKey float64 `json:"lifeKey"`
}

// Critical is the chance of a landed critical hit, any effect.
func (o AttackOdds) Critical() float64 {
	return o.Effects[MaxDamage] + o.Effects[DoubleDamage] + o.Effects[DoubleMaxDamage]
}

// Strike is one attack of a sequence: who makes it and how.
type Strike struct {
	Attacker Profile `json:"attacker"`
	Attack   Attack  `json:"attack"`
}

// Sequence are the exact odds of several attacks resolved in order against
// one defender in one round (K-GEN-7), with parry pools and the dodge
// counter carried from attack to attack (K-PARRY-12, K-DODGE-7).
type Sequence struct {
	Attacks []AttackOdds `json:"attacks"`
	// HP is the distribution of the defender's hit points after the last
	// attack; ExpectedHPLoss its mean loss.
	HP             dice.Dist `json:"hp"`
	ExpectedHPLoss float64   `json:"expectedHPLoss"`
	Down           float64   `json:"down"`
	Dead           float64   `json:"dead"`
	LifeKey        float64   `json:"lifeKey"`
}

// Odds returns the exact odds of one attack (K-RES-2), for the defender's
// round state st.
func Odds(att, def Profile, st RoundState, a Attack) (AttackOdds, error) {
	s, err := SequenceOdds(def, st, []Strike{{Attacker: att, Attack: a}})
	if err != nil {
		return AttackOdds{}, err
	}
	return s.Attacks[0], nil
}

// seqState is one reachable state of the defender between attacks: its
// round state (without OA records, which attacks never change) and vitals.
type seqState struct {
	weapon, shield, aura, hits int16
	uses                       int16
	hp, fa                     int32
}

func (s seqState) round() RoundState {
	return RoundState{WeaponParries: int(s.weapon), ShieldParries: int(s.shield), AuraParries: int(s.aura), DodgeHits: int(s.hits)}
}

func (s seqState) withRound(r RoundState) seqState {
	s.weapon, s.shield, s.aura, s.hits = int16(r.WeaponParries), int16(r.ShieldParries), int16(r.AuraParries), int16(r.DodgeHits)
	return s
}

func (s seqState) vitals() Vitals {
	return Vitals{HP: int(s.hp), ForceArmour: int(s.fa), LifeKeyUses: int(s.uses)}
}

func (s seqState) withVitals(v Vitals) seqState {
	s.hp, s.fa, s.uses = int32(v.HP), int32(v.ForceArmour), int16(v.LifeKeyUses)
	return s
}

// branch is one way an attack can end for a given round state, before
// damage: its outcome, the round state it leaves, and its probability.
type branch struct {
	outcome Outcome
	crit    bool
	round   RoundState
	p       float64
}

// branches enumerates the attack roll, dodge and parry rolls of p against
// a defender with round state st (K-RES-2 steps 5–10), merging paths that
// end alike.
func (p *plan) branches(st RoundState) []branch {
	var out []branch
	put := func(o Outcome, crit bool, r RoundState, pr float64) {
		if pr == 0 {
			return
		}
		for i := range out {
			if out[i].outcome == o && out[i].crit == crit && out[i].round.WeaponParries == r.WeaponParries &&
				out[i].round.ShieldParries == r.ShieldParries && out[i].round.AuraParries == r.AuraParries &&
				out[i].round.DodgeHits == r.DodgeHits {
				out[i].p += pr
				return
			}
		}
		out = append(out, branch{outcome: o, crit: crit, round: r, p: pr})
	}
	for nat := 1; nat <= 20; nat++ {
		pr := 1.0 / 20
		if !p.hits(nat) {
			put(Missed, false, st, pr)
			continue
		}
		crit, arHit, r := p.hitCritical(nat), nat-p.thac+10, st
		if p.dodge {
			r.DodgeHits++
			c := float64(p.dodgeChance(r.DodgeHits, crit)) / 100
			put(Dodged, crit, r, pr*c)
			pr *= 1 - c
		}
		for _, o := range p.parries[:p.nParries] {
			for spent(r, o.Kind) < o.Left {
				r = spend(r, o.Kind)
				s := parryChance(o.THAC + arHit - 10)
				put(Parried, crit, r, pr*s)
				pr *= 1 - s
			}
		}
		if p.passive {
			s := parryChance(p.passiveTHAC + arHit - 10)
			put(Parried, crit, r, pr*s)
			pr *= 1 - s
		}
		put(Hit, crit, r, pr)
	}
	return out
}

// parryChance is the probability that a d20 parry roll succeeds against
// need (K-PARRY-2, K-PARRY-17).
func parryChance(need int) float64 {
	n := 0
	for roll := 1; roll <= 20; roll++ {
		if parries(roll, need) {
			n++
		}
	}
	return float64(n) / 20
}

// finalDists returns, per critical effect, the distribution of final
// damage (K-RES-2 steps 11–14).
func (p *plan) finalDists() [4]dice.Dist {
	var out [4]dice.Dist
	for e := NoEffect; e <= DoubleMaxDamage; e++ {
		out[e] = p.baseDist(e).Map(func(b int) int { return p.damageOf(b, e).final })
	}
	return out
}

// effectChance is the chance of each critical effect given a critical hit
// (K-CRIT-7: 3, 2 and 1 faces of six).
var effectChance = [4]float64{NoEffect: 0, MaxDamage: 3.0 / 6, DoubleDamage: 2.0 / 6, DoubleMaxDamage: 1.0 / 6}

// strikePlans holds the plans of one strike for an unwounded and a wounded
// defender (they differ only under the "wounded AR" campaign option), with
// their branch tables and damage distributions memoised.
type strikePlans struct {
	plans    [2]plan
	finals   [2][4]dice.Dist
	branches [2]map[roundKey][]branch
}

// maxOddsWork bounds the enumeration of SequenceOdds: states times damage
// values per strike. Ordinary fights stay far below it; an absurd stat block
// (a hundred d1000 per attack, many attacks) gets ErrOddsTooLarge instead of
// a frozen screen.
const maxOddsWork = 20_000_000

// ErrOddsTooLarge is returned by Odds and SequenceOdds when the exact
// computation would exceed maxOddsWork.
var ErrOddsTooLarge = errors.New("kaldaria: exact odds too large to compute")

// roundKey is the comparable part of a round state used as a memo key.
type roundKey struct{ weapon, shield, aura, hits int }

// SequenceOdds returns the exact odds of the strikes made in order against
// def, starting from round state st (K-GEN-7, K-PARRY-12, K-DODGE-7), by
// dynamic programming over the defender's parry pools, dodge counter, hit
// points, force armour and life-key uses. A defender whose life key fired
// has left the fight: later strikes count as Absent.
func SequenceOdds(def Profile, st RoundState, strikes []Strike) (Sequence, error) {
	if err := def.Validate(); err != nil {
		return Sequence{}, err
	}
	for i, s := range strikes {
		if err := check(&s.Attacker, &def, s.Attack); err != nil {
			if e, ok := err.(*combat.RuleError); ok {
				e.Field = fmt.Sprintf("strikes[%d].%s", i, e.Field)
			}
			return Sequence{}, err
		}
	}
	start := seqState{}.withRound(st).withVitals(def.Vitals)
	states := map[seqState]float64{start: 1}
	out := Sequence{Attacks: make([]AttackOdds, len(strikes))}
	for i, s := range strikes {
		sp := newStrikePlans(s, def)
		if work := len(states) * (20 + len(sp.finals[0][NoEffect].P) + len(sp.finals[1][NoEffect].P)); work > maxOddsWork {
			return Sequence{}, ErrOddsTooLarge
		}
		next := make(map[seqState]float64, len(states)*2)
		o := &out.Attacks[i]
		for state, q := range states {
			if int(state.uses) < def.Vitals.LifeKeyUses {
				o.Absent += q
				next[state] += q
				o.Final.Put(0, q)
				o.ToHP.Put(0, q)
				continue
			}
			w := 0
			if wounded(int(state.hp), def.MaxHP) && s.Attack.Campaign.Wounded != WoundedToHit {
				w = 1
			}
			p := &sp.plans[w]
			r := state.round()
			key := roundKey{r.WeaponParries, r.ShieldParries, r.AuraParries, r.DodgeHits}
			bs, ok := sp.branches[w][key]
			if !ok {
				bs = p.branches(r)
				sp.branches[w][key] = bs
			}
			for _, b := range bs {
				pb := q * b.p
				if b.crit {
					o.CriticalRoll += pb
				}
				ns := state.withRound(b.round)
				switch b.outcome {
				case Missed:
					o.Miss += pb
				case Dodged:
					o.Dodged += pb
				case Parried:
					o.Parried += pb
				}
				if b.outcome != Hit {
					next[ns] += pb
					o.Final.Put(0, pb)
					o.ToHP.Put(0, pb)
					continue
				}
				o.Hit += pb
				effects := [4]float64{NoEffect: 1}
				if b.crit {
					effects = effectChance
				}
				v := ns.vitals()
				for e, pe := range effects {
					if pe == 0 {
						continue
					}
					o.Effects[e] += pb * pe
					d := sp.finals[w][e]
					for k, pf := range d.P {
						if pf == 0 {
							continue
						}
						m := pb * pe * pf
						final := d.Min + k
						res := p.land(v, final)
						next[ns.withVitals(res.v)] += m
						o.Final.Put(final, m)
						o.ToHP.Put(res.toHP, m)
					}
				}
			}
		}
		states = next
		o.ExpectedFinal, o.ExpectedToHP = o.Final.Mean(), o.ToHP.Mean()
		for state, q := range states {
			if state.hp <= 0 {
				o.Down += q
			}
			if int(state.hp) < -def.LifeForce {
				o.Dead += q
			}
			if int(state.uses) < def.Vitals.LifeKeyUses {
				o.LifeKey += q
			}
		}
	}
	for state, q := range states {
		out.HP.Put(int(state.hp), q)
	}
	out.ExpectedHPLoss = float64(def.Vitals.HP) - out.HP.Mean()
	if n := len(out.Attacks); n > 0 {
		last := out.Attacks[n-1]
		out.Down, out.Dead, out.LifeKey = last.Down, last.Dead, last.LifeKey
	}
	return out, nil
}

// newStrikePlans prepares the plans of one strike against def.
func newStrikePlans(s Strike, def Profile) *strikePlans {
	sp := &strikePlans{}
	sp.plans[0] = newPlan(&s.Attacker, &def, s.Attack, false, nil)
	sp.finals[0] = sp.plans[0].finalDists()
	sp.plans[1], sp.finals[1] = sp.plans[0], sp.finals[0]
	if s.Attack.Campaign.Wounded != WoundedToHit {
		sp.plans[1] = newPlan(&s.Attacker, &def, s.Attack, true, nil)
		sp.finals[1] = sp.plans[1].finalDists()
	}
	sp.branches = [2]map[roundKey][]branch{{}, {}}
	return sp
}
