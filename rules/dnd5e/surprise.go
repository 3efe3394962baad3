package dnd5e

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// StealthTie says who wins when a sneaker's Stealth total equals an
// observer's passive Perception (DND-AMB-1).
type StealthTie uint8

// The settings of DND-AMB-1.
const (
	TieToSneaker  StealthTie = iota // default: meeting the passive score stays hidden
	TieToObserver                   // switch: a tie is noticed
)

// Presence is what surprise needs to know about one creature at the start
// of an encounter (DND-SURP-3). Creatures on different sides are hostile.
// StealthTotal matters only when Sneaking.
type Presence struct {
	ID                string `json:"id"`
	Side              string `json:"side"`
	Sneaking          bool   `json:"sneaking,omitempty"`
	StealthTotal      int    `json:"stealthTotal,omitempty"`
	PassivePerception int    `json:"passivePerception"`
}

// SurpriseRules are the DM's settings and calls for DND-ALG-A step 1.
// Perceives is the DM's call whether an observer can perceive a creature
// that is not sneaking (DND-AMB-2); nil means it always can.
type SurpriseRules struct {
	Tie       StealthTie
	Perceives func(observer, target string) bool
}

// Awareness is the surprise verdict for one creature: the hostile creatures
// it noticed, whether it is surprised, and the trace of its comparisons.
type Awareness struct {
	ID        string       `json:"id"`
	Noticed   []string     `json:"noticed,omitempty"`
	Surprised bool         `json:"surprised"`
	Trace     combat.Trace `json:"trace"`
}

// RollStealth makes a Dexterity (Stealth) check: d20 plus the creature's
// Stealth modifier (DND-SURP-3, DND-GEN-1).
func RollStealth(mod int, r dice.Roller) (int, combat.Trace) {
	face := r.Roll(20)
	total := face + mod
	return total, combat.Trace{
		{Rule: "DND-SURP-3", Kind: combat.StepRoll, Key: "stealth-d20", Sides: 20, Face: face, Value: face},
		{Rule: "DND-GEN-1", Kind: combat.StepModifier, Key: "stealth-mod", Quantity: "stealth", Value: mod},
		{Rule: "DND-SURP-3", Kind: combat.StepCompute, Key: "stealth", Value: total},
	}
}

// Notices reports whether an observer with the given passive Perception
// notices a sneaker with the given Stealth total: the passive score is a
// fixed target the sneaker must meet to stay hidden, unless the tie setting
// gives ties to the observer (DND-SURP-3, DND-AMB-1).
func Notices(passive, stealth int, tie StealthTie) bool {
	if tie == TieToObserver {
		return passive >= stealth
	}
	return passive > stealth
}

// Surprise decides who is surprised at the start of an encounter
// (DND-ALG-A step 1). If nobody sneaks, nobody is surprised (DND-SURP-2).
// Otherwise each creature compares its passive Perception with the Stealth
// total of every hostile sneaker (DND-SURP-3), notices every hostile
// non-sneaker it can perceive (DND-AMB-2), and is surprised only if it
// noticed no hostile creature at all (DND-SURP-4, DND-AMB-1). The verdict
// is per creature (DND-SURP-6); the DM may override any of it (DND-SURP-1).
// The result is in the order of cs.
func Surprise(cs []Presence, rules SurpriseRules) []Awareness {
	out := make([]Awareness, len(cs))
	anySneaking := false
	for _, c := range cs {
		anySneaking = anySneaking || c.Sneaking
	}
	for i, o := range cs {
		a := Awareness{ID: o.ID}
		if !anySneaking {
			a.Trace = combat.Trace{{Rule: "DND-SURP-2", Kind: combat.StepOutcome, Key: "nobody-sneaking"}}
			out[i] = a
			continue
		}
		for _, h := range cs {
			if h.Side == o.Side {
				continue
			}
			if h.Sneaking {
				seen := Notices(o.PassivePerception, h.StealthTotal, rules.Tie)
				a.Trace = append(a.Trace,
					combat.Step{Rule: "DND-GEN-2", Kind: combat.StepTarget, Key: "passive-perception", Value: o.PassivePerception},
					combat.Step{Rule: "DND-SURP-3", Kind: combat.StepCompute, Key: "stealth", Value: h.StealthTotal},
					combat.Step{Rule: "DND-AMB-1", Kind: combat.StepOutcome, Key: noticeKey(seen)})
				if seen {
					a.Noticed = append(a.Noticed, h.ID)
				}
				continue
			}
			seen := rules.Perceives == nil || rules.Perceives(o.ID, h.ID)
			a.Trace = append(a.Trace, combat.Step{Rule: "DND-AMB-2", Kind: combat.StepOutcome, Key: noticeKey(seen)})
			if seen {
				a.Noticed = append(a.Noticed, h.ID)
			}
		}
		a.Surprised = len(a.Noticed) == 0
		a.Trace = append(a.Trace, combat.Step{Rule: "DND-SURP-4", Kind: combat.StepOutcome, Key: surprisedKey(a.Surprised)})
		out[i] = a
	}
	return out
}

// noticeKey is the trace key of one noticing comparison.
func noticeKey(seen bool) string {
	if seen {
		return "noticed"
	}
	return "unnoticed"
}

// surprisedKey is the trace key of a creature's surprise verdict.
func surprisedKey(s bool) string {
	if s {
		return "surprised"
	}
	return "not-surprised"
}
