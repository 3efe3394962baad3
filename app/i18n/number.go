package i18n

import (
	"math/bits"
	"strconv"

	"battlemat/rules/combat"
)

// numberStyle is how a language writes numbers (CLDR number symbols).
type numberStyle struct {
	decimal string
	group   string
	// minGroup is the smallest number of integer digits that gets grouping
	// (CLDR minimumGroupingDigits + 3): Polish writes 1000 but 10 000.
	minGroup int
	// minus and plus are the signs. Hebrew puts a left-to-right mark before
	// them, as CLDR does: without it "+2" in Hebrew text shows as "2+".
	minus, plus string
}

var numberStyles = [numLangs]numberStyle{
	English: {".", ",", 4, "-", "+"},
	Hebrew:  {".", ",", 4, "\u200e-", "\u200e+"},
	Polish:  {",", "\u00a0", 5, "-", "+"},
	Kazakh:  {",", "\u00a0", 4, "-", "+"},
}

// Int writes n with l's digit grouping: "12,345" in English and Hebrew,
// "12 345" (with a no-break space) in Polish and Kazakh, where Polish leaves
// four-digit numbers ungrouped. A Hebrew minus sign carries a left-to-right
// mark (see Signed).
func Int(l Lang, n int64) string {
	u := uint64(n)
	if n < 0 {
		u = -u
	}
	st := numberStyles[l.valid()]
	s := group(st, u)
	if n < 0 {
		return st.minus + s
	}
	return s
}

// Signed writes n like Int but always with its sign, "+2" or "-3" (and "0"),
// for modifiers such as the {value} of "step.modifier". In Hebrew the sign
// carries a left-to-right mark so that it stays in front of the number.
func Signed(l Lang, n int64) string {
	if n > 0 {
		return numberStyles[l.valid()].plus + Int(l, n)
	}
	return Int(l, n)
}

// Tenths writes tenths/10 with one decimal in l's style: "12.5" or "12,5".
func Tenths(l Lang, tenths int64) string {
	u := uint64(tenths)
	if tenths < 0 {
		u = -u
	}
	st := numberStyles[l.valid()]
	s := group(st, u/10) + st.decimal + string(rune('0'+u%10))
	if tenths < 0 {
		return st.minus + s
	}
	return s
}

// Percent writes num/den as a percentage with one decimal, rounded half up
// (half away from zero for negative ratios) in integer arithmetic: "12.5%"
// in English and Hebrew, "12,5%" in Polish and Kazakh. A den of zero or
// less gives "—". Ratios above about 10^13 wrap around.
func Percent(l Lang, num, den int64) string {
	if den <= 0 {
		return "—"
	}
	u, d := uint64(num), uint64(den)
	if num < 0 {
		u = -u
	}
	q, r := u/d, u%d
	hi, lo := bits.Mul64(r, 1000)
	frac, rem := bits.Div64(hi, lo, d) // r < d, so the quotient fits
	if 2*rem >= d {
		frac++
	}
	tenths := int64(q*1000 + frac)
	if num < 0 {
		tenths = -tenths
	}
	return Tenths(l, tenths) + "%"
}

// group writes u in decimal with st's grouping separator.
func group(st numberStyle, u uint64) string {
	var buf [32]byte
	i := len(buf)
	digits := 0
	for {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
		digits++
		if u == 0 {
			break
		}
	}
	if digits < st.minGroup {
		return string(buf[i:])
	}
	out := make([]byte, 0, digits+len(st.group)*(digits/3))
	for k, c := range buf[i:] {
		if k > 0 && (digits-k)%3 == 0 {
			out = append(out, st.group...)
		}
		out = append(out, c)
	}
	return string(out)
}

// diceLetters is the letter each language writes before a die's sides:
// Hebrew rulebooks write ק (for קובייה), Polish ones k (kość); the Kazakh
// DAIRN text keeps the Latin d.
var diceLetters = [numLangs]string{English: "d", Hebrew: "ק", Polish: "k", Kazakh: "d"}

// Dice writes a die with the given sides as players of l write it for the
// ruleset whose glossary is g: "d20", "ק20", "k100", "d6", or the
// glossary's own way (Kaldaria's percentile die "ק%" in Hebrew).
func Dice(l Lang, g *combat.Glossary, sides int) string {
	l = l.valid()
	if s, ok := g.Die(l.String(), sides); ok {
		return s
	}
	return diceLetters[l] + strconv.Itoa(sides)
}
