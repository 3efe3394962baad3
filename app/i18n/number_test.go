package i18n

import "testing"

func TestInt(t *testing.T) {
	tests := []struct {
		lang Lang
		n    int64
		want string
	}{
		{English, 0, "0"},
		{English, 999, "999"},
		{English, 1000, "1,000"},
		{English, -1234567, "-1,234,567"},
		{Hebrew, 12345, "12,345"},
		{Polish, 1000, "1000"},
		{Polish, 9999, "9999"},
		{Polish, 10000, "10\u00a0000"},
		{Polish, 1234567, "1\u00a0234\u00a0567"},
		{Kazakh, 1000, "1\u00a0000"},
		{Kazakh, -42, "-42"},
		{English, -9223372036854775808, "-9,223,372,036,854,775,808"},
		{Hebrew, -5, "\u200e-5"},
	}
	for _, tt := range tests {
		if got := Int(tt.lang, tt.n); got != tt.want {
			t.Errorf("Int(%v, %d) = %q, want %q", tt.lang, tt.n, got, tt.want)
		}
	}
}

// TestPercent checks one decimal, rounded half up in integer arithmetic,
// with each language's decimal separator.
func TestPercent(t *testing.T) {
	tests := []struct {
		name     string
		lang     Lang
		num, den int64
		want     string
	}{
		{"eighth en", English, 1, 8, "12.5%"},
		{"eighth he", Hebrew, 1, 8, "12.5%"},
		{"eighth pl", Polish, 1, 8, "12,5%"},
		{"eighth kk", Kazakh, 1, 8, "12,5%"},
		{"half up: 0.05% to 0.1%", English, 1, 2000, "0.1%"},
		{"below half: 0.0499…% to 0.0%", English, 499, 1000000, "0.0%"},
		{"third", Polish, 1, 3, "33,3%"},
		{"two thirds", English, 2, 3, "66.7%"},
		{"seven in a hundred is not eight", English, 7, 100, "7.0%"},
		{"certain", English, 20, 20, "100.0%"},
		{"never", Kazakh, 0, 400, "0,0%"},
		{"d20 cubed", English, 1, 8000, "0.0%"},
		{"huge denominator", English, 1, 1 << 62, "0.0%"},
		{"huge both", English, 1<<62 - 1, 1 << 62, "100.0%"},
		{"negative half away from zero", English, -1, 2000, "-0.1%"},
		{"no denominator", English, 1, 0, "—"},
		{"negative denominator", English, 1, -2, "—"},
		{"grouped above a thousand percent", Polish, 1000, 1, "100\u00a0000,0%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percent(tt.lang, tt.num, tt.den); got != tt.want {
				t.Errorf("Percent(%v, %d, %d) = %q, want %q", tt.lang, tt.num, tt.den, got, tt.want)
			}
		})
	}
}

// TestDice checks each language's dice notation: Hebrew ק, Polish k, the
// Latin d in English and in the Kazakh DAIRN text, and Kaldaria's ק%.
func TestDice(t *testing.T) {
	tests := []struct {
		lang    Lang
		ruleset string
		sides   int
		want    string
	}{
		{English, "kaldaria", 20, "d20"},
		{English, "kaldaria", 100, "d100"},
		{Hebrew, "kaldaria", 20, "ק20"},
		{Hebrew, "kaldaria", 6, "ק6"},
		{Hebrew, "kaldaria", 100, "ק%"},
		{Hebrew, "dnd5e", 100, "ק100"},
		{Polish, "krysztaly", 100, "k100"},
		{Polish, "krysztaly", 50, "k50"},
		{Kazakh, "cairn", 6, "d6"},
		{Kazakh, "cairn", 12, "d12"},
		{Lang(200), "cairn", 4, "d4"},
	}
	for _, tt := range tests {
		if got := Dice(tt.lang, glossary(tt.ruleset), tt.sides); got != tt.want {
			t.Errorf("Dice(%v, %q, %d) = %q, want %q", tt.lang, tt.ruleset, tt.sides, got, tt.want)
		}
	}
}

func TestTenths(t *testing.T) {
	tests := []struct {
		lang   Lang
		tenths int64
		want   string
	}{
		{English, 25, "2.5"},
		{Polish, 25, "2,5"},
		{Kazakh, 5, "0,5"},
		{Hebrew, -15, "\u200e-1.5"},
		{English, 12340, "1,234.0"},
	}
	for _, tt := range tests {
		if got := Tenths(tt.lang, tt.tenths); got != tt.want {
			t.Errorf("Tenths(%v, %d) = %q, want %q", tt.lang, tt.tenths, got, tt.want)
		}
	}
}

// TestSigned checks modifiers: always signed, and in Hebrew with the
// left-to-right mark that keeps the sign before the number.
func TestSigned(t *testing.T) {
	tests := []struct {
		lang Lang
		n    int64
		want string
	}{
		{English, 2, "+2"},
		{English, -3, "-3"},
		{English, 0, "0"},
		{Hebrew, 2, "\u200e+2"},
		{Hebrew, -2, "\u200e-2"},
		{Polish, 12000, "+12\u00a0000"},
		{Kazakh, -1, "-1"},
	}
	for _, tt := range tests {
		if got := Signed(tt.lang, tt.n); got != tt.want {
			t.Errorf("Signed(%v, %d) = %q, want %q", tt.lang, tt.n, got, tt.want)
		}
	}
}
