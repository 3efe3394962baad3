// Package dice provides the only source of randomness in the rules engine:
// the Roller interface, a seeded PCG roller whose mapping from random bits to
// faces is fixed by this package (so sequences stay stable across Go releases),
// a scripted roller for tests and physical dice, and a recorder that keeps the
// tape of every die rolled so a log can replay without the generator.
package dice

import "fmt"

// Roller rolls one die with the given number of sides and returns a face in
// 1..sides. Implementations must panic only on sides < 1, which is a
// programming error.
type Roller interface {
	Roll(sides int) int
}

// PCG is a deterministic roller built on the PCG-XSH-RR 64/32 generator
// (O'Neill, 2014). Faces are drawn by rejection sampling on 32-bit outputs,
// so every face is exactly equally likely and the sequence for a seed is
// defined by this file alone.
type PCG struct {
	state uint64
	inc   uint64
}

const (
	pcgMultiplier = 6364136223846793005
	pcgIncrement  = 1442695040888963407
)

// NewPCG returns a roller seeded with seed. Equal seeds give equal sequences.
func NewPCG(seed uint64) *PCG {
	p := &PCG{inc: pcgIncrement | 1}
	p.next()
	p.state += seed
	p.next()
	return p
}

// State returns the generator's internal state so it can be saved and later
// restored with Restore.
func (p *PCG) State() uint64 { return p.state }

// Restore sets the generator's internal state to one returned by State.
func (p *PCG) Restore(state uint64) { p.state = state }

// next advances the generator and returns 32 random bits.
func (p *PCG) next() uint32 {
	old := p.state
	p.state = old*pcgMultiplier + p.inc
	xorshifted := uint32(((old >> 18) ^ old) >> 27)
	rot := uint32(old >> 59)
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31))
}

// Roll returns a uniformly distributed face in 1..sides. Outputs at or above
// the largest multiple of sides below 2^32 are rejected and redrawn.
func (p *PCG) Roll(sides int) int {
	if sides < 1 || sides > 1<<31 {
		panic(fmt.Sprintf("dice: cannot roll a die with %d sides", sides))
	}
	s := uint64(sides)
	limit := (1 << 32) - (1<<32)%s
	for {
		v := uint64(p.next())
		if v < limit {
			return int(v%s) + 1
		}
	}
}

// Throw is one die as rolled: its number of sides, the face that came up
// and, in a keep or drop term, whether the die was dropped from the total.
type Throw struct {
	Sides   int  `json:"s"`
	Face    int  `json:"f"`
	Dropped bool `json:"x,omitempty"`
}

// Recorder wraps a Roller and keeps every throw it passes on, in order.
type Recorder struct {
	Source Roller
	Tape   []Throw
}

// Roll rolls on the wrapped roller and records the throw.
func (r *Recorder) Roll(sides int) int {
	f := r.Source.Roll(sides)
	r.Tape = append(r.Tape, Throw{Sides: sides, Face: f})
	return f
}
