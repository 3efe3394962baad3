package dnd5e

import (
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// ConditionSneaking marks, in setup, a creature that tries to stay hidden
// at the start of the encounter (DND-SURP-3).
const ConditionSneaking = "sneaking"

// The deciders of a tie, as combat.Tie names them (DND-INIT-4).
const (
	DeciderDM      = "dm"
	DeciderPlayers = "players"
)

// Ties lists the encounter's initiative ties still to be ordered by hand
// (DND-INIT-4, DND-AMB-8): runs of equal scores that neither dice nor a
// party have settled, for the players when every tied creature is a player
// character, for the DM otherwise.
func (Ruleset) Ties(enc combat.Encounter) []combat.Tie {
	o := Order{Slots: make([]Slot, len(enc.Order))}
	for i, s := range enc.Order {
		ctl := Player
		for _, id := range s.Members {
			c, _ := enc.Combatant(id)
			if p, _, err := profileOf(enc, c); err != nil || p.controller() != Player {
				ctl = DM
			}
		}
		o.Slots[i] = Slot{Members: s.Members, Total: s.Score, Controller: ctl, Settled: s.Settled || len(s.Tiebreak) > 0}
	}
	var out []combat.Tie
	for _, t := range o.Ties() {
		d := DeciderDM
		if t.Decider == Player {
			d = DeciderPlayers
		}
		out = append(out, combat.Tie{From: t.From, To: t.To, Decider: d})
	}
	return out
}

// Surprise works out who is surprised at the start (DND-ALG-A step 1): each
// creature marked sneaking rolls Dexterity (Stealth), in the encounter's
// order, and Surprise compares it with every hostile creature's passive
// Perception (DND-SURP-3, DND-AMB-1). Creatures without a stat block have a
// Stealth modifier of 0 and a passive Perception of 10 (DND-GEN-2).
func (rs Ruleset) Surprise(enc combat.Encounter, r dice.Roller) ([]string, combat.Trace, error) {
	ps := make([]Presence, len(enc.Combatants))
	var tr combat.Trace
	for i, c := range enc.Combatants {
		p, ok, err := profileOf(enc, c)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			p.PassivePerception = 10
		}
		ps[i] = Presence{ID: c.ID, Side: c.Side, Sneaking: slices.Contains(c.Conditions, ConditionSneaking), PassivePerception: p.PassivePerception}
		if ps[i].Sneaking {
			var st combat.Trace
			ps[i].StealthTotal, st = RollStealth(p.Stealth, r)
			tr = append(tr, st...)
		}
	}
	var ids []string
	for _, a := range Surprise(ps, SurpriseRules{Tie: rs.StealthTie}) {
		tr = append(tr, a.Trace...)
		if a.Surprised {
			ids = append(ids, a.ID)
		}
	}
	return ids, tr, nil
}
