package tactics

import "battlemat/rules/grid"

// MaxSafestStates bounds the search of SafestPath; beyond it the engine's
// least-cost path is returned instead.
const MaxSafestStates = 1 << 18

// SafestPath returns a path to a destination anchor within the movement
// budget that minimises the total weight of the opportunity attacks it
// provokes, then its length. weigh gives each OA's weight (nil: 1 each, so
// the path with the fewest OAs). Because an enemy attacks a mover at most
// once a round (K-OA-8), the search runs over (square, set of enemies
// already provoked); it is exact up to MaxSafestStates states and 64
// eligible enemies in range, beyond which it returns Path's answer.
func (b *Battle) SafestPath(id string, mv Move, to grid.Square, weigh func(OA) int) (Plan, error) {
	i, bu, err := b.prepare(id, mv)
	if err != nil {
		return Plan{}, err
	}
	if !bu.Allowed {
		return Plan{}, refuse(bu.Reason, "mode")
	}
	if mv.Mode == Retreat {
		return b.path(i, mv, bu, to) // a fighting retreat provokes nothing (K-MOVE-9)
	}
	if weigh == nil {
		weigh = func(OA) int { return 1 }
	}
	// Give each eligible enemy in range a bit and a weight.
	here := b.cs[i].Place()
	bit := make([]uint64, len(b.cs))
	var weight []int
	for j := range b.cs {
		e := b.cs[j]
		if e.active() && b.enemies(i, j) && grid.Distance(here, e.Place()) <= bu.Squares+1 && b.barrier(j, i, mv.Mode) == "" {
			if len(weight) == 64 {
				return b.path(i, mv, bu, to)
			}
			bit[j] = 1 << len(weight)
			weight = append(weight, weigh(opportunity(0, e.ID, mv)))
		}
	}
	// reachMask[sq] has the bits of the eligible enemies in reach of a
	// mover at anchor sq (K-GRID-3): a step leaves those of its start
	// that are not in reach of its end (K-OA-1).
	win := b.window(here.At, bu.Squares)
	reachMask, known := make([]uint64, win.len()), make([]bool, win.len())
	var buf []int32
	maskAt := func(sq int32) uint64 {
		s := b.board.Square(int(sq))
		k := win.index(s)
		if !known[k] {
			buf = b.near(s, here.Side, buf[:0])
			for _, j := range buf {
				reachMask[k] |= bit[j]
			}
			known[k] = true
		}
		return reachMask[k]
	}
	type state struct {
		sq   int32
		mask uint64
	}
	maskWeight := func(m uint64) int {
		w := 0
		for k := range weight {
			if m&(1<<k) != 0 {
				w += weight[k]
			}
		}
		return w
	}
	sq := b.facts(i, bu.Squares)
	startState := state{int32(b.board.Index(here.At)), 0}
	parent := map[state]state{startState: startState}
	layer := []state{startState}
	target := int32(b.board.Index(to))
	best, bestW := state{-1, 0}, 0
	for depth := 0; depth <= bu.Squares && len(layer) > 0; depth++ {
		for _, s := range layer {
			if s.sq == target {
				if w := maskWeight(s.mask); best.sq < 0 || w < bestW {
					best, bestW = s, w
				}
			}
		}
		if depth == bu.Squares {
			break
		}
		var next []state
		for _, s := range layer {
			from := b.board.Square(int(s.sq))
			ff := grid.Footprint{At: from, Side: here.Side}
			passing := sq.at(from)&factPassing != 0
			for _, d := range grid.Directions {
				t := from.Add(d)
				if !b.board.CanStep(ff, d) || sq.at(t)&factEnterable == 0 || passing && b.provokes(i, mv.Mode, from, t) {
					continue
				}
				ti := int32(b.board.Index(t))
				ns := state{ti, s.mask | maskAt(s.sq)&^maskAt(ti)}
				if _, ok := parent[ns]; ok {
					continue
				}
				parent[ns] = s
				next = append(next, ns)
			}
		}
		if len(parent) > MaxSafestStates {
			return b.path(i, mv, bu, to)
		}
		layer = next
	}
	if best.sq < 0 {
		return Plan{}, refuse(ReasonNoPath, "to")
	}
	var path []grid.Square
	for s := best; ; s = parent[s] {
		path = append(path, b.board.Square(int(s.sq)))
		if s == startState {
			break
		}
	}
	for a, z := 0, len(path)-1; a < z; a, z = a+1, z-1 {
		path[a], path[z] = path[z], path[a]
	}
	p, err := b.walk(i, mv, bu, path)
	if err != nil {
		return Plan{}, err
	}
	p.Weight = bestW
	return p, nil
}
