package i18n

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode"

	"battlemat/rules/cairn"
	"battlemat/rules/combat"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/krysztaly"
	"battlemat/rules/rulesets"
)

// shipped are the rulesets Battlemat ships; the tests take their
// glossaries from there, as the app does.
var shipped = rulesets.Registry()

// glossary returns the glossary of the shipped ruleset with the given ID.
func glossary(id string) *combat.Glossary { return shipped.Glossary(id) }

// scripts is the writing system of each language a rulebook is in.
var scripts = map[Lang]*unicode.RangeTable{English: unicode.Latin, Hebrew: unicode.Hebrew, Polish: unicode.Latin, Kazakh: unicode.Cyrillic}

// TestGlossaries checks every shipped ruleset's glossary: its language is
// one the UI speaks, every term is written in it with an English label and
// explanation, every alias leads to a term and shadows none, and every term
// is explained in every other language of the UI, in its own words, with no
// explanation for a key the glossary lacks, and labelled in every language
// other than English and the rulebook's, in that language's words, with no
// label for a key the glossary lacks; the ruleset has a name in every
// language.
func TestGlossaries(t *testing.T) {
	n := 0
	for _, r := range rulesets.All() {
		g := combat.GlossaryOf(r)
		if g == nil {
			continue
		}
		n++
		t.Run(r.ID(), func(t *testing.T) {
			var lang Lang
			if err := lang.UnmarshalText([]byte(g.Lang)); err != nil {
				t.Fatal(err)
			}
			for key, term := range g.Terms {
				if !strings.ContainsFunc(term.Native, func(c rune) bool { return unicode.Is(scripts[lang], c) }) {
					t.Errorf("%q: term %q is not written in %v", key, term.Native, lang)
				}
				if term.English == "" || term.Explain == "" {
					t.Errorf("%q: missing English label or explanation: %+v", key, term)
				}
				if got, ok := Term(g, key); !ok || got.Lang != lang || got.Native != term.Native {
					t.Errorf("Term(%q) = %+v, %v", key, got, ok)
				}
			}
			for _, l := range Langs {
				if s, ok := g.Names[l.String()]; !ok || s == "" {
					t.Errorf("%v: the ruleset has no name", l)
				}
			}
			for alias, key := range g.Aliases {
				if _, ok := g.Terms[key]; !ok {
					t.Errorf("alias %q leads to %q, which is not in the glossary", alias, key)
				}
				if _, ok := g.Terms[alias]; ok {
					t.Errorf("alias %q shadows a glossary key", alias)
				}
			}
			for _, l := range Langs[1:] {
				for key, term := range g.Terms {
					got, ok := Explain(l, g, key)
					switch {
					case !ok:
						t.Errorf("%v, %q: no explanation (English: %q)", l, key, term.Explain)
					case got == term.Explain:
						t.Errorf("%v, %q: explanation %q is the English one", l, key, got)
					}
				}
				for key := range g.Explain[l.String()] {
					if _, ok := g.Terms[key]; !ok {
						t.Errorf("%v: explains %q, which the glossary lacks", l, key)
					}
				}
				if l == lang {
					if len(g.Labels[l.String()]) != 0 {
						t.Errorf("%v: labels in the rulebook's own language, whose terms are the native ones", l)
					}
					continue
				}
				for key, term := range g.Terms {
					got, ok := gl(g, l, key)
					switch {
					case !ok:
						t.Errorf("%v, %q: no label (English: %q)", l, key, term.English)
					case got == term.English && !loanwords[got]:
						t.Errorf("%v, %q: label %q is the English one", l, key, got)
					}
				}
				for key := range g.Labels[l.String()] {
					if _, ok := g.Terms[key]; !ok {
						t.Errorf("%v: labels %q, which the glossary lacks", l, key)
					}
				}
			}
		})
	}
	if n < 4 {
		t.Errorf("only %d shipped rulesets have a glossary", n)
	}
	// Aliases find their key's explanation.
	kal := glossary(encounter.RulesetID)
	if a, b := mustExplain(t, Polish, kal, "flank"), mustExplain(t, Polish, kal, "tier-flank"); a != b {
		t.Errorf("alias flank explained as %q, tier-flank as %q", a, b)
	}
}

// loanwords are the labels a language may share with English: the
// abbreviations its players write the English way.
var loanwords = map[string]bool{"THAC10": true, "HP": true}

// gl returns the glossary's label of key in l.
func gl(g *combat.Glossary, l Lang, key string) (string, bool) { return g.Label(l.String(), key) }

// TestLabel checks how an engine key is named in each language.
func TestLabel(t *testing.T) {
	tests := []struct {
		name    string
		lang    Lang
		ruleset string
		key     string
		want    string
	}{
		{"KC in Polish: native", Polish, krysztaly.RulesetID, krysztaly.KeyProficiency, "biegłość"},
		{"KC in English: English (native)", English, krysztaly.RulesetID, krysztaly.KeyProficiency, "proficiency (biegłość)"},
		{"KC in Kazakh: Kazakh label, native", Kazakh, krysztaly.RulesetID, krysztaly.KeyProficiency, "шеберлік (biegłość)"},
		{"KC in Hebrew: isolated Latin", Hebrew, krysztaly.RulesetID, krysztaly.KeyHit, "פגיעה (" + FSI + "trafienie" + PDI + ")"},
		{"KC in Hebrew: Hebrew label", Hebrew, krysztaly.RulesetID, krysztaly.KeyRTR, "סיכוי פגיעה ממשי (" + FSI + "rzeczywista szansa trafienia" + PDI + ")"},
		{"DAIRN in Hebrew: a loanword label isolated, the term without it", Hebrew, cairn.RulesetID, cairn.KeyHP, FSI + "HP" + PDI + " (" + FSI + "қорғаныс" + PDI + ")"},
		{"DAIRN HP in English: the abbreviation once", English, cairn.RulesetID, cairn.KeyHP, "HP (қорғаныс)"},
		{"DAIRN STR in Polish: the Polish abbreviation", Polish, cairn.RulesetID, cairn.KeySTR, "SIŁ (күш)"},
		{"DAIRN HP in Kazakh: the chapter's own term", Kazakh, cairn.RulesetID, cairn.KeyHP, "қорғаныс (HP)"},
		{"DAIRN in Kazakh", Kazakh, cairn.RulesetID, cairn.KeyArmour, "сауыт"},
		{"DAIRN in English", English, cairn.RulesetID, cairn.KeyArmour, "armour (сауыт)"},
		{"DAIRN in Polish", Polish, cairn.RulesetID, cairn.KeyCritical, "obrażenia krytyczne (ауыр зиян)"},
		{"Kaldaria in Hebrew", Hebrew, encounter.RulesetID, "thac10", "תלד10"},
		{"Kaldaria tier by its targeting name", Hebrew, encounter.RulesetID, "flank", "כיתור חלקי"},
		{"Kaldaria odds key miss", English, encounter.RulesetID, encounter.ChanceMiss, "miss (" + FSI + "החטאה" + PDI + ")"},
		{"Kaldaria in English: isolated Hebrew", English, encounter.RulesetID, "thac10", "THAC10 (" + FSI + "תלד10" + PDI + ")"},
		{"Kaldaria in Polish: the ruleset's meaning, not the catalogue's", Polish, encounter.RulesetID, "critical", "trafienie krytyczne (" + FSI + "פגיעה קריטית" + PDI + ")"},
		{"Kaldaria miss in Polish: a Polish label", Polish, encounter.RulesetID, encounter.ChanceMiss, "pudło (" + FSI + "החטאה" + PDI + ")"},
		{"Kaldaria tier in Kazakh: a Kazakh label", Kazakh, encounter.RulesetID, "front", "алдыңғы жақ (" + FSI + "חזית" + PDI + ")"},
		{"no ruleset term: catalogue", Hebrew, "dnd5e", "opportunity-attack", "התקפת הזדמנות"},
		{"no ruleset: catalogue", Polish, "", "crit", "trafienie krytyczne"},
		{"unknown key: words", Kazakh, cairn.RulesetID, "some-new-key", "some new key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Label(tt.lang, glossary(tt.ruleset), tt.key); got != tt.want {
				t.Errorf("Label = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLabelsReadOnce names every term of every shipped ruleset (and, for a
// ruleset without a glossary, every engine key the catalogue words) in
// every language of the UI: no label is empty, none has parentheses within
// parentheses ("HP (қорғаныс (HP))"), none writes an abbreviation twice; in
// the rulebook's own language it is the native term, elsewhere it quotes
// the term once.
func TestLabelsReadOnce(t *testing.T) {
	for _, r := range rulesets.All() {
		g := combat.GlossaryOf(r)
		var keys []string
		if g != nil {
			keys = slices.Concat(slices.Sorted(maps.Keys(g.Terms)), slices.Sorted(maps.Keys(g.Aliases)))
		} else {
			for key := range catalogue(English).msgs {
				if k, ok := strings.CutPrefix(key, "key."); ok {
					keys = append(keys, k)
				}
			}
		}
		if len(keys) == 0 {
			t.Fatalf("%s: no keys to name", r.ID())
		}
		for _, l := range Langs {
			for _, key := range keys {
				label := Label(l, g, key)
				plain := strings.NewReplacer(FSI, "", PDI, "").Replace(label)
				if strings.TrimSpace(plain) == "" {
					t.Errorf("%s, %v, %q: empty label", r.ID(), l, key)
					continue
				}
				if d := parenDepth(plain); d > 1 || d < 0 {
					t.Errorf("%s, %v, %q: %q has unbalanced or nested parentheses", r.ID(), l, key, plain)
				}
				seen := map[string]bool{}
				for _, w := range strings.FieldsFunc(plain, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) }) {
					if abbreviation(w) && seen[w] {
						t.Errorf("%s, %v, %q: %q writes %s twice", r.ID(), l, key, plain, w)
					}
					seen[w] = true
				}
				term, ok := Term(g, key)
				switch {
				case !ok:
				case l == term.Lang && label != term.Native:
					t.Errorf("%s, %v, %q: %q, want the native term %q", r.ID(), l, key, label, term.Native)
				case l != term.Lang && strings.Count(plain, term.Bare()) != 1:
					t.Errorf("%s, %v, %q: %q does not quote %q once", r.ID(), l, key, plain, term.Bare())
				}
			}
		}
	}
}

// parenDepth is the deepest nesting of parentheses in s, or -1 when they
// do not balance.
func parenDepth(s string) int {
	depth, deepest := 0, 0
	for _, c := range s {
		switch c {
		case '(':
			depth++
			deepest = max(deepest, depth)
		case ')':
			depth--
			if depth < 0 {
				return -1
			}
		}
	}
	if depth != 0 {
		return -1
	}
	return deepest
}

// abbreviation reports whether w is written like one: two or more
// characters, capitals and digits, at least one capital ("HP", "THAC10").
func abbreviation(w string) bool {
	letters := 0
	for _, c := range w {
		switch {
		case unicode.IsUpper(c):
			letters++
		case !unicode.IsDigit(c):
			return false
		}
	}
	return letters > 0 && len([]rune(w)) > 1
}

// TestActLabel checks how an act's key is named: a key the ruleset names as
// Label does, a named start before a weapon group as that term and the group.
func TestActLabel(t *testing.T) {
	kc := krysztaly.RulesetID
	for _, c := range []struct {
		lang    Lang
		ruleset string
		key     string
		want    string
	}{
		{English, kc, krysztaly.ActGroup + "swords", "training in a new group (nauka grupy broni): swords"},
		{Polish, kc, krysztaly.ActTier + "two-handed-axes", "specjalizacja: two-handed-axes"},
		{Hebrew, kc, krysztaly.ActGroup + "bows", "אימון בקבוצה חדשה (" + FSI + "nauka grupy broni" + PDI + "): " + FSI + "bows" + PDI},
		{English, kc, krysztaly.KeyTrainGroup, "training in a new group (nauka grupy broni)"},
		{English, kc, krysztaly.ActGroup, "train group "},
		{Kazakh, cairn.RulesetID, cairn.ActLoseSTR, Label(Kazakh, glossary(cairn.RulesetID), cairn.ActLoseSTR)},
	} {
		if got := ActLabel(c.lang, glossary(c.ruleset), c.key); got != c.want {
			t.Errorf("ActLabel(%v, %s, %q) = %q, want %q", c.lang, c.ruleset, c.key, got, c.want)
		}
	}
}

// TestNoGlossary checks that a ruleset without a glossary names no term:
// Label falls back to the catalogue, Dice to the language's letter.
func TestNoGlossary(t *testing.T) {
	if _, ok := Term(nil, "hit"); ok {
		t.Error("Term without a glossary reported a term")
	}
	if _, ok := Explain(Polish, nil, "hit"); ok {
		t.Error("Explain without a glossary reported an explanation")
	}
	if got, want := Label(Polish, glossary("nope"), "crit"), "trafienie krytyczne"; got != want {
		t.Errorf("Label = %q, want %q", got, want)
	}
}

func mustExplain(t *testing.T, l Lang, g *combat.Glossary, key string) string {
	t.Helper()
	s, ok := Explain(l, g, key)
	if !ok {
		t.Fatalf("Explain(%v, %q) found nothing", l, key)
	}
	return s
}
