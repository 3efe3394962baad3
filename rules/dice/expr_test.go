package dice_test

import (
	"errors"
	"math"
	"math/big"
	"testing"

	. "battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in, canon string
		min, max  int
	}{
		{"2d8+3", "2d8+3", 5, 19},
		{"d20", "d20", 1, 20},
		{"d%", "d%", 1, 100},
		{"1d6", "d6", 1, 6},
		{"3d6-1", "3d6-1", 2, 17},
		{"1d10 + 2", "d10+2", 3, 12},
		{"-2+D4", "-2+d4", -1, 2},
		{"d6-d4", "d6-d4", -3, 5},
		{"7", "7", 7, 7},
		{"2d%+d8+4", "2d%+d8+4", 7, 212},
	} {
		t.Run(c.in, func(t *testing.T) {
			e, err := Parse(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := e.String(); got != c.canon {
				t.Errorf("String() = %q, want %q", got, c.canon)
			}
			if e.Min() != c.min || e.Max() != c.max {
				t.Errorf("range %d..%d, want %d..%d", e.Min(), e.Max(), c.min, c.max)
			}
			back, err := Parse(e.String())
			if err != nil || !back.Equal(e) {
				t.Errorf("round trip of %q gave %v, %v", e.String(), back, err)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{
		"", "d", "2d", "d0", "0d6", "101d6", "60d6+60d6", "d1001", "2d8+", "2d8++3", "x", "3d6x",
		"99999", "d6 d6", "1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1",
		"1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890+1",
	} {
		if _, err := Parse(in); !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q) error = %v, want ErrSyntax", in, err)
		}
	}
}

func TestRollScripted(t *testing.T) {
	e := MustParse("2d8+3-d4")
	got := e.Roll(dicetest.Script(t, 5, 7, 2))
	if got.Total != 5+7+3-2 {
		t.Errorf("total %d", got.Total)
	}
	want := []Throw{{8, 5}, {8, 7}, {4, 2}}
	for i, th := range want {
		if got.Throws[i] != th {
			t.Errorf("throw %d = %v, want %v", i, got.Throws[i], th)
		}
	}
}

// bruteDist enumerates every combination of faces.
func bruteDist(e Expr) map[int]float64 {
	out := map[int]float64{0: 1}
	for _, t := range e.Terms {
		if t.Sides == 0 {
			next := map[int]float64{}
			for v, p := range out {
				next[v+sign(t)*t.Count] += p
			}
			out = next
			continue
		}
		for k := 0; k < t.Count; k++ {
			next := map[int]float64{}
			for v, p := range out {
				for f := 1; f <= t.Sides; f++ {
					next[v+sign(t)*f] += p / float64(t.Sides)
				}
			}
			out = next
		}
	}
	return out
}

func TestDistMatchesEnumeration(t *testing.T) {
	for _, s := range []string{"2d8+3", "d20", "3d6-1", "d6-d4", "2d%", "4d4+d10-2"} {
		t.Run(s, func(t *testing.T) {
			e := MustParse(s)
			d := e.Dist()
			want := bruteDist(e)
			if d.Min != e.Min() || d.Max() != e.Max() {
				t.Errorf("support %d..%d, want %d..%d", d.Min, d.Max(), e.Min(), e.Max())
			}
			for v := d.Min; v <= d.Max(); v++ {
				if math.Abs(d.At(v)-want[v]) > 1e-12 {
					t.Errorf("P(%d) = %g, want %g", v, d.At(v), want[v])
				}
			}
			if math.Abs(d.Total()-1) > 1e-12 {
				t.Errorf("total %g", d.Total())
			}
		})
	}
}

// TestDistMatchesSampling checks the exact distribution of 3d6 against a
// seeded run of 60 000 rolls: every face count within 5 standard deviations.
func TestDistMatchesSampling(t *testing.T) {
	e := MustParse("3d6")
	d := e.Dist()
	const n = 60000
	counts := map[int]int{}
	r := NewPCG(3)
	for i := 0; i < n; i++ {
		counts[e.Roll(r).Total]++
	}
	for v := 3; v <= 18; v++ {
		p := d.At(v)
		sd := math.Sqrt(n * p * (1 - p))
		if diff := math.Abs(float64(counts[v]) - n*p); diff > 5*sd {
			t.Errorf("value %d: %d rolls, expected %.0f ± %.0f", v, counts[v], n*p, 5*sd)
		}
	}
}

func TestLargeDistBounded(t *testing.T) {
	d := MustParse("100d1000").Dist()
	if len(d.P) != 100*999+1 || math.Abs(d.Total()-1) > 1e-9 {
		t.Errorf("len %d total %g", len(d.P), d.Total())
	}
}

func TestTextRoundTrip(t *testing.T) {
	var e Expr
	if err := e.UnmarshalText([]byte("2d8+3")); err != nil {
		t.Fatal(err)
	}
	b, _ := e.MarshalText()
	if string(b) != "2d8+3" {
		t.Errorf("MarshalText = %q", b)
	}
	if err := e.UnmarshalText([]byte("2d")); err == nil {
		t.Error("bad text accepted")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2d8+3", "d20", "d%", "1d6", "3d6-1", "-d4+2", "100d1000", "d6-d4+7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			return
		}
		back, err := Parse(e.String())
		if err != nil {
			t.Fatalf("canonical form %q of %q does not parse: %v", e.String(), s, err)
		}
		if !back.Equal(e) {
			t.Fatalf("round trip of %q: %v != %v", s, back, e)
		}
		if e.Min() > e.Max() {
			t.Fatalf("min %d > max %d", e.Min(), e.Max())
		}
		dice := 0
		for _, term := range e.Terms {
			if term.Sides > 0 {
				dice += term.Count
			}
		}
		if dice > MaxDice || len(e.Terms) > MaxTerms {
			t.Fatalf("limits exceeded: %d dice, %d terms", dice, len(e.Terms))
		}
	})
}

func sign(t Term) int {
	if t.Neg {
		return -1
	}
	return 1
}

func TestCounts(t *testing.T) {
	c := MustParse("3d6").Counts()
	if c.Outcomes.Int64() != 216 || c.Ways[10-c.Min].Int64() != 27 || c.Prob(3).Cmp(big.NewRat(1, 216)) != 0 || c.Prob(19).Sign() != 0 {
		t.Errorf("3d6 counts wrong: min %d, %v of %v", c.Min, c.Ways, c.Outcomes)
	}
	for _, s := range []string{"2d8+3", "d6-d4", "4d4+d10-2", "2d%"} {
		e := MustParse(s)
		c, d := e.Counts(), e.Dist()
		for v := d.Min; v <= d.Max(); v++ {
			f, _ := c.Prob(v).Float64()
			if math.Abs(f-d.At(v)) > 1e-12 {
				t.Errorf("%s: P(%d) exact %g, float %g", s, v, f, d.At(v))
			}
		}
	}
}
