package combat

import (
	"slices"
	"sort"

	"battlemat/rules/dice"
)

// DefaultInitiative is the engine's initiative procedure for rulesets
// without an Initiator and without an initiative die of their own: the
// zero TurnRules' Initiative, rolling d20.
func DefaultInitiative(enc Encounter, ids []string, r dice.Roller) ([]Slot, error) {
	return TurnRules{}.Initiative(enc, ids, r)
}

// DefaultInitiativeDie is the die of the engine's initiative roll when
// TurnRules.InitiativeDie is 0 (DND-INIT-1).
const DefaultInitiativeDie = 20

// Initiative is the engine's initiative procedure for rulesets without an
// Initiator (DND-ENG-2 "individual", DND-ALG-A step 3): one slot per
// creature, except that creatures of one side sharing a non-empty
// Stats.Group share a slot and one roll (DND-INIT-2, DND-AMB-7) unless the
// encounter's settings make everyone roll alone (ENG-SET-1); each slot
// rolls the initiative die (d20 unless InitiativeDie says otherwise) plus
// Stats.Initiative (DND-INIT-1, DND-GEN-1) and slots are ranked highest
// first (DND-INIT-3). Tied slots roll off on a d20, higher first, and roll
// again while still tied (DND-INIT-4 option, DND-AMB-8).
func (tr TurnRules) Initiative(enc Encounter, ids []string, r dice.Roller) ([]Slot, error) {
	die := tr.InitiativeDie
	if die == 0 {
		die = DefaultInitiativeDie
	}
	if die < 2 || die > 1000 {
		return nil, Invalid("ENG-ORDER-2", "initiativeDie", "d%d is outside d2..d1000", die)
	}
	var slots []Slot
	groupSlot := map[[2]string]int{}
	var mods []int
	for _, id := range ids {
		c, ok := enc.Combatant(id)
		if !ok {
			return nil, NoCombatant("", "id", id)
		}
		key := [2]string{c.Side, c.Stats.Group}
		if i, ok := groupSlot[key]; ok && c.Stats.Group != "" && !enc.Settings.IndividualInitiative {
			slots[i].Members = append(slots[i].Members, id)
			continue
		}
		groupSlot[key] = len(slots)
		slots = append(slots, Slot{Members: []string{id}})
		mods = append(mods, c.Stats.Initiative)
	}
	for i := range slots {
		slots[i].Score = r.Roll(die) + mods[i]
	}
	sort.SliceStable(slots, func(i, j int) bool { return slots[i].Score > slots[j].Score })
	for lo := 0; lo < len(slots); {
		hi := lo + 1
		for hi < len(slots) && slots[hi].Score == slots[lo].Score {
			hi++
		}
		rollOff(slots[lo:hi], r)
		lo = hi
	}
	return slots, nil
}

// rollOff orders tied slots by d20, higher first, re-rolling remaining ties
// (DND-AMB-8). Each face is appended to the slot's Tiebreak, which keeps the
// latest MaxTiebreak.
func rollOff(tied []Slot, r dice.Roller) {
	if len(tied) < 2 {
		return
	}
	for i := range tied {
		tied[i].Tiebreak = TrimTiebreak(append(tied[i].Tiebreak, r.Roll(20)))
		tied[i].Settled = true
	}
	last := func(s Slot) int { return s.Tiebreak[len(s.Tiebreak)-1] }
	sort.SliceStable(tied, func(i, j int) bool { return last(tied[i]) > last(tied[j]) })
	for lo := 0; lo < len(tied); {
		hi := lo + 1
		for hi < len(tied) && last(tied[hi]) == last(tied[lo]) {
			hi++
		}
		rollOff(tied[lo:hi], r)
		lo = hi
	}
}

// initiative rolls for ids with the ruleset's procedure or the default.
func (a *applier) initiative(ids []string) ([]Slot, error) {
	var slots []Slot
	var err error
	if in, ok := a.rs.(Initiator); ok {
		slots, err = in.RollInitiative(a.e, ids, a.r)
	} else {
		slots, err = a.rules.Initiative(a.e, ids, a.r)
	}
	if err != nil {
		return nil, err
	}
	return slots, checkOrder(slots, ids)
}

// checkOrder checks that an order lists exactly ids, once each, in
// non-empty slots.
func checkOrder(order []Slot, ids []string) error {
	seen := map[string]bool{}
	for _, s := range order {
		if len(s.Members) == 0 {
			return Invalid("ENG-ORDER-4", "order", "empty slot")
		}
		for _, m := range s.Members {
			if seen[m] || !slices.Contains(ids, m) {
				return Invalid("ENG-ORDER-1", "order", "%q is unknown or listed twice", m)
			}
			seen[m] = true
		}
	}
	if len(seen) != len(ids) {
		return Invalid("ENG-ORDER-1", "order", "lists %d of %d combatants", len(seen), len(ids))
	}
	return nil
}

func (e Encounter) ids() []string {
	ids := make([]string, len(e.Combatants))
	for i, c := range e.Combatants {
		ids[i] = c.ID
	}
	return ids
}

func (RollInitiative) apply(a *applier) error {
	if a.e.Phase != PhaseSetup {
		return Refuse("ENG-ORDER-5", "phase", RefusalOrderFixed)
	}
	if len(a.e.Combatants) == 0 {
		return Refuse("ENG-ORDER-8", "combatants", RefusalNobody)
	}
	order, err := a.initiative(a.e.ids())
	if err != nil {
		return err
	}
	a.e.Order = order
	a.emit(Header{Rule: "ENG-ORDER-2"}.With(Lineup{Order: cloneOrder(order)}))
	return nil
}

func (c SetOrder) apply(a *applier) error {
	if err := checkOrder(c.Order, a.e.ids()); err != nil {
		return err
	}
	cur := a.e.Current()
	a.e.Order = cloneOrder(c.Order)
	for si, s := range a.e.Order {
		if mi := slices.Index(s.Members, cur); mi >= 0 {
			a.e.Turn = Turn{Slot: si, Member: mi}
		}
	}
	a.emit(Header{Rule: "ENG-ORDER-6"}.With(Lineup{Order: cloneOrder(c.Order), ByHand: true}))
	return nil
}

// join inserts a combatant placed mid-fight into the order by its rolled
// score, after slots with an equal or higher score (DND-AMB-14).
func (a *applier) join(id string) error {
	slots, err := a.initiative([]string{id})
	if err != nil {
		return err
	}
	s := slots[0]
	at := len(a.e.Order)
	for i, o := range a.e.Order {
		if s.Score > o.Score {
			at = i
			break
		}
	}
	a.e.Order = slices.Insert(a.e.Order, at, s)
	if at <= a.e.Turn.Slot {
		a.e.Turn.Slot++
	}
	a.emit(Header{Rule: "ENG-ORDER-7", Actor: id}.With(JoinScore{Score: s.Score}))
	return nil
}

func (c Start) apply(a *applier) error {
	if a.e.Phase != PhaseSetup {
		return Refuse("ENG-START-1", "phase", RefusalStarted)
	}
	if len(a.e.Combatants) == 0 {
		return Refuse("ENG-START-2", "combatants", RefusalNobody)
	}
	if err := checkOrder(a.e.Order, a.e.ids()); err != nil {
		return Refuse("ENG-START-3", "order", RefusalNoOrder)
	}
	for _, id := range c.Surprised {
		if a.e.Find(id) < 0 {
			return NoCombatant("ENG-SURP-2", "surprised", id)
		}
	}
	for i := range a.e.Combatants {
		cb := &a.e.Combatants[i]
		cb.Surprised = slices.Contains(c.Surprised, cb.ID)
		cb.Budget = Budget{Start: cb.Pos}
	}
	a.e.Phase, a.e.Round, a.e.Turn = PhaseRunning, 1, Turn{}
	// ENG-START-4: the counters held between turns are ready before a
	// first turn, except for the surprised (ENG-SURP-3).
	for i := range a.e.Combatants {
		cb := &a.e.Combatants[i]
		if err := a.refillOffTurn(cb, a.rules.Held(a.e, *cb)); err != nil {
			return err
		}
	}
	a.emit(Header{Rule: "ENG-START-4"}.Bare(EncounterStarted))
	if err := a.startRound(); err != nil {
		return err
	}
	return a.advance(Turn{})
}

// startRound resets every creature's per-round state (K-GEN-6, K-RES-1
// step 1).
func (a *applier) startRound() error {
	for _, c := range a.e.Combatants {
		if err := a.resetRound(c.ID); err != nil {
			return err
		}
	}
	a.emit(Header{Rule: "ENG-ROUND-1", Round: a.e.Round}.Bare(RoundStarted))
	return nil
}

// resetRound asks the ruleset for the fresh per-round state of id.
func (a *applier) resetRound(id string) error {
	rr, ok := a.rs.(RoundResetter)
	if !ok {
		return nil
	}
	st, err := rr.RoundState(a.e, id)
	if err != nil {
		return err
	}
	c, err := a.get(id)
	if err != nil {
		return err
	}
	c.RoundState, err = opaque("roundState", st)
	return err
}

// advance starts the turn of the first creature able to act at or after t,
// ending the round when the order runs out (DND-ALG-B). Creatures that are
// down are skipped (DND-ALG-B step 1). If nobody can act the encounter ends.
func (a *applier) advance(t Turn) error {
	anyone, err := a.anyoneUp()
	if err != nil {
		return err
	}
	if !anyone {
		a.e.Phase = PhaseEnded
		a.emit(Header{Rule: "ENG-END-2"}.Bare(EncounterEnded))
		return nil
	}
	for {
		for ; t.Slot < len(a.e.Order); t.Slot, t.Member = t.Slot+1, 0 {
			for ; t.Member < len(a.e.Order[t.Slot].Members); t.Member++ {
				id := a.e.Order[t.Slot].Members[t.Member]
				up, err := a.up(id)
				if err != nil {
					return err
				}
				if up {
					a.e.Turn = t
					return a.startTurn(id)
				}
			}
		}
		if err := a.endRound(); err != nil {
			return err
		}
		t = Turn{}
	}
}

// anyoneUp reports whether a creature in the order can act.
func (a *applier) anyoneUp() (bool, error) {
	for _, s := range a.e.Order {
		for _, id := range s.Members {
			if up, err := a.up(id); up || err != nil {
				return up, err
			}
		}
	}
	return false, nil
}

// endRound releases round-1 surprise locks (ENG-SURP-3),
// suggests an end when at most one side can act (DND-AMB-19), and starts
// the next round with the same order (DND-INIT-3).
func (a *applier) endRound() error {
	a.emit(Header{Round: a.e.Round}.Bare(RoundEnded))
	if a.e.Round == 1 && a.rules.SurpriseLock == LockEndOfRound1 {
		for i := range a.e.Combatants {
			if err := a.unlock(&a.e.Combatants[i]); err != nil {
				return err
			}
		}
	}
	sides := map[string]bool{}
	for _, c := range a.e.Combatants {
		up, err := a.up(c.ID)
		if err != nil {
			return err
		}
		if up {
			sides[c.Side] = true
		}
	}
	if len(sides) <= 1 {
		a.emit(Header{Rule: "ENG-END-2"}.Bare(SideStanding))
	}
	a.e.Round = min(a.e.Round+1, MaxRound)
	return a.startRound()
}

// unlock gives a surprised creature whose lock has just ended its
// off-turn counters at once (ENG-SURP-3), when it has any to get.
func (a *applier) unlock(c *Combatant) error {
	if !c.Surprised || !slices.ContainsFunc(a.counters, Counter.OffTurn) {
		return nil
	}
	if err := a.refillOffTurn(c, false); err != nil {
		return err
	}
	a.emit(Header{Rule: "ENG-SURP-3", Actor: c.ID}.Bare(ReactionUnlocked))
	return nil
}

// turnCounts is what combatant id starts a turn with, by the ruleset's
// Budgeter or DefaultCounts, checked against the counters it declares.
func (a *applier) turnCounts(id string) (Counts, error) {
	n, err := TurnStart(a.rs, a.e, id)
	if err != nil {
		return Counts{}, err
	}
	if err := checkCounts(n, a.counters); err != nil {
		return Counts{}, err
	}
	return n.clean(), nil
}

// refillOffTurn sets c's off-turn counters to what a turn starts with, or
// to none while surprise holds them (held, ENG-SURP-3).
func (a *applier) refillOffTurn(c *Combatant, held bool) error {
	var start Counts
	loaded := false
	for _, k := range a.counters {
		if !k.OffTurn() {
			continue
		}
		if !loaded {
			var err error
			if start, err = a.turnCounts(c.ID); err != nil {
				return err
			}
			loaded = true
		}
		n := start.Get(k.Key)
		if held {
			n = 0
		}
		c.Budget.Counts = c.Budget.Counts.With(k.Key, n)
	}
	return nil
}

// startTurn gives the creature its counters (ENG-TURN-5), none on a
// surprised creature's first turn and no off-turn counter while surprise
// holds them (ENG-SURP-3), and lets the ruleset end effects that last
// until the start of the creature's turn.
func (a *applier) startTurn(id string) error {
	c, err := a.get(id)
	if err != nil {
		return err
	}
	n, err := a.turnCounts(id)
	if err != nil {
		return err
	}
	first, held := c.Surprised && c.Turns == 0, a.rules.Held(a.e, *c)
	for _, k := range a.counters {
		if k.OffTurn() && held || !k.OffTurn() && first {
			n = n.With(k.Key, 0)
		}
	}
	move := 0
	if k, ok := counterForUse(a.counters, UseMove); ok {
		move = n.Get(k.Key)
	}
	c.Budget = Budget{Counts: n, Start: c.Pos, StartMove: move}
	if ts, ok := a.rs.(TurnStarter); ok {
		states, err := ts.StartOfTurn(a.e, id)
		if err != nil {
			return err
		}
		if err := a.setStates(states, nil); err != nil {
			return err
		}
	}
	a.emit(Header{Rule: "ENG-TURN-5", Actor: id, Round: a.e.Round}.Bare(TurnStarted))
	return nil
}

func (EndTurn) apply(a *applier) error {
	return a.endTurn()
}

// endTurn discards what is left of the turn's counters, keeping those held
// between turns (ENG-TURN-5), releases a surprise lock that ends with the
// creature's first turn (ENG-SURP-3), and moves to the next creature.
func (a *applier) endTurn() error {
	id := a.e.Current()
	c, err := a.acting(id)
	if err != nil {
		return err
	}
	c.Turns = min(c.Turns+1, MaxTurns)
	var kept Counts
	for _, k := range a.counters {
		if n := c.Budget.Left(k.Key); k.OffTurn() && n > 0 {
			kept = kept.With(k.Key, n)
		}
	}
	c.Budget.Counts = kept
	if c.Turns == 1 && a.rules.SurpriseLock == LockEndOfOwnFirstTurn {
		if err := a.unlock(c); err != nil {
			return err
		}
	}
	if te, ok := a.rs.(TurnEnder); ok {
		states, err := te.EndOfTurn(a.e, id)
		if err != nil {
			return err
		}
		if err := a.setStates(states, nil); err != nil {
			return err
		}
	}
	a.emit(Header{Actor: id, Round: a.e.Round}.Bare(TurnEnded))
	if err := a.endPhase(); err != nil {
		return err
	}
	return a.advance(Turn{Slot: a.e.Turn.Slot, Member: a.e.Turn.Member + 1})
}
