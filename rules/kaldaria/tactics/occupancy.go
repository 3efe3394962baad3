package tactics

import (
	mbits "math/bits"
	"slices"

	"battlemat/rules/grid"
)

// blockLen is the number of squares (by board index) in one block of an
// occupancy.
const blockLen = 16

// maxHolders is the most active creatures one square can hold: the
// smallest take 2 of its capacity units (K-SIZE-2).
const maxHolders = grid.SquareUnits / 2

// cell is the occupancy of one square: the capacity units its active
// creatures use (K-SIZE-2) and their indices, ascending.
type cell struct {
	units uint8
	n     uint8
	who   [maxHolders]int16
}

// holders returns the indices of the creatures in the cell.
func (c *cell) holders() []int16 { return c.who[:c.n] }

// emptyCell is every square no active creature stands on.
var emptyCell cell

// occupancy maps every square of a board to its cell. It is copied on
// write by blocks of blockLen squares: a battle derived from another one
// shares every block in which no creature arrived or left, so moving one
// creature costs the block table and a block or two, not the board. A
// block is nil while its squares are empty. Blocks are never changed once
// the battle that built them is built.
type occupancy struct {
	blocks []*[blockLen]cell
}

// newOccupancy returns an empty occupancy for a board of n squares.
func newOccupancy(n int) occupancy {
	return occupancy{blocks: make([]*[blockLen]cell, (n+blockLen-1)/blockLen)}
}

// at returns the cell of the square with board index sq, for reading.
func (o occupancy) at(sq int) *cell {
	if b := o.blocks[sq/blockLen]; b != nil {
		return &b[sq%blockLen]
	}
	return &emptyCell
}

// editor changes an occupancy being built: it copies a shared block the
// first time it writes in it.
type editor struct {
	occ   occupancy
	owned []uint64 // bit k: block k was allocated or copied here, safe to write
}

// edit returns an editor of a copy of o that shares o's blocks.
func edit(o occupancy) *editor {
	return &editor{occ: occupancy{blocks: slices.Clone(o.blocks)}, owned: make([]uint64, (len(o.blocks)+63)/64)}
}

// cell returns the cell of square sq, for writing.
func (e *editor) cell(sq int) *cell {
	k := sq / blockLen
	if e.owned[k/64]&(1<<(k%64)) == 0 {
		b := new([blockLen]cell)
		if old := e.occ.blocks[k]; old != nil {
			*b = *old
		}
		e.occ.blocks[k] = b
		e.owned[k/64] |= 1 << (k % 64)
	}
	return &e.occ.blocks[k][sq%blockLen]
}

// add puts creature i, taking units in each square, in square sq.
func (e *editor) add(sq int, i int16, units int) {
	c := e.cell(sq)
	c.units += uint8(units)
	k := int(c.n)
	for k > 0 && c.who[k-1] > i {
		c.who[k] = c.who[k-1]
		k--
	}
	c.who[k] = i
	c.n++
}

// remove takes creature i, taking units, out of square sq.
func (e *editor) remove(sq int, i int16, units int) {
	c := e.cell(sq)
	c.units -= uint8(units)
	k := 0
	for c.who[k] != i {
		k++
	}
	copy(c.who[k:], c.who[k+1:c.n])
	c.n--
	c.who[c.n] = 0
}

// done returns the occupancy built, with the blocks left empty dropped.
func (e *editor) done() occupancy {
	for w, bits := range e.owned {
		for ; bits != 0; bits &= bits - 1 {
			k := 64*w + mbits.TrailingZeros64(bits)
			if *e.occ.blocks[k] == ([blockLen]cell{}) {
				e.occ.blocks[k] = nil
			}
		}
	}
	return e.occ
}
