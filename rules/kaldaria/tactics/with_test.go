package tactics

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// withBattles are battles with engagement, pins, back protection, allies
// to pass through and a giant, for the differential tests below.
func withBattles(t *testing.T) map[string]*Battle {
	return map[string]*Battle{
		"bench": benchBattle(t),
		"engaged": scene(t, `
			.........
			..#x.B...
			..#.A.y..
			..##CzD..
			.........`, map[string]func(*Creature){
			"A": func(c *Creature) { c.Speed, c.EngagedBy = SpeedFast, []string{"x", "y"} },
			"z": func(c *Creature) { c.EngagedBy = []string{"C", "D"} },
			"y": func(c *Creature) { c.OAsMade = []string{"B"} },
		}),
		"giant": scene(t, `
			.......
			.GG.a..
			.GGb...
			...#...`, nil),
	}
}

// movers are the creatures the differential tests below move: four of the
// large battle, every creature of the others.
func movers(name string, b *Battle) []string {
	if name == "bench" {
		return []string{"sel", "near0", "c7", "c8"}
	}
	var ids []string
	for _, c := range b.cs {
		ids = append(ids, c.ID)
	}
	return ids
}

// around lists the squares of the map within three of creature id's.
func around(b *Battle, id string) []grid.Square {
	m, c := b.board.Map(), b.cs[b.byID[id]]
	var out []grid.Square
	for y := max(0, c.At.Y-3); y < min(m.H, c.At.Y+4); y++ {
		for x := max(0, c.At.X-3); x < min(m.W, c.At.X+4); x++ {
			out = append(out, grid.Square{X: x, Y: y})
		}
	}
	return out
}

// TestWithMatchesNewBattle checks that moving one creature with With
// builds the battle NewBattle builds from the moved creatures, for every
// creature (four of the large battle) and every square within three of
// it, errors included.
func TestWithMatchesNewBattle(t *testing.T) {
	for name, b := range withBattles(t) {
		t.Run(name, func(t *testing.T) {
			for _, id := range movers(name, b) {
				for _, at := range around(b, id) {
					cs := stored(b)
					cs[b.byID[id]].At = at
					want, werr := NewBattle(b.board.Map(), cs)
					got, gerr := b.With(id, at)
					if werr != nil || gerr != nil {
						var we, ge *combat.RuleError
						if !errors.As(werr, &we) || !errors.As(gerr, &ge) || !reflect.DeepEqual(we, ge) {
							t.Fatalf("%s at %v: error %v, want %v", id, at, gerr, werr)
						}
						continue
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s at %v: the battles differ", id, at)
					}
				}
			}
		})
	}
}

// TestTierFromMatchesWith checks that TierFrom answers as Tier on the
// battle With builds, errors included, for every attacker (four of the
// large battle), every defender and every square within three of the
// attacker, the whole map for the small battles.
func TestTierFromMatchesWith(t *testing.T) {
	for name, b := range withBattles(t) {
		t.Run(name, func(t *testing.T) {
			for _, id := range movers(name, b) {
				for _, at := range around(b, id) {
					w, moveErr := b.With(id, at)
					for _, d := range append(stored(b), Creature{ID: "nobody"}) {
						got, gerr := b.TierFrom(id, at, d.ID)
						want, werr := TierCheck{}, moveErr
						if moveErr == nil {
							want, werr = w.Tier(id, d.ID)
						}
						if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() || !reflect.DeepEqual(got, want) {
							t.Fatalf("%s at %v on %s: %+v, %v; want %+v, %v", id, at, d.ID, got, gerr, want, werr)
						}
					}
				}
			}
		})
	}
}

// TestStepMatchesWalk checks that Step accepts, refuses and reports
// attackers exactly as Walk does on the one-step path, for every creature,
// movement type and step.
func TestStepMatchesWalk(t *testing.T) {
	for name, b := range withBattles(t) {
		t.Run(name, func(t *testing.T) {
			for _, c := range b.cs {
				for _, mv := range []Move{{Mode: Normal}, {Mode: Charge}, {Mode: Retreat}, {Mode: Charge, QuickLeap: true}} {
					for _, d := range grid.Directions {
						to := c.At.Add(d)
						plan, werr := b.Walk(c.ID, mv, []grid.Square{c.At, to})
						got, gerr := b.Step(c.ID, mv, to)
						if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
							t.Fatalf("%s %v to %v: error %v, want %v", c.ID, mv, to, gerr, werr)
						}
						var want []string
						for _, oa := range plan.OAs {
							want = append(want, oa.By)
						}
						if !slices.Equal(got, want) {
							t.Fatalf("%s %v to %v: attackers %v, want %v", c.ID, mv, to, got, want)
						}
					}
				}
			}
		})
	}
}

// TestUpdateMatchesNewBattle checks that Update with one or two creatures
// changed in any field the battle reads builds the battle NewBattle builds
// from the changed creatures, errors included: moved, downed, paralysed,
// hidden, grown, engaged anew or on the other side, alone and in pairs.
func TestUpdateMatchesNewBattle(t *testing.T) {
	changes := map[string]func(c *Creature, b *Battle){
		"down":      func(c *Creature, _ *Battle) { c.Down = !c.Down },
		"paralysed": func(c *Creature, _ *Battle) { c.Paralysed = !c.Paralysed },
		"hidden":    func(c *Creature, _ *Battle) { c.Hidden, c.NoticedBy = !c.Hidden, nil },
		"ogre": func(c *Creature, _ *Battle) {
			if c.Size != grid.SizeGiant {
				c.Size = grid.SizeOgre
			}
		},
		"gorg": func(c *Creature, _ *Battle) {
			if c.Size != grid.SizeGiant {
				c.Size = grid.SizeGorg
			}
		},
		"pin-bonus": func(c *Creature, _ *Battle) { c.PinBonus = 3 - c.PinBonus },
		"east":      func(c *Creature, _ *Battle) { c.At.X++ },
		"south-west-down": func(c *Creature, _ *Battle) {
			c.At.X--
			c.At.Y++
			c.Down = true
		},
		"side":  func(c *Creature, _ *Battle) { c.Side += "'" },
		"clear": func(c *Creature, _ *Battle) { c.EngagedBy = nil },
		"engage-all": func(c *Creature, b *Battle) {
			c.EngagedBy = nil
			for _, e := range b.cs {
				if e.Side != c.Side && grid.Touching(e.Place(), c.Place()) {
					c.EngagedBy = append(c.EngagedBy, e.ID)
				}
			}
		},
	}
	for name, b := range withBattles(t) {
		ids := []string{"sel", "near0", "near1", "c7", "c8"}
		if name != "bench" {
			ids = nil
			for _, c := range b.cs {
				ids = append(ids, c.ID)
			}
		}
		for _, id := range ids {
			for _, other := range append([]string{""}, ids...) {
				for what, change := range changes {
					cs := stored(b)
					var changed []Creature
					for _, x := range []string{id, other} {
						if x == "" || x == id && len(changed) > 0 {
							continue
						}
						change(&cs[b.byID[x]], b)
						changed = append(changed, cs[b.byID[x]])
					}
					want, werr := NewBattle(b.board.Map(), cs)
					got, gerr := b.Update(changed...)
					if werr != nil || gerr != nil {
						var we, ge *combat.RuleError
						if !errors.As(werr, &we) || !errors.As(gerr, &ge) || !reflect.DeepEqual(we, ge) {
							t.Fatalf("%s: %s %s of %s, %s: error %v, want %v", name, what, id, other, what, gerr, werr)
						}
						continue
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s: %s of %s and %s: the battles differ", name, what, id, other)
					}
				}
			}
		}
	}
}

// TestCreatureEqualFields checks that Equal tells apart two creatures
// differing in any one field, so that a field added to Creature cannot be
// forgotten there (a battle is kept or updated by what Equal says).
func TestCreatureEqualFields(t *testing.T) {
	var set func(v reflect.Value)
	set = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Int:
			v.SetInt(1)
		case reflect.Uint8:
			v.SetUint(1)
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
			set(v.Index(0))
		case reflect.Struct:
			set(v.Field(0))
		default:
			t.Fatalf("no test value for a %s", v.Kind())
		}
	}
	var a Creature
	for i := range reflect.TypeFor[Creature]().NumField() {
		b := a
		set(reflect.ValueOf(&b).Elem().Field(i))
		if a.Equal(b) || b.Equal(a) {
			t.Errorf("creatures differing in %s are Equal", reflect.TypeFor[Creature]().Field(i).Name)
		}
	}
	if !a.Equal(a) {
		t.Error("a creature is not Equal to itself")
	}
}
