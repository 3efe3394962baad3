package combat

import "encoding/json"

// A fight played to its end (a forecast) asks of each creature whether it
// still fights and, once the fight is over, whether it died. Being up
// (Vitality) answers the first for most rulesets; the capabilities below
// let a ruleset say more (ENG-FATE-1). A ruleset with none of them is
// judged by being up alone, and nobody in it dies: death is left to the GM.

// Outer is implemented by rulesets in which a creature that is still up
// may have left the fight all the same (one that only crawls, one that
// flees): Out reports whether combatant id no longer fights.
type Outer interface {
	Out(enc Encounter, id string) (bool, error)
}

// Mortal is implemented by rulesets that say when a creature is dead, not
// only down: Dead reports whether c is.
type Mortal interface {
	Dead(c Combatant) bool
}

// DeathLiner is implemented by rulesets in which a creature is dead once
// its HP falls below a line its stat block sets: DeathLine returns the line
// of stat block profile, ok false when the block cannot be read. One line
// answers for every HP of a stat block, so a caller reads it once per
// stat block; a ruleset that has it needs no Mortal.
type DeathLiner interface {
	DeathLine(profile json.RawMessage) (line int, ok bool)
}
