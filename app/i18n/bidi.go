package i18n

import "strings"

// Unicode isolate marks (UAX #9): FSI opens an isolate whose direction
// follows its first strong letter, PDI closes it.
const (
	FSI = "\u2068"
	PDI = "\u2069"
)

// bidiControls are the explicit direction controls: embeddings, overrides
// and isolates. A value may not carry them out of its isolate.
var bidiControls = strings.NewReplacer(
	"\u202a", "", "\u202b", "", "\u202c", "", "\u202d", "", "\u202e", "",
	"\u2066", "", "\u2067", "", "\u2068", "", "\u2069", "",
)

// Isolate wraps s in FSI … PDI so that, inside text of either direction, it
// keeps its own order and does not reorder its neighbours: "ק20 + 3" or a
// creature name in an attribute value, an SVG <title>, an <option> or any
// string that mixes Hebrew with Latin letters and numbers. In HTML text,
// prefer a <bdi> element, which does the same without characters a reader
// might copy. Direction controls inside s are removed first, so a hostile
// name cannot leak its direction past the PDI. An empty s stays empty.
func Isolate(s string) string {
	s = bidiControls.Replace(s)
	if s == "" {
		return ""
	}
	return FSI + s + PDI
}
