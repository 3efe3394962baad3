package i18n

import (
	"strings"

	"battlemat/rules/combat"
)

// Gloss names one engine key (a trace step, modifier, quantity or odds key)
// the way a ruleset does.
type Gloss struct {
	Native  string // the ruleset's own term ("biegłość")
	Abbrev  string // its abbreviation in the rulebook, if any ("TR")
	Lang    Lang   // the language of Native
	English string // a short English label ("proficiency")
}

// Term returns how the ruleset whose glossary is g names key (Kaldaria in
// Hebrew, Kryształy Czasu in Polish, DAIRN in Kazakh). It reports false for
// a nil glossary, a key without a term, and a glossary in a language the UI
// does not speak.
func Term(g *combat.Glossary, key string) (Gloss, bool) {
	t, ok := g.Term(key)
	if !ok {
		return Gloss{}, false
	}
	var l Lang
	if l.UnmarshalText([]byte(g.Lang)) != nil {
		return Gloss{}, false
	}
	return Gloss{Native: t.Native, Abbrev: t.Abbrev, Lang: l, English: t.English}, true
}

// Bare is the native term without the abbreviation its rulebook writes
// after it in parentheses ("қорғаныс" for "қорғаныс (HP)"): how the term is
// quoted next to a label, which already names it.
func (g Gloss) Bare() string {
	if g.Abbrev == "" {
		return g.Native
	}
	return strings.TrimSuffix(g.Native, " ("+g.Abbrev+")")
}

// Explain returns the one-line explanation of the term for key in g in l.
// It reports false for a key without a term, and for a term not explained
// in l.
func Explain(l Lang, g *combat.Glossary, key string) (string, bool) {
	return g.Explanation(l.valid().String(), key)
}

// Label names an engine key, as the ruleset whose glossary is gl names it,
// for a reader of l:
//
//   - in the ruleset's own language, its native term ("biegłość");
//   - in English, the English label with the native term after it
//     ("proficiency (biegłość)"), the term without an abbreviation the
//     rulebook writes after it ("HP (қорғаныс)", not "HP (қорғаныс (HP))");
//   - in another language, the ruleset's label for the term in that
//     language (English when it has none) with the native term after it
//     ("trafienie krytyczne (פגיעה קריטית)"), the term again without its
//     abbreviation ("PŻ (қорғаныс)"): the catalogue's words for
//     engine keys ("key.critical") are not used here, since a ruleset may
//     give the same key another meaning;
//   - for a key the ruleset does not name, the catalogue's "key.<key>"
//     message, else the key with its dashes as spaces.
//
// A term in parentheses that runs in the other direction from l is wrapped
// with Isolate.
func Label(l Lang, gl *combat.Glossary, key string) string {
	l = l.valid()
	g, ok := Term(gl, key)
	if !ok {
		if m, ok := keyWord(l, key); ok {
			return m
		}
		return strings.ReplaceAll(key, "-", " ")
	}
	if l == g.Lang {
		return g.Native
	}
	label := shortLabel(l, gl, g, key)
	native := g.Bare()
	if Dir(l) != Dir(g.Lang) {
		native = Isolate(native)
	}
	return label + " (" + native + ")"
}

// Short names an engine key as Label does, without the native term after
// a label: where the name stands inside another's parentheses ("Sprint
// (akcja dodatkowa)", not "Sprint (Dash) (akcja dodatkowa (bonus
// action))").
func Short(l Lang, gl *combat.Glossary, key string) string {
	l = l.valid()
	g, ok := Term(gl, key)
	if !ok || l == g.Lang {
		return Label(l, gl, key)
	}
	return shortLabel(l, gl, g, key)
}

// shortLabel is the label of g, the term for key in gl, in l: the
// ruleset's label in that language, else the English one, isolated when
// it runs in the other direction from l. A label the same as the English
// one ("HP") is written the English way.
func shortLabel(l Lang, gl *combat.Glossary, g Gloss, key string) string {
	label, lang := g.English, English
	if s, ok := gl.Label(l.String(), key); ok && s != g.English {
		label, lang = s, l
	}
	if Dir(l) != Dir(lang) {
		label = Isolate(label)
	}
	return label
}

// ActLabel is Label for the key of a ruleset's act. A key the ruleset does
// not name but that starts with one it names and a dash ("train-group-"
// before a weapon group) is that term's label, a colon and the rest of the
// key as written ("training in a new group (nauka grupy broni): swords");
// the longest such start counts. The rest is isolated in a right-to-left
// language.
func ActLabel(l Lang, g *combat.Glossary, key string) string {
	if _, ok := g.Term(key); !ok {
		for i := len(key) - 1; i > 0; i-- {
			if _, ok := g.Term(key[:i]); ok && key[i] == '-' && i+1 < len(key) {
				rest := key[i+1:]
				if Dir(l) != Dir(English) {
					rest = Isolate(rest)
				}
				return Label(l, g, key[:i]) + ": " + rest
			}
		}
	}
	return Label(l, g, key)
}

// keyWord returns the catalogue's word for an engine key ("key.<key>") in l,
// falling back to English.
func keyWord(l Lang, key string) (string, bool) {
	if m, ok := catalogue(l).msgs["key."+key]; ok {
		return m, true
	}
	m, ok := catalogue(English).msgs["key."+key]
	return m, ok
}
