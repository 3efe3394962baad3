package i18n

import (
	"strings"
	"sync"
)

// msg is one plain message of a catalogue table: its key and its text.
type msg struct{ key, text string }

// countedMsg is one counted message of a catalogue table: its key and a
// form per plural category.
type countedMsg struct {
	key   string
	forms forms
}

// forms holds a counted message's text per plural Category; the categories
// a language never uses stay empty.
type forms [numCategories]string

// A language's catalogue is its tables: the main one of its file (enMsgs
// and enCounted for English) and one per part of the UI, which hold every
// language's words for that part side by side (tableKeys, roundKeys…).
// They are static data; a language's index of them by key is built on its
// first lookup (catalogue), so the package does nothing when it starts and
// a page builds only the languages it shows. The catalogue tests check that
// no key appears twice in a language's tables.

// mainMsgs and mainCounted are the main tables of each language, indexed
// by Lang.
var (
	mainMsgs    = [numLangs][]msg{English: enMsgs, Hebrew: heMsgs, Polish: plMsgs, Kazakh: kkMsgs}
	mainCounted = [numLangs][]countedMsg{English: enCounted, Hebrew: heCounted, Polish: plCounted, Kazakh: kkCounted}
)

// tables are the tables of plain messages for parts of the UI, each
// indexed by Lang.
var tables = [...]*[numLangs][]msg{
	&actionKeys, &aimKeys, &counterKeys, &editorKeys, &forecastKeys, &libraryKeys,
	&logKeys, &refusalKeys, &roundKeys, &sideKeys, &tableKeys,
}

// index is one language's catalogue by key: plain messages and counted
// ones.
type index struct {
	msgs    map[string]string
	counted map[string]forms
}

var (
	indexOnce [numLangs]sync.Once
	indexes   [numLangs]index
)

// catalogue returns l's messages by key, building them from l's tables on
// the first call for l.
func catalogue(l Lang) *index {
	l = l.valid()
	indexOnce[l].Do(func() {
		n := len(mainMsgs[l])
		for _, t := range tables {
			n += len(t[l])
		}
		x := index{msgs: make(map[string]string, n), counted: make(map[string]forms, len(mainCounted[l]))}
		for _, m := range mainMsgs[l] {
			x.msgs[m.key] = m.text
		}
		for _, t := range tables {
			for _, m := range t[l] {
				x.msgs[m.key] = m.text
			}
		}
		for _, m := range mainCounted[l] {
			x.counted[m.key] = m.forms
		}
		indexes[l] = x
	})
	return &indexes[l]
}

// Has reports whether key is a message of the English catalogue, plain or
// counted, so callers' tests can check the keys they use.
func Has(key string) bool {
	en := catalogue(English)
	_, plain := en.msgs[key]
	_, counted := en.counted[key]
	return plain || counted
}

// T returns the message key in l with its placeholders filled from args,
// given as name/value pairs ("name", "Goblin", "n", 3). It falls back to
// English when l lacks the message and returns key itself when English does
// too; it never panics.
func T(l Lang, key string, args ...any) string {
	return fill(l, lookup(l, key), args)
}

// N returns the counted message key in the plural form of n for l (see
// Plural), with "{n}" set to n and the other placeholders filled from args as
// in T. A missing form falls back to l's Other form (a language whose nouns
// do not change with the count, like Kazakh, gives only that one), then to
// English; an unknown key is returned as it is.
func N(l Lang, key string, n int64, args ...any) string {
	l, pattern := countedPattern(l, key, n)
	if pattern == "" {
		return key
	}
	return fill(l, pattern, append([]any{"n", n}, args...))
}

// countedPattern returns the form of the counted message key for n, and
// the language to write its values in: l, or English when the form comes
// from the English catalogue. The pattern is empty for an unknown key.
func countedPattern(l Lang, key string, n int64) (Lang, string) {
	l = l.valid()
	f := catalogue(l).counted[key]
	pattern := f[Plural(l, n)]
	if pattern == "" {
		pattern = f[Other]
	}
	if pattern == "" {
		// The English form must not get, say, Polish digit grouping.
		return English, catalogue(English).counted[key][Plural(English, n)]
	}
	return l, pattern
}

// Part is a piece of a message: literal text, or the value of a
// placeholder (Arg), which the UI renders in its own <bdi> element.
type Part struct {
	Text string `json:"text"`
	Arg  bool   `json:"arg,omitempty"`
}

// Parts returns the message key in l like T, split into literal text and
// placeholder values, so each value can be bidi-isolated in its own element.
// Empty pieces are left out.
func Parts(l Lang, key string, args ...any) []Part {
	return split(l, lookup(l, key), args)
}

// split fills pattern like fill, as literal text and placeholder values.
func split(l Lang, pattern string, args []any) []Part {
	var parts []Part
	scan(pattern, func(lit string) {
		parts = append(parts, Part{Text: lit})
	}, func(name string) {
		if v, ok := arg(l, name, args); ok {
			parts = append(parts, Part{Text: v, Arg: true})
		} else {
			parts = append(parts, Part{Text: "{" + name + "}"})
		}
	})
	return parts
}

// lookup returns the pattern of the plain message key in l, else in
// English, else key.
func lookup(l Lang, key string) string {
	if m, ok := catalogue(l).msgs[key]; ok {
		return m
	}
	if m, ok := catalogue(English).msgs[key]; ok {
		return m
	}
	return key
}

// fill replaces the placeholders of pattern with their values from args.
func fill(l Lang, pattern string, args []any) string {
	if strings.IndexByte(pattern, '{') < 0 {
		return pattern
	}
	var b strings.Builder
	b.Grow(len(pattern) + 16)
	scan(pattern, func(lit string) { b.WriteString(lit) }, func(name string) {
		if v, ok := arg(l, name, args); ok {
			b.WriteString(v)
		} else {
			b.WriteString("{" + name + "}")
		}
	})
	return b.String()
}

// scan walks pattern, calling lit for each run of literal text and ph for
// each placeholder name. A "{" without a closing "}" is literal text.
func scan(pattern string, lit, ph func(string)) {
	for pattern != "" {
		i := strings.IndexByte(pattern, '{')
		j := -1
		if i >= 0 {
			j = strings.IndexByte(pattern[i:], '}')
		}
		if j < 0 {
			lit(pattern)
			return
		}
		if i > 0 {
			lit(pattern[:i])
		}
		ph(pattern[i+1 : i+j])
		pattern = pattern[i+j+1:]
	}
}

// arg finds the value of placeholder name in the name/value pairs args and
// writes it for l.
func arg(l Lang, name string, args []any) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].(string); ok && k == name {
			return value(l, args[i+1]), true
		}
	}
	return "", false
}

// Localizer is a placeholder value that writes itself in the reader's
// language: a ruleset's term, or a message inside another.
type Localizer interface {
	In(l Lang) string
}

// value writes one placeholder value: strings as they are, integers with
// l's digit grouping, a Localizer in l, errors and Stringers by their text,
// anything else as "?".
func value(l Lang, v any) string {
	switch v := v.(type) {
	case string:
		return v
	case Localizer:
		return v.In(l)
	case int:
		return Int(l, int64(v))
	case int64:
		return Int(l, v)
	case int32:
		return Int(l, int64(v))
	case uint8:
		return Int(l, int64(v))
	case uint16:
		return Int(l, int64(v))
	case uint32:
		return Int(l, int64(v))
	case error:
		return v.Error()
	case interface{ String() string }:
		return v.String()
	}
	return "?"
}
