package i18n

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestIsolate checks that Isolate wraps its text in one FSI … PDI pair and
// that removing the pair gives the text back, for names mixing Hebrew with
// Latin letters and numbers.
func TestIsolate(t *testing.T) {
	tests := []struct {
		name, in, inner string
	}{
		{"Hebrew name with a number", "גובלין 2", "גובלין 2"},
		{"dice expression", "ק20 + 3", "ק20 + 3"},
		{"Latin inside Hebrew", "THAC10 16", "THAC10 16"},
		{"mixed name", "Orc אורק 3", "Orc אורק 3"},
		{"Kazakh", "Қасқыр", "Қасқыр"},
		{"empty stays empty", "", ""},
		{"stray PDI cannot close the isolate early", "a\u2069b", "ab"},
		{"override cannot leak", "\u202eevil", "evil"},
		{"only controls", "\u2067\u2069", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Isolate(tt.in)
			if tt.inner == "" {
				if got != "" {
					t.Fatalf("Isolate(%q) = %q, want empty", tt.in, got)
				}
				return
			}
			inner, ok := strings.CutPrefix(got, FSI)
			if ok {
				inner, ok = strings.CutSuffix(inner, PDI)
			}
			if !ok || inner != tt.inner {
				t.Errorf("Isolate(%q) = %q, want FSI %q PDI", tt.in, got, tt.inner)
			}
		})
	}
}

// FuzzIsolate checks that Isolate's output always holds exactly one isolate
// pair around the input minus its direction controls.
func FuzzIsolate(f *testing.F) {
	for _, s := range []string{"גובלין 2", "ק20 + 3", "\u2068\u2069", "\u202e", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		got := Isolate(s)
		want := bidiControls.Replace(s)
		if want == "" {
			if got != "" {
				t.Fatalf("Isolate(%q) = %q, want empty", s, got)
			}
			return
		}
		if got != FSI+want+PDI {
			t.Fatalf("Isolate(%q) = %q, want FSI %q PDI", s, got, want)
		}
		if strings.Count(got, FSI) != 1 || strings.Count(got, PDI) != 1 || strings.ContainsAny(want, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067") {
			t.Fatalf("Isolate(%q) = %q keeps a direction control inside", s, got)
		}
	})
}
