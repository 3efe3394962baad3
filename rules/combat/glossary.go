package combat

// Glossarist is implemented by rulesets that name the engine's keys (trace
// steps, modifiers, quantities, odds, conditions, reasons) in the words of
// their rulebook. The app shows those words; a ruleset without it is shown
// in the UI's own words for the keys.
type Glossarist interface {
	Glossary() *Glossary
}

// Glossary is a ruleset's terms for its keys, in the language its rulebook
// is written in, with a short label and a one-line explanation of each in
// every language the app speaks. It is data, not display logic:
// callers must not modify it.
type Glossary struct {
	// Lang is the language tag of the rulebook and of every Term.Native
	// ("he", "pl", "kk").
	Lang string
	// Terms are the terms by key.
	Terms map[string]Term
	// Aliases map other spellings the ruleset uses for a key (in
	// targeting, odds, conditions) to its key in Terms.
	Aliases map[string]string
	// Explain holds, per language tag other than English, each key's
	// explanation in that language.
	Explain map[string]map[string]string
	// Labels holds, per language tag other than English and Lang, each
	// key's short label in that language, as Term.English is in English.
	Labels map[string]map[string]string
	// Dice holds, per language tag, the dice that the ruleset's players
	// write in their own way in that language, by number of sides
	// (Kaldaria's percentile die in Hebrew).
	Dice map[string]map[int]string
	// Names holds the ruleset's own name, as a reader of each language
	// tag, English included, knows it ("Kaldaria", "קלדריה").
	Names map[string]string
}

// Term is how a ruleset names one key.
type Term struct {
	Native  string // the ruleset's own term ("biegłość"), as its rulebook writes it ("қорғаныс (HP)")
	Abbrev  string // its abbreviation in the rulebook, if any ("TR")
	English string // a short English label ("proficiency")
	Explain string // one English line, written for this app
}

// GlossaryOf returns r's glossary, or nil when r has none.
func GlossaryOf(r Ruleset) *Glossary {
	if g, ok := r.(Glossarist); ok {
		return g.Glossary()
	}
	return nil
}

// Glossary returns the glossary of the ruleset with the given ID, or nil
// when the ruleset is unknown or has none.
func (reg *Registry) Glossary(id string) *Glossary {
	r, err := reg.Lookup(id)
	if err != nil {
		return nil
	}
	return GlossaryOf(r)
}

// Key returns the key of Terms that key names: key itself, or the key an
// alias leads to.
func (g *Glossary) Key(key string) string {
	if g != nil {
		if k, ok := g.Aliases[key]; ok {
			return k
		}
	}
	return key
}

// Term returns the term for key or its alias. It reports false for a key
// without a term, and for a nil glossary.
func (g *Glossary) Term(key string) (Term, bool) {
	if g == nil {
		return Term{}, false
	}
	t, ok := g.Terms[g.Key(key)]
	return t, ok
}

// Explanation returns the one-line explanation of key in the language
// lang: the term's English line for "en", the line of Explain otherwise.
// It reports false for a key without a term or not explained in lang.
func (g *Glossary) Explanation(lang, key string) (string, bool) {
	t, ok := g.Term(key)
	if !ok {
		return "", false
	}
	s := t.Explain
	if lang != "en" {
		s = g.Explain[lang][g.Key(key)]
	}
	return s, s != ""
}

// Label returns the short label of key in the language lang: the term's
// English label for "en", the line of Labels otherwise. It reports false
// for a key without a term or without a label in lang.
func (g *Glossary) Label(lang, key string) (string, bool) {
	t, ok := g.Term(key)
	if !ok {
		return "", false
	}
	s := t.English
	if lang != "en" {
		s = g.Labels[lang][g.Key(key)]
	}
	return s, s != ""
}

// Name returns the ruleset's name for a reader of lang, else its English
// name. It reports false for a nil glossary and one without a name.
func (g *Glossary) Name(lang string) (string, bool) {
	if g == nil {
		return "", false
	}
	if s, ok := g.Names[lang]; ok && s != "" {
		return s, true
	}
	s := g.Names["en"]
	return s, s != ""
}

// Die returns how the ruleset's players write a die of the given sides in
// the language lang, and false when they write it the language's usual way.
func (g *Glossary) Die(lang string, sides int) (string, bool) {
	if g == nil {
		return "", false
	}
	s, ok := g.Dice[lang][sides]
	return s, ok
}
