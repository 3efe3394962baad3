package combat

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// Ruleset is the one interface every ruleset implements: its stable ID
// ("kaldaria", "dnd5e", "krysztaly", "cairn"). Everything else a ruleset can
// do is an optional capability below, found by type assertion; when a command
// needs a capability the ruleset lacks, Apply returns an *UnsupportedError and
// changes nothing (DND-ENG-6). The engine has no per-ruleset switch.
type Ruleset interface {
	ID() string
}

// Profiler is implemented by rulesets whose combatants carry a stat block
// (Combatant.Profile, opaque JSON owned by the ruleset). Profile validates the
// block strictly and returns the numbers the turn engine needs. It must be
// pure and must reject unknown fields and out-of-range values with typed
// errors (for example *RuleError from Invalid).
type Profiler interface {
	Profile(raw json.RawMessage) (Stats, error)
}

// SlotNamer is implemented by rulesets whose initiative scores place
// sides rather than count anything a table reads: DAIRN's player
// characters' side acts before its opponents, its scores 1, 0 and −1
// only sort the slots (ENG-ORDER-9). SlotName returns the key of the
// ruleset's glossary that names the place of slot i of enc's order, in
// the ruleset's words, and the rule it follows; false shows the score.
type SlotNamer interface {
	SlotName(enc Encounter, i int) (key string, rule RuleID, ok bool)
}

// SlotNameOf returns what rs calls the place of slot i of enc's order
// (SlotNamer), or false when rs shows its score.
func SlotNameOf(rs Ruleset, enc Encounter, i int) (key string, rule RuleID, ok bool) {
	if n, is := rs.(SlotNamer); is && i >= 0 && i < len(enc.Order) {
		return n.SlotName(enc, i)
	}
	return "", "", false
}

// TurnRuler is implemented by rulesets that configure the generic turn engine
// (DND-ENG-4, DND-ENG-5). A ruleset without it gets the zero TurnRules: no
// reactions, surprise lock until the end of round 1.
type TurnRuler interface {
	TurnRules() TurnRules
}

// Initiator is implemented by rulesets with their own initiative procedure
// (DND-ENG-2, DND-ENG-6 RollOrder). RollInitiative returns the slots for the
// combatants with the given IDs, best first; a slot's Score places late
// joiners (ENG-ORDER-7). Without it the engine uses TurnRules.Initiative
// (ENG-ORDER-2).
type Initiator interface {
	RollInitiative(enc Encounter, ids []string, r dice.Roller) ([]Slot, error)
}

// Budgeter is implemented by rulesets that compute what a creature starts
// its turn with of each counter they declare (ENG-TURN-5), for example
// none of an action for a creature with a condition. Without it the
// engine uses DefaultCounts. The engine still applies surprise on top
// (ENG-SURP-3).
type Budgeter interface {
	TurnBudget(enc Encounter, id string) (Counts, error)
}

// RoundResetter is implemented by rulesets with per-round state (parry pools,
// dodge counters, opportunity attacks made: K-GEN-6, K-RES-1 step 1).
// RoundState returns the fresh per-round state of combatant id; the engine
// stores it in Combatant.RoundState at the start of every round.
type RoundResetter interface {
	RoundState(enc Encounter, id string) (json.RawMessage, error)
}

// TurnEnder is implemented by rulesets that update their persistent
// per-combatant state when a turn ends (DND-ENG-3 onTurnEnd), for example
// Kaldaria's engagement lists (K-RES-1 step 3, K-PIN-9). EndOfTurn returns
// the new Combatant.State of each combatant it changes.
type TurnEnder interface {
	EndOfTurn(enc Encounter, id string) (map[string]json.RawMessage, error)
}

// Attacker is implemented by rulesets that resolve attacks (K-RES-2,
// DND-ENG-6 ResolveAttack). Attack must be pure: everything random comes from
// r. It returns the outcome, or an outcome with Ask set when a player's choice
// is needed; the engine then records a pending decision, and once it is
// answered calls Attack again with the same request plus the answer in
// req.Answers and a roller that first replays the dice already consumed.
// Illegal attacks return a typed error.
type Attacker interface {
	Attack(enc Encounter, req AttackRequest, r dice.Roller) (AttackOutcome, error)
}

// OddsTeller is implemented by rulesets that can compute the exact chances of
// an attack's outcomes before it is rolled, for highlighting.
type OddsTeller interface {
	Odds(enc Encounter, req AttackRequest) ([]Chance, error)
}

// OddsAppender is implemented by an OddsTeller that can append the chances
// Odds returns to a list the caller hands it, so that a caller asking
// many times (a forecast's policies) can reuse one list.
type OddsAppender interface {
	AppendOdds(dst []Chance, enc Encounter, req AttackRequest) ([]Chance, error)
}

// Mover is implemented by rulesets with movement on the grid (ENG-MOVE-2,
// ENG-MOVE-3). Step checks one single-square step of combatant id from
// from to the adjacent square to: it returns the step's cost in the units of
// Budget.Movement and the combatants that may make an opportunity attack
// because of it (ENG-OA-1), or a typed error if the step is illegal.
// The engine itself checks that the step is on the map, one square long and
// not into a wall, and it filters the attackers by reaction availability
// (DND-ENG-4) and ability to act.
type Mover interface {
	Step(enc Encounter, id string, from, to grid.Square) (StepCheck, error)
}

// PathMover is implemented by Movers whose rules need the whole move at
// once: a square a creature may pass but not stop on, a move that may only
// be one step long (ENG-MOVE-9). Walk checks that combatant id may walk
// path (the squares after the one it stands on) as one move, knowing which
// step is the last: the engine has checked that each square is next to the
// one before and that the creature fits there, and checks the costs
// against the movement left. Walk returns one StepCheck per square of
// path, with the opportunity attacks each step may offer as if none were
// taken, and may explain the whole path for a planner. Apply and the
// planners ask it through CheckPath, so a planned move and the command
// that makes it are checked once, the same way.
type PathMover interface {
	Walk(enc Encounter, id string, path []grid.Square) (PathCheck, error)
}

// PathCheck is a ruleset's verdict on a whole path: each step's cost and
// attackers, and, for a planner, every opportunity attack the path meets
// or is spared, with the reason.
type PathCheck struct {
	Steps        []StepCheck   `json:"steps"`
	Provocations []Provocation `json:"provocations,omitempty"`
}

// Stats are the numbers of a combatant that the turn engine uses. A Profiler
// derives them from the profile; a combatant without a profile carries
// numbers entered by the GM.
type Stats struct {
	MaxHP      int    `json:"maxHP"`
	Speed      int    `json:"speed"`             // movement per turn, in the ruleset's units (ENG-MOVE-3)
	Size       int    `json:"size,omitempty"`    // footprint side in squares; 0 means 1 (ENG-MAP-1)
	Initiative int    `json:"init,omitempty"`    // modifier added to the engine's initiative die (ENG-ORDER-2)
	Group      string `json:"group,omitempty"`   // stat-block key: equal non-empty groups on one side share an initiative slot (ENG-GROUP-1)
	Actions    int    `json:"actions,omitempty"` // uses per turn of the counter attacks spend; 0 means 1 (ENG-TURN-3)
	// Counts are the uses per turn the stat block gives of counters of
	// its ruleset beyond movement and actions, by key: at most
	// MaxCounters of them, each 0 … MaxStatCount, keys the ruleset
	// declares (ENG-TURN-6). The ruleset's TurnBudget reads them; without
	// one, DefaultCounts gives them for the counters the engine spends on
	// nothing (Counter.Use 0).
	Counts Counts `json:"counts,omitzero"`
}

// MaxStatCount bounds what a stat block gives of one counter per turn
// (Stats.Counts).
const MaxStatCount = 10

// Equal reports whether two combatants' stats are the same.
func (s Stats) Equal(o Stats) bool {
	return s.MaxHP == o.MaxHP && s.Speed == o.Speed && s.Size == o.Size && s.Initiative == o.Initiative &&
		s.Group == o.Group && s.Actions == o.Actions && s.Counts.Equal(o.Counts)
}

// LockPolicy says when the reaction lock of a surprised creature ends
// (ENG-SURP-3).
type LockPolicy uint8

// The surprise reaction lock policies.
const (
	LockEndOfRound1       LockPolicy = iota // the source's reading (default)
	LockEndOfOwnFirstTurn                   // the SRD reading
)

// TurnRules configure the generic turn engine for a ruleset (ENG-TURN-5,
// ENG-OA-3, ENG-SURP-3, ENG-ORDER-2).
type TurnRules struct {
	Reactions     bool       // one reaction until the start of the owner's next turn (ENG-OA-3); off: opportunity attacks are limited only by the Mover
	SurpriseLock  LockPolicy // when a surprised creature's reaction lock ends
	InitiativeDie int        // sides of the engine's initiative die; 0 means DefaultInitiativeDie (ENG-ORDER-2)
}

// Slot is one place in the initiative order (ENG-ORDER-1): a creature, or a
// group of identical creatures that share one roll (ENG-GROUP-1).
// Members take individual turns inside the slot, in the listed order.
type Slot struct {
	Members  []string `json:"members"`
	Score    int      `json:"score"`
	Tiebreak []int    `json:"tiebreak,omitempty"` // roll-off faces, in order (ENG-ORDER-3)
	Settled  bool     `json:"settled,omitempty"`  // its place among equal scores is fixed, by dice or by hand (ENG-TIE-1)
}

// AttackRequest asks a ruleset to resolve one attack. Option is the
// ruleset's opaque choice of attack (weapon, maneuver); Answers are the
// player's answers to the questions asked so far, in order.
type AttackRequest struct {
	Attacker    string          `json:"attacker"`
	Defender    string          `json:"defender"`
	Opportunity bool            `json:"oa,omitempty"` // an opportunity attack (ENG-OA-2)
	Option      json.RawMessage `json:"option,omitempty"`
	Answers     []string        `json:"answers,omitempty"`
}

// AttackOutcome is a resolved attack, or a question. Damage is taken off the
// defender's HP by the engine; RoundState replaces the per-round state of the
// listed combatants (parry pools spent, dodge counter, OA records) and State
// their persistent state (engagement lists, life keys used). Conditions are
// condition keys the engine puts on the listed combatants (off balance,
// prone: ENG-COND-1), each cited with ConditionRule.
type AttackOutcome struct {
	Hit           bool                       `json:"hit"`
	Damage        int                        `json:"damage,omitempty"`
	Trace         Trace                      `json:"trace,omitempty"`
	RoundState    map[string]json.RawMessage `json:"roundState,omitempty"`
	State         map[string]json.RawMessage `json:"state,omitempty"`
	Ask           *Question                  `json:"ask,omitempty"`
	Conditions    map[string][]string        `json:"conditions,omitempty"`
	ConditionRule RuleID                     `json:"conditionRule,omitempty"`
}

// Question is a choice a ruleset needs from a player during an attack (e.g.
// whether to spend a parry). Key is a stable identifier the UI translates.
type Question struct {
	Key     string   `json:"key"`
	Chooser string   `json:"chooser"` // the combatant whose controller answers
	Options []string `json:"options"`
}

// Chance is one exact number of an attack's odds, Num/Den: by its Kind,
// the probability of the outcome named Key, the probability of dealing
// exactly Amount damage, or an expected amount named by Key.
type Chance struct {
	Key    string     `json:"key"`
	Num    int64      `json:"num"`
	Den    int64      `json:"den"`
	Kind   ChanceKind `json:"kind,omitempty"`
	Amount int        `json:"amount,omitempty"` // the damage of a DamageChance
}

// ChanceKind says what a Chance's Num/Den is.
type ChanceKind uint8

// The kinds of Chance.
const (
	OutcomeChance  ChanceKind = iota // the probability of the outcome Key
	DamageChance                     // the probability of dealing exactly Amount damage, one bar of the distribution
	ExpectedAmount                   // no probability: the expected amount Key names ("expected-taken": the mean damage taken, in points)
)

// Damage returns the DamageChance of dealing exactly amount damage with
// probability num/den, keyed "damage-<amount>".
func Damage(amount int, num, den int64) Chance {
	return Chance{Key: "damage-" + strconv.Itoa(amount), Num: num, Den: den, Kind: DamageChance, Amount: amount}
}

// StepCheck is a Mover's verdict on one step.
type StepCheck struct {
	Cost      int      `json:"cost"`
	Attackers []string `json:"attackers,omitempty"` // may make an opportunity attack before the step completes
}

// UnsupportedError reports a command that needs a capability the ruleset
// does not have.
type UnsupportedError struct {
	Ruleset    string
	Capability string // the interface name, e.g. "Attacker"
}

// Error says what went wrong, for the message bar and logs.
func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("ruleset %q does not support %s", e.Ruleset, e.Capability)
}

// UnknownRulesetError reports a ruleset ID absent from a Registry.
type UnknownRulesetError struct{ ID string }

// Error says what went wrong, for the message bar and logs.
func (e *UnknownRulesetError) Error() string {
	return fmt.Sprintf("unknown ruleset %q", e.ID)
}

// Registry maps ruleset IDs to implementations. The app fills it; combat
// imports no ruleset.
type Registry struct {
	byID map[string]Ruleset
}

// NewRegistry returns a registry of the given rulesets; IDs must be
// non-empty and distinct.
func NewRegistry(rs ...Ruleset) (*Registry, error) {
	reg := &Registry{byID: map[string]Ruleset{}}
	for _, r := range rs {
		id := r.ID()
		if id == "" {
			return nil, Invalid("", "ruleset", "empty ID")
		}
		if _, dup := reg.byID[id]; dup {
			return nil, Invalid("", "ruleset", "duplicate ID %q", id)
		}
		if err := checkCounters(CountersOf(r)); err != nil {
			return nil, fmt.Errorf("ruleset %s: %w", id, err)
		}
		reg.byID[id] = r
	}
	return reg, nil
}

// Lookup returns the ruleset with the given ID, or *UnknownRulesetError.
func (reg *Registry) Lookup(id string) (Ruleset, error) {
	if reg != nil {
		if r, ok := reg.byID[id]; ok {
			return r, nil
		}
	}
	return nil, &UnknownRulesetError{ID: id}
}

// IDs returns the registered ruleset IDs, sorted.
func (reg *Registry) IDs() []string {
	var ids []string
	for id := range reg.byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Odds asks the encounter's ruleset for the exact chances of an attack.
func Odds(rs Ruleset, enc Encounter, req AttackRequest) ([]Chance, error) {
	o, ok := rs.(OddsTeller)
	if !ok {
		return nil, &UnsupportedError{Ruleset: rs.ID(), Capability: "OddsTeller"}
	}
	return o.Odds(enc, req)
}

// AppendOdds appends the chances Odds returns to dst: in place where the
// ruleset is an OddsAppender, else from Odds, whose own list is the
// answer when dst is empty. On error dst comes back unchanged.
func AppendOdds(rs Ruleset, dst []Chance, enc Encounter, req AttackRequest) ([]Chance, error) {
	if o, ok := rs.(OddsAppender); ok {
		return o.AppendOdds(dst, enc, req)
	}
	ch, err := Odds(rs, enc, req)
	switch {
	case err != nil:
		return dst, err
	case len(dst) == 0:
		return ch, nil
	}
	return append(dst, ch...), nil
}

// ActionTaker is implemented by rulesets whose actions other than attacks
// have an effect (DND-ND-1: Dash, Disengage, Dodge; DND-ENG-3
// onActionDeclared). UseAction first spends the budget it names, then asks
// TakeAction, with the encounter as it stands after the spending, what the
// action does; an error rejects the whole command. Without an ActionTaker a
// UseAction only spends.
type ActionTaker interface {
	TakeAction(enc Encounter, use UseAction) (ActionEffect, error)
}

// ActionEffect is what an action does, as an ActionTaker decides: Movement
// is added to the acting creature's movement for this turn (a Dash); State
// and RoundState replace the persistent and per-round state of the listed
// combatants (a Disengage or a Dodge remembered until it ends). Rule and
// Trace are carried by the ActionUsed event.
type ActionEffect struct {
	Rule       RuleID                     `json:"rule,omitempty"`
	Movement   int                        `json:"movement,omitempty"`
	Trace      Trace                      `json:"trace,omitempty"`
	State      map[string]json.RawMessage `json:"state,omitempty"`
	RoundState map[string]json.RawMessage `json:"roundState,omitempty"`
}

// ActionLister is implemented by rulesets that can list the actions other
// than attacks a combatant may take right now, each with the resource it
// spends, so that the UI offers exactly those (DND-ND-1, DND-BONUS-1).
type ActionLister interface {
	Actions(enc Encounter, id string) ([]ActionChoice, error)
}

// ActionChoice is one action a combatant may take now: send it as
// UseAction{ID, Resource, Key}. Key is a stable identifier the UI
// translates; Resource is the key of the counter it spends.
type ActionChoice struct {
	Key      string `json:"key"`
	Resource string `json:"resource"`
	Rule     RuleID `json:"rule,omitempty"`
}

// ActionCoster is implemented by rulesets in which what an action spends
// depends on the creature's turn so far (ENG-TURN-4): ActionCost returns
// the key of the counter use spends, which may be another than the one it
// names.
type ActionCoster interface {
	ActionCost(enc Encounter, use UseAction) (string, error)
}

// TurnStarter is implemented by rulesets with effects that last until the
// start of a creature's next turn, such as Dodge (DND-ENG-3 onTurnStart).
// StartOfTurn is called when combatant id's turn starts, after its budget
// is set, and returns the new Combatant.State of each combatant it changes.
type TurnStarter interface {
	StartOfTurn(enc Encounter, id string) (map[string]json.RawMessage, error)
}

// Vitality is implemented by rulesets in which a creature's hit points do
// not alone decide whether it is still in the fight (CA-DMG-6: a DAIRN
// character at 0 HP still acts). Up reports whether combatant id can take
// turns, make opportunity attacks and keep its side standing. Without it
// a combatant is up while its HP is above 0 (Combatant.Up).
type Vitality interface {
	Up(enc Encounter, id string) (bool, error)
}

// Actions asks the encounter's ruleset which actions combatant id may take
// now.
func Actions(rs Ruleset, enc Encounter, id string) ([]ActionChoice, error) {
	l, ok := rs.(ActionLister)
	if !ok {
		return nil, &UnsupportedError{Ruleset: rs.ID(), Capability: "ActionLister"}
	}
	return l.Actions(enc, id)
}

// IsUp reports whether combatant id is still in the fight, as the
// ruleset's Vitality says or, without one, by its HP (Combatant.Up). The UI
// should use it rather than Combatant.Up.
func IsUp(rs Ruleset, enc Encounter, id string) (bool, error) {
	if v, ok := rs.(Vitality); ok {
		return v.Up(enc, id)
	}
	c, ok := enc.Combatant(id)
	if !ok {
		return false, NoCombatant("", "id", id)
	}
	return c.Up(), nil
}
