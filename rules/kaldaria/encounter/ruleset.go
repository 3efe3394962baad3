package encounter

import (
	"encoding/json"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria/tactics"
)

// RulesetID is the identifier of Kaldaria in encounters and registries.
const RulesetID = "kaldaria"

// Ruleset plugs Kaldaria into the encounter engine. It implements
// combat.Profiler, TurnRuler, Budgeter, Counterer, RoundResetter, TurnEnder, Attacker,
// OddsTeller, Mover and Glossarist, and the UI capabilities Planner, Moder, Targeter,
// Threatener and Armory. Initiative is the engine's default: the Kaldaria
// texts leave it to a separate chapter (kaldaria.md §20).
type Ruleset struct{}

// squareCost is the cost of one single-square step in the engine's
// movement units, half squares (K-GRID-4, K-MOVE-3).
const squareCost = 2

// ID returns RulesetID.
func (Ruleset) ID() string { return RulesetID }

// Profile decodes and validates a Sheet and returns the turn engine's
// numbers: maximum HP (K-HP-1), the movement rate in half squares
// (K-MOVE-1..3), the footprint side (K-SIZE-3) and the attacks per round.
func (Ruleset) Profile(raw json.RawMessage) (combat.Stats, error) {
	s, err := DecodeSheet(raw)
	if err != nil {
		return combat.Stats{}, err
	}
	rate := tactics.MovementRate(s.creature("x", "x", grid.Square{}))
	return combat.Stats{MaxHP: s.Stats.MaxHP, Speed: rate.Halves, Size: s.footprint(), Actions: s.Body.attacks()}, nil
}

// TurnRules turns the engine's reactions off: Kaldaria has none, and
// opportunity attacks are limited by K-OA-8 (once per mover per round),
// which Step enforces from the round's OA record.
func (Ruleset) TurnRules() combat.TurnRules { return combat.TurnRules{} }

// Scale is Kaldaria's map: squares of 2.5 m (K-GRID-1), movement counted in
// half squares (K-MOVE-3).
func (Ruleset) Scale() combat.Scale {
	return combat.Scale{Square: combat.Length{Hundredths: 250, Unit: "m"}, PerSquare: squareCost}
}

// Counters are a Kaldaria turn's resources (ENG-TURN-6): movement in half
// squares, since a rate may be half a square (K-MOVE-4, K-MOVE-6), and the
// attacks of the stat block's round (K-GEN-7). Kaldaria has no reactions:
// its opportunity attacks are bounded per round by its own rules.
func (Ruleset) Counters() []combat.Counter { return counters }

// The keys of a Kaldaria turn's counters.
const (
	counterMovement = "movement"
	counterAttacks  = "attacks"
)

var counters = []combat.Counter{
	{Key: counterMovement, Unit: combat.UnitMovement, Use: combat.UseMove, Rule: "K-MOVE-6"},
	{Key: counterAttacks, Unit: combat.UnitCount, Use: combat.UseAttack, Rule: "K-GEN-7"},
}

// RoundState returns a fresh round (K-RES-1 step 1, K-GEN-6): parry pools
// full, dodge counter 0, no OAs made.
func (Ruleset) RoundState(combat.Encounter, string) (json.RawMessage, error) {
	return marshalRound(roundState{}), nil
}

// TurnBudget gives one action per attack of the stat block's round and, in half squares, the largest distance
// any movement type allows this round: a charge when the creature may
// charge, else a normal move, else a fighting retreat (K-MOVE-4..10). A
// creature out of the fight gets nothing. Step holds each type to its own
// distance.
func (Ruleset) TurnBudget(enc combat.Encounter, id string) (combat.Counts, error) {
	fl, err := fieldNow(enc)
	if err != nil {
		return combat.Counts{}, err
	}
	me := fl.of(id)
	if me.out() {
		return combat.Counts{}, nil
	}
	squares := 0
	for _, m := range []tactics.Mode{tactics.Charge, tactics.Normal, tactics.Retreat} {
		bu, err := fl.battle.Budget(id, m)
		if err != nil {
			return combat.Counts{}, err
		}
		if bu.Allowed {
			squares = max(squares, bu.Squares)
		}
	}
	return combat.NewCounts(combat.Count{Key: counterMovement, N: squareCost * squares}, combat.Count{Key: counterAttacks, N: me.sheet.Body.attacks()}), nil
}

// EndOfTurn updates the engagement lists (K-RES-1 step 3): the creature
// leaves the list of every defender it did not attack in melee during its
// turn, and every list is tidied (K-PIN-9 step 3, D-2). It also records
// whether the creature moved (K-MOVE-4) and charged (K-MOVE-8).
func (Ruleset) EndOfTurn(enc combat.Encounter, id string) (map[string]json.RawMessage, error) {
	fl, err := fieldNow(enc)
	if err != nil {
		return nil, err
	}
	me := fl.of(id)
	after, err := fl.battle.EngagedAfterTurn(id, me.round.Struck)
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	for i, f := range fl.fs {
		st := f.state
		st.EngagedBy = after[i]
		if len(st.EngagedBy) == 0 {
			st.EngagedBy = nil
		}
		if f.c.ID == id && me.c.Pos != live(enc, me).Budget.Start { // the engine has already cleared the budget
			st.MovedRound = enc.Round
			if me.mode().Mode == tactics.Charge {
				st.ChargeRounds++
			}
		}
		if !slices.Equal(st.EngagedBy, f.state.EngagedBy) || st.MovedRound != f.state.MovedRound {
			out[f.c.ID] = marshalLasting(st)
		}
	}
	return out, nil
}

// Step checks one step of combatant id from from to to with tactics, in
// the movement type its conditions select (K-RES-3), for the engine's
// single-step search (combat.Reachable); Apply and the planner check whole
// moves with Walk. The step must be legal (K-GRID-2, K-GRID-4, K-SIZE-2:
// Step refuses a square without room even when a move would only pass
// through it, since a single step is its own last), the movement type allowed (K-MOVE-5, K-PIN-8) and within
// its distance this turn; a fighting retreat is a single step backward and
// spends the whole budget (K-MOVE-9, K-MOVE-10). The attackers are the
// enemies whose opportunity attack the step provokes (K-OA-1, K-OA-7,
// K-OA-8, K-PIN-6, K-PIN-7).
func (Ruleset) Step(enc combat.Encounter, id string, from, to grid.Square) (combat.StepCheck, error) {
	d, i := deriveMover(enc, id, from)
	if d.err != nil {
		return combat.StepCheck{}, d.err
	}
	me, c := &noFighter, (*combat.Combatant)(nil)
	if i >= 0 {
		me, c = d.field.fs[i], &enc.Combatants[i]
	}
	battle, err := d.battleWith(i, from)
	if err != nil {
		return combat.StepCheck{}, err
	}
	mv := me.mode()
	bu, err := battle.Budget(id, mv.Mode)
	if err != nil {
		return combat.StepCheck{}, err
	}
	spent := spentSquares(enc, c)
	cost := squareCost
	switch {
	case !bu.Allowed:
		return combat.StepCheck{}, combat.Refuse(bu.Reason.Rule(), "path", combat.RefusalCannotMove, "name", id, "why", string(bu.Reason))
	case mv.Mode == tactics.Retreat && spent > 0:
		return combat.StepCheck{}, combat.Invalid("K-MOVE-9", "path", "a fighting retreat is the whole move of the round")
	case mv.Mode == tactics.Retreat:
		cost = max(squareCost, c.Budget.Left(counterMovement))
	case spent+1 > bu.Squares:
		return combat.StepCheck{}, combat.Refuse(bu.Rules[0], "path", combat.RefusalTooFar, "square", to.Name(), "mode", string(mv.Mode), "squares", bu.Squares)
	}
	attackers, err := battle.Step(id, mv, to)
	if err != nil {
		return combat.StepCheck{}, err
	}
	return combat.StepCheck{Cost: cost, Attackers: attackers}, nil
}

// spentSquares is how many squares combatant c has moved this turn when
// it is acting; 0 for anyone else (a preview of a later turn).
func spentSquares(enc combat.Encounter, c *combat.Combatant) int {
	if c == nil || enc.Current() != c.ID {
		return 0
	}
	return (c.Budget.StartMove - c.Budget.Left(counterMovement)) / squareCost
}
