package cairn

import (
	"encoding/json"
	"slices"
	"strconv"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// RulesetID is the ruleset's stable identifier in encounters and links.
const RulesetID = "cairn"

// MoveSquares is the default movement allowance per turn: 40 ft, 8 squares
// of 5 ft (CA-ACT-1, CA-AMB-1). A second move as the action doubles it.
const MoveSquares = 8

// DetachmentSide is the default side length of a detachment's square
// footprint, 2×2 (CA-AMB-13, illustrative).
const DetachmentSide = 2

// Ruleset plugs DAIRN into the encounter engine. It is a Profiler,
// TurnRuler, Initiator, Budgeter, Counterer, Mover, Attacker, OddsTeller, Glossarist and
// Vitality; it is deliberately not a RoundResetter, because it keeps each
// combatant's STR, DEX, WIL and conditions in Combatant.RoundState (as
// Wounds), which must survive from round to round. Combatant.HP is the current HP; the
// profile is the stat block as entered.
type Ruleset struct {
	Options Options
}

// ID returns "cairn".
func (Ruleset) ID() string { return RulesetID }

// Profile decodes and validates a stat block (DecodeCharacter) and returns
// what the turn engine needs: HP, movement in squares (CA-AMB-1), one
// action (CA-ACT-1), and a 2×2 footprint for a detachment (CA-AMB-13).
func (Ruleset) Profile(raw json.RawMessage) (combat.Stats, error) {
	c, err := DecodeCharacter(raw)
	if err != nil {
		return combat.Stats{}, err
	}
	s := combat.Stats{MaxHP: c.MaxHP, Speed: MoveSquares, Actions: 1}
	if c.Kind == Detachment {
		s.Size = DetachmentSide
	}
	return s, nil
}

// TurnRules switches off reactions: DAIRN has none, and no opportunity
// attacks (CA-AMB-17).
func (Ruleset) TurnRules() combat.TurnRules { return combat.TurnRules{} }

// Scale is DAIRN's map: squares of 5 ft, movement counted in squares
// (CA-AMB-1).
func (Ruleset) Scale() combat.Scale {
	return combat.Scale{Square: combat.Length{Hundredths: 500, Unit: "ft"}, PerSquare: 1}
}

// Counters are a DAIRN turn's resources (ENG-TURN-6): a move in squares and
// one action (CA-ACT-1).
func (Ruleset) Counters() []combat.Counter { return counters }

// counters are the turn's counters Counters gives, one list for every
// call: the engine asks for them at each step and each attack.
var counters = []combat.Counter{{Key: counterMovement, Unit: combat.UnitMovement, Use: combat.UseMove, Rule: "CA-ACT-1"},
	{Key: counterAction, Unit: combat.UnitCount, Use: combat.UseAttack, Rule: "CA-ACT-1"}}

// The keys of a DAIRN turn's counters.
const (
	counterMovement = "movement"
	counterAction   = "action"
)

// Wounds is the state DAIRN keeps beyond HP, stored in the engine's
// Combatant.RoundState: current attributes and conditions.
type Wounds struct {
	Attr   Attributes `json:"attr"`
	Status Status     `json:"status"`
}

// state returns combatant id as a Character: its stat block, with HP from
// the engine and attributes and conditions from its Wounds. A dying
// character whose deadline round has ended is dead (AdvanceDying).
func state(enc combat.Encounter, id string) (Character, combat.Combatant, error) {
	cb, ok := enc.Combatant(id)
	if !ok {
		return Character{}, cb, combat.NoCombatant("", "id", id)
	}
	c, err := memoized(enc, profileKey(cb.Profile), func() (Character, error) { return DecodeCharacter(cb.Profile) })
	if err != nil {
		return Character{}, cb, err
	}
	c.Armour, c.Weapons = slices.Clone(c.Armour), slices.Clone(c.Weapons)
	c.ID, c.HP = cb.ID, cb.HP
	if len(cb.RoundState) > 0 {
		w, err := roundWounds(enc, cb)
		if err != nil {
			return Character{}, cb, err
		}
		c.Attr, c.Status = w.Attr, w.Status
	}
	if err := c.Validate(); err != nil {
		return Character{}, cb, err
	}
	return AdvanceDying(c, enc.Round-1).Character, cb, nil
}

// roundWounds decodes combatant cb's Wounds from its round state, once per
// encounter memo.
func roundWounds(enc combat.Encounter, cb combat.Combatant) (Wounds, error) {
	return memoized(enc, woundsKey(cb.RoundState), func() (w Wounds, err error) {
		return w, combat.DecodeStrict("roundState", cb.RoundState, &w)
	})
}

// profileKey and woundsKey name a stat block and a Wounds, by their JSON,
// in an encounter's memo: the many queries asked of one state (and the
// states after it, which mostly keep the same stat blocks) decode each once.
type (
	profileKey string
	woundsKey  string
)

// memoized returns the value the encounter's memo holds under key, or
// derives it and keeps it when it decodes without error. A key is the JSON
// the value is decoded from, so a value found always matches.
func memoized[T any](enc combat.Encounter, key any, derive func() (T, error)) (T, error) {
	if v, ok := enc.Memo().Load(key); ok {
		return v.(T), nil
	}
	v, err := derive()
	if err == nil {
		enc.Memo().Store(key, v)
	}
	return v, err
}

// wounds encodes a character's Wounds for Combatant.RoundState.
func wounds(c Character) json.RawMessage {
	b, _ := json.Marshal(Wounds{Attr: c.Attr, Status: c.Status}) // plain ints and bools: cannot fail
	return b
}

// Initiative slot scores: the engine orders slots by score, best first.
const (
	scoreActs      = 1  // PC-side members acting in round 1 (CA-INIT-4)
	scoreLostTurn  = 0  // PC-side members who lost their round-1 turn (CA-INIT-2)
	scoreOpponents = -1 // each opposing side, after the PCs (CA-ROUND-3)
)

// RollInitiative runs DAIRN's round order in the engine's slots
// (CA-ALG-A step 2, DND-ENG-2 side-phase): a side with a PC in it is a PC
// side; its members (PCs and allies, CA-AMB-2) make the DEX save unless the
// GM ruled otherwise in their stat block or marked them surprised (which
// means "does not act", DND-ENG-5). Those who act fill the first slot, those
// who lost their round-1 turn the second (TurnBudget empties their round-1
// turn), and each opposing side gets one slot after them, in order of first
// listing (CA-AMB-15). Opponents never roll (CA-INIT-6). Joining after
// round 1 needs no save (CA-INIT-5).
func (Ruleset) RollInitiative(enc combat.Encounter, ids []string, r dice.Roller) ([]combat.Slot, error) {
	chars := make([]Character, len(ids))
	for i, id := range ids {
		c, _, err := state(enc, id)
		if err != nil {
			return nil, err
		}
		chars[i] = c
	}
	sides := map[string]bool{}
	for _, cb := range enc.Combatants {
		if c, err := DecodeCharacter(cb.Profile); err == nil && c.Kind == PC {
			sides[cb.Side] = true
		}
	}
	var contenders []Contender
	opponents := map[string]int{}
	var slots []combat.Slot
	for i, id := range ids {
		cb, _ := enc.Combatant(id)
		if !sides[cb.Side] {
			if at, ok := opponents[cb.Side]; ok {
				slots[at].Members = append(slots[at].Members, id)
				continue
			}
			opponents[cb.Side] = len(slots)
			slots = append(slots, combat.Slot{Members: []string{id}, Score: scoreOpponents})
			continue
		}
		w := chars[i].Initiative
		if cb.Surprised {
			w = WaiverDoesNotAct
		}
		if enc.Round > 1 {
			w = WaiverActs
		}
		contenders = append(contenders, Contender{ID: id, DEX: chars[i].Attr.DEX, Waiver: w})
	}
	init, err := ResolveInitiative(contenders, r)
	if err != nil {
		return nil, err
	}
	var pcs []combat.Slot
	if len(init.Acts) > 0 {
		pcs = append(pcs, combat.Slot{Members: init.Acts, Score: scoreActs})
	}
	if len(init.Lost) > 0 {
		pcs = append(pcs, combat.Slot{Members: init.Lost, Score: scoreLostTurn})
	}
	return append(pcs, slots...), nil
}

// SlotName names the place of slot i of enc's order, since DAIRN's scores
// only sort the sides (ENG-ORDER-9): an opposing side acts after the
// player characters' side (CA-ROUND-3, CA-INIT-6), which acts first
// (CA-ROUND-3), except those of it who lost their round-1 turn, until
// round 1 is over (CA-INIT-2, CA-INIT-5).
func (Ruleset) SlotName(enc combat.Encounter, i int) (string, combat.RuleID, bool) {
	if i < 0 || i >= len(enc.Order) {
		return "", "", false
	}
	switch s := enc.Order[i].Score; {
	case s <= scoreOpponents:
		return KeyActsAfter, "CA-ROUND-3", true
	case s == scoreLostTurn && enc.Round <= 1:
		return KeyLosesTurn, "CA-INIT-2", true
	default:
		return KeyActsFirst, "CA-ROUND-3", true
	}
}

// Up reports whether combatant id is still in the fight for the engine:
// whether it takes turns and keeps its side standing. HP at 0 alone does
// not stop a character (CA-DMG-6), and a critically damaged one still
// crawls (CA-CRIT-5, CA-AMB-9); it is out when dead (CA-CRIT-2, CA-CRIT-6,
// CA-CRIT-7, CA-ATTR-2, CA-DET-3), unable to act after losing all its DEX
// or WIL until restored (CA-ATTR-3), or gone from the fight by escaping or
// surrendering (CA-AMB-12).
func (Ruleset) Up(enc combat.Encounter, id string) (bool, error) {
	c, _, err := state(enc, id)
	if err != nil {
		return false, err
	}
	s := c.Status
	return !s.Dead && !s.Escaped && !s.Surrendered && !c.Paralysed() && !c.Delirious(), nil
}

// TurnBudget gives a turn's movement and action (CA-ACT-1, CA-AMB-1): none
// in round 1 for a PC-side member who lost its turn (CA-INIT-2); a crawl of
// one square and no action when critically damaged (CA-CRIT-5, CA-AMB-9);
// a double move and no action when fleeing (CA-ALG-D step 6); nothing when
// dead, gone, paralysed or delirious (CA-ATTR-3).
func (Ruleset) TurnBudget(enc combat.Encounter, id string) (combat.Counts, error) {
	n, _, err := turnStart(enc, id)
	return n, err
}

// Withheld says why the rules give combatant id none of counter this turn
// (combat.Withholder): the reason TurnBudget leaves it out, as a glossary
// key, with its rule; a hero who lost round 1's initiative has no action
// because of CA-INIT-2, not because it spent it.
func (Ruleset) Withheld(enc combat.Encounter, id, counter string) (string, combat.RuleID, bool) {
	n, why, err := turnStart(enc, id)
	if err != nil || why.key == "" || n.Get(counter) > 0 {
		return "", "", false
	}
	return why.key, why.rule, true
}

// reason is why a turn starts short: a glossary key and its rule.
type reason struct {
	key  string
	rule combat.RuleID
}

// turnStart is what combatant id starts its turn with (TurnBudget) and,
// when the rules keep anything of a full turn from it, the reason.
func turnStart(enc combat.Encounter, id string) (combat.Counts, reason, error) {
	c, _, err := state(enc, id)
	if err != nil {
		return combat.Counts{}, reason{}, err
	}
	if enc.Round == 1 {
		for _, s := range enc.Order {
			if s.Score == scoreLostTurn && slices.Contains(s.Members, id) {
				return combat.Counts{}, reason{KeyLosesTurn, "CA-INIT-2"}, nil
			}
		}
	}
	switch {
	case c.Status.Dead:
		return combat.Counts{}, reason{KeyDead, "CA-CRIT-2"}, nil
	case c.Status.Escaped:
		return combat.Counts{}, reason{KeyRetreat, "CA-RETREAT-1"}, nil
	case c.Paralysed():
		return combat.Counts{}, reason{KeyParalysed, "CA-ATTR-3"}, nil
	case c.Delirious():
		return combat.Counts{}, reason{KeyDelirious, "CA-ATTR-3"}, nil
	case c.Status.Critical:
		return combat.NewCounts(combat.Count{Key: counterMovement, N: 1}), reason{KeyCritical, "CA-CRIT-5"}, nil
	case c.Status.Fleeing:
		return combat.NewCounts(combat.Count{Key: counterMovement, N: 2 * MoveSquares}), reason{KeyFlees, "CA-ALG-D"}, nil
	}
	return combat.NewCounts(combat.Count{Key: counterMovement, N: MoveSquares}, combat.Count{Key: counterAction, N: 1}), reason{}, nil
}

// Step prices one square of movement at 1 and never offers an opportunity
// attack: DAIRN has none (CA-AMB-17), and retreating out of a fight is an
// action of its own (ResolveRetreat).
func (Ruleset) Step(enc combat.Encounter, id string, from, to grid.Square) (combat.StepCheck, error) {
	return combat.StepCheck{Cost: grid.UnitCost(from, to)}, nil
}

// AttackOption is the Option of an engine attack request: the attacker's
// weapons by index (one, or two for dual weapons, CA-DUAL-1; an empty list
// is an unarmed attack, CA-MOD-2) and the GM's impaired and enhanced flags
// (CA-MOD-1, CA-MOD-3). With no option at all the first weapon is used.
type AttackOption struct {
	Weapons  []int `json:"weapons"`
	Impaired bool  `json:"impaired,omitempty"`
	Enhanced bool  `json:"enhanced,omitempty"`
}

// strike builds the attacker, defender and attack of an engine request:
// the attacker must be able to attack (CA-CRIT-5), melee needs the target
// within reach, and a ranged shot past the weapon's effective range is
// impaired (CA-DMG-1, CA-RANGED-1, CA-AMB-7).
func strike(enc combat.Encounter, req combat.AttackRequest) (att, def Character, a Attack, err error) {
	att, ac, err := state(enc, req.Attacker)
	if err != nil {
		return
	}
	def, dc, err := state(enc, req.Defender)
	if err != nil {
		return
	}
	if !att.CanAct() || att.Status.Fleeing {
		err = combat.Refuse("CA-CRIT-5", "attacker", combat.RefusalCannotAttack, "name", req.Attacker, "target", req.Defender, "why", KeyCritical)
		return
	}
	opt := AttackOption{Weapons: []int{0}}
	if len(att.Weapons) == 0 {
		opt.Weapons = nil
	}
	if len(req.Option) > 0 {
		opt = AttackOption{}
		if err = combat.DecodeStrict("option", req.Option, &opt); err != nil {
			return
		}
	}
	if len(opt.Weapons) > 2 {
		err = combat.Invalid("CA-DUAL-1", "option.weapons", "%d weapons; at most two at once", len(opt.Weapons))
		return
	}
	dist := grid.Distance(grid.Footprint{At: ac.Pos, Side: ac.Stats.Size}, grid.Footprint{At: dc.Pos, Side: dc.Stats.Size})
	a = Attack{Impaired: opt.Impaired, Enhanced: opt.Enhanced, Blast: len(opt.Weapons) > 0}
	for _, i := range opt.Weapons {
		if i < 0 || i >= len(att.Weapons) {
			err = combat.Invalid("CA-DMG-2", "option.weapons", "no weapon %s", strconv.Itoa(i))
			return
		}
		w := att.Weapons[i]
		if !w.Ranged && dist > 1 {
			err = combat.Refuse("CA-DMG-1", "defender", combat.RefusalOutOfReach, "name", req.Attacker, "target", req.Defender)
			return
		}
		a.Dice = append(a.Dice, w.Die)
		a.Blast = a.Blast && w.Blast
		a.BeyondRange = a.BeyondRange || w.Ranged && dist > w.Range
	}
	if len(opt.Weapons) == 0 && dist > 1 {
		err = combat.Refuse("CA-DMG-1", "defender", combat.RefusalOutOfReach, "name", req.Attacker, "target", req.Defender)
	}
	return
}

// Attack resolves one attack request (CA-DMG-1, CA-ALG-C): it always hits;
// the damage the engine takes off HP is the HP lost, and the rest of the
// result — STR loss, critical damage, death — goes into the defender's
// Wounds. The engine resolves attacks one at a time, so several attackers
// keeping the highest die (CA-DMG-7) and blasts over several targets need
// ResolvePhase instead.
func (rs Ruleset) Attack(enc combat.Encounter, req combat.AttackRequest, r dice.Roller) (combat.AttackOutcome, error) {
	att, def, a, err := strike(enc, req)
	if err != nil {
		return combat.AttackOutcome{}, err
	}
	d, err := ResolveAttacks(def, []Strike{{Attacker: att, Attack: a}}, enc.Round, rs.Options, r)
	if err != nil {
		return combat.AttackOutcome{}, err
	}
	return combat.AttackOutcome{
		Hit:        true,
		Damage:     def.HP - d.Target.HP,
		Trace:      d.Trace,
		RoundState: map[string]json.RawMessage{def.ID: wounds(d.Target)},
	}, nil
}

// Odds returns the exact chances of an attack request (ExactOdds): one
// chance per Outcome, keyed by its name, then "damage-N" for each amount N
// dealt after armour.
func (rs Ruleset) Odds(enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	att, def, a, err := strike(enc, req)
	if err != nil {
		return nil, err
	}
	return strikeChances(def, []Strike{{Attacker: att, Attack: a}}, rs.Options)
}

// strikeChances is StrikeOdds as the engine's chances: one per Outcome,
// keyed by its name, then "damage-N" for each amount N dealt after armour.
func strikeChances(def Character, strikes []Strike, opt Options) ([]combat.Chance, error) {
	o, err := StrikeOdds(def, strikes, opt)
	if err != nil {
		return nil, err
	}
	var out []combat.Chance
	for _, oc := range Outcomes {
		out = append(out, combat.Chance{Key: string(oc), Num: o.Outcome[oc], Den: o.Den})
	}
	for n, k := range o.Damage {
		out = append(out, combat.Damage(n, k, o.Den))
	}
	return out, nil
}
