package tactics

import (
	"slices"
	"strconv"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// Speed is a race's base movement speed (K-MOVE-1).
type Speed string

// The race speeds of K-MOVE-1.
const (
	SpeedSlow     Speed = "slow"
	SpeedNormal   Speed = "normal"
	SpeedFast     Speed = "fast"
	SpeedVeryFast Speed = "very-fast"
)

// Creature is what tactics needs to know about one combatant. The
// encounter engine keeps it up to date: position, statuses, the engagement
// list and the round's opportunity-attack record.
type Creature struct {
	ID   string      `json:"id"`
	Side string      `json:"side"` // creatures on different sides are enemies
	At   grid.Square `json:"at"`   // top-left square of its footprint
	Size grid.Size   `json:"size"` // K-SIZE-1 category
	// Footprint is the side of a giant's square block (K-SIZE-3, D-4); 0
	// means 1 for categories 1–3 and 2 for a giant.
	Footprint   int   `json:"footprint,omitempty"`
	Speed       Speed `json:"speed"`
	Dex         int   `json:"dex"`
	Fitness     int   `json:"fitness"`
	HeavyArmour bool  `json:"heavyArmour,omitempty"` // armour flagged heavyForMovement (K-MOVE-2, A-34)
	PinBonus    int   `json:"pinBonus,omitempty"`    // abilities raising pin capacity (K-PIN-4)

	Down      bool `json:"down,omitempty"`      // defeated: down, dead or out of the fight (K-HP-3)
	Paralysed bool `json:"paralysed,omitempty"` // no movement, no OAs (K-MOVE-3, K-OA-7)
	Bound     bool `json:"bound,omitempty"`     // bound in place: no movement (K-MOVE-3)
	// Hidden creatures are noticed only by the creatures in NoticedBy
	// (K-OA-7).
	Hidden    bool     `json:"hidden,omitempty"`
	NoticedBy []string `json:"noticedBy,omitempty"`

	MovedLastRound bool `json:"movedLastRound,omitempty"` // for the half-square rule (K-MOVE-4)
	// ChargeRoundsUsed counts the rounds of this encounter before the
	// current one in which the creature charged (K-MOVE-8, A-35).
	ChargeRoundsUsed int `json:"chargeRoundsUsed,omitempty"`
	// OAsMade lists the movers this creature has already made an
	// opportunity attack against this round (K-OA-8).
	OAsMade []string `json:"oasMade,omitempty"`
	// EngagedBy is the creature's engagement list E(D): the enemies
	// attacking it in melee, in the order they joined (K-PIN-9).
	EngagedBy []string `json:"engagedBy,omitempty"`
	// Initiative is the creature's place in the round's initiative order,
	// lower first; it orders simultaneous opportunity attacks (K-RES-3).
	Initiative int `json:"initiative"`
}

// Equal reports whether c and d are the same in every field.
// TestCreatureEqualFields keeps it comparing all of them.
func (c Creature) Equal(d Creature) bool {
	return c.ID == d.ID && c.Side == d.Side && c.At == d.At && c.Size == d.Size && c.Footprint == d.Footprint &&
		c.Speed == d.Speed && c.Dex == d.Dex && c.Fitness == d.Fitness && c.HeavyArmour == d.HeavyArmour &&
		c.PinBonus == d.PinBonus && c.Down == d.Down && c.Paralysed == d.Paralysed && c.Bound == d.Bound &&
		c.Hidden == d.Hidden && slices.Equal(c.NoticedBy, d.NoticedBy) && c.MovedLastRound == d.MovedLastRound &&
		c.ChargeRoundsUsed == d.ChargeRoundsUsed && slices.Equal(c.OAsMade, d.OAsMade) &&
		slices.Equal(c.EngagedBy, d.EngagedBy) && c.Initiative == d.Initiative
}

// side returns the side in squares of the creature's footprint (K-SIZE-3).
func (c *Creature) side() int {
	switch {
	case c.Footprint > 0:
		return c.Footprint
	case c.Size == grid.SizeGiant:
		return 2
	}
	return 1
}

// Place returns the creature's footprint on the map.
func (c Creature) Place() grid.Footprint { return grid.Footprint{At: c.At, Side: c.side()} }

// active reports whether the creature is still in the fight (K-GRID-2).
func (c *Creature) active() bool { return !c.Down }

// standing reports whether the creature can act for pins, back protection
// and opportunity attacks: not down and not paralysed (K-PIN-8, K-FLANK-7).
func (c *Creature) standing() bool { return !c.Down && !c.Paralysed }

// noticedBy reports whether observer notices c (K-OA-7).
func (c *Creature) noticedBy(observer string) bool {
	return !c.Hidden || slices.Contains(c.NoticedBy, observer)
}

func (c Creature) validate(i int) error {
	field := func(name string) string { return "creatures[" + c.ID + "]." + name }
	switch {
	case c.ID == "":
		return combat.Invalid("", "creatures["+strconv.Itoa(i)+"].id", "empty")
	case c.Side == "":
		return combat.Invalid("", field("side"), "empty")
	case !c.Size.Valid():
		return combat.Invalid("K-SIZE-1", field("size"), "category %d is not 1…4", c.Size)
	case c.Footprint < 0 || c.Footprint > grid.MaxSide || (c.Footprint > 1 && c.Size != grid.SizeGiant) || (c.Footprint == 1 && c.Size == grid.SizeGiant):
		return combat.Invalid("K-SIZE-3", field("footprint"), "%d squares for a category %d creature", c.Footprint, c.Size)
	case c.PinBonus < 0:
		return combat.Invalid("K-PIN-4", field("pinBonus"), "negative")
	case c.ChargeRoundsUsed < 0:
		return combat.Invalid("K-MOVE-8", field("chargeRoundsUsed"), "negative")
	}
	if _, ok := baseRate[c.Speed]; !ok {
		return combat.Invalid("K-MOVE-1", field("speed"), "unknown race speed %q", c.Speed)
	}
	return nil
}
