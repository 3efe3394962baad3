package encounter

import (
	"strings"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/tactics"
)

// Sheet is a combatant's profile in an encounter: the Kaldaria stat block
// for attack resolution and the body for the battlemap.
type Sheet struct {
	Stats kaldaria.Profile `json:"stats"`
	Body  Body             `json:"body"`
}

// Body is what the encounter needs about a creature that its stat block
// does not hold: size category (K-SIZE-1), a giant's footprint side
// (K-SIZE-3; 0 for the default), race speed (K-MOVE-1), abilities that
// raise its pin capacity (K-PIN-4), and the attacks it makes in a round,
// each one engine action (stat-block data, K-GEN-7; 0 means 1).
type Body struct {
	Size      grid.Size     `json:"size"`
	Footprint int           `json:"footprint,omitempty"`
	Speed     tactics.Speed `json:"speed"`
	PinBonus  int           `json:"pinBonus,omitempty"`
	Attacks   int           `json:"attacks,omitempty"`
}

// attacks returns the attacks per round, at least 1.
func (b Body) attacks() int { return max(1, b.Attacks) }

// maxFootprint is the largest giant's footprint side a sheet may give
// (K-SIZE-3: 20 m tall).
const maxFootprint = 8

// maxAttacks bounds a stat block's attacks per round.
const maxAttacks = 12

// DecodeSheet decodes a combatant profile with the engine's strict decoder
// (combat.DecodeStrict) and validates it with Validate. A profile a sample
// laid out (laidOut) is not decoded again.
func DecodeSheet(raw []byte) (Sheet, error) {
	if s, ok := laidOut.Load(string(raw)); ok {
		return s.(Sheet), nil
	}
	return decodeSheet(raw)
}

// decodeSheet is DecodeSheet without the samples' sheets.
func decodeSheet(raw []byte) (Sheet, error) {
	var s Sheet
	if err := combat.DecodeStrict("profile", raw, &s); err != nil {
		return Sheet{}, err
	}
	return s, s.Validate()
}

// Validate checks the stat block (kaldaria.Profile.Validate) and the body
// (size, footprint, speed and pin bonus, as tactics checks a creature).
func (s Sheet) Validate() error {
	if err := s.Stats.Validate(); err != nil {
		if e, ok := err.(*combat.RuleError); ok {
			e.Field = "stats." + e.Field
		}
		return err
	}
	if s.Body.PinBonus > 10 {
		return combat.Invalid("K-PIN-4", "body.pinBonus", "%d is above 10", s.Body.PinBonus)
	}
	if s.Body.Attacks < 0 || s.Body.Attacks > maxAttacks {
		return combat.OutOfRange("K-GEN-7", "body.attacks", s.Body.Attacks, 0, maxAttacks)
	}
	if s.Body.Footprint > maxFootprint {
		return combat.Invalid("K-SIZE-3", "body.footprint", "%d is above %d", s.Body.Footprint, maxFootprint)
	}
	c := s.creature("x", "x", grid.Square{})
	if _, err := tactics.NewBattle(grid.Map{W: maxFootprint, H: maxFootprint}, []tactics.Creature{c}); err != nil {
		if e, ok := err.(*combat.RuleError); ok {
			e.Field = "body." + strings.TrimPrefix(e.Field, "creatures[x].")
		}
		return err
	}
	return nil
}

// creature is the tactics view of a combatant with this sheet standing at
// at; the encounter's statuses are filled in by the caller.
func (s Sheet) creature(id, side string, at grid.Square) tactics.Creature {
	return tactics.Creature{ID: id, Side: side, At: at, Size: s.Body.Size, Footprint: s.Body.Footprint,
		Speed: s.Body.Speed, Dex: s.Stats.Dex, Fitness: s.Stats.Fitness, HeavyArmour: s.Stats.Armour.Heavy,
		PinBonus: s.Body.PinBonus}
}

// footprint returns the side of the creature's square block (K-SIZE-3).
func (s Sheet) footprint() int { return s.creature("x", "x", grid.Square{}).Place().Side }
