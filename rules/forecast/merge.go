package forecast

import "battlemat/rules/combat"

// Outcome is what one fight came to, as Play returns it and Merge counts
// it: the unit in which several players (threads, workers) share out the
// fights of one forecast. Fight i always plays with the same dice, so the
// forecast that merges every fight's outcome in the order of the fights,
// and stops where Done says, is exactly the forecast played in one go.
// Creatures and sides are numbered in the order of the encounter's
// combatants (a side where its first creature stands); the short JSON
// names keep a worker's message of many outcomes small.
type Outcome struct {
	Winner  int   `json:"w"`           // side index, -1 for a draw
	ByAim   bool  `json:"a,omitempty"` // the winner got a creature out by its escape aim (ENG-AIM-1)
	Rounds  int   `json:"r"`           // 1..the round cap
	First   int   `json:"f"`           // the creature to drop first, -1 for none
	Down    []int `json:"d,omitempty"` // the creatures out of the fight at its end, not by escaping
	Dead    []int `json:"x,omitempty"` // the creatures dead at its end
	Escaped []int `json:"e,omitempty"` // the creatures that left by their side's escape aim
	HPLost  []int `json:"h"`           // hit points lost, per side
}

// Play plays fight i to its end and returns what it came to, without
// counting it (Merge does): the fight is played as Run would play it, with
// its own dice, whatever was played before. It leaves the fight under way
// between Steps alone.
func (f *Forecaster) Play(i int) (Outcome, error) {
	if i < 0 || i >= MaxFights {
		return Outcome{}, combat.Invalid("", "forecast.fight", "fight %d is outside 0..%d", i, MaxFights-1)
	}
	ft, err := f.begin(i)
	if err != nil {
		return Outcome{}, err
	}
	for {
		o, over, err := ft.step()
		if err != nil {
			return Outcome{}, err
		}
		if over {
			return o.export(), nil
		}
	}
}

// Merge counts o as the outcome of the next fight, fight Played(), as
// Step would have: a caller merges the outcomes in the order of the fights
// while the forecast is not Done. An outcome that does not fit the
// forecast (another encounter's, or damaged) is refused and changes
// nothing, as is one after the forecast is Done.
func (f *Forecaster) Merge(o Outcome) error {
	if f.Done() {
		return combat.Invalid("", "forecast.outcome", "the forecast is done after %d fights", f.tally.fights)
	}
	in, err := f.imported(o)
	if err != nil {
		return err
	}
	f.tally.add(in)
	return nil
}

// export is the outcome as Play returns it.
func (o outcome) export() Outcome {
	out := Outcome{Winner: o.winner, ByAim: o.byAim, Rounds: o.rounds, First: o.first, HPLost: o.hpLost}
	for i := range o.down {
		if o.down[i] {
			out.Down = append(out.Down, i)
		}
		if o.dead[i] {
			out.Dead = append(out.Dead, i)
		}
		if o.escaped[i] {
			out.Escaped = append(out.Escaped, i)
		}
	}
	return out
}

// imported checks o against the forecast's sides, creatures and round
// cap, and returns it as the tally counts it.
func (f *Forecaster) imported(o Outcome) (outcome, error) {
	n, sides := len(f.sideOf), len(f.sides)
	bad := func(what string, args ...any) (outcome, error) {
		return outcome{}, combat.Invalid("", "forecast.outcome", what, args...)
	}
	switch {
	case o.Winner < -1 || o.Winner >= sides:
		return bad("winner %d is not a side of %d", o.Winner, sides)
	case o.ByAim && o.Winner < 0:
		return bad("a draw won by an escape")
	case o.Rounds < 1 || o.Rounds > f.set.RoundCap:
		return bad("%d rounds is outside 1..%d", o.Rounds, f.set.RoundCap)
	case o.First < -1 || o.First >= n:
		return bad("first to drop %d is not a creature of %d", o.First, n)
	case len(o.HPLost) != sides:
		return bad("hit points lost for %d sides, not %d", len(o.HPLost), sides)
	}
	in := outcome{winner: o.Winner, byAim: o.ByAim, rounds: o.Rounds, first: o.First,
		down: make([]bool, n), dead: make([]bool, n), escaped: make([]bool, n), hpLost: o.HPLost}
	for _, set := range []struct {
		ids  []int
		into []bool
	}{{o.Down, in.down}, {o.Dead, in.dead}, {o.Escaped, in.escaped}} {
		for _, i := range set.ids {
			if i < 0 || i >= n || set.into[i] {
				return bad("creature %d is not one of %d, or listed twice", i, n)
			}
			set.into[i] = true
		}
	}
	for _, h := range o.HPLost {
		if h < 0 {
			return bad("%d hit points lost", h)
		}
	}
	return in, nil
}
