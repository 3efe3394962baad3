package combat

import "battlemat/rules/grid"

// EventType names what happened, in the past tense.
type EventType string

// The events Apply emits. The comment names the Payload a kind carries;
// the others carry none.
const (
	Placed            EventType = "placed"
	Edited            EventType = "edited"
	Removed           EventType = "removed"
	Repositioned      EventType = "repositioned"
	MapEdited         EventType = "mapEdited"
	InitiativeRolled  EventType = "initiativeRolled" // Lineup
	OrderSet          EventType = "orderSet"         // Lineup
	Joined            EventType = "joined"           // a late joiner was inserted in the order: JoinScore (ENG-ORDER-7)
	EncounterStarted  EventType = "encounterStarted"
	RoundStarted      EventType = "roundStarted"
	TurnStarted       EventType = "turnStarted"
	Moved             EventType = "moved" // one step from From to To: MoveStep
	MoveStopped       EventType = "moveStopped"
	MoveReset         EventType = "moveReset"
	DecisionRequested EventType = "decisionRequested" // *Decision, the question
	OpportunityTaken  EventType = "opportunityTaken"
	OpportunityPassed EventType = "opportunityPassed"
	Chosen            EventType = "chosen"         // Choice
	AttackResolved    EventType = "attackResolved" // Blow
	HPChanged         EventType = "hpChanged"      // HPSet
	Downed            EventType = "downed"
	ConditionAdded    EventType = "conditionAdded"   // ConditionKey
	ConditionRemoved  EventType = "conditionRemoved" // ConditionKey
	ActionUsed        EventType = "actionUsed"       // ActionSpent
	ReactionUnlocked  EventType = "reactionUnlocked" // surprise no longer holds Actor's off-turn counters (ENG-SURP-3)
	TurnEnded         EventType = "turnEnded"
	RoundEnded        EventType = "roundEnded"
	SideStanding      EventType = "sideStanding" // only one side can still act: the GM may end the fight (ENG-END-2)
	EncounterEnded    EventType = "encounterEnded"
	AttackDeclared    EventType = "attackDeclared"   // queued in a side phase: Target is the first target; Declared (ENG-PHASE-2)
	PhaseHitResolved  EventType = "phaseHitResolved" // one target of a side phase: *PhaseHit (ENG-PHASE-3)
	MoraleChecked     EventType = "moraleChecked"    // *MoraleCheck (ENG-PHASE-5)
	Fled              EventType = "fled"             // Actor failed a morale check and flees (ENG-PHASE-5)
	Configured        EventType = "configured"       // the GM changed the encounter's settings: Settings (ENG-SET-1)
	SurpriseRolled    EventType = "surpriseRolled"   // SurpriseRoll (ENG-SURP-1)
	SurpriseMarked    EventType = "surpriseMarked"   // Actor is proposed as surprised (ENG-SURP-1)
	ActResolved       EventType = "actResolved"      // a ruleset's act on Target: ActDone (ENG-ACT-1)
	AttackScheduled   EventType = "attackScheduled"  // put on the segment timeline: SegmentMark (ENG-TL-2)
	SegmentResolved   EventType = "segmentResolved"  // the attacks of a segment of this round land: SegmentMark (ENG-TL-3)
	AimSet            EventType = "aimSet"           // the GM set a side's aim: AimChange (ENG-AIM-2)
)

// Event is one thing that happened while a command was applied: a header
// every kind shares, and the payload its kind alone carries. The UI renders
// events and never recomputes rules.
//
// An event's kind and payload cannot disagree: a kind that carries a
// payload is the payload's own (Payload.EventKind), so Header.With makes its
// event from the payload alone, and Header.Bare makes an event of a kind
// that carries none. Both fields are unexported and read through Type and
// Payload.
type Event struct {
	Header
	kind    EventType
	payload Payload
}

// Header is what every kind of event has: the rule it applies, the
// combatants it concerns, the squares of a step and the round.
type Header struct {
	Rule   RuleID
	Actor  string
	Target string
	From   *grid.Square
	To     *grid.Square
	Round  int
}

// With returns the event of payload p's kind (p.EventKind()) with header h.
func (h Header) With(p Payload) Event { return Event{Header: h, kind: p.EventKind(), payload: p} }

// Bare returns the event of kind k with header h, for a kind that carries
// nothing beyond the header; a kind that
// carries a payload is made by With (TestBareKindsCarryNothing).
func (h Header) Bare(k EventType) Event { return Event{Header: h, kind: k} }

// Type returns what kind of event e is.
func (e Event) Type() EventType { return e.kind }

// Payload returns what e's kind carries beyond the header, of the type
// that kind's doc comment names; nil for the kinds that carry nothing.
func (e Event) Payload() Payload { return e.payload }

// Payload is what one kind of event carries beyond the header. The set is
// closed: the types below, each documented with the kinds that carry it, so
// a reader gets a kind's numbers by asserting its payload's type and cannot
// read a number the kind does not carry. EventKind returns the kind of event
// that carries it, worked out from the payload alone.
type Payload interface{ EventKind() EventType }

// MoveStep is what Moved carries: the step's cost, in the ruleset's
// movement units (ENG-MOVE-3).
type MoveStep struct{ Cost int }

// Blow is what AttackResolved carries: whether the attack hit, the damage
// it dealt and the ruleset's trace of its resolution.
type Blow struct {
	Hit    bool
	Damage int
	Trace  Trace
}

// HPSet is what HPChanged carries: the combatant's new HP.
type HPSet struct{ HP int }

// ActionSpent is what ActionUsed carries: the action's key, the key of the
// counter it spent, the movement it added to the turn (ENG-MOVE-7) and the
// ruleset's trace.
type ActionSpent struct {
	Key      string
	Resource string
	Movement int
	Trace    Trace
}

// Declared is what AttackDeclared carries: how many targets the queued
// attack has; the event's Target is the first (ENG-PHASE-2).
type Declared struct{ Targets int }

// SurpriseRoll is what SurpriseRolled carries: how many combatants the
// checks surprised, and the checks (ENG-SURP-1).
type SurpriseRoll struct {
	Surprised int
	Trace     Trace
}

// ActDone is what ActResolved carries: the act's key, the number it
// produced and the ruleset's trace (ENG-ACT-1).
type ActDone struct {
	Key   string
	Value int
	Trace Trace
}

// SegmentMark is what AttackScheduled and SegmentResolved carry: a segment
// of this round, counted from 0, and whether its attacks landed
// (SegmentResolved, ENG-TL-3) or one was put on it (ENG-TL-2).
type SegmentMark struct {
	Segment int
	Landed  bool
}

// JoinScore is what Joined carries: the late joiner's initiative score
// (ENG-ORDER-7).
type JoinScore struct{ Score int }

// Lineup is what InitiativeRolled and OrderSet carry: the new order, and
// whether the GM set it by hand (OrderSet, ENG-ORDER-6) or it was rolled
// (ENG-ORDER-2).
type Lineup struct {
	Order  []Slot
	ByHand bool
}

// ConditionKey is what ConditionAdded and ConditionRemoved carry: the
// condition's key, and whether it was taken off (ConditionRemoved) or put
// on.
type ConditionKey struct {
	Condition string
	Removed   bool
}

// Choice is what Chosen carries: the key of the option chosen.
type Choice struct{ Key string }

// AimChange is what AimSet carries: the side whose aim the GM set and how
// many exits it now flees to, 0 when it fights to the last (ENG-AIM-2).
type AimChange struct {
	Side  string
	Exits int
}

// EventKind returns Configured: the new Settings (ENG-SET-1).
func (Settings) EventKind() EventType { return Configured }

// EventKind returns DecisionRequested: the question.
func (*Decision) EventKind() EventType { return DecisionRequested }

// EventKind returns PhaseHitResolved (ENG-PHASE-3).
func (*PhaseHit) EventKind() EventType { return PhaseHitResolved }

// EventKind returns MoraleChecked (ENG-PHASE-5).
func (*MoraleCheck) EventKind() EventType { return MoraleChecked }

// EventKind returns Moved.
func (MoveStep) EventKind() EventType { return Moved }

// EventKind returns AttackResolved.
func (Blow) EventKind() EventType { return AttackResolved }

// EventKind returns HPChanged.
func (HPSet) EventKind() EventType { return HPChanged }

// EventKind returns ActionUsed.
func (ActionSpent) EventKind() EventType { return ActionUsed }

// EventKind returns AttackDeclared.
func (Declared) EventKind() EventType { return AttackDeclared }

// EventKind returns SurpriseRolled.
func (SurpriseRoll) EventKind() EventType { return SurpriseRolled }

// EventKind returns ActResolved.
func (ActDone) EventKind() EventType { return ActResolved }

// EventKind returns SegmentResolved for a segment whose attacks landed, else
// AttackScheduled.
func (m SegmentMark) EventKind() EventType {
	if m.Landed {
		return SegmentResolved
	}
	return AttackScheduled
}

// EventKind returns Joined.
func (JoinScore) EventKind() EventType { return Joined }

// EventKind returns OrderSet for an order set by hand, else InitiativeRolled.
func (l Lineup) EventKind() EventType {
	if l.ByHand {
		return OrderSet
	}
	return InitiativeRolled
}

// EventKind returns ConditionRemoved for a condition taken off, else
// ConditionAdded.
func (c ConditionKey) EventKind() EventType {
	if c.Removed {
		return ConditionRemoved
	}
	return ConditionAdded
}

// EventKind returns Chosen.
func (Choice) EventKind() EventType { return Chosen }

// EventKind returns AimSet.
func (AimChange) EventKind() EventType { return AimSet }
