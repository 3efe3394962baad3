package i18n

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestT checks lookups, placeholders and fallbacks.
func TestT(t *testing.T) {
	tests := []struct {
		name string
		lang Lang
		key  string
		args []any
		want string
	}{
		{"plain", English, "bar.undo", nil, "Undo"},
		{"Hebrew", Hebrew, "bar.undo", nil, "ביטול"},
		{"Polish", Polish, "turn.end", nil, "Zakończ turę"},
		{"Kazakh", Kazakh, "bar.language", nil, "Тіл"},
		{"named placeholders", English, "turn.left", []any{"n", 6, "counter", "movement"}, "movement 6"},
		{"order of pairs does not matter", English, "log.hit", []any{"n", 7, "b", "Orc", "a", "Knight"}, "Knight hits Orc for 7."},
		{"Hebrew name in Hebrew text", Hebrew, "log.hit", []any{"a", "אביר", "b", "Orc 2", "n", 12}, "פגיעה של אביר ב־Orc 2: נזק 12."},
		{"integers grouped per language", Polish, "log.hp", []any{"name", "Smok", "n", 12000}, "Smok ma 12\u00a0000 PŻ."},
		{"errors", English, "notice.link-damaged", []any{"error", errors.New("bad checksum")}, "This share link is damaged and was not opened (bad checksum). Your encounter is unchanged."},
		{"Stringer", English, "attack.down", []any{"name", Polish}, "pl is down."},
		{"int64", Kazakh, "log.round", []any{"n", int64(3)}, "Раунд 3."},
		{"missing value stays visible", English, "attack.down", nil, "{name} is down."},
		{"odd trailing name ignored", English, "attack.down", []any{"name"}, "{name} is down."},
		{"non-string name skipped", English, "attack.down", []any{3, "x", "name", "Rat"}, "Rat is down."},
		{"unsupported value", English, "attack.down", []any{"name", 1.5}, "? is down."},
		{"unknown key returned as is", Hebrew, "no.such.key", nil, "no.such.key"},
		{"out-of-range language is English", Lang(42), "bar.redo", nil, "Redo"},
		{"the arrow points the way Hebrew reads", Hebrew, "attack.versus", []any{"a", "אביר", "b", "Orc"}, "אביר ← Orc"},
		{"a reason in a movement line", English, "move.oa-prevented", []any{"name", "Orc", "square", "C7", "why", "overwhelmed"}, "Orc cannot strike at C7: overwhelmed"},
		{"Hebrew inherits nothing from English", Hebrew, "turn.hp", []any{"hp", 3, "max", 10}, "נק״פ 3/10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := T(tt.lang, tt.key, tt.args...); got != tt.want {
				t.Errorf("T = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTFallsBackToEnglish checks the English fallback of a message a
// catalogue lacks, with the English formats.
func TestTFallsBackToEnglish(t *testing.T) {
	delete(catalogue(Polish).msgs, "bar.undo")
	defer func() { catalogue(Polish).msgs["bar.undo"] = "Cofnij" }()
	if got := T(Polish, "bar.undo"); got != "Undo" {
		t.Errorf("T = %q, want the English %q", got, "Undo")
	}
}

// TestN checks counted messages in every plural form of each language.
func TestN(t *testing.T) {
	tests := []struct {
		lang Lang
		key  string
		n    int64
		want string
	}{
		{English, "log.title", 0, "Log (0 commands)"},
		{English, "log.title", 1, "Log (1 command)"},
		{English, "log.title", 2, "Log (2 commands)"},
		{English, "log.title", 1000, "Log (1,000 commands)"},
		{Hebrew, "log.title", 1, "יומן (פקודה אחת)"},
		{Hebrew, "log.title", 2, "יומן (שתי פקודות)"},
		{Hebrew, "log.title", 3, "יומן (3 פקודות)"},
		{Hebrew, "count.creatures", 20, "20 יצורים"},
		{Polish, "count.commands", 1, "1 polecenie"},
		{Polish, "count.commands", 2, "2 polecenia"},
		{Polish, "count.commands", 5, "5 poleceń"},
		{Polish, "count.commands", 12, "12 poleceń"},
		{Polish, "count.commands", 22, "22 polecenia"},
		{Polish, "count.commands", 25, "25 poleceń"},
		{Polish, "count.commands", 112, "112 poleceń"},
		{Polish, "notice.file-too-large", 20000, "Ten plik jest za duży na starcie (20\u00a0000 bajtów)."},
		{Kazakh, "count.creatures", 1, "1 кейіпкер"},
		{Kazakh, "count.creatures", 7, "7 кейіпкер"},
		{Kazakh, "log.title", 12, "Журнал (12 команда)"},
		{Polish, "no.such.count", 3, "no.such.count"},
	}
	for _, tt := range tests {
		if got := N(tt.lang, tt.key, tt.n); got != tt.want {
			t.Errorf("N(%v, %q, %d) = %q, want %q", tt.lang, tt.key, tt.n, got, tt.want)
		}
	}
}

// TestNComposes checks a library line built from a counted piece.
func TestNComposes(t *testing.T) {
	got := T(Polish, "library.meta", "ruleset", "Kryształy Czasu",
		"commands", N(Polish, "count.commands", 14), "when", "2026-12-01 14:05")
	want := "Kryształy Czasu · 14 poleceń · 2026-12-01 14:05"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestParts checks that Parts splits a message into text and values, in the
// order of the language's sentence, and joins back to T.
func TestParts(t *testing.T) {
	args := []any{"a", "Rycerz", "b", "גובלין 2"}
	got := Parts(Hebrew, "log.oa", args...)
	want := []Part{{Text: "ל־"}, {Text: "Rycerz", Arg: true}, {Text: " יש התקפת הזדמנות על "}, {Text: "גובלין 2", Arg: true}, {Text: "."}}
	if !slices.Equal(got, want) {
		t.Errorf("Parts = %+v, want %+v", got, want)
	}
	var b strings.Builder
	for _, p := range got {
		b.WriteString(p.Text)
	}
	if b.String() != T(Hebrew, "log.oa", args...) {
		t.Errorf("Parts joined = %q, T = %q", b.String(), T(Hebrew, "log.oa", args...))
	}
	if got := Parts(English, "attack.down"); !slices.Equal(got, []Part{{Text: "{name}"}, {Text: " is down."}}) {
		t.Errorf("Parts without a value = %+v", got)
	}
}

// TestHas checks the key check offered to callers' tests.
func TestHas(t *testing.T) {
	for key, want := range map[string]bool{"bar.undo": true, "log.title": true, "bar.nope": false, "": false} {
		if got := Has(key); got != want {
			t.Errorf("Has(%q) = %v, want %v", key, got, want)
		}
	}
}

// FuzzFill checks that any pattern and value fill without panicking, that
// text without braces is left alone, and that a pattern's placeholders all
// get the given value.
func FuzzFill(f *testing.F) {
	for _, s := range []string{"{name} is down.", "{", "}", "{{a}}", "a{b", "{}", "x{n}y{n}"} {
		f.Add(s, "v")
	}
	f.Fuzz(func(t *testing.T, pattern, v string) {
		got := fill(English, pattern, []any{"n", v})
		if !strings.ContainsRune(pattern, '{') && got != pattern {
			t.Fatalf("fill(%q) = %q, want it unchanged", pattern, got)
		}
		if len(got) > len(pattern)+len(v)*len(pattern) {
			t.Fatalf("fill(%q) = %q is unbounded", pattern, got)
		}
		if strings.ContainsRune(v, '{') {
			return
		}
		if !strings.Contains(pattern, "{n}") && strings.Count(got, v) < strings.Count(pattern, v) {
			t.Fatalf("fill(%q) lost text: %q", pattern, got)
		}
	})
}

func BenchmarkT(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		T(Hebrew, "inspector.summary", "side", "Goblins", "hp", 6, "max", 7, "square", "C4", "speed", 30)
	}
}

func BenchmarkTPlain(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		T(Polish, "turn.end")
	}
}

func BenchmarkN(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		N(Polish, "log.title", 22)
	}
}
