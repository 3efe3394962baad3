package tactics

import (
	"encoding/json"
	"testing"

	"battlemat/rules/grid"
)

// FuzzBattle feeds arbitrary maps and creature lists to NewBattle and, when
// they are accepted, runs every query for every creature: nothing may panic,
// and every reachable square must be on the map and within the budget.
func FuzzBattle(f *testing.F) {
	f.Add("....\n.#..\n....", `[{"id":"a","side":"A","at":{"x":0,"y":0},"size":2,"speed":"normal","dex":12},{"id":"b","side":"B","at":{"x":1,"y":0},"size":4,"speed":"fast","dex":20,"engagedBy":["a"]}]`)
	f.Add("..../..../....", `[{"id":"g","side":"A","at":{"x":2,"y":1},"size":4,"footprint":2,"speed":"slow","dex":3},{"id":"h","side":"B","at":{"x":0,"y":0},"size":1,"speed":"very-fast","dex":25,"hidden":true}]`)
	f.Fuzz(func(t *testing.T, text, creatures string) {
		m, _, err := grid.Parse(text)
		if err != nil || m.W*m.H > 400 {
			return
		}
		var cs []Creature
		if json.Unmarshal([]byte(creatures), &cs) != nil || len(cs) > 12 {
			return
		}
		b, err := NewBattle(m, cs)
		if err != nil {
			return
		}
		for _, c := range cs {
			h, err := b.Highlight(c.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range h.Moves {
				for _, d := range r.Dests {
					if !m.In(d.At) || d.Cost > r.Budget.Squares {
						t.Fatalf("%s %s: dest %+v with budget %d", c.ID, r.Move.Mode, d, r.Budget.Squares)
					}
					if d.Room {
						if _, err := b.Path(c.ID, r.Move, d.At); err != nil {
							t.Fatalf("%s %s: path to %v: %v", c.ID, r.Move.Mode, d.At, err)
						}
					}
				}
			}
			for _, other := range cs {
				p, err := b.SafestPath(c.ID, Move{Mode: Charge}, other.At, nil)
				if err == nil && other.ID == c.ID && p.Cost != 0 {
					t.Fatalf("%s: a path of %d squares to its own square", c.ID, p.Cost)
				}
			}
		}
	})
}
