package combat

import (
	"encoding/json"
	"fmt"

	"battlemat/rules/grid"
)

// Command is one change to an encounter, a value built by the UI from a
// gesture. The set is closed: only the types in this file implement it.
// In JSON a command is an object with exactly one key, its Kind, holding its
// fields: {"move":{"id":"g1","path":[{"x":3,"y":4}]}}.
type Command interface {
	// Kind is the command's stable JSON tag.
	Kind() string
	apply(a *applier) error
}

// Spec is the setup data of a combatant, as placed or edited by the GM.
// With a Profile, Stats are derived from it by the ruleset's Profiler; an
// HP of 0 means full health.
type Spec struct {
	ID      string          `json:"id"`
	Name    string          `json:"name"`
	Side    string          `json:"side"`
	Pos     grid.Square     `json:"pos"`
	Profile json.RawMessage `json:"profile,omitempty"`
	Stats   Stats           `json:"stats,omitzero"`
	HP      int             `json:"hp,omitempty"`
}

// Place puts a new combatant on the map (ENG-START-2). During a running
// encounter it also rolls the newcomer's initiative and inserts it by score
// (ENG-ORDER-7).
type Place struct{ Spec }

// Edit changes a combatant's name, side, profile, stats and HP; its position
// and turn state are kept.
type Edit struct{ Spec }

// Remove takes a combatant off the map; its slot is kept while other members
// remain (ENG-ORDER-4).
type Remove struct {
	ID string `json:"id"`
}

// Reposition puts a combatant on another square by the GM's hand: no
// movement is spent and no opportunity attack is triggered.
type Reposition struct {
	ID string      `json:"id"`
	To grid.Square `json:"to"`
}

// EditMap replaces the map (size and walls). Every combatant must still fit.
type EditMap struct {
	Map grid.Map `json:"map"`
}

// RollInitiative rolls the initiative order in setup, replacing any earlier
// roll (ENG-ORDER-2, ENG-ORDER-8).
type RollInitiative struct{}

// SetOrder replaces the initiative order by the GM's hand: tie-breaking
// (ENG-ORDER-3), a group split (ENG-GROUP-1) or an explicit, logged
// reorder (ENG-ORDER-6). It must list every combatant exactly once.
type SetOrder struct {
	Order []Slot `json:"order"`
}

// Start begins round 1 (ENG-START-4) with the listed combatants
// surprised (ENG-SURP-2). Initiative must have been rolled or set.
type Start struct {
	Surprised []string `json:"surprised,omitempty"`
}

// Move walks the acting combatant along Path, one adjacent square after
// another (ENG-MOVE-1, ENG-MOVE-3). Opportunity attacks suspend it.
type Move struct {
	ID   string        `json:"id"`
	Path []grid.Square `json:"path"`
}

// Attack makes one attack of the acting combatant, spending one action
// (ENG-TURN-3). Option is the ruleset's choice of attack.
type Attack struct {
	Attacker string          `json:"attacker"`
	Defender string          `json:"defender"`
	Option   json.RawMessage `json:"option,omitempty"`
}

// TakeOpportunity answers a pending opportunity-attack decision: the
// offered attacker attacks now (ENG-OA-2, ENG-DECIDE-1).
type TakeOpportunity struct {
	Option json.RawMessage `json:"option,omitempty"`
}

// DeclineOpportunity answers a pending opportunity-attack decision: the
// offered attacker lets the mover pass.
type DeclineOpportunity struct{}

// Choose answers a ruleset's pending question with one of its options.
type Choose struct {
	Choice string `json:"choice"`
}

// UseAction spends one of a counter the ruleset declares (Resource, its
// key) on something the engine does not resolve itself, named by Key
// (ENG-TURN-4). The ruleset may spend another counter instead (an
// ActionCoster), for example when CostsAction is set.
type UseAction struct {
	ID          string `json:"id"`
	Resource    string `json:"resource"`
	Key         string `json:"key"`
	CostsAction bool   `json:"costsAction,omitempty"`
}

// ResetMove puts the acting combatant back where its turn began and gives
// back the movement spent, as long as no opportunity attack was made
// against it this turn.
type ResetMove struct {
	ID string `json:"id"`
}

// EndTurn ends the acting combatant's turn; unused budget is lost
// (ENG-TURN-5).
type EndTurn struct{}

// SetHP sets a combatant's current hit points by the GM's hand.
type SetHP struct {
	ID string `json:"id"`
	HP int    `json:"hp"`
}

// AddCondition puts a condition key on a combatant.
type AddCondition struct {
	ID        string `json:"id"`
	Condition string `json:"condition"`
}

// RemoveCondition takes a condition key off a combatant.
type RemoveCondition struct {
	ID        string `json:"id"`
	Condition string `json:"condition"`
}

// End ends the encounter by the GM's decision (ENG-END-1).
type End struct{}

// Kind returns "place".
func (Place) Kind() string { return "place" }

// Kind returns "edit".
func (Edit) Kind() string { return "edit" }

// Kind returns "remove".
func (Remove) Kind() string { return "remove" }

// Kind returns "reposition".
func (Reposition) Kind() string { return "reposition" }

// Kind returns "editMap".
func (EditMap) Kind() string { return "editMap" }

// Kind returns "rollInitiative".
func (RollInitiative) Kind() string { return "rollInitiative" }

// Kind returns "setOrder".
func (SetOrder) Kind() string { return "setOrder" }

// Kind returns "start".
func (Start) Kind() string { return "start" }

// Kind returns "move".
func (Move) Kind() string { return "move" }

// Kind returns "attack".
func (Attack) Kind() string { return "attack" }

// Kind returns "takeOpportunity".
func (TakeOpportunity) Kind() string { return "takeOpportunity" }

// Kind returns "declineOpportunity".
func (DeclineOpportunity) Kind() string { return "declineOpportunity" }

// Kind returns "choose".
func (Choose) Kind() string { return "choose" }

// Kind returns "useAction".
func (UseAction) Kind() string { return "useAction" }

// Kind returns "resetMove".
func (ResetMove) Kind() string { return "resetMove" }

// Kind returns "endTurn".
func (EndTurn) Kind() string { return "endTurn" }

// Kind returns "setHP".
func (SetHP) Kind() string { return "setHP" }

// Kind returns "addCondition".
func (AddCondition) Kind() string { return "addCondition" }

// Kind returns "removeCondition".
func (RemoveCondition) Kind() string { return "removeCondition" }

// Kind returns "end".
func (End) Kind() string { return "end" }

// commandKinds decodes the body of each kind of command.
var commandKinds = map[string]func([]byte) (Command, error){}

func init() {
	register[Place]()
	register[Edit]()
	register[Remove]()
	register[Reposition]()
	register[EditMap]()
	register[RollInitiative]()
	register[SetOrder]()
	register[Start]()
	register[Move]()
	register[Attack]()
	register[TakeOpportunity]()
	register[DeclineOpportunity]()
	register[Choose]()
	register[UseAction]()
	register[ResetMove]()
	register[EndTurn]()
	register[SetHP]()
	register[AddCondition]()
	register[RemoveCondition]()
	register[End]()
	register[Declare]()
	register[Configure]()
	register[RollSurprise]()
	register[Act]()
	register[ResolveSegment]()
	register[SetAim]()
}

// register adds the decoder of command type T under its kind.
func register[T Command]() {
	var zero T
	commandKinds[zero.Kind()] = func(body []byte) (Command, error) {
		var c T
		if err := strictUnmarshal(body, &c); err != nil {
			return nil, err
		}
		return c, nil
	}
}

// MarshalCommand encodes a command in its JSON envelope.
func MarshalCommand(c Command) ([]byte, error) {
	body, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]json.RawMessage{c.Kind(): body})
}

// UnmarshalCommand decodes a command envelope strictly: exactly one known
// kind, no unknown fields, nothing trailing.
func UnmarshalCommand(data []byte) (Command, error) {
	if err := checkJSON(data); err != nil {
		return nil, fmt.Errorf("command: %w", err)
	}
	kind, body, err := envelope(data)
	if err != nil {
		return nil, err
	}
	dec, ok := commandKinds[string(kind)]
	if !ok {
		return nil, Invalid("", "command", "unknown kind %q", kind)
	}
	c, err := dec(body)
	if err != nil {
		return nil, fmt.Errorf("command %s: %w", kind, err)
	}
	return c, nil
}

// envelope returns the one key of a checked JSON object and its value.
func envelope(data []byte) (key, value []byte, err error) {
	sc := scanner{data: data}
	sc.space()
	if sc.pos == len(data) || data[sc.pos] != '{' {
		return nil, nil, Invalid("", "command", "not an object")
	}
	sc.pos++
	sc.space()
	if sc.pos == len(data) || data[sc.pos] != '"' {
		return nil, nil, Invalid("", "command", "want exactly one kind, got none")
	}
	if key, err = sc.str(); err != nil {
		return nil, nil, err
	}
	sc.space()
	sc.pos++ // the colon
	sc.space()
	start := sc.pos
	if err := sc.value(nil); err != nil {
		return nil, nil, err
	}
	value = data[start:sc.pos]
	sc.space()
	if data[sc.pos] != '}' {
		return nil, nil, Invalid("", "command", "want exactly one kind, got more")
	}
	return key, value, nil
}
