package cairn

import (
	"math/big"

	"battlemat/rules/combat"
)

// The keys of a morale forecast's chances.
const (
	ChanceMoraleHolds = "morale-holds"  // nobody in the group flees (CA-ALG-D)
	ChanceExpectFled  = "expected-fled" // the expected number who flee, a combat.ExpectedAmount (CA-ALG-D)
)

// ForecastMorale gives the exact odds of group g's next morale check
// (CA-ALG-D) as if it were rolled with the members able now. A trigger that
// has fired and not been rolled for is due (half strength before the first
// casualty: one save for both). Otherwise the next to come is a lone foe's
// own save at 0 HP when one member is left able (CA-MORALE-5), else the
// first casualty while that save is still to make (as half strength when
// one casualty is half the group, CA-MORALE-3), then half strength. A living, able leader rolls once for every able member;
// otherwise each able member rolls its WIL (CA-MORALE-4, CA-AMB-12). Each
// save passes on saveSuccesses(WIL) faces of 20 (CA-GEN-3). It reports
// false when no check is left to come or nobody is able to roll.
func ForecastMorale(g MoraleGroup, members []Character) (combat.MoraleOdds, bool, error) {
	byID := map[string]Character{}
	for _, c := range members {
		if err := c.Validate(); err != nil {
			return combat.MoraleOdds{}, false, err
		}
		byID[c.ID] = c
	}
	if err := g.validate(byID); err != nil {
		return combat.MoraleOdds{}, false, err
	}
	var able []string
	casualties := 0
	for _, id := range g.Members {
		if byID[id].Casualty() {
			casualties++
		} else {
			able = append(able, id)
		}
	}
	out := combat.MoraleOdds{Group: g.ID, Members: able}
	rollers := able
	first := !g.FirstDone && casualties > 0
	half := !g.HalfDone && casualties > 0 && halfLost(casualties, g.Start)
	switch {
	case len(able) == 0:
		return out, false, nil
	case half:
		out.Trigger, out.Rule = KeyHalfLost, "CA-MORALE-3"
	case first:
		out.Trigger, out.Rule = KeyFirstLoss, "CA-MORALE-2"
	case len(able) == 1:
		// Any loss to the group now is this member's own: only its save at
		// 0 HP can still come.
		out.Trigger, out.Rule = KeyLoneFoe, "CA-MORALE-5"
	case !g.FirstDone:
		out.Trigger, out.Rule = KeyFirstLoss, "CA-MORALE-2"
		if halfLost(1, g.Start) {
			out.Trigger, out.Rule = KeyHalfLost, "CA-MORALE-3"
		}
	case !g.HalfDone:
		out.Trigger, out.Rule = KeyHalfLost, "CA-MORALE-3"
	default:
		return out, false, nil
	}
	if out.Trigger != KeyLoneFoe && g.Leader != "" && !byID[g.Leader].Casualty() {
		out.Leader, rollers = g.Leader, []string{g.Leader}
	}
	holds := new(big.Rat).SetInt64(1)
	fled := new(big.Rat)
	for _, id := range rollers {
		s := int64(saveSuccesses(byID[id].Attr.WIL))
		out.Holds = append(out.Holds, combat.Chance{Key: id, Num: s, Den: 20})
		holds.Mul(holds, big.NewRat(s, 20))
		fled.Add(fled, big.NewRat(20-s, 20))
	}
	if out.Leader != "" {
		fled.Mul(fled, big.NewRat(int64(len(able)), 1)) // everyone follows the leader's roll
	}
	if c, ok := ratChance(ChanceMoraleHolds, holds); ok {
		out.Chances = append(out.Chances, c)
	}
	if c, ok := ratChance(ChanceExpectFled, fled); ok {
		c.Kind = combat.ExpectedAmount
		out.Chances = append(out.Chances, c)
	}
	return out, true, nil
}

// ratChance is the chance key = p, when p's reduced numerator and
// denominator fit in int64; a chance of many members' saves together may
// not, and is then left out rather than rounded.
func ratChance(key string, p *big.Rat) (combat.Chance, bool) {
	if !p.Num().IsInt64() || !p.Denom().IsInt64() {
		return combat.Chance{}, false
	}
	return combat.Chance{Key: key, Num: p.Num().Int64(), Den: p.Denom().Int64()}, true
}

// MoraleOdds forecasts the next morale check of every non-PC group of the
// encounter (combat.MoraleTeller, CA-ALG-D), from the same groups a phase
// checks (battle): what will call it, who rolls and the exact odds.
func (rs Ruleset) MoraleOdds(enc combat.Encounter) ([]combat.MoraleOdds, error) {
	b, err := rs.battle(enc)
	if err != nil {
		return nil, err
	}
	var out []combat.MoraleOdds
	for _, g := range b.Groups {
		o, ok, err := ForecastMorale(g, b.Characters)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, o)
		}
	}
	return out, nil
}
