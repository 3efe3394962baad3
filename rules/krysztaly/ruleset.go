package krysztaly

import (
	"encoding/json"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// RulesetID is the identifier of Kryształy Czasu in encounters and registries.
const RulesetID = "krysztaly"

// Ruleset plugs Kryształy Czasu into the encounter engine. The source has no
// turn structure, so encounters run on the generic turn engine (KC-AMB-33):
// initiative is the engine's placeholder roll or the GM's order, a turn is a
// move plus the attack routine, and there are no reactions or opportunity
// attacks (parrying is part of OBR). It implements combat.Profiler,
// TurnRuler, RoundResetter, Attacker, OddsTeller, Mover, Glossarist and ActResolver
// (the GM's weapon trainings in setup, act.go).
//
// A combatant's Profile is a Profile in JSON. Its Conditions are merged with
// the encounter's condition keys (the Cond constants) and the engine's
// surprise flag; its ŻYW in play is the combatant's HP. An attack's option is
// a Situation in JSON; the ruleset fills in what the encounter knows: twilight
// from conditions, the shield attacks already made, and the number of
// attackers when the option leaves it 0 (KC-AMB-22).
type Ruleset struct{}

// The encounter condition keys the ruleset reads (§9).
const (
	CondSurprised   = "surprised"    // KC-SIT-2, KC-AMB-29
	CondImmobilised = "immobilised"  // KC-SIT-2
	CondProne       = "prone"        // KC-SIT-3
	CondHelpless    = "helpless"     // KC-SIT-8
	CondBlind       = "blind"        // KC-SIT-5
	CondShieldCover = "shield-cover" // KC-SHIELD-2
	CondTwilight    = "twilight"     // fights in półmrok (KC-SIT-4)
)

// ID returns RulesetID.
func (Ruleset) ID() string { return RulesetID }

// Profile decodes and validates a profile and derives the turn engine's
// numbers: ŻYW as hit points, the GM's movement, and one action per attack
// of the round routine (KC-ALG-B); TurnBudget slows it turn by turn.
func (Ruleset) Profile(raw json.RawMessage) (combat.Stats, error) {
	p, err := DecodeProfile(raw)
	if err != nil {
		return combat.Stats{}, err
	}
	if p.Vitality < 1 {
		return combat.Stats{}, combat.Invalid("KC-ABS-2", "vitality", "a combatant needs ŻYW of at least 1, got %d", p.Vitality)
	}
	r, err := p.AttacksPerRound()
	if err != nil {
		return combat.Stats{}, err
	}
	return combat.Stats{MaxHP: p.Vitality, Speed: p.Move, Actions: max(1, r.Total)}, nil
}

// InitiativeDie is the die of the app's initiative roll: the source has no
// initiative, so the engine rolls an unmodified d100, highest first, ties
// as in the generic engine (KC-AMB-33, KC-ND-7).
const InitiativeDie = 100

// TurnRules turns reactions off, since the source has none, and sets the
// engine's initiative roll to an unmodified d100 (KC-AMB-33).
func (Ruleset) TurnRules() combat.TurnRules { return combat.TurnRules{InitiativeDie: InitiativeDie} }

// Scale is Kryształy Czasu's map: movement counted in squares, which the
// rules give no length (KC-ND-5).
func (Ruleset) Scale() combat.Scale { return combat.Scale{PerSquare: 1} }

// The keys of a Kryształy Czasu turn's counters.
const (
	counterMovement = "movement"
	counterAttacks  = "attacks"
)

// Counters are a turn's resources in Kryształy Czasu (ENG-TURN-6): the GM's
// movement in squares and the attacks of the round's routine (KC-ALG-B).
func (Ruleset) Counters() []combat.Counter { return counters }

// counters are the turn's counters Counters gives, one list for every
// call: the engine asks for them at each step and each attack.
var counters = []combat.Counter{{Key: counterMovement, Unit: combat.UnitMovement, Use: combat.UseMove, Rule: "KC-ALG-B"},
	{Key: counterAttacks, Unit: combat.UnitCount, Use: combat.UseAttack, Rule: "KC-ALG-B"}}

// roundState is a combatant's per-round record: its shield attack this round
// (KC-AMB-16), whether it was combined this round or last (KC-SHIELD-6), and
// who has attacked it this round (KC-AMB-22).
type roundState struct {
	Shield       bool     `json:"shield,omitempty"`
	Combined     bool     `json:"combined,omitempty"`
	CombinedLast bool     `json:"combinedLast,omitempty"`
	AttackedBy   []string `json:"attackedBy,omitempty"`
}

// RoundState starts a combatant's round, remembering only whether it made a
// combined shield attack in the round now ending (KC-SHIELD-6).
func (Ruleset) RoundState(enc combat.Encounter, id string) (json.RawMessage, error) {
	c, ok := enc.Combatant(id)
	if !ok {
		return nil, combat.NoCombatant("", "id", id)
	}
	old, err := stateOf(c)
	if err != nil {
		return nil, err
	}
	return json.Marshal(roundState{CombinedLast: old.Combined})
}

func stateOf(c combat.Combatant) (roundState, error) {
	var st roundState
	if len(c.RoundState) == 0 {
		return st, nil
	}
	return st, combat.DecodeStrict("roundState", c.RoundState, &st)
}

// fighter is a combatant as the attack rules see it.
type fighter struct {
	c     combat.Combatant
	p     Profile
	state roundState
}

func fighterOf(enc combat.Encounter, id string) (fighter, error) {
	c, ok := enc.Combatant(id)
	if !ok {
		return fighter{}, combat.NoCombatant("", "id", id)
	}
	if len(c.Profile) == 0 {
		return fighter{}, combat.Invalid("KC-ALG-A", "profile", "%q has no Kryształy Czasu profile", id)
	}
	p, err := DecodeProfile(c.Profile)
	if err != nil {
		return fighter{}, inField(err, id)
	}
	st, err := stateOf(c)
	if err != nil {
		return fighter{}, err
	}
	p.Vitality = clamp(c.HP, -maxStat, maxStat) // the engine allows wider HP than a profile (KC-ABS-2)
	cond := &p.Conditions
	has := func(k string) bool { return slices.Contains(c.Conditions, k) }
	cond.Surprised = cond.Surprised || c.Surprised || has(CondSurprised)
	cond.Immobilised = cond.Immobilised || has(CondImmobilised)
	cond.Prone = cond.Prone || has(CondProne)
	cond.Helpless = cond.Helpless || has(CondHelpless)
	cond.Blind = cond.Blind || has(CondBlind)
	cond.ShieldCover = cond.ShieldCover || has(CondShieldCover)
	return fighter{c: c, p: p, state: st}, nil
}

func (f fighter) footprint() grid.Footprint {
	return grid.Footprint{At: f.c.Pos, Side: f.c.Stats.Size}
}

// attack gathers the attacker, the defender and the situation of req.
func attack(enc combat.Encounter, req combat.AttackRequest) (a, d fighter, s Situation, err error) {
	if req.Opportunity {
		return a, d, s, combat.Invalid("KC-AMB-33", "oa", "Kryształy Czasu has no opportunity attacks")
	}
	if a, err = fighterOf(enc, req.Attacker); err != nil {
		return a, d, s, err
	}
	if d, err = fighterOf(enc, req.Defender); err != nil {
		return a, d, s, err
	}
	if len(req.Option) > 0 {
		if err = combat.DecodeStrict("option", req.Option, &s); err != nil {
			return a, d, s, err
		}
	}
	if s.Kind.shield() && a.state.Shield {
		return a, d, s, combat.Refuse("KC-AMB-16", "kind", combat.RefusalOneShieldBlow)
	}
	s.ShieldAttackRound = s.ShieldAttackRound || a.state.Shield
	s.CombinedLastRound = s.CombinedLastRound || a.state.CombinedLast
	s.AttackerTwilight = s.AttackerTwilight || slices.Contains(a.c.Conditions, CondTwilight)
	s.DefenderTwilight = s.DefenderTwilight || slices.Contains(d.c.Conditions, CondTwilight)
	if s.Attackers == 0 {
		s.Attackers = attackers(enc, a, d)
	}
	return a, d, s, nil
}

// attackers counts the opponents of KC-SIT-1 as KC-AMB-22 does: the distinct
// hostile combatants able to fight that stand within reach of the defender,
// the current attacker, and those who already attacked it this round.
func attackers(enc combat.Encounter, a, d fighter) int {
	ids := append([]string{a.c.ID}, d.state.AttackedBy...)
	for _, c := range enc.Combatants {
		f := fighter{c: c}
		if c.Side != d.c.Side && c.Up() && !slices.Contains(c.Conditions, CondHelpless) &&
			grid.Touching(f.footprint(), d.footprint()) {
			ids = append(ids, c.ID)
		}
	}
	slices.Sort(ids)
	return len(slices.Compact(ids))
}

// Attack resolves one attack (KC-ALG-A) with Resolve. The damage is the T
// that gets through armour; the trace holds criticals, whose effects are the
// GM's (KC-ND-8). A bash that unbalances its target asks whether the GM
// calls the second roll, and the target is left off balance, or prone after
// a failed second roll, as conditions (KC-SHIELD-5, balanceOutcome).
func (Ruleset) Attack(enc combat.Encounter, req combat.AttackRequest, r dice.Roller) (combat.AttackOutcome, error) {
	a, d, s, err := attack(enc, req)
	if err != nil {
		return combat.AttackOutcome{}, err
	}
	res, err := Resolve(a.p, d.p, s, r)
	if err != nil {
		return combat.AttackOutcome{}, err
	}
	out := combat.AttackOutcome{Hit: res.Hit, Damage: res.Taken, Trace: res.Trace, RoundState: map[string]json.RawMessage{}}
	if res.OffBalance {
		ask, conds, tr := balanceOutcome(d, req.Answers, func() (bool, combat.Trace) { return KeepsFooting(d.p, r) })
		if ask != nil {
			return combat.AttackOutcome{Ask: ask}, nil
		}
		out.Trace = append(out.Trace, tr...)
		if len(conds) > 0 {
			out.Conditions, out.ConditionRule = map[string][]string{d.c.ID: conds}, "KC-SHIELD-5"
		}
	}
	if s.Kind.shield() {
		a.state.Shield = true
		a.state.Combined = a.state.Combined || s.Kind == ShieldCombined
		if out.RoundState[a.c.ID], err = json.Marshal(a.state); err != nil {
			return combat.AttackOutcome{}, err
		}
	}
	if !slices.Contains(d.state.AttackedBy, a.c.ID) {
		d.state.AttackedBy = append(slices.Clone(d.state.AttackedBy), a.c.ID)
		if out.RoundState[d.c.ID], err = json.Marshal(d.state); err != nil {
			return combat.AttackOutcome{}, err
		}
	}
	return out, nil
}

// The keys of the chances Odds reports.
const (
	ChanceHit        = "hit"            // the attack lands (KC-RTR-2)
	ChanceCritical   = "critical"       // an automatic critical strike (KC-SIT-8)
	ChanceOffBalance = "off-balance"    // a bash knocks the defender off balance (KC-SHIELD-5)
	ChanceDown       = "down"           // T brings the defender's ŻYW to 0 or below (KC-ABS-2)
	ChanceExpected   = "expected-taken" // not a probability: the expected T, Num/Den damage points (combat.ExpectedAmount)
)

// Odds reports the exact chances of an attack for the engine's odds panel.
// The full damage distribution is available from the package's Odds.
func (Ruleset) Odds(enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	a, d, s, err := attack(enc, req)
	if err != nil {
		return nil, err
	}
	o, err := Odds(a.p, d.p, s)
	if err != nil {
		return nil, err
	}
	chance := func(key string, r dice.Fraction) combat.Chance {
		return combat.Chance{Key: key, Num: r.Num, Den: r.Den}
	}
	expected := chance(ChanceExpected, o.Expected)
	expected.Kind = combat.ExpectedAmount
	return []combat.Chance{
		chance(ChanceHit, o.Hit), chance(ChanceCritical, o.Critical), chance(ChanceOffBalance, o.OffBalance),
		chance(ChanceDown, o.Down), expected,
	}, nil
}

// Step lets a combatant move one square for one point of movement onto
// squares no other standing combatant holds. The source has no movement or
// opportunity-attack rules; the GM sets the movement from SZ (KC-ND-5,
// KC-AMB-33).
func (Ruleset) Step(enc combat.Encounter, id string, from, to grid.Square) (combat.StepCheck, error) {
	c, ok := enc.Combatant(id)
	if !ok {
		return combat.StepCheck{}, combat.NoCombatant("", "id", id)
	}
	dest := grid.Footprint{At: to, Side: c.Stats.Size}
	for _, o := range enc.Combatants {
		if o.ID == id || !o.Up() {
			continue
		}
		if grid.Distance(dest, grid.Footprint{At: o.Pos, Side: o.Stats.Size}) == 0 {
			return combat.StepCheck{}, combat.Refuse("KC-AMB-33", "path", combat.RefusalTaken, "square", to.Name(), "by", o.ID)
		}
	}
	return combat.StepCheck{Cost: 1}, nil
}
