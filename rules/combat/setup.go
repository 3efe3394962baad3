package combat

import (
	"encoding/json"
	"slices"

	"battlemat/rules/grid"
)

// stats validates a spec's identity and returns the combatant's stats (from
// the profile through the ruleset's Profiler, or as entered) and its
// compacted profile.
func (a *applier) stats(s Spec) (Stats, json.RawMessage, error) {
	st, err := a.specStats(s)
	if err != nil {
		return Stats{}, nil, err
	}
	prof, err := opaque("profile", s.Profile)
	return st, prof, err
}

func (a *applier) specStats(s Spec) (Stats, error) {
	if !validKey(s.ID) {
		return Stats{}, Invalid("", "id", "%q is not 1-%d letters, digits, '-' or '_'", s.ID, maxKeyLen)
	}
	if len(s.Name) > maxNameLen {
		return Stats{}, Invalid("", "name", "longer than %d bytes", maxNameLen)
	}
	if !validKey(s.Side) {
		return Stats{}, Invalid("", "side", "%q is not a valid side key", s.Side)
	}
	st := s.Stats
	if len(s.Profile) > 0 {
		p, ok := a.rs.(Profiler)
		if !ok {
			return Stats{}, a.unsupported("Profiler")
		}
		var err error
		if st, err = p.Profile(s.Profile); err != nil {
			return Stats{}, err
		}
	}
	if err := st.Validate(); err != nil {
		return Stats{}, err
	}
	if err := checkStatCounts(st, a.counters); err != nil {
		return Stats{}, err
	}
	if s.HP < -MaxHPValue || s.HP > st.MaxHP {
		return Stats{}, OutOfRange("", "hp", s.HP, -MaxHPValue, st.MaxHP)
	}
	return st, nil
}

// Validate checks that stats are within the engine's bounds.
func (s Stats) Validate() error {
	checks := []struct {
		field     string
		v, lo, hi int
	}{
		{"stats.maxHP", s.MaxHP, 1, MaxHPValue},
		{"stats.speed", s.Speed, 0, 10000},
		{"stats.size", s.Size, 0, 10},
		{"stats.init", s.Initiative, -100, 100},
		{"stats.actions", s.Actions, 0, 50},
	}
	for _, c := range checks {
		if c.v < c.lo || c.v > c.hi {
			return OutOfRange("", c.field, c.v, c.lo, c.hi)
		}
	}
	if s.Group != "" && !validKey(s.Group) {
		return Invalid("ENG-GROUP-1", "stats.group", "%q is not a valid key", s.Group)
	}
	return checkStatCounts(s, nil)
}

func (c Place) apply(a *applier) error {
	if a.e.Find(c.ID) >= 0 {
		return Invalid("", "id", "combatant %q already exists", c.ID)
	}
	if len(a.e.Combatants) >= MaxCombatants {
		return Invalid("", "combatants", "at most %d", MaxCombatants)
	}
	st, prof, err := a.stats(c.Spec)
	if err != nil {
		return err
	}
	if err := fits(a.e.Map, c.Pos, st.side()); err != nil {
		return err
	}
	hp := c.HP
	if hp == 0 {
		hp = st.MaxHP
	}
	a.e.Combatants = append(a.e.Combatants, Combatant{
		ID: c.ID, Name: c.Name, Side: c.Side, Pos: c.Pos,
		Profile: prof, Stats: st, HP: hp,
	})
	a.emit(Header{Actor: c.ID, To: &c.Pos}.Bare(Placed))
	if a.e.Phase != PhaseRunning {
		return nil
	}
	if err := a.resetRound(c.ID); err != nil {
		return err
	}
	return a.join(c.ID)
}

func (c Edit) apply(a *applier) error {
	cb, err := a.get(c.ID)
	if err != nil {
		return err
	}
	if c.Pos != cb.Pos {
		return Invalid("", "pos", "Edit keeps the position; use Reposition")
	}
	st, prof, err := a.stats(c.Spec)
	if err != nil {
		return err
	}
	if err := fits(a.e.Map, cb.Pos, st.side()); err != nil {
		return err
	}
	cb.Name, cb.Side, cb.Profile, cb.Stats = c.Name, c.Side, prof, st
	// What is left of the turn shrinks with the stats: never more than a
	// turn with them starts with (ENG-TURN-5).
	if err := a.shrink(cb); err != nil {
		return err
	}
	hp := min(cb.HP, st.MaxHP)
	if c.HP != 0 {
		hp = c.HP
	}
	cb.HP = hp
	a.emit(Header{Actor: c.ID}.Bare(Edited))
	return nil
}

func (c Remove) apply(a *applier) error {
	i := a.e.Find(c.ID)
	if i < 0 {
		return NoCombatant("", "id", c.ID)
	}
	wasCurrent := a.e.Current() == c.ID
	a.e.Combatants = slices.Delete(a.e.Combatants, i, i+1)
	a.emit(Header{Actor: c.ID}.Bare(Removed))
	// DND-AMB-15: drop the member; drop a slot left empty; keep the turn
	// pointer on the same creature, or on the one after a removed current.
	turn := a.e.Turn
	var order []Slot
	for si, s := range a.e.Order {
		mi := slices.Index(s.Members, c.ID)
		if mi >= 0 {
			s.Members = slices.Delete(slices.Clone(s.Members), mi, mi+1)
			if si == a.e.Turn.Slot && mi < a.e.Turn.Member {
				turn.Member--
			}
		}
		if len(s.Members) == 0 {
			if si < a.e.Turn.Slot {
				turn.Slot--
			} else if si == a.e.Turn.Slot {
				turn.Member = 0
			}
			continue
		}
		order = append(order, s)
	}
	a.e.Order, a.e.Turn = order, turn
	if wasCurrent {
		return a.advance(turn)
	}
	return nil
}

func (c Reposition) apply(a *applier) error {
	cb, err := a.get(c.ID)
	if err != nil {
		return err
	}
	if err := fits(a.e.Map, c.To, cb.Stats.side()); err != nil {
		return err
	}
	from := cb.Pos
	cb.Pos = c.To
	a.emit(Header{Actor: c.ID, From: &from, To: &c.To}.Bare(Repositioned))
	return nil
}

// ValidateMap checks a map's bounds and walls.
func ValidateMap(m grid.Map) error {
	if m.W < 1 || m.H < 1 || m.W > MaxMapSide || m.H > MaxMapSide {
		return Invalid("", "map", "size %d×%d is outside 1..%d", m.W, m.H, MaxMapSide)
	}
	for i, w := range m.Walls {
		if !m.In(w) {
			return Invalid("", "map.walls", "wall (%d,%d) is off the map", w.X, w.Y)
		}
		if i > 0 && grid.Compare(m.Walls[i-1], w) >= 0 {
			return Invalid("", "map.walls", "walls must be sorted by row then column, without repeats, at (%d,%d)", w.X, w.Y)
		}
	}
	return nil
}

// CanonicalWalls returns walls sorted by row then column, without repeats:
// the form EditMap and the save format require.
func CanonicalWalls(walls []grid.Square) []grid.Square {
	if len(walls) == 0 {
		return nil
	}
	out := slices.Clone(walls)
	slices.SortFunc(out, grid.Compare)
	return slices.Compact(out)
}

func (c EditMap) apply(a *applier) error {
	m := grid.Map{W: c.Map.W, H: c.Map.H, Walls: CanonicalWalls(c.Map.Walls)}
	if err := ValidateMap(m); err != nil {
		return err
	}
	for _, cb := range a.e.Combatants {
		if err := fits(m, cb.Pos, cb.Stats.side()); err != nil {
			return Invalid("ENG-MAP-1", "map", "%s would no longer fit: %v", cb.ID, err)
		}
	}
	a.e.Map = m
	a.e.Aims = fitAims(a.e.Aims, m)
	a.emit(Header{}.Bare(MapEdited))
	return nil
}

func (c SetHP) apply(a *applier) error {
	cb, err := a.get(c.ID)
	if err != nil {
		return err
	}
	if c.HP < -MaxHPValue || c.HP > cb.Stats.MaxHP {
		return OutOfRange("", "hp", c.HP, -MaxHPValue, cb.Stats.MaxHP)
	}
	wasUp, err := a.up(c.ID)
	if err != nil {
		return err
	}
	a.setHP(cb, c.HP)
	return a.downed(c.ID, wasUp)
}

func (c AddCondition) apply(a *applier) error {
	return a.addCondition(c.ID, c.Condition, "")
}

// addCondition puts a condition on a combatant, by the GM's hand or, with
// the ruleset's rule, as the outcome of an attack (ENG-COND-1).
func (a *applier) addCondition(id, cond string, rule RuleID) error {
	c := AddCondition{ID: id, Condition: cond}
	cb, err := a.get(c.ID)
	if err != nil {
		return err
	}
	if !validKey(c.Condition) {
		return Invalid("", "condition", "%q is not a valid key", c.Condition)
	}
	if slices.Contains(cb.Conditions, c.Condition) {
		return Invalid("", "condition", "%s already has %q", c.ID, c.Condition)
	}
	if len(cb.Conditions) >= MaxConditions {
		return Invalid("", "condition", "at most %d conditions", MaxConditions)
	}
	cb.Conditions = append(slices.Clip(cb.Conditions), c.Condition) // a new list: the old one may be shared
	a.emit(Header{Rule: rule, Actor: c.ID}.With(ConditionKey{Condition: c.Condition}))
	return nil
}

func (c RemoveCondition) apply(a *applier) error {
	cb, err := a.get(c.ID)
	if err != nil {
		return err
	}
	i := slices.Index(cb.Conditions, c.Condition)
	if i < 0 {
		return Invalid("", "condition", "%s does not have %q", c.ID, c.Condition)
	}
	cb.Conditions = slices.Delete(slices.Clone(cb.Conditions), i, i+1)
	if len(cb.Conditions) == 0 {
		cb.Conditions = nil
	}
	a.emit(Header{Actor: c.ID}.With(ConditionKey{Condition: c.Condition, Removed: true}))
	return nil
}

func (End) apply(a *applier) error {
	a.e.Phase = PhaseEnded
	a.e.Pending, a.e.Move = nil, nil
	a.emit(Header{Rule: "ENG-END-1"}.Bare(EncounterEnded))
	return nil
}

// shrink cuts what is left of c's counters to what a turn with its
// present stats starts with, and its movement to MoveCap.
func (a *applier) shrink(c *Combatant) error {
	b := &c.Budget
	b.StartMove = min(b.StartMove, MoveCap(c.Stats))
	if b.Counts.IsZero() {
		return nil
	}
	start, err := a.turnCounts(c.ID)
	if err != nil {
		return err
	}
	if k, ok := counterForUse(a.counters, UseMove); ok {
		start = start.With(k.Key, b.StartMove)
	}
	var out Counts
	for k, n := range b.Counts.All() {
		out = out.With(k, min(n, start.Get(k)))
	}
	b.Counts = out
	return nil
}
