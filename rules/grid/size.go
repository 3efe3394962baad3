package grid

// Size is a size category of the Kaldaria spec (K-SIZE-1). Categories 1–3
// fit in one square; category 4 takes a block of squares (K-SIZE-3).
type Size uint8

// The size categories of K-SIZE-1.
const (
	SizeGorg  Size = 1 // up to about 1.3 m
	SizeHuman Size = 2 // about 1.4–2 m
	SizeOgre  Size = 3 // about 2–3 m
	SizeGiant Size = 4 // over 3 m: more than one square
)

// SquareUnits is the room in one square, in capacity units (K-SIZE-2).
const SquareUnits = 6

// Valid reports whether s is one of the four categories.
func (s Size) Valid() bool { return s >= SizeGorg && s <= SizeGiant }

// Units returns the capacity units a creature of this size takes in each
// square it stands in (K-SIZE-2): 2, 3 or 6; a giant fills its squares.
func (s Size) Units() int {
	switch s {
	case SizeGorg:
		return 2
	case SizeHuman:
		return 3
	}
	return SquareUnits
}

// String returns the category's stable key.
func (s Size) String() string {
	switch s {
	case SizeGorg:
		return "gorg"
	case SizeHuman:
		return "human"
	case SizeOgre:
		return "ogre"
	case SizeGiant:
		return "giant"
	}
	return "unknown"
}

// Fits reports whether creatures of the given sizes fit together in one
// square: their units add up to at most SquareUnits (K-SIZE-2, V-37, S-15).
func Fits(sizes ...Size) bool {
	n := 0
	for _, s := range sizes {
		n += s.Units()
	}
	return n <= SquareUnits
}

// SizeForHeight returns the category for a height in centimetres, with the
// boundaries of A-31 and D-4: below 135 → gorg, up to 200 → human, up to
// 300 → ogre, over 300 → giant.
func SizeForHeight(cm int) Size {
	switch {
	case cm < 135:
		return SizeGorg
	case cm <= 200:
		return SizeHuman
	case cm <= 300:
		return SizeOgre
	}
	return SizeGiant
}

// FootprintSide returns the side in squares of the block a creature of the
// given height in centimetres occupies: 1 up to 3 m, then
// max(2, ceil(height / 2.5 m)) (K-SIZE-3 as amended by D-4, S-16).
func FootprintSide(cm int) int {
	if SizeForHeight(cm) != SizeGiant {
		return 1
	}
	return max(2, ceilDiv(cm, 250))
}

// ceilDiv is the integer ceiling of a/b for a ≥ 0, b > 0, used by the
// footprint rule K-SIZE-3.
func ceilDiv(a, b int) int { return (a + b - 1) / b }
