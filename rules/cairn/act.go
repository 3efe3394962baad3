package cairn

import (
	"encoding/json"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// The keys of DAIRN's acts (combat.Act).
const (
	ActAid        = "aid"         // Target: the dying ally the acting character binds (CA-AID-3)
	ActRetreat    = "retreat"     // Value 1: a safe place is within reach (CA-RETREAT-1)
	ActLoseSTR    = "lose-str"    // Value: the STR lost outside the damage rules (CA-ATTR-1)
	ActLoseDEX    = "lose-dex"    // Value: the DEX lost (CA-ATTR-1)
	ActLoseWIL    = "lose-wil"    // Value: the WIL lost (CA-ATTR-1)
	ActRout       = "rout"        // the GM routs a broken detachment (CA-DET-2)
	ActWeaken     = "weaken"      // the GM keeps a broken detachment fighting, weakened (CA-AMB-13)
	ActBlastCount = "blast-count" // Value: the blast's die; the count rolled is the act's value (CA-BLAST-2)
)

// ResolveAct resolves DAIRN's acts with the package's functions: aid on the
// acting character's turn (ResolveAid), a retreat that ends the turn when it
// fails (ResolveRetreat), the GM's direct attribute losses (LoseAttribute)
// and choices for a broken detachment (SettleDetachment), and the roll for
// the number of a blast's targets (ResolveBlastCount).
func (rs Ruleset) ResolveAct(enc combat.Encounter, act combat.Act, r dice.Roller) (combat.ActOutcome, error) {
	c, cb, err := state(enc, act.ID)
	if err != nil {
		return combat.ActOutcome{}, err
	}
	var care Care
	out := combat.ActOutcome{}
	switch act.Key {
	case ActAid:
		w, wb, err := state(enc, act.Target)
		if err != nil {
			return out, err
		}
		adjacent := grid.Distance(grid.Footprint{At: cb.Pos, Side: cb.Stats.Size}, grid.Footprint{At: wb.Pos, Side: wb.Stats.Size}) <= 1
		if care, err = ResolveAid(c, w, adjacent); err != nil {
			return out, err
		}
		out.Turn, out.Rule = true, "CA-AID-3"
	case ActRetreat:
		if care, err = ResolveRetreat(c, act.Value == 1, r); err != nil {
			return out, err
		}
		out.Turn, out.Rule = true, "CA-RETREAT-1"
		out.EndsTurn = act.Value == 1 && !care.Character.Status.Escaped
	case ActLoseSTR, ActLoseDEX, ActLoseWIL:
		a := map[string]Attr{ActLoseSTR: STR, ActLoseDEX: DEX, ActLoseWIL: WIL}[act.Key]
		if care, err = LoseAttribute(c, a, act.Value); err != nil {
			return out, err
		}
		out.Rule = "CA-ATTR-1"
	case ActRout, ActWeaken:
		f := map[string]Fate{ActRout: Rout, ActWeaken: Weaken}[act.Key]
		if care, err = SettleDetachment(c, f); err != nil {
			return out, err
		}
		out.Rule = "CA-DET-2"
	case ActBlastCount:
		n, tr, err := ResolveBlastCount(Die(act.Value), r)
		if err != nil {
			return out, err
		}
		return combat.ActOutcome{Rule: "CA-BLAST-2", Value: n, Trace: tr}, nil
	default:
		return out, combat.Invalid("CA-ACT-1", "key", "DAIRN has no act %q", act.Key)
	}
	out.Trace = care.Trace
	out.RoundState = map[string]json.RawMessage{care.Character.ID: wounds(care.Character)}
	if act.Key != ActAid && act.Key != ActRetreat {
		if err := rs.moraleAfter(enc, care.Character, r, &out); err != nil {
			return out, err
		}
	}
	return out, nil
}

// moraleAfter rolls the morale check a casualty made by the GM's ruling
// calls for (CA-ALG-D; ENG-ACT-4): changed replaces its character in its
// side's group, and a trigger that newly fires is rolled at once, with who
// flees added to the outcome. A PC, or a loss that fires nothing, rolls
// nothing.
func (rs Ruleset) moraleAfter(enc combat.Encounter, changed Character, r dice.Roller, out *combat.ActOutcome) error {
	b, err := rs.battle(enc)
	if err != nil {
		return err
	}
	for _, g := range b.Groups {
		if !slices.Contains(g.Members, changed.ID) {
			continue
		}
		var members []Character
		for _, c := range b.Characters {
			if slices.Contains(g.Members, c.ID) {
				if c.ID == changed.ID {
					c = changed
				}
				members = append(members, c)
			}
		}
		m, err := CheckMorale(g, members, nil, r)
		if err != nil || len(m.Trace) == 0 {
			return err
		}
		for _, c := range m.Members {
			if slices.Contains(m.Fled, c.ID) {
				out.RoundState[c.ID] = wounds(c)
			}
		}
		out.Morale = append(out.Morale, combat.MoraleCheck{Group: g.ID, Members: slices.Clone(g.Members), Fled: m.Fled, Trace: m.Trace})
	}
	return nil
}

// Acts lists the acts open now (combat.ActLister): for the acting character
// with its action left, aid to each adjacent dying ally (CA-AID-3) and a
// retreat to a safe place (CA-RETREAT-1); for the GM, rout or weaken for
// each detachment left with critical damage (CA-DET-2).
func (Ruleset) Acts(enc combat.Encounter) ([]combat.Act, error) {
	var out []combat.Act
	if id := enc.Current(); id != "" {
		c, cb, err := state(enc, id)
		if err != nil {
			return nil, err
		}
		if cb.Budget.Left(counterAction) > 0 && c.CanAct() {
			for _, o := range enc.Combatants {
				w, _, err := state(enc, o.ID)
				if err != nil {
					return nil, err
				}
				near := grid.Distance(grid.Footprint{At: cb.Pos, Side: cb.Stats.Size}, grid.Footprint{At: o.Pos, Side: o.Stats.Size}) <= 1
				if o.ID != id && o.Side == cb.Side && near && w.Status.Critical && w.Status.DyingDeadline > 0 && !w.Status.Dead {
					out = append(out, combat.Act{ID: id, Key: ActAid, Target: o.ID})
				}
			}
			out = append(out, combat.Act{ID: id, Key: ActRetreat, Value: 1})
		}
	}
	for _, o := range enc.Combatants {
		c, _, err := state(enc, o.ID)
		if err != nil {
			return nil, err
		}
		if c.Kind == Detachment && c.Status.Critical && !c.Status.Dead && !c.Status.Fleeing {
			out = append(out, combat.Act{ID: o.ID, Key: ActRout}, combat.Act{ID: o.ID, Key: ActWeaken})
		}
	}
	return out, nil
}

// ActForms offers the acts that take a number (combat.ActFormer): a direct
// loss of STR, DEX or WIL on any combatant not dead, at any time, of 1 up
// to the highest attribute (CA-ATTR-1, CA-AMB-14); and, for the acting
// character whose attack has Blast or who is a detachment (CA-DET-5), the
// roll of a die for how many targets the blast hits (CA-BLAST-2).
func (Ruleset) ActForms(enc combat.Encounter) ([]combat.ActForm, error) {
	loss := combat.ActForm{Name: KeyAttrLoss, Keys: []string{ActLoseSTR, ActLoseDEX, ActLoseWIL}}
	for i := 1; i <= MaxAttribute; i++ {
		loss.Values = append(loss.Values, i)
	}
	for _, o := range enc.Combatants {
		c, _, err := state(enc, o.ID)
		if err != nil {
			return nil, err
		}
		if !c.Status.Dead {
			loss.IDs = append(loss.IDs, o.ID)
		}
	}
	var out []combat.ActForm
	if len(loss.IDs) > 0 {
		out = append(out, loss)
	}
	if id := enc.Current(); id != "" && enc.Phase == combat.PhaseRunning {
		c, _, err := state(enc, id)
		if err != nil {
			return nil, err
		}
		blast := c.Kind == Detachment
		for _, w := range c.Weapons {
			blast = blast || w.Blast
		}
		if blast && c.CanAct() {
			out = append(out, combat.ActForm{Name: KeyTargets, Keys: []string{ActBlastCount}, IDs: []string{id},
				Values: []int{int(D4), int(D6), int(D8), int(D10), int(D12)}, Die: true})
		}
	}
	return out, nil
}
