package encounter

import (
	"cmp"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria/tactics"
)

var _ combat.PathMover = Ruleset{}

// Walk checks a whole move of combatant id along path with tactics, in the
// movement type its conditions select (K-RES-3), for Apply and the planner
// alike: every step legal (K-GRID-2, K-GRID-4), room where the move ends
// and only there (K-SIZE-2: it may pass through allies), the movement type
// allowed (K-MOVE-5, K-PIN-8) and the path within its distance this turn;
// a fighting retreat is a single step backward and spends the whole budget
// (K-MOVE-9, K-MOVE-10). Each step's attackers are the enemies whose
// opportunity attack it provokes, each at most once (K-OA-1, K-OA-7,
// K-OA-8, K-PIN-6, K-PIN-7); the provocations explain every one, struck or
// spared, step by step and within a step in combat.Encounter.ReactionOrder,
// the order in which Apply offers the attacks (K-RES-3 step 2).
func (Ruleset) Walk(enc combat.Encounter, id string, path []grid.Square) (combat.PathCheck, error) {
	fl, err := fieldNow(enc)
	if err != nil {
		return combat.PathCheck{}, err
	}
	me, ok := fl.fighter(id)
	if !ok {
		return combat.PathCheck{}, combat.Invalid("", "id", "no combatant %q", id)
	}
	mv := me.mode()
	bu, err := fl.battle.Budget(id, mv.Mode)
	if err != nil {
		return combat.PathCheck{}, err
	}
	c := live(enc, me)
	spent := spentSquares(enc, c)
	cost := squareCost
	switch {
	case !bu.Allowed:
		return combat.PathCheck{}, combat.Refuse(bu.Reason.Rule(), "path", combat.RefusalCannotMove, "name", id, "why", string(bu.Reason))
	case mv.Mode == tactics.Retreat && (spent > 0 || len(path) > 1):
		return combat.PathCheck{}, combat.Invalid("K-MOVE-9", "path", "a fighting retreat is the whole move of the round")
	case mv.Mode == tactics.Retreat:
		cost = max(squareCost, c.Budget.Left(counterMovement))
	case spent+len(path) > bu.Squares:
		beyond := path[max(0, bu.Squares-spent)]
		return combat.PathCheck{}, combat.Refuse(bu.Rules[0], "path", combat.RefusalTooFar, "square", beyond.Name(), "mode", string(mv.Mode), "squares", bu.Squares)
	}
	p, err := fl.battle.Walk(id, mv, append([]grid.Square{me.c.Pos}, path...))
	if err != nil {
		return combat.PathCheck{}, err
	}
	chk := combat.PathCheck{Steps: make([]combat.StepCheck, len(path))}
	for k := range chk.Steps {
		chk.Steps[k].Cost = cost
	}
	for _, oa := range p.OAs {
		chk.Steps[oa.Step].Attackers = append(chk.Steps[oa.Step].Attackers, oa.By)
		chk.Provocations = append(chk.Provocations, combat.Provocation{Attacker: oa.By, At: p.Path[oa.Step],
			Step: oa.Step, Kind: string(oa.Kind), Rule: oaRule(oa)})
	}
	for _, no := range p.Spared {
		chk.Provocations = append(chk.Provocations, combat.Provocation{Attacker: no.By, At: p.Path[no.Step],
			Step: no.Step, Kind: string(oaKind(mv)), Prevented: string(no.Reason), Rule: no.Rule})
	}
	var by []string
	for _, pr := range chk.Provocations {
		if !slices.Contains(by, pr.Attacker) {
			by = append(by, pr.Attacker)
		}
	}
	enc.ReactionOrder(by)
	slices.SortStableFunc(chk.Provocations, func(a, b combat.Provocation) int {
		return cmp.Or(a.Step-b.Step, slices.Index(by, a.Attacker)-slices.Index(by, b.Attacker))
	})
	return chk, nil
}
