package dnd5e

import (
	"slices"

	"battlemat/rules/combat"
)

// LockMode says when a surprised creature's reaction lock ends (DND-SURP-5,
// DND-ERR-2, DND-AMB-3).
type LockMode uint8

// The lock modes.
const (
	LockRoundEnd   LockMode = iota // the Hebrew text: at the end of the first round (default)
	LockOwnTurnEnd                 // the SRD reading: at the end of the creature's own first turn
)

// Budget is what a creature has left of its turn and its reaction
// (DND-ALG-C, DND-ENG-1 TurnBudget), a value: every method returns a new
// budget. Movement and Speed are in feet.
//
// Surprised marks a creature that has yet to take its surprised first turn
// (DND-SURP-5). Locked holds its reaction off until the end of round
// LockRound (LockRoundEnd) or of its own first turn (LockOwnTurnEnd).
// Disengaged lasts for the rest of the turn; Dodging until the start of the
// creature's next turn (DND-ND-1, SRD default).
type Budget struct {
	Speed           int      `json:"speed"`
	Movement        int      `json:"movement"`
	Action          bool     `json:"action"`
	BonusAction     bool     `json:"bonusAction"`
	FreeInteraction bool     `json:"freeInteraction"`
	Reaction        bool     `json:"reaction"`
	Surprised       bool     `json:"surprised,omitempty"`
	Locked          bool     `json:"locked,omitempty"`
	LockMode        LockMode `json:"lockMode,omitempty"`
	LockRound       int      `json:"lockRound,omitempty"`
	Disengaged      bool     `json:"disengaged,omitempty"`
	Dodging         bool     `json:"dodging,omitempty"`
}

// Enter returns the budget of a creature as the encounter starts, or as it
// joins one in round firstRound (DND-ALG-A step 4, DND-AMB-5). It has its
// reaction before its first turn (DND-AMB-13) unless it is surprised; then
// its reaction is locked (DND-SURP-5) until the lock mode releases it.
// Movement, action and the rest come at the start of its turn.
func Enter(surprised bool, mode LockMode, firstRound int) Budget {
	return Budget{
		Reaction:  !surprised,
		Surprised: surprised,
		Locked:    surprised,
		LockMode:  mode,
		LockRound: firstRound,
	}
}

// TurnStart is what the start of a creature's turn needs to know: its
// speed in feet (DND-TURN-2), whether any feature grants it a bonus-action
// option (DND-BONUS-1), and whether an effect stops it from taking actions
// (DND-BONUS-4, DND-ND-7).
type TurnStart struct {
	Speed     int
	HasBonus  bool
	CannotAct bool
}

// StartTurn resets the turn's budget (DND-ALG-C step 1): movement up to
// speed, one action (DND-TURN-1), a bonus action only if granted
// (DND-BONUS-1), one free object interaction (DND-FREE-3), and the reaction
// back unless a surprise lock is still on (DND-REACT-3). A Dodge from the
// last turn ends. On a surprised first turn it then removes movement and
// action (DND-SURP-5) and with them the bonus action (DND-BONUS-4) and the
// free interaction, which needs a move or an action to ride on (DND-AMB-4);
// communication stays allowed. A creature that cannot take actions gets no
// action and no bonus action (DND-BONUS-4).
func (b Budget) StartTurn(ts TurnStart) (Budget, combat.Trace) {
	b.Speed, b.Movement = ts.Speed, ts.Speed
	b.Action, b.BonusAction, b.FreeInteraction = true, ts.HasBonus, true
	b.Disengaged, b.Dodging = false, false
	tr := make(combat.Trace, 0, 6) // room for every step below: one allocation
	tr = append(tr,
		combat.Step{Rule: "DND-TURN-1", Kind: combat.StepCompute, Key: "movement", Value: b.Movement},
		combat.Step{Rule: "DND-BONUS-1", Kind: combat.StepOutcome, Key: bonusKey(ts.HasBonus)})
	if b.Locked {
		tr = append(tr, combat.Step{Rule: "DND-SURP-5", Kind: combat.StepOutcome, Key: "reaction-locked"})
	} else {
		b.Reaction = true
		tr = append(tr, combat.Step{Rule: "DND-REACT-3", Kind: combat.StepOutcome, Key: "reaction-refreshed"})
	}
	if b.Surprised {
		b.Movement, b.Action, b.BonusAction, b.FreeInteraction = 0, false, false, false
		tr = append(tr, combat.Step{Rule: "DND-SURP-5", Kind: combat.StepOutcome, Key: "surprised-first-turn"},
			combat.Step{Rule: "DND-AMB-4", Kind: combat.StepOutcome, Key: "no-bonus-no-interaction"})
	}
	if ts.CannotAct {
		b.Action, b.BonusAction = false, false
		tr = append(tr, combat.Step{Rule: "DND-BONUS-4", Kind: combat.StepOutcome, Key: "cannot-act"})
	}
	return b, tr
}

// bonusKey is the trace key of the bonus-action grant.
func bonusKey(granted bool) string {
	if granted {
		return "bonus-action-granted"
	}
	return "no-bonus-action"
}

// Move spends feet of movement, in as many segments as the creature likes,
// before, between or after its other activity (DND-TURN-1, DND-AMB-10).
func (b Budget) Move(feet int) (Budget, error) {
	if feet <= 0 {
		return b, combat.Invalid("DND-TURN-1", "feet", "a move must cover some distance, got %d ft", feet)
	}
	if feet > b.Movement {
		return b, combat.Invalid("DND-TURN-1", "feet", "%d ft asked, %d ft left", feet, b.Movement)
	}
	b.Movement -= feet
	return b, nil
}

// TakeAction spends the turn's one action on a (DND-TURN-1, DND-TURN-3) and
// applies what a does to the budget (DND-ND-1, SRD default).
func (b Budget) TakeAction(a Action) (Budget, error) {
	if !a.Valid() {
		return b, combat.Invalid("DND-ND-1", "action", "unknown action %q", a)
	}
	if !b.Action {
		return b, combat.Refuse("DND-TURN-1", "action", combat.RefusalNoCounter, "counter", CounterAction)
	}
	b.Action = false
	return b.apply(a), nil
}

// TakeBonusAction spends the turn's one bonus action on a, which must be
// one of the options a feature grants the creature (DND-BONUS-1,
// DND-BONUS-2). When in the turn is the creature's choice (DND-BONUS-3).
func (b Budget) TakeBonusAction(a Action, options []Action) (Budget, error) {
	if !b.BonusAction {
		return b, combat.Refuse("DND-BONUS-2", "bonusAction", combat.RefusalNoCounter, "counter", CounterBonus)
	}
	if !slices.Contains(options, a) {
		return b, combat.Invalid("DND-BONUS-1", "bonusAction", "no feature grants %q as a bonus action", a)
	}
	b.BonusAction = false
	return b.apply(a), nil
}

// apply gives the effect of an action on the budget (DND-ND-1, SRD
// default): Dash adds the creature's speed to its movement, Disengage
// keeps its movement from provoking opportunity attacks this turn, Dodge
// lasts until its next turn. The other actions change no budget.
func (b Budget) apply(a Action) Budget {
	switch a {
	case ActionDash:
		b.Movement += b.Speed
	case ActionDisengage:
		b.Disengaged = true
	case ActionDodge:
		b.Dodging = true
	}
	return b
}

// Interact uses an object or a feature of the surroundings (DND-FREE-3).
// The first interaction of the turn is free; a second one costs the action
// (DND-FREE-4), and so does one whose item always needs an action
// (DND-FREE-5) or that the DM rules needs one (DND-FREE-6, DND-AMB-18):
// needsAction covers both. The returned step says which rule applied.
func (b Budget) Interact(needsAction bool) (Budget, combat.Step, error) {
	if !needsAction && b.FreeInteraction {
		b.FreeInteraction = false
		return b, combat.Step{Rule: "DND-FREE-3", Kind: combat.StepOutcome, Key: "free-interaction"}, nil
	}
	rule := combat.RuleID("DND-FREE-4")
	if needsAction {
		rule = "DND-FREE-6"
	}
	if !b.Action {
		return b, combat.Step{}, combat.Invalid(rule, "interaction", "the interaction needs the action, which is spent")
	}
	b.Action = false
	return b, combat.Step{Rule: rule, Kind: combat.StepOutcome, Key: "interaction-costs-action"}, nil
}

// CanReact reports whether the creature can take a reaction now: it must
// have its reaction (DND-REACT-3), no surprise lock (DND-SURP-5) and be
// able to take actions, since a reaction is a kind of action (DND-REACT-1,
// DND-ND-7). When it cannot, key says why.
func (b Budget) CanReact(cannotAct bool) (ok bool, key string) {
	switch {
	case b.Locked:
		return false, "surprise-lock"
	case !b.Reaction:
		return false, "reaction-used"
	case cannotAct:
		return false, "cannot-act"
	}
	return true, ""
}

// React spends the creature's reaction, on its own turn or another's
// (DND-REACT-1). It comes back only at the start of its next turn
// (DND-REACT-3, DND-ALG-D step 5).
func (b Budget) React(cannotAct bool) (Budget, error) {
	if ok, why := b.CanReact(cannotAct); !ok {
		return b, combat.Invalid("DND-REACT-3", "reaction", "cannot react: %s", why)
	}
	b.Reaction = false
	return b, nil
}

// Resume continues a turn interrupted by a reaction with what is left of
// its budget (DND-REACT-4). If the creature can no longer act, its turn
// ends instead (DND-AMB-16); resumed is then false.
func (b Budget) Resume(ableToAct bool) (next Budget, resumed bool) {
	if !ableToAct {
		return b.EndTurn(), false
	}
	return b, true
}

// EndTurn discards unused movement, action, bonus action and free
// interaction (DND-ALG-C step 4), ends the surprised first turn, and in
// SRD mode releases the surprise lock, giving the reaction back at once
// (DND-AMB-3, AM-1).
func (b Budget) EndTurn() Budget {
	b.Movement, b.Action, b.BonusAction, b.FreeInteraction = 0, false, false, false
	b.Disengaged = false
	if b.Surprised && b.Locked && b.LockMode == LockOwnTurnEnd {
		b.Locked, b.Reaction = false, true
	}
	b.Surprised = false
	return b
}

// EndRound releases a Hebrew-mode surprise lock at the end of its round,
// giving the reaction back at once (DND-ALG-B step 2, AM-1).
func (b Budget) EndRound(round int) Budget {
	if b.Locked && b.LockMode == LockRoundEnd && round >= b.LockRound {
		b.Locked, b.Reaction = false, true
	}
	return b
}

// RoundSeconds is the game time one round stands for (DND-ROUND-1).
const RoundSeconds = 6

// Elapsed returns the game time, in seconds, that rounds rounds stand for
// (DND-ROUND-1).
func Elapsed(rounds int) int { return rounds * RoundSeconds }
