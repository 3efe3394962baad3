package cairn

import (
	"encoding/json"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// declared builds the package's Declaration of an engine declaration: each
// target is checked as a single attack is (reach, range, an attacker able
// to strike: strike), and the dice are those of the first target's attack,
// beyond range if any target is (CA-RANGED-1). Only a blast may name
// several targets (CA-BLAST-1); ResolvePhase checks that.
func declared(enc combat.Encounter, d combat.Declaration) (Declaration, error) {
	out := Declaration{Attacker: d.Attacker, Targets: slices.Clone(d.Targets)}
	for i, t := range d.Targets {
		_, _, a, err := strike(enc, combat.AttackRequest{Attacker: d.Attacker, Defender: t, Option: d.Option})
		if err != nil {
			return Declaration{}, err
		}
		if i == 0 {
			out.Attack = a
		}
		out.Attack.BeyondRange = out.Attack.BeyondRange || a.BeyondRange
	}
	return out, nil
}

// battle gathers the encounter into the Battle a phase works on: every
// combatant as a Character, and one morale group per side made of its
// non-PC members (CA-ALG-D step 1, CA-AMB-12: allied NPCs of the PC side
// check too). N0 is the group's size in the encounter; a trigger that fired
// in an earlier phase is marked done, since casualties only grow (each fires
// once, CA-ALG-D step 3). The first member marked leader leads the group
// (CA-MORALE-4).
func (rs Ruleset) battle(enc combat.Encounter) (Battle, error) {
	b := Battle{Round: max(enc.Round, 1), Options: rs.Options}
	at := map[string]int{}
	lost := map[int]int{}
	for _, cb := range enc.Combatants {
		c, _, err := state(enc, cb.ID)
		if err != nil {
			return Battle{}, err
		}
		b.Characters = append(b.Characters, c)
		if c.Kind == PC {
			continue
		}
		gi, ok := at[cb.Side]
		if !ok {
			gi = len(b.Groups)
			at[cb.Side] = gi
			b.Groups = append(b.Groups, MoraleGroup{ID: cb.Side})
		}
		g := &b.Groups[gi]
		g.Members = append(g.Members, c.ID)
		g.Start++
		if c.Leader && g.Leader == "" {
			g.Leader = c.ID
		}
		if c.Casualty() {
			lost[gi]++
		}
	}
	for i := range b.Groups {
		g := &b.Groups[i]
		g.FirstDone = lost[i] > 0
		g.HalfDone = lost[i] > 0 && halfLost(lost[i], g.Start)
	}
	return b, nil
}

// CheckDeclaration checks an attack declared in a side's phase (CA-ALG-B
// step 1): its attacker may strike each target as a single attack may, and
// several targets need a blast (CA-BLAST-1).
func (rs Ruleset) CheckDeclaration(enc combat.Encounter, d combat.Declaration) error {
	decl, err := declared(enc, d)
	if err != nil {
		return err
	}
	if len(decl.Targets) > 1 {
		att, _, err := state(enc, d.Attacker)
		if err != nil {
			return err
		}
		for _, t := range decl.Targets {
			def, _, err := state(enc, t)
			if err != nil {
				return err
			}
			if _, blast, _ := SelectDice(decl.Attack, att, def, rs.Options); !blast {
				return combat.Invalid("CA-BLAST-1", "targets", "only a blast hits several targets")
			}
		}
	}
	return nil
}

// ResolvePhase resolves a side's declared attacks together with the
// package's ResolvePhase (CA-ALG-B steps 2–7: blasts, the highest die per
// target, damage per CA-ALG-C, then morale per CA-ALG-D) and returns the
// engine's outcome: each target's dice with the one that counted, new HP,
// new Wounds, and the morale checks with who flees.
func (rs Ruleset) ResolvePhase(enc combat.Encounter, decls []combat.Declaration, r dice.Roller) (combat.PhaseOutcome, error) {
	b, err := rs.battle(enc)
	if err != nil {
		return combat.PhaseOutcome{}, err
	}
	ds := make([]Declaration, len(decls))
	for i, d := range decls {
		if ds[i], err = declared(enc, d); err != nil {
			return combat.PhaseOutcome{}, err
		}
	}
	res, err := ResolvePhase(b, ds, r)
	if err != nil {
		return combat.PhaseOutcome{}, err
	}
	out := combat.PhaseOutcome{HP: map[string]int{}, RoundState: map[string]json.RawMessage{}, Trace: res.Trace}
	for i, h := range res.Hits {
		out.Hits = append(out.Hits, combat.PhaseHit{Target: h.Target.ID, Dice: phaseRolls(res.Rolled[i], h.Result),
			Result: h.Result, Damage: h.Dealt, Outcome: string(h.Outcome), Trace: h.Trace})
	}
	for i, c := range res.Battle.Characters {
		old := b.Characters[i]
		if c.HP != old.HP {
			out.HP[c.ID] = c.HP
		}
		if c.Attr != old.Attr || c.Status != old.Status {
			out.RoundState[c.ID] = wounds(c)
		}
	}
	for _, m := range res.Morale {
		out.Morale = append(out.Morale, combat.MoraleCheck{Group: m.Group.ID, Members: slices.Clone(m.Group.Members),
			Fled: slices.Clone(m.Fled), Trace: m.Trace})
	}
	return out, nil
}

// phaseRolls lists the rolled entries' dice for the engine, marking the
// first die whose face is the target's result (CA-DMG-7).
func phaseRolls(entries []Entry, result int) []combat.PhaseRoll {
	var out []combat.PhaseRoll
	marked := false
	for _, e := range entries {
		for j, d := range e.Dice {
			pr := combat.PhaseRoll{Attacker: e.Attacker, Sides: int(d), Face: e.Faces[j]}
			if !marked && pr.Face == result {
				pr.Counts, marked = true, true
			}
			out = append(out, pr)
		}
	}
	return out
}

// PhaseOdds returns the exact chances against target of every attack the
// declarations aim at it, rolled together with the highest kept
// (CA-DMG-7, StrikeOdds), as Odds reports them.
func (rs Ruleset) PhaseOdds(enc combat.Encounter, target string, decls []combat.Declaration) ([]combat.Chance, error) {
	def, _, err := state(enc, target)
	if err != nil {
		return nil, err
	}
	var strikes []Strike
	for _, d := range decls {
		if !slices.Contains(d.Targets, target) {
			continue
		}
		decl, err := declared(enc, combat.Declaration{Attacker: d.Attacker, Targets: []string{target}, Option: d.Option})
		if err != nil {
			return nil, err
		}
		att, _, err := state(enc, d.Attacker)
		if err != nil {
			return nil, err
		}
		strikes = append(strikes, Strike{Attacker: att, Attack: decl.Attack})
	}
	if len(strikes) == 0 {
		return nil, combat.Invalid("CA-DMG-7", "target", "no attack declared on %q", target)
	}
	return strikeChances(def, strikes, rs.Options)
}
