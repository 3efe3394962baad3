package combat

import (
	"slices"

	"battlemat/rules/grid"
)

// AimEscape is the aim of a side whose creatures want off the map, not a
// fight to the last (ENG-AIM-1).
const AimEscape = "escape"

// Aim is what one side of a scene fights for when it is more than being
// the last side standing (ENG-AIM-1): with AimEscape, its creatures want
// to reach one of the exit squares, and one that stands on an exit has
// left the scene. The engine keeps aims with the encounter and checks
// their bounds; play is unchanged, and the forecast and the GM read them.
type Aim struct {
	Side  string        `json:"side"`
	Kind  string        `json:"kind"`
	Exits []grid.Square `json:"exits"` // sorted by row then column, without repeats
}

// Bounds of the aims an encounter may declare.
const (
	MaxAims  = 16  // aims in one encounter, one per side
	MaxExits = 400 // exit squares of one aim
)

// AimOf returns the aim of the given side, if the encounter declares one.
func (e Encounter) AimOf(side string) (Aim, bool) {
	for _, a := range e.Aims {
		if a.Side == side {
			return a, true
		}
	}
	return Aim{}, false
}

// Escaped reports whether combatant c stands on an exit of its side's
// escape aim: it has left the scene (ENG-AIM-1).
func (e Encounter) Escaped(c Combatant) bool {
	a, ok := e.AimOf(c.Side)
	if !ok || a.Kind != AimEscape {
		return false
	}
	_, on := slices.BinarySearchFunc(a.Exits, c.Pos, grid.Compare)
	return on
}

// validAims checks the declared aims: at most MaxAims, one per side, a
// known kind, and exits on the map in canonical order, at most MaxExits.
func validAims(e Encounter) error {
	if len(e.Aims) > MaxAims {
		return Invalid("ENG-AIM-1", "aims", "%d aims is more than %d", len(e.Aims), MaxAims)
	}
	for i, a := range e.Aims {
		if !validKey(a.Side) || slices.ContainsFunc(e.Aims[:i], func(b Aim) bool { return b.Side == a.Side }) {
			return Invalid("ENG-AIM-1", "aims", "side %q is invalid or has two aims", a.Side)
		}
		if a.Kind != AimEscape {
			return Invalid("ENG-AIM-1", "aims", "unknown aim %q of side %q", a.Kind, a.Side)
		}
		if len(a.Exits) == 0 || len(a.Exits) > MaxExits {
			return Invalid("ENG-AIM-1", "aims", "side %q has %d exits, not 1..%d", a.Side, len(a.Exits), MaxExits)
		}
		for j, s := range a.Exits {
			if !e.Map.In(s) || j > 0 && grid.Compare(a.Exits[j-1], s) >= 0 {
				return Invalid("ENG-AIM-1", "aims", "exit %s of side %q is off the map or out of order", s.Name(), a.Side)
			}
		}
	}
	return nil
}

// fitAims keeps the aims' exits that lie on map m, dropping an aim left
// without any: what remains of them after the GM resizes the map.
func fitAims(aims []Aim, m grid.Map) []Aim {
	var out []Aim
	for _, a := range aims {
		a.Exits = slices.DeleteFunc(slices.Clone(a.Exits), func(s grid.Square) bool { return !m.In(s) })
		if len(a.Exits) > 0 {
			out = append(out, a)
		}
	}
	return out
}

func cloneAims(aims []Aim) []Aim {
	out := slices.Clone(aims)
	for i := range out {
		out[i].Exits = slices.Clone(out[i].Exits)
	}
	return out
}

// AimFight is the aim of a side that fights to the last: no aim declared.
// SetAim with it clears the side's aim (ENG-AIM-2).
const AimFight = "fight"

// SetAim declares, changes or clears one side's aim by the GM's hand
// (ENG-AIM-2): AimEscape with the side's exit squares (1 … MaxExits
// on the map, taken in any order and kept sorted by row then column
// without repeats), or AimFight without exits to clear it. Like the map,
// aims may change in any phase before the end; play is unchanged.
type SetAim struct {
	Side  string        `json:"side"`
	Aim   string        `json:"aim"`
	Exits []grid.Square `json:"exits,omitempty"`
}

// Kind returns "setAim".
func (SetAim) Kind() string { return "setAim" }

// check checks what SetAim carries against the bounds a decoder enforces
// before anything is replayed: a side key, a known kind, and the number of
// exits its kind allows.
func (c SetAim) check() error {
	if !validKey(c.Side) {
		return Invalid("ENG-AIM-2", "setAim.side", "%q is not a valid side key", c.Side)
	}
	switch c.Aim {
	case AimFight:
		if len(c.Exits) > 0 {
			return Invalid("ENG-AIM-2", "setAim.exits", "side %q fights to the last and has no exits", c.Side)
		}
	case AimEscape:
		if len(c.Exits) == 0 || len(c.Exits) > MaxExits {
			return OutOfRange("ENG-AIM-2", "setAim.exits", len(c.Exits), 1, MaxExits)
		}
	default:
		return Invalid("ENG-AIM-2", "setAim.kind", "unknown aim %q", c.Aim)
	}
	return nil
}

func (c SetAim) apply(a *applier) error {
	if err := c.check(); err != nil {
		return err
	}
	exits := CanonicalWalls(c.Exits)
	for _, s := range exits {
		if !a.e.Map.In(s) {
			return Refuse("ENG-AIM-2", "setAim.exits", RefusalOffMap, "square", s.Name())
		}
	}
	aims := slices.DeleteFunc(cloneAims(a.e.Aims), func(b Aim) bool { return b.Side == c.Side })
	if c.Aim == AimEscape {
		if len(aims) >= MaxAims {
			return OutOfRange("ENG-AIM-2", "aims", len(aims)+1, 0, MaxAims)
		}
		aims = append(aims, Aim{Side: c.Side, Kind: c.Aim, Exits: exits})
	}
	if len(aims) == 0 {
		aims = nil
	}
	a.e.Aims = aims
	a.emit(Header{Rule: "ENG-AIM-2"}.With(AimChange{Side: c.Side, Exits: len(exits)}))
	return nil
}
