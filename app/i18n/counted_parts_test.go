package i18n

import (
	"slices"
	"testing"
)

func TestPartsN(t *testing.T) {
	for _, c := range []struct {
		name string
		l    Lang
		n    int64
		want []Part
	}{
		{"en-one", English, 1, []Part{{Text: "walk", Arg: true}, {Text: ": "}, {Text: "1", Arg: true}, {Text: " square ("}, {Text: "K-MOVE-3", Arg: true}, {Text: ")"}}},
		{"en-other", English, 12, []Part{{Text: "walk", Arg: true}, {Text: ": "}, {Text: "12", Arg: true}, {Text: " squares ("}, {Text: "K-MOVE-3", Arg: true}, {Text: ")"}}},
		// The Hebrew number sits between a Latin name and Hebrew words: it
		// gets its own isolate like the name.
		{"he-other", Hebrew, 12, []Part{{Text: "walk", Arg: true}, {Text: ": "}, {Text: "12", Arg: true}, {Text: " משבצות ("}, {Text: "K-MOVE-3", Arg: true}, {Text: ")"}}},
		// Hebrew writes one and two in words: no number to isolate.
		{"he-two", Hebrew, 2, []Part{{Text: "walk", Arg: true}, {Text: ": שתי משבצות ("}, {Text: "K-MOVE-3", Arg: true}, {Text: ")"}}},
		// Polish groups the digits of a large count.
		{"pl-grouped", Polish, 12345, []Part{{Text: "walk", Arg: true}, {Text: ": "}, {Text: Int(Polish, 12345), Arg: true}, {Text: " pól ("}, {Text: "K-MOVE-3", Arg: true}, {Text: ")"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := PartsN(c.l, "move.band", c.n, "band", "walk", "rule", "K-MOVE-3"); !slices.Equal(got, c.want) {
				t.Errorf("PartsN = %+v, want %+v", got, c.want)
			}
		})
	}
	for _, l := range Langs {
		got := PartsN(l, "move.band", 5, "band", "B", "rule", "R")
		args := 0
		for _, p := range got {
			if p.Arg {
				args++
			}
		}
		if args != 3 { // the band, the count and the rule
			t.Errorf("%s: %d values isolated in %+v, want 3", l, args, got)
		}
	}
}

// TestEditorKeys checks the added messages reached every catalogue.
func TestEditorKeys(t *testing.T) {
	for _, m := range editorKeys[English] {
		key := m.key
		if !Has(key) {
			t.Errorf("%q is not in the English catalogue", key)
		}
		for _, l := range Langs[1:] {
			if T(l, key) == T(English, key) {
				t.Errorf("%s: %q is not translated", l, key)
			}
		}
	}
}
