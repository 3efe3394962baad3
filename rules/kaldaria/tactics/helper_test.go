package tactics

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"unicode"

	"battlemat/rules/grid"
)

// scene parses an ASCII map (see grid.Parse) in which every letter is a
// creature named by the letter: upper case on side "A", lower case on side
// "b". A letter on several squares is a giant whose footprint is the
// block they form. Creatures are humans of normal speed with Dexterity and
// Fitness 12; initiative follows the order of their letters. tweak adjusts
// them by ID before the battle is built.
func scene(t testing.TB, text string, tweak map[string]func(*Creature)) *Battle {
	t.Helper()
	b, err := build(text, tweak)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// build is scene without a test: it returns the error.
func build(text string, tweak map[string]func(*Creature)) (*Battle, error) {
	m, marks, err := grid.Parse(text)
	if err != nil {
		return nil, err
	}
	var cs []Creature
	for r, ss := range marks {
		if !unicode.IsLetter(r) {
			continue
		}
		c := Creature{ID: string(r), Side: "A", At: ss[0], Size: grid.SizeHuman, Speed: SpeedNormal, Dex: 12, Fitness: 12, Initiative: int(r)}
		if unicode.IsLower(r) {
			c.Side = "b"
		}
		if len(ss) > 1 {
			c.Size, c.Footprint = grid.SizeGiant, int(math.Sqrt(float64(len(ss))))
		}
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b Creature) int { return a.Initiative - b.Initiative })
	for i := range cs {
		if f := tweak[cs[i].ID]; f != nil {
			f(&cs[i])
		}
	}
	for id := range tweak {
		if !slices.ContainsFunc(cs, func(c Creature) bool { return c.ID == id }) {
			return nil, fmt.Errorf("tweak for unknown creature %q", id)
		}
	}
	return NewBattle(m, cs)
}

// engaged returns a tweak setting a creature's engagement list.
func engaged(ids ...string) func(*Creature) {
	return func(c *Creature) { c.EngagedBy = ids }
}

// sq is a short square literal for tests.
func sq(x, y int) grid.Square { return grid.Square{X: x, Y: y} }

// stored returns copies of the creatures b was built from, as given.
func stored(b *Battle) []Creature {
	out := make([]Creature, len(b.cs))
	for i, c := range b.cs {
		out[i] = *c
	}
	return clone(out)
}
