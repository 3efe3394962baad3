package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// keyLang is the browser storage key of the language the user chose.
const keyLang = "battlemat/lang"

// say renders the message key in l as HTML: its literal text, and each
// placeholder value (a name, a square, a rule ID) in its own <bdi>, so
// text of the other direction neither scrambles nor is scrambled.
func say(l i18n.Lang, key string, args ...any) []app.UI {
	return bdiParts(i18n.Parts(l, key, args...))
}

// sayN renders the counted message key like say.
func sayN(l i18n.Lang, key string, n int, args ...any) []app.UI {
	return bdiParts(i18n.PartsN(l, key, int64(n), args...))
}

// sayNAttr writes the counted message key like sayN, for an attribute
// value, which cannot hold a <bdi>: each value, the count too, is wrapped
// in Unicode isolates instead.
func sayNAttr(l i18n.Lang, key string, n int, args ...any) string {
	var sb strings.Builder
	for _, p := range i18n.PartsN(l, key, int64(n), args...) {
		if p.Arg {
			sb.WriteString(i18n.Isolate(p.Text))
		} else {
			sb.WriteString(p.Text)
		}
	}
	return sb.String()
}

// bdiParts renders message parts, each value in its own <bdi>.
func bdiParts(parts []i18n.Part) []app.UI {
	out := make([]app.UI, len(parts))
	for i, p := range parts {
		if p.Arg {
			out[i] = app.Bdi().Text(p.Text)
		} else {
			out[i] = app.Text(p.Text)
		}
	}
	return out
}

// data reads the data-<name> attribute of the element a handler runs on.
// Handlers that act on a value of one render read it from the page this
// way: go-app keeps an element's first handler as long as its code is the
// same, so a value captured by a closure would go stale.
func data(ctx app.Context, name string) string {
	v := ctx.JSSrc().Get("dataset").Get(name)
	if !v.Truthy() {
		return ""
	}
	return v.String()
}

// shipped holds the rulesets Battlemat ships, for their glossaries.
var shipped = rulesets.Registry()

// glossary returns the glossary of the ruleset with the given ID: its own
// words for the engine's keys, or nil for a ruleset without one (the UI
// then uses its catalogue's words).
func glossary(ruleset string) *combat.Glossary { return shipped.Glossary(ruleset) }

// linkName is the library name of an encounter of the given ruleset
// opened from a share link, for a reader of l.
func linkName(l i18n.Lang, ruleset string) string {
	return i18n.T(l, "library.name.link", "ruleset", rulesetName(l, ruleset))
}

// rulesetName names a ruleset for a reader of l: its own name in l (its
// glossary's), isolated in a language that runs the other way than the
// name may, or its ID, isolated, for a ruleset without one.
func rulesetName(l i18n.Lang, ruleset string) string {
	if s, ok := glossary(ruleset).Name(l.String()); ok {
		if i18n.Dir(l) == "rtl" {
			return i18n.Isolate(s)
		}
		return s
	}
	return i18n.Isolate(ruleset)
}

// badge names a condition or state on a token in as few letters as
// possible: the ruleset's own term for readers of its language, else the
// catalogue's word, else the ruleset's label for it in l, else the key.
func badge(l i18n.Lang, ruleset, key string) string {
	if g, ok := i18n.Term(glossary(ruleset), key); ok && g.Lang == l {
		if g.Abbrev != "" {
			return g.Abbrev
		}
		return g.Native
	}
	if i18n.Has("key." + key) {
		return i18n.T(l, "key."+key)
	}
	if s, ok := glossary(ruleset).Label(l.String(), key); ok {
		return s
	}
	return strings.ReplaceAll(key, "-", " ")
}

// initLang picks the language at mount: the user's stored choice, else the
// browser's preferences, else English.
func (t *Table) initLang(ctx app.Context) {
	var stored string
	ctx.LocalStorage().Get(keyLang, &stored)
	var prefs []string
	if langs := app.Window().Get("navigator").Get("languages"); langs.Truthy() {
		for i := 0; i < langs.Length(); i++ {
			prefs = append(prefs, langs.Index(i).String())
		}
	}
	t.showLang(ctx, i18n.Parse(stored+","+strings.Join(prefs, ",")))
}

// chooseLang switches the UI to l and remembers the choice.
func (t *Table) chooseLang(ctx app.Context, l i18n.Lang) {
	t.showLang(ctx, l)
	ctx.LocalStorage().Set(keyLang, l.String())
}

// showLang switches the UI to l and sets the page's lang and dir: the
// server renders English, the client fixes it up.
func (t *Table) showLang(ctx app.Context, l i18n.Lang) {
	t.lang = l
	doc := app.Window().Get("document")
	root := doc.Get("documentElement")
	if root.Get("dir").String() == i18n.Dir(l) {
		root.Set("lang", l.String())
		return
	}
	root.Set("lang", l.String())
	root.Set("dir", i18n.Dir(l))
	// Chromium keeps the bidi levels of text a re-render leaves unchanged,
	// so a ")" laid out in a right-to-left page would stay mirrored in a
	// left-to-right one. Once the new words are in, taking the page out of
	// layout for a moment lays every line out again.
	ctx.Defer(func(app.Context) {
		if body := doc.Get("body"); body.Truthy() {
			body.Get("style").Set("display", "none")
			body.Get("offsetHeight")
			body.Get("style").Set("display", "")
		}
	})
}

// renderLangSwitch is the language menu, each language in its own name.
func (t *Table) renderLangSwitch() app.UI {
	opts := make([]app.UI, len(i18n.Langs))
	for i, l := range i18n.Langs {
		opts[i] = app.Option().Value(l.String()).Lang(l.String()).Selected(l == t.lang).Text(i18n.Isolate(i18n.Name(l)))
	}
	return app.Select().ID("lang").Attr("aria-label", i18n.T(t.lang, "bar.language")).Title(i18n.T(t.lang, "bar.language")).Body(opts...).
		OnChange(func(ctx app.Context, e app.Event) {
			var l i18n.Lang
			if l.UnmarshalText([]byte(ctx.JSSrc().Get("value").String())) == nil {
				t.chooseLang(ctx, l)
			}
		})
}

// explain is the tooltip of a highlight, a trace step or an odds row: the
// ruleset's term with its one-line explanation in l and the rule it comes
// from, so every number says why. In English the term's English label
// comes too, after the term without its abbreviation ("қорғаныс — HP: …").
func explain(l i18n.Lang, ruleset, key string, rule combat.RuleID) string {
	out := string(rule)
	g, ok := i18n.Term(glossary(ruleset), key)
	why, explained := i18n.Explain(l, glossary(ruleset), key)
	if !ok || !explained {
		return out
	}
	out = i18n.Isolate(g.Native) + " — "
	if l == i18n.English {
		out = i18n.Isolate(g.Bare()) + " — " + g.English + ": "
	}
	out += why
	if rule != "" {
		out += " (" + string(rule) + ")"
	}
	return out
}

// sampleTitle is a bundled sample's title in l, from the catalogue
// ("sample.<id>"), or the sample's own English title when it has none.
func sampleTitle(l i18n.Lang, s rulesets.Sample) string {
	if i18n.Has("sample." + s.ID) {
		return i18n.T(l, "sample."+s.ID)
	}
	return s.Title
}
