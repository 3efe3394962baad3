package i18n

import "testing"

// TestParse checks the choice of language from browser language lists.
func TestParse(t *testing.T) {
	tests := []struct {
		name string
		list string
		want Lang
	}{
		{"Hebrew with region", "he-IL", Hebrew},
		{"Polish bare", "pl", Polish},
		{"Kazakh with region", "kk-KZ", Kazakh},
		{"Kazakh with script", "kk-Cyrl-KZ", Kazakh},
		{"Russian falls back to English", "ru", English},
		{"Russian first, Kazakh second", "ru-RU,ru,kk", Kazakh},
		{"navigator.languages of an Israeli browser", "he-IL,he,en-US,en", Hebrew},
		{"English first wins over Polish", "en-GB,pl", English},
		{"Accept-Language with q-values", "de-DE;q=1.0, pl;q=0.8, en;q=0.5", Polish},
		{"old Hebrew code", "iw-IL", Hebrew},
		{"underscore and upper case", "PL_pl", Polish},
		{"spaces around", "  kk ", Kazakh},
		{"stored choice ahead of the browser", "pl,he-IL,he", Polish},
		{"unreadable stored choice falls through", "xx,he-IL", Hebrew},
		{"empty stored choice falls through", ",kk-KZ", Kazakh},
		{"empty", "", English},
		{"only commas", ",,,", English},
		{"prefix is not a match", "hex,plural", English},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Parse(tt.list); got != tt.want {
				t.Errorf("Parse(%q) = %v, want %v", tt.list, got, tt.want)
			}
		})
	}
}

// TestLanguageSwitch checks what the language switch shows and what the
// page header sets for each language, and that Parse reads every tag back.
func TestLanguageSwitch(t *testing.T) {
	tests := []struct {
		lang           Lang
		tag, name, dir string
	}{
		{English, "en", "English", "ltr"},
		{Hebrew, "he", "עברית", "rtl"},
		{Polish, "pl", "Polski", "ltr"},
		{Kazakh, "kk", "Қазақша", "ltr"},
		{Lang(99), "en", "English", "ltr"}, // out of range: English, no panic
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			if got := tt.lang.String(); got != tt.tag {
				t.Errorf("String() = %q, want %q", got, tt.tag)
			}
			if got := Name(tt.lang); got != tt.name {
				t.Errorf("Name = %q, want %q", got, tt.name)
			}
			if got := Dir(tt.lang); got != tt.dir {
				t.Errorf("Dir = %q, want %q", got, tt.dir)
			}
			if got := Parse(tt.tag); got != tt.lang.valid() {
				t.Errorf("Parse(%q) = %v, want %v", tt.tag, got, tt.lang)
			}
		})
	}
	if len(Langs) != int(numLangs) {
		t.Errorf("Langs has %d languages, want %d", len(Langs), numLangs)
	}
}

// FuzzParse checks that any list yields one of our languages, and that a
// list headed by one of our tags yields that language.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"he-IL,he,en-US", "pl;q=0.9", "kk-Cyrl-KZ", "", ",", "-", ";q=", "iw"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		l := Parse(list)
		if l >= numLangs {
			t.Fatalf("Parse(%q) = %d, not a language", list, l)
		}
		for _, want := range Langs {
			if got := Parse(want.String() + "," + list); got != want {
				t.Fatalf("Parse(%q + list) = %v, want %v", want.String(), got, want)
			}
		}
	})
}

// TestLangText checks that a language goes through JSON as its tag.
func TestLangText(t *testing.T) {
	for _, l := range Langs {
		b, err := l.MarshalText()
		if err != nil || string(b) != l.String() {
			t.Errorf("MarshalText(%v) = %q, %v", l, b, err)
		}
		var back Lang
		if err := back.UnmarshalText(b); err != nil || back != l {
			t.Errorf("UnmarshalText(%q) = %v, %v, want %v", b, back, err, l)
		}
	}
	for _, bad := range []string{"", "ru", "xx-YY", "he,pl"} {
		var l Lang
		if err := l.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) = %v, want an error", bad, l)
		}
	}
	var l Lang
	if err := l.UnmarshalText([]byte("kk-Cyrl-KZ")); err != nil || l != Kazakh {
		t.Errorf("UnmarshalText(kk-Cyrl-KZ) = %v, %v", l, err)
	}
}
