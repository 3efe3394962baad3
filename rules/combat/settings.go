package combat

import (
	"slices"

	"battlemat/rules/dice"
)

// MaxSegments bounds the segments of one round on the timeline (ENG-TL-1).
const MaxSegments = 100

// Settings are the GM's choices for how an encounter runs, kept in the
// encounter. The zero value is every ruleset's default.
type Settings struct {
	// IndividualInitiative makes every creature roll its own initiative
	// instead of sharing a roll with identical creatures (ENG-SET-1).
	IndividualInitiative bool `json:"individualInitiative,omitempty"`
	// Segments turns on the segment timeline with this many segments per
	// round; 0 leaves it off (ENG-TL-1).
	Segments int `json:"segments,omitempty"`
}

// Validate checks the settings' bounds.
func (s Settings) Validate() error {
	if s.Segments < 0 || s.Segments > MaxSegments {
		return Invalid("ENG-TL-1", "segments", "%d is outside 0..%d", s.Segments, MaxSegments)
	}
	return nil
}

// Configure replaces the encounter's settings by the GM's hand (ENG-SET-1).
// Initiative settings matter when initiative is next rolled; the timeline's
// segments from the next action scheduled on it.
type Configure struct {
	Settings Settings `json:"settings"`
}

// Kind returns "configure".
func (Configure) Kind() string { return "configure" }

func (c Configure) apply(a *applier) error {
	if err := c.Settings.Validate(); err != nil {
		return err
	}
	a.e.Settings = c.Settings
	a.emit(Header{Rule: "ENG-SET-1"}.With(c.Settings))
	return nil
}

// Tie is a run of slots Order[From:To] with equal scores whose order the
// party named by Decider, in the ruleset's words (for example "dm" or
// "players"), still has to set with SetOrder, marking the slots Settled
// (ENG-TIE-1).
type Tie struct {
	From    int    `json:"from"`
	To      int    `json:"to"`
	Decider string `json:"decider"`
}

// TieTeller is implemented by rulesets whose initiative ties are settled by
// a party at the table rather than by dice (ENG-TIE-1).
type TieTeller interface {
	Ties(enc Encounter) []Tie
}

// Ties asks the encounter's ruleset which initiative ties are still open,
// none for a ruleset without a TieTeller.
func Ties(rs Ruleset, enc Encounter) []Tie {
	if tt, ok := rs.(TieTeller); ok {
		return tt.Ties(enc)
	}
	return nil
}

// SurpriseRoller is implemented by rulesets that work out who is surprised
// at the start from the creatures' own numbers (ENG-SURP-1). Surprise rolls
// what it needs with r and returns the surprised and the trace.
type SurpriseRoller interface {
	Surprise(enc Encounter, r dice.Roller) ([]string, Trace, error)
}

// RollSurprise works out, in setup, who is surprised with the ruleset's
// SurpriseRoller and marks them (ENG-SURP-1). It is a proposal: Start's list
// is what counts, so the GM can still override it.
type RollSurprise struct{}

// Kind returns "rollSurprise".
func (RollSurprise) Kind() string { return "rollSurprise" }

func (RollSurprise) apply(a *applier) error {
	sr, ok := a.rs.(SurpriseRoller)
	if !ok {
		return a.unsupported("SurpriseRoller")
	}
	if a.e.Phase != PhaseSetup {
		return Invalid("ENG-SURP-1", "phase", "surprise is settled before the start")
	}
	ids, tr, err := sr.Surprise(a.e, a.r)
	if err != nil {
		return err
	}
	for i := range a.e.Combatants {
		c := &a.e.Combatants[i]
		c.Surprised = slices.Contains(ids, c.ID)
	}
	a.emit(Header{Rule: "ENG-SURP-1"}.With(SurpriseRoll{Surprised: len(ids), Trace: tr}))
	for _, id := range ids {
		if a.e.Find(id) < 0 {
			return NoCombatant("ENG-SURP-1", "surprised", id)
		}
		a.emit(Header{Rule: "ENG-SURP-1", Actor: id}.Bare(SurpriseMarked))
	}
	return nil
}

// Pacer is implemented by rulesets whose creatures may act slower than
// their full routine (ENG-PACE-1). Pace reports for combatant id's turn now
// running how many actions its routine grants and what it carries on.
type Pacer interface {
	Pace(enc Encounter, id string) (Pace, error)
}

// Pace is a creature's routine for the turn: whether it is slowed, the
// actions it grants and the credit carried into the next round, in the
// ruleset's units, with the rule that slows it.
type Pace struct {
	Slowed  bool   `json:"slowed,omitempty"`
	Actions int    `json:"actions"`
	Credit  int    `json:"credit,omitempty"`
	Rule    RuleID `json:"rule,omitempty"`
}
