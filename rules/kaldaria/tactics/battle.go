package tactics

import (
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// Battle is one moment of a fight on the battlemap: the map and every
// creature, with the lookups the queries need. It is immutable once built;
// its queries are pure and safe for concurrent use.
type Battle struct {
	board *grid.Board
	cs    []Creature
	byID  map[string]int
	// units[sq] is the capacity used in square sq by active creatures
	// (K-SIZE-2); holders lists them (CSR: holders[start[sq]:start[sq+1]]).
	units   []int32
	start   []int32
	holders []int32
	// side[i] numbers creature i's side; sides[sq] has bit side[i] set
	// for every active creature i in square sq.
	side  []uint8
	sides []uint64
	pins  []Pins // per creature, by index
	// budgets are the creatures' movement budgets, by index, computed
	// when first asked.
	budgets []budgets
	touch   *reach // who a one-square mover touches, per square
}

// MaxSides is the number of distinct sides a Battle accepts.
const MaxSides = 64

// NewBattle validates the creatures against the map and builds a Battle
// from copies of them. It rejects unknown or duplicate IDs, footprints off
// the map or on walls, squares over capacity (K-SIZE-2) and engagement
// lists naming non-enemies.
func NewBattle(m grid.Map, cs []Creature) (*Battle, error) {
	for i, c := range cs {
		if err := c.validate(i); err != nil {
			return nil, err
		}
	}
	board, err := grid.NewBoard(m)
	if err != nil {
		return nil, combat.Invalid("K-GRID-1", "map", "%v", err)
	}
	cs = clone(cs)
	b := &Battle{board: board, cs: cs, byID: make(map[string]int, len(cs)), side: make([]uint8, len(cs))}
	sides := map[string]uint8{}
	for i, c := range cs {
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
	for _, c := range cs {
		seen := map[string]bool{}
		for _, x := range c.EngagedBy {
			j, ok := b.byID[x]
			if !ok || seen[x] || cs[j].Side == c.Side {
				return nil, combat.Invalid("K-PIN-9", "creatures["+c.ID+"].engagedBy", "%q is unknown, repeated or not an enemy", x)
			}
			seen[x] = true
		}
	}
	b.engage()
	return b, nil
}

// engage builds what follows from where everyone stands: who a mover
// touches, the pins (K-PIN-3, K-PIN-8, K-PIN-9) and room for the budgets.
func (b *Battle) engage() {
	b.touch = b.reachFor(1)
	b.pins = make([]Pins, len(b.cs))
	b.budgets = make([]budgets, len(b.cs))
	for i := range b.cs {
		b.pins[i] = b.tidy(i)
	}
	for i := range b.cs {
		b.markPinned(i)
	}
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
	// The creatures' lists are shared with b, which never changes them.
	w := &Battle{board: b.board, cs: slices.Clone(b.cs), byID: b.byID, side: b.side}
	w.cs[i].At = at
	if !w.board.Open(w.cs[i].Place()) {
		return nil, combat.Invalid("K-GRID-2", "creatures["+id+"].at", "footprint off the map or on a wall")
	}
	if err := w.index(); err != nil {
		return nil, err
	}
	w.engage()
	return w, nil
}

// index fills the per-square occupancy of active creatures and checks
// square capacity (K-SIZE-2).
func (b *Battle) index() error {
	n := b.board.Len()
	b.units = make([]int32, n)
	b.sides = make([]uint64, n)
	b.start = make([]int32, n+1)
	for i, c := range b.cs {
		if c.active() {
			for _, s := range c.Place().Squares() {
				sq := b.board.Index(s)
				b.units[sq] += int32(c.Size.Units())
				b.sides[sq] |= 1 << b.side[i]
				b.start[sq+1]++
			}
		}
	}
	for sq := range n {
		if b.units[sq] > grid.SquareUnits {
			s := b.board.Square(sq)
			return combat.Invalid("K-SIZE-2", "creatures", "square %s over capacity", s.Name())
		}
		b.start[sq+1] += b.start[sq]
	}
	b.holders = make([]int32, b.start[n])
	fill := make([]int32, n)
	copy(fill, b.start[:n])
	for i, c := range b.cs {
		if c.active() {
			for _, s := range c.Place().Squares() {
				sq := b.board.Index(s)
				b.holders[fill[sq]] = int32(i)
				fill[sq]++
			}
		}
	}
	return nil
}

// Board returns the battle's map with its wall lookup.
func (b *Battle) Board() *grid.Board { return b.board }

// Creature returns the creature with the given ID.
func (b *Battle) Creature(id string) (Creature, bool) {
	i, ok := b.byID[id]
	if !ok {
		return Creature{}, false
	}
	return b.cs[i], true
}

func (b *Battle) lookup(id string) (int, error) {
	i, ok := b.byID[id]
	if !ok {
		return 0, combat.Invalid("", "id", "no creature %q", id)
	}
	return i, nil
}

// occupants returns the indices of the active creatures in square s.
func (b *Battle) occupants(s grid.Square) []int32 {
	sq := b.board.Index(s)
	return b.holders[b.start[sq]:b.start[sq+1]]
}

// enemies reports whether creatures i and j are on different sides.
func (b *Battle) enemies(i, j int) bool { return b.side[i] != b.side[j] }

// enterable reports whether mover i may step its footprint onto anchor at:
// no square holds an undefeated enemy (K-GRID-2). The board checks walls.
func (b *Battle) enterable(i int, at grid.Square) bool {
	k, own := b.cs[i].side(), uint64(1)<<b.side[i]
	for y := at.Y; y < at.Y+k; y++ {
		for x := at.X; x < at.X+k; x++ {
			if b.sides[b.board.Index(grid.Square{X: x, Y: y})]&^own != 0 {
				return false
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
	for _, s := range (grid.Footprint{At: at, Side: c.side()}).Squares() {
		used := int(b.units[b.board.Index(s)])
		if c.active() && here.Contains(s) {
			used -= c.Size.Units()
		}
		if used+c.Size.Units() > grid.SquareUnits {
			return false
		}
	}
	return true
}
