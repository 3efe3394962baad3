package dice

import "math/big"

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
		if t.Sides == 0 {
			c.Min += t.sign() * t.Count
			continue
		}
		for k := 0; k < t.Count; k++ {
			c = c.addDie(t.Sides, t.Neg)
		}
	}
	return c
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
