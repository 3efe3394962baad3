package combat

// Length is a distance in hundredths of a unit: {250, "m"} is 2.5 metres,
// {500, "ft"} is 5 feet.
type Length struct {
	Hundredths int
	Unit       string // "m" or "ft"
}

// Scale is how a ruleset measures its map and its movement:
// the side of one square, and the movement units a straight one-square
// step costs, which are the units of Stats.Speed and Budget.Movement. A
// Square of zero means the rules count squares and give them no length.
type Scale struct {
	Square    Length
	PerSquare int
}

// Halves is a movement amount in squares, counted in halves (rounded down).
func (s Scale) Halves(movement int) int {
	if s.PerSquare <= 0 {
		return 2 * movement
	}
	return 2 * movement / s.PerSquare
}

// Distance is a movement amount as a length in the square's unit, rounded
// down to a hundredth; 0 when squares have no length.
func (s Scale) Distance(movement int) Length {
	if s.PerSquare <= 0 {
		return Length{Unit: s.Square.Unit}
	}
	return Length{Hundredths: movement * s.Square.Hundredths / s.PerSquare, Unit: s.Square.Unit}
}

// Scaler is implemented by rulesets that say how their map is measured; a
// ruleset without it is taken to count plain squares with no length.
type Scaler interface {
	Scale() Scale
}

// ScaleOf returns the ruleset's scale, or plain squares when it has none.
func ScaleOf(rs Ruleset) Scale {
	if s, ok := rs.(Scaler); ok {
		return s.Scale()
	}
	return Scale{PerSquare: 1}
}

// Surpriser is implemented by rulesets in which the GM may mark creatures
// surprised before the start (Start.Surprised); SurpriseRule is the
// ruleset's own rule to cite.
type Surpriser interface {
	SurpriseRule() RuleID
}
