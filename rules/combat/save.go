package combat

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// SaveFormat and SaveVersion identify the save file format described in
// docs/save-format.md.
const (
	SaveFormat  = "battlemat-encounter"
	SaveVersion = 9
)

// Limits bound what a decoder accepts.
type Limits struct {
	Bytes      int // encoded input
	Inflated   int // after decompression (links only)
	Combatants int
	MapSide    int
	Log        int // log entries
	Tape       int // dice on one entry's tape
	Picture    int // bytes of a save's map picture, in base64, allowed beyond Bytes
}

// SaveLimits bound a saved file.
var SaveLimits = Limits{Bytes: 8 << 20, Combatants: MaxCombatants, MapSide: MaxMapSide, Log: HistoryLimit, Tape: 4000,
	Picture: base64.StdEncoding.EncodedLen(MaxPicture)}

// FileBytes is the largest save file lim accepts: the document and its map
// picture.
func (lim Limits) FileBytes() int { return lim.Bytes + lim.Picture }

// MaxPicture bounds the map picture a save file carries: bytes of the
// image file before base64.
const MaxPicture = 8 << 20

// Bounds of a picture's fit (PictureFit).
const (
	maxPictureScale  = 1000
	maxPictureOffset = 10000
	maxPictureDim    = 90
	maxPictureType   = 32
)

// Picture is the map image a save file may carry under the grid: the
// image file as the GM picked it, in base64, and how the grid sits on it.
// The engine checks only its bounds; the reader checks and decodes the
// image itself (it may be damaged while the fight is not). Share links
// never carry one.
type Picture struct {
	Type string     `json:"type"` // the kind the file was read as: image/png, image/jpeg or image/webp
	Data string     `json:"data"` // the image file, standard base64, at most MaxPicture bytes decoded
	Fit  PictureFit `json:"fit"`
}

// PictureFit is how the grid sits on a picture: the picture drawn at
// Scale percent of its pixels as board units (1 … 1000), moved by DX, DY
// board units (−10 000 … 10 000 each) and dimmed by Dim percent (0 … 90).
type PictureFit struct {
	Scale int `json:"scale"`
	DX    int `json:"dx"`
	DY    int `json:"dy"`
	Dim   int `json:"dim"`
}

// validate checks a picture against its bounds.
func (p *Picture) validate(lim Limits) error {
	if p == nil {
		return nil
	}
	f := p.Fit
	switch {
	case len(p.Data) > lim.Picture:
		return Invalid("", "picture.data", "%d bytes is more than %d", len(p.Data), lim.Picture)
	case len(p.Type) > maxPictureType:
		return Invalid("", "picture.type", "longer than %d bytes", maxPictureType)
	case f.Scale < 1 || f.Scale > maxPictureScale:
		return Invalid("", "picture.fit.scale", "%d is outside 1..%d", f.Scale, maxPictureScale)
	case f.DX < -maxPictureOffset || f.DX > maxPictureOffset || f.DY < -maxPictureOffset || f.DY > maxPictureOffset:
		return Invalid("", "picture.fit", "offset %d,%d is outside ±%d", f.DX, f.DY, maxPictureOffset)
	case f.Dim < 0 || f.Dim > maxPictureDim:
		return Invalid("", "picture.fit.dim", "%d is outside 0..%d", f.Dim, maxPictureDim)
	}
	return nil
}

// maxFolded bounds Save.Folded.
const maxFolded = 1_000_000_000

// Save is the document of a saved encounter, version SaveVersion.
type Save struct {
	Format  string    `json:"format"`
	Version int       `json:"version"`
	Start   Encounter `json:"start"`
	Log     []Entry   `json:"log,omitempty"`
	Cursor  int       `json:"cursor"`
	Folded  int       `json:"folded,omitempty"` // commands folded into Start (Session.Folded)
	// Forecast holds the settings of the "who wins?" forecast
	// (rules/forecast.Settings) as compact JSON: opaque to the engine, at
	// most 4096 bytes (Session.Forecast).
	Forecast json.RawMessage `json:"forecast,omitempty"`
	// Picture is the map image under the grid, in save files only
	// (EncodeSaveWith); links leave it out.
	Picture *Picture `json:"picture,omitempty"`
}

// Migration turns a save document of one version into the next version,
// writing that version into it.
type Migration func(doc json.RawMessage) (json.RawMessage, error)

// migrations returns, for each old version, the step to the next one, the
// rulesets of reg at hand for a step that needs them; a format change adds
// an entry here and bumps SaveVersion. A nil step means the next version
// only adds optional fields and bounds, so the document is the same with
// its version raised: version 2 adds "folded" and tighter bounds; version
// 3 the round structures' fields (an encounter's "declared", "settings",
// "timeline" and "now", a slot's "settled") and their commands
// (docs/rounds.md); version 4 the forecast's settings ("forecast");
// version 5 the map picture ("picture"); version 6 the sides' aims
// ("aims"); version 7 their command ("setAim"). A run of such steps
// rewrites the document once, so each new version costs a hostile
// document nothing more. Version 8 keeps a budget's counters by the keys
// its ruleset declares (countersFrom7), version 9 a stat block's uses of
// them too (statsFrom8).
func migrations(reg *Registry) map[int]Migration {
	return map[int]Migration{1: nil, 2: nil, 3: nil, 4: nil, 5: nil, 6: nil,
		7: func(doc json.RawMessage) (json.RawMessage, error) { return countersFrom7(reg, doc) },
		8: func(doc json.RawMessage) (json.RawMessage, error) { return statsFrom8(reg, doc) },
	}
}

// stats8Fields are the stat-block fields versions 1 to 8 wrote for two
// counters of one ruleset's economy, and the key of the counter each
// became in version 9 where the encounter's ruleset declares it.
var stats8Fields = [...]struct{ field, counter string }{{"bonus", "bonus"}, {"interactions", "interaction"}}

// migrating opens an old document for a migration step: its top-level
// members, its start's members and the ruleset in reg the start names.
func migrating(reg *Registry, doc json.RawMessage) (fields, start map[string]json.RawMessage, rs Ruleset, err error) {
	if err = json.Unmarshal(doc, &fields); err != nil {
		return nil, nil, nil, err
	}
	if err = json.Unmarshal(fields["start"], &start); err != nil {
		return nil, nil, nil, fmt.Errorf("start: %w", err)
	}
	var ruleset string
	if err = json.Unmarshal(start["ruleset"], &ruleset); err != nil {
		return nil, nil, nil, fmt.Errorf("start.ruleset: %w", err)
	}
	if rs, err = reg.Lookup(ruleset); err != nil {
		return nil, nil, nil, err
	}
	return fields, start, rs, nil
}

// statsFrom8 migrates a version 8 document to version 9: the stats of each
// combatant of its start and of each command of its log (place and edit
// carry them) that name the uses per turn of a counter in a field of
// their own ("bonus", "interactions") name them by the counter's key in
// "counts" instead (Stats.Counts), for the counters the encounter's
// ruleset in reg declares; the others never counted for anything but
// MoveCap and are dropped.
func statsFrom8(reg *Registry, doc json.RawMessage) (json.RawMessage, error) {
	fields, start, rs, err := migrating(reg, doc)
	if err != nil {
		return nil, err
	}
	cs := CountersOf(rs)
	fields["version"] = json.RawMessage("9")
	var combatants []map[string]json.RawMessage
	if raw, ok := start["combatants"]; ok {
		if err := json.Unmarshal(raw, &combatants); err != nil {
			return nil, fmt.Errorf("start.combatants: %w", err)
		}
	}
	changed := false
	for i, c := range combatants {
		ch, err := stats8To9(c, cs)
		if err != nil {
			return nil, fmt.Errorf("start.combatants[%d]: %w", i, err)
		}
		changed = changed || ch
	}
	if changed {
		if start["combatants"], err = json.Marshal(combatants); err != nil {
			return nil, err
		}
		if fields["start"], err = json.Marshal(start); err != nil {
			return nil, err
		}
	}
	var log []map[string]json.RawMessage
	if raw, ok := fields["log"]; ok {
		if err := json.Unmarshal(raw, &log); err != nil {
			return nil, fmt.Errorf("log: %w", err)
		}
	}
	changed = false
	for i, en := range log {
		// An entry's command is {kind: {…}}; a command of another shape
		// carries no stats, and the strict decoder judges it.
		var cmd map[string]map[string]json.RawMessage
		if json.Unmarshal(en["cmd"], &cmd) != nil {
			continue
		}
		for _, spec := range cmd {
			ch, err := stats8To9(spec, cs)
			if err != nil {
				return nil, fmt.Errorf("log[%d]: %w", i, err)
			}
			if ch {
				if en["cmd"], err = json.Marshal(cmd); err != nil {
					return nil, err
				}
				changed = true
			}
		}
	}
	if changed {
		if fields["log"], err = json.Marshal(log); err != nil {
			return nil, err
		}
	}
	return json.Marshal(fields)
}

// stats8To9 rewrites the stats of obj, if it has any, from version 8's
// fields (stats8Fields) to version 9's counts of the counters cs, and
// reports whether it changed them.
func stats8To9(obj map[string]json.RawMessage, cs []Counter) (bool, error) {
	var st map[string]json.RawMessage
	if raw, ok := obj["stats"]; !ok || json.Unmarshal(raw, &st) != nil || st == nil {
		return false, nil // none, or not an object: the strict decoder refuses it
	}
	if _, ok := st["counts"]; ok {
		return false, Invalid("", "stats", "version 8 has no field %q", "counts")
	}
	var kv []Count
	changed := false
	for _, f := range stats8Fields {
		v, ok := st[f.field]
		if !ok {
			continue
		}
		delete(st, f.field)
		changed = true
		var n int
		if err := json.Unmarshal(v, &n); err != nil {
			return false, fmt.Errorf("stats.%s: %w", f.field, err)
		}
		if slices.ContainsFunc(cs, func(c Counter) bool { return c.Key == f.counter }) {
			kv = append(kv, Count{f.counter, n})
		}
	}
	if !changed {
		return false, nil
	}
	if n := NewCounts(kv...); !n.IsZero() {
		st["counts"], _ = n.MarshalJSON() // never fails
	}
	var err error
	obj["stats"], err = json.Marshal(st)
	return true, err
}

// budget7 is a combatant's budget as versions 1 to 7 wrote it: the fixed
// counters of one economy for every ruleset.
type budget7 struct {
	Movement     int         `json:"movement"`
	Actions      int         `json:"actions"`
	BonusActions int         `json:"bonus,omitempty"`
	Interactions int         `json:"interactions,omitempty"`
	Reaction     bool        `json:"reaction,omitempty"`
	Locked       bool        `json:"locked,omitempty"`
	Start        grid.Square `json:"start"`
	StartMove    int         `json:"startMove"`
	Attacked     bool        `json:"attacked,omitempty"`
}

// counts returns what b held of each of the counters cs, in version 8's
// terms: by its use the movement, the actions and the reaction (there and
// not held by surprise); a counter the engine does not spend by the
// version 7 field of its name, "bonus" or "interactions".
func (b budget7) counts(cs []Counter) Counts {
	var out Counts
	for _, k := range cs {
		n := 0
		switch {
		case k.Use == UseMove:
			n = b.Movement
		case k.Use == UseAttack:
			n = b.Actions
		case k.Use == UseOpportunity && b.Reaction && !b.Locked:
			n = 1
		case k.Use == 0 && k.Key == "bonus":
			n = b.BonusActions
		case k.Use == 0 && k.Key == "interaction":
			n = b.Interactions
		}
		out = out.With(k.Key, n)
	}
	return out
}

// countersFrom7 migrates a version 7 document to version 8: the budget of
// each combatant of its start, written in version 7's fixed fields, is
// rewritten by the counters the encounter's ruleset in reg declares. The
// log needs nothing: a UseAction names the same counter by the same key.
func countersFrom7(reg *Registry, doc json.RawMessage) (json.RawMessage, error) {
	fields, start, rs, err := migrating(reg, doc)
	if err != nil {
		return nil, err
	}
	fields["version"] = json.RawMessage("8")
	raw, ok := start["combatants"]
	if !ok {
		return json.Marshal(fields)
	}
	cs := CountersOf(rs)
	var combatants []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &combatants); err != nil {
		return nil, fmt.Errorf("start.combatants: %w", err)
	}
	for i, c := range combatants {
		raw, ok := c["budget"]
		if !ok {
			continue
		}
		var old budget7
		if err := strictUnmarshal(raw, &old); err != nil {
			return nil, fmt.Errorf("start.combatants[%d].budget: %w", i, err)
		}
		if c["budget"], err = json.Marshal(Budget{Counts: old.counts(cs), Start: old.Start, StartMove: old.StartMove, Attacked: old.Attacked}); err != nil {
			return nil, err
		}
	}
	if start["combatants"], err = json.Marshal(combatants); err != nil {
		return nil, err
	}
	if fields["start"], err = json.Marshal(start); err != nil {
		return nil, err
	}
	return json.Marshal(fields)
}

// versionOnly returns the document with its version set to next.
func versionOnly(next int) Migration {
	return func(doc json.RawMessage) (json.RawMessage, error) {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(doc, &fields); err != nil {
			return nil, err
		}
		fields["version"] = json.RawMessage(strconv.Itoa(next))
		return json.Marshal(fields)
	}
}

// VersionError reports a save or link of a version this build cannot read.
type VersionError struct {
	What    string // "save" or "link"
	Version string
}

// Error says what went wrong, for the message bar and logs.
func (e *VersionError) Error() string {
	return fmt.Sprintf("%s version %s is not supported (this build reads version %d)", e.What, e.Version, SaveVersion)
}

// EncodeSave returns the session as an indented save document. A session
// beyond SaveLimits is an error, not a file that DecodeSave would refuse.
func EncodeSave(s *Session) ([]byte, error) { return EncodeSaveWith(s, nil) }

// EncodeSaveWith returns the session as an indented save document carrying
// the map picture p (nil for none). A picture beyond its bounds is an
// error, as is a session beyond SaveLimits.
func EncodeSaveWith(s *Session, p *Picture) ([]byte, error) {
	sv := s.save()
	sv.Picture = p
	if err := sv.validate(SaveLimits); err != nil {
		return nil, err
	}
	doc, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		return nil, err
	}
	if rest := len(doc) - pictureLen(p); rest > SaveLimits.Bytes {
		return nil, Invalid("", "save", "%d bytes is more than %d", rest, SaveLimits.Bytes)
	}
	return doc, nil
}

// pictureLen is the base64 length of a picture's image, 0 for none: what
// a save may take beyond Limits.Bytes.
func pictureLen(p *Picture) int {
	if p == nil {
		return 0
	}
	return len(p.Data)
}

func (s *Session) save() Save {
	return Save{Format: SaveFormat, Version: SaveVersion, Start: s.snaps[0], Log: s.log, Cursor: s.cursor, Folded: s.folded, Forecast: s.forecast}
}

// DecodeSave reads a save document strictly (unknown fields, bounds,
// out-of-range values are errors), migrates it from an older version, and
// replays its log with reg.
func DecodeSave(reg *Registry, data []byte) (*Session, error) {
	s, _, err := DecodeSaveWith(reg, data)
	return s, err
}

// DecodeSaveWith is DecodeSave that also returns the map picture the file
// carries, nil when none: checked against its bounds only, its image still
// to be checked and decoded by the reader.
func DecodeSaveWith(reg *Registry, data []byte) (*Session, *Picture, error) {
	sv, err := parseSave(data, SaveLimits, migrations(reg))
	if err != nil {
		return nil, nil, err
	}
	s, err := replaySave(reg, sv)
	if err != nil {
		return nil, nil, err
	}
	return s, sv.Picture, nil
}

func decodeSave(reg *Registry, data []byte, lim Limits, steps map[int]Migration) (*Session, error) {
	sv, err := parseSave(data, lim, steps)
	if err != nil {
		return nil, err
	}
	return replaySave(reg, sv)
}

// replaySave rebuilds the session a decoded save document describes.
func replaySave(reg *Registry, sv Save) (*Session, error) {
	s, err := Replay(reg, sv.Start, sv.Log, sv.Cursor, sv.Folded)
	if err != nil {
		return nil, err
	}
	s.forecast = sv.Forecast
	return s, nil
}

// parseSave checks, migrates and strictly decodes a save document without
// replaying it.
func parseSave(data []byte, lim Limits, steps map[int]Migration) (Save, error) {
	if len(data) > lim.FileBytes() {
		return Save{}, Invalid("", "save", "%d bytes is more than %d", len(data), lim.FileBytes())
	}
	if sv, ok := parseCurrent(data, lim); ok {
		return sv, nil
	}
	return parseAny(data, lim, steps)
}

// parseAny is parseSave for a document of any version: checked strictly
// before anything reads it, its version read, migrated, compacted, then
// decoded strictly.
func parseAny(data []byte, lim Limits, steps map[int]Migration) (Save, error) {
	// Strict before anything reads it, a migration included: one value,
	// no repeated keys, valid UTF-8.
	if err := checkJSON(data); err != nil {
		return Save{}, fmt.Errorf("save: %w", err)
	}
	var head map[string]json.RawMessage
	if err := json.Unmarshal(data, &head); err != nil {
		return Save{}, fmt.Errorf("save: %w", err)
	}
	var format string
	var version int
	if err := json.Unmarshal(head["format"], &format); err != nil || format != SaveFormat {
		return Save{}, Invalid("", "format", "%s is not %q", head["format"], SaveFormat)
	}
	if err := json.Unmarshal(head["version"], &version); err != nil {
		return Save{}, &VersionError{What: "save", Version: string(head["version"])}
	}
	if version != SaveVersion {
		if err := checkHead(head, lim); err != nil {
			return Save{}, fmt.Errorf("save: %w", err)
		}
	}
	doc, err := migrate(data, version, steps)
	if err != nil {
		return Save{}, err
	}
	// Opaque ruleset JSON is kept compact, as Apply keeps it.
	var buf bytes.Buffer
	if err := json.Compact(&buf, doc); err != nil {
		return Save{}, fmt.Errorf("save: %w", err)
	}
	doc = buf.Bytes()
	var sv Save
	if err := strictUnmarshalCapped(doc, &sv, lim.caps()); err != nil {
		return Save{}, fmt.Errorf("save: %w", err)
	}
	if err := sv.validate(lim); err != nil {
		return Save{}, err
	}
	if rest := len(doc) - pictureLen(sv.Picture); rest > lim.Bytes {
		return Save{}, Invalid("", "save", "%d bytes is more than %d", rest, lim.Bytes)
	}
	return sv, nil
}

// saveFields are the members a save document of any version may have.
var saveFields = [...]string{"format", "version", "start", "log", "cursor", "folded", "forecast", "picture"}

// checkHead refuses, before a migration step reads a document of an
// older version, what its strict decoding would refuse anyway and what
// would cost the steps most: a member of no version and a log longer
// than lim allows. So a hostile document costs no more however many
// steps it goes through.
func checkHead(head map[string]json.RawMessage, lim Limits) error {
	for k := range head {
		if !slices.Contains(saveFields[:], k) {
			return fmt.Errorf("json: unknown field %q", k)
		}
	}
	if n := arrayLen(head["log"]); n > lim.Log {
		return fmt.Errorf("json: log: more than %d elements", lim.Log)
	}
	return nil
}

// arrayLen returns how many elements the JSON text raw holds when it is
// an array, 0 when it is anything else; raw is valid JSON (checkJSON).
func arrayLen(raw json.RawMessage) int {
	raw = bytes.TrimSpace(raw)
	if len(raw) < 2 || raw[0] != '[' {
		return 0
	}
	n, depth, in, empty := 0, 0, false, true
	for i := 1; i < len(raw)-1; i++ {
		switch c := raw[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
			empty = false
		case in:
		case c == '[' || c == '{':
			depth++
			empty = false
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			n++
		case c != ' ' && c != '\t' && c != '\n' && c != '\r':
			empty = false
		}
	}
	if empty {
		return 0
	}
	return n + 1
}

// caps are the limits on the lists of a save document, for the strict
// decoder.
func (lim Limits) caps() map[reflect.Type]int {
	return map[reflect.Type]int{
		reflect.TypeFor[[]Entry]():      lim.Log,
		reflect.TypeFor[[]Combatant]():  lim.Combatants,
		reflect.TypeFor[[]dice.Throw](): lim.Tape,
	}
}

// parseCurrent is parseSave for a sound document of the current version:
// compacted when it is not compact, then one strict scan against the save
// format's types and one decode, instead of the untyped scan, the decoding
// of the top-level members for the version and the copy that compacts it,
// which a document of another version or a broken one needs first. ok is
// false for any other document: parseSave then reads it the long way, for
// its migration or for the error it gives.
func parseCurrent(data []byte, lim Limits) (Save, bool) {
	doc := data
	if !compact(data) {
		var buf bytes.Buffer
		if json.Compact(&buf, data) != nil {
			return Save{}, false
		}
		doc = buf.Bytes()
	}
	var sv Save
	if strictUnmarshalCapped(doc, &sv, lim.caps()) != nil || sv.Format != SaveFormat || sv.validate(lim) != nil ||
		len(doc)-pictureLen(sv.Picture) > lim.Bytes {
		return Save{}, false
	}
	return sv, true
}

// compact reports whether JSON text has no white space outside its
// strings.
func compact(data []byte) bool {
	in := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return false
		}
	}
	return true
}

// migrate checks the version of a document and migrates it to
// SaveVersion.
func migrate(doc json.RawMessage, v int, steps map[int]Migration) (json.RawMessage, error) {
	if v > SaveVersion || v < 1 {
		return nil, &VersionError{What: "save", Version: fmt.Sprint(v)}
	}
	return migrateFrom(doc, v, steps)
}

// migrateFrom applies the migration steps from version v up to SaveVersion.
func migrateFrom(doc json.RawMessage, v int, steps map[int]Migration) (json.RawMessage, error) {
	raised := false // versions skipped by nil steps, not yet written into doc
	var err error
	for ; v < SaveVersion; v++ {
		step, ok := steps[v]
		if !ok {
			return nil, &VersionError{What: "save", Version: fmt.Sprint(v)}
		}
		if step == nil {
			raised = true
			continue
		}
		// A step writes the version it migrates to, which also writes
		// the versions skipped before it.
		raised = false
		if doc, err = step(doc); err != nil {
			return nil, fmt.Errorf("migrating save version %d: %w", v, err)
		}
	}
	if raised {
		if doc, err = versionOnly(SaveVersion)(doc); err != nil {
			return nil, fmt.Errorf("migrating save to version %d: %w", SaveVersion, err)
		}
	}
	return doc, nil
}

// validate checks a decoded save against the limits and the engine's bounds.
func (sv Save) validate(lim Limits) error {
	if sv.Version != SaveVersion {
		return &VersionError{What: "save", Version: fmt.Sprint(sv.Version)}
	}
	if len(sv.Start.Combatants) > lim.Combatants {
		return Invalid("", "start.combatants", "%d is more than %d", len(sv.Start.Combatants), lim.Combatants)
	}
	if sv.Start.Map.W > lim.MapSide || sv.Start.Map.H > lim.MapSide {
		return Invalid("", "start.map", "sides over %d", lim.MapSide)
	}
	if len(sv.Log) > lim.Log {
		return Invalid("", "log", "%d entries is more than %d", len(sv.Log), lim.Log)
	}
	if sv.Cursor < 0 || sv.Cursor > len(sv.Log) {
		return Invalid("", "cursor", "%d is outside 0..%d", sv.Cursor, len(sv.Log))
	}
	if sv.Folded < 0 || sv.Folded > maxFolded {
		return Invalid("", "folded", "%d is outside 0..%d", sv.Folded, maxFolded)
	}
	if _, err := opaque("forecast", sv.Forecast); err != nil {
		return err
	}
	if err := sv.Picture.validate(lim); err != nil {
		return err
	}
	placed := len(sv.Start.Combatants)
	for i, e := range sv.Log {
		if err := checkEntry(e, lim); err != nil {
			return fmt.Errorf("log[%d]: %w", i, err)
		}
		if p, ok := e.Command.(Place); ok {
			if placed++; placed > lim.Combatants {
				return Invalid("", fmt.Sprintf("log[%d]", i), "placing %s exceeds %d combatants", p.ID, lim.Combatants)
			}
		}
		if m, ok := e.Command.(EditMap); ok && (m.Map.W > lim.MapSide || m.Map.H > lim.MapSide) {
			return Invalid("", fmt.Sprintf("log[%d].map", i), "sides over %d", lim.MapSide)
		}
	}
	return ValidateEncounter(sv.Start)
}

// checkEntry checks a log entry's own bounds: its tape, and the lists and
// numbers its command carries (checkCommand).
func checkEntry(e Entry, lim Limits) error {
	if len(e.Tape) > lim.Tape {
		return Invalid("", "tape", "%d dice is more than %d", len(e.Tape), lim.Tape)
	}
	if err := validTape(e.Tape); err != nil {
		return err
	}
	return checkCommand(e.Command)
}

// validDeclared checks the side phase's queue: within its bounds, only
// while the encounter runs, and naming combatants of the encounter
// (ENG-PHASE-2).
func validDeclared(e Encounter) error {
	if len(e.Declared) == 0 {
		return nil
	}
	if e.Phase == PhaseSetup || len(e.Declared) > MaxDeclarations {
		return Invalid("ENG-PHASE-2", "declared", "%d declarations in phase %q", len(e.Declared), e.Phase)
	}
	for _, d := range e.Declared {
		if e.Find(d.Attacker) < 0 || len(d.Targets) == 0 || len(d.Targets) > MaxDeclTargets || len(d.Option) > MaxOpaque {
			return Invalid("ENG-PHASE-2", "declared", "inconsistent declaration of %q", d.Attacker)
		}
		for _, t := range d.Targets {
			if e.Find(t) < 0 {
				return Invalid("ENG-PHASE-2", "declared", "unknown target %q", t)
			}
		}
	}
	return nil
}

func validTape(t []dice.Throw) error {
	for i, th := range t {
		if th.Sides < 1 || th.Sides > 1000 || th.Face < 1 || th.Face > th.Sides {
			return Invalid("", fmt.Sprintf("tape[%d]", i), "d%d showing %d", th.Sides, th.Face)
		}
	}
	return nil
}

// ValidateEncounter checks an encounter decoded from outside: bounds, keys,
// references between its parts and positions on the map.
func ValidateEncounter(e Encounter) error {
	if !validKey(e.Ruleset) {
		return Invalid("", "ruleset", "%q is not a valid key", e.Ruleset)
	}
	if err := ValidateMap(e.Map); err != nil {
		return err
	}
	switch e.Phase {
	case PhaseSetup, PhaseRunning, PhaseEnded:
	default:
		return Invalid("", "phase", "unknown phase %q", e.Phase)
	}
	if len(e.Combatants) > MaxCombatants {
		return Invalid("", "combatants", "at most %d", MaxCombatants)
	}
	if err := checkState(e); err != nil {
		return err
	}
	if err := validAims(e); err != nil {
		return err
	}
	ids := e.ids()
	for i, c := range e.Combatants {
		if err := validCombatant(e, c, ids[:i]); err != nil {
			return fmt.Errorf("combatant %d: %w", i, err)
		}
	}
	if err := validOrder(e, ids); err != nil {
		return err
	}
	return validPending(e)
}

func validCombatant(e Encounter, c Combatant, before []string) error {
	if !validKey(c.ID) || slices.Contains(before, c.ID) {
		return Invalid("", "id", "%q is invalid or repeated", c.ID)
	}
	if !validKey(c.Side) || len(c.Name) > maxNameLen {
		return Invalid("", "side", "invalid side or name of %s", c.ID)
	}
	if err := c.Stats.Validate(); err != nil {
		return err
	}
	if err := checkCombatant(&c); err != nil {
		return err
	}
	if err := fits(e.Map, c.Pos, c.Stats.side()); err != nil {
		return err
	}
	for i, k := range c.Conditions {
		if !validKey(k) || slices.Contains(c.Conditions[:i], k) {
			return Invalid("", "conditions", "%q is invalid or repeated", k)
		}
	}
	return nil
}

// validOrder checks the initiative order: in setup it may miss combatants
// placed after the roll; once running it lists everyone and the turn points
// into it.
func validOrder(e Encounter, ids []string) error {
	if e.Phase == PhaseSetup {
		seen := map[string]bool{}
		for _, s := range e.Order {
			for _, m := range s.Members {
				if seen[m] || !slices.Contains(ids, m) {
					return Invalid("", "order", "%q is unknown or repeated", m)
				}
				seen[m] = true
			}
		}
		return nil
	}
	if err := checkOrder(e.Order, ids); err != nil {
		return err
	}
	if e.Phase == PhaseRunning && (e.Turn.Slot < 0 || e.Turn.Slot >= len(e.Order) ||
		e.Turn.Member < 0 || e.Turn.Member >= len(e.Order[e.Turn.Slot].Members)) {
		return Invalid("", "turn", "points outside the order")
	}
	return nil
}

func validPending(e Encounter) error {
	if e.Phase != PhaseRunning && (e.Pending != nil || e.Move != nil) {
		return Invalid("", "pending", "a decision outside a running encounter")
	}
	if m := e.Move; m != nil {
		if e.Pending == nil || e.Find(m.Mover) < 0 || len(m.Path) == 0 || len(m.Path) > MaxPath {
			return Invalid("", "move", "inconsistent suspended move")
		}
		for _, id := range m.Attackers {
			if e.Find(id) < 0 {
				return Invalid("", "move", "unknown attacker %q", id)
			}
		}
	}
	if err := e.Settings.Validate(); err != nil {
		return err
	}
	if err := validDeclared(e); err != nil {
		return err
	}
	if d := e.Pending; d != nil {
		if (d.Kind != DecideOpportunity && d.Kind != DecideAttack) || len(d.Options) == 0 ||
			e.Find(d.Chooser) < 0 || e.Find(d.Attack.Attacker) < 0 || e.Find(d.Attack.Defender) < 0 {
			return Invalid("", "pending", "inconsistent decision")
		}
		if d.Kind == DecideOpportunity && (e.Move == nil || len(e.Move.Attackers) == 0 || e.Move.Attackers[0] != d.Chooser) {
			return Invalid("", "pending", "opportunity attack without its move")
		}
		return validTape(d.Tape)
	}
	return nil
}
