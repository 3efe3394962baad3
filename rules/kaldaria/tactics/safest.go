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
	maskAt := func(s grid.Square) uint64 {
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
	maskWeight := func(m uint64) int {
		w := 0
		for k := range weight {
			if m&(1<<k) != 0 {
				w += weight[k]
			}
		}
		return w
	}
	// One step a square on a budget in squares, breadth first: each way
	// to a (square, enemies provoked) pair is the first found of the
	// fewest steps.
	r := b.board.Search(grid.Options{From: here, Radius: bu.Squares, Budget: bu.Squares,
		Cost: b.stepCost(i, mv.Mode, b.facts(i, bu.Squares)), MaxWays: MaxSafestStates,
		Tag: func(from, to grid.Square, mask uint64) uint64 {
			return mask | maskAt(from)&^maskAt(to)
		}})
	if r.Overflowed() {
		return b.path(i, mv, bu, to)
	}
	// The least weight wins, then the fewest steps, then the first found.
	var best *grid.Way
	bestW := 0
	ways := r.Ways(to)
	for k := range ways {
		if w := maskWeight(ways[k].Tag); best == nil || w < bestW {
			best, bestW = &ways[k], w
		}
	}
	if best == nil {
		return Plan{}, refuse(ReasonNoPath, "to")
	}
	p, err := b.walk(i, mv, bu, r.WayPath(*best))
	if err != nil {
		return Plan{}, err
	}
	p.Weight = bestW
	return p, nil
}
