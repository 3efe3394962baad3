package tactics

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

func dests(r Reachable) map[grid.Square]Dest {
	out := map[grid.Square]Dest{}
	for _, d := range r.Dests {
		out[d.At] = d
	}
	return out
}

// TestReachableOccupancy checks K-GRID-2, K-GRID-4 and K-SIZE-2: a mover
// passes through allies but stops only where there is room, never enters
// an undefeated enemy's square, and may cross a downed enemy's square.
func TestReachableOccupancy(t *testing.T) {
	b := scene(t, `
		#######
		A.BC.x.
		#######`, map[string]func(*Creature){
		"C": func(c *Creature) { c.At = sq(2, 1) }, // two humans fill (2,1)
		"x": func(c *Creature) { c.Side = "X" },
	})
	r, _ := b.Reachable("A", Move{Mode: Normal})
	got := dests(r)
	if d, ok := got[sq(2, 1)]; !ok || d.Room {
		t.Errorf("full ally square: %+v, want passable without room", d)
	}
	if d, ok := got[sq(3, 1)]; !ok || !d.Room || d.Cost != 3 {
		t.Errorf("square past the allies: %+v", d)
	}
	if _, ok := got[sq(5, 1)]; ok {
		t.Error("entered an enemy's square")
	}
	if _, err := b.Walk("A", Move{Mode: Normal}, []grid.Square{sq(0, 1), sq(1, 1), sq(2, 1)}); err == nil {
		t.Error("ended a move in a full square")
	}
	down := scene(t, `
		#######
		A.x....
		#######`, map[string]func(*Creature){"x": func(c *Creature) { c.Down = true }})
	if _, ok := dests(must(down.Reachable("A", Move{Mode: Normal})))[sq(3, 1)]; !ok {
		t.Error("a downed enemy still blocks its square")
	}
}

// TestSafestPath checks that SafestPath avoids an OA the engine's shortest
// path provokes, and weighs OAs when told to (K-OA-1, K-OA-8).
func TestSafestPath(t *testing.T) {
	b := scene(t, `
		.......
		.A.d...
		.......
		.......`, map[string]func(*Creature){"A": func(c *Creature) { c.Speed, c.Dex = SpeedVeryFast, 20 }})
	mv := Move{Mode: Normal}
	short, err := b.Path("A", mv, sq(6, 1))
	if err != nil {
		t.Fatal(err)
	}
	safe, err := b.SafestPath("A", mv, sq(6, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(short.OAs) != 1 || short.Cost != 5 || len(safe.OAs) != 0 || safe.Cost != 6 {
		t.Errorf("shortest %d OAs, cost %d; safest %d OAs, cost %d, path %v", len(short.OAs), short.Cost, len(safe.OAs), safe.Cost, safe.Path)
	}

	two := scene(t, `
		.......
		...x...
		A#####.
		...y...
		.......`, map[string]func(*Creature){"A": func(c *Creature) { c.Speed, c.Dex = SpeedVeryFast, 20 }})
	for _, tt := range []struct{ heavy, want string }{{"x", "y"}, {"y", "x"}} {
		weigh := func(oa OA) int {
			if oa.By == tt.heavy {
				return 5
			}
			return 1
		}
		p, err := two.SafestPath("A", mv, sq(6, 2), weigh)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.OAs) != 1 || p.OAs[0].By != tt.want || p.Weight != 1 {
			t.Errorf("with %s heavy: OAs %v weight %d, want one from %s", tt.heavy, events(p), p.Weight, tt.want)
		}
	}
	if _, err := two.SafestPath("A", mv, sq(1, 2), nil); err == nil {
		t.Error("safest path into a wall")
	}
}

// TestNewBattleRejects checks input validation with typed errors.
func TestNewBattleRejects(t *testing.T) {
	m := grid.Map{W: 3, H: 3, Walls: []grid.Square{{X: 1, Y: 1}}}
	human := func(id, side string, x, y int) Creature {
		return Creature{ID: id, Side: side, At: sq(x, y), Size: grid.SizeHuman, Speed: SpeedNormal}
	}
	tests := []struct {
		name string
		cs   []Creature
		rule combat.RuleID
	}{
		{"on a wall", []Creature{human("a", "A", 1, 1)}, "K-GRID-2"},
		{"off the map", []Creature{human("a", "A", 3, 0)}, "K-GRID-2"},
		{"over capacity", []Creature{human("a", "A", 0, 0), human("b", "A", 0, 0), human("c", "A", 0, 0)}, "K-SIZE-2"},
		{"bad size", []Creature{{ID: "a", Side: "A", Speed: SpeedNormal}}, "K-SIZE-1"},
		{"bad speed", []Creature{{ID: "a", Side: "A", Size: grid.SizeHuman, Speed: "warp"}}, "K-MOVE-1"},
		{"ally in E(D)", []Creature{human("a", "A", 0, 0), {ID: "b", Side: "A", At: sq(0, 1), Size: grid.SizeHuman, Speed: SpeedNormal, EngagedBy: []string{"a"}}}, "K-PIN-9"},
		{"giant off the map", []Creature{{ID: "g", Side: "A", At: sq(2, 2), Size: grid.SizeGiant, Speed: SpeedNormal}}, "K-GRID-2"},
		{"crowd of gorgs", crowd(64), "K-SIZE-2"},
		{"endless giant", []Creature{{ID: "g", Side: "A", Size: grid.SizeGiant, Footprint: 5000, Speed: SpeedNormal}}, "K-SIZE-3"},
		{"negative pin bonus", []Creature{{ID: "a", Side: "A", Size: grid.SizeHuman, Speed: SpeedNormal, PinBonus: -1}}, "K-PIN-4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewBattle(m, tt.cs)
			var re *combat.RuleError
			if !errors.As(err, &re) || re.Rule != tt.rule {
				t.Errorf("NewBattle: %v, want a %s error", err, tt.rule)
			}
		})
	}
}

// crowd returns n gorgs in one square.
func crowd(n int) []Creature {
	var cs []Creature
	for k := range n {
		cs = append(cs, Creature{ID: fmt.Sprint("g", k), Side: "A", Size: grid.SizeGorg, Speed: SpeedNormal})
	}
	return cs
}

// TestReachableMatchesBruteForce compares the mover's reachable squares and
// their costs with a brute-force enumeration of step sequences on seeded
// random maps with walls, allies and enemies (K-GRID-2, K-GRID-4).
func TestReachableMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 35))
	for trial := range 150 {
		w, h := 3+rng.IntN(5), 3+rng.IntN(5)
		rows := make([][]byte, h)
		allies, enemies := []byte("ABCDEFGHIJKL"), []byte("abcdefghijkl")
		for y := range rows {
			rows[y] = make([]byte, w)
			for x := range rows[y] {
				rows[y][x] = ".........##eeaa"[rng.IntN(15)]
				switch {
				case rows[y][x] == 'e' && len(enemies) > 0:
					rows[y][x], enemies = enemies[0], enemies[1:]
				case rows[y][x] == 'a' && len(allies) > 0:
					rows[y][x], allies = allies[0], allies[1:]
				case rows[y][x] == 'e' || rows[y][x] == 'a':
					rows[y][x] = '.'
				}
			}
		}
		rows[rng.IntN(h)][rng.IntN(w)] = 'M'
		text := ""
		for _, r := range rows {
			text += string(r) + "\n"
		}
		b := scene(t, text, map[string]func(*Creature){"M": func(c *Creature) { c.Speed, c.Dex = SpeedFast, 3+rng.IntN(18) }})
		r, err := b.Reachable("M", Move{Mode: Normal})
		if err != nil {
			t.Fatal(err)
		}
		want := bruteMoves(rows, r.Budget.Squares)
		got := map[grid.Square]int{}
		for _, d := range r.Dests {
			got[d.At] = d.Cost
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d, budget %d:\n%sgot  %v\nwant %v", trial, r.Budget.Squares, text, got, want)
		}
	}
}

// bruteMoves enumerates every sequence of up to budget king moves from M
// that stays on the map, off walls ('#') and off enemies (lower case), and
// does not cut a corner between two walls; it returns the fewest steps to
// each square other than the start.
func bruteMoves(rows [][]byte, budget int) map[grid.Square]int {
	open := func(x, y int) bool {
		return y >= 0 && y < len(rows) && x >= 0 && x < len(rows[0]) && rows[y][x] != '#'
	}
	var start grid.Square
	for y, r := range rows {
		if i := slices.Index(r, 'M'); i >= 0 {
			start = sq(i, y)
		}
	}
	best := map[grid.Square]int{}
	var walk func(s grid.Square, n int)
	walk = func(s grid.Square, n int) {
		if old, ok := best[s]; ok && old <= n {
			return
		}
		best[s] = n
		if n == budget {
			return
		}
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				x, y := s.X+dx, s.Y+dy
				if (dx == 0 && dy == 0) || !open(x, y) || (rows[y][x] >= 'a' && rows[y][x] <= 'z') {
					continue
				}
				if dx != 0 && dy != 0 && !open(s.X+dx, s.Y) && !open(s.X, s.Y+dy) {
					continue
				}
				walk(sq(x, y), n+1)
			}
		}
	}
	walk(start, 0)
	delete(best, start)
	return best
}
