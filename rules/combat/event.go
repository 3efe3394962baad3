package combat

import "battlemat/rules/grid"

// EventType names what happened, in the past tense.
type EventType string

// The events Apply emits.
const (
	Placed            EventType = "placed"
	Edited            EventType = "edited"
	Removed           EventType = "removed"
	Repositioned      EventType = "repositioned"
	MapEdited         EventType = "mapEdited"
	InitiativeRolled  EventType = "initiativeRolled" // Order holds the new order
	OrderSet          EventType = "orderSet"
	Joined            EventType = "joined" // a late joiner was inserted in the order (DND-AMB-14)
	EncounterStarted  EventType = "encounterStarted"
	RoundStarted      EventType = "roundStarted"
	TurnStarted       EventType = "turnStarted"
	Moved             EventType = "moved" // one step: From, To, Value = cost
	MoveStopped       EventType = "moveStopped"
	MoveReset         EventType = "moveReset"
	DecisionRequested EventType = "decisionRequested" // Decision holds the question
	OpportunityTaken  EventType = "opportunityTaken"
	OpportunityPassed EventType = "opportunityPassed"
	Chosen            EventType = "chosen"
	AttackResolved    EventType = "attackResolved" // Hit, Value = damage, Trace
	HPChanged         EventType = "hpChanged"      // Value = new HP
	Downed            EventType = "downed"
	ConditionAdded    EventType = "conditionAdded"
	ConditionRemoved  EventType = "conditionRemoved"
	ActionUsed        EventType = "actionUsed" // Key, Resource, Rule, Value = extra movement, Trace
	ReactionUnlocked  EventType = "reactionUnlocked"
	TurnEnded         EventType = "turnEnded"
	RoundEnded        EventType = "roundEnded"
	SideStanding      EventType = "sideStanding" // only one side can still act: the GM may end the fight (DND-AMB-19)
	EncounterEnded    EventType = "encounterEnded"
	AttackDeclared    EventType = "attackDeclared"   // queued in a side phase: Target is the first target, Value the number of targets (ENG-PHASE-2)
	PhaseHitResolved  EventType = "phaseHitResolved" // one target of a side phase: Phase holds its dice, Value = damage, Key = outcome (ENG-PHASE-3)
	MoraleChecked     EventType = "moraleChecked"    // Morale holds the check, Key = group, Value = number fled (ENG-PHASE-5)
	Fled              EventType = "fled"             // Actor failed a morale check and flees (ENG-PHASE-5)
	Configured        EventType = "configured"       // the GM changed the encounter's settings (ENG-SET-1)
	SurpriseRolled    EventType = "surpriseRolled"   // Trace holds the checks, Value the number surprised (ENG-SURP-1)
	SurpriseMarked    EventType = "surpriseMarked"   // Actor is proposed as surprised (ENG-SURP-1)
	ActResolved       EventType = "actResolved"      // a ruleset's act: Key, Target, Value, Trace (ENG-ACT-1)
	AttackScheduled   EventType = "attackScheduled"  // put on the segment timeline: Value = its segment in this round (ENG-TL-2)
	SegmentResolved   EventType = "segmentResolved"  // the attacks of segment Value of this round land (ENG-TL-3)
)

// Event is one thing that happened while a command was applied. Which fields
// are set depends on Type; the UI renders events and never recomputes rules.
type Event struct {
	Type     EventType    `json:"type"`
	Rule     RuleID       `json:"rule,omitempty"`
	Actor    string       `json:"actor,omitempty"`
	Target   string       `json:"target,omitempty"`
	From     *grid.Square `json:"from,omitempty"`
	To       *grid.Square `json:"to,omitempty"`
	Round    int          `json:"round,omitempty"`
	Value    int          `json:"value,omitempty"`
	Hit      bool         `json:"hit,omitempty"`
	Key      string       `json:"key,omitempty"`
	Resource Resource     `json:"resource,omitempty"`
	Trace    Trace        `json:"trace,omitempty"`
	Order    []Slot       `json:"order,omitempty"`
	Decision *Decision    `json:"decision,omitempty"`
	Phase    *PhaseHit    `json:"phase,omitempty"`
	Morale   *MoraleCheck `json:"morale,omitempty"`
}
