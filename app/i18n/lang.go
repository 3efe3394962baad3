package i18n

import (
	"fmt"
	"strings"
)

// Lang is one of the languages the UI speaks. The zero value is English.
type Lang uint8

// The languages, in the order of the language switch.
const (
	English Lang = iota
	Hebrew
	Polish
	Kazakh
	numLangs
)

// Langs lists every language, in the order of the language switch.
var Langs = [...]Lang{English, Hebrew, Polish, Kazakh}

// langInfo is what a language switch and a page header need to know.
type langInfo struct {
	tag  string // BCP 47 primary language subtag
	name string // the language's own name for itself
	rtl  bool
}

var langs = [numLangs]langInfo{
	English: {"en", "English", false},
	Hebrew:  {"he", "עברית", true},
	Polish:  {"pl", "Polski", false},
	Kazakh:  {"kk", "Қазақша", false},
}

// String returns the language's BCP 47 tag ("en", "he", "pl", "kk"), the
// value for the lang attribute and for storing the user's choice.
func (l Lang) String() string { return langs[l.valid()].tag }

// MarshalText writes the language as its tag, so JSON shows "he", not 1.
func (l Lang) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads one tag of a language we speak, whatever its region
// or script ("he", "pl-PL"); it rejects any other tag, and lists.
func (l *Lang) UnmarshalText(b []byte) error {
	p, ok := byPrimary(primary(string(b)))
	if !ok {
		return fmt.Errorf("i18n: unknown language %q", b)
	}
	*l = p
	return nil
}

// valid maps an out-of-range Lang to English, so no lookup can panic.
func (l Lang) valid() Lang {
	if l >= numLangs {
		return English
	}
	return l
}

// Name returns the language's name in that language ("עברית", "Polski"),
// as the language switch shows it.
func Name(l Lang) string { return langs[l.valid()].name }

// Dir returns the writing direction of l for the dir attribute: "rtl" for
// Hebrew, "ltr" otherwise.
func Dir(l Lang) string {
	if langs[l.valid()].rtl {
		return "rtl"
	}
	return "ltr"
}

// byPrimary returns the language a primary subtag names, also under another
// code: "iw" is the withdrawn code for Hebrew that old browsers still send.
func byPrimary(subtag string) (Lang, bool) {
	switch subtag {
	case "en":
		return English, true
	case "he", "iw":
		return Hebrew, true
	case "pl":
		return Polish, true
	case "kk":
		return Kazakh, true
	}
	return English, false
}

// Parse picks the language for a list of language tags in order of
// preference, such as navigator.languages joined with commas
// ("he-IL,he,en-US") or an Accept-Language header (q-values are ignored:
// browsers already send the list in order). The first tag whose primary
// subtag is one we speak wins, whatever its region or script ("kk-Cyrl-KZ",
// "pl_PL"); when none is, Parse returns English.
//
// A stored choice goes in front of the browser's list, so an unreadable
// stored value falls through to the browser:
//
//	i18n.Parse(stored + "," + strings.Join(navigatorLanguages, ","))
func Parse(list string) Lang {
	for list != "" {
		var tag string
		tag, list, _ = strings.Cut(list, ",")
		if l, ok := byPrimary(primary(tag)); ok {
			return l
		}
	}
	return English
}

// primary returns the primary language subtag of one tag, lower-cased:
// "he" for " he-IL;q=0.9".
func primary(tag string) string {
	tag, _, _ = strings.Cut(tag, ";")
	tag = strings.TrimSpace(tag)
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return strings.ToLower(tag)
}
