package app

import (
	"encoding/json"
	"errors"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// memShelf keeps the library in memory, as IndexedDB keeps it in the
// browser: entries, their documents byte for byte, and blobs under
// "<entry ID>/<name>". A write fails as a whole with fail, changing
// nothing, as a transaction that aborts does; a blob read fails with lost.
type memShelf struct {
	ctx   app.Context
	meta  map[string]LibEntry
	docs  map[string]string
	blobs map[string]app.Value
	fail  error // of every write
	lost  error // of every blob read
	puts  int   // documents written (Put)
}

func newMemShelf(ctx app.Context) *memShelf {
	return &memShelf{ctx: ctx, meta: map[string]LibEntry{}, docs: map[string]string{}, blobs: map[string]app.Value{}}
}

func (m *memShelf) List(done func(app.Context, []LibEntry, error)) {
	done(m.ctx, slices.Collect(maps.Values(m.meta)), nil)
}

func (m *memShelf) Put(e LibEntry, doc string, done func(app.Context, error)) {
	m.puts++
	if m.fail == nil {
		m.meta[e.ID], m.docs[e.ID] = e, doc
	}
	done(m.ctx, m.fail)
}

func (m *memShelf) PutEntry(e LibEntry, done func(app.Context, error)) {
	if m.fail == nil {
		m.meta[e.ID] = e
	}
	done(m.ctx, m.fail)
}

func (m *memShelf) Doc(id string, done func(app.Context, string, error)) {
	doc, ok := m.docs[id]
	if !ok {
		done(m.ctx, "", errors.New("no document for encounter "+id))
		return
	}
	done(m.ctx, doc, nil)
}

func (m *memShelf) Remove(id string, done func(app.Context, error)) {
	if m.fail == nil {
		delete(m.meta, id)
		delete(m.docs, id)
		maps.DeleteFunc(m.blobs, func(k string, _ app.Value) bool { return strings.HasPrefix(k, id+"/") })
	}
	done(m.ctx, m.fail)
}

func (m *memShelf) Copy(from string, e LibEntry, doc string, done func(app.Context, error)) {
	if m.fail == nil {
		m.meta[e.ID], m.docs[e.ID] = e, doc
		for k, v := range maps.Clone(m.blobs) {
			if name, ok := strings.CutPrefix(k, from+"/"); ok {
				m.blobs[e.ID+"/"+name] = v
			}
		}
	}
	done(m.ctx, m.fail)
}

func (m *memShelf) PutBlob(id, name string, v app.Value, done func(app.Context, error)) {
	if m.fail == nil {
		m.blobs[id+"/"+name] = v
	}
	done(m.ctx, m.fail)
}

func (m *memShelf) Blob(id, name string, done func(ctx app.Context, v app.Value, err error)) {
	v, ok := m.blobs[id+"/"+name]
	if !ok || m.lost != nil {
		v = app.Undefined()
	}
	done(m.ctx, v, m.lost)
}

// shelfFixture is a table with no encounter open yet, over a library in
// memory.
func shelfFixture(t *testing.T) (*Table, *memShelf, app.Context) {
	t.Helper()
	ctx := testContext(t)
	db := newMemShelf(ctx)
	tbl := &Table{Model: Model{reg: rulesets.Registry(), lang: i18n.English}}
	tbl.shelf.db = db
	return tbl, db, ctx
}

// sampleDoc is the save document of sample i at its start.
func sampleDoc(t *testing.T, i int) (string, *combat.Session) {
	t.Helper()
	s := rulesets.Samples()[i]
	sess, err := s.Session(rulesets.Registry())
	if err != nil {
		t.Fatal(err)
	}
	doc, err := combat.EncodeSave(sess)
	if err != nil {
		t.Fatal(err)
	}
	return string(doc), sess
}

// otherSample is the first sample of another ruleset than sample 0's.
func otherSample(t *testing.T) int {
	t.Helper()
	all := rulesets.Samples()
	for i, s := range all {
		if s.Ruleset != all[0].Ruleset {
			return i
		}
	}
	t.Fatal("every sample is of one ruleset")
	return 0
}

// stock puts an entry with doc in the library, changed at changed.
func (m *memShelf) stock(id, name, doc string, changed int64) LibEntry {
	e := LibEntry{ID: id, Name: name, Changed: changed}
	m.meta[id], m.docs[id] = e, doc
	return e
}

// start reads the library and reopens an encounter, as the start does
// once the database is open.
func start(ctx app.Context, tbl *Table) {
	tbl.refresh(ctx, func(ctx app.Context) {
		tbl.purgeTrash(ctx)
		tbl.restore(ctx, tbl.candidates())
	})
}

// TestRestoreOpensLatest reopens the last encounter changed, passing over
// deleted and damaged ones, and lists the library newest first.
func TestRestoreOpensLatest(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	doc0, _ := sampleDoc(t, 0)
	doc1, s1 := sampleDoc(t, otherSample(t))
	db.stock("old", "Old fight", doc0, 1000)
	db.stock("new", "New fight", doc1, 2000)
	gone := db.stock("gone", "Deleted fight", doc0, 3000)
	gone.Deleted = now()
	db.meta["gone"] = gone
	bad := db.stock("bad", "Damaged fight", "{", 4000)
	bad.Damaged = "unexpected end of JSON input"
	db.meta["bad"] = bad

	start(ctx, tbl)

	if !tbl.shelf.ready || tbl.shelf.entry.ID != "new" || tbl.state().Ruleset != s1.State().Ruleset {
		t.Fatalf("opened %q (%s, ready %v), want the newest readable entry %q (%s)", tbl.shelf.entry.ID, tbl.state().Ruleset, tbl.shelf.ready, "new", s1.State().Ruleset)
	}
	var ids []string
	for _, e := range tbl.shelf.list {
		ids = append(ids, e.ID)
	}
	if want := []string{"bad", "gone", "new", "old"}; !slices.Equal(ids, want) {
		t.Errorf("list %v, want newest first %v", ids, want)
	}
	if len(db.meta) != 4 || db.docs["bad"] != "{" {
		t.Errorf("the start changed the library: %d entries, damaged doc %q", len(db.meta), db.docs["bad"])
	}
}

// TestRestoreRefusesCorruptEntry marks an unreadable entry damaged, keeps
// its document byte for byte, tells the user which one, and opens the next;
// with none readable a sample opens as a new entry beside it.
func TestRestoreRefusesCorruptEntry(t *testing.T) {
	doc, sess := sampleDoc(t, 0)
	corrupt := doc[:len(doc)/2]

	t.Run("the next one opens", func(t *testing.T) {
		tbl, db, ctx := shelfFixture(t)
		db.stock("good", "Good fight", doc, 1000)
		db.stock("broken", "Broken fight", corrupt, 2000)
		start(ctx, tbl)
		if tbl.shelf.entry.ID != "good" || tbl.state().Ruleset != sess.State().Ruleset {
			t.Fatalf("opened %q, want %q", tbl.shelf.entry.ID, "good")
		}
		if db.meta["broken"].Damaged == "" || db.docs["broken"] != corrupt {
			t.Errorf("broken entry: damaged %q, doc kept %v", db.meta["broken"].Damaged, db.docs["broken"] == corrupt)
		}
		n := tbl.notice
		if n.Key != "notice.entry-unreadable" || !n.Error || !strings.Contains(n.In(i18n.English), "Broken fight") {
			t.Errorf("notice %+v (%q), want the broken entry named", n, n.In(i18n.English))
		}
		if got := tbl.shelf.list; len(got) != 2 || got[slices.IndexFunc(got, func(e LibEntry) bool { return e.ID == "broken" })].Damaged == "" {
			t.Errorf("the list does not show the entry damaged: %+v", got)
		}
	})

	t.Run("none readable", func(t *testing.T) {
		tbl, db, ctx := shelfFixture(t)
		db.stock("broken", "Broken fight", "not a save", 2000)
		start(ctx, tbl)
		if tbl.sess == nil || tbl.shelf.entry.ID == "" || tbl.shelf.entry.ID == "broken" {
			t.Fatalf("opened %q, want a sample in a new entry", tbl.shelf.entry.ID)
		}
		tbl.autosave(ctx) // as the first paint does (TestFirstSampleSavedAfterPaint)
		if tbl.notice.Key != "notice.entry-unreadable" {
			t.Errorf("notice %q: the sample hid why the saved fight did not open", tbl.notice.Key)
		}
		if len(db.meta) != 2 || db.docs["broken"] != "not a save" || db.docs[tbl.shelf.entry.ID] == "" {
			t.Errorf("library after start: %d entries, broken doc %q, new doc %d bytes", len(db.meta), db.docs["broken"], len(db.docs[tbl.shelf.entry.ID]))
		}
	})
}

// TestRestoreOlderSave opens an entry an earlier version saved (save
// version 1): it is migrated, not marked damaged, and the next save writes
// the current version.
func TestRestoreOlderSave(t *testing.T) {
	doc, sess := sampleDoc(t, 0)
	cur := `"version": ` + strconv.Itoa(combat.SaveVersion)
	if !strings.Contains(doc, cur) {
		t.Fatalf("the save has no %s", cur)
	}
	old := strings.Replace(doc, cur, `"version": 1`, 1)
	tbl, db, ctx := shelfFixture(t)
	db.stock("v1", "Saved long ago", old, 1000)
	start(ctx, tbl)
	if tbl.shelf.entry.ID != "v1" || db.meta["v1"].Damaged != "" {
		t.Fatalf("opened %q, damaged %q: a version 1 save must open", tbl.shelf.entry.ID, db.meta["v1"].Damaged)
	}
	if tbl.state().Ruleset != sess.State().Ruleset || len(tbl.state().Combatants) != len(sess.State().Combatants) {
		t.Errorf("the migrated encounter differs from the one saved")
	}
	tbl.autosave(ctx)
	if !strings.Contains(db.docs["v1"], cur) {
		t.Errorf("the next save did not write %s", cur)
	}
}

// TestAutosaveStorageFull tells the user when the storage is full, keeps
// what was saved before, and says so again once a save goes through; a
// tab that another has taken the encounter from writes nothing.
func TestAutosaveStorageFull(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	tbl.openSample(ctx, rulesets.Samples()[0].ID)
	id := tbl.shelf.entry.ID
	before := db.docs[id]
	if before == "" {
		t.Fatal("opening a sample saved nothing")
	}
	if _, err := tbl.sess.Do(combat.RollInitiative{}); err != nil {
		t.Fatal(err)
	}

	db.fail = ErrStorageFull
	tbl.autosave(ctx)
	n := tbl.notice
	if n.Key != "notice.storage-full" || !n.Error || !slices.Equal(n.Acts, []string{"export"}) || !tbl.shelf.full {
		t.Errorf("notice %+v, full %v: want storage-full with export offered", n, tbl.shelf.full)
	}
	if db.docs[id] != before {
		t.Error("a failed save changed the stored encounter")
	}

	db.fail = errors.New("UnknownError: disk gone")
	tbl.autosave(ctx)
	if n := tbl.notice; n.Key != "notice.save-failed" || !strings.Contains(n.In(i18n.English), "disk gone") {
		t.Errorf("notice %+v (%q), want save-failed with the browser's reason", n, n.In(i18n.English))
	}

	db.fail = nil
	tbl.autosave(ctx)
	if tbl.notice.Key != "notice.saved-again" || tbl.shelf.full {
		t.Errorf("notice %q, full %v after a save that went through", tbl.notice.Key, tbl.shelf.full)
	}
	saved, err := combat.DecodeSave(tbl.reg, []byte(db.docs[id]))
	if err != nil || saved.Cursor() != tbl.sess.Cursor() || db.meta[id].Commands != tbl.sess.Cursor() {
		t.Errorf("stored cursor %v (entry %d), want %d (%v)", saved, db.meta[id].Commands, tbl.sess.Cursor(), err)
	}

	tbl.heard(ctx, "open", id)
	if !tbl.shelf.held {
		t.Fatal("another tab opening this encounter did not hold this one")
	}
	kept := db.docs[id]
	if _, err := tbl.sess.Do(combat.Start{}); err != nil {
		t.Fatal(err)
	}
	tbl.autosave(ctx)
	if db.docs[id] != kept {
		t.Error("a held tab wrote over the other tab's encounter")
	}
}

// TestLibraryEntries renames, duplicates (with blobs), deletes, brings
// back and opens entries, and refuses what must not happen: an empty or
// too long name, deleting the open encounter, a write on a full storage.
func TestLibraryEntries(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	doc1, s1 := sampleDoc(t, otherSample(t))
	db.stock("other", "Other fight", doc1, 1000)
	db.blobs["other/map"] = app.Null()
	tbl.openSample(ctx, rulesets.Samples()[0].ID)
	open := tbl.shelf.entry.ID
	tbl.refresh(ctx, func(app.Context) {})

	tbl.rename(open, "Goblin cave")
	if tbl.shelf.entry.Name != "Goblin cave" || db.meta[open].Name != "Goblin cave" {
		t.Errorf("rename: open entry %q, stored %q", tbl.shelf.entry.Name, db.meta[open].Name)
	}
	for _, bad := range []string{"", strings.Repeat("x", maxEntryName+1)} {
		tbl.rename(open, bad)
		if db.meta[open].Name != "Goblin cave" {
			t.Errorf("rename to %d bytes changed the name to %q", len(bad), db.meta[open].Name)
		}
	}

	tbl.duplicateEntry("other")
	var copyID string
	for id, e := range db.meta {
		if id != "other" && id != open {
			copyID = id
			if want := copyName(i18n.English, "Other fight"); e.Name != want {
				t.Errorf("copy named %q, want %q", e.Name, want)
			}
		}
	}
	if copyID == "" || db.docs[copyID] != doc1 || db.blobs[copyID+"/map"] == nil {
		t.Fatalf("duplicate: entry %q, same doc %v, map copied %v", copyID, db.docs[copyID] == doc1, db.blobs[copyID+"/map"] != nil)
	}
	if len(tbl.shelf.list) != 3 {
		t.Errorf("the list was not read again after the copy: %d entries", len(tbl.shelf.list))
	}

	tbl.deleteEntry(open)
	if db.meta[open].Deleted != 0 {
		t.Error("the open encounter was deleted")
	}
	tbl.deleteEntry(copyID)
	if db.meta[copyID].Deleted == 0 || tbl.notice.Key != "notice.deleted" || !slices.Equal(tbl.notice.Acts, []string{"undelete:" + copyID}) {
		t.Fatalf("delete: deleted %d, notice %+v", db.meta[copyID].Deleted, tbl.notice)
	}
	if got := tbl.candidates(); slices.ContainsFunc(got, func(e LibEntry) bool { return e.ID == copyID }) {
		t.Error("a deleted entry is offered to reopen")
	}
	tbl.undelete(copyID)
	if db.meta[copyID].Deleted != 0 || tbl.notice.Key != "notice.undeleted" {
		t.Errorf("undelete: deleted %d, notice %q", db.meta[copyID].Deleted, tbl.notice.Key)
	}

	db.fail = ErrStorageFull
	tbl.duplicateEntry("other")
	tbl.rename("other", "Never")
	if len(db.meta) != 3 || db.meta["other"].Name != "Other fight" || tbl.notice.Key != "notice.storage-full" {
		t.Errorf("on a full storage: %d entries, name %q, notice %q", len(db.meta), db.meta["other"].Name, tbl.notice.Key)
	}
	db.fail = nil

	tbl.openEntry(ctx, "other")
	if tbl.shelf.entry.ID != "other" || tbl.state().Ruleset != s1.State().Ruleset || tbl.notice.Key != "notice.opened.entry" {
		t.Errorf("open: entry %q (%s), notice %q", tbl.shelf.entry.ID, tbl.state().Ruleset, tbl.notice.Key)
	}
	if db.docs[open] == "" || db.meta[open].Name != "Goblin cave" {
		t.Error("the encounter open before left the library")
	}
}

// TestPurgeTrash removes for good, with their blobs, the entries deleted
// longer ago than trashKept, and keeps the recently deleted.
func TestPurgeTrash(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	doc, _ := sampleDoc(t, 0)
	for id, deleted := range map[string]int64{
		"live":   0,
		"recent": now() - trashKept.Milliseconds()/2,
		"old":    now() - trashKept.Milliseconds() - 1000,
	} {
		e := db.stock(id, id, doc, 1000)
		e.Deleted = deleted
		db.meta[id] = e
		db.blobs[id+"/map"] = app.Null()
	}
	start(ctx, tbl)
	if _, ok := db.meta["old"]; ok || db.blobs["old/map"] != nil || db.docs["old"] != "" {
		t.Error("an entry deleted over an hour ago is still stored")
	}
	for _, id := range []string{"live", "recent"} {
		if _, ok := db.meta[id]; !ok || db.blobs[id+"/map"] == nil {
			t.Errorf("entry %q was removed", id)
		}
	}
	if slices.ContainsFunc(tbl.shelf.list, func(e LibEntry) bool { return e.ID == "old" }) || len(tbl.shelf.list) != 2 {
		t.Errorf("list after the purge: %+v", tbl.shelf.list)
	}
	if tbl.shelf.entry.ID != "live" {
		t.Errorf("opened %q, want the entry not deleted", tbl.shelf.entry.ID)
	}
}

// TestHeldTab lets a tab whose encounter another tab opened continue in
// a copy (with the blobs) or take the encounter over as last saved.
func TestHeldTab(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	tbl.openSample(ctx, rulesets.Samples()[0].ID)
	first := tbl.shelf.entry
	db.blobs[first.ID+"/map"] = app.Null()
	tbl.refresh(ctx, func(app.Context) {})

	tbl.heard(ctx, "open", first.ID)
	if _, err := tbl.sess.Do(combat.RollInitiative{}); err != nil {
		t.Fatal(err)
	}
	tbl.continueInCopy(ctx)
	cp := tbl.shelf.entry
	if cp.ID == first.ID || tbl.shelf.held || tbl.notice.Key != "notice.opened.copy" || db.blobs[cp.ID+"/map"] == nil {
		t.Fatalf("continue in a copy: entry %q (was %q), held %v, notice %q", cp.ID, first.ID, tbl.shelf.held, tbl.notice.Key)
	}
	if s, err := combat.DecodeSave(tbl.reg, []byte(db.docs[cp.ID])); err != nil || s.Cursor() != tbl.sess.Cursor() {
		t.Errorf("the copy does not hold what this tab shows: %v", err)
	}

	tbl.enter(ctx, first)
	tbl.heard(ctx, "open", first.ID)
	tbl.takeOver(ctx)
	if tbl.shelf.held || tbl.shelf.entry.ID != first.ID || tbl.sess.Cursor() != first.Commands {
		t.Errorf("take over: held %v, entry %q, cursor %d want %d", tbl.shelf.held, tbl.shelf.entry.ID, tbl.sess.Cursor(), first.Commands)
	}
}

// memSlots is localStorage in memory.
type memSlots map[string]string

func (m memSlots) Item(key string) (string, bool) { v, ok := m[key]; return v, ok }
func (m memSlots) RemoveItem(key string)          { delete(m, key) }

// TestMigrateEarlierSaves moves the slots earlier versions kept in
// localStorage into the library: the autosave becomes an entry that
// reopens; an unreadable slot becomes a damaged entry holding its text
// byte for byte, and the user is told; a slot whose entry cannot be
// written stays where it is.
func TestMigrateEarlierSaves(t *testing.T) {
	doc, sess := sampleDoc(t, otherSample(t))
	quoted, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	const garbled = "{\"format\":\"battlemat-encounter\",\"version\":1,\"start\":"

	t.Run("both slots", func(t *testing.T) {
		tbl, db, ctx := shelfFixture(t)
		ls := memSlots{keySave: string(quoted), keyDamaged: garbled, "other/key": "left alone"}
		tbl.migrate(ctx, ls, []string{keyDamaged, keySave}, func(ctx app.Context) { start(ctx, tbl) })
		if len(ls) != 1 || ls["other/key"] != "left alone" {
			t.Errorf("slots left: %v", ls)
		}
		var saved, damaged LibEntry
		for _, e := range db.meta {
			if e.Damaged != "" {
				damaged = e
			} else {
				saved = e
			}
		}
		if saved.Name != i18n.T(i18n.English, "library.name.autosave") || saved.Ruleset != sess.State().Ruleset || db.docs[saved.ID] != doc {
			t.Errorf("autosave entry %+v, doc kept %v", saved, db.docs[saved.ID] == doc)
		}
		if damaged.Name != i18n.T(i18n.English, "library.name.damaged") || db.docs[damaged.ID] != garbled {
			t.Errorf("damaged entry %+v holds %q, want the slot's text", damaged, db.docs[damaged.ID])
		}
		if tbl.notice.Key != "notice.saved-unreadable" || !tbl.notice.Error {
			t.Errorf("notice %+v, want the unreadable save told", tbl.notice)
		}
		if tbl.shelf.entry.ID != saved.ID || tbl.state().Ruleset != sess.State().Ruleset {
			t.Errorf("the start opened %q, want the migrated autosave %q", tbl.shelf.entry.ID, saved.ID)
		}
	})

	t.Run("storage full", func(t *testing.T) {
		tbl, db, ctx := shelfFixture(t)
		db.fail = ErrStorageFull
		ls := memSlots{keySave: string(quoted)}
		went := false
		tbl.migrate(ctx, ls, []string{keyDamaged, keySave}, func(app.Context) { went = true })
		if !went || ls[keySave] != string(quoted) || len(db.meta) != 0 || tbl.notice.Key != "notice.storage-full" {
			t.Errorf("start went on %v, slot kept %v, %d entries, notice %q", went, ls[keySave] == string(quoted), len(db.meta), tbl.notice.Key)
		}
	})
}

// TestLibraryPanel draws the library as the user meets it: the open
// encounter marked and not deletable, a deletion waiting for its OK, a
// damaged entry with export only, a deleted one with restore; and the
// offer a tab gets when another opened its encounter.
func TestLibraryPanel(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	doc, _ := sampleDoc(t, 0)
	db.stock("other", "Bridge fight", doc, 3000)
	db.stock("asked", "Asked fight", doc, 2500)
	bad := db.stock("bad", "Broken fight", "{", 2000)
	bad.Damaged = "unexpected end of JSON input"
	db.meta["bad"] = bad
	gone := db.stock("gone", "Gone fight", doc, 1000)
	gone.Deleted = now()
	db.meta["gone"] = gone
	tbl.openSample(ctx, rulesets.Samples()[0].ID)
	open := tbl.shelf.entry.ID

	tbl.toggleLibrary(ctx, app.Event{})
	if !tbl.shelf.open || len(tbl.shelf.list) != 5 {
		t.Fatalf("the library opened %v with %d entries, want 5", tbl.shelf.open, len(tbl.shelf.list))
	}
	tbl.shelf.confirm = "asked"
	html := app.HTMLString(tbl.renderLibrary())
	row := func(id string) string {
		i := strings.Index(html, `data-entry="`+id+`"`)
		if i < 0 {
			t.Fatalf("no row for %s:\n%s", id, html)
		}
		i = strings.LastIndex(html[:i], "<li")
		return html[i : i+strings.Index(html[i:], "</li>")]
	}
	for _, c := range []struct {
		id        string
		has, hasn []string
	}{
		{open, []string{i18n.T(i18n.English, "library.open-here"), `class="duplicate"`}, []string{`class="delete"`, `class="open"`}},
		{"other", []string{`class="open"`, `class="delete"`, `class="export"`, `value="Bridge fight"`}, []string{i18n.T(i18n.English, "library.open-here")}},
		{"asked", []string{`id="delete-yes"`, `id="delete-no"`, "Asked fight"}, []string{`class="open"`}},
		{"bad", []string{`class="export"`, i18n.T(i18n.English, "library.export-file"), "unexpected end of JSON input"}, []string{`class="open"`, `class="duplicate"`, `class="delete"`}},
		{"gone", []string{`class="restore"`}, []string{`class="open"`, `class="export"`}},
	} {
		r := row(c.id)
		for _, want := range c.has {
			if !strings.Contains(r, want) {
				t.Errorf("row %s lacks %q:\n%s", c.id, want, r)
			}
		}
		for _, not := range c.hasn {
			if strings.Contains(r, not) {
				t.Errorf("row %s has %q:\n%s", c.id, not, r)
			}
		}
	}

	tbl.toggleLibrary(ctx, app.Event{})
	if tbl.shelf.open {
		t.Error("the library did not close")
	}
	html = app.HTMLString(tbl.renderHeld())
	for _, want := range []string{`id="held-take"`, `id="held-copy"`, tbl.shelf.entry.Name} {
		if !strings.Contains(html, want) {
			t.Errorf("the held offer lacks %q:\n%s", want, html)
		}
	}
}

// TestExportEntryFails tells the user why an entry could not be exported:
// its document is gone, or its map image cannot be read (a file without
// the map would look complete); the library is left as it was.
func TestExportEntryFails(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	doc, _ := sampleDoc(t, 0)
	db.stock("sound", "Sound fight", doc, 2000)
	db.meta["lost"] = LibEntry{ID: "lost", Name: "Lost fight", Changed: 1000}
	tbl.refresh(ctx, func(app.Context) {})

	tbl.exportEntry(ctx, "sound")
	if tbl.notice.Key != "" {
		t.Fatalf("exporting a sound entry said %q", tbl.notice.Key)
	}
	tbl.exportEntry(ctx, "lost")
	if n := tbl.notice; n.Key != "notice.export-failed" || !n.Error || !strings.Contains(n.In(i18n.English), "lost") {
		t.Errorf("an entry without its document: notice %+v (%q)", n, n.In(i18n.English))
	}
	tbl.notice = Notice{}
	db.lost = errors.New("NotReadableError: the map is gone")
	tbl.exportEntry(ctx, "sound")
	if n := tbl.notice; n.Key != "notice.export-failed" || !strings.Contains(n.In(i18n.English), "the map is gone") {
		t.Errorf("an unreadable map image: notice %+v (%q)", n, n.In(i18n.English))
	}
	if len(db.meta) != 2 || db.docs["sound"] != doc {
		t.Error("exporting changed the library")
	}
}

// TestHeldTabStorageFull keeps a held tab on its encounter, still held,
// when its copy cannot be written, and tells the user why.
func TestHeldTabStorageFull(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	tbl.openSample(ctx, rulesets.Samples()[0].ID)
	first := tbl.shelf.entry
	tbl.heard(ctx, "open", first.ID)
	db.fail = ErrStorageFull
	tbl.continueInCopy(ctx)
	if tbl.shelf.entry.ID != first.ID || !tbl.shelf.held || len(db.meta) != 1 || tbl.notice.Key != "notice.storage-full" {
		t.Errorf("entry %q (was %q), held %v, %d entries, notice %q", tbl.shelf.entry.ID, first.ID, tbl.shelf.held, len(db.meta), tbl.notice.Key)
	}
}

// TestMapKeptWithEntry keeps the map's fit with the open encounter in the
// library; a full storage is told and leaves the picture on screen;
// removing the map clears both of its blobs and the board's layer.
func TestMapKeptWithEntry(t *testing.T) {
	tbl, db, ctx := shelfFixture(t)
	tbl.openSample(ctx, rulesets.Samples()[0].ID)
	id := tbl.shelf.entry.ID
	tbl.mapImg = mapImage{entry: id, url: "blob:x", w: 400, h: 300, fit: mapFit{Scale: 250, DX: 12, Dim: 40}}

	tbl.saveMap(ctx, app.Undefined())
	if _, ok := db.blobs[id+"/"+blobMapFit]; !ok {
		t.Fatal("the fit was not kept with the encounter")
	}
	if _, ok := db.blobs[id+"/"+blobMap]; ok {
		t.Error("moving a slider wrote the picture again")
	}

	db.fail = ErrStorageFull
	delete(db.blobs, id+"/"+blobMapFit)
	tbl.saveMap(ctx, app.Undefined())
	if tbl.notice.Key != "notice.storage-full" || tbl.mapImg.layer() == nil || len(db.blobs) != 0 {
		t.Errorf("on a full storage: notice %q, picture shown %v, %d blobs", tbl.notice.Key, tbl.mapImg.layer() != nil, len(db.blobs))
	}
	db.fail = nil

	tbl.removeMap(ctx, app.Event{})
	_, pic := db.blobs[id+"/"+blobMap]
	_, fit := db.blobs[id+"/"+blobMapFit]
	if tbl.mapImg.layer() != nil || !pic || !fit {
		t.Errorf("after removing: layer shown %v, picture cleared %v, fit cleared %v", tbl.mapImg.layer() != nil, pic, fit)
	}
}

// painted is a component that reports each of its renders: it stands for
// the page go-app updates in the frame after a dispatch.
type painted struct {
	harness
	rendered func()
}

// Render reports the render.
func (p *painted) Render() app.UI {
	if p.rendered != nil {
		p.rendered()
	}
	return app.Div()
}

// paintedTable is a table over an empty library in memory, with the
// context of a painted page in go-app's test engine.
func paintedTable(t *testing.T) (*painted, app.TestEngine, *Table, *memShelf) {
	t.Helper()
	p := &painted{}
	e := loadTest(t, p)
	db := newMemShelf(p.ctx)
	tbl := &Table{Model: Model{reg: rulesets.Registry(), lang: i18n.English}}
	tbl.shelf.db = db
	return p, e, tbl, db
}

// TestFirstSampleSavedAfterPaint: on a first visit the sample opens at once
// and is written only after the frame that draws it, so the first screen
// does not wait for the save; a command given before then saves it as
// always, and it is not written twice; a save that goes well redraws
// nothing. A share link's encounter, which nothing could rebuild, is
// written before the first render.
func TestFirstSampleSavedAfterPaint(t *testing.T) {
	// begin starts the table inside a dispatch, as the library's callback
	// does, runs then in that dispatch, and records at each render of the
	// page whether an encounter was open and how many were written.
	type seen struct {
		open  bool
		saved int
	}
	begin := func(t *testing.T, then func(app.Context, *Table)) (*Table, *memShelf, []seen) {
		t.Helper()
		p, e, tbl, db := paintedTable(t)
		var renders []seen
		p.rendered = func() { renders = append(renders, seen{tbl.sess != nil, len(db.docs)}) }
		p.ctx.Dispatch(func(ctx app.Context) {
			start(ctx, tbl)
			then(ctx, tbl)
		})
		e.ConsumeAll()
		return tbl, db, renders
	}
	first := rulesets.Samples()[0]

	t.Run("written after the first render", func(t *testing.T) {
		tbl, db, renders := begin(t, func(app.Context, *Table) {})
		if len(renders) == 0 || !renders[0].open || renders[0].saved != 0 {
			t.Fatalf("renders %+v: want the first with the sample open and nothing written yet", renders)
		}
		doc, ok := db.docs[tbl.shelf.entry.ID]
		if !ok || db.puts != 1 || db.meta[tbl.shelf.entry.ID].Name != first.Title {
			t.Fatalf("after the first paint: %d writes, entry %+v", db.puts, db.meta[tbl.shelf.entry.ID])
		}
		if sess, err := combat.DecodeSave(tbl.reg, []byte(doc)); err != nil || sess.State().Ruleset != first.Ruleset {
			t.Errorf("the written sample does not read back: %v", err)
		}
		if len(renders) != 1 {
			t.Errorf("renders %+v: a save that went well redrew the page", renders)
		}
	})

	t.Run("a command before the paint", func(t *testing.T) {
		tbl, db, _ := begin(t, func(ctx app.Context, tbl *Table) { tbl.do(ctx, combat.RollInitiative{}) })
		sess, err := combat.DecodeSave(tbl.reg, []byte(db.docs[tbl.shelf.entry.ID]))
		if err != nil || sess.Cursor() != 1 || db.puts != 1 {
			t.Errorf("%d writes, the entry holds one command: %v (%v); want one write", db.puts, sess != nil && sess.Cursor() == 1, err)
		}
	})

	t.Run("a share link", func(t *testing.T) {
		link, err := combat.EncodeLink(openTable(t, "kal-corridor", false).sess)
		if err != nil {
			t.Fatal(err)
		}
		p, _, tbl, db := paintedTable(t)
		p.ctx.Page().ReplaceURL(&url.URL{Path: "/", Fragment: link})
		start(p.ctx, tbl)
		if db.puts != 1 || db.docs[tbl.shelf.entry.ID] == "" || tbl.notice.Key != "notice.opened.link" {
			t.Errorf("a link's encounter: %d writes before any render, notice %q", db.puts, tbl.notice.Key)
		}
	})
}
