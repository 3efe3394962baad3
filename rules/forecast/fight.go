package forecast

import (
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// FightSeed returns the seed of fight i of a forecast seeded with seed:
// SplitMix64 of their combination (Steele, Lea and Flood 2014), so
// neighbouring fights get unrelated dice.
func FightSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// fight is one fight being played.
type fight struct {
	f      *Forecaster
	index  int
	enc    combat.Encounter
	dice   *dice.PCG
	round0 int // the round the forecast started in
	// struck is the round of the last blow, move or act: a side phase
	// resolved as a round ends reports it before the next round starts
	// in the same command, and the fight was decided in the round before.
	struck   int
	settled  bool       // the fight ended with one side (or none) standing
	turn     turnMemory // what the acting creature has done this turn
	out      []bool     // per creature: out of the fight
	escaped  []bool     // per creature: left the scene by its side's escape aim (ENG-AIM-1)
	first    int
	quiet    bool // nothing moved and nobody attacked since the round began
	stale    bool // a whole round passed in which nothing moved and nobody attacked
	commands int  // given so far
	applied  int  // commands applied so far, the fight's state counter
	// owned is set once enc shares no list it changes with the
	// forecast's starting state: after the first command, which Apply
	// plays on copies; the rest play in place (combat.ApplyOwned).
	owned bool
	// events is the list the last command played in place filled, handed
	// back for the next one's events.
	events []combat.Event
	// scratch holds the combatants of the hypothetical asked about last
	// (at).
	scratch []combat.Combatant
	// chances holds the odds asked for last (odds).
	chances []combat.Chance
	// reach is the last map reach measured (mapReach): of creature id
	// after at commands applied, partial when it stopped at its goals.
	reach struct {
		id      string
		at      int
		r       *grid.Reach
		partial bool
	}
}

// turnMemory is what a policy remembers within one creature's turn, so it
// does not try the same thing twice.
type turnMemory struct {
	id       string
	moved    bool
	extra    bool // took an action for movement or safety (Dash, Disengage)
	defended bool // took a defensive action (Dodge)
	fled     bool // made for its side's exits (ENG-AIM-1)
	charged  bool // started a charge, or ended last turn's (K-MOVE-7)
}

// begin sets up fight i: an encounter in setup is started, and the
// fight's end is checked from where it stands.
func (f *Forecaster) begin(i int) (*fight, error) {
	f.warm()
	ft := &fight{f: f, index: i, enc: f.start, dice: dice.NewPCG(FightSeed(f.set.Seed, i)), first: -1,
		out: make([]bool, len(f.start.Combatants)), escaped: make([]bool, len(f.start.Combatants))}
	if err := ft.start(); err != nil {
		return nil, err
	}
	ft.round0 = ft.enc.Round
	ft.scan()
	return ft, nil
}

// step gives the fight's next command, or reports its outcome once it is
// over: one side standing, everyone down, the round cap, or a full round
// in which nothing moved and nobody attacked (a stalemate).
func (ft *fight) step() (outcome, bool, error) {
	if w, over := ft.over(); over {
		return ft.outcome(w), true, nil
	}
	if ft.commands++; ft.commands > maxCommands {
		return outcome{}, false, &RefusedError{Fight: ft.index, Command: combat.End{}, Err: combat.Invalid("", "forecast", "no end after %d commands", maxCommands)}
	}
	cmd, err := ft.decide()
	if err != nil {
		return outcome{}, false, &RefusedError{Fight: ft.index, Command: combat.EndTurn{}, Err: err}
	}
	return outcome{}, false, ft.apply(cmd)
}

// start starts an encounter still in setup: initiative is rolled unless
// the GM already set an order, and the creatures marked surprised start
// surprised (DND-STEP-3, DND-STEP-4).
func (ft *fight) start() error {
	if ft.enc.Phase != combat.PhaseSetup {
		return nil
	}
	if len(ft.enc.Order) == 0 {
		if err := ft.apply(combat.RollInitiative{}); err != nil {
			return err
		}
	}
	var surprised []string
	for _, c := range ft.enc.Combatants {
		if c.Surprised {
			surprised = append(surprised, c.ID)
		}
	}
	return ft.apply(combat.Start{Surprised: surprised})
}

// apply applies one command and watches what it did.
func (ft *fight) apply(cmd combat.Command) error {
	var next combat.Encounter
	var events []combat.Event
	var err error
	if ft.owned && !ft.f.copying {
		next, events, err = combat.ApplyOwned(ft.f.rs, ft.enc, cmd, ft.dice, ft.events[:0])
		ft.events = events
	} else {
		next, events, err = combat.Apply(ft.f.rs, ft.enc, cmd, ft.dice)
	}
	if err != nil {
		return &RefusedError{Fight: ft.index, Command: cmd, Err: err}
	}
	round := ft.enc.Round // the round the command began in
	ft.enc, ft.owned = next, true
	ft.applied++
	rescan := false
	for _, ev := range events {
		switch ev.Type() {
		case combat.RoundStarted:
			round = ev.Round
			ft.stale = ft.stale || ft.quiet && ev.Round > ft.round0
			ft.quiet = true
			rescan = true
		case combat.Moved:
			ft.quiet = false
			ft.struck = round
		case combat.AttackResolved, combat.AttackDeclared, combat.AttackScheduled, combat.PhaseHitResolved,
			combat.SegmentResolved, combat.ActResolved:
			// A blow struck, or declared for a side phase or a segment
			// to resolve (ENG-PHASE-2, ENG-TL-2): the fight is moving.
			ft.quiet = false
			ft.struck = round
			rescan = true
		case combat.TurnStarted:
			ft.turn = turnMemory{id: ev.Actor}
		case combat.Downed, combat.HPChanged, combat.ActionUsed, combat.Fled, combat.ConditionAdded:
			ft.struck = round
			rescan = true
		}
	}
	if rescan {
		ft.scan()
	}
	return nil
}

// scan updates who is out of the fight, noting the first to drop; a
// creature standing on an exit of its side's escape aim is out too, not
// dropped but gone (ENG-AIM-1).
func (ft *fight) scan() {
	for i, c := range ft.enc.Combatants {
		if ft.out[i] {
			continue
		}
		if ft.enc.Escaped(c) {
			ft.out[i], ft.escaped[i] = true, true
			continue
		}
		if !ft.f.judge.fighting(ft.f.rs, ft.enc, c.ID) {
			ft.out[i] = true
			if ft.first < 0 && ft.enc.Phase != combat.PhaseSetup {
				ft.first = i
			}
		}
	}
}

// over reports whether the fight has ended, and the winning side's index
// (-1 for a draw).
func (ft *fight) over() (int, bool) {
	standing := -1
	for i := range ft.enc.Combatants {
		if ft.out[i] {
			continue
		}
		s := ft.f.sideOf[i]
		if standing >= 0 && standing != s {
			standing = -2
			break
		}
		standing = s
	}
	switch {
	case standing == -1: // everyone is down or gone
		ft.settled = true
		return ft.aimMet(-1), true
	case standing >= 0:
		ft.settled = true
		return ft.aimMet(standing), true
	case ft.enc.Phase == combat.PhaseEnded, ft.rounds() > ft.f.set.RoundCap:
		return -1, true
	case ft.stale && ft.enc.Pending == nil:
		return -1, true // a whole round without a step or a blow: a stalemate
	}
	return 0, false
}

// aimMet returns the winner of a fight in which at most the side standing
// still fights: a side with an escape aim that got a creature out wins,
// having met its aim, whoever is left on the field (ENG-AIM-1); otherwise
// the side standing, or -1 for a draw.
func (ft *fight) aimMet(standing int) int {
	for i, gone := range ft.escaped {
		if gone && ft.f.sideOf[i] != standing {
			return ft.f.sideOf[i]
		}
	}
	return standing
}

// rounds is the number of rounds played since the forecast began.
func (ft *fight) rounds() int { return ft.enc.Round - ft.round0 + 1 }

// outcome sums up the ended fight.
func (ft *fight) outcome(winner int) outcome {
	n := len(ft.enc.Combatants)
	rounds := ft.rounds()
	if ft.settled {
		rounds = max(ft.struck, ft.round0) - ft.round0 + 1
	}
	o := outcome{winner: winner, rounds: min(rounds, ft.f.set.RoundCap), first: ft.first,
		down: make([]bool, n), dead: make([]bool, n), escaped: slices.Clone(ft.escaped), hpLost: make([]int, len(ft.f.sides))}
	for i, c := range ft.enc.Combatants {
		o.byAim = o.byAim || ft.escaped[i] && ft.f.sideOf[i] == winner
		o.down[i] = ft.out[i] && !ft.escaped[i]
		o.dead[i] = ft.f.judge.isDeadAt(ft.f.lines, i, c)
		start := ft.f.start.Combatants[i].HP
		if lost := start - max(c.HP, 0); lost > 0 {
			o.hpLost[ft.f.sideOf[i]] += lost
		}
	}
	return o
}

// decide asks the policy of whoever must act for the next command.
func (ft *fight) decide() (combat.Command, error) {
	if d := ft.enc.Pending; d != nil {
		return ft.policyOf(d.Chooser).answer(ft, d), nil
	}
	id := ft.enc.Current()
	if ft.turn.id != id {
		ft.turn = turnMemory{id: id}
	}
	return ft.policyOf(id).act(ft, id)
}

// policyOf returns the policy of combatant id's side.
func (ft *fight) policyOf(id string) Policy {
	return ft.f.policy[ft.f.sides[ft.f.sideOf[ft.enc.Find(id)]]]
}
