package combat

import (
	"slices"
	"sort"

	"battlemat/rules/grid"
)

func (c Move) apply(a *applier) error {
	if _, err := a.acting(c.ID); err != nil {
		return err
	}
	if len(c.Path) == 0 || len(c.Path) > MaxPath {
		return Invalid("ENG-MOVE-1", "path", "%d squares is outside 1..%d", len(c.Path), MaxPath)
	}
	if _, ok := a.rs.(Mover); !ok {
		return a.unsupported("Mover")
	}
	return a.walk(c.ID, c.Path, false)
}

// CheckPath is the engine's one check of a move: whether combatant id may
// walk path (the squares after the one it stands on) in enc, what each
// step costs and who may strike before it completes (ENG-MOVE-1..3,
// ENG-MAP-1, ENG-MOVE-9), against the movement left when id is acting, else
// (a preview of a later turn) against a step Mover's speed or a PathMover's
// own limits. Apply checks every Move with it, and a planner
// checks the paths it plans with it, so the two cannot disagree. A
// PathMover checks the path as a whole; any other Mover step by step,
// each step from the square before it, on enc as it is. The result is a
// typed error for an illegal path, cited in rs's words.
func CheckPath(rs Ruleset, enc Encounter, id string, path []grid.Square) (PathCheck, error) {
	chk, err := checkPath(rs, enc, id, path)
	return chk, citeError(rs, err)
}

// checkPath is CheckPath citing the engine's rules.
func checkPath(rs Ruleset, enc Encounter, id string, path []grid.Square) (PathCheck, error) {
	c, ok := enc.Combatant(id)
	if !ok {
		return PathCheck{}, Invalid("", "id", "no combatant %q", id)
	}
	if len(path) == 0 || len(path) > MaxPath {
		return PathCheck{}, Invalid("ENG-MOVE-1", "path", "%d squares is outside 1..%d", len(path), MaxPath)
	}
	switch mv := rs.(type) {
	case PathMover:
		from := c.Pos
		for _, to := range path {
			if err := nextTo(enc.Map, c.Stats.side(), from, to); err != nil {
				return PathCheck{}, err
			}
			from = to
		}
		chk, err := mv.Walk(enc, id, path)
		if err != nil {
			return PathCheck{}, err
		}
		if len(chk.Steps) != len(path) {
			return PathCheck{}, Invalid("", "path", "ruleset checked %d steps of %d", len(chk.Steps), len(path))
		}
		left := LeftFor(rs, c, UseMove)
		if !acting(enc, id) {
			left = MaxHPValue * MaxPath // a preview of a later turn: the ruleset's limits alone
		}
		for i, st := range chk.Steps {
			if err := affords(st, path[i], left); err != nil {
				return PathCheck{}, err
			}
			left -= st.Cost
		}
		return chk, nil
	case Mover:
		chk := PathCheck{Steps: make([]StepCheck, 0, len(path))}
		from, left := c.Pos, LeftFor(rs, c, UseMove)
		if !acting(enc, id) {
			left = max(left, c.Stats.Speed) // a preview of a later turn, as Reachable
		}
		for _, to := range path {
			if err := nextTo(enc.Map, c.Stats.side(), from, to); err != nil {
				return PathCheck{}, err
			}
			st, err := mv.Step(enc, id, from, to)
			if err != nil {
				return PathCheck{}, err
			}
			if err := affords(st, to, left); err != nil {
				return PathCheck{}, err
			}
			chk.Steps = append(chk.Steps, st)
			from, left = to, left-st.Cost
		}
		return chk, nil
	}
	return PathCheck{}, &UnsupportedError{Ruleset: rs.ID(), Capability: "Mover"}
}

// acting reports whether combatant id is the one whose turn it is in a
// running encounter: the only one a Move moves. For anyone else a path is
// a preview of a later turn.
func acting(enc Encounter, id string) bool {
	return enc.Phase == PhaseRunning && enc.Current() == id
}

// nextTo checks a step geometrically: to is next to from (ENG-MOVE-2) and
// a creature of the given side fits there (ENG-MAP-1).
func nextTo(m grid.Map, side int, from, to grid.Square) error {
	if dx, dy := to.X-from.X, to.Y-from.Y; max(dx, -dx, dy, -dy) != 1 {
		return Refuse("ENG-MOVE-2", "path", RefusalNotNext, "square", to.Name(), "from", from.Name())
	}
	return fits(m, to, side)
}

// affords checks a step's cost against the movement left (ENG-MOVE-3).
func affords(st StepCheck, to grid.Square, left int) error {
	if st.Cost < 0 || st.Cost > left {
		return Refuse("ENG-MOVE-3", "path", RefusalTooFar, "square", to.Name(), "cost", st.Cost, "left", left)
	}
	return nil
}

// walk moves combatant id along path, checked as a whole (CheckPath). A
// step that offers opportunity attacks suspends the move with a decision
// (DND-ALG-D). A new move (resumed false) that is illegal is refused as a
// whole. A move resumed after an interrupt is checked again from where the
// mover stands, the attackers of its first step having been asked already
// (K-RES-3 step 3): it goes as far as its longest legal start goes, and
// stops there (ENG-MOVE-5).
func (a *applier) walk(id string, path []grid.Square, resumed bool) error {
	chk, err := checkPath(a.rs, a.e, id, path)
	stop := err != nil
	if stop {
		if !resumed {
			return err
		}
		chk = a.legalStart(id, path)
		if len(chk.Steps) == 0 {
			c, err := a.get(id)
			if err != nil {
				return err
			}
			a.emit(Header{Rule: "ENG-MOVE-5", Actor: id, To: new(c.Pos)}.Bare(MoveStopped))
			return nil
		}
	}
	c, err := a.get(id)
	if err != nil {
		return err
	}
	for i, st := range chk.Steps {
		if i > 0 || !resumed {
			attackers, err := a.eligible(st.Attackers, id)
			if err != nil {
				return err
			}
			if len(attackers) > 0 {
				a.e.Move = &MoveState{Mover: id, Path: slices.Clone(path[i:]), Attackers: attackers}
				a.offer()
				return nil
			}
		}
		a.step(c, path[i], st.Cost)
	}
	if stop {
		a.emit(Header{Actor: id, To: new(c.Pos)}.Bare(MoveStopped))
	}
	return nil
}

// legalStart returns the check of the longest start of path that is a
// legal move before a shorter one is not: the steps a resumed move still
// takes.
func (a *applier) legalStart(id string, path []grid.Square) PathCheck {
	var best PathCheck
	for n := 1; n < len(path); n++ {
		chk, err := checkPath(a.rs, a.e, id, path[:n])
		if err != nil {
			break
		}
		best = chk
	}
	return best
}

// step moves c one square.
func (a *applier) step(c *Combatant, to grid.Square, cost int) {
	from := c.Pos
	c.Pos = to
	if k, ok := counterForUse(a.counters, UseMove); ok {
		c.Budget.Counts = c.Budget.Counts.With(k.Key, c.Budget.Left(k.Key)-cost)
	}
	a.emit(Header{Rule: "ENG-MOVE-3", Actor: c.ID, From: &from, To: &to}.With(MoveStep{Cost: cost}))
}

// eligible filters the attackers a Mover offered: present, able to act, not
// the mover, holding the counter opportunity attacks spend where the
// ruleset has one (ENG-OA-3); and puts them in ReactionOrder.
func (a *applier) eligible(ids []string, mover string) ([]string, error) {
	var out []string
	k, limited := counterForUse(a.counters, UseOpportunity)
	for _, id := range ids {
		c, ok := a.e.Combatant(id)
		if !ok || id == mover || slices.Contains(out, id) {
			continue
		}
		if up, err := a.up(id); err != nil {
			return nil, err
		} else if !up {
			continue
		}
		if limited && c.Budget.Left(k.Key) < 1 {
			continue
		}
		out = append(out, id)
	}
	a.e.ReactionOrder(out)
	return out, nil
}

// ReactionOrder sorts ids into the order in which their reactions to one
// event are offered: by initiative, starting from the slot after the
// current one and wrapping around, the members of a slot in their order;
// an id outside the order ranks with the first member of the next slot,
// and ties go by ID (DND-ALG-D step 2, DND-AMB-12, K-RES-3 step 2). A
// planner lists what a move would provoke in this order, so the plan reads
// as the offers will come.
func (e Encounter) ReactionOrder(ids []string) {
	if len(ids) < 2 {
		return
	}
	rank := map[string]int{}
	n := max(1, len(e.Order))
	for si, s := range e.Order {
		for mi, m := range s.Members {
			rank[m] = ((si-e.Turn.Slot-1+n)%n)*(MaxCombatants+1) + mi
		}
	}
	sort.SliceStable(ids, func(i, j int) bool {
		if rank[ids[i]] != rank[ids[j]] {
			return rank[ids[i]] < rank[ids[j]]
		}
		return ids[i] < ids[j]
	})
}

// offer asks the next attacker of the suspended move whether it attacks.
func (a *applier) offer() {
	m := a.e.Move
	a.e.Pending = &Decision{Kind: DecideOpportunity, Key: "opportunity-attack", Chooser: m.Attackers[0],
		Options: []string{AnswerTake, AnswerDecline},
		Attack:  AttackRequest{Attacker: m.Attackers[0], Defender: m.Mover, Opportunity: true}}
	a.emit(Header{Rule: "ENG-OA-1"}.With(a.e.Pending.clone()))
}

// resume carries on after an interrupt: the next attacker is asked, or the
// suspended step is checked again and taken, and the move goes on. A mover that can no longer
// act stops where it is, and if it was its turn the turn ends (K-OA-9,
// DND-ALG-D step 4, DND-AMB-16).
func (a *applier) resume() error {
	m := a.e.Move
	if a.e.Pending != nil || m == nil {
		return nil
	}
	c, err := a.get(m.Mover)
	if err != nil {
		return err
	}
	up, err := a.up(c.ID)
	if err != nil {
		return err
	}
	if !up {
		a.e.Move = nil
		a.emit(Header{Rule: "ENG-MOVE-4", Actor: c.ID, To: new(c.Pos)}.Bare(MoveStopped))
		if a.e.Current() == c.ID {
			return a.endTurn()
		}
		return nil
	}
	if len(m.Attackers) > 0 {
		a.offer()
		return nil
	}
	a.e.Move = nil
	return a.walk(m.Mover, m.Path, true)
}

// pendingOpportunity returns the offered attacker and removes it from the
// queue of the suspended move.
func (a *applier) pendingOpportunity() (AttackRequest, error) {
	d := a.e.Pending
	if d == nil || d.Kind != DecideOpportunity || a.e.Move == nil {
		return AttackRequest{}, Invalid("ENG-OA-1", "decision", "no opportunity attack is offered")
	}
	a.e.Pending = nil
	if a.e.Move.Attackers = a.e.Move.Attackers[1:]; len(a.e.Move.Attackers) == 0 {
		a.e.Move.Attackers = nil
	}
	return d.Attack, nil
}

func (c TakeOpportunity) apply(a *applier) error {
	req, err := a.pendingOpportunity()
	if err != nil {
		return err
	}
	if req.Option, err = opaque("option", c.Option); err != nil {
		return err
	}
	reactor, err := a.get(req.Attacker)
	if err != nil {
		return err
	}
	if err := a.spendOne(reactor, UseOpportunity); err != nil { // ENG-OA-3
		return err
	}
	mover, err := a.get(req.Defender)
	if err != nil {
		return err
	}
	mover.Budget.Attacked = true
	a.emit(Header{Rule: "ENG-OA-2", Actor: req.Attacker, Target: req.Defender}.Bare(OpportunityTaken))
	if err := a.resolveAttack(req, nil); err != nil {
		return err
	}
	return a.resume()
}

func (DeclineOpportunity) apply(a *applier) error {
	req, err := a.pendingOpportunity()
	if err != nil {
		return err
	}
	a.emit(Header{Actor: req.Attacker, Target: req.Defender}.Bare(OpportunityPassed))
	return a.resume()
}

func (c Choose) apply(a *applier) error {
	d := a.e.Pending
	if d == nil || d.Kind != DecideAttack {
		return Invalid("", "decision", "no question is pending")
	}
	if !slices.Contains(d.Options, c.Choice) {
		return Invalid("", "choice", "%q is not one of %v", c.Choice, d.Options)
	}
	a.e.Pending = nil
	req := d.Attack
	req.Answers = append(slices.Clone(req.Answers), c.Choice)
	a.emit(Header{Actor: d.Chooser}.With(Choice{Key: c.Choice}))
	if err := a.resolveAttack(req, d.Tape); err != nil {
		return err
	}
	return a.resume()
}

func (c Attack) apply(a *applier) error {
	if pr, ok := a.rs.(PhaseResolver); ok {
		// ENG-PHASE-2: in a side phase an attack is declared, not rolled.
		return a.declare(pr, Declaration{Attacker: c.Attacker, Targets: []string{c.Defender}, Option: c.Option})
	}
	att, err := a.acting(c.Attacker)
	if err != nil {
		return err
	}
	if c.Defender == c.Attacker {
		return Refuse("", "defender", RefusalSelfAttack, "name", c.Attacker)
	}
	if a.e.Find(c.Defender) < 0 {
		return NoCombatant("", "defender", c.Defender)
	}
	opt, err := opaque("option", c.Option)
	if err != nil {
		return err
	}
	if err := a.spendOne(att, UseAttack); err != nil { // ENG-TURN-3
		return err
	}
	req := AttackRequest{Attacker: c.Attacker, Defender: c.Defender, Option: opt}
	if TimelineOn(a.rs, a.e) {
		return a.schedule(req) // ENG-TL-2: the attack lands when its segment comes
	}
	return a.resolveAttack(req, nil)
}

func (c UseAction) apply(a *applier) error {
	if !validKey(c.Key) {
		return Invalid("", "key", "%q is not a valid key", c.Key)
	}
	key := c.Resource
	if ac, ok := a.rs.(ActionCoster); ok {
		var err error
		if key, err = ac.ActionCost(a.e, c); err != nil {
			return err
		}
	}
	k, ok := counterIn(a.counters, func(k Counter) bool { return k.Key == key })
	if !ok || k.Use == UseMove {
		return Invalid("ENG-TURN-4", "resource", "%q is not a counter an action spends", key)
	}
	var cb *Combatant
	var err error
	if k.OffTurn() {
		// ENG-OA-3: a counter held between turns is spent on any turn by
		// a creature that can act.
		cb, err = a.get(c.ID)
		if err != nil {
			return err
		}
		if up, err := a.up(c.ID); err != nil {
			return err
		} else if a.e.Phase != PhaseRunning || !up {
			return Refuse(k.Rule, "counts", RefusalNoCounter, "name", c.ID, "counter", k.Key)
		}
	} else if cb, err = a.acting(c.ID); err != nil {
		return err
	}
	if err := a.spend(cb, k); err != nil { // ENG-TURN-4
		return err
	}
	return a.takeAction(c, key)
}

// takeAction asks the ruleset what an action whose counter is spent does
// (ENG-TURN-4) and applies it: extra movement for this turn, new states.
func (a *applier) takeAction(c UseAction, spent string) error {
	var eff ActionEffect
	if at, ok := a.rs.(ActionTaker); ok {
		var err error
		if eff, err = at.TakeAction(a.e, c); err != nil {
			return err
		}
	}
	if eff.Movement < 0 || eff.Movement > MaxHPValue {
		return Invalid(eff.Rule, "movement", "ruleset returned extra movement %d", eff.Movement)
	}
	if k, ok := counterForUse(a.counters, UseMove); ok && eff.Movement > 0 {
		cb, err := a.get(c.ID)
		if err != nil {
			return err
		}
		// The extra movement is part of this turn's allowance, so a
		// ResetMove keeps it (ENG-MOVE-7).
		b := &cb.Budget
		b.Counts = b.Counts.With(k.Key, min(b.Left(k.Key)+eff.Movement, MaxCount))
		b.StartMove += eff.Movement
	}
	if err := a.setStates(eff.State, eff.RoundState); err != nil {
		return err
	}
	a.emit(Header{Rule: eff.Rule, Actor: c.ID}.With(ActionSpent{Key: c.Key, Resource: spent, Movement: eff.Movement, Trace: eff.Trace}))
	return nil
}

func (c ResetMove) apply(a *applier) error {
	cb, err := a.acting(c.ID)
	if err != nil {
		return err
	}
	b := &cb.Budget
	if b.Attacked {
		return Refuse("ENG-MOVE-6", "id", RefusalMoveLocked, "name", c.ID)
	}
	k, counted := counterForUse(a.counters, UseMove)
	if cb.Pos == b.Start && (!counted || b.Left(k.Key) == b.StartMove) {
		return Refuse("ENG-MOVE-7", "id", RefusalNotMoved, "name", c.ID)
	}
	from := cb.Pos
	cb.Pos = b.Start
	if counted {
		b.Counts = b.Counts.With(k.Key, b.StartMove)
	}
	a.emit(Header{Actor: c.ID, From: &from, To: new(b.Start)}.Bare(MoveReset))
	return nil
}
