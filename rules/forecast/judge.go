package forecast

import (
	"encoding/json"

	"battlemat/rules/combat"
)

// judge is what a forecast needs to know about a ruleset beyond the
// engine's queries: whether a creature is still fighting and whether it is
// dead (ENG-FATE-1). The engine's combat.IsUp is the base of both; the
// ruleset's optional capabilities say the rest.
type judge struct {
	// out reports conditions, beyond the engine's IsUp, in which a
	// creature no longer fights (nil: none).
	out combat.Outer
	// dead reports whether a creature is dead (nil: never, unless
	// deathLine says; the ruleset leaves death to the GM).
	dead combat.Mortal
	// deathLine gives the HP below which a creature with a stat block is
	// dead (nil: dead alone decides). A forecast reads it once per stat
	// block it starts with (lines).
	deathLine combat.DeathLiner
}

// judgeOf returns the judge of ruleset rs: its capabilities, where it
// has them.
func judgeOf(rs combat.Ruleset) judge {
	var j judge
	j.out, _ = rs.(combat.Outer)
	j.dead, _ = rs.(combat.Mortal)
	j.deathLine, _ = rs.(combat.DeathLiner)
	return j
}

// fighting reports whether combatant id is still in the fight.
func (j judge) fighting(rs combat.Ruleset, enc combat.Encounter, id string) bool {
	up, err := combat.IsUp(rs, enc, id)
	if err != nil || !up {
		return false
	}
	if j.out == nil {
		return true
	}
	out, err := j.out.Out(enc, id)
	return err == nil && !out
}

// isDead reports whether c is dead.
func (j judge) isDead(c combat.Combatant) bool {
	if j.deathLine != nil {
		line, ok := j.deathLine.DeathLine(c.Profile)
		return ok && c.HP < line
	}
	return j.dead != nil && j.dead.Dead(c)
}

// deathLines are the death lines (judge.deathLine) of the stat blocks of
// a forecast's start, read once, by combatant.
type deathLines struct {
	profiles []json.RawMessage // the stat blocks they were read from
	lines    []int
	ok       []bool
}

// lines reads the death lines of cs's stat blocks, none when the judge
// has no death line.
func (j judge) lines(cs []combat.Combatant) deathLines {
	var d deathLines
	if j.deathLine == nil {
		return d
	}
	for _, c := range cs {
		line, ok := j.deathLine.DeathLine(c.Profile)
		d.profiles, d.lines, d.ok = append(d.profiles, c.Profile), append(d.lines, line), append(d.ok, ok)
	}
	return d
}

// isDeadAt reports whether c, combatant i of the start that d was read
// from, is dead: from d while it has the stat block it started with.
func (j judge) isDeadAt(d deathLines, i int, c combat.Combatant) bool {
	if i < len(d.profiles) && sameBytes(c.Profile, d.profiles[i]) {
		return d.ok[i] && c.HP < d.lines[i]
	}
	return j.isDead(c)
}

// sameBytes reports whether a and b hold the same bytes, without reading
// them when they are the same slice (the engine only ever replaces a stat
// block, so a fight's shares its start's).
func sameBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0] || string(a) == string(b)
}
