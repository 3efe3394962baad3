package dice_test

import (
	"errors"
	"math"
	"math/big"
	"slices"
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
		{"4d6kh3", "4d6kh3", 3, 18},
		{"4d6k3", "4d6kh3", 3, 18},
		{"2d20kh1", "2d20kh1", 1, 20},
		{"2d20kh", "2d20kh1", 1, 20},
		{"2d20KL1", "2d20kl1", 1, 20},
		{"4d6dl1", "4d6kh3", 3, 18},
		{"4d6dh", "4d6kl3", 3, 18},
		{"5d10dh2+1", "5d10kl3+1", 4, 31},
		{"2d%kl1", "2d%kl1", 1, 100},
		{"3-2d6kh1", "3-2d6kh1", -3, 2},
		{"1d20+-5", "d20-5", -4, 15},
		{"1d20--5", "d20+5", 6, 25},
		{"\t2d6 +\t3\n", "2d6+3", 5, 15},
		{"1d20\u00a0+ 2", "d20+2", 3, 22},
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
		"99999", "d6 d6", "4d6kh4", "4d6kh0", "4d6dl4", "4d6dl0", "d6kh1", "4d6kh5", "2d8+-+3", "2d8+--3",
		"13d6kh1", "7d6kh1+6d6kl1", "2d101kh1", "4d6kx", "4d6kh3kh2", "1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1",
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
	want := []Throw{{Sides: 8, Face: 5}, {Sides: 8, Face: 7}, {Sides: 4, Face: 2}}
	for i, th := range want {
		if got.Throws[i] != th {
			t.Errorf("throw %d = %v, want %v", i, got.Throws[i], th)
		}
	}
}

// bruteDist enumerates every combination of faces; a keep term is
// enumerated as whole tuples of faces, sorted, and its kept end summed.
func bruteDist(e Expr) map[int]float64 {
	out := map[int]float64{0: 1}
	for _, t := range e.Terms {
		term := map[int]float64{t.Count: 1}
		switch {
		case t.Sides == 0:
		case t.Keep > 0:
			term = map[int]float64{}
			faces := make([]int, t.Count)
			var walk func(i int)
			walk = func(i int) {
				if i == len(faces) {
					sorted := slices.Clone(faces)
					slices.Sort(sorted)
					if !t.Low {
						slices.Reverse(sorted)
					}
					sum := 0
					for _, f := range sorted[:t.Keep] {
						sum += f
					}
					term[sum] += math.Pow(float64(t.Sides), -float64(t.Count))
					return
				}
				for f := 1; f <= t.Sides; f++ {
					faces[i] = f
					walk(i + 1)
				}
			}
			walk(0)
		default:
			term = map[int]float64{0: 1}
			for k := 0; k < t.Count; k++ {
				next := map[int]float64{}
				for v, p := range term {
					for f := 1; f <= t.Sides; f++ {
						next[v+f] += p / float64(t.Sides)
					}
				}
				term = next
			}
		}
		next := map[int]float64{}
		for v, p := range out {
			for w, q := range term {
				next[v+sign(t)*w] += p * q
			}
		}
		out = next
	}
	return out
}

func TestDistMatchesEnumeration(t *testing.T) {
	for _, s := range []string{"2d8+3", "d20", "3d6-1", "d6-d4", "2d%", "4d4+d10-2",
		"4d6kh3", "2d20kh1", "2d20kl1", "5d6dl2", "4d8dh1", "3d6kh2-2d4kl1+3", "d6-3d10kh2"} {
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

// TestDistMatchesSampling checks exact distributions against seeded runs of
// 60 000 rolls: every value's count within 5 standard deviations.
func TestDistMatchesSampling(t *testing.T) {
	for _, s := range []string{"3d6", "4d6kh3", "2d20kh1", "2d20kl1", "6d4dh2+1"} {
		t.Run(s, func(t *testing.T) {
			e := MustParse(s)
			d := e.Dist()
			const n = 60000
			counts := map[int]int{}
			r := NewPCG(3)
			for i := 0; i < n; i++ {
				counts[e.Roll(r).Total]++
			}
			for v := e.Min(); v <= e.Max(); v++ {
				p := d.At(v)
				sd := math.Sqrt(n * p * (1 - p))
				if diff := math.Abs(float64(counts[v]) - n*p); diff > 5*sd+1e-9 {
					t.Errorf("value %d: %d rolls, expected %.0f ± %.0f", v, counts[v], n*p, 5*sd)
				}
			}
		})
	}
}

// TestKeepKnownValues pins published values: 4d6 dropping the lowest makes
// 18 in 21 of 1296 throws and averages 15869/1296; the higher of two d20
// is a 20 in 39 of 400 and the lower in 1 of 400.
func TestKeepKnownValues(t *testing.T) {
	c := MustParse("4d6dl1").Counts()
	sum := new(big.Rat)
	for i, w := range c.Ways {
		sum.Add(sum, new(big.Rat).SetFrac(new(big.Int).Mul(w, big.NewInt(int64(c.Min+i))), c.Outcomes))
	}
	if c.Prob(18).Cmp(big.NewRat(21, 1296)) != 0 || sum.Cmp(big.NewRat(15869, 1296)) != 0 {
		t.Errorf("4d6dl1: P(18) = %v, mean %v", c.Prob(18), sum)
	}
	if p := MustParse("2d20kh1").Counts().Prob(20); p.Cmp(big.NewRat(39, 400)) != 0 {
		t.Errorf("2d20kh1: P(20) = %v", p)
	}
	if p := MustParse("2d20kl1").Counts().Prob(20); p.Cmp(big.NewRat(1, 400)) != 0 {
		t.Errorf("2d20kl1: P(20) = %v", p)
	}
}

// TestRollKeep checks which dice a keep term drops: the lowest (or, for
// keep-lowest, highest) faces, later throws first among equals.
func TestRollKeep(t *testing.T) {
	for _, c := range []struct {
		expr    string
		faces   []int
		total   int
		dropped []bool
	}{
		{"4d6kh3", []int{3, 6, 1, 6}, 15, []bool{false, false, true, false}},
		{"4d6dl1", []int{2, 2, 5, 2}, 9, []bool{false, false, false, true}},
		{"2d20kl1+1", []int{17, 4}, 5, []bool{true, false}},
		{"1-3d6kh1", []int{2, 5, 5}, -4, []bool{true, false, true}},
	} {
		t.Run(c.expr, func(t *testing.T) {
			got := MustParse(c.expr).Roll(dicetest.Script(t, c.faces...))
			if got.Total != c.total {
				t.Errorf("total %d, want %d", got.Total, c.total)
			}
			for i, th := range got.Throws {
				if th.Face != c.faces[i] || th.Dropped != c.dropped[i] {
					t.Errorf("throw %d = %+v, want face %d dropped %v", i, th, c.faces[i], c.dropped[i])
				}
			}
		})
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
	for _, s := range []string{"2d8+3", "d20", "d%", "1d6", "3d6-1", "-d4+2", "100d1000", "d6-d4+7",
		"4d6kh3", "2d20kl1", "12d100dh1", "1d20+-5", "\t3d6 dl1"} {
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
		rolled := e.Roll(NewPCG(uint64(len(s))))
		if rolled.Total < e.Min() || rolled.Total > e.Max() || len(rolled.Throws) != dice {
			t.Fatalf("%q rolled %d with %d throws, range %d..%d, %d dice", s, rolled.Total, len(rolled.Throws), e.Min(), e.Max(), dice)
		}
		if dice <= 20 { // the exact distribution, where it stays cheap
			d := e.Dist()
			if d.Min != e.Min() || d.Max() != e.Max() || math.Abs(d.Total()-1) > 1e-9 {
				t.Fatalf("%q: distribution %d..%d total %g, range %d..%d", s, d.Min, d.Max(), d.Total(), e.Min(), e.Max())
			}
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
	for _, s := range []string{"2d8+3", "d6-d4", "4d4+d10-2", "2d%", "4d6kh3-2d8kl1", "3d%dh1"} {
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

// TestSmallCounts checks the machine-integer counts against the exact big
// ones for every expression small enough, and that it declines the rest.
func TestSmallCounts(t *testing.T) {
	for _, s := range []string{"0", "5", "-3", "d1", "1d6+2", "2d6+2", "d6-d4", "4d4+d10-2", "2d%", "1d8-1d4", "-2d6+3", "8d10+4", "3d20", "1d4-3"} {
		e := MustParse(s)
		c, ok := e.SmallCounts()
		if !ok {
			t.Errorf("%s: declined", s)
			continue
		}
		big := e.Counts()
		if c.Min != big.Min || c.Outcomes != big.Outcomes.Int64() || len(c.Ways) != len(big.Ways) {
			t.Errorf("%s: min %d of %d outcomes, %d totals; want min %d of %v, %d", s, c.Min, c.Outcomes, len(c.Ways), big.Min, big.Outcomes, len(big.Ways))
			continue
		}
		for i, w := range big.Ways {
			if c.Ways[i] != w.Int64() {
				t.Errorf("%s: %d ways to %d, want %v", s, c.Ways[i], c.Min+i, w)
			}
		}
	}
	for _, s := range []string{"4d6kh3", "10d20", "30d6"} {
		if _, ok := MustParse(s).SmallCounts(); ok {
			t.Errorf("%s: counted in machine integers, want declined", s)
		}
	}
}
