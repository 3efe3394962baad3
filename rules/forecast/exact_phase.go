package forecast

import (
	"errors"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// maxTapes bounds the dice sequences the phase chain plays for one phase
// of one state, keeping an exact forecast of a duel within a second or so.
const maxTapes = 200_000

// errTooManyTapes stops an enumeration that passed maxTapes.
var errTooManyTapes = errors.New("too many dice sequences")

// tape is a dice.Roller that plays a fixed prefix of faces and answers
// every die past it with face 1, recording its sides: enumerate walks
// every sequence a pure resolution can roll by replaying it on tapes.
type tape struct {
	faces, sides []int
	pos          int
	wrong        bool // a die's sides differed from the recorded ones
}

// Roll returns the next face of the tape.
func (t *tape) Roll(sides int) int {
	if t.pos < len(t.faces) {
		if t.sides[t.pos] != sides {
			t.wrong = true
		}
		t.pos++
		return min(t.faces[t.pos-1], max(sides, 1))
	}
	t.faces, t.sides = append(t.faces, 1), append(t.sides, max(sides, 1))
	t.pos++
	return 1
}

// enumerate runs play once for every sequence of faces it can roll, in
// order, with a roller that plays that sequence, and passes each run's
// probability (the product of one over each die's sides) to each. play
// must be pure and roll the same dice for the same faces before them.
func enumerate(play func(dice.Roller) error, each func(p float64) error) error {
	t := &tape{}
	for n := 0; ; n++ {
		if n == maxTapes {
			return errTooManyTapes
		}
		t.pos, t.wrong = 0, false
		if err := play(t); err != nil {
			return err
		}
		if t.wrong {
			return &NotExactError{"a resolution rolled different dice for the same faces"}
		}
		t.faces, t.sides = t.faces[:t.pos], t.sides[:t.pos]
		p := 1.0
		for _, s := range t.sides {
			p /= float64(s)
		}
		if err := each(p); err != nil {
			return err
		}
		i := len(t.faces) - 1
		for i >= 0 && t.faces[i] == t.sides[i] {
			i--
		}
		if i < 0 {
			return nil
		}
		t.faces[i]++
		t.faces, t.sides = t.faces[:i+1], t.sides[:i+1]
	}
}

// phaseStep is the step of a ruleset whose rounds run as side phases
// (combat.PhaseResolver, ENG-PHASE-1): in its phase the acting duellist
// declares its first attack on the other, and the ruleset's own
// ResolvePhase is played on every sequence of dice it can roll (damage,
// saves, morale), so the chain follows HP and the ruleset's states (wounds,
// critical damage, death, flight) exactly as the engine applies them. A
// duellist whose turn budget in the round holds no action (a turn lost in
// round 1) declares nothing.
func (f *Forecaster) phaseStep(pr combat.PhaseResolver, enc combat.Encounter, fighting []int) step {
	at := func(s duelState, round int) combat.Encounter {
		// A plain copy keeps the encounter's memo, so the ruleset decodes
		// each stat block once for the whole chain.
		hyp := enc
		hyp.Combatants = slices.Clone(enc.Combatants)
		hyp.Round = round
		for k, i := range fighting {
			hyp.Combatants[i] = s[k].onto(hyp.Combatants[i])
		}
		return hyp
	}
	// A phase's outcomes depend on the round only through the turn lost in
	// round 1 and the dying deadline a critical wound records; such a
	// duellist is out of the fight, so the outcomes are kept per state,
	// actor and whether it is round 1.
	type memoKey struct {
		s     duelState
		who   int
		first bool
	}
	type outcome struct {
		g    duelState
		q    float64
		over bool
	}
	memo := map[memoKey][]outcome{}
	beaten := map[seat]bool{} // whether a wound puts its duellist out of the fight
	return func(s duelState, who, round int, emit func(duelState, float64, bool)) error {
		mk := memoKey{s, who, round == 1}
		if outs, ok := memo[mk]; ok {
			for _, o := range outs {
				emit(o.g, o.q, o.over)
			}
			return nil
		}
		var outs []outcome
		defer func() { memo[mk] = outs }()
		each := func(g duelState, q float64, over bool) {
			outs = append(outs, outcome{g, q, over})
			emit(g, q, over)
		}
		hyp := at(s, round)
		att, def := hyp.Combatants[fighting[who]], hyp.Combatants[fighting[1-who]]
		if bg, ok := f.rs.(combat.Budgeter); ok {
			b, err := bg.TurnBudget(hyp, att.ID)
			if err != nil {
				return err
			}
			if combat.StartFor(f.rs, b, combat.UseAttack) == 0 {
				each(s, 1, false)
				return nil
			}
		}
		decl := []combat.Declaration{{Attacker: att.ID, Targets: []string{def.ID}, Option: attackOptions(f.rs, hyp, att.ID)[0]}}
		var out combat.PhaseOutcome
		err := enumerate(func(r dice.Roller) (err error) {
			out, err = pr.ResolvePhase(hyp, decl, r)
			return err
		}, func(q float64) error {
			g := s
			for k, i := range fighting {
				id := hyp.Combatants[i].ID
				if hp, ok := out.HP[id]; ok {
					g[k].HP = hp
				}
				if st, ok := out.State[id]; ok {
					g[k].State = string(st)
				}
				if rst, ok := out.RoundState[id]; ok {
					g[k].RoundState = string(rst)
				}
			}
			ko := seat{1 - who, g[1-who]}
			over, ok := beaten[ko]
			if !ok {
				over = !f.judge.fighting(f.rs, at(g, round), def.ID)
				beaten[ko] = over
			}
			each(g, q, over)
			return nil
		})
		if errors.Is(err, errTooManyTapes) {
			return &NotExactError{"a phase rolls too many dice to enumerate"}
		}
		return err
	}
}
