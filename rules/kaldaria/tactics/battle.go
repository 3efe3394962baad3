package tactics

import (
	"cmp"
	"iter"
	"math"
	"slices"
	"sync/atomic"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// Battle is one moment of a fight on the battlemap: the map and every
// creature, with the lookups the queries need. It is immutable once built;
// its queries are pure and safe for concurrent use. A battle derived from
// another by With or Update shares with it everything the change leaves
// alone: the creatures, engagement states and budgets of the creatures it
// does not touch, and the occupancy of the squares where nobody arrived or
// left.
type Battle struct {
	board *grid.Board
	cs    []*Creature // never changed once built
	byID  map[string]int
	// side[i] numbers creature i's side.
	side []uint8
	occ  occupancy // the active creatures in each square (K-SIZE-2)
	pins []*Pins   // per creature, by index
	// budgets are the creatures' movement budgets for each movement type
	// (Normal, Charge, Retreat), by index, nil until first asked.
	budgets []atomic.Pointer[[3]Budget]
}

// MaxSides is the number of distinct sides a Battle accepts.
const MaxSides = 64

// MaxCreatures is the number of creatures a Battle accepts.
const MaxCreatures = math.MaxInt16

// NewBattle validates the creatures against the map and builds a Battle
// from copies of them. It rejects unknown or duplicate IDs, footprints off
// the map or on walls, squares over capacity (K-SIZE-2) and engagement
// lists naming non-enemies.
func NewBattle(m grid.Map, cs []Creature) (*Battle, error) {
	if len(cs) > MaxCreatures {
		return nil, combat.Invalid("", "creatures", "more than %d creatures", MaxCreatures)
	}
	for i, c := range cs {
		if err := c.validate(i); err != nil {
			return nil, err
		}
	}
	board, err := grid.NewBoard(m)
	if err != nil {
		return nil, combat.Invalid("K-GRID-1", "map", "%v", err)
	}
	own := clone(cs)
	b := &Battle{board: board, cs: make([]*Creature, len(cs)), byID: make(map[string]int, len(cs)), side: make([]uint8, len(cs))}
	sides := map[string]uint8{}
	for i := range own {
		c := &own[i]
		b.cs[i] = c
		if _, ok := sides[c.Side]; !ok {
			if len(sides) == MaxSides {
				return nil, combat.Invalid("", "creatures["+c.ID+"].side", "more than %d sides", MaxSides)
			}
			sides[c.Side] = uint8(len(sides))
		}
		b.side[i] = sides[c.Side]
		if _, dup := b.byID[c.ID]; dup {
			return nil, combat.Invalid("", "creatures["+c.ID+"].id", "duplicate")
		}
		b.byID[c.ID] = i
		if !board.Open(c.Place()) {
			return nil, combat.Invalid("K-GRID-2", "creatures["+c.ID+"].at", "footprint off the map or on a wall")
		}
	}
	if err := b.index(); err != nil {
		return nil, err
	}
	for i, c := range b.cs {
		if err := b.checkEngaged(i, c); err != nil {
			return nil, err
		}
	}
	b.engage()
	return b, nil
}

// checkEngaged checks creature c's engagement list, as creature i: known
// enemies, each once (K-PIN-9).
func (b *Battle) checkEngaged(i int, c *Creature) error {
	for k, x := range c.EngagedBy {
		j, ok := b.byID[x]
		if !ok || slices.Contains(c.EngagedBy[:k], x) || b.side[j] == b.side[i] {
			return combat.Invalid("K-PIN-9", "creatures["+c.ID+"].engagedBy", "%q is unknown, repeated or not an enemy", x)
		}
	}
	return nil
}

// index fills the occupancy of active creatures and checks square
// capacity (K-SIZE-2).
func (b *Battle) index() error {
	type hold struct {
		sq    int32
		i     int16
		units uint8
	}
	var hs []hold
	for i, c := range b.cs {
		if c.active() {
			for sq := range b.squares(c.Place()) {
				hs = append(hs, hold{int32(sq), int16(i), uint8(c.Size.Units())})
			}
		}
	}
	slices.SortFunc(hs, func(x, y hold) int { return cmp.Or(cmp.Compare(x.sq, y.sq), cmp.Compare(x.i, y.i)) })
	for k := 0; k < len(hs); {
		used, end := 0, k
		for ; end < len(hs) && hs[end].sq == hs[k].sq; end++ {
			used += int(hs[end].units)
		}
		if used > grid.SquareUnits {
			return overCapacity(b.board.Square(int(hs[k].sq)))
		}
		k = end
	}
	ed := edit(newOccupancy(b.board.Len()))
	for _, h := range hs {
		ed.add(int(h.sq), h.i, int(h.units))
	}
	b.occ = ed.done()
	return nil
}

// overCapacity is the error for square s holding more than it can (K-SIZE-2).
func overCapacity(s grid.Square) error {
	return combat.Invalid("K-SIZE-2", "creatures", "square %s over capacity", s.Name())
}

// engage builds what follows from where everyone stands: the pins
// (K-PIN-3, K-PIN-8, K-PIN-9) and room for the budgets.
func (b *Battle) engage() {
	n := len(b.cs)
	pins := make([]Pins, n)
	b.pins, b.budgets = make([]*Pins, n), make([]atomic.Pointer[[3]Budget], n)
	for i := range b.cs {
		pins[i] = b.tidy(i)
		b.pins[i] = &pins[i]
	}
	for i := range b.cs {
		for _, x := range b.front(i) {
			j := b.byID[x]
			b.pins[j].PinnedBy = append(b.pins[j].PinnedBy, b.cs[i].ID)
		}
	}
}

// front returns the entries of creature i's engagement list in its front
// slots: the enemies it pins (K-PIN-8).
func (b *Battle) front(i int) []string {
	p := b.pins[i]
	return p.Engaged[:min(len(p.Engaged), p.N)]
}

// With returns the battle with creature id standing at anchor at instead,
// as NewBattle would build it with that one change: an error when the
// footprint there is off the map or on a wall (K-GRID-2) or puts a square
// over capacity (K-SIZE-2). b is unchanged.
func (b *Battle) With(id string, at grid.Square) (*Battle, error) {
	i, err := b.lookup(id)
	if err != nil {
		return nil, err
	}
	c := *b.cs[i]
	c.At = at
	return b.Update(c)
}

// Update returns the battle with each creature given in place of the one
// with its ID, as NewBattle would build it from the creatures so changed,
// errors included; b is unchanged. It updates only what the changes touch:
// the squares the creatures left and entered, and the engagement state of
// the creatures beside those squares or engaged with a changed one. A
// creature that changes side makes it build the battle anew.
func (b *Battle) Update(changed ...Creature) (*Battle, error) {
	idx := make([]int, len(changed))
	for k, c := range changed {
		i, ok := b.byID[c.ID]
		if !ok || slices.Contains(idx[:k], i) {
			return nil, combat.Invalid("", "id", "no creature %q, or given twice", c.ID)
		}
		idx[k] = i
	}
	own, news := slices.Clone(changed), make([]*Creature, len(changed))
	for k := range own {
		c := &own[k]
		c.NoticedBy, c.OAsMade, c.EngagedBy = slices.Clone(c.NoticedBy), slices.Clone(c.OAsMade), slices.Clone(c.EngagedBy)
		news[k] = c
	}
	// The checks of NewBattle, in its order: only a changed creature can
	// fail them.
	order := make([]int, len(changed)) // positions in changed by creature index
	for k := range order {
		order[k] = k
	}
	slices.SortFunc(order, func(x, y int) int { return idx[x] - idx[y] })
	for _, k := range order {
		if err := news[k].validate(idx[k]); err != nil {
			return nil, err
		}
	}
	for _, k := range order {
		if news[k].Side != b.cs[idx[k]].Side {
			return b.rebuilt(idx, news)
		}
	}
	for _, k := range order {
		if c := news[k]; !b.board.Open(c.Place()) {
			return nil, combat.Invalid("K-GRID-2", "creatures["+c.ID+"].at", "footprint off the map or on a wall")
		}
	}
	w := &Battle{board: b.board, cs: slices.Clone(b.cs), byID: b.byID, side: b.side}
	for k, i := range idx {
		w.cs[i] = news[k]
	}
	if b.records(idx, news) {
		// Neither the squares nor the engagement state read what
		// changed: they are b's, and only the changed creatures'
		// budgets are computed again.
		w.occ, w.pins = b.occ, b.pins
		w.budgets = make([]atomic.Pointer[[3]Budget], len(w.cs))
		for i := range b.budgets {
			w.budgets[i].Store(b.budgets[i].Load())
		}
		for _, i := range idx {
			w.budgets[i].Store(nil)
		}
		return w, nil
	}
	if err := w.move(b, idx); err != nil {
		return nil, err
	}
	for _, k := range order {
		if err := w.checkEngaged(idx[k], news[k]); err != nil {
			return nil, err
		}
	}
	w.reengage(b, idx)
	return w, nil
}

// records reports whether creatures idx[k] changed into news[k] only in
// the records of what they did (moved last round, rounds charged, the
// opportunity attacks made this round) and their initiative, which only
// budgets and opportunity attacks read (K-MOVE-4, K-MOVE-8, K-OA-8,
// K-RES-3).
func (b *Battle) records(idx []int, news []*Creature) bool {
	for k, i := range idx {
		c := *news[k]
		old := b.cs[i]
		c.MovedLastRound, c.ChargeRoundsUsed, c.OAsMade, c.Initiative = old.MovedLastRound, old.ChargeRoundsUsed, old.OAsMade, old.Initiative
		if !c.Equal(*old) {
			return false
		}
	}
	return true
}

// rebuilt is NewBattle on b's creatures with creatures idx[k] replaced by
// news[k].
func (b *Battle) rebuilt(idx []int, news []*Creature) (*Battle, error) {
	cs := make([]Creature, len(b.cs))
	for i, c := range b.cs {
		cs[i] = *c
	}
	for k, i := range idx {
		cs[i] = *news[k]
	}
	return NewBattle(b.board.Map(), cs)
}

// move fills w's occupancy from b's, where the creatures idx stood, by
// taking them out of their old squares and into their new ones, and
// checks square capacity there (K-SIZE-2). A creature that takes the same
// squares with the same units as before stays where it is: the squares
// end up the same and over capacity just as often, and when none moves
// w shares b's occupancy.
func (w *Battle) move(b *Battle, idx []int) error {
	var ed *editor
	for _, i := range idx {
		if c := b.cs[i]; c.active() && !w.stays(b, i) {
			if ed == nil {
				ed = edit(b.occ)
			}
			for sq := range b.squares(c.Place()) {
				ed.remove(sq, int16(i), c.Size.Units())
			}
		}
	}
	over := -1
	for _, i := range idx {
		c := w.cs[i]
		if !c.active() || w.stays(b, i) {
			continue
		}
		if ed == nil {
			ed = edit(b.occ)
		}
		for sq := range w.squares(c.Place()) {
			if int(ed.cell(sq).units)+c.Size.Units() > grid.SquareUnits {
				if over < 0 || sq < over {
					over = sq
				}
				continue
			}
			ed.add(sq, int16(i), c.Size.Units())
		}
	}
	if over >= 0 {
		return overCapacity(w.board.Square(over))
	}
	w.occ = b.occ
	if ed != nil {
		w.occ = ed.done()
	}
	return nil
}

// stays reports whether creature i takes the same squares with the same
// units in w as in b, active in both.
func (w *Battle) stays(b *Battle, i int) bool {
	o, c := b.cs[i], w.cs[i]
	return o.active() && c.active() && o.Place() == c.Place() && o.Size.Units() == c.Size.Units()
}

// reengage computes w's pins and budgets from b's, where the creatures idx
// changed. It tidies again the creatures whose engagement state the change
// can touch: the changed ones and, for a changed one that others see
// differently (seenAlike), its allies whose back it stood or stands at
// (K-FLANK-7) and those whose engagement list names it (K-PIN-9). It recomputes who pins whom (K-PIN-8) for every creature
// named in the front slots of a tidied creature whose state changed, and
// forgets the budgets of the changed creatures and of those whose pinners
// may have changed. The rest is shared with b.
func (w *Battle) reengage(b *Battle, idx []int) {
	n := len(w.cs)
	mark := make([]uint8, n) // 1: tidied, 2: pinners to redo
	var tidied, redo []int
	tidy := func(i int) {
		if mark[i] == 0 {
			mark[i] = 1
			tidied = append(tidied, i)
		}
	}
	seen := make([]int, 0, len(idx)) // the changed creatures others see differently
	for _, i := range idx {
		tidy(i)
		if !seenAlike(b.cs[i], w.cs[i]) {
			seen = append(seen, i)
			b.backers(i, b.cs[i], tidy)
			w.backers(i, w.cs[i], tidy)
		}
	}
	for j, c := range w.cs {
		for _, x := range c.EngagedBy {
			if slices.Contains(seen, w.byID[x]) {
				tidy(j)
			}
		}
	}
	w.budgets = make([]atomic.Pointer[[3]Budget], n)
	for i := range b.budgets {
		w.budgets[i].Store(b.budgets[i].Load())
	}
	w.pins = slices.Clone(b.pins)
	redoOf := func(x string) {
		if j := w.byID[x]; mark[j] != 2 {
			mark[j] = 2
			redo = append(redo, j)
		}
	}
	for _, i := range idx {
		redoOf(w.cs[i].ID)
	}
	// The new pin states are made in one list each, sized first so that
	// they never move: one allocation for all the tidied creatures, one
	// for all those whose pinners are redone.
	tidiedPins := make([]Pins, 0, len(tidied))
	for _, i := range tidied {
		tidiedPins = append(tidiedPins, w.tidy(i))
		p := &tidiedPins[len(tidiedPins)-1]
		if old := b.pins[i]; samePins(p, old) {
			tidiedPins = tidiedPins[:len(tidiedPins)-1]
			continue
		}
		for _, x := range b.front(i) {
			redoOf(x)
		}
		p.PinnedBy = b.pins[i].PinnedBy
		w.pins[i] = p
		for _, x := range w.front(i) {
			redoOf(x)
		}
	}
	redonePins := make([]Pins, len(redo))
	for k, j := range redo {
		redonePins[k] = *w.pins[j]
		redonePins[k].PinnedBy = nil
		w.pins[j] = &redonePins[k]
	}
	for i := range w.cs {
		for _, x := range w.front(i) {
			if j := w.byID[x]; mark[j] == 2 {
				w.pins[j].PinnedBy = append(w.pins[j].PinnedBy, w.cs[i].ID)
			}
		}
	}
	// A budget reads the creature, where it stands aside, and whether it
	// is pinned (K-MOVE, K-PIN-8).
	for _, j := range redo {
		if w.pins[j].Pinned() != b.pins[j].Pinned() {
			w.budgets[j].Store(nil)
		}
	}
	for _, i := range idx {
		c := *b.cs[i]
		c.At = w.cs[i].At
		if !c.Equal(*w.cs[i]) {
			w.budgets[i].Store(nil)
		}
	}
}

// seenAlike reports whether creatures a and b are alike in all that
// another creature's engagement state reads of them (tidy): where they
// stand, their size, and whether they are down or standing.
func seenAlike(a, b *Creature) bool {
	return a.Place() == b.Place() && a.Size == b.Size && a.active() == b.active() && a.standing() == b.standing()
}

// samePins reports whether a and b are the same engagement state but for
// who pins the creature.
func samePins(a, b *Pins) bool {
	return a.ID == b.ID && slices.Equal(a.Engaged, b.Engaged) && slices.Equal(a.Dropped, b.Dropped) &&
		a.N == b.N && a.F == b.F && a.Limit == b.Limit && slices.Equal(a.Capacity, b.Capacity) &&
		slices.Equal(a.Back, b.Back) && a.Overwhelmed == b.Overwhelmed && slices.Equal(a.Rules, b.Rules)
}

// backers calls f with every ally of creature i whose back c, standing
// as creature i, protects or would protect: those sharing one of its
// squares or with one of its squares orthogonally beside their footprint
// (K-FLANK-7). A creature out of the fight protects nobody.
func (b *Battle) backers(i int, c *Creature, f func(int)) {
	if !c.active() {
		return
	}
	k := c.side()
	for y := c.At.Y - 1; y <= c.At.Y+k; y++ {
		for x := c.At.X - 1; x <= c.At.X+k; x++ {
			s := grid.Square{X: x, Y: y}
			if !b.board.In(s) {
				continue
			}
			for _, j := range b.occ.at(b.board.Index(s)).holders() {
				if b.side[j] == b.side[i] && backs(c.Place(), b.cs[j].Place()) {
					f(int(j))
				}
			}
		}
	}
}

// backs reports whether a creature standing at p shares a square with the
// footprint d or stands orthogonally beside it (K-FLANK-7, K-FLANK-8).
func backs(p, d grid.Footprint) bool {
	for y := p.At.Y; y < p.At.Y+max(1, p.Side); y++ {
		for x := p.At.X; x < p.At.X+max(1, p.Side); x++ {
			dx, dy := gap(x, d.At.X, max(1, d.Side)), gap(y, d.At.Y, max(1, d.Side))
			if dx == 0 && dy <= 1 || dy == 0 && dx <= 1 {
				return true
			}
		}
	}
	return false
}

// squares yields the board index of every square of footprint f, which
// lies on the board, row by row.
func (b *Battle) squares(f grid.Footprint) iter.Seq[int] {
	return func(yield func(int) bool) {
		k := max(1, f.Side)
		for y := f.At.Y; y < f.At.Y+k; y++ {
			for x := f.At.X; x < f.At.X+k; x++ {
				if !yield(b.board.Index(grid.Square{X: x, Y: y})) {
					return
				}
			}
		}
	}
}

// gap is the distance along one axis from coordinate v to the interval
// [lo, lo+k).
func gap(v, lo, k int) int {
	switch {
	case v < lo:
		return lo - v
	case v >= lo+k:
		return v - (lo + k - 1)
	}
	return 0
}

// Board returns the battle's map with its wall lookup.
func (b *Battle) Board() *grid.Board { return b.board }

// Creature returns the creature with the given ID.
func (b *Battle) Creature(id string) (Creature, bool) {
	i, ok := b.byID[id]
	if !ok {
		return Creature{}, false
	}
	return *b.cs[i], true
}

func (b *Battle) lookup(id string) (int, error) {
	i, ok := b.byID[id]
	if !ok {
		return 0, combat.Invalid("", "id", "no creature %q", id)
	}
	return i, nil
}

// occupants returns the indices of the active creatures in square s.
func (b *Battle) occupants(s grid.Square) []int16 {
	return b.occ.at(b.board.Index(s)).holders()
}

// enemies reports whether creatures i and j are on different sides.
func (b *Battle) enemies(i, j int) bool { return b.side[i] != b.side[j] }

// enterable reports whether mover i may step its footprint onto anchor at:
// no square holds an undefeated enemy (K-GRID-2). The board checks walls.
func (b *Battle) enterable(i int, at grid.Square) bool {
	k, own := b.cs[i].side(), b.side[i]
	for y := at.Y; y < at.Y+k; y++ {
		for x := at.X; x < at.X+k; x++ {
			for _, j := range b.occ.at(b.board.Index(grid.Square{X: x, Y: y})).holders() {
				if b.side[j] != own {
					return false
				}
			}
		}
	}
	return true
}

// room reports whether mover i may end its move with its footprint at
// anchor at: every square keeps within capacity once the mover's own units
// are counted there instead of where it stands (K-GRID-4, K-SIZE-2).
// Downed creatures take no room.
func (b *Battle) room(i int, at grid.Square) bool {
	c := b.cs[i]
	here := c.Place()
	for y := at.Y; y < at.Y+c.side(); y++ {
		for x := at.X; x < at.X+c.side(); x++ {
			if !b.roomAt(c, here, grid.Square{X: x, Y: y}) {
				return false
			}
		}
	}
	return true
}

// roomAt reports whether square s keeps within capacity with c in it
// instead of at here (K-SIZE-2).
func (b *Battle) roomAt(c *Creature, here grid.Footprint, s grid.Square) bool {
	used := int(b.occ.at(b.board.Index(s)).units)
	if c.active() && here.Contains(s) {
		used -= c.Size.Units()
	}
	return used+c.Size.Units() <= grid.SquareUnits
}
