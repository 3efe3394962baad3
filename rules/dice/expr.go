package dice

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Limits on dice expressions, so that a typed or shared expression can never
// make the engine roll or convolve without bound.
const (
	MaxExprLen   = 100   // characters of source text
	MaxTerms     = 20    // terms in one expression
	MaxDice      = 100   // dice in one expression, all terms together
	MaxSides     = 1000  // sides of one die
	MaxConstant  = 10000 // absolute value of one constant term
	percentSides = 100
)

// Term is one signed part of an expression: Count dice of Sides sides, or,
// when Sides is 0, the constant Count. Percent marks a die written "d%".
type Term struct {
	Count   int
	Sides   int
	Percent bool
	Neg     bool
}

// Expr is a parsed dice expression such as "2d8+3", "d20", "d%" or
// "3d6-1": a sum of signed dice terms and constants. The zero Expr is the
// constant 0. Parse(e.String()) gives back an equal Expr.
type Expr struct {
	Terms []Term
}

// ErrSyntax is wrapped by every error Parse returns.
var ErrSyntax = errors.New("dice: bad expression")

// Parse reads a dice expression: terms "NdS", "dS", "d%", "NdS" with N and
// S decimal, or a constant, joined by "+" or "-" (the first term may carry
// a sign). Spaces are ignored, "D" equals "d". It enforces the limits
// MaxExprLen, MaxTerms, MaxDice, MaxSides and MaxConstant.
func Parse(s string) (Expr, error) {
	if len(s) > MaxExprLen {
		return Expr{}, fmt.Errorf("%w: longer than %d characters", ErrSyntax, MaxExprLen)
	}
	src := strings.ToLower(strings.ReplaceAll(s, " ", ""))
	if src == "" {
		return Expr{}, fmt.Errorf("%w: empty", ErrSyntax)
	}
	var e Expr
	dice := 0
	for i := 0; i < len(src); {
		neg := false
		if c := src[i]; c == '+' || c == '-' {
			neg = c == '-'
			i++
		} else if i > 0 {
			return Expr{}, fmt.Errorf("%w: expected + or - at %d", ErrSyntax, i)
		}
		t, n, err := parseTerm(src[i:])
		if err != nil {
			return Expr{}, err
		}
		t.Neg = neg
		i += n
		if t.Sides > 0 {
			dice += t.Count
		}
		if dice > MaxDice {
			return Expr{}, fmt.Errorf("%w: more than %d dice", ErrSyntax, MaxDice)
		}
		if len(e.Terms) == MaxTerms {
			return Expr{}, fmt.Errorf("%w: more than %d terms", ErrSyntax, MaxTerms)
		}
		e.Terms = append(e.Terms, t)
	}
	return e, nil
}

// MustParse is Parse for expressions fixed in source code; it panics on error.
func MustParse(s string) Expr {
	e, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return e
}

// parseTerm reads one unsigned term at the start of s and returns it with
// the number of bytes consumed.
func parseTerm(s string) (Term, int, error) {
	n, i := leadingNumber(s)
	if i < len(s) && s[i] == 'd' {
		count := 1
		if i > 0 {
			v, err := strconv.Atoi(s[:i])
			if err != nil || v < 1 || v > MaxDice {
				return Term{}, 0, fmt.Errorf("%w: dice count %q not in 1..%d", ErrSyntax, s[:i], MaxDice)
			}
			count = v
		}
		i++
		if i < len(s) && s[i] == '%' {
			return Term{Count: count, Sides: percentSides, Percent: true}, i + 1, nil
		}
		m, j := leadingNumber(s[i:])
		if j == 0 {
			return Term{}, 0, fmt.Errorf("%w: missing sides after d", ErrSyntax)
		}
		sides, err := strconv.Atoi(m)
		if err != nil || sides < 1 || sides > MaxSides {
			return Term{}, 0, fmt.Errorf("%w: sides %q not in 1..%d", ErrSyntax, m, MaxSides)
		}
		return Term{Count: count, Sides: sides}, i + j, nil
	}
	if i == 0 {
		return Term{}, 0, fmt.Errorf("%w: expected a number or a die", ErrSyntax)
	}
	v, err := strconv.Atoi(n)
	if err != nil || v > MaxConstant {
		return Term{}, 0, fmt.Errorf("%w: constant %q above %d", ErrSyntax, n, MaxConstant)
	}
	return Term{Count: v}, i, nil
}

// leadingNumber returns the run of decimal digits at the start of s (at most
// eight, which keeps conversions in range) and its length.
func leadingNumber(s string) (string, int) {
	i := 0
	for i < len(s) && i < 8 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i], i
}

// String renders the expression in the canonical form Parse reads back:
// "d6" for one die, "2d8", "d%", constants as numbers, terms joined by signs.
func (e Expr) String() string {
	if len(e.Terms) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, t := range e.Terms {
		switch {
		case t.Neg:
			b.WriteByte('-')
		case i > 0:
			b.WriteByte('+')
		}
		if t.Sides == 0 {
			b.WriteString(strconv.Itoa(t.Count))
			continue
		}
		if t.Count != 1 {
			b.WriteString(strconv.Itoa(t.Count))
		}
		b.WriteByte('d')
		if t.Percent {
			b.WriteByte('%')
		} else {
			b.WriteString(strconv.Itoa(t.Sides))
		}
	}
	return b.String()
}

// MarshalText encodes the expression as its canonical string, so profiles
// store "1d8+3" in JSON.
func (e Expr) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText parses an expression written by MarshalText or by hand.
func (e *Expr) UnmarshalText(b []byte) error {
	x, err := Parse(string(b))
	if err != nil {
		return err
	}
	*e = x
	return nil
}

// Equal reports whether two expressions have the same terms in the same order.
func (e Expr) Equal(o Expr) bool {
	if len(e.Terms) != len(o.Terms) {
		return false
	}
	for i := range e.Terms {
		if e.Terms[i] != o.Terms[i] {
			return false
		}
	}
	return true
}

// sign returns -1 for a negative term and +1 otherwise.
func (t Term) sign() int {
	if t.Neg {
		return -1
	}
	return 1
}

// Min is the smallest total the expression can produce.
func (e Expr) Min() int {
	n := 0
	for _, t := range e.Terms {
		n += t.sign() * t.extreme(t.Neg)
	}
	return n
}

// Max is the largest total the expression can produce: every die at its
// highest face (the "maximum damage" of a critical effect, K-CRIT-7) plus
// the constants.
func (e Expr) Max() int {
	n := 0
	for _, t := range e.Terms {
		n += t.sign() * t.extreme(!t.Neg)
	}
	return n
}

// extreme is the term's unsigned value with every die at its highest face
// (high) or lowest face.
func (t Term) extreme(high bool) int {
	switch {
	case t.Sides == 0:
		return t.Count
	case high:
		return t.Count * t.Sides
	default:
		return t.Count
	}
}

// Rolled is the outcome of rolling an expression: every die thrown, in term
// order, and the total.
type Rolled struct {
	Throws []Throw `json:"throws"`
	Total  int     `json:"total"`
}

// Roll throws every die of the expression on r and adds the terms.
func (e Expr) Roll(r Roller) Rolled {
	var out Rolled
	for _, t := range e.Terms {
		if t.Sides == 0 {
			out.Total += t.sign() * t.Count
			continue
		}
		for k := 0; k < t.Count; k++ {
			f := r.Roll(t.Sides)
			out.Throws = append(out.Throws, Throw{Sides: t.Sides, Face: f})
			out.Total += t.sign() * f
		}
	}
	return out
}

// Dist returns the exact distribution of the expression's total.
func (e Expr) Dist() Dist {
	d := Point(0)
	for _, t := range e.Terms {
		if t.Sides == 0 {
			d = d.Shift(t.sign() * t.Count)
			continue
		}
		for k := 0; k < t.Count; k++ {
			d = d.addDie(t.Sides, t.Neg)
		}
	}
	return d
}
