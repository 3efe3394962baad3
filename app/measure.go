package app

import (
	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// scaleWords writes movement in the scale s for l.
func scaleWords(l i18n.Lang, s combat.Scale, movement int) string {
	if s.Square.Hundredths == 0 {
		return i18n.T(l, "unit.squares", "n", halves(l, s.Halves(movement)))
	}
	return lengthWords(l, s.Distance(movement))
}

// lengthWords writes a length with its unit: "2.5 m", "6.25 m", "5 ft",
// "2,5 m".
func lengthWords(l i18n.Lang, d combat.Length) string {
	return i18n.T(l, "unit."+d.Unit, "n", hundredths(l, d.Hundredths))
}

// halves writes a count of half squares as squares: "4", "4.5".
func halves(l i18n.Lang, h int) string { return hundredths(l, h*50) }

// hundredths writes a number given in hundredths with as few decimals as
// it needs: "10", "2.5", "6.25".
func hundredths(l i18n.Lang, n int) string {
	switch {
	case n%100 == 0:
		return i18n.Int(l, int64(n/100))
	case n%10 == 0:
		return i18n.Tenths(l, int64(n/10))
	}
	return i18n.Tenths(l, int64(n/10)) + string(rune('0'+abs(n%10)))
}

// scaleLabels are the board's words for its scale in l: the bar of two
// squares, and the whole map's description for screen readers.
func scaleLabels(l i18n.Lang, s combat.Scale, cols, rows int) (bar, board string) {
	if s.Square.Hundredths == 0 {
		return i18n.T(l, "board.scale.plain"), i18n.T(l, "board.label.plain", "cols", cols, "rows", rows)
	}
	one := lengthWords(l, s.Square)
	two := lengthWords(l, combat.Length{Hundredths: 2 * s.Square.Hundredths, Unit: s.Square.Unit})
	return i18n.T(l, "board.scale", "length", two, "size", one), i18n.T(l, "board.label", "cols", cols, "rows", rows, "size", one)
}
