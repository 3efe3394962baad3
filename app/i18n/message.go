package i18n

import "strings"

// catalogue is one language's messages: plain ones by key, and counted ones
// with a form per plural category.
type catalogue struct {
	msgs    map[string]string
	counted map[string]forms
}

// forms holds a counted message's text per plural Category; the categories
// a language never uses stay empty.
type forms [numCategories]string

// catalogues is indexed by Lang.
var catalogues = [numLangs]*catalogue{
	English: &enCatalogue,
	Hebrew:  &heCatalogue,
	Polish:  &plCatalogue,
	Kazakh:  &kkCatalogue,
}

// Has reports whether key is a message of the English catalogue, plain or
// counted, so callers' tests can check the keys they use.
func Has(key string) bool {
	_, plain := enCatalogue.msgs[key]
	_, counted := enCatalogue.counted[key]
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
	f := catalogues[l].counted[key]
	pattern := f[Plural(l, n)]
	if pattern == "" {
		pattern = f[Other]
	}
	if pattern == "" {
		// The English form must not get, say, Polish digit grouping.
		return English, enCatalogue.counted[key][Plural(English, n)]
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
	if m, ok := catalogues[l.valid()].msgs[key]; ok {
		return m
	}
	if m, ok := enCatalogue.msgs[key]; ok {
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
