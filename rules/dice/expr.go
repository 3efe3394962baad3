package dice

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Limits on dice expressions, so that a typed or shared expression can never
// make the engine roll or convolve without bound.
const (
	MaxExprLen  = 100   // characters of source text
	MaxTerms    = 20    // terms in one expression
	MaxDice     = 100   // dice in one expression, all terms together
	MaxSides    = 1000  // sides of one die
	MaxConstant = 10000 // absolute value of one constant term
	// MaxKeepDice bounds the dice of all keep/drop terms together and
	// MaxKeepSides the sides of a die in one: their exact distribution is a
	// walk over faces and dice counts, so these keep it to milliseconds.
	MaxKeepDice  = 12
	MaxKeepSides = 100
	percentSides = 100
)

// Term is one signed part of an expression: Count dice of Sides sides, or,
// when Sides is 0, the constant Count. Percent marks a die written "d%".
// Keep, when not 0, counts the dice that make the total: the Keep highest,
// or the Keep lowest when Low is set ("4d6kh3", "2d20kl1"); the others are
// rolled and dropped. A term keeps fewer dice than it rolls, never all.
type Term struct {
	Count   int
	Sides   int
	Percent bool
	Neg     bool
	Keep    int
	Low     bool
}

// Expr is a parsed dice expression such as "2d8+3", "d20", "d%", "3d6-1"
// or "4d6kh3": a sum of signed dice terms and constants. The zero Expr is the
// constant 0. Parse(e.String()) gives back an equal Expr.
type Expr struct {
	Terms []Term
}

// ErrSyntax is wrapped by every error Parse returns.
var ErrSyntax = errors.New("dice: bad expression")

// Parse reads a dice expression: terms "NdS", "dS", "d%" (N and S
// decimal) or constants, joined by "+" or "-"; the first term may carry a
// sign and a joining sign may be followed by a "-" ("1d20+-5" is 1d20-5).
// A dice term may end in a selection: "khK" or "kK" keeps the K highest
// dice, "klK" the K lowest, "dhK" drops the K highest and "dlK" the K
// lowest (K is 1 when left out). Whitespace of any kind is ignored, letters
// may be capitals. It enforces MaxExprLen, MaxTerms, MaxDice, MaxSides,
// MaxConstant, MaxKeepDice and MaxKeepSides.
func Parse(s string) (Expr, error) {
	if len(s) > MaxExprLen {
		return Expr{}, fmt.Errorf("%w: longer than %d characters", ErrSyntax, MaxExprLen)
	}
	src := strings.ToLower(strings.Join(strings.Fields(s), ""))
	if src == "" {
		return Expr{}, fmt.Errorf("%w: empty", ErrSyntax)
	}
	var e Expr
	dice, kept := 0, 0
	for i := 0; i < len(src); {
		neg := false
		if c := src[i]; c == '+' || c == '-' {
			neg = c == '-'
			i++
			if i < len(src) && src[i] == '-' { // a unary minus after the joining sign
				neg = !neg
				i++
			}
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
		if t.Keep > 0 {
			kept += t.Count
			if kept > MaxKeepDice || t.Sides > MaxKeepSides {
				return Expr{}, fmt.Errorf("%w: keep and drop take at most %d dice of at most %d sides", ErrSyntax, MaxKeepDice, MaxKeepSides)
			}
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
		t := Term{Count: count, Sides: percentSides, Percent: true}
		if i < len(s) && s[i] == '%' {
			i++
		} else {
			m, j := leadingNumber(s[i:])
			if j == 0 {
				return Term{}, 0, fmt.Errorf("%w: missing sides after d", ErrSyntax)
			}
			sides, err := strconv.Atoi(m)
			if err != nil || sides < 1 || sides > MaxSides {
				return Term{}, 0, fmt.Errorf("%w: sides %q not in 1..%d", ErrSyntax, m, MaxSides)
			}
			t = Term{Count: count, Sides: sides}
			i += j
		}
		j, err := t.parseSelection(s[i:])
		return t, i + j, err
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

// parseSelection reads an optional keep/drop suffix ("kh3", "k3", "kl1",
// "dh1", "dl1") at the start of s into t.Keep and t.Low, and returns the
// bytes consumed. Dropping K of N dice is keeping the other N-K; a
// selection that keeps every die or none is refused.
func (t *Term) parseSelection(s string) (int, error) {
	var keep, low bool
	var i int
	switch {
	case strings.HasPrefix(s, "kh"):
		keep, i = true, 2
	case strings.HasPrefix(s, "kl"):
		keep, low, i = true, true, 2
	case strings.HasPrefix(s, "k"):
		keep, i = true, 1
	case strings.HasPrefix(s, "dh"):
		low, i = true, 2
	case strings.HasPrefix(s, "dl"):
		i = 2
	default:
		return 0, nil
	}
	k := 1
	if m, j := leadingNumber(s[i:]); j > 0 {
		k, _ = strconv.Atoi(m)
		i += j
	}
	if !keep {
		k = t.Count - k
	}
	if k < 1 || k >= t.Count {
		return 0, fmt.Errorf("%w: %q must keep at least one of the %d dice and drop at least one", ErrSyntax, s[:i], t.Count)
	}
	t.Keep, t.Low = k, low
	return i, nil
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
// "d6" for one die, "2d8", "d%", "4d6kh3" (drops written as keeps),
// constants as numbers, terms joined by signs.
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
		switch {
		case t.Keep == 0:
		case t.Low:
			b.WriteString("kl" + strconv.Itoa(t.Keep))
		default:
			b.WriteString("kh" + strconv.Itoa(t.Keep))
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
		return t.kept() * t.Sides
	default:
		return t.kept()
	}
}

// kept is the number of dice that count towards the term's value.
func (t Term) kept() int {
	if t.Keep > 0 {
		return t.Keep
	}
	return t.Count
}

// Rolled is the outcome of rolling an expression: every die thrown, in term
// order (dropped ones marked), and the total.
type Rolled struct {
	Throws []Throw `json:"throws"`
	Total  int     `json:"total"`
}

// Roll throws every die of the expression on r and adds the terms; a keep
// term throws all its dice and adds only the ones it keeps.
func (e Expr) Roll(r Roller) Rolled {
	var out Rolled
	for _, t := range e.Terms {
		if t.Sides == 0 {
			out.Total += t.sign() * t.Count
			continue
		}
		first := len(out.Throws)
		for k := 0; k < t.Count; k++ {
			out.Throws = append(out.Throws, Throw{Sides: t.Sides, Face: r.Roll(t.Sides)})
		}
		thrown := out.Throws[first:]
		t.markDropped(thrown)
		for _, th := range thrown {
			if !th.Dropped {
				out.Total += t.sign() * th.Face
			}
		}
	}
	return out
}

// markDropped marks the dice a keep term does not keep: the lowest faces
// for a keep-highest term, the highest for keep-lowest; among equal faces
// the later throws are dropped first.
func (t Term) markDropped(thrown []Throw) {
	if t.Keep == 0 {
		return
	}
	order := make([]int, len(thrown))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		fa, fb := thrown[order[a]].Face, thrown[order[b]].Face
		if t.Low {
			return fa < fb
		}
		return fa > fb
	})
	for _, i := range order[t.Keep:] {
		thrown[i].Dropped = true
	}
}

// Dist returns the exact distribution of the expression's total.
func (e Expr) Dist() Dist {
	d := Point(0)
	for _, t := range e.Terms {
		switch {
		case t.Sides == 0:
			d = d.Shift(t.sign() * t.Count)
		case t.Keep > 0:
			d = d.Add(t.keepCounts().dist())
		default:
			for k := 0; k < t.Count; k++ {
				d = d.addDie(t.Sides, t.Neg)
			}
		}
	}
	return d
}
