package dnd5e

import (
	"encoding/json"
	"fmt"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// The capabilities the ruleset offers the app's highlights.
var (
	_ combat.Planner    = Ruleset{}
	_ combat.Threatener = Ruleset{}
	_ combat.Armory     = Ruleset{}
)

// movementLeft returns what combatant c can still walk: its budget when it
// is acting, its speed otherwise (a preview of its next turn), and whether
// it could still Dash, with its action or a Dash bonus action.
func movementLeft(enc combat.Encounter, c combat.Combatant) (walk, dash int, err error) {
	p, ok, err := profileOf(enc, c)
	if err != nil {
		return 0, 0, err
	}
	dashBonus := ok && slices.Contains(p.BonusActions, ActionDash)
	if enc.Phase != combat.PhaseRunning || enc.Current() != c.ID {
		return c.Stats.Speed, 2 * c.Stats.Speed, nil
	}
	b := c.Budget
	walk = b.Left(CounterMovement)
	if b.Left(CounterAction) > 0 || dashBonus && b.Left(CounterBonus) > 0 {
		return walk, walk + c.Stats.Speed, nil
	}
	return walk, walk, nil
}

// Bands lists the squares combatant id can reach walking and, if it can
// still Dash, dashing (DND-TURN-1, DND-ND-1). A move may pass through an
// ally but not a hostile creature, and may not end on anyone (DND-ND-2,
// SRD default).
func (rs Ruleset) Bands(enc combat.Encounter, id string) ([]combat.Band, error) {
	c, found := enc.Combatant(id)
	if !found {
		return nil, combat.NoCombatant("DND-TURN-1", "id", id)
	}
	walk, dash, err := movementLeft(enc, c)
	if err != nil {
		return nil, err
	}
	routes := rs.routes(enc, c, dash, false)
	bands := []combat.Band{
		{Key: combat.BandWalk, Rule: "DND-TURN-1", Squares: []grid.Square{}}, // movement left this turn
		{Key: combat.BandDash, Rule: "DND-ND-1", Squares: []grid.Square{}},   // with a Dash still to take: movement left plus speed (SRD default)
	}
	for _, s := range routes.squares() {
		if occupied(enc, s) {
			continue
		}
		if routes.best[s].feet <= walk {
			bands[0].Squares = append(bands[0].Squares, s)
		} else {
			bands[1].Squares = append(bands[1].Squares, s)
		}
	}
	if dash == walk {
		bands = bands[:1]
	}
	return bands, nil
}

// PlanMove plans the path of combatant id to square to: the shortest, or
// with safest the one offering the fewest opportunity attacks and then the
// shortest. Its provocations list, step by step, every hostile creature
// whose reach the path leaves: those who could strike (each at most once,
// DND-REACT-3) and, with the reason, those who could not (DND-ND-3).
func (rs Ruleset) PlanMove(enc combat.Encounter, id string, to grid.Square, safest bool) (combat.Plan, error) {
	c, found := enc.Combatant(id)
	if !found {
		return combat.Plan{}, combat.NoCombatant("DND-TURN-1", "id", id)
	}
	walk, dash, err := movementLeft(enc, c)
	if err != nil {
		return combat.Plan{}, err
	}
	if occupied(enc, to) {
		return combat.Plan{}, combat.Refuse("DND-ND-2", "to", combat.RefusalTaken, "square", to.Name())
	}
	routes := rs.routes(enc, c, dash, safest)
	end, ok := routes.best[to]
	if !ok {
		return combat.Plan{}, combat.Refuse("DND-TURN-1", "to", combat.RefusalTooFar, "square", to.Name())
	}
	plan := combat.Plan{Band: combat.BandWalk, Path: routes.path(to), Cost: end.feet}
	if end.feet > walk {
		plan.Band = combat.BandDash
	}
	plan.Provocations, err = rs.provocations(enc, c, plan.Path)
	return plan, err
}

// provocations walks path step by step and explains, for every hostile
// creature whose reach a step leaves, whether it could make an opportunity
// attack; a creature that could is assumed to take it, spending its
// reaction for the rest of the path (DND-ND-3, DND-REACT-3). Within a step
// the creatures come in combat.Encounter.ReactionOrder, as Apply offers
// them.
func (rs Ruleset) provocations(enc combat.Encounter, m combat.Combatant, path []grid.Square) ([]combat.Provocation, error) {
	var out []combat.Provocation
	struck := map[string]bool{}
	eff, err := effectsOf(m)
	if err != nil {
		return nil, err
	}
	foes := map[string]combat.Combatant{}
	var order []string
	for _, o := range enc.Combatants {
		if o.ID != m.ID && o.Up() && o.Side != m.Side {
			foes[o.ID] = o
			order = append(order, o.ID)
		}
	}
	enc.ReactionOrder(order)
	from := m.Pos
	for i, to := range path {
		for _, id := range order {
			o := foes[id]
			p, ok, err := profileOf(enc, o)
			if err != nil {
				return nil, err
			}
			if !ok || !WithinReach(o.Pos, p.Reach, from) || WithinReach(o.Pos, p.Reach, to) {
				continue
			}
			reactor := rs.reactionOf(enc, o)
			reactor.Reaction = reactor.Reaction && !struck[o.ID]
			allowed, tr := MayOpportunityAttack(departure(m, eff, o, p, reactor, from, to))
			last := tr[len(tr)-1]
			pr := combat.Provocation{Attacker: o.ID, At: from, Step: i, Kind: "normal", Rule: last.Rule}
			if allowed {
				struck[o.ID] = true
			} else {
				pr.Prevented = last.Key
			}
			out = append(out, pr)
		}
		from = to
	}
	return out, nil
}

// Threatened lists the squares from which a step out of reach would give a
// hostile creature an opportunity attack on combatant id right now: every
// square within the reach of a hostile creature that has the opportunity
// attack, its reaction and its sight of id (DND-ND-3, DND-REACT-3). After
// a Disengage there is none for the rest of the turn.
func (rs Ruleset) Threatened(enc combat.Encounter, id string) ([]grid.Square, error) {
	m, found := enc.Combatant(id)
	if !found {
		return nil, combat.NoCombatant("DND-ND-3", "id", id)
	}
	eff, err := effectsOf(m)
	if err != nil {
		return nil, err
	}
	seen := map[grid.Square]bool{}
	var out []grid.Square
	for _, o := range enc.Combatants {
		if o.ID == id || !o.Up() || o.Side == m.Side {
			continue
		}
		p, ok, err := profileOf(enc, o)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		d := departure(m, eff, o, p, rs.reactionOf(enc, o), o.Pos, o.Pos)
		if can, _ := d.Reactor.CanReact(d.ReactorCannotAct); !d.HasOption || !d.Sees || d.Disengaged || !can {
			continue
		}
		r := p.Reach / SquareFeet
		for y := o.Pos.Y - r; y <= o.Pos.Y+r; y++ {
			for x := o.Pos.X - r; x <= o.Pos.X+r; x++ {
				s := grid.Square{X: x, Y: y}
				if enc.Map.In(s) && s != o.Pos && !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
			}
		}
	}
	slices.SortFunc(out, grid.Compare)
	return out, nil
}

// AttackChoices lists the attacks of combatant id's stat block, each with
// the Option that selects it (DND-ND-4). The list is the caller's; the
// options' bytes are shared with later calls and must not be changed.
func (Ruleset) AttackChoices(enc combat.Encounter, id string) ([]combat.AttackChoice, error) {
	c, found := enc.Combatant(id)
	if !found {
		return nil, combat.NoCombatant("DND-ND-4", "id", id)
	}
	p, ok, err := profileOf(enc, c)
	if err != nil || !ok {
		return nil, err
	}
	d := derivedOf(enc)
	d.mu.Lock()
	known, ok := d.choices[string(c.Profile)]
	d.mu.Unlock()
	if ok {
		return slices.Clone(known), nil
	}
	out := make([]combat.AttackChoice, len(p.Attacks))
	for i, a := range p.Attacks {
		// An AttackOption holds a string and two booleans: marshalling
		// cannot fail.
		opt, _ := json.Marshal(AttackOption{Attack: a.Name})
		out[i] = combat.AttackChoice{Key: fmt.Sprintf("%s-%d", a.Kind, i), Name: a.Name, Option: opt}
	}
	d.mu.Lock()
	d.choices[string(c.Profile)] = out
	d.mu.Unlock()
	return slices.Clone(out), nil
}

// route is the best way found to a square: its cost in feet, the
// opportunity attacks offered on the way (counted per step, an upper
// bound), and the square it is entered from.
type route struct {
	feet, offers int
	prev         grid.Square
}

// routes is the result of a search from a start square.
type routes struct {
	start grid.Square
	best  map[grid.Square]route
}

// squares returns the squares reached, start excluded, in row order.
func (r routes) squares() []grid.Square {
	var out []grid.Square
	for s := range r.best {
		if s != r.start {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, grid.Compare)
	return out
}

// occupied reports whether a creature that is up stands on s.
func occupied(enc combat.Encounter, s grid.Square) bool {
	for _, c := range enc.Combatants {
		if c.Up() && c.Pos == s {
			return true
		}
	}
	return false
}

// path returns the squares from the start (excluded) to s.
func (r routes) path(s grid.Square) []grid.Square {
	var rev []grid.Square
	for s != r.start {
		rev = append(rev, s)
		s = r.best[s].prev
	}
	slices.Reverse(rev)
	return rev
}

// routes searches every square c can reach within budget feet, by single
// steps the ruleset's Step allows, cheapest first; with safest, fewest
// opportunity attacks offered first, then cheapest. The search's key packs
// the two numbers, the one that counts first in the high part; ties go in
// row order (grid.RowOrder).
func (rs Ruleset) routes(enc combat.Encounter, c combat.Combatant, budget int, safest bool) routes {
	r := routes{start: c.Pos, best: map[grid.Square]route{}}
	board, err := grid.NewBoard(enc.Map)
	if err != nil {
		return r
	}
	pack := func(feet, offers int) int {
		if safest {
			return offers<<routeShift | feet
		}
		return feet<<routeShift | offers
	}
	unpack := func(k int) route {
		hi, lo := k>>routeShift, k&(1<<routeShift-1)
		if safest {
			return route{feet: lo, offers: hi}
		}
		return route{feet: hi, offers: lo}
	}
	found := board.Search(grid.Options{From: grid.Single(c.Pos), Radius: -1, Corners: grid.Cutting, Ties: grid.RowOrder,
		Step: func(from, to grid.Square, at int) (int, bool) {
			chk, err := rs.Step(enc, c.ID, from, to)
			k := unpack(at)
			if err != nil || k.feet+chk.Cost > budget {
				return 0, false
			}
			return pack(k.feet+chk.Cost, k.offers+len(chk.Attackers)), true
		}})
	for _, s := range found.Squares() {
		k, _ := found.Cost(s)
		rt := unpack(k)
		rt.prev, _ = found.Prev(s)
		r.best[s] = rt
	}
	return r
}

// routeShift is where a route's search key puts its first number: both
// numbers stay below 1<<routeShift (feet are bounded by the movement, and
// offers by the squares walked times the combatants).
const routeShift = 24
