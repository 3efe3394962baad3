package combat

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"battlemat/rules/grid"
)

func goldenSave(t testing.TB) []byte {
	data, err := os.ReadFile(filepath.Join("testdata", "small.save.json"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// deflateLink builds a link around an arbitrary document.
func deflateLink(doc []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed)
	w.Write(doc)
	w.Close()
	return LinkPrefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestDecodeSaveRejects(t *testing.T) {
	good := string(goldenSave(t))
	rows := []struct {
		name string
		doc  string
		want string // part of the error message
	}{
		{"not-json", "{", "expected a key"},
		{"wrong-format", strings.Replace(good, SaveFormat, "other", 1), "is not"},
		{"future-version", strings.Replace(good, `"version": 9`, `"version": 10`, 1), "version 10 is not supported"},
		{"version-zero", strings.Replace(good, `"version": 9`, `"version": 0`, 1), "version 0 is not supported"},
		{"unknown-field", strings.Replace(good, `"cursor"`, `"bogus": 1, "cursor"`, 1), "unknown field"},
		{"unknown-command", strings.Replace(good, `"place"`, `"teleport"`, 1), "unknown kind"},
		{"cursor-past-log", strings.Replace(good, `"cursor": 11`, `"cursor": 99`, 1), "cursor"},
		{"map-too-big", strings.Replace(good, `"w": 6`, `"w": 5000`, 1), "map"},
		{"bad-die", strings.Replace(good, `"s": 20`, `"s": 0`, 1), "tape"},
		{"bad-hp", strings.Replace(good, `"hp": 30`, `"hp": -30`, 1), "profile"},
		{"trailing", good + "{}", "trailing data"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			if row.doc == good && row.name != "trailing" {
				t.Fatal("the replacement did not apply; the row tests nothing")
			}
			_, err := DecodeSave(testRegistry, []byte(row.doc))
			if err == nil || !strings.Contains(err.Error(), row.want) {
				t.Errorf("err %v, want one mentioning %q", err, row.want)
			}
		})
	}
	var ve *VersionError
	_, err := DecodeSave(testRegistry, []byte(rows[2].doc))
	if !errors.As(err, &ve) {
		t.Errorf("future version: %T, want *VersionError", err)
	}
	var ue *UnknownRulesetError
	if _, err := DecodeSave(testRegistry, []byte(strings.Replace(good, `"fake"`, `"nope"`, 1))); !errors.As(err, &ue) {
		t.Errorf("unknown ruleset: %v", err)
	}
}

// TestMigrationHook runs a save through a migration step, as a future
// version bump would: a version-0 document whose log key was "entries".
func TestMigrationHook(t *testing.T) {
	old := strings.Replace(strings.Replace(string(goldenSave(t)), `"version": 9`, `"version": 0`, 1), `"log":`, `"entries":`, 1)
	steps := map[int]Migration{0: func(doc json.RawMessage) (json.RawMessage, error) {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(doc, &m); err != nil {
			return nil, err
		}
		m["log"], m["version"] = m["entries"], json.RawMessage(strconv.Itoa(SaveVersion))
		delete(m, "entries")
		return json.Marshal(m)
	}}
	// Version 0 predates version 1, so the hook must accept it when a step
	// exists; this reaches below the public version check on purpose. The
	// step goes straight to SaveVersion.
	doc, err := steps[0](json.RawMessage(old))
	if err != nil {
		t.Fatal(err)
	}
	s, err := decodeSave(testRegistry, doc, SaveLimits, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := small(t); s.Cursor() != want.Cursor() || len(s.Log()) != len(want.Log()) {
		t.Errorf("migrated save has cursor %d and %d entries", s.Cursor(), len(s.Log()))
	}
	if _, err := migrateFrom(json.RawMessage(old), 0, nil); err == nil {
		t.Error("a version without a migration step was accepted")
	}
}

// TestVersion2Opens reads the golden save as version 2 wrote it (the same
// document with its version 2): the steps to version 4 open it to the same
// session.
func TestVersion2Opens(t *testing.T) {
	old := strings.Replace(string(goldenSave(t)), `"version": 9`, `"version": 2`, 1)
	s, err := DecodeSave(testRegistry, []byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if want := small(t); !reflect.DeepEqual(s.State(), want.State()) || s.Cursor() != want.Cursor() {
		t.Error("the version 2 save opens to a different session")
	}
}

func TestDecodeLinkRejects(t *testing.T) {
	s := small(t)
	link, err := EncodeLink(s)
	if err != nil {
		t.Fatal(err)
	}
	bomb := deflateLink(bytes.Repeat([]byte(" "), LinkLimits.Inflated+10))
	rows := []struct {
		name, link, want string
	}{
		{"v2", "v2." + strings.TrimPrefix(link, LinkPrefix), "link version v2"},
		{"no-version", "abc", "link version abc"},
		{"empty", "", "link version"},
		{"not-base64", "v1.***", "base64"},
		{"not-deflate", "v1.AAAA", "deflate"},
		{"too-long", "v1." + strings.Repeat("A", LinkLimits.Bytes), "more than"},
		{"bomb", bomb, "inflates to more than"},
		{"not-a-save", deflateLink([]byte(`{"format":"x"}`)), "format"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			_, err := DecodeLink(testRegistry, row.link)
			if err == nil || !strings.Contains(err.Error(), row.want) {
				t.Errorf("err %v, want one mentioning %q", err, row.want)
			}
		})
	}
}

// aimed is the small session with the urchins' aim set, then replaced,
// then cleared and the clearing undone: every form of setAim in one log
// (ENG-AIM-2), for the decoders' fuzz targets.
func aimed(t testing.TB) *Session {
	s := small(t)
	for _, c := range []Command{
		SetAim{Side: "urchins", Aim: AimEscape, Exits: []grid.Square{{X: 5, Y: 4}}},
		SetAim{Side: "urchins", Aim: AimEscape, Exits: []grid.Square{{X: 0, Y: 0}, {X: 5, Y: 0}}},
		SetAim{Side: "urchins", Aim: AimFight},
	} {
		if _, err := s.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	s.Undo()
	return s
}

// readTestdata returns the file name of testdata.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestVersion6 opens the small encounter's save and share link as version
// 6 wrote them, before budgets kept counters by key: both open to the
// session the current golden file holds.
func TestVersion6(t *testing.T) {
	want, err := DecodeSave(testRegistry, goldenSave(t))
	if err != nil {
		t.Fatal(err)
	}
	fromSave, err := DecodeSave(testRegistry, readTestdata(t, "small.v6.save.json"))
	if err != nil {
		t.Fatalf("the version 6 save: %v", err)
	}
	fromLink, err := DecodeLink(testRegistry, strings.TrimSpace(string(readTestdata(t, "small.v6.link.txt"))))
	if err != nil {
		t.Fatalf("the version 6 link: %v", err)
	}
	for what, s := range map[string]*Session{"save": fromSave, "link": fromLink} {
		if !reflect.DeepEqual(s.State(), want.State()) || !reflect.DeepEqual(s.Start(), want.Start()) || s.Cursor() != want.Cursor() {
			t.Errorf("the version 6 %s opens to another session", what)
		}
	}
}

// TestCountersFrom7 migrates a version 7 budget of a running encounter
// by the counters its ruleset declares: movement, action, the reaction
// unless surprise held it, the bonus action and interaction by name.
func TestCountersFrom7(t *testing.T) {
	doc := `{"format":"battlemat-encounter","version":7,"start":{"ruleset":"fake","map":{"w":4,"h":4},"combatants":[` +
		`{"id":"a","name":"a","side":"x","pos":{"x":0,"y":0},"stats":{"maxHP":5,"speed":6,"bonus":1,"interactions":1},"hp":5,"budget":{"movement":4,"actions":1,"bonus":1,"interactions":1,"reaction":true,"start":{"x":1,"y":0},"startMove":6,"attacked":true}},` +
		`{"id":"b","name":"b","side":"y","pos":{"x":3,"y":3},"stats":{"maxHP":5,"speed":6},"hp":5,"surprised":true,"budget":{"movement":0,"actions":0,"locked":true,"start":{"x":3,"y":3},"startMove":0}}],` +
		`"phase":"running","round":1,"order":[{"members":["a"],"score":9},{"members":["b"],"score":3}],"turn":{"slot":0,"member":0},"dice":1},"cursor":0}`
	s, err := DecodeSave(testRegistry, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := s.State().Combatant("a")
	b, _ := s.State().Combatant("b")
	if want := (Budget{Counts: NewCounts(Count{Key: "movement", N: 4}, Count{Key: "action", N: 1}, Count{Key: "bonus", N: 1}, Count{Key: "interaction", N: 1}, Count{Key: "reaction", N: 1}), Start: at(1, 0), StartMove: 6, Attacked: true}); !a.Budget.Equal(want) {
		t.Errorf("a's budget %+v, want %+v", a.Budget, want)
	}
	if want := (Budget{Start: at(3, 3)}); !b.Budget.Equal(want) {
		t.Errorf("the surprised b's budget %+v, want %+v", b.Budget, want)
	}
	for name, bad := range map[string]string{
		"unknown budget field": strings.Replace(doc, `"attacked":true`, `"attacked":true,"spare":1`, 1),
		"unknown ruleset":      strings.Replace(doc, `"ruleset":"fake"`, `"ruleset":"other"`, 1),
		"negative movement":    strings.Replace(doc, `"movement":4`, `"movement":-4`, 1),
	} {
		if _, err := DecodeSave(testRegistry, []byte(bad)); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
}

func FuzzDecodeLink(f *testing.F) {
	link, err := EncodeLink(small(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(link)
	aimLink, err := EncodeLink(aimed(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(aimLink) // setAim in the log (ENG-AIM-2)
	f.Add(strings.TrimSpace(string(readTestdata(f, "small.v6.link.txt"))))
	f.Add("v1.")
	f.Add(deflateLink([]byte(`{"format":"battlemat-encounter","version":1,"start":{"ruleset":"fake","map":{"w":1,"h":1},"phase":"setup","turn":{"slot":0,"member":0},"dice":0},"cursor":0}`)))
	f.Fuzz(func(t *testing.T, link string) {
		var s *Session
		var err error
		cost := allocated(func() { s, err = DecodeLink(testRegistry, link) })
		if err != nil {
			// Refused within a small multiple of the link and what it
			// inflates to (bounded by LinkLimits.Inflated).
			if budget := 16*uint64(len(link)+inflatedSize(link)) + 1<<20; cost > budget {
				t.Fatalf("refusing a %d-byte link allocated %d bytes, over %d: %v", len(link), cost, budget, err)
			}
			return
		}
		if cost > 32<<20 {
			t.Fatalf("opening a %d-byte link allocated %d bytes", len(link), cost)
		}
		// Whatever opens re-encodes to a link that opens to the same state.
		again, err := EncodeLink(s)
		if err != nil {
			t.Fatal(err)
		}
		s2, err := DecodeLink(testRegistry, again)
		if err != nil {
			t.Fatalf("re-encoded link does not open: %v", err)
		}
		if s2.Cursor() != s.Cursor() || len(s2.Log()) != len(s.Log()) {
			t.Fatal("link did not round-trip")
		}
	})
}

func FuzzDecodeSave(f *testing.F) {
	f.Add(goldenSave(f))
	aimSave, err := EncodeSave(aimed(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(aimSave) // setAim in the log (ENG-AIM-2)
	f.Add(readTestdata(f, "small.v6.save.json"))
	f.Add([]byte(stats8Doc))
	f.Add([]byte(`{"format":"battlemat-encounter","version":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s *Session
		var err error
		cost := allocated(func() { s, err = DecodeSave(testRegistry, data) })
		if err != nil {
			if budget := 16*uint64(len(data)) + 1<<20; cost > budget {
				t.Fatalf("refusing a %d-byte save allocated %d bytes, over %d: %v", len(data), cost, budget, err)
			}
			return
		}
		if cost > 256<<20 {
			t.Fatalf("opening a %d-byte save allocated %d bytes", len(data), cost)
		}
		again, err := EncodeSave(s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeSave(testRegistry, again); err != nil {
			t.Fatalf("re-encoded save does not open: %v", err)
		}
	})
}

func TestValidateEncounter(t *testing.T) {
	rs := fake{}
	running, _ := mustApply(t, rs, party(t, rs), Start{})
	pending, _ := mustApply(t, rs, running, EndTurn{})
	pending, _ = mustApply(t, rs, pending, Move{ID: "GA", Path: []grid.Square{at(7, 3)}})
	if err := ValidateEncounter(pending); err != nil {
		t.Fatalf("a legal encounter with a pending decision: %v", err)
	}
	rows := []struct {
		name  string
		base  Encounter
		spoil func(e *Encounter)
	}{
		{"turn-outside-order", running, func(e *Encounter) { e.Turn.Slot = 9 }},
		{"unsorted-walls", running, func(e *Encounter) { e.Map.Walls = []grid.Square{{X: 2, Y: 0}, {X: 1, Y: 0}} }},
		{"on-a-wall", running, func(e *Encounter) { e.Map.Walls = []grid.Square{e.Combatants[0].Pos} }},
		{"repeated-id", running, func(e *Encounter) { e.Combatants[1].ID = e.Combatants[0].ID }},
		{"hp-over-max", running, func(e *Encounter) { e.Combatants[0].HP = 999 }},
		{"order-misses-one", running, func(e *Encounter) { e.Order = e.Order[1:] }},
		{"unknown-phase", running, func(e *Encounter) { e.Phase = "paused" }},
		{"negative-budget", running, func(e *Encounter) { e.Combatants[0].Budget.Counts = NewCounts(Count{Key: "movement", N: -1}) }},
		{"counter-over-max", running, func(e *Encounter) { e.Combatants[0].Budget.Counts = NewCounts(Count{Key: "action", N: MaxCount + 1}) }},
		{"counter-key-too-long", running, func(e *Encounter) {
			e.Combatants[0].Budget.Counts = NewCounts(Count{Key: strings.Repeat("k", MaxCounterKey+1), N: 1})
		}},
		{"counter-key-invalid", running, func(e *Encounter) { e.Combatants[0].Budget.Counts = NewCounts(Count{Key: "a b", N: 1}) }},
		{"too-many-counters", running, func(e *Encounter) {
			e.Combatants[0].Budget.Counts = Counts{}
			for i := range MaxCounters + 1 {
				e.Combatants[0].Budget.Counts = e.Combatants[0].Budget.Counts.With(fmt.Sprint("c", i), 1)
			}
		}},
		{"chooser-unknown", pending, func(e *Encounter) { e.Pending.Chooser = "ghost" }},
		{"offer-without-move", pending, func(e *Encounter) { e.Move = nil }},
		{"decision-in-setup", pending, func(e *Encounter) { e.Phase = PhaseSetup }},
		{"bad-condition", running, func(e *Encounter) { e.Combatants[0].Conditions = []string{"a b"} }},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			e := row.base.Clone()
			e.Map.Walls = slices.Clone(e.Map.Walls)
			row.spoil(&e)
			if err := ValidateEncounter(e); err == nil {
				t.Error("accepted")
			}
		})
	}
}

// TestEncodeLinkRefusesWhatDecodeRefuses checks an encounter beyond the
// link's bounds gets an error at sharing, not a link that cannot open.
func TestEncodeLinkRefusesWhatDecodeRefuses(t *testing.T) {
	s, err := NewSession(testRegistry, NewEncounter("fake", grid.Map{W: 30, H: 30}, 1))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i <= LinkLimits.Combatants; i++ {
		if _, err := s.Do(place(fmt.Sprintf("c%d", i), "a", i%30, i/30, profile(4, 6, 2, 11, 4, ""))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := EncodeLink(s); err == nil {
		t.Fatalf("a link for %d creatures: err %v, want a bound error", LinkLimits.Combatants+1, err)
	}
	if _, err := EncodeSave(s); err != nil {
		t.Fatalf("the same encounter must still save to a file: %v", err)
	}
}

// reopened returns s as a save file and as a share link each open it
// again, by "save" and "link".
func reopened(t *testing.T, s *Session) map[string]*Session {
	t.Helper()
	doc, err := EncodeSave(s)
	if err != nil {
		t.Fatal(err)
	}
	fromSave, err := DecodeSave(testRegistry, doc)
	if err != nil {
		t.Fatal(err)
	}
	link, err := EncodeLink(s)
	if err != nil {
		t.Fatal(err)
	}
	fromLink, err := DecodeLink(testRegistry, link)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*Session{"save": fromSave, "link": fromLink}
}

// TestForecastSettingsTravel: the forecast's settings go out and come
// back with a save and a link, a version 3 document (before them) still
// opens, and settings that are not JSON or too long are refused.
func TestForecastSettingsTravel(t *testing.T) {
	s := small(t)
	settings := json.RawMessage(`{"fights":500,"seed":7,"policies":{"a":"cautious"}}`)
	if err := s.SetForecast(settings); err != nil {
		t.Fatal(err)
	}
	for name, back := range reopened(t, s) {
		if string(back.Forecast()) != string(settings) {
			t.Errorf("%s: forecast settings %s, want %s", name, back.Forecast(), settings)
		}
	}
	v3 := strings.Replace(string(goldenSave(t)), `"version": 9`, `"version": 3`, 1)
	if back, err := DecodeSave(testRegistry, []byte(v3)); err != nil || back.Forecast() != nil {
		t.Errorf("a version 3 save: %v, forecast %s", err, back.Forecast())
	}
	for name, bad := range map[string]json.RawMessage{
		"not JSON": json.RawMessage(`{"fights":`),
		"too long": json.RawMessage(`"` + strings.Repeat("x", 5000) + `"`),
	} {
		if err := s.SetForecast(bad); err == nil {
			t.Errorf("%s: SetForecast accepted it", name)
		}
		doc := strings.Replace(string(goldenSave(t)), `"cursor":`, `"forecast": `+string(bad)+`, "cursor":`, 1)
		if _, err := DecodeSave(testRegistry, []byte(doc)); err == nil {
			t.Errorf("%s: a save carrying it was accepted", name)
		}
	}
}

// TestSavePicture: a save file carries a map picture and gives it back as
// written; a picture beyond its bounds is refused on encode and decode;
// links never carry one.
func TestSavePicture(t *testing.T) {
	s, err := DecodeSave(testRegistry, goldenSave(t))
	if err != nil {
		t.Fatal(err)
	}
	pic := &Picture{Type: "image/png", Data: base64.StdEncoding.EncodeToString([]byte("\x89PNG\r\n\x1a\nnot really")), Fit: PictureFit{Scale: 250, DX: -4, DY: 7, Dim: 30}}
	doc, err := EncodeSaveWith(s, pic)
	if err != nil {
		t.Fatal(err)
	}
	back, got, err := DecodeSaveWith(testRegistry, doc)
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || *got != *pic {
		t.Errorf("picture read back as %+v, want %+v", got, pic)
	}
	if !reflect.DeepEqual(back.State(), s.State()) {
		t.Error("the encounter changed on the way")
	}
	if _, got, _ := DecodeSaveWith(testRegistry, goldenSave(t)); got != nil {
		t.Errorf("a save without a picture gave %+v", got)
	}
	huge := strings.Repeat("A", SaveLimits.Picture+4)
	for _, bad := range []struct {
		name string
		p    Picture
	}{
		{"too-large", Picture{Type: "image/png", Data: huge, Fit: pic.Fit}},
		{"scale-zero", Picture{Type: "image/png", Data: pic.Data, Fit: PictureFit{Scale: 0}}},
		{"far-offset", Picture{Type: "image/png", Data: pic.Data, Fit: PictureFit{Scale: 100, DX: 10001}}},
		{"too-dim", Picture{Type: "image/png", Data: pic.Data, Fit: PictureFit{Scale: 100, Dim: 91}}},
		{"long-type", Picture{Type: strings.Repeat("x", 33), Data: pic.Data, Fit: pic.Fit}},
	} {
		t.Run(bad.name, func(t *testing.T) {
			if _, err := EncodeSaveWith(s, &bad.p); err == nil {
				t.Error("encoded")
			}
			ok, _ := EncodeSaveWith(s, pic)
			var m map[string]any
			if err := json.Unmarshal(ok, &m); err != nil {
				t.Fatal(err)
			}
			m["picture"] = bad.p
			doc, _ := json.Marshal(m)
			if _, _, err := DecodeSaveWith(testRegistry, doc); err == nil {
				t.Error("decoded")
			}
		})
	}
	// A save whose document is within Bytes takes a picture of Picture bytes beyond it.
	if SaveLimits.FileBytes() != SaveLimits.Bytes+base64.StdEncoding.EncodedLen(MaxPicture) {
		t.Errorf("FileBytes %d", SaveLimits.FileBytes())
	}
	// A link leaves the picture out, and refuses one.
	link, err := EncodeLink(back)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeLink(testRegistry, link); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeLink(testRegistry, deflateLink(doc)); err == nil || !strings.Contains(err.Error(), "picture") {
		t.Errorf("a link with a picture: %v", err)
	}
}

// TestParseCurrentMatchesParseAny checks the short way of reading a
// document of the current version against the long way every document
// can take: the same save from the golden file, indented and compact, and
// from its link; and no short way for the documents the long way migrates
// or refuses (the rows of TestDecodeSaveRejects and a version-1 file).
func TestParseCurrentMatchesParseAny(t *testing.T) {
	good := goldenSave(t)
	var flat bytes.Buffer
	if err := json.Compact(&flat, good); err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string][]byte{"indented": good, "compact": flat.Bytes()} {
		got, ok := parseCurrent(doc, SaveLimits)
		want, err := parseAny(doc, SaveLimits, migrations(testRegistry))
		if !ok || err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: short way %v, long way %v: they differ", name, ok, err)
		}
	}
	old, err := os.ReadFile(filepath.Join("testdata", "small.v1.save.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := [][]byte{old, []byte("{"), bytes.Replace(good, []byte(`"version": 9`), []byte(`"version": 10`), 1),
		bytes.Replace(good, []byte(`"cursor"`), []byte(`"bogus": 1, "cursor"`), 1), append(slices.Clip(good), "{}"...),
		bytes.Replace(good, []byte(`"cursor"`), []byte(`"cursor": 1, "cursor"`), 1)}
	for i, doc := range bad {
		if _, ok := parseCurrent(doc, SaveLimits); ok {
			t.Errorf("document %d: read the short way", i)
		}
	}
}

// stats8Doc is a version 8 save whose stats name a bonus action and
// object interactions in fields of their own, in its start and in place
// and edit commands of its log.
const stats8Doc = `{"format":"battlemat-encounter","version":8,"start":{"ruleset":"fake","map":{"w":4,"h":4},"combatants":[` +
	`{"id":"a","name":"a","side":"x","pos":{"x":0,"y":0},"stats":{"maxHP":5,"speed":6,"bonus":1,"interactions":1},"hp":5,"budget":{"start":{"x":0,"y":0},"startMove":0}}],` +
	`"phase":"setup","turn":{"slot":0,"member":0},"dice":1},"log":[` +
	`{"cmd":{"place":{"id":"b","name":"b","side":"y","pos":{"x":3,"y":3},"stats":{"maxHP":5,"speed":6,"bonus":2}}},"dice":1},` +
	`{"cmd":{"edit":{"id":"a","name":"a","side":"x","pos":{"x":0,"y":0},"stats":{"maxHP":5,"speed":6,"interactions":3}}},"dice":1}],"cursor":2}`

// TestStatsFrom8 migrates version 8 stats, which named two counters of
// one economy in fields of their own, to version 9's counts by key
// (ENG-TURN-6): in the start's combatants and in the log's place and edit
// commands; a count of a counter the ruleset does not declare is dropped,
// a document that already has counts or a count that is not a number is
// refused.
func TestStatsFrom8(t *testing.T) {
	doc := stats8Doc
	s, err := DecodeSave(testRegistry, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	start, _ := s.Start().Combatant("a")
	a, _ := s.State().Combatant("a")
	b, _ := s.State().Combatant("b")
	for _, row := range []struct {
		what string
		got  Stats
		want Counts
	}{
		{"the start's a", start.Stats, NewCounts(Count{"bonus", 1}, Count{"interaction", 1})},
		{"a as edited", a.Stats, NewCounts(Count{"interaction", 3})},
		{"b as placed", b.Stats, NewCounts(Count{"bonus", 2})},
	} {
		if !row.got.Counts.Equal(row.want) || row.got.MaxHP != 5 || row.got.Speed != 6 {
			t.Errorf("%s: stats %+v, want counts %v", row.what, row.got, row.want)
		}
	}
	// bare declares no bonus or interaction counter.
	bare := strings.Replace(doc[:strings.Index(doc, `"log":`)]+`"cursor":0}`, `"ruleset":"fake"`, `"ruleset":"bare"`, 1)
	if s, err := DecodeSave(testRegistry, []byte(bare)); err != nil {
		t.Errorf("a ruleset without those counters: %v", err)
	} else if a, _ := s.Start().Combatant("a"); !a.Stats.Counts.IsZero() {
		t.Errorf("a ruleset without those counters keeps %v", a.Stats.Counts)
	}
	for name, bad := range map[string]string{
		"counts already":     strings.Replace(doc, `"bonus":1,`, `"counts":{"bonus":1},`, 1),
		"not a number":       strings.Replace(doc, `"bonus":2`, `"bonus":"two"`, 1),
		"past the bound":     strings.Replace(doc, `"bonus":2`, `"bonus":11`, 1),
		"negative":           strings.Replace(doc, `"interactions":3`, `"interactions":-1`, 1),
		"unknown stat field": strings.Replace(doc, `"bonus":2`, `"bonus":2,"spare":1`, 1),
	} {
		if _, err := DecodeSave(testRegistry, []byte(bad)); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
}

// TestArrayLen counts the elements of a JSON array without decoding it,
// as checkHead does for an old document's log.
func TestArrayLen(t *testing.T) {
	for _, row := range []struct {
		raw  string
		want int
	}{
		{``, 0},
		{`null`, 0},
		{`{"a":[1,2]}`, 0},
		{`[]`, 0},
		{` [ ] `, 0},
		{`[1]`, 1},
		{`[1,2,3]`, 3},
		{`[[1,2],{"a":1,"b":[3,4]},"x,y"]`, 3},
		{`["a\",b", "c"]`, 2},
		{`["\\", 2]`, 2},
		{`[{}, []]`, 2},
	} {
		if got := arrayLen(json.RawMessage(row.raw)); got != row.want {
			t.Errorf("arrayLen(%s) = %d, want %d", row.raw, got, row.want)
		}
	}
}
