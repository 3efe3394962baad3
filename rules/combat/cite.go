package combat

import "strings"

// Citer is implemented by a ruleset whose text has its own rule for some
// of the engine's rules (ENG-…, docs/engine.md): Cite returns the
// ruleset's rule for an engine rule, or "" to cite the engine's. Events
// and errors of Apply carry the cited rule, so a table sees the rules of
// the game it plays.
type Citer interface {
	Cite(engine RuleID) RuleID
}

// Cite returns the rule rs cites for id: its own for an engine rule it
// names, id otherwise.
func Cite(rs Ruleset, id RuleID) RuleID {
	if !strings.HasPrefix(string(id), "ENG-") {
		return id
	}
	if c, ok := rs.(Citer); ok {
		if own := c.Cite(id); own != "" {
			return own
		}
	}
	return id
}

// citeError returns err with the rule rs cites for it.
func citeError(rs Ruleset, err error) error {
	re, ok := err.(*RuleError)
	if !ok {
		return err
	}
	if id := Cite(rs, re.Rule); id != re.Rule {
		c := *re
		c.Rule = id
		return &c
	}
	return err
}
