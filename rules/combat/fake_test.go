package combat

import (
	"bytes"
	"encoding/json"
	"fmt"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// fake is a small ruleset for the engine's tests: d20 against a target
// number, damage 1dN, one square per step, opportunity attacks when leaving
// an enemy's reach, and a per-round count of opportunity attacks made. An
// attack whose option is "ask" asks the defender whether to parry (d20 ≥ 11
// parries) after a hit, to exercise decisions.
type fake struct {
	lock LockPolicy
}

type fakeProfile struct {
	HP    int    `json:"hp"`
	Speed int    `json:"speed"`
	Init  int    `json:"init"`
	AC    int    `json:"ac"`
	Dmg   int    `json:"dmg"`
	Group string `json:"group,omitempty"`
	Bonus int    `json:"bonus,omitempty"`
}

type fakeRound struct {
	OA int `json:"oa"`
}

func (fake) ID() string { return "fake" }

func (f fake) TurnRules() TurnRules { return TurnRules{Reactions: true, SurpriseLock: f.lock} }

func (fake) decode(raw json.RawMessage) (fakeProfile, error) {
	var p fakeProfile
	if err := strictUnmarshal(raw, &p); err != nil {
		return p, err
	}
	if p.HP < 1 || p.HP > 1000 || p.Speed < 0 || p.Speed > 100 || p.AC < 1 || p.AC > 30 || p.Dmg < 1 || p.Dmg > 100 {
		return p, Invalid("", "profile", "out of range")
	}
	return p, nil
}

func (f fake) Profile(raw json.RawMessage) (Stats, error) {
	p, err := f.decode(raw)
	if err != nil {
		return Stats{}, err
	}
	return Stats{MaxHP: p.HP, Speed: p.Speed, Initiative: p.Init, Group: p.Group, Counts: NewCounts(Count{"bonus", p.Bonus}, Count{"interaction", 1})}, nil
}

// fakeCounters are the fake's turn: movement in squares, an action, a
// bonus action, an object interaction and a reaction, the 5e economy the
// engine's tests were written against (DND-TURN-1, DND-BONUS-2,
// DND-FREE-3, DND-REACT-3).
var fakeCounters = []Counter{
	{Key: "movement", Unit: UnitMovement, Use: UseMove, Rule: "DND-TURN-1"},
	{Key: "action", Unit: UnitCount, Use: UseAttack, Rule: "DND-TURN-1"},
	{Key: "bonus", Unit: UnitCount, Rule: "DND-BONUS-2"},
	{Key: "interaction", Unit: UnitCount, Rule: "DND-FREE-3"},
	{Key: "reaction", Unit: UnitCount, Use: UseOpportunity, Rule: "DND-REACT-3"},
}

func (fake) Counters() []Counter { return fakeCounters }

// TurnBudget gives the counters their stats (DND-ALG-C step 1).
func (fake) TurnBudget(enc Encounter, id string) (Counts, error) {
	c, _ := enc.Combatant(id)
	s := c.Stats
	return NewCounts(Count{Key: "movement", N: s.Speed}, Count{Key: "action", N: 1}, Count{Key: "bonus", N: s.Counts.Get("bonus")}, Count{Key: "interaction", N: s.Counts.Get("interaction")}, Count{Key: "reaction", N: 1}), nil
}

// ActionCost spends the action on an interaction marked as costing it or
// past the free one (DND-FREE-4, DND-FREE-6).
func (fake) ActionCost(enc Encounter, use UseAction) (string, error) {
	c, _ := enc.Combatant(use.ID)
	if use.Resource == "interaction" && (use.CostsAction || c.Budget.Left("interaction") < 1) {
		return "action", nil
	}
	return use.Resource, nil
}

func (fake) RoundState(Encounter, string) (json.RawMessage, error) {
	return json.RawMessage(`{"oa":0}`), nil
}

// EndOfTurn counts, in the persistent state, the turns a creature ended.
func (fake) EndOfTurn(enc Encounter, id string) (map[string]json.RawMessage, error) {
	c, _ := enc.Combatant(id)
	var st struct {
		Ended int `json:"ended"`
	}
	if len(c.State) > 0 {
		if err := json.Unmarshal(c.State, &st); err != nil {
			return nil, err
		}
	}
	st.Ended++
	b, err := json.Marshal(st)
	return map[string]json.RawMessage{id: b}, err
}

func adjacent(a, b grid.Square) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return max(dx, -dx, dy, -dy) == 1
}

func (f fake) Attack(enc Encounter, req AttackRequest, r dice.Roller) (AttackOutcome, error) {
	att, _ := enc.Combatant(req.Attacker)
	def, _ := enc.Combatant(req.Defender)
	if !adjacent(att.Pos, def.Pos) {
		return AttackOutcome{}, Invalid("K-GRID-3", "defender", "not adjacent")
	}
	p, err := f.decode(def.Profile)
	if err != nil {
		return AttackOutcome{}, err
	}
	ap, err := f.decode(att.Profile)
	if err != nil {
		return AttackOutcome{}, err
	}
	out := AttackOutcome{}
	if req.Opportunity {
		var st fakeRound
		if err := json.Unmarshal(att.RoundState, &st); err != nil {
			return out, err
		}
		st.OA++
		b, _ := json.Marshal(st)
		out.RoundState = map[string]json.RawMessage{att.ID: b}
	}
	nat := r.Roll(20)
	out.Trace = append(out.Trace, Step{Rule: "T-1", Kind: StepRoll, Key: "nat", Sides: 20, Face: nat, Value: nat})
	if nat < p.AC {
		return out, nil
	}
	if string(req.Option) == `"ask"` {
		if len(req.Answers) == 0 {
			out.Ask = &Question{Key: "parry", Chooser: def.ID, Options: []string{"parry", "take"}}
			return out, nil
		}
		if req.Answers[0] == "parry" && r.Roll(20) >= 11 {
			return out, nil
		}
	}
	out.Hit = true
	out.Damage = r.Roll(ap.Dmg)
	if string(req.Option) == `"stun"` {
		out.State = map[string]json.RawMessage{def.ID: json.RawMessage(`{"stunned":true}`)}
	}
	return out, nil
}

func (fake) Odds(enc Encounter, req AttackRequest) ([]Chance, error) {
	def, ok := enc.Combatant(req.Defender)
	if !ok {
		return nil, Invalid("", "defender", "unknown")
	}
	var p fakeProfile
	if err := json.Unmarshal(def.Profile, &p); err != nil {
		return nil, err
	}
	return []Chance{{Key: "hit", Num: int64(21 - p.AC), Den: 20}}, nil
}

func (fake) Step(enc Encounter, id string, from, to grid.Square) (StepCheck, error) {
	me, _ := enc.Combatant(id)
	if bytes.Contains(me.State, []byte("stunned")) {
		return StepCheck{}, Invalid("K-MOVE-3", "id", "%s is stunned", id)
	}
	var chk StepCheck
	for _, c := range enc.Combatants {
		if c.ID == id || !c.Up() {
			continue
		}
		if c.Pos == to {
			return StepCheck{}, Invalid("K-GRID-2", "path", "(%d,%d) is occupied", to.X, to.Y)
		}
		if c.Side != me.Side && adjacent(c.Pos, from) && !adjacent(c.Pos, to) {
			chk.Attackers = append(chk.Attackers, c.ID)
		}
	}
	chk.Cost = 1
	return chk, nil
}

// bare is a ruleset with no capabilities at all.
type bare struct{}

func (bare) ID() string { return "bare" }

var testRegistry = mustRegistry(fake{}, bare{})

func mustRegistry(rs ...Ruleset) *Registry {
	reg, err := NewRegistry(rs...)
	if err != nil {
		panic(err)
	}
	return reg
}

// profile returns a fake stat block.
func profile(hp, speed, init, ac, dmg int, group string) json.RawMessage {
	b, _ := json.Marshal(fakeProfile{HP: hp, Speed: speed, Init: init, AC: ac, Dmg: dmg, Group: group})
	return b
}

func place(id, side string, x, y int, prof json.RawMessage) Place {
	return Place{Spec{ID: id, Name: fmt.Sprintf("Creature %s", id), Side: side, Pos: grid.Square{X: x, Y: y}, Profile: prof}}
}
