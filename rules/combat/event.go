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
	Joined            EventType = "joined" // a late joiner was inserted in the order with Score (DND-AMB-14)
	EncounterStarted  EventType = "encounterStarted"
	RoundStarted      EventType = "roundStarted"
	TurnStarted       EventType = "turnStarted"
	Moved             EventType = "moved" // one step: From, To, Cost
	MoveStopped       EventType = "moveStopped"
	MoveReset         EventType = "moveReset"
	DecisionRequested EventType = "decisionRequested" // Decision holds the question
	OpportunityTaken  EventType = "opportunityTaken"
	OpportunityPassed EventType = "opportunityPassed"
	Chosen            EventType = "chosen"
	AttackResolved    EventType = "attackResolved" // Hit, Damage, Trace
	HPChanged         EventType = "hpChanged"      // HP
	Downed            EventType = "downed"
	ConditionAdded    EventType = "conditionAdded"
	ConditionRemoved  EventType = "conditionRemoved"
	ActionUsed        EventType = "actionUsed"       // Key, Resource, Rule, Movement gained, Trace
	ReactionUnlocked  EventType = "reactionUnlocked" // surprise no longer holds Actor's off-turn counters (ENG-SURP-3)
	TurnEnded         EventType = "turnEnded"
	RoundEnded        EventType = "roundEnded"
	SideStanding      EventType = "sideStanding" // only one side can still act: the GM may end the fight (DND-AMB-19)
	EncounterEnded    EventType = "encounterEnded"
	AttackDeclared    EventType = "attackDeclared"   // queued in a side phase: Target is the first target, Count the number of targets (ENG-PHASE-2)
	PhaseHitResolved  EventType = "phaseHitResolved" // one target of a side phase: Phase holds its dice, Damage, Key = outcome (ENG-PHASE-3)
	MoraleChecked     EventType = "moraleChecked"    // Morale holds the check, Key = group, Count = number fled (ENG-PHASE-5)
	Fled              EventType = "fled"             // Actor failed a morale check and flees (ENG-PHASE-5)
	Configured        EventType = "configured"       // the GM changed the encounter's settings: Segment = segments per round (ENG-SET-1)
	SurpriseRolled    EventType = "surpriseRolled"   // Trace holds the checks, Count the number surprised (ENG-SURP-1)
	SurpriseMarked    EventType = "surpriseMarked"   // Actor is proposed as surprised (ENG-SURP-1)
	ActResolved       EventType = "actResolved"      // a ruleset's act: Key, Target, Count = the number it produced, Trace (ENG-ACT-1)
	AttackScheduled   EventType = "attackScheduled"  // put on the segment timeline: Segment = its segment in this round (ENG-TL-2)
	SegmentResolved   EventType = "segmentResolved"  // the attacks of Segment of this round land (ENG-TL-3)
	AimSet            EventType = "aimSet"           // the GM set side Key's aim: Count exits, 0 when it now fights to the last (ENG-AIM-2)
)

// Event is one thing that happened while a command was applied. Which fields
// are set depends on Type; the UI renders events and never recomputes rules.
// Each number has a field of its own, named for what it counts, so a
// reader never asks the Type what a number means.
type Event struct {
	Type     EventType    `json:"type"`
	Rule     RuleID       `json:"rule,omitempty"`
	Actor    string       `json:"actor,omitempty"`
	Target   string       `json:"target,omitempty"`
	From     *grid.Square `json:"from,omitempty"`
	To       *grid.Square `json:"to,omitempty"`
	Round    int          `json:"round,omitempty"`
	Cost     int          `json:"cost,omitempty"`     // Moved: the step's cost, in the ruleset's movement units
	Damage   int          `json:"damage,omitempty"`   // AttackResolved, PhaseHitResolved: the damage dealt
	HP       int          `json:"hp,omitempty"`       // HPChanged: the new HP
	Movement int          `json:"movement,omitempty"` // ActionUsed: the movement the action added to the turn
	Count    int          `json:"count,omitempty"`    // AttackDeclared, MoraleChecked, SurpriseRolled, ActResolved: how many
	Segment  int          `json:"segment,omitempty"`  // AttackScheduled, SegmentResolved: a segment of this round; Configured: segments per round
	Score    int          `json:"score,omitempty"`    // Joined: the initiative score
	Hit      bool         `json:"hit,omitempty"`
	Key      string       `json:"key,omitempty"`
	Resource string       `json:"resource,omitempty"` // ActionUsed: the key of the counter spent
	Trace    Trace        `json:"trace,omitempty"`
	Order    []Slot       `json:"order,omitempty"`
	Decision *Decision    `json:"decision,omitempty"`
	Phase    *PhaseHit    `json:"phase,omitempty"`
	Morale   *MoraleCheck `json:"morale,omitempty"`
}
