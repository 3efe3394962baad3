package tactics

import (
	"slices"

	"battlemat/rules/combat"
)

// baseRate is the race base rate in squares per round (K-MOVE-1).
var baseRate = map[Speed]int{SpeedSlow: 2, SpeedNormal: 3, SpeedFast: 4, SpeedVeryFast: 5}

// raceTerms are the race base rate's modifier for each known speed, made
// once from baseRate so that a movement rate spells no key anew.
var raceTerms = func() map[Speed]combat.Modifier {
	m := make(map[Speed]combat.Modifier, len(baseRate))
	for s, n := range baseRate {
		m[s] = raceTerm(s, n)
	}
	return m
}()

// raceTerm is the race base rate's modifier for speed s, of n squares.
func raceTerm(s Speed, n int) combat.Modifier {
	return combat.Modifier{Rule: "K-MOVE-1", Key: "race-" + string(s), Quantity: QtyRate, Value: n}
}

// The rules behind a movement rate and behind each movement type's
// budget, shared by every Rate and Budget: clipped, so that citing more
// copies them first.
var (
	rateRules    = slices.Clip([]combat.RuleID{"K-MOVE-1", "K-MOVE-2", "K-MOVE-3"})
	normalRules  = slices.Clip([]combat.RuleID{"K-MOVE-6", "K-MOVE-1"})
	chargeRules  = slices.Clip([]combat.RuleID{"K-MOVE-7", "K-MOVE-8"})
	retreatRules = slices.Clip([]combat.RuleID{"K-MOVE-9", "K-MOVE-10"})
)

// QtyRate is the quantity of the movement-rate modifiers, in squares.
const QtyRate = "rate"

// DexRateModifier returns the movement-rate modifier for a Dexterity score
// (K-MOVE-1): −1 up to 8, 0 for 9–15, +1 for 16–19, +2 from 20.
func DexRateModifier(dex int) int {
	switch {
	case dex <= 8:
		return -1
	case dex <= 15:
		return 0
	case dex <= 19:
		return 1
	}
	return 2
}

// Rate is a movement rate in half squares per round, so that the 0.5
// minimum is exact (K-MOVE-3), with the terms that built it.
type Rate struct {
	Halves    int               `json:"halves"`
	Modifiers []combat.Modifier `json:"modifiers"`
	Rules     []combat.RuleID   `json:"rules"`
}

// MovementRate returns a creature's rate: race base + Dexterity modifier −
// 1 for heavy armour (K-MOVE-1, K-MOVE-2), at least half a square, or 0
// when paralysed or bound in place (K-MOVE-3).
func MovementRate(c Creature) Rate {
	r := Rate{Rules: rateRules}
	if c.Paralysed || c.Bound {
		return r
	}
	race, ok := raceTerms[c.Speed]
	if !ok {
		race = raceTerm(c.Speed, 0)
	}
	// Room for the three terms, so that adding them grows nothing.
	r.Modifiers = append(make([]combat.Modifier, 0, 3), race)
	if m := DexRateModifier(c.Dex); m != 0 {
		r.Modifiers = append(r.Modifiers, combat.Modifier{Rule: "K-MOVE-1", Key: "dexterity", Quantity: QtyRate, Value: m})
	}
	if c.HeavyArmour {
		r.Modifiers = append(r.Modifiers, combat.Modifier{Rule: "K-MOVE-2", Key: "heavy-armour", Quantity: QtyRate, Value: -1})
	}
	r.Halves = max(1, 2*combat.Sum(r.Modifiers, QtyRate))
	return r
}

// FitnessBonus is the general ability-table bonus (K-MOD-3) used for
// charge duration: 0 up to 12, +1 for 13–15, +2 for 16–17, +3 from 18
// (scores above 18 use the 18 row, A-07).
func FitnessBonus(fitness int) int {
	switch {
	case fitness <= 12:
		return 0
	case fitness <= 15:
		return 1
	case fitness <= 17:
		return 2
	}
	return 3
}

// ChargeRounds returns how many rounds per encounter a creature may charge:
// 1 + its Fitness bonus (K-MOVE-8, A-35).
func ChargeRounds(fitness int) int { return 1 + FitnessBonus(fitness) }

// Mode is a movement type (K-MOVE-6, K-MOVE-7, K-MOVE-9).
type Mode string

// The movement types.
const (
	Normal  Mode = "normal"  // up to the rate (K-MOVE-6)
	Charge  Mode = "charge"  // up to twice the rate, simple actions only (K-MOVE-7)
	Retreat Mode = "retreat" // fighting retreat: one square backward, no OA (K-MOVE-9)
)

func (m Mode) check() error {
	switch m {
	case Normal, Charge, Retreat:
		return nil
	}
	return combat.Invalid("K-MOVE-6", "mode", "unknown movement type %q", m)
}

// Budget is how far a creature may move this round with one movement
// type, or why it may not move that way.
type Budget struct {
	Mode    Mode            `json:"mode"`
	Squares int             `json:"squares"`
	Allowed bool            `json:"allowed"`
	Reason  Reason          `json:"reason,omitempty"`
	Actions Actions         `json:"actions"` // what the mover may do meanwhile
	Rate    Rate            `json:"rate"`
	Rules   []combat.RuleID `json:"rules"`
}

// budget returns creature i's movement budget for mode this round,
// computed when first asked and kept with the battle (and the battles
// derived from it while nothing it depends on changes). Its slices are
// clipped, so that a caller's append never writes into the kept copy.
func (b *Battle) budget(i int, mode Mode) Budget {
	bs := b.budgets[i].Load()
	if bs == nil {
		bs = new([3]Budget)
		rate := MovementRate(*b.cs[i]) // the same in every movement type
		rate.Modifiers, rate.Rules = slices.Clip(rate.Modifiers), slices.Clip(rate.Rules)
		for k, m := range []Mode{Normal, Charge, Retreat} {
			bu := b.newBudget(i, m, rate)
			bu.Rules = slices.Clip(bu.Rules)
			bs[k] = bu
		}
		b.budgets[i].Store(bs)
	}
	switch mode {
	case Normal:
		return bs[0]
	case Charge:
		return bs[1]
	}
	return bs[2]
}

// newBudget computes creature i's movement budget for mode this round,
// given its movement rate.
func (b *Battle) newBudget(i int, mode Mode, rate Rate) Budget {
	c := b.cs[i]
	bu := Budget{Mode: mode, Rate: rate}
	bu.Actions = actionsFor(mode)
	deny := func(r Reason) Budget {
		bu.Squares, bu.Allowed, bu.Reason = 0, false, r
		bu.Rules = cite(bu.Rules, r.Rule())
		return bu
	}
	var spent Reason // a limit of the movement type reached this round
	switch mode {
	case Normal:
		bu.Rules = normalRules
		bu.Squares = bu.Rate.Halves / 2
		if bu.Rate.Halves == 1 {
			bu.Squares = 1
			bu.Rules = cite(bu.Rules, "K-MOVE-4")
			if c.MovedLastRound {
				spent = ReasonHalfSquare
			}
		}
	case Charge:
		bu.Rules = chargeRules
		bu.Squares = bu.Rate.Halves // twice the rate; 0.5 doubles to 1 (K-MOVE-4)
		if c.ChargeRoundsUsed >= ChargeRounds(c.Fitness) {
			spent = ReasonChargeSpent
		}
	default: // Retreat
		bu.Rules = retreatRules
		bu.Squares = 1
	}
	switch {
	case !c.active():
		return deny(ReasonDown)
	case c.Paralysed || c.Bound:
		return deny(ReasonImmobile)
	case mode != Retreat && b.pins[i].Pinned():
		bu.Rules = cite(bu.Rules, "K-PIN-8")
		return deny(ReasonPinned)
	case spent != "":
		return deny(spent)
	}
	bu.Allowed = true
	return bu
}

// Budget returns how far the creature may move this round with the given
// movement type, or why it may not (K-MOVE-3..10, K-PIN-8).
func (b *Battle) Budget(id string, mode Mode) (Budget, error) {
	i, err := b.lookup(id)
	if err != nil {
		return Budget{}, err
	}
	if err := mode.check(); err != nil {
		return Budget{}, err
	}
	return b.budget(i, mode), nil
}
