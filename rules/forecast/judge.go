package forecast

import (
	"encoding/json"

	"battlemat/rules/cairn"
	"battlemat/rules/combat"
	"battlemat/rules/dnd5e"
	"battlemat/rules/kaldaria/encounter"
)

// judge is what a forecast needs to know about a ruleset beyond the
// engine's queries: whether a creature is still fighting and whether it is
// dead. The engine's combat.IsUp is the base of both.
type judge struct {
	// out reports conditions, beyond the engine's IsUp, in which a
	// creature no longer fights (nil: none).
	out func(c combat.Combatant) bool
	// dead reports whether a creature is dead (nil: never, unless
	// deathLine says; the ruleset leaves death to the GM).
	dead func(c combat.Combatant) bool
	// deathLine returns the HP below which a creature with stat block
	// profile is dead, ok false when the block cannot be read (nil: dead
	// alone decides). A forecast reads it once per stat block it starts
	// with (lines).
	deathLine func(profile json.RawMessage) (line int, ok bool)
}

// judges holds each ruleset's judge by ID; a ruleset not listed is judged
// by IsUp alone and never dead.
var judges = map[string]judge{
	// K-HP-3: down at 0 HP, dead below minus the life-force bonus, which
	// is never negative: a creature with HP left is not read further.
	encounter.RulesetID: {deathLine: func(profile json.RawMessage) (int, bool) {
		s, err := encounter.DecodeSheet(profile)
		return -s.Stats.LifeForce, err == nil
	}},
	// DND-ND-5 leaves death to the GM; massive damage kills outright when
	// the damage left over at 0 HP reaches the HP maximum (SRD).
	dnd5e.RulesetID: {dead: func(c combat.Combatant) bool { return c.HP <= -c.Stats.MaxHP }},
	// CA-CRIT-2, CA-CRIT-5, CA-MORALE-2: critical damage leaves a crawl
	// and no attack, a fleeing creature leaves; both are out of the fight.
	cairn.RulesetID: {
		out: func(c combat.Combatant) bool {
			w, ok := cairnWounds(c)
			return ok && (w.Status.Critical || w.Status.Fleeing)
		},
		dead: func(c combat.Combatant) bool {
			w, ok := cairnWounds(c)
			return ok && w.Status.Dead
		},
	},
}

// cairnWounds decodes a DAIRN combatant's wounds.
func cairnWounds(c combat.Combatant) (cairn.Wounds, bool) {
	var w cairn.Wounds
	if len(c.RoundState) == 0 || json.Unmarshal(c.RoundState, &w) != nil {
		return w, false
	}
	return w, true
}

// judgeOf returns the judge of a ruleset.
func judgeOf(id string) judge { return judges[id] }

// fighting reports whether combatant id is still in the fight.
func (j judge) fighting(rs combat.Ruleset, enc combat.Encounter, id string) bool {
	up, err := combat.IsUp(rs, enc, id)
	if err != nil || !up {
		return false
	}
	if j.out == nil {
		return true
	}
	c, _ := enc.Combatant(id)
	return !j.out(c)
}

// isDead reports whether c is dead.
func (j judge) isDead(c combat.Combatant) bool {
	if j.deathLine != nil {
		line, ok := j.deathLine(c.Profile)
		return ok && c.HP < line
	}
	return j.dead != nil && j.dead(c)
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
		line, ok := j.deathLine(c.Profile)
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
