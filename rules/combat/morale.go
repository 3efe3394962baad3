package combat

// MoraleTeller is implemented by side-phase rulesets whose groups check
// morale at the end of a phase (ENG-PHASE-5): for each group with a check
// still to come, the exact odds of that check, for the round panel.
type MoraleTeller interface {
	MoraleOdds(enc Encounter) ([]MoraleOdds, error)
}

// MoraleOdds forecasts one group's next morale check: the ruleset's key for
// what will call it and its rule, who rolls (a leader for everyone, or each
// member), each roller's exact chance to hold (Holds, keyed by combatant),
// and the group's chances (Chances, ruleset keys: the chance that nobody
// flees, the expected number fleeing).
type MoraleOdds struct {
	Group   string   `json:"group"`
	Trigger string   `json:"trigger"`
	Rule    RuleID   `json:"rule"`
	Leader  string   `json:"leader,omitempty"`
	Members []string `json:"members"`
	Holds   []Chance `json:"holds"`
	Chances []Chance `json:"chances"`
}
