package i18n

import (
	"maps"
	"slices"
	"testing"
)

// placeholders returns the sorted placeholder names of pattern.
func placeholders(pattern string) []string {
	var names []string
	scan(pattern, func(string) {}, func(name string) { names = append(names, name) })
	slices.Sort(names)
	return slices.Compact(names)
}

// TestCatalogueKeys checks that every catalogue has exactly the English
// keys, each with the English placeholders.
func TestCatalogueKeys(t *testing.T) {
	for _, l := range Langs[1:] {
		t.Run(l.String(), func(t *testing.T) {
			c := catalogue(l)
			for key, en := range catalogue(English).msgs {
				m, ok := c.msgs[key]
				if !ok {
					t.Errorf("missing %q", key)
					continue
				}
				if m == "" {
					t.Errorf("%q is empty", key)
				}
				if got, want := placeholders(m), placeholders(en); !slices.Equal(got, want) {
					t.Errorf("%q has placeholders %v, English has %v", key, got, want)
				}
			}
			for key := range c.msgs {
				if _, ok := catalogue(English).msgs[key]; !ok {
					t.Errorf("extra key %q", key)
				}
			}
			for key := range c.counted {
				if _, ok := catalogue(English).counted[key]; !ok {
					t.Errorf("extra counted key %q", key)
				}
			}
			if got, want := slices.Sorted(maps.Keys(c.counted)), slices.Sorted(maps.Keys(catalogue(English).counted)); !slices.Equal(got, want) {
				t.Errorf("counted keys %v, English has %v", got, want)
			}
		})
	}
}

// TestCountedForms checks that every counted message of every language has
// a form for each plural category its rule gives to the counts 0..1000 (or
// an Other form to stand in), no form for a category the rule never gives,
// and the English placeholders, where a one or two form may spell the
// number out instead of using {n}.
func TestCountedForms(t *testing.T) {
	for _, l := range Langs {
		used := map[Category]bool{}
		for n := int64(0); n <= 1000; n++ {
			used[Plural(l, n)] = true
		}
		t.Run(l.String(), func(t *testing.T) {
			for key, f := range catalogue(l).counted {
				want := placeholders(catalogue(English).counted[key][Other])
				for c := range numCategories {
					form := f[c]
					if form == "" {
						if used[c] && f[Other] == "" {
							t.Errorf("%q lacks its %v form", key, c)
						}
						continue
					}
					if !used[c] && c != Other {
						t.Errorf("%q has a %v form, which %v never uses", key, c, l)
					}
					got := placeholders(form)
					if (c == One || c == Two) && !slices.Contains(got, "n") {
						got = append(got, "n")
						slices.Sort(got)
					}
					if !slices.Equal(got, want) {
						t.Errorf("%q %v form has placeholders %v, want %v", key, c, got, want)
					}
				}
			}
		})
	}
}

// TestEnglishWellFormed checks the English catalogue itself: no empty
// message, no key both plain and counted, and both forms of each counted
// message.
func TestEnglishWellFormed(t *testing.T) {
	for key, m := range catalogue(English).msgs {
		if m == "" {
			t.Errorf("%q is empty", key)
		}
		if _, ok := catalogue(English).counted[key]; ok {
			t.Errorf("%q is both plain and counted", key)
		}
	}
	for key, f := range catalogue(English).counted {
		if f[One] == "" || f[Other] == "" || f[Two] != "" || f[Few] != "" || f[Many] != "" {
			t.Errorf("%q needs exactly the one and other forms: %q", key, f)
		}
	}
}

// TestNoKeyTwice checks that no key appears twice among a language's
// tables, as a map literal would refuse it: the index keeps only one.
func TestNoKeyTwice(t *testing.T) {
	for _, l := range Langs {
		seen := map[string]bool{}
		check := func(key string) {
			if seen[key] {
				t.Errorf("%s: %q appears twice", l, key)
			}
			seen[key] = true
		}
		for _, m := range mainMsgs[l] {
			check(m.key)
		}
		for _, tab := range tables {
			for _, m := range tab[l] {
				check(m.key)
			}
		}
		for _, m := range mainCounted[l] {
			check("counted " + m.key)
		}
	}
}
