// Package rulesets gathers every ruleset Battlemat ships into one registry,
// with their bundled sample encounters. It is the only package that imports
// all rulesets; the engine (combat) imports none.
package rulesets

import (
	"battlemat/rules/cairn"
	"battlemat/rules/combat"
	"battlemat/rules/dnd5e"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/krysztaly"
)

// All returns one value of every shipped ruleset.
func All() []combat.Ruleset {
	return []combat.Ruleset{encounter.Ruleset{}, krysztaly.Ruleset{}, cairn.Ruleset{}, dnd5e.Ruleset{TieBreak: dnd5e.TiePerTie}}
}

// Registry returns a registry of every shipped ruleset.
func Registry() *combat.Registry {
	reg, err := combat.NewRegistry(All()...)
	if err != nil {
		panic("rulesets: " + err.Error()) // the list above is fixed: a duplicate is a programming error
	}
	return reg
}

// Sample is a bundled encounter: an ID for links and menus, a title, and a
// builder that lays it out with its dice seeded.
type Sample struct {
	ID      string
	Title   string
	Ruleset string
	Build   func(seed uint64) (combat.Encounter, error)
}

// Samples returns the bundled encounters, the one shown first at the head:
// the Kaldaria scenes first, the urchins' street fight leading.
func Samples() []Sample {
	return []Sample{
		{ID: "kal-urchins", Title: "Kaldaria: three street urchins against the city guard, and the knight of Saint-Claudor", Ruleset: encounter.RulesetID, Build: encounter.SampleUrchins},
		{ID: "kal-elemental", Title: "Kaldaria: the swordsman against the elemental and the giant beetle", Ruleset: encounter.RulesetID, Build: encounter.SampleElemental},
		{ID: "kal-robin", Title: "Kaldaria: Miss Robin in cat form slips past three thugs", Ruleset: encounter.RulesetID, Build: encounter.SampleRobin},
		{ID: "kal-corridor", Title: "Kaldaria: a corridor fight, front, flanks and rear", Ruleset: encounter.RulesetID, Build: encounter.SampleCorridor},
		{ID: "dairn-bandits", Title: "DAIRN (Cairn 2e): the HP 3 / Armour 1 hero against bandits and rats", Ruleset: cairn.RulesetID, Build: cairn.SampleBattle},
		{ID: "dnd5e-goblin-ambush", Title: "D&D 5e: four goblins ambush a fighter, a rogue and a wizard (surprise, group initiative, a reaction)", Ruleset: dnd5e.RulesetID, Build: dnd5e.SampleEncounter},
		{ID: "kc-orc", Title: "Kryształy Czasu: the orc with the typical sword", Ruleset: krysztaly.RulesetID, Build: krysztaly.SampleEncounter},
	}
}

// Session lays the sample out with its dice seeded with 1 and opens a
// session of it with the rulesets of reg.
func (s Sample) Session(reg *combat.Registry) (*combat.Session, error) {
	enc, err := s.Build(1)
	if err != nil {
		return nil, err
	}
	return combat.NewSession(reg, enc)
}

// Find returns the sample with the given ID.
func Find(id string) (Sample, bool) {
	for _, s := range Samples() {
		if s.ID == id {
			return s, true
		}
	}
	return Sample{}, false
}
