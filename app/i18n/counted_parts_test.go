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
		{"en-one", English, 1, []Part{{Text: "walk", Arg: true}, {Text: ": 1 square ("}, {Text: "K-MOVE-3", Arg: true}, {Text: ")"}}},
		{"en-other", English, 12, []Part{{Text: "walk", Arg: true}, {Text: ": 12 squares ("}, {Text: "K-MOVE-3", Arg: true}, {Text: ")"}}},
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
		if args != 2 {
			t.Errorf("%s: %d values isolated in %+v, want 2", l, args, got)
		}
	}
}

// TestEditorKeys checks the added messages reached every catalogue.
func TestEditorKeys(t *testing.T) {
	for key := range editorKeys[English] {
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
