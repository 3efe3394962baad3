package combat

import (
	"slices"

	"battlemat/rules/grid"
)

// The engine's own movement plans, for a ruleset that is a Mover but not
// a Planner: one band of every square its movement reaches, and a path
// with the opportunity attacks the engine would offer on it.

// WalkBand is the band of every square r reaches (ENG-MOVE-8), cited in
// rs's words.
func WalkBand(rs Ruleset, r Reach) Band {
	b := Band{Key: BandWalk, Rule: Cite(rs, "ENG-MOVE-8")}
	for s := range r.Cost {
		b.Squares = append(b.Squares, s)
	}
	slices.SortFunc(b.Squares, grid.Compare)
	return b
}

// PlanPath is what moving id along path (without its start square) would
// meet: the squares it reaches and each opportunity attack offered on the
// way (ENG-OA-1), with the error that would stop it, if any.
func PlanPath(rs Ruleset, enc Encounter, id string, path []grid.Square) (Plan, error) {
	pv := PreviewMove(rs, enc, id, path)
	p := Plan{Band: BandWalk, Path: path}
	for _, o := range pv.Offers {
		p.Provocations = append(p.Provocations, Provocation{Attacker: o.Attacker, At: o.At, Kind: "normal", Rule: Cite(rs, "ENG-OA-1")})
	}
	return p, pv.Err
}
