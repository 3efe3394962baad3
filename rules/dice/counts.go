package dice

import (
	"math/big"
	"slices"
)

// Counts is the exact distribution of an expression as whole numbers: Ways[i]
// is the number of equally likely face combinations giving Min+i, out of
// Outcomes in all. Use it where exact rationals matter; Dist is the fast
// float64 form of the same thing.
type Counts struct {
	Min      int
	Ways     []*big.Int
	Outcomes *big.Int
}

// Counts enumerates the expression exactly by convolution with a sliding
// window over big integers.
func (e Expr) Counts() Counts {
	c := Counts{Min: 0, Ways: []*big.Int{big.NewInt(1)}, Outcomes: big.NewInt(1)}
	for _, t := range e.Terms {
		switch {
		case t.Sides == 0:
			c.Min += t.sign() * t.Count
		case t.Keep > 0:
			c = c.add(t.keepCounts())
		default:
			for k := 0; k < t.Count; k++ {
				c = c.addDie(t.Sides, t.Neg)
			}
		}
	}
	return c
}

// keepCounts enumerates one keep term exactly, already signed. It walks the
// faces from the kept end (highest first for keep-highest) and, for each
// face, every number of the still unplaced dice that show it: C(unplaced,
// c) orderings, of which only as many as the term still keeps are added to
// the total. ways[j][v] counts the orderings that have placed j dice with
// kept total v. The work is faces × dice² × totals, bounded by
// MaxKeepDice and MaxKeepSides at parse time.
func (t Term) keepCounts() Counts {
	n, top := t.Count, t.Keep*t.Sides
	ways := make([][]*big.Int, n+1)
	for j := range ways {
		ways[j] = zeros(top + 1)
	}
	ways[0][0].SetInt64(1)
	binom := make([][]*big.Int, n+1) // binom[m][c] = C(m, c)
	for m := range binom {
		binom[m] = make([]*big.Int, m+1)
		for c := range binom[m] {
			binom[m][c] = new(big.Int).Binomial(int64(m), int64(c))
		}
	}
	prod := new(big.Int)
	for step := 0; step < t.Sides; step++ {
		face := t.Sides - step
		if t.Low {
			face = step + 1
		}
		next := make([][]*big.Int, n+1)
		for j := range next {
			next[j] = zeros(top + 1)
		}
		for j := 0; j <= n; j++ {
			for v, w := range ways[j] {
				if w.Sign() == 0 {
					continue
				}
				for c := 0; j+c <= n; c++ {
					add := min(c, max(t.Keep-j, 0)) * face
					next[j+c][v+add].Add(next[j+c][v+add], prod.Mul(w, binom[n-j][c]))
				}
			}
		}
		ways = next
	}
	// Sides^n by n multiplications: n is at most MaxKeepDice, and Int.Exp
	// would bring modular exponentiation into app.wasm for this one power.
	outcomes, sides := big.NewInt(1), big.NewInt(int64(t.Sides))
	for range n {
		outcomes.Mul(outcomes, sides)
	}
	out := Counts{Min: t.Keep, Ways: ways[n][t.Keep:], Outcomes: outcomes}
	if t.Neg {
		slices.Reverse(out.Ways)
		out.Min = -top
	}
	return out
}

// zeros returns n fresh big integers, all 0.
func zeros(n int) []*big.Int {
	out := make([]*big.Int, n)
	for i := range out {
		out[i] = new(big.Int)
	}
	return out
}

// add convolves two independent exact distributions.
func (c Counts) add(o Counts) Counts {
	out := Counts{Min: c.Min + o.Min, Ways: zeros(len(c.Ways) + len(o.Ways) - 1), Outcomes: new(big.Int).Mul(c.Outcomes, o.Outcomes)}
	prod := new(big.Int)
	for i, a := range c.Ways {
		if a.Sign() == 0 {
			continue
		}
		for j, b := range o.Ways {
			out.Ways[i+j].Add(out.Ways[i+j], prod.Mul(a, b))
		}
	}
	return out
}

// dist converts exact counts to the float64 form.
func (c Counts) dist() Dist {
	out := Dist{Min: c.Min, P: make([]float64, len(c.Ways))}
	for i, w := range c.Ways {
		out.P[i], _ = new(big.Rat).SetFrac(w, c.Outcomes).Float64()
	}
	return out
}

// addDie convolves the counts with one fair die (subtracted when neg).
func (c Counts) addDie(sides int, neg bool) Counts {
	out := Counts{Ways: make([]*big.Int, len(c.Ways)+sides-1), Outcomes: new(big.Int).Mul(c.Outcomes, big.NewInt(int64(sides)))}
	if neg {
		out.Min = c.Min - sides
	} else {
		out.Min = c.Min + 1
	}
	window := new(big.Int)
	for k := range out.Ways {
		if k < len(c.Ways) {
			window.Add(window, c.Ways[k])
		}
		if k-sides >= 0 {
			window.Sub(window, c.Ways[k-sides])
		}
		out.Ways[k] = new(big.Int).Set(window)
	}
	return out
}

// Prob is the exact probability of value v.
func (c Counts) Prob(v int) *big.Rat {
	i := v - c.Min
	if i < 0 || i >= len(c.Ways) {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(c.Ways[i], c.Outcomes)
}

// SmallCounts is Counts in machine integers, for expressions small enough
// that every count fits: Ways[i] combinations give Min+i, out of Outcomes.
type SmallCounts struct {
	Min      int
	Ways     []int64
	Outcomes int64
}

// maxSmallOutcomes bounds SmallCounts' outcomes: a count times a few
// thousand still fits an int64 (a caller multiplying two checks for
// overflow).
const maxSmallOutcomes = 1 << 40

// SmallCounts enumerates the expression exactly as Counts does, in int64:
// ok is false, and nothing is counted, when the expression keeps dice or
// has more than 2^40 outcomes (Counts then gives the answer).
func (e Expr) SmallCounts() (SmallCounts, bool) {
	outcomes, width := int64(1), 1
	for _, t := range e.Terms {
		if t.Keep > 0 {
			return SmallCounts{}, false
		}
		for k := 0; k < t.Count && t.Sides > 0; k++ {
			if outcomes *= int64(t.Sides); outcomes > maxSmallOutcomes {
				return SmallCounts{}, false
			}
			width += t.Sides - 1
		}
	}
	c := SmallCounts{Ways: make([]int64, 1, width), Outcomes: 1}
	c.Ways[0] = 1
	for _, t := range e.Terms {
		if t.Sides == 0 {
			c.Min += t.sign() * t.Count
			continue
		}
		for k := 0; k < t.Count; k++ {
			c.addDie(t.Sides, t.Neg)
		}
	}
	return c, true
}

// addDie convolves the counts in place with one fair die (subtracted when
// neg). Each new count is the sum of the sides old ones ending at its
// index, found by a sliding window from the top down: the old counts it
// still needs sit below the one it overwrites.
func (c *SmallCounts) addDie(sides int, neg bool) {
	n := len(c.Ways)
	c.Ways = c.Ways[:n+sides-1]
	clear(c.Ways[n:])
	window := c.Ways[n-1]
	for k := len(c.Ways) - 1; k >= 0; k-- {
		old := c.Ways[k]
		c.Ways[k] = window
		window -= old
		if k-sides >= 0 {
			window += c.Ways[k-sides]
		}
	}
	c.Outcomes *= int64(sides)
	if neg {
		c.Min -= sides
	} else {
		c.Min++
	}
}
