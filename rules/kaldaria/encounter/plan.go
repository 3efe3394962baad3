package encounter

import (
	"slices"
	"strconv"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/tactics"
)

// bands names the movement types as the UI's band keys.
var bands = []struct {
	key  combat.BandKey
	mode tactics.Mode
	rule combat.RuleID
}{
	{combat.BandWalk, tactics.Normal, "K-MOVE-6"},
	{combat.BandCharge, tactics.Charge, "K-MOVE-7"},
	{combat.BandRetreat, tactics.Retreat, "K-MOVE-9"},
}

// moveModes are the conditions that put a creature in a charge or a
// fighting retreat (K-MOVE-7, K-MOVE-9).
var moveModes = []combat.MoveMode{{Condition: CondCharging, Band: combat.BandCharge}, {Condition: CondRetreating, Band: combat.BandRetreat}}

// MoveModes returns the charge and the fighting retreat, each set by its
// condition (K-MOVE-7, K-MOVE-9).
func (Ruleset) MoveModes() []combat.MoveMode { return moveModes }

// Bands lists, for each movement type the creature may still use this
// turn, the squares where it may end its move (K-MOVE-6, K-MOVE-7,
// K-MOVE-9, K-GRID-4): a normal move and a charge shrink by the squares
// already moved, and a fighting retreat is only open before any other
// movement. A type the creature may not use (pinned, charge rounds spent,
// paralysed) gives an empty band.
func (Ruleset) Bands(enc combat.Encounter, id string) ([]combat.Band, error) {
	fl, err := fieldNow(enc)
	if err != nil {
		return nil, err
	}
	me, ok := fl.fighter(id)
	if !ok {
		return nil, combat.NoCombatant("", "id", id)
	}
	spent := spentSquares(enc, live(enc, me))
	out := make([]combat.Band, 0, len(bands))
	for _, b := range bands {
		band := combat.Band{Key: b.key, Rule: b.rule, Squares: []grid.Square{}}
		r, err := fl.battle.Reachable(id, tactics.Move{Mode: b.mode, QuickLeap: me.has(CondQuickLeap)})
		if err != nil {
			return nil, err
		}
		left := r.Budget.Squares - spent
		if b.mode == tactics.Retreat && spent > 0 {
			left = 0
		}
		for _, d := range r.Dests {
			if d.Room && d.Cost <= left {
				band.Squares = append(band.Squares, d.At)
			}
		}
		out = append(out, band)
	}
	return out, nil
}

// PlanMove returns the path a move to square to would take in the movement
// type the creature's conditions select, with every opportunity attack it
// provokes and every one it does not, with the reason (K-RES-3, K-OA-1,
// K-OA-7, K-OA-8, K-PIN-6, K-PIN-7, K-MOVE-9). With safest set, the path
// provokes the fewest attacks (tactics.SafestPath). Cost is in half squares.
// A square beyond a walk that a charge would reach is refused with a
// K-MOVE-7 error, so the UI can suggest the charge.
func (Ruleset) PlanMove(enc combat.Encounter, id string, to grid.Square, safest bool) (combat.Plan, error) {
	fl, err := fieldNow(enc)
	if err != nil {
		return combat.Plan{}, err
	}
	me, ok := fl.fighter(id)
	if !ok {
		return combat.Plan{}, combat.NoCombatant("", "id", id)
	}
	mv := me.mode()
	var p tactics.Plan
	if safest {
		p, err = fl.battle.SafestPath(id, mv, to, nil)
	} else {
		p, err = fl.battle.Path(id, mv, to)
	}
	if err != nil {
		if mv.Mode == tactics.Normal {
			if _, cerr := fl.battle.Path(id, tactics.Move{Mode: tactics.Charge, QuickLeap: mv.QuickLeap}, to); cerr == nil {
				return combat.Plan{}, combat.Refuse("K-MOVE-7", "to", combat.RefusalNeedsMode, "square", to.Name(), "mode", bandKey(tactics.Charge))
			}
		}
		return combat.Plan{}, err
	}
	// The planned path is checked as Apply will check it (combat.CheckPath,
	// Walk): one validation for the plan and the move.
	chk, err := combat.CheckPath(Ruleset{}, enc, id, p.Path[1:])
	if err != nil {
		return combat.Plan{}, err
	}
	plan := combat.Plan{Band: bandKey(mv.Mode), Path: p.Path[1:], Provocations: chk.Provocations}
	for _, st := range chk.Steps {
		plan.Cost += st.Cost
	}
	return plan, nil
}

// maxSquares is how far creature id may move this round as mode.
func maxSquares(fl *field, id string, mode tactics.Mode) int {
	bu, err := fl.battle.Budget(id, mode)
	if err != nil || !bu.Allowed {
		return 0
	}
	return bu.Squares
}

// bandKey is the band key of a movement type.
func bandKey(m tactics.Mode) combat.BandKey {
	for _, b := range bands {
		if b.mode == m {
			return b.key
		}
	}
	return ""
}

// oaKind is the kind of OA a mover moving as mv would suffer (K-OA-2,
// K-OA-3, K-OA-6).
func oaKind(mv tactics.Move) tactics.OAKind {
	switch {
	case mv.QuickLeap:
		return tactics.OAPlain
	case mv.Mode == tactics.Charge:
		return tactics.OAImproved
	}
	return tactics.OANormal
}

// oaRule is the rule that sets an OA's kind (K-OA-2, K-OA-3, K-OA-6).
func oaRule(oa tactics.OA) combat.RuleID {
	switch oa.Kind {
	case tactics.OAImproved:
		return "K-OA-3"
	case tactics.OAPlain:
		return "K-OA-6"
	}
	return "K-OA-2"
}

// Target returns the tier the attacker would get by a melee attack on the
// defender now, ranked by K-FLANK-9's order (front 0 up to rear 3), with its
// modifiers: to-hit and critical steps for the
// attacker, the defender's active-parry penalty, and for a rear attack a
// "no-active-parry" modifier (K-FLANK-1, K-FLANK-3, K-FLANK-6, K-FLANK-9);
// or why the attack is impossible (K-GRID-3, K-FLANK-9).
func (Ruleset) Target(enc combat.Encounter, attacker, defender string) (combat.Targeting, error) {
	tc, err := tierNow(enc, attacker, defender)
	if err != nil {
		return combat.Targeting{}, err
	}
	t := combat.Targeting{Tier: tc.Tier.String(), Edge: int(tc.Tier), Rule: "K-FLANK-9", Allowed: tc.Legal}
	if !tc.Legal {
		t.Tier, t.Rule, t.Reason = "", tc.Reason.Rule(), string(tc.Reason)
		return t, nil
	}
	t.Modifiers = tc.Modifiers
	if tc.NoActiveParry {
		t.Modifiers = append(slices.Clip(t.Modifiers), combat.Modifier{Rule: "K-FLANK-6", Key: kaldaria.Rear.String(),
			Quantity: "no-active-parry", Value: 1})
	}
	return t, nil
}

// Standing returns the creature's engagement (K-PIN) as facts of the
// glossary: the front slots in use out of its pin capacity N (K-PIN-3),
// then, marking its token, whether it is overwhelmed (K-PIN-5) and whether
// it is pinned (K-PIN-8), overwhelmed first.
func (Ruleset) Standing(enc combat.Encounter, id string) (combat.Standing, error) {
	fl, err := fieldNow(enc)
	if err != nil {
		return combat.Standing{}, err
	}
	p, err := fl.battle.Pins(id)
	if err != nil {
		return combat.Standing{}, err
	}
	st := combat.Standing{Facts: []combat.Fact{{Key: "pin-capacity", N: min(len(p.Engaged), p.N), Of: p.N}}, Rule: "K-PIN-3"}
	if p.Overwhelmed {
		st.Facts = append(st.Facts, combat.Fact{Key: "overwhelmed", Mark: true})
	}
	if p.Pinned() {
		st.Facts = append(st.Facts, combat.Fact{Key: "pinned", Mark: true})
	}
	return st, nil
}

// Threatened returns the squares where an enemy would make an opportunity
// attack on the creature if it left them, moving as its conditions select
// (K-GRID-3, K-OA-1, K-OA-7), in row order.
func (Ruleset) Threatened(enc combat.Encounter, id string) ([]grid.Square, error) {
	fl, err := fieldNow(enc)
	if err != nil {
		return nil, err
	}
	me, ok := fl.fighter(id)
	if !ok {
		return nil, combat.NoCombatant("", "id", id)
	}
	ts, err := fl.battle.Threats(id, me.mode())
	if err != nil {
		return nil, err
	}
	out := []grid.Square{}
	for _, t := range ts {
		if t.Reason == "" {
			out = append(out, t.Squares...)
		}
	}
	slices.SortFunc(out, grid.Compare)
	return slices.Compact(out), nil
}

// AttackChoices lists one attack per weapon of the creature's stat block,
// keyed "weapon-<index>", named by the stat block (or by the attack kind
// when unnamed), with the Option that selects it.
func (Ruleset) AttackChoices(enc combat.Encounter, id string) ([]combat.AttackChoice, error) {
	f, err := fighterAt(enc, derive(enc), id)
	if err != nil {
		return nil, err
	}
	return slices.Clone(f.sheet.choices), nil
}

// attackChoices lists the attacks of stat block s, as AttackChoices gives
// them. Their options are shared by every list given: read them only.
func attackChoices(s Sheet) []combat.AttackChoice {
	var out []combat.AttackChoice
	for i, w := range s.Stats.Weapons {
		name := w.Name
		if name == "" {
			name = string(w.Kind)
		}
		out = append(out, combat.AttackChoice{Key: "weapon-" + strconv.Itoa(i), Name: name, Option: marshal(Option{Weapon: i})})
	}
	return out
}
