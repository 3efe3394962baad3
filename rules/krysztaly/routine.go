package krysztaly

import (
	"encoding/json"
	"slices"

	"battlemat/rules/combat"
)

// persistent is a combatant's state that outlives the round: the credit of
// its "twice as slow" routine, in half attacks (KC-ALG-B step 2).
type persistent struct {
	Credit int `json:"credit,omitempty"`
}

// persistentOf decodes a combatant's persistent state.
func persistentOf(c combat.Combatant) (persistent, error) {
	var st persistent
	if len(c.State) == 0 {
		return st, nil
	}
	if err := combat.DecodeStrict("state", c.State, &st); err != nil {
		return st, err
	}
	if st.Credit < 0 || st.Credit > 1 {
		return st, combat.Invalid("KC-ALG-B", "state.credit", "credit %d is outside 0..1 halves", st.Credit)
	}
	return st, nil
}

// RoutineTurn is one turn's attack routine as KC-ALG-B counts it: the weapon
// attacks (N_total) before slowing and the cap, whether the routine is
// "twice as slow" this round, the attacks it grants, and the credit, in half
// attacks, carried into the next round.
type RoutineTurn struct {
	Uncapped int  `json:"uncapped"`
	Slowed   bool `json:"slowed,omitempty"`
	Attacks  int  `json:"attacks"`
	Credit   int  `json:"credit,omitempty"`
	Cap      int  `json:"cap,omitempty"`
}

// TurnRoutine counts combatant id's attacks for the turn now starting
// (KC-ALG-B): N_total from its weapons (KC-ATK-2, KC-ATK-3); in the shield
// cover stance the routine is twice as slow (KC-SHIELD-2, KC-ATK-5), so it is
// halved through the carried credit (SlowedAttacks, KC-AMB-17), and a round
// without slowing clears the credit; only then does the SZ cap apply
// (KC-ATK-4, KC-ALG-B step 3).
func TurnRoutine(enc combat.Encounter, id string) (RoutineTurn, error) {
	f, err := fighterOf(enc, id)
	if err != nil {
		return RoutineTurn{}, err
	}
	r, err := f.p.AttacksPerRound()
	if err != nil {
		return RoutineTurn{}, err
	}
	st, err := persistentOf(f.c)
	if err != nil {
		return RoutineTurn{}, err
	}
	t := RoutineTurn{Uncapped: r.Uncapped, Attacks: r.Uncapped, Slowed: f.p.Conditions.ShieldCover, Cap: f.p.MaxAttacks}
	if t.Slowed {
		t.Attacks, t.Credit = SlowedAttacks(r.Uncapped, st.Credit)
	}
	if t.Cap > 0 {
		t.Attacks = min(t.Attacks, t.Cap)
	}
	return t, nil
}

// TurnBudget gives a turn the GM's movement and one action per attack of
// the round's routine (TurnRoutine), at least one unless the routine is
// slowed, so that a fighter with only a shield keeps its shield attack
// (KC-ALG-B step 3); a slowed routine may grant none (KC-TV-36).
func (Ruleset) TurnBudget(enc combat.Encounter, id string) (combat.Counts, error) {
	t, err := TurnRoutine(enc, id)
	if err != nil {
		return combat.Counts{}, err
	}
	c, _ := enc.Combatant(id)
	n := t.Attacks
	if !t.Slowed {
		n = max(1, n)
	}
	return combat.NewCounts(combat.Count{Key: counterMovement, N: c.Stats.Speed}, combat.Count{Key: counterAttacks, N: n}), nil
}

// StartOfTurn stores the credit the routine carries on (KC-ALG-B step 2).
func (Ruleset) StartOfTurn(enc combat.Encounter, id string) (map[string]json.RawMessage, error) {
	t, err := TurnRoutine(enc, id)
	if err != nil {
		return nil, err
	}
	c, _ := enc.Combatant(id)
	old, err := persistentOf(c)
	if err != nil || old.Credit == t.Credit {
		return nil, err
	}
	b, err := json.Marshal(persistent{Credit: t.Credit})
	if err != nil {
		return nil, err
	}
	return map[string]json.RawMessage{id: b}, nil
}

// The question asked when a bash unbalances its target, and its answers
// (KC-SHIELD-5, KC-AMB-19): whether the GM calls the second roll.
const (
	AskSecondRoll = "second-balance-roll"
	AnswerRoll    = "roll"
	AnswerNoRoll  = "no-roll"
)

// CondOffBalance is the condition a bash that unbalances leaves on its
// target (KC-SHIELD-5).
const CondOffBalance = "off-balance"

// balanceOutcome turns a lost balance into conditions (KC-SHIELD-5): without
// an answer it asks the GM, through the defender's prompt, whether to call
// the second roll; with "roll" the target rolls d100 on its current ZR and a
// failure leaves it prone, with "no-roll" it is only off balance.
func balanceOutcome(d fighter, answers []string, roll func() (bool, combat.Trace)) (ask *combat.Question, conds []string, tr combat.Trace) {
	if len(answers) == 0 {
		return &combat.Question{Key: AskSecondRoll, Chooser: d.c.ID, Options: []string{AnswerRoll, AnswerNoRoll}}, nil, nil
	}
	conds = []string{CondOffBalance}
	if answers[0] == AnswerRoll {
		ok, rt := roll()
		tr = rt
		if !ok {
			conds = append(conds, CondProne)
		}
	}
	return nil, slices.DeleteFunc(conds, func(k string) bool { return slices.Contains(d.c.Conditions, k) }), tr
}

// Pace reports combatant id's routine for the turn now running: slowed or
// not, its attacks and the credit, in half attacks, carried on (KC-ALG-B,
// KC-ATK-5). The credit stored at the start of the turn is the one carried.
func (Ruleset) Pace(enc combat.Encounter, id string) (combat.Pace, error) {
	f, err := fighterOf(enc, id)
	if err != nil {
		return combat.Pace{}, err
	}
	st, err := persistentOf(f.c)
	if err != nil {
		return combat.Pace{}, err
	}
	return combat.Pace{Slowed: f.p.Conditions.ShieldCover, Actions: f.c.Budget.Left(counterAttacks), Credit: st.Credit, Rule: "KC-ATK-5"}, nil
}

// Delay is an attack's delay in segments (KC-ALG-A step 16): the weapon's,
// doubled when twice as slow (KC-ATK-5), a shield attack's or an
// auto-strike's, for the optional segment timeline (KC-AMB-34).
func (Ruleset) Delay(enc combat.Encounter, req combat.AttackRequest) (int, error) {
	a, d, s, err := attack(enc, req)
	if err != nil {
		return 0, err
	}
	p, err := prepare(a.p, d.p, s)
	if err != nil {
		return 0, err
	}
	return p.delay, nil
}
