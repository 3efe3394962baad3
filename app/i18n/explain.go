package i18n

import (
	"battlemat/rules/cairn"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/krysztaly"
)

// explanations holds, per language other than English, each ruleset's term
// explanations (the Explain of a Gloss) written in that language: ruleset
// ID, then engine key as the glossary spells it (an alias is looked up
// under its glossary key).
var explanations = [numLangs]map[string]map[string]string{
	Hebrew: {encounter.RulesetID: heKaldaria, krysztaly.RulesetID: heKrysztaly, cairn.RulesetID: heCairn},
	Polish: {encounter.RulesetID: plKaldaria, krysztaly.RulesetID: plKrysztaly, cairn.RulesetID: plCairn},
	Kazakh: {encounter.RulesetID: kkKaldaria, krysztaly.RulesetID: kkKrysztaly, cairn.RulesetID: kkCairn},
}

// Explain returns the one-line explanation of ruleset's term for key in l:
// the glossary's English line for English, the language's own line
// otherwise. It reports false for a ruleset or key without a term, and for
// a term not yet explained in l.
func Explain(l Lang, ruleset, key string) (string, bool) {
	l = l.valid()
	g, ok := Term(ruleset, key)
	if !ok || l == English {
		return g.Explain, ok && g.Explain != ""
	}
	if k, ok := kaldariaAliases[key]; ok && ruleset == encounter.RulesetID {
		key = k
	}
	s, ok := explanations[l][ruleset][key]
	return s, ok && s != ""
}
