package cairn

import (
	"encoding/json"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// SampleBattle lays Sample out on a 12 × 8 map in setup, the party on
// the left and the bandits and rats on the right, ready for the GM to roll
// initiative (CA-INIT). Positions are illustrative. Its dice are seeded with
// seed.
func SampleBattle(seed uint64) (combat.Encounter, error) {
	s := Sample()
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 12, H: 8, Walls: []grid.Square{{X: 6, Y: 0}, {X: 6, Y: 1}, {X: 6, Y: 6}, {X: 6, Y: 7}}}, seed)
	side := map[string]string{}
	for _, sd := range s.Sides {
		for _, m := range sd.Members {
			side[m] = sd.ID
		}
	}
	at := map[string]grid.Square{
		"hero": {X: 3, Y: 4}, "large-bandit": {X: 8, Y: 3}, "bandit-sister": {X: 8, Y: 5}, "rat-swarm": {X: 9, Y: 0},
	}
	for _, c := range s.Battle.Characters {
		raw, err := json.Marshal(c)
		if err != nil {
			return enc, err
		}
		spec := combat.Spec{ID: c.ID, Name: c.Name, Side: side[c.ID], Pos: at[c.ID], Profile: raw}
		if enc, _, err = combat.Apply(Ruleset{}, enc, combat.Place{Spec: spec}, dice.NewScripted()); err != nil {
			return enc, err
		}
	}
	return enc, nil
}
