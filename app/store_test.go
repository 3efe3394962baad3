package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/cairn"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// TestSlotSave reads the localStorage slots earlier versions left: go-app
// stored the save as a JSON string; anything that is not a readable save
// is refused, so it becomes a damaged entry kept byte for byte.
func TestSlotSave(t *testing.T) {
	reg := rulesets.Registry()
	sess, err := rulesets.Samples()[0].Session(reg)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := combat.EncodeSave(sess)
	if err != nil {
		t.Fatal(err)
	}
	quoted, _ := json.Marshal(string(doc))
	brokenQuoted, _ := json.Marshal(string(doc[:len(doc)/2]))
	for _, tt := range []struct {
		name, raw string
		ok        bool
	}{
		{"go-app's JSON string", string(quoted), true},
		{"a save document as it is", string(doc), true},
		{"raw text", "not a save at all {", false},
		{"a raw JSON object", `{"hello":["a JSON object"]}`, false},
		{"a JSON string of a broken save", string(brokenQuoted), false},
		{"a JSON string of text", `"just words"`, false},
		{"empty", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, s, err := slotSave(reg, tt.raw)
			if (err == nil) != tt.ok {
				t.Fatalf("slotSave: error %v, want ok=%v", err, tt.ok)
			}
			if tt.ok && (got != string(doc) || s.State().Ruleset != sess.State().Ruleset) {
				t.Errorf("slotSave returned another encounter:\n%s", got)
			}
		})
	}
}

// TestFileName checks the names of exported files.
func TestFileName(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"Kaldaria: a corridor fight, front, flanks and rear", "kaldaria-a-corridor-fight-front-flanks-and-rear.battlemat.json"},
		{"Kryształy Czasu: the orc", "kryształy-czasu-the-orc.battlemat.json"},
		{"גובלין 2", "גובלין-2.battlemat.json"},
		{"../../etc/passwd", "etc-passwd.battlemat.json"},
		{"  ", "encounter.battlemat.json"},
		{"", "encounter.battlemat.json"},
		{strings.Repeat("a", 300), strings.Repeat("a", 60) + ".battlemat.json"},
	} {
		if got := fileName(tt.name, ".battlemat.json"); got != tt.want {
			t.Errorf("fileName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestUndoReach shows how far undo reaches once the oldest commands were
// folded into the start, and nothing while none were.
func TestUndoReach(t *testing.T) {
	reg := rulesets.Registry()
	enc, err := rulesets.Samples()[0].Build(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, folded := range []int{0, 12} {
		sess, err := combat.Replay(reg, enc, nil, 0, folded)
		if err != nil {
			t.Fatal(err)
		}
		tbl := &Table{Model: Model{reg: reg}}
		tbl.use(sess)
		html := app.HTMLString(tbl)
		want := i18n.N(i18n.English, "count.commands", int64(folded))
		if got := strings.Contains(html, `id="undo-reach"`) && strings.Contains(html, want); got != (folded > 0) {
			t.Errorf("folded %d: undo reach shown %v", folded, got)
		}
	}
}

// TestClip cuts names between characters.
func TestClip(t *testing.T) {
	for _, tt := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"abcdef", 3, "abc"},
		{"żółw", 3, "ż"}, // ż is 2 bytes, ó is 2: the cut falls inside ó
		{"גובלין", 5, "גו"},
	} {
		if got := clip(tt.s, tt.n); got != tt.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

// TestCountedNotice draws a counted notice (a file too large) in the
// plural form of each language, with the number written the language's
// way.
func TestCountedNotice(t *testing.T) {
	n := Notice{Key: "notice.file-too-large", Count: 20000, Error: true}
	for _, l := range i18n.Langs {
		html := app.HTMLString(app.P().Body(n.render(l)...))
		want := i18n.Int(l, 20000)
		if !strings.Contains(html, want) || strings.Contains(html, "{n}") {
			t.Errorf("%v: %s, want %s in it", l, html, want)
		}
	}
	pl := app.HTMLString(app.P().Body(n.render(i18n.Polish)...))
	if !strings.Contains(pl, "bajtów") {
		t.Errorf("Polish takes the form for many: %s", pl)
	}
}

// TestLinkNamesTheRuleset: an encounter opened from a share link is named
// after its ruleset by the ruleset's own name in the reader's language,
// never by its ID: in Hebrew DAIRN's link reads "מקישור: DAIRN (Cairn
// 2e)", the name isolated from the Hebrew around it, not "מקישור (cairn)".
// A ruleset without a name of its own (the test's duel) goes by its ID.
func TestLinkNamesTheRuleset(t *testing.T) {
	for _, r := range rulesets.All() {
		for _, l := range i18n.Langs {
			name, ok := glossary(r.ID()).Name(l.String())
			got := linkName(l, r.ID())
			if !ok || strings.Contains(got, r.ID()) || !strings.Contains(got, name) {
				t.Errorf("%s, %v: the link is named %q, want the ruleset's name %q and not its ID", r.ID(), l, got, name)
			}
		}
	}
	if got, want := linkName(i18n.Hebrew, cairn.RulesetID), "מקישור: "+i18n.Isolate("DAIRN (Cairn 2e)"); got != want {
		t.Errorf("in Hebrew DAIRN's link is named %q, want %q", got, want)
	}
	if got := linkName(i18n.English, duelID); !strings.Contains(got, duelID) {
		t.Errorf("a ruleset without a name: the link is named %q, want its ID", got)
	}
}
