package dice

// Dist is a probability distribution over consecutive integers: P[i] is the
// probability of the value Min+i. Distributions are built by exact
// enumeration and convolution (never by sampling); probabilities are float64,
// so sums carry only rounding error of the order of 1e-15.
type Dist struct {
	Min int       `json:"min"`
	P   []float64 `json:"p"`
}

// Point is the distribution that is v with certainty.
func Point(v int) Dist { return Dist{Min: v, P: []float64{1}} }

// Uniform is the distribution of one fair die with the given sides (1..sides).
func Uniform(sides int) Dist { return Point(0).addDie(sides, false) }

// Max is the largest value with a slot in the distribution.
func (d Dist) Max() int { return d.Min + len(d.P) - 1 }

// At is the probability of value v.
func (d Dist) At(v int) float64 {
	i := v - d.Min
	if i < 0 || i >= len(d.P) {
		return 0
	}
	return d.P[i]
}

// AtLeast is the probability of a value of v or more.
func (d Dist) AtLeast(v int) float64 {
	s := 0.0
	for i, p := range d.P {
		if d.Min+i >= v {
			s += p
		}
	}
	return s
}

// Total is the sum of all probabilities: 1 for a complete distribution, less
// for a partial one built with Put.
func (d Dist) Total() float64 {
	s := 0.0
	for _, p := range d.P {
		s += p
	}
	return s
}

// Mean is the expected value (of the mass present, not renormalised).
func (d Dist) Mean() float64 {
	s := 0.0
	for i, p := range d.P {
		s += float64(d.Min+i) * p
	}
	return s
}

// Shift adds the constant k to every value.
func (d Dist) Shift(k int) Dist {
	return Dist{Min: d.Min + k, P: append([]float64(nil), d.P...)}
}

// Scale multiplies every probability by f (to weight a branch of a mixture).
func (d Dist) Scale(f float64) Dist {
	out := Dist{Min: d.Min, P: make([]float64, len(d.P))}
	for i, p := range d.P {
		out.P[i] = p * f
	}
	return out
}

// Put adds probability p to value v, growing the distribution as needed;
// it is how mixtures and mapped distributions are accumulated.
func (d *Dist) Put(v int, p float64) {
	if len(d.P) == 0 {
		d.Min, d.P = v, []float64{p}
		return
	}
	if v < d.Min {
		grown := make([]float64, d.Max()-v+1)
		copy(grown[d.Min-v:], d.P)
		d.Min, d.P = v, grown
	}
	for v > d.Max() {
		d.P = append(d.P, 0)
	}
	d.P[v-d.Min] += p
}

// Merge adds all of o's mass into d (a mixture of weighted branches).
func (d *Dist) Merge(o Dist) {
	for i, p := range o.P {
		if p != 0 {
			d.Put(o.Min+i, p)
		}
	}
}

// Map returns the distribution of f(X): values that f sends to the same
// result are merged.
func (d Dist) Map(f func(int) int) Dist {
	var out Dist
	for i, p := range d.P {
		if p != 0 {
			out.Put(f(d.Min+i), p)
		}
	}
	return out
}

// Add returns the distribution of the sum of two independent variables
// (convolution).
func (d Dist) Add(o Dist) Dist {
	if len(d.P) == 0 || len(o.P) == 0 {
		return Dist{}
	}
	out := Dist{Min: d.Min + o.Min, P: make([]float64, len(d.P)+len(o.P)-1)}
	for i, p := range d.P {
		if p == 0 {
			continue
		}
		for j, q := range o.P {
			out.P[i+j] += p * q
		}
	}
	return out
}

// addDie convolves d with one fair die (subtracted when neg) using a sliding
// window, which costs O(len) instead of O(len × sides).
func (d Dist) addDie(sides int, neg bool) Dist {
	out := Dist{P: make([]float64, len(d.P)+sides-1)}
	if neg {
		out.Min = d.Min - sides
	} else {
		out.Min = d.Min + 1
	}
	w := 1 / float64(sides)
	window := 0.0
	for k := range out.P {
		if k < len(d.P) {
			window += d.P[k]
		}
		if k-sides >= 0 {
			window -= d.P[k-sides]
		}
		if window < 0 { // rounding residue of the sliding sum
			window = 0
		}
		out.P[k] = window * w
	}
	return out
}
