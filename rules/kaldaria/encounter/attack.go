package encounter

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/tactics"
)

// Option is the attacker's choice of attack, the JSON of
// combat.AttackRequest.Option: which of its weapons (index into the stat
// block's weapons, K-RES-2), a stamina maneuver (K-MOD-6; none on an
// opportunity attack, K-OA-4) and whether a missile shot is telegraphed
// (REC A-28). The empty option is the first weapon, no maneuver.
type Option struct {
	Weapon      int               `json:"weapon"`
	Maneuver    kaldaria.Maneuver `json:"maneuver,omitzero"`
	Telegraphed bool              `json:"telegraphed,omitempty"`
}

// strike is one attack ready for the pipeline: both fighters, the
// kaldaria.Attack with the tier or OA kind the encounter gives it, and the
// steps that explain them.
type strike struct {
	att, def *fighter // shared with the derived state: read them only
	a        kaldaria.Attack
	engage   []string // E(D) once the attack is made; nil when it engages nobody (OA, missile)
	lead     kaldaria.Step
	shared   *lineage // what the encounter's fields share, nil when it has none
}

// missile reports whether an attack kind is shot rather than struck: it
// needs no adjacency and takes no slot in an engagement list.
func missile(k kaldaria.AttackKind) bool {
	return k == kaldaria.MissileSlow || k == kaldaria.MissileFast || k == kaldaria.SpellMissile
}

// prepare checks the request and builds the strike (K-RES-2 step 1): a
// melee attack needs an adjacent defender and a slot in its engagement
// list, which gives the tier (K-PIN-9, K-FLANK-9); an opportunity attack
// has no tier and is normal or, against a charging mover, improved (K-OA-2,
// K-OA-3, K-OA-6, K-OA-10), once per mover per round (K-OA-8).
// ahead is 1 when the attack's action is not yet spent (odds before the
// attack), 0 when the engine has spent it.
func prepare(enc combat.Encounter, req combat.AttackRequest, ahead int) (strike, error) {
	d := derive(enc)
	att, err := fighterAt(enc, d, req.Attacker)
	if err != nil {
		return strike{}, err
	}
	if req.Defender == req.Attacker {
		return strike{}, combat.Refuse("", "defender", combat.RefusalSelfAttack, "name", req.Defender)
	}
	def, err := fighterAt(enc, d, req.Defender)
	if err != nil {
		return strike{}, err
	}
	var shared *lineage
	if d.err == nil {
		shared = d.field.shared
	}
	var opt Option
	if len(req.Option) > 0 {
		if opt, err = decodeIn[Option](shared, "option", req.Option); err != nil {
			return strike{}, err
		}
	}
	weapons := att.sheet.Stats.Weapons
	if opt.Weapon < 0 || opt.Weapon >= len(weapons) {
		return strike{}, combat.Invalid("K-RES-2", "option.weapon", "%s has no weapon %d", att.c.ID, opt.Weapon)
	}
	switch {
	case att.out():
		return strike{}, combat.Refuse(tactics.ReasonAttackerOut.Rule(), "attacker", combat.RefusalCannotAttack, "name", att.c.ID, "target", def.c.ID, "why", string(tactics.ReasonAttackerOut))
	case def.out():
		return strike{}, combat.Refuse(tactics.ReasonDefenderOut.Rule(), "defender", combat.RefusalCannotAttack, "name", att.c.ID, "target", def.c.ID, "why", string(tactics.ReasonDefenderOut))
	case att.has(CondParalysed):
		return strike{}, combat.Refuse(tactics.ReasonParalysed.Rule(), "attacker", combat.RefusalCannotAttack, "name", att.c.ID, "target", def.c.ID, "why", string(tactics.ReasonParalysed))
	}
	s := strike{att: att, def: def, a: kaldaria.Attack{Weapon: opt.Weapon, Maneuver: opt.Maneuver,
		Telegraphed: opt.Telegraphed, Surprised: def.surprised(enc), Paralysed: def.has(CondParalysed)}, shared: shared}
	if err := chargeLimit(enc, att, req, opt, ahead); err != nil {
		return strike{}, err
	}
	kind := weapons[opt.Weapon].Kind
	switch {
	case req.Opportunity:
		if missile(kind) || !touching(att, def) {
			return strike{}, combat.Invalid("K-OA-1", "defender", "an opportunity attack is a melee attack on an adjacent mover")
		}
		if att.round.MadeOA(def.c.ID) {
			return strike{}, combat.Invalid("K-OA-8", "attacker", "%s already made an opportunity attack on %s this round", att.c.ID, def.c.ID)
		}
		s.a.OA, s.a.Surprised = kaldaria.NormalOA, false
		s.a.Charge = def.mode().Mode == tactics.Charge
		s.a.TargetManeuvering = def.has(CondQuickLeap)
		s.lead = kaldaria.Step{Rule: kaldaria.RuleOA2, Kind: combat.StepOutcome, Key: kaldaria.KeyOANormal, Value: 1}
		switch {
		case s.a.TargetManeuvering:
			s.lead.Rule, s.lead.Key = kaldaria.RuleOA6, kaldaria.KeyOAPlain
		case s.a.Charge:
			s.lead.Rule, s.lead.Key = kaldaria.RuleOA3, kaldaria.KeyOAImproved
		}
	case missile(kind):
		s.lead = kaldaria.Step{Rule: kaldaria.RuleRes2, Kind: combat.StepOutcome, Key: kaldaria.KeyMissile, Value: 1}
	default:
		if d.err != nil {
			return strike{}, d.err
		}
		tc, err := d.field.battle.Tier(att.c.ID, def.c.ID)
		if err != nil {
			return strike{}, err
		}
		if !tc.Legal {
			return strike{}, combat.Refuse(tc.Reason.Rule(), "defender", combat.RefusalCannotAttack, "name", att.c.ID, "target", def.c.ID, "why", string(tc.Reason))
		}
		s.a.Tier, s.engage = tc.Tier, tc.After
		s.lead = kaldaria.Step{Rule: kaldaria.RulePin9, Kind: combat.StepCompute, Key: kaldaria.KeyEngagementIndex, Value: tc.Index}
	}
	return s, nil
}

// chargeLimit enforces K-MOVE-7 on the acting creature's own attacks:
// while charging it may make one normal attack, no maneuver, in its turn.
// ahead is as for prepare.
func chargeLimit(enc combat.Encounter, att *fighter, req combat.AttackRequest, opt Option, ahead int) error {
	if req.Opportunity || att.mode().Mode != tactics.Charge || enc.Current() != att.c.ID {
		return nil
	}
	if opt.Maneuver != (kaldaria.Maneuver{}) {
		return combat.Invalid("K-MOVE-7", "option.maneuver", "a charging creature makes only a normal attack")
	}
	if n := att.sheet.Body.attacks() - live(enc, att).Budget.Left(counterAttacks) + ahead; n > 1 {
		return combat.Invalid("K-MOVE-7", "attacker", "a charging creature makes one attack in its turn, this would be attack %d", n)
	}
	return nil
}

// touching reports whether two fighters' footprints are adjacent (K-GRID-3).
func touching(a, b *fighter) bool {
	return grid.Touching(grid.Footprint{At: a.c.Pos, Side: a.sheet.footprint()}, grid.Footprint{At: b.c.Pos, Side: b.sheet.footprint()})
}

// Attack resolves one attack with kaldaria.Resolve (K-RES-2). The damage the
// engine takes off the defender's HP is what got past force armour; the
// defender's round state (parry pools, dodge counter), its force armour,
// life-key uses and engagement list, and the attacker's OA record or its
// melee attacks this turn come back as the combatants' new state.
func (Ruleset) Attack(enc combat.Encounter, req combat.AttackRequest, r dice.Roller) (combat.AttackOutcome, error) {
	s, err := prepare(enc, req, 0)
	if err != nil {
		return combat.AttackOutcome{}, err
	}
	defP := s.def.profile()
	res, err := kaldaria.Resolve(s.att.profile(), defP, s.def.round.RoundState, s.a, r)
	if err != nil {
		return combat.AttackOutcome{}, err
	}
	out := combat.AttackOutcome{Hit: res.Outcome == kaldaria.Hit, Damage: res.ToHP,
		Trace: res.Trace.AppendTo(append(make(combat.Trace, 0, 1+len(res.Trace)), s.lead.Shared()))}
	dr := s.def.round
	dr.RoundState = res.Round
	ar := s.att.round
	switch {
	case req.Opportunity:
		ar.RoundState = ar.WithOA(s.def.c.ID)
	case s.engage != nil && !slices.Contains(ar.Struck, s.def.c.ID):
		ar.Struck = append(slices.Clip(ar.Struck), s.def.c.ID)
	}
	out.RoundState = map[string]json.RawMessage{s.att.c.ID: marshalRound(ar), s.def.c.ID: marshalRound(dr)}
	st := s.def.state
	if s.engage != nil {
		st.EngagedBy = s.engage
	}
	if res.Vitals.ForceArmour != defP.Vitals.ForceArmour {
		st.ForceArmour = &res.Vitals.ForceArmour
	}
	if res.Vitals.LifeKeyUses != defP.Vitals.LifeKeyUses {
		st.LifeKeyUses = &res.Vitals.LifeKeyUses
	}
	st.Departed = st.Departed || res.LifeKeyFired // K-LIFE-1, K-LIFE-2: it carries off even a fallen owner
	out.State = map[string]json.RawMessage{s.def.c.ID: marshalLasting(st)}
	return out, nil
}

// The keys of the chances Odds reports. The four outcome keys sum to
// OddsDen; so do the damage keys.
const (
	ChanceMiss     = "miss"     // the roll did not get through AR (K-HIT-4)
	ChanceDodged   = "dodged"   // K-DODGE-12
	ChanceParried  = "parried"  // K-PARRY-15
	ChanceHit      = "hit"      // landed (K-DMG)
	ChanceCritical = "critical" // landed as a critical hit (K-CRIT-7)
	ChanceDown     = "down"     // HP at or below 0 afterwards (K-HP-3)
	ChanceDead     = "dead"     // K-HP-3
	ChanceLifeKey  = "life-key" // the defender's life key fires (K-LIFE-1)
	// ChanceDamage prefixes the damage keys: "damage-N" is the chance that
	// N points reach the defender's HP (after force armour, K-FA-2).
	ChanceDamage = "damage-"
)

// OddsDen is the denominator of every Chance Odds reports.
const OddsDen = 1_000_000

// Odds returns the exact chances of the attack (kaldaria.Odds, computed by
// enumeration) as fractions of OddsDen, each rounded half up and the
// outcome and damage groups each adjusted by largest remainder to sum to
// OddsDen exactly.
func (r Ruleset) Odds(enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	out, err := r.AppendOdds(nil, enc, req)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// AppendOdds appends the chances Odds returns to dst (combat.OddsAppender).
func (Ruleset) AppendOdds(dst []combat.Chance, enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	s, err := prepare(enc, req, 1)
	if err != nil {
		return dst, err
	}
	att, def := s.att.profile(), s.def.profile()
	shared := s.shared
	var key oddsKey
	if shared != nil {
		var keyed bool
		if key, keyed = shared.keyOf(s, att, def); !keyed {
			shared = nil
		}
	}
	if shared != nil {
		if out, ok := shared.loadOdds(dst, key); ok {
			return out, nil
		}
	}
	out, err := odds(att, def, s)
	if err != nil {
		return dst, err
	}
	if shared != nil {
		shared.storeOdds(key, out)
	}
	return append(dst, out...), nil
}

// odds computes the chances of strike s between profiles att and def.
func odds(att, def kaldaria.Profile, s strike) ([]combat.Chance, error) {
	o, err := kaldaria.Odds(att, def, s.def.round.RoundState, s.a)
	if err != nil {
		return nil, err
	}
	out := share([]string{ChanceMiss, ChanceDodged, ChanceParried, ChanceHit}, []float64{o.Miss, o.Dodged, o.Parried, o.Hit})
	for _, c := range []struct {
		key string
		p   float64
	}{{ChanceCritical, o.Critical()}, {ChanceDown, o.Down}, {ChanceDead, o.Dead}, {ChanceLifeKey, o.LifeKey}} {
		out = append(out, combat.Chance{Key: c.key, Num: roundOdds(c.p), Den: OddsDen})
	}
	var keys []string
	var ps []float64
	var amounts []int
	for i, p := range o.ToHP.P {
		if p > 0 {
			keys = append(keys, ChanceDamage+strconv.Itoa(o.ToHP.Min+i))
			ps = append(ps, p)
			amounts = append(amounts, o.ToHP.Min+i)
		}
	}
	dmg := share(keys, ps)
	for i, c := range dmg {
		dmg[i] = combat.Damage(amounts[i], c.Num, c.Den)
	}
	return append(out, dmg...), nil
}

// roundOdds turns a probability into millionths, rounded half up.
func roundOdds(p float64) int64 { return int64(math.Floor(p*OddsDen + 0.5)) }

// share turns probabilities that sum to 1 into chances that sum to
// OddsDen exactly: each is rounded half up, then the difference is moved
// one millionth at a time to the entries whose rounding moved them most
// (largest remainder; ties to the earlier key).
func share(keys []string, ps []float64) []combat.Chance {
	out := make([]combat.Chance, len(keys))
	var sum int64
	for i, p := range ps {
		out[i] = combat.Chance{Key: keys[i], Num: roundOdds(p), Den: OddsDen}
		sum += out[i].Num
	}
	// err[i] is how much entry i was rounded up, in millionths.
	err := func(i int) float64 { return float64(out[i].Num) - ps[i]*OddsDen }
	for sum != OddsDen && len(out) > 0 {
		step := int64(1)
		if sum > OddsDen {
			step = -1
		}
		best := -1
		for i := range out {
			if step < 0 && out[i].Num == 0 {
				continue
			}
			if best < 0 || (step > 0 && err(i) < err(best)) || (step < 0 && err(i) > err(best)) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		out[best].Num += step
		sum += step
	}
	return out
}
