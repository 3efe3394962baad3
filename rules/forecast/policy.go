package forecast

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// Policy is a named way for a side to fight, written against the engine's
// queries only (odds, planned paths with their opportunity attacks, attack
// tiers, the actions on offer), so whatever it issues the engine would
// accept from a player. Every policy attacks the enemy it is likeliest to
// drop (focus fire), takes the opportunity attacks it is offered, and
// answers a ruleset's questions with the first option the ruleset lists.
type Policy struct {
	Name string
	// Safest plans moves along the ruleset's safest path (fewest, then
	// weakest opportunity attacks) instead of the shortest.
	Safest bool
	// Brave weighs the risk of a path's opportunity attacks: a risky
	// destination is taken only when Brave times the chance to drop the
	// target from there is at least the chance the attacks drop the mover.
	// +Inf takes any path.
	Brave float64
	// Flank prefers destinations with a better attack tier (front, flank,
	// second flank, rear: K-FLANK-9) where the ruleset has tiers.
	Flank bool
	// Dash takes the Dash action to close a gap a move cannot (DND-ND-1).
	Dash bool
	// DisengageAction spends the action, not only a bonus action, on
	// Disengage before a move that would provoke (DND-ND-3).
	DisengageAction bool
	// Charge takes the ruleset's charge movement (K-MOVE-7) when only a
	// charge brings an enemy within reach this turn and the move passes
	// the policy's risk rule in that mode (a charge invites improved
	// opportunity attacks, K-OA-3).
	Charge bool
}

// The named policies.
var policies = []Policy{
	{Name: "aggressive", Brave: math.Inf(1), Flank: true, Dash: true, Charge: true},
	{Name: "cautious", Safest: true, Brave: 0.5, Flank: true, Dash: true, DisengageAction: true, Charge: true},
}

// Names lists the policies by name.
func Names() []string {
	out := make([]string, len(policies))
	for i, p := range policies {
		out[i] = p.Name
	}
	return out
}

// Lookup returns the policy with the given name.
func Lookup(name string) (Policy, bool) {
	for _, p := range policies {
		if p.Name == name {
			return p, true
		}
	}
	return Policy{}, false
}

// How many candidate destinations a policy plans in full each turn.
const planCandidates = 4

// The action keys a policy looks for among combat.Actions (the UI's keys,
// DND-ND-1).
const (
	actionDash      = "dash"
	actionDisengage = "disengage"
	actionDodge     = "dodge"
)

// answer answers a pending decision: an opportunity attack is taken when
// the engine's odds say it can be made (K-OA, DND-ALG-D), otherwise
// declined; a ruleset's question gets its first option.
func (p Policy) answer(ft *fight, d *combat.Decision) combat.Command {
	if d.Kind == combat.DecideOpportunity {
		if _, err := ft.odds(ft.enc, d.Attack); err == nil {
			return combat.TakeOpportunity{}
		}
		return combat.DeclineOpportunity{}
	}
	return combat.Choose{Choice: d.Options[0]}
}

// act picks the acting creature's next command: make for the exits when
// its side's aim is to escape; otherwise attack if it can, else move once
// towards the enemy, then defend or end the turn.
func (p Policy) act(ft *fight, id string) (combat.Command, error) {
	c, _ := ft.enc.Combatant(id)
	if charge, ok := combat.ModeFor(ft.f.rs, combat.BandCharge); ok && slices.Contains(c.Conditions, charge.Condition) && !ft.turn.charged {
		// Last turn's charge is over: a new turn starts at a walk, and
		// charges again only when it pays (K-MOVE-7, K-MOVE-8).
		ft.turn.charged = true
		return combat.RemoveCondition{ID: id, Condition: charge.Condition}, nil
	}
	if aim, ok := ft.enc.AimOf(c.Side); ok && aim.Kind == combat.AimEscape {
		if !ft.turn.moved && combat.LeftFor(ft.f.rs, c, combat.UseMove) > 0 {
			ft.turn.moved = true
			if cmd, ok := p.escape(ft, c, aim); ok {
				ft.turn.fled = true
				return cmd, nil
			}
		}
		if ft.turn.fled {
			return combat.EndTurn{}, nil
		}
		// No way out this turn: it fights where it stands.
	}
	if ft.out[ft.enc.Find(id)] {
		// Out of the fight yet still taking turns (fleeing after a failed
		// morale check, CA-MORALE-2): it runs from the enemy.
		if !ft.turn.moved && combat.LeftFor(ft.f.rs, c, combat.UseMove) > 0 {
			ft.turn.moved = true
			if cmd, ok := p.flee(ft, c); ok {
				return cmd, nil
			}
		}
		return combat.EndTurn{}, nil
	}
	if combat.LeftFor(ft.f.rs, c, combat.UseAttack) > 0 {
		if cmd, ok := p.attack(ft, c); ok {
			return cmd, nil
		}
	}
	if !ft.turn.moved && combat.LeftFor(ft.f.rs, c, combat.UseMove) > 0 {
		ft.turn.moved = true
		if cmd, ok := p.approach(ft, c); ok {
			return cmd, nil
		}
	}
	if !ft.turn.defended && combat.LeftFor(ft.f.rs, c, combat.UseAttack) > 0 {
		ft.turn.defended = true
		if use, ok := offered(ft, id, actionDodge, true); ok && len(ft.enemies(c)) > 0 {
			return use, nil
		}
	}
	return combat.EndTurn{}, nil
}

// enemies returns the indices of the creatures still fighting against c.
func (ft *fight) enemies(c combat.Combatant) []int {
	var out []int
	for i, o := range ft.enc.Combatants {
		if !ft.out[i] && o.Side != c.Side {
			out = append(out, i)
		}
	}
	return out
}

// attack picks the attack most likely to drop its target (focus fire),
// then the likeliest to land, then the weakest target, among those the
// engine's odds allow now: with the first (melee) attack on the enemies in
// contact, or, when none is, with the others (shots) at any enemy.
func (p Policy) attack(ft *fight, c combat.Combatant) (combat.Command, bool) {
	opts := attackOptions(ft.f.rs, ft.enc, c.ID)
	enemies := ft.enemies(c)
	var touching []int
	for _, i := range enemies {
		if grid.Touching(footprint(c), footprint(ft.enc.Combatants[i])) {
			touching = append(touching, i)
		}
	}
	if len(touching) > 0 {
		enemies, opts = touching, opts[:1]
	} else {
		opts = opts[1:]
	}
	best, bestScore := combat.Attack{}, -1.0
	for _, i := range enemies {
		e := ft.enc.Combatants[i]
		for _, opt := range opts {
			ch, err := ft.odds(ft.enc, combat.AttackRequest{Attacker: c.ID, Defender: e.ID, Option: opt})
			if err != nil {
				continue
			}
			down, hit := dropChance(ch)
			score := down + hit/1000 + 1/float64(1000*(1+max(0, e.HP)))
			if score > bestScore {
				best, bestScore = combat.Attack{Attacker: c.ID, Defender: e.ID, Option: opt}, score
			}
		}
	}
	return best, bestScore >= 0
}

// attackOptions lists the options of the attacks creature id can make:
// its Armory's choices, or the ruleset's default attack.
func attackOptions(rs combat.Ruleset, enc combat.Encounter, id string) []json.RawMessage {
	if a, ok := rs.(combat.Armory); ok {
		if cs, err := a.AttackChoices(enc, id); err == nil && len(cs) > 0 {
			out := make([]json.RawMessage, len(cs))
			for i, c := range cs {
				out[i] = c.Option
			}
			return out
		}
	}
	return []json.RawMessage{nil}
}

// odds is combat.Odds of an attack in enc, in the fight's one list of
// chances, which the next question overwrites.
func (ft *fight) odds(enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	ch, err := combat.AppendOdds(ft.f.rs, ft.chances[:0], enc, req)
	ft.chances = ch
	return ch, err
}

// dropChance reads the chance an attack drops its target and the chance it
// lands from the ruleset's odds: "down" and "hit" where the ruleset reports
// them, else DAIRN's critical and dead outcomes and one minus "none".
func dropChance(ch []combat.Chance) (down, hit float64) {
	get := func(key string) (float64, bool) {
		for _, c := range ch {
			if c.Key == key && c.Den > 0 {
				return float64(c.Num) / float64(c.Den), true
			}
		}
		return 0, false
	}
	down, ok := get("down")
	if !ok {
		crit, _ := get("critical")
		dead, _ := get("dead")
		down = crit + dead
	}
	if hit, ok = get("hit"); !ok {
		none, _ := get("none")
		hit = 1 - none
	}
	return down, hit
}

// footprint returns the squares a combatant covers.
func footprint(c combat.Combatant) grid.Footprint {
	return grid.Footprint{At: c.Pos, Side: max(1, c.Stats.Size)}
}

// destination is a square next to an enemy the mover could stand on.
type destination struct {
	at    grid.Square
	enemy int // index of the enemy it touches
	dist  int // steps on the map, ignoring the ruleset's costs
}

// move is a planned move and what it risks.
type move struct {
	dest destination
	path []grid.Square
	risk int // opportunity attacks it offers
	oas  []combat.Offer
	tier int // attack tier rank from the destination: higher is better
}

// approach moves towards the nearest enemy: to a square from which it can
// attack this turn if one is in reach (the safest and best-tiered first, as
// the policy weighs them), otherwise as far along the way as it can go.
func (p Policy) approach(ft *fight, c combat.Combatant) (combat.Command, bool) {
	for _, i := range ft.enemies(c) {
		if grid.Touching(footprint(c), footprint(ft.enc.Combatants[i])) {
			return nil, false // engaged: leaving would only invite opportunity attacks
		}
	}
	cands := ft.approaches(c)
	if len(cands) == 0 {
		return nil, false
	}
	goals := make([]grid.Square, len(cands))
	for i, d := range cands {
		goals[i] = d.at
	}
	reach := ft.mapReach(c, goals)
	dests := ft.destinations(reach, cands)
	if len(dests) == 0 {
		return nil, false
	}
	// The nearest destination first: when it is out of reach this turn,
	// so are the rest, and planning them would be wasted queries.
	var plans []move
	for i, d := range dests[:min(planCandidates, len(dests))] {
		m, ok := p.plan(ft, c, d, reach)
		if !ok && i == 0 {
			break
		}
		if ok {
			plans = append(plans, m)
			if p.unbeatable(ft, m) {
				break // the rest would only be planned to lose to it
			}
		}
	}
	if m, ok := p.choose(ft, c, plans); ok {
		if cmd, ok := p.disengage(ft, c, m, true); ok {
			return cmd, true
		}
		return combat.Move{ID: c.ID, Path: m.path}, true
	}
	if cmd, ok := p.charge(ft, c, dests, reach); ok {
		return cmd, true
	}
	if p.Dash && !ft.turn.extra && combat.LeftFor(ft.f.rs, c, combat.UseAttack) > 0 {
		if use, ok := offered(ft, c.ID, actionDash, false); ok {
			ft.turn.extra, ft.turn.moved = true, false
			return use, true
		}
	}
	return p.partial(ft, c, dests[0], reach)
}

// disengage takes Disengage before a risky move when the policy allows it
// (a bonus action always; the action only when whole is false, that is
// when no attack follows the move anyway).
func (p Policy) disengage(ft *fight, c combat.Combatant, m move, whole bool) (combat.Command, bool) {
	if m.risk == 0 || ft.turn.extra {
		return nil, false
	}
	use, ok := offered(ft, c.ID, actionDisengage, false)
	if !ok || spendsAttack(ft.f.rs, use.Resource) && (whole || !p.DisengageAction) {
		return nil, false
	}
	ft.turn.extra, ft.turn.moved = true, false
	return use, true
}

// offered returns the UseAction for the action with the given key if the
// ruleset offers it now, preferring one that spends another counter than
// the one attacks spend (a bonus action); onlyAction restricts it to the
// counter attacks spend.
func offered(ft *fight, id, key string, onlyAction bool) (combat.UseAction, bool) {
	if _, ok := ft.f.rs.(combat.ActionLister); !ok {
		return combat.UseAction{}, false
	}
	list, err := combat.Actions(ft.f.rs, ft.enc, id)
	if err != nil {
		return combat.UseAction{}, false
	}
	var found *combat.ActionChoice
	for i := range list {
		a := &list[i]
		if a.Key != key || onlyAction && !spendsAttack(ft.f.rs, a.Resource) {
			continue
		}
		if found == nil || !spendsAttack(ft.f.rs, a.Resource) {
			found = a
		}
	}
	if found == nil {
		return combat.UseAction{}, false
	}
	return combat.UseAction{ID: id, Resource: found.Resource, Key: found.Key}, true
}

// spendsAttack reports whether key names the counter of rs that attacks
// spend.
func spendsAttack(rs combat.Ruleset, key string) bool {
	k, ok := combat.CounterFor(rs, combat.UseAttack)
	return ok && k.Key == key
}

// mapReach measures steps from c over open squares no other fighting
// creature stands on, ignoring the ruleset's costs: a cheap guide to which
// enemy is nearest and which way to go. With goals it may stop once those
// are measured (a move towards an enemy reads no other square), else it
// measures the whole map. It is measured once per creature and state of
// the fight, whose goals are always the same (the board has already
// checked walls and edges).
func (ft *fight) mapReach(c combat.Combatant, goals []grid.Square) *grid.Reach {
	if ft.reach.r != nil && ft.reach.id == c.ID && ft.reach.at == ft.applied && (!ft.reach.partial || goals != nil) {
		return ft.reach.r
	}
	board := ft.f.board
	if ft.f.taken == nil {
		ft.f.taken = make([]bool, board.Len())
	}
	taken := ft.f.taken
	clear(taken)
	for i, o := range ft.enc.Combatants {
		if o.ID == c.ID || ft.out[i] {
			continue
		}
		f := footprint(o)
		for y := f.At.Y; y < f.At.Y+f.Side; y++ {
			for x := f.At.X; x < f.At.X+f.Side; x++ {
				if s := (grid.Square{X: x, Y: y}); ft.enc.Map.In(s) {
					taken[board.Index(s)] = true
				}
			}
		}
	}
	side := max(1, c.Stats.Size)
	free := func(_, to grid.Square) int {
		for y := to.Y; y < to.Y+side; y++ {
			for x := to.X; x < to.X+side; x++ {
				if taken[board.Index(grid.Square{X: x, Y: y})] {
					return grid.Blocked
				}
			}
		}
		return 1
	}
	if goals != nil {
		// A goal no way can reach (walls, the map's edge, taken squares)
		// would keep the search going to the end; with none left, it stops
		// at the start, which it settles first.
		goals = slices.DeleteFunc(goals, func(s grid.Square) bool {
			return !board.Open(grid.Footprint{At: s, Side: side}) || free(s, s) == grid.Blocked
		})
		if len(goals) == 0 {
			goals = append(goals, c.Pos)
		}
	}
	m := board.Map()
	budget := m.W * m.H
	r := board.Search(grid.Options{From: grid.Footprint{At: c.Pos, Side: side}, Radius: budget, Cost: free, Budget: budget, Goals: goals})
	ft.reach.id, ft.reach.at, ft.reach.r, ft.reach.partial = c.ID, ft.applied, r, goals != nil
	return r
}

// approaches lists the squares from which c would touch an enemy, enemy
// by enemy, row by row, their distances not yet measured.
func (ft *fight) approaches(c combat.Combatant) []destination {
	side := max(1, c.Stats.Size)
	enemies := ft.enemies(c)
	n := 0 // the squares looked at: room for every approach
	for _, i := range enemies {
		k := side + footprint(ft.enc.Combatants[i]).Side + 1
		n += k * k
	}
	out := make([]destination, 0, n)
	for _, i := range enemies {
		e := footprint(ft.enc.Combatants[i])
		for y := e.At.Y - side; y <= e.At.Y+e.Side; y++ {
			for x := e.At.X - side; x <= e.At.X+e.Side; x++ {
				s := grid.Square{X: x, Y: y}
				if grid.Touching(grid.Footprint{At: s, Side: side}, e) {
					out = append(out, destination{at: s, enemy: i})
				}
			}
		}
	}
	return out
}

// destinations lists the approaches reach measures, nearest first, then
// next to the weakest enemy.
func (ft *fight) destinations(reach *grid.Reach, approaches []destination) []destination {
	out := make([]destination, 0, len(approaches))
	for _, d := range approaches {
		if d.dist, _ = reach.Cost(d.at); d.dist > 0 {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(da, db destination) int {
		if da.dist != db.dist {
			return cmp.Compare(da.dist, db.dist)
		}
		ha, hb := ft.enc.Combatants[da.enemy].HP, ft.enc.Combatants[db.enemy].HP
		if ha != hb {
			return cmp.Compare(ha, hb)
		}
		return grid.Compare(da.at, db.at)
	})
	return out
}

// plan asks the engine whether a whole move to d is possible this turn:
// the map's shortest path, previewed; when that would offer opportunity
// attacks and the policy moves safely, the ruleset's safest path where it
// has a planner. ok is false when d cannot be reached this turn.
func (p Policy) plan(ft *fight, c combat.Combatant, d destination, reach *grid.Reach) (move, bool) {
	m, ok := p.route(ft, c, d, reach)
	if ok && p.Flank {
		m.tier = ft.tierAt(c, d)
	}
	return m, ok
}

// route is plan without the attack tier: the path and the opportunity
// attacks it offers.
func (p Policy) route(ft *fight, c combat.Combatant, d destination, reach *grid.Reach) (move, bool) {
	m := move{dest: d, path: reach.Path(d.at)[1:]}
	pv := ft.preview(c.ID, m.path)
	if pv.Err != nil {
		return move{}, false
	}
	m.risk, m.oas = len(pv.Offers), pv.Offers
	if pl, ok := ft.f.rs.(combat.Planner); ok && p.Safest && m.risk > 0 {
		if plan, err := pl.PlanMove(ft.enc, c.ID, d.at, true); err == nil && len(plan.Path) > 0 {
			if pv := ft.preview(c.ID, plan.Path); pv.Err == nil && len(pv.Offers) < m.risk {
				m.path, m.risk, m.oas = plan.Path, len(pv.Offers), pv.Offers
			}
		}
	}
	return m, true
}

// preview is combat.PreviewMove of a move by the acting creature id,
// answered by the engine's path check alone when that settles it: a path
// the check refuses is a move Apply refuses with the same error, and one
// on which no step gives anyone a chance to strike offers no opportunity
// attack, so the move goes through as checked. Only a move that may offer
// attacks is played through on a copy to see which are offered.
func (ft *fight) preview(id string, path []grid.Square) combat.MovePreview {
	if ft.enc.Pending != nil || ft.enc.Current() != id {
		return combat.PreviewMove(ft.f.rs, ft.enc, id, path)
	}
	chk, err := combat.CheckPath(ft.f.rs, ft.enc, id, path)
	if err != nil {
		return combat.MovePreview{Err: err}
	}
	for _, st := range chk.Steps {
		if len(st.Attackers) > 0 {
			return combat.PreviewMove(ft.f.rs, ft.enc, id, path)
		}
	}
	return combat.MovePreview{Reached: path}
}

// tierAt ranks the position c would attack its enemy from at d: 1 plus the
// ruleset's Edge for it, or 0 where the ruleset ranks no positions or the
// attack would not be allowed.
func (ft *fight) tierAt(c combat.Combatant, d destination) int {
	tg, ok := ft.f.rs.(combat.Targeter)
	if !ok {
		return 0
	}
	t, err := tg.Target(ft.at(c.ID, d.at), c.ID, ft.enc.Combatants[d.enemy].ID)
	if err != nil || !t.Allowed {
		return 0
	}
	return 1 + t.Edge
}

// at returns the encounter with combatant id standing on s: a
// hypothetical for one query, never applied nor kept. Its combatants are
// the fight's scratch list, which the next hypothetical overwrites.
func (ft *fight) at(id string, s grid.Square) combat.Encounter {
	enc := ft.enc
	ft.scratch = append(ft.scratch[:0], enc.Combatants...)
	enc.Combatants = ft.scratch
	enc.Combatants[enc.Find(id)].Pos = s
	return enc
}

// unbeatable reports whether choose would pick m, the first whole move
// planned (the nearest), over any planned after it: where no attack tier
// can tell moves apart and m risks nothing, or risk does not count.
func (p Policy) unbeatable(ft *fight, m move) bool {
	if _, tiers := ft.f.rs.(combat.Targeter); tiers && p.Flank {
		return false
	}
	return m.risk == 0 || math.IsInf(p.Brave, 1)
}

// choose picks the move to make among the whole moves planned: the
// policy's risk rule first, then the best tier, then the shortest.
func (p Policy) choose(ft *fight, c combat.Combatant, plans []move) (move, bool) {
	slices.SortStableFunc(plans, func(ma, mb move) int {
		if !math.IsInf(p.Brave, 1) && ma.risk != mb.risk {
			return cmp.Compare(ma.risk, mb.risk)
		}
		if ma.tier != mb.tier {
			return cmp.Compare(mb.tier, ma.tier)
		}
		return cmp.Compare(ma.dest.dist, mb.dest.dist)
	})
	for _, m := range plans {
		if p.worth(ft, c, m) {
			return m, true
		}
	}
	return move{}, false
}

// worth reports whether a move's opportunity attacks are worth braving:
// always without any, or for a brave policy; otherwise when Brave times
// the chance to drop the target from the destination is at least the
// chance the attacks drop the mover.
func (p Policy) worth(ft *fight, c combat.Combatant, m move) bool {
	if m.risk == 0 || math.IsInf(p.Brave, 1) {
		return true
	}
	if _, ok := offered(ft, c.ID, actionDisengage, false); ok {
		return true // Disengage takes the risk away
	}
	gain := 0.0
	target := ft.enc.Combatants[m.dest.enemy].ID
	if ch, err := ft.odds(ft.at(c.ID, m.dest.at), combat.AttackRequest{Attacker: c.ID, Defender: target}); err == nil {
		gain, _ = dropChance(ch)
	}
	threat := 0.0
	for _, oa := range m.oas {
		ch, err := ft.odds(ft.at(c.ID, oa.At), combat.AttackRequest{Attacker: oa.Attacker, Defender: c.ID, Opportunity: true})
		if err == nil {
			down, _ := dropChance(ch)
			threat += down
		}
	}
	return p.Brave*gain >= threat
}

// partial moves as far towards d as the engine allows this turn; a policy
// that weighs risk stops before the first step that would offer an
// opportunity attack.
func (p Policy) partial(ft *fight, c combat.Combatant, d destination, reach *grid.Reach) (combat.Command, bool) {
	got, offers := ft.longestLegal(c.ID, reach.Path(d.at)[1:])
	if len(offers) > 0 && !math.IsInf(p.Brave, 1) {
		if cmd, ok := p.disengage(ft, c, move{risk: len(offers)}, false); ok {
			return cmd, true
		}
		got = got[:max(0, slices.Index(got, offers[0].Before))]
	}
	if len(got) == 0 {
		return nil, false
	}
	return combat.Move{ID: c.ID, Path: got}, true
}

// longestLegal returns the longest start of path the engine would let
// combatant id walk now (a Move is all or nothing), found by bisection
// over previews, with the opportunity attacks it would offer.
func (ft *fight) longestLegal(id string, path []grid.Square) ([]grid.Square, []combat.Offer) {
	lo, hi := 0, len(path) // path[:lo] is legal; path[:hi+1] is not, or hi is the whole path
	var offers []combat.Offer
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if pv := ft.preview(id, path[:mid]); pv.Err == nil {
			lo, offers = mid, pv.Offers
		} else {
			hi = mid - 1
		}
	}
	return slices.Clone(path[:lo]), offers
}

// escape moves c towards the nearest exit of its side's aim (ENG-AIM-1):
// the whole way if the engine allows it this turn, along the ruleset's
// safest path for a policy that moves safely, else as far as it can go,
// braving the opportunity attacks its aim demands; Disengage (a bonus
// action, or the action, since no attack follows) or Dash first where the
// ruleset offers them and they help. ok is false when no exit can be
// neared.
func (p Policy) escape(ft *fight, c combat.Combatant, aim combat.Aim) (combat.Command, bool) {
	reach := ft.mapReach(c, nil)
	exit, best := grid.Square{}, -1
	for _, s := range aim.Exits {
		if d, ok := reach.Cost(s); ok && d > 0 && (best < 0 || d < best) {
			exit, best = s, d
		}
	}
	if best < 0 {
		return nil, false
	}
	path := reach.Path(exit)[1:]
	if pl, ok := ft.f.rs.(combat.Planner); ok && p.Safest {
		if plan, err := pl.PlanMove(ft.enc, c.ID, exit, true); err == nil && len(plan.Path) > 0 {
			path = plan.Path
		}
	}
	pv := ft.preview(c.ID, path)
	if pv.Err == nil {
		if cmd, ok := p.disengage(ft, c, move{risk: len(pv.Offers)}, false); ok {
			return cmd, true
		}
		return combat.Move{ID: c.ID, Path: path}, true
	}
	if p.Dash && !ft.turn.extra && combat.LeftFor(ft.f.rs, c, combat.UseAttack) > 0 {
		if use, ok := offered(ft, c.ID, actionDash, false); ok {
			ft.turn.extra, ft.turn.moved = true, false
			return use, true
		}
	}
	got, offers := ft.longestLegal(c.ID, path)
	if len(got) == 0 {
		return nil, false
	}
	if cmd, ok := p.disengage(ft, c, move{risk: len(offers)}, false); ok {
		return cmd, true
	}
	return combat.Move{ID: c.ID, Path: got}, true
}

// flee moves c as far from the nearest enemy as the engine lets it go this
// turn: to the square of its map reach farthest from every enemy still
// fighting, or as much of the way there as is legal.
func (p Policy) flee(ft *fight, c combat.Combatant) (combat.Command, bool) {
	enemies := ft.enemies(c)
	if len(enemies) == 0 {
		return nil, false
	}
	reach := ft.mapReach(c, nil)
	away := func(s grid.Square) int {
		d := math.MaxInt
		for _, i := range enemies {
			d = min(d, grid.Distance(grid.Footprint{At: s, Side: max(1, c.Stats.Size)}, footprint(ft.enc.Combatants[i])))
		}
		return d
	}
	best, far := c.Pos, away(c.Pos)
	for _, s := range reach.Squares() {
		if cost, _ := reach.Cost(s); cost <= combat.LeftFor(ft.f.rs, c, combat.UseMove) {
			if d := away(s); d > far {
				best, far = s, d
			}
		}
	}
	if best == c.Pos {
		return nil, false
	}
	got, _ := ft.longestLegal(c.ID, reach.Path(best)[1:])
	if len(got) == 0 {
		return nil, false
	}
	return combat.Move{ID: c.ID, Path: got}, true
}

// charge starts a charge (K-MOVE-7) when no walk brings c within reach of
// an enemy this turn but a charge would, along a move the policy accepts
// in that mode (improved opportunity attacks, K-OA-3): it sets the charge
// condition, as a player does, and the next command is the move. The
// Planner's charge band says where a charge may end; an empty band means
// the charge rounds are spent or c is pinned (K-MOVE-5, K-MOVE-8). reach
// is c's map reach, which the charge condition leaves as it is.
func (p Policy) charge(ft *fight, c combat.Combatant, dests []destination, reach *grid.Reach) (combat.Command, bool) {
	pl, ok := ft.f.rs.(combat.Planner)
	charge, moded := combat.ModeFor(ft.f.rs, combat.BandCharge)
	if !p.Charge || !ok || !moded || ft.turn.charged || slices.Contains(c.Conditions, charge.Condition) {
		return nil, false
	}
	bands, err := pl.Bands(ft.enc, c.ID)
	if err != nil {
		return nil, false
	}
	i := slices.IndexFunc(bands, func(b combat.Band) bool { return b.Key == combat.BandCharge })
	if i < 0 || !slices.ContainsFunc(dests, func(d destination) bool { return slices.Contains(bands[i].Squares, d.at) }) {
		return nil, false
	}
	cmd := combat.AddCondition{ID: c.ID, Condition: charge.Condition}
	charging, _, err := combat.Apply(ft.f.rs, ft.enc, cmd, dice.NewScripted())
	if err != nil {
		return nil, false
	}
	// Route the charge on the encounter as it would be, then put it back.
	// Whether a move is worth it does not read its tier, nor the other
	// moves: the first one worth it settles it.
	now := ft.enc
	ft.enc = charging
	worth := false
	for _, d := range dests[:min(planCandidates, len(dests))] {
		if !slices.Contains(bands[i].Squares, d.at) {
			continue
		}
		if m, ok := p.route(ft, c, d, reach); ok && p.worth(ft, c, m) {
			worth = true
			break
		}
	}
	ft.enc = now
	if !worth {
		return nil, false
	}
	ft.turn.charged, ft.turn.moved = true, false
	return cmd, true
}
