package dice

// Fraction is an exact probability or expectation, Num/Den: the one
// exact-fraction type the rulesets' odds share.
type Fraction struct {
	Num int64 `json:"num"`
	Den int64 `json:"den"`
}

// Float returns the fraction as a float64, for display only.
func (f Fraction) Float() float64 { return float64(f.Num) / float64(f.Den) }
