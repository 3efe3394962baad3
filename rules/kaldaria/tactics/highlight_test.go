package tactics

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"battlemat/rules/grid"
)

// TestHighlightMatchesQueries checks that the combined selection query
// gives the same answers as the single queries it stands for.
func TestHighlightMatchesQueries(t *testing.T) {
	battles := map[string]*Battle{
		"bench": benchBattle(t),
		"small": scene(t, `
			.........
			..#x.....
			..#.A.y..
			..###....`, map[string]func(*Creature){"A": func(c *Creature) { c.Speed = SpeedFast }}),
	}
	ids := map[string]string{"bench": "sel", "small": "A"}
	for name, b := range battles {
		t.Run(name, func(t *testing.T) {
			id := ids[name]
			h, err := b.Highlight(id)
			if err != nil {
				t.Fatal(err)
			}
			for k, mode := range []Mode{Normal, Charge, Retreat} {
				want, _ := b.Reachable(id, Move{Mode: mode})
				if !reflect.DeepEqual(h.Moves[k], want) {
					t.Errorf("%s moves differ:\n%+v\n%+v", mode, h.Moves[k], want)
				}
			}
			if th, _ := b.Threats(id, Move{Mode: Normal}); !reflect.DeepEqual(h.Threats, th) {
				t.Error("threats differ")
			}
			if p, _ := b.Pins(id); !reflect.DeepEqual(h.Pins, p) {
				t.Error("pins differ")
			}
			for _, tc := range h.Tiers {
				if want, _ := b.Tier(id, tc.Defender); !reflect.DeepEqual(tc, want) {
					t.Errorf("tier against %s differs", tc.Defender)
				}
			}
			for _, d := range h.Moves[1].Dests {
				p, err := b.Path(id, Move{Mode: Charge}, d.At)
				if err != nil && d.Room {
					t.Fatalf("path to %v: %v", d.At, err)
				}
				if err == nil && (p.Cost != d.Cost || len(p.OAs) != d.OAs) {
					t.Fatalf("path to %v: cost %d with %d OAs; reachable says %d with %d", d.At, p.Cost, len(p.OAs), d.Cost, d.OAs)
				}
			}
		})
	}
}

// TestCreatureJSON pins the JSON shape of the input type.
func TestCreatureJSON(t *testing.T) {
	c := Creature{ID: "ogre", Side: "red", At: grid.Square{X: 2, Y: 3}, Size: grid.SizeOgre, Speed: SpeedSlow,
		Dex: 9, Fitness: 16, HeavyArmour: true, PinBonus: 1, Paralysed: true, Hidden: true, NoticedBy: []string{"elf"},
		EngagedBy: []string{"elf", "dwarf"}, OAsMade: []string{"gnome"}, Initiative: 4}
	out, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"ogre","side":"red","at":{"x":2,"y":3},"size":3,"speed":"slow","dex":9,"fitness":16,"heavyArmour":true,"pinBonus":1,"paralysed":true,"hidden":true,"noticedBy":["elf"],"oasMade":["gnome"],"engagedBy":["elf","dwarf"],"initiative":4}`
	if string(out) != want {
		t.Errorf("JSON\n%s\nwant\n%s", out, want)
	}
	var back Creature
	if err := json.Unmarshal(out, &back); err != nil || !reflect.DeepEqual(back, c) {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

// Example of the selection overlay a battlemap draws for the human A: the
// squares it can reach with a normal move (their cost; '!' where the
// engine's path provokes an opportunity attack: A starts beside the enemy
// x, so every square out of x's reach costs one), and then the path to one
// square with the attack it provokes.
func Example() {
	text := `
		.......
		..#x...
		..#A...
		..###..`
	b, err := build(text, nil)
	if err != nil {
		panic(err)
	}
	m := b.Board().Map()
	r, _ := b.Reachable("A", Move{Mode: Normal})
	layer := map[grid.Square]rune{}
	for _, d := range r.Dests {
		layer[d.At] = rune('0' + d.Cost)
		if d.OAs > 0 {
			layer[d.At] = '!'
		}
	}
	fmt.Print(grid.Format(m, grid.Layers(layer, grid.Paint('A', grid.Square{X: 3, Y: 2}), grid.Paint('x', grid.Square{X: 3, Y: 1}))))
	p, _ := b.Path("A", Move{Mode: Normal}, grid.Square{X: 6, Y: 3})
	fmt.Println(p.Path)
	for _, oa := range p.OAs {
		fmt.Printf("step %d: %s makes a %s OA, %+d to hit, damage ×%d/%d %v\n", oa.Step, oa.By, oa.Kind,
			oa.Modifiers[0].Value, oa.DamageNum, oa.DamageDen, oa.Rules)
	}
	// Output:
	// ..322!!
	// ..#x1!!
	// ..#A1!!
	// ..###!!
	// [{3 2} {4 2} {5 2} {6 3}]
	// step 1: x makes a normal OA, +2 to hit, damage ×3/2 [K-OA-1 K-RES-3 K-OA-10 K-OA-2 K-MOVE-6]
}
