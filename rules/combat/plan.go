package combat

import "battlemat/rules/grid"

// Optional capabilities for the UI's "show before you act" highlights. A
// ruleset with richer movement and engagement rules than single steps
// implements them; the app falls back to Reachable and PreviewMove when
// they are missing.

// Band is the set of squares a combatant can reach with one movement type
// this turn (K-MOVE: normal move, charge, fighting retreat).
type Band struct {
	Key     BandKey       `json:"key"`
	Rule    RuleID        `json:"rule"`
	Squares []grid.Square `json:"squares"`
}

// BandKey names a movement band by the movement type that reaches its
// squares. Every band a ruleset lists is one of these.
type BandKey string

// The movement bands.
const (
	BandWalk    BandKey = "walk"    // the movement left this turn (ENG-MOVE-8)
	BandDash    BandKey = "dash"    // the movement left plus a Dash still to take
	BandCharge  BandKey = "charge"  // a charge
	BandRetreat BandKey = "retreat" // a fighting retreat
)

// MoveMode is a movement mode a creature is put in by one of its
// conditions, set and cleared with AddCondition and RemoveCondition like
// any other: the condition's key and the band its moves take (a charge, a
// fighting retreat).
type MoveMode struct {
	Condition string
	Band      BandKey
}

// Moder is implemented by Planners whose creatures move in modes besides
// their usual move; the UI offers a mode when the creature's bands list
// the mode's band.
type Moder interface {
	MoveModes() []MoveMode
}

// MoveModesOf returns the movement modes of rs, none when it has no Moder.
// Callers must not modify the result.
func MoveModesOf(rs Ruleset) []MoveMode {
	if m, ok := rs.(Moder); ok {
		return m.MoveModes()
	}
	return nil
}

// ModeFor returns the mode of rs whose moves take band.
func ModeFor(rs Ruleset, band BandKey) (MoveMode, bool) {
	for _, m := range MoveModesOf(rs) {
		if m.Band == band {
			return m, true
		}
	}
	return MoveMode{}, false
}

// Provocation is one opportunity attack a planned path meets: who would
// strike, before which step, of what kind; or, when Prevented is set, why
// that enemy cannot strike (K-OA-7: "overwhelmed", "retreat", "side-bypass",
// "not-noticed", "already-struck", "paralysed", …).
type Provocation struct {
	Attacker  string      `json:"attacker"`
	At        grid.Square `json:"at"`   // the square being left
	Step      int         `json:"step"` // index in Plan.Path of the step that provokes
	Kind      string      `json:"kind"` // "normal" or "improved" (K-OA-2, K-OA-3)
	Prevented string      `json:"prevented,omitempty"`
	Rule      RuleID      `json:"rule"`
}

// Plan is the path a move would take to a square and what it would provoke.
type Plan struct {
	Band         BandKey       `json:"band"`
	Path         []grid.Square `json:"path"` // without the start square
	Cost         int           `json:"cost"`
	Provocations []Provocation `json:"provocations,omitempty"`
}

// Planner is implemented by rulesets that can list movement bands and plan
// a path with its opportunity attacks explained. When safest is set, the
// plan avoids opportunity attacks where it can (fewest, then weakest).
type Planner interface {
	Bands(enc Encounter, id string) ([]Band, error)
	PlanMove(enc Encounter, id string, to grid.Square, safest bool) (Plan, error)
}

// Targeting is what an attack by one combatant on another would be right
// now: the position it is made from and the modifiers that come with it, or
// why it is not possible. The ruleset names the position by a key of its
// glossary (Tier) and ranks it (Edge, ENG-ENGAGE-2): 0 for a position that gives the
// attacker nothing, higher for one that favours it more, on the ruleset's own
// scale. Tactics compare ranks and never read a ruleset's keys.
type Targeting struct {
	Tier      string     `json:"tier"` // a key of the ruleset's glossary
	Edge      int        `json:"edge,omitempty"`
	Rule      RuleID     `json:"rule"`
	Modifiers []Modifier `json:"modifiers,omitempty"`
	Allowed   bool       `json:"allowed"`
	Reason    string     `json:"reason,omitempty"` // key, when not allowed
}

// Standing is a combatant's engagement in its ruleset's words
// (ENG-ENGAGE-1): the facts the ruleset has of it, in the order a table
// reads them, and the rule they follow. The engine reads none of them; the
// UI names each by its key.
type Standing struct {
	Facts []Fact `json:"facts,omitempty"`
	Rule  RuleID `json:"rule"`
}

// Fact is one fact of a combatant's engagement, named by a key of its
// ruleset's glossary: a count out of a capacity (N of Of, Of > 0: the
// enemies a fighter holds of those it can), or a state it is in (Of 0:
// overwhelmed). Mark says the board marks the creature's token with it;
// the first such fact of a Standing is the mark.
type Fact struct {
	Key  string `json:"key"`
	N    int    `json:"n,omitempty"`
	Of   int    `json:"of,omitempty"`
	Mark bool   `json:"mark,omitempty"`
}

// Marked returns the key of the first fact of s that marks the token, and
// false when none does.
func (s Standing) Marked() (string, bool) {
	for _, f := range s.Facts {
		if f.Mark {
			return f.Key, true
		}
	}
	return "", false
}

// Targeter is implemented by rulesets with attack tiers and engagement
// (ENG-ENGAGE-1).
type Targeter interface {
	Target(enc Encounter, attacker, defender string) (Targeting, error)
	Standing(enc Encounter, id string) (Standing, error)
}

// Threatener is implemented by rulesets that can list the squares where
// the enemies of combatant id could make an opportunity attack on it.
type Threatener interface {
	Threatened(enc Encounter, id string) ([]grid.Square, error)
}

// AttackChoice is one attack a combatant can make (a weapon, a maneuver):
// Key is stable, Name is the stat block's own name for it (user data, not
// display text of the engine), Option is what to put in Attack.Option.
type AttackChoice struct {
	Key    string `json:"key"`
	Name   string `json:"name"`
	Option []byte `json:"option,omitempty"`
}

// Armory is implemented by rulesets whose combatants choose among attacks.
type Armory interface {
	AttackChoices(enc Encounter, id string) ([]AttackChoice, error)
}
