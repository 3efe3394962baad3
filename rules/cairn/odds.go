package cairn

import (
	"battlemat/rules/combat"
)

// MaxOddsDice bounds the dice an odds table may combine, keeping every count
// inside int64 (12^8 × 20 < 2^63).
const MaxOddsDice = 8

// Odds are the exact chances of one target's damage result in a phase,
// counted over every equally likely combination of the damage dice and the
// d20 of the STR save: each count divided by Den is a probability. Damage[d]
// counts the outcomes dealing d after armour; Outcome counts them by what
// they do to the target, as ApplyDamage decides it.
type Odds struct {
	Den     int64             `json:"den"`
	Damage  []int64           `json:"damage"`
	Outcome map[Outcome]int64 `json:"outcome"`
}

// ExactOdds computes the exact odds of the dice, rolled together with only
// the highest kept (CA-DMG-7, CA-DUAL-1), against target (CA-ALG-C): the
// damage after armour (CA-DMG-3), and the chances of no effect, HP loss
// only, STR loss with a passed save, critical damage (a failed save,
// CA-CRIT-3) and death (STR at 0 or below, CA-CRIT-2, or an NPC failing its
// save, CA-CRIT-6). Pass the dice SelectDice chose for each attack. The STR
// save uses the procedure of CA-GEN-3 (saveSuccesses).
func ExactOdds(dice []Die, target Character) (Odds, error) {
	if err := target.Validate(); err != nil {
		return Odds{}, err
	}
	if len(dice) == 0 || len(dice) > MaxOddsDice {
		return Odds{}, combat.Invalid("CA-DMG-7", "dice", "%d dice; want 1..%d", len(dice), MaxOddsDice)
	}
	top := 0
	for _, d := range dice {
		if !d.Valid() {
			return Odds{}, combat.Invalid("CA-GEN-2", "dice", "d%d is not a damage die", d)
		}
		top = max(top, int(d))
	}
	armour := target.ArmourValue()
	out := Odds{Den: int64(D20), Damage: make([]int64, damageAfterArmour(top, armour)+1), Outcome: map[Outcome]int64{}}
	for _, o := range Outcomes {
		out.Outcome[o] = 0
	}
	for _, d := range dice {
		out.Den *= int64(d)
	}
	for k := 1; k <= top; k++ {
		n := (atMost(dice, k) - atMost(dice, k-1)) * int64(D20) // combinations whose highest die is k, times the save die
		if n == 0 {
			continue
		}
		dealt := damageAfterArmour(k, armour)
		if target.Status.Dead {
			dealt = 0 // the dead take no more damage (CA-CRIT-2)
		}
		out.Damage[dealt] += n
		pass, o := outcomesOf(target, dealt)
		if o != "" {
			out.Outcome[o] += n
			continue
		}
		p := n / int64(D20) * int64(pass)
		out.Outcome[OutcomeSaved] += p
		out.Outcome[criticalOutcome(target)] += n - p
	}
	return out, nil
}

// atMost counts the combinations of dice whose faces are all at most k: the
// product over the dice of min(k, sides).
func atMost(dice []Die, k int) int64 {
	n := int64(1)
	for _, d := range dice {
		n *= int64(min(k, int(d)))
	}
	return n
}

// outcomesOf classifies dealt damage against target as ApplyDamage does.
// When a STR save decides, it returns the number of passing d20 faces and an
// empty outcome; otherwise the fixed outcome.
func outcomesOf(t Character, dealt int) (pass int, o Outcome) {
	switch {
	case t.Status.Dead || dealt == 0:
		return 0, OutcomeNone
	case dealt <= t.HP:
		return 0, OutcomeHP
	}
	str := rawFloor(t.Attr.STR - (dealt - t.HP))
	if str <= 0 {
		return 0, OutcomeDead
	}
	return saveSuccesses(str), ""
}

// criticalOutcome is what a failed STR save means for target (CA-CRIT-6):
// death for an NPC the GM has not kept alive, critical damage otherwise.
func criticalOutcome(t Character) Outcome {
	if t.Kind == NPC && !t.KeepAlive && !t.Status.Critical {
		return OutcomeDead
	}
	return OutcomeCritical
}

// StrikeOdds is ExactOdds for the attacks one side makes on target in a
// phase: each strike's dice are chosen by SelectDice and all are rolled
// together, the highest kept (CA-DMG-7).
func StrikeOdds(target Character, strikes []Strike, opt Options) (Odds, error) {
	var ds []Die
	for _, s := range strikes {
		if err := s.Attack.Validate(); err != nil {
			return Odds{}, err
		}
		d, _, _ := SelectDice(s.Attack, s.Attacker, target, opt)
		ds = append(ds, d...)
	}
	return ExactOdds(ds, target)
}
