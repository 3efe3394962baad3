package i18n

import "testing"

// TestPlural checks the CLDR 44 integer plural rules of each language.
func TestPlural(t *testing.T) {
	tests := []struct {
		lang Lang
		want map[int64]Category
	}{
		{English, map[int64]Category{0: Other, 1: One, 2: Other, 5: Other, 11: Other, 21: Other, -1: One}},
		{Hebrew, map[int64]Category{0: Other, 1: One, 2: Two, 3: Other, 10: Other, 20: Other, 22: Other, 100: Other}},
		{Polish, map[int64]Category{
			0: Many, 1: One, 2: Few, 3: Few, 4: Few, 5: Many, 11: Many, 12: Many, 13: Many, 14: Many,
			21: Many, 22: Few, 24: Few, 25: Many, 101: Many, 102: Few, 112: Many, 114: Many, 122: Few, 1000: Many, -2: Few,
		}},
		{Kazakh, map[int64]Category{0: Other, 1: One, 2: Other, 5: Other, 21: Other}},
	}
	for _, tt := range tests {
		t.Run(tt.lang.String(), func(t *testing.T) {
			for n, want := range tt.want {
				if got := Plural(tt.lang, n); got != want {
					t.Errorf("Plural(%v, %d) = %v, want %v", tt.lang, n, got, want)
				}
			}
		})
	}
}
