package cairn

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Battle is the state one side's phase works on: the round, every
// combatant (each with a unique ID), the morale groups and the GM's options.
type Battle struct {
	Round      int           `json:"round"`
	Characters []Character   `json:"characters"`
	Groups     []MoraleGroup `json:"groups,omitempty"`
	Options    Options       `json:"options"`
}

// index returns the position of each combatant by ID.
func (b Battle) index() map[string]int {
	at := make(map[string]int, len(b.Characters))
	for i, c := range b.Characters {
		at[c.ID] = i
	}
	return at
}

// Validate checks every combatant, that IDs are present and unique, and
// that every morale group fits its members.
func (b Battle) Validate() error {
	if b.Round < 1 {
		return combat.Invalid("CA-ALG-A", "round", "round %d; rounds start at 1", b.Round)
	}
	byID := map[string]Character{}
	for _, c := range b.Characters {
		if err := c.Validate(); err != nil {
			return err
		}
		if _, dup := byID[c.ID]; c.ID == "" || dup {
			return combat.Invalid("CA-ALG-A", "id", "missing or repeated combatant %q", c.ID)
		}
		byID[c.ID] = c
	}
	for _, g := range b.Groups {
		if err := g.validate(byID); err != nil {
			return err
		}
	}
	return nil
}

// Declaration is one attack action declared in a side's phase (CA-ALG-B
// step 1): the attacker, its target — or, for a blast, every valid target in
// its area, as the grid found them (CA-BLAST-1, CA-AMB-8) — and the attack.
type Declaration struct {
	Attacker string   `json:"attacker"`
	Targets  []string `json:"targets"`
	Attack   Attack   `json:"attack"`
}

// PhaseResult is the outcome of one side's attacks: the battle afterwards,
// the damage to each target in the order first declared, and the morale
// checks that followed.
type PhaseResult struct {
	Battle Battle       `json:"battle"`
	Hits   []Damage     `json:"hits"`
	Rolled [][]Entry    `json:"rolled"` // per hit, every entry aimed at its target with the faces rolled
	Morale []Morale     `json:"morale,omitempty"`
	Trace  combat.Trace `json:"trace"`
}

// ResolvePhase resolves the attacks one side declared in its phase, all at
// once (CA-ROUND-4, CA-ALG-B steps 2–7): blasts expand to one entry per
// target (CA-BLAST-1); each entry picks its dice (SelectDice); every die for
// every target is rolled, targets in order of first declaration, and each
// target keeps its single highest result (CA-DMG-7); then each target takes
// its damage (CA-ALG-C), and every morale group with a member hit checks
// morale (CA-ALG-D). Each attacker acts once (CA-ACT-1) and must be able to
// attack (CA-CRIT-5, CA-ATTR-3). The input battle is not modified.
func ResolvePhase(b Battle, decls []Declaration, r dice.Roller) (PhaseResult, error) {
	if err := b.Validate(); err != nil {
		return PhaseResult{}, err
	}
	at := b.index()
	entries := map[string][]Entry{}
	var order []string
	var tr combat.Trace
	acted := map[string]bool{}
	for _, d := range decls {
		ai, ok := at[d.Attacker]
		if !ok || acted[d.Attacker] {
			return PhaseResult{}, combat.Invalid("CA-ACT-1", "attacker", "unknown attacker %q, or a second action", d.Attacker)
		}
		acted[d.Attacker] = true
		attacker := b.Characters[ai]
		if !attacker.CanAct() || attacker.Status.Fleeing {
			return PhaseResult{}, combat.Invalid("CA-CRIT-5", "attacker", "%q cannot attack", d.Attacker)
		}
		if err := d.Attack.Validate(); err != nil {
			return PhaseResult{}, err
		}
		if len(d.Targets) == 0 {
			return PhaseResult{}, combat.Invalid("CA-DMG-1", "targets", "%q declared no target", d.Attacker)
		}
		seen := map[string]bool{}
		for _, id := range d.Targets {
			ti, ok := at[id]
			if !ok || seen[id] || id == d.Attacker {
				return PhaseResult{}, combat.Invalid("CA-BLAST-1", "targets", "unknown or repeated target %q", id)
			}
			seen[id] = true
			ds, blast, st := SelectDice(d.Attack, attacker, b.Characters[ti], b.Options)
			if len(d.Targets) > 1 && !blast {
				return PhaseResult{}, combat.Invalid("CA-BLAST-1", "targets", "only a blast hits several targets")
			}
			if _, queued := entries[id]; !queued {
				order = append(order, id)
			}
			entries[id] = append(entries[id], Entry{Attacker: d.Attacker, Dice: ds})
			tr = append(tr, st...)
		}
	}
	results := make([]int, len(order))
	rolled := make([][]Entry, len(order))
	for i, id := range order {
		var rt combat.Trace
		results[i], rolled[i], rt = rollEntries(entries[id], r)
		tr = append(tr, rt...)
	}
	out := PhaseResult{Battle: b, Hits: make([]Damage, len(order)), Rolled: rolled}
	out.Battle.Characters = make([]Character, len(b.Characters))
	for i, c := range b.Characters {
		out.Battle.Characters[i] = clone(c)
	}
	out.Battle.Groups = append([]MoraleGroup(nil), b.Groups...)
	zeroed := map[string]bool{}
	for i, id := range order {
		dmg, err := ApplyDamage(out.Battle.Characters[at[id]], results[i], b.Round, r)
		if err != nil {
			return PhaseResult{}, err
		}
		out.Hits[i] = dmg
		out.Battle.Characters[at[id]] = dmg.Target
		zeroed[id] = dmg.HPZeroed
		tr = append(tr, dmg.Trace...)
	}
	for gi, g := range out.Battle.Groups {
		var members []Character
		var hpZeroed []string
		hit := false
		for _, id := range g.Members {
			members = append(members, out.Battle.Characters[at[id]])
			_, h := entries[id]
			hit = hit || h
			if zeroed[id] {
				hpZeroed = append(hpZeroed, id)
			}
		}
		if !hit {
			continue
		}
		m, err := CheckMorale(g, members, hpZeroed, r)
		if err != nil {
			return PhaseResult{}, err
		}
		for _, c := range m.Members {
			out.Battle.Characters[at[c.ID]] = c
		}
		out.Battle.Groups[gi] = m.Group
		out.Morale = append(out.Morale, m)
		tr = append(tr, m.Trace...)
	}
	out.Trace = tr
	return out, nil
}
