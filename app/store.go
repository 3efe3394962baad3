package app

import (
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// Browser storage keys, prefixed so go-app's own keys never collide.
const (
	keySave    = "battlemat/save"    // localStorage: the single autosave of earlier versions
	keyDamaged = "battlemat/damaged" // localStorage: earlier versions' copy of an unreadable save
	keyEntry   = "battlemat/entry"   // sessionStorage: the library entry this tab has open
)

// trashKept is how long a deleted encounter can be brought back: after
// that it is removed for good at the next start.
const trashKept = time.Hour

// shelf is the table's side of the encounter library (see Library).
type shelf struct {
	db      shelfStore // the library (a *Library); nil until opened, or when the browser has no database
	entry   LibEntry   // the open encounter's entry
	list    []LibEntry // every entry, newest first
	ready   bool       // the library has been read and an encounter opened
	open    bool       // the library panel is shown
	held    bool       // another tab opened this encounter: this tab saves nothing until the user chooses
	unsaved bool       // the open entry is a first sample not written yet (firstSample)
	full    bool       // the last write failed for lack of room
	durable bool       // the browser granted persistent storage
	confirm string     // the entry whose deletion waits for the user's OK
	tabs    tabs
}

// startLibrary opens the library, moves earlier versions' autosave into
// it, then reopens the user's encounter: the one this tab had open, else
// the last one changed. Only when there is none does it build a sample.
// A share link in the address bar opens afterwards, as a new entry.
func (t *Table) startLibrary(ctx app.Context) {
	t.shelf.tabs.start(ctx, t)
	openLibrary(ctx, func(ctx app.Context, lib *Library, err error) {
		if err != nil {
			t.notice = warn("notice.library-unavailable", "error", err)
			t.opened(ctx)
			return
		}
		t.shelf.db = lib
		t.askPersistence(ctx)
		old := webStorage{app.Window().Get("localStorage")}
		t.migrate(ctx, old, []string{keyDamaged, keySave}, func(ctx app.Context) {
			t.refresh(ctx, func(ctx app.Context) {
				t.purgeTrash(ctx)
				t.restore(ctx, t.candidates())
			})
		})
	})
}

// slots is a key-value store of earlier versions: the browser's
// localStorage (webStorage).
type slots interface {
	Item(key string) (string, bool)
	RemoveItem(key string)
}

// webStorage is one of the browser's key-value stores.
type webStorage struct{ v app.Value }

// Item returns what key holds, and whether it holds anything.
func (s webStorage) Item(key string) (string, bool) {
	v := s.v.Call("getItem", key)
	if v.Type() != app.TypeString {
		return "", false
	}
	return v.String(), true
}

// RemoveItem empties key.
func (s webStorage) RemoveItem(key string) { s.v.Call("removeItem", key) }

// migrate moves each slot of earlier versions (in ls) into the library as
// a new entry. A slot is removed only once its entry is written; one that
// cannot be read becomes a damaged entry holding the slot's text byte for
// byte.
func (t *Table) migrate(ctx app.Context, ls slots, keys []string, then func(app.Context)) {
	if len(keys) == 0 {
		then(ctx)
		return
	}
	key, rest := keys[0], keys[1:]
	raw, ok := ls.Item(key)
	if !ok {
		t.migrate(ctx, ls, rest, then)
		return
	}
	e := LibEntry{ID: newEntryID(), Name: i18n.T(t.lang, "library.name.autosave"), Changed: now()}
	doc, sess, err := slotSave(t.reg, raw)
	if err != nil {
		e.Damaged, doc = err.Error(), raw
		e.Name = i18n.T(t.lang, "library.name.damaged")
		t.notice = warn("notice.saved-unreadable", "error", err)
	} else {
		e.Ruleset, e.Commands = sess.State().Ruleset, sess.Cursor()
	}
	t.shelf.db.Put(e, doc, func(ctx app.Context, err error) {
		if err != nil {
			t.storageFailed(err)
			then(ctx) // the slot stays where it is
			return
		}
		ls.RemoveItem(key)
		t.migrate(ctx, ls, rest, then)
	})
}

// slotSave reads the save document in a localStorage slot: go-app stored
// it as a JSON string; a slot holding anything else is tried as a document
// itself. It fails when no readable encounter is there.
func slotSave(reg *combat.Registry, raw string) (string, *combat.Session, error) {
	doc := raw
	if strings.HasPrefix(raw, `"`) {
		var s string
		if err := json.Unmarshal([]byte(raw), &s); err == nil {
			doc = s
		}
	}
	sess, err := combat.DecodeSave(reg, []byte(doc))
	if err != nil {
		return "", nil, err
	}
	return doc, sess, nil
}

// refresh reads the library's list again, newest first.
func (t *Table) refresh(ctx app.Context, then func(app.Context)) {
	if t.shelf.db == nil {
		then(ctx)
		return
	}
	t.shelf.db.List(func(ctx app.Context, list []LibEntry, err error) {
		if err == nil {
			// sort's shared code, not one more instantiation of slices' sort
			// in app.wasm: the list is short and sorted once per read.
			sort.SliceStable(list, func(i, j int) bool {
				return cmp.Or(cmp.Compare(list[j].Changed, list[i].Changed), strings.Compare(list[i].ID, list[j].ID)) < 0
			})
			t.shelf.list = list
		}
		then(ctx)
	})
}

// candidates lists the entries to reopen at start, best first: the one
// this tab had open (a reload), then the others by last change.
func (t *Table) candidates() []LibEntry {
	var out []LibEntry
	mine := sessionEntry()
	for _, e := range t.shelf.list {
		if e.Damaged != "" || e.Deleted != 0 {
			continue
		}
		if e.ID == mine {
			out = append([]LibEntry{e}, out...)
		} else {
			out = append(out, e)
		}
	}
	return out
}

// restore opens the first of the candidates that can be read. One that
// cannot is marked damaged (its document stays as it is) and the next is
// tried; with none left, a link in the address bar or a sample opens.
func (t *Table) restore(ctx app.Context, cands []LibEntry) {
	if len(cands) == 0 {
		t.opened(ctx)
		return
	}
	e := cands[0]
	t.load(ctx, e, func(ctx app.Context, ok bool) {
		if !ok {
			t.restore(ctx, cands[1:])
			return
		}
		t.openFragment(ctx)
		t.opened(ctx)
	})
}

// opened marks the start as done. With nothing reopened, a share link in
// the address bar opens, else the first sample: the table renders from
// now on.
func (t *Table) opened(ctx app.Context) {
	if t.sess == nil {
		kept := t.notice
		if !t.openFragment(ctx) {
			t.firstSample(ctx)
		} else if kept.Error { // no database: that matters more than the link
			t.notice = kept
		}
	}
	t.shelf.ready = true
}

// firstSample opens the first sample as a new entry when there is nothing
// to reopen; a notice already shown (a damaged save) stays. The entry is
// written once the board it opens has been painted (afterPaint), so the
// first screen does not wait for the save. Nothing can be lost meanwhile:
// a command given before then autosaves it, and a page closed before then
// builds the same sample again at the next visit.
func (t *Table) firstSample(ctx app.Context) {
	sess, s, err := t.buildSample(rulesets.Samples()[0].ID)
	if err != nil {
		return
	}
	t.enterNew(ctx, sess, s.Title)
	t.shelf.unsaved = true
	t.afterBoardPainted(ctx, func(ctx app.Context) {
		key := t.notice.Key
		if t.shelf.unsaved {
			t.autosave(ctx)
		}
		if t.notice.Key == key {
			ctx.PreventUpdate() // nothing on the page shows a save that went well
		}
	})
}

// afterPaint runs f on the UI goroutine after the browser has painted what
// is on the page now: from a timer set in the next animation frame's
// callback, which runs just before that frame is painted. Where there is no
// browser, f is dispatched at once.
func afterPaint(ctx app.Context, f func(app.Context)) {
	browserCalls("requestAnimationFrame", func() { nextTask(ctx, f) })
}

// nextTask runs f on the UI goroutine in a task of the browser's own, from
// a timer: the work before it, f and the render f causes are then not one
// long task, and the browser may paint and take input between them. Where
// there is no browser, f is dispatched at once.
func nextTask(ctx app.Context, f func(app.Context)) {
	browserCalls("setTimeout", func() { ctx.Dispatch(f) })
}

// browserCalls has the browser call next once, through its scheduling
// function sched (requestAnimationFrame, or setTimeout with no delay);
// where there is no browser, next runs at once.
func browserCalls(sched string, next func()) {
	win := app.Window()
	if !win.Get(sched).Truthy() {
		next()
		return
	}
	var fn app.Func
	fn = app.FuncOf(func(this app.Value, args []app.Value) any {
		fn.Release()
		next()
		return nil
	})
	win.Call(sched, fn, 0)
}

// load opens the library entry e. A document that cannot be read marks
// the entry damaged, keeps it as it is, and says so.
func (t *Table) load(ctx app.Context, e LibEntry, then func(app.Context, bool)) {
	t.shelf.db.Doc(e.ID, func(ctx app.Context, doc string, err error) {
		var sess *combat.Session
		if err == nil {
			sess, err = combat.DecodeSave(t.reg, []byte(doc))
		}
		if err != nil {
			e.Damaged = err.Error()
			t.shelf.db.PutEntry(e, func(ctx app.Context, err error) { t.refresh(ctx, func(app.Context) {}) })
			t.notice = warn("notice.entry-unreadable", "name", e.Name, "error", err)
			then(ctx, false)
			return
		}
		t.use(sess)
		t.enter(ctx, e)
		then(ctx, true)
	})
}

// enter makes e the open entry of this tab and tells the other tabs.
func (t *Table) enter(ctx app.Context, e LibEntry) {
	t.shelf.entry = e
	t.shelf.held = false
	app.Window().Get("sessionStorage").Call("setItem", keyEntry, e.ID)
	t.shelf.tabs.post("open", e.ID)
	t.loadMap(ctx)
}

// sessionEntry is the entry this tab had open before a reload.
func sessionEntry() string {
	v := app.Window().Get("sessionStorage").Call("getItem", keyEntry)
	if v.IsNull() || v.IsUndefined() { // getItem gives null for a key never set
		return ""
	}
	return v.String()
}

// adopt opens sess as a new library entry named name, and says so with the
// notice key: whatever was open stays in the library, untouched.
func (t *Table) adopt(ctx app.Context, sess *combat.Session, name, key string) {
	t.enterNew(ctx, sess, name)
	t.autosave(ctx)
	t.notice = inform(key, "name", t.shelf.entry.Name)
}

// enterNew opens sess as a new library entry named name, not written yet.
func (t *Table) enterNew(ctx app.Context, sess *combat.Session, name string) {
	t.use(sess)
	t.enter(ctx, LibEntry{ID: newEntryID(), Name: clip(name, maxEntryName), Ruleset: sess.State().Ruleset, Changed: now(), Commands: sess.Cursor()})
}

// autosave writes the open encounter to its library entry. A tab that
// another has taken the encounter from writes nothing.
func (t *Table) autosave(ctx app.Context) {
	if t.shelf.db == nil || t.shelf.held || t.shelf.entry.ID == "" {
		return
	}
	doc, err := combat.EncodeSave(t.sess)
	if err != nil {
		t.notice = warn("notice.save-error", "error", err)
		return
	}
	e := t.shelf.entry
	e.Ruleset, e.Commands, e.Changed = t.state().Ruleset, t.sess.Cursor(), now()
	t.shelf.entry = e
	t.shelf.unsaved = false
	t.shelf.db.Put(e, string(doc), func(ctx app.Context, err error) {
		if err != nil {
			t.storageFailed(err)
			return
		}
		if !t.shelf.full && !t.shelf.open {
			ctx.PreventUpdate() // nothing on the page shows a save that went well
		}
		if t.shelf.full {
			t.shelf.full = false
			t.notice = inform("notice.saved-again")
		}
		t.shelf.tabs.post("saved", e.ID)
		if t.shelf.open {
			t.refresh(ctx, func(app.Context) {})
		}
	})
}

// storageFailed tells the user a write failed: nothing was deleted, and
// the encounter can be exported.
func (t *Table) storageFailed(err error) {
	if errors.Is(err, ErrStorageFull) {
		t.shelf.full = true
		t.notice = Notice{Key: "notice.storage-full", Error: true, Acts: []string{"export"}}
		return
	}
	t.notice = Notice{Key: "notice.save-failed", Args: []any{"error", err}, Error: true, Acts: []string{"export"}}
}

// askPersistence asks the browser to keep the library when space runs
// low, and notes whether it agreed.
func (t *Table) askPersistence(ctx app.Context) {
	st := app.Window().Get("navigator").Get("storage")
	if !st.Truthy() || !st.Get("persist").Truthy() {
		return
	}
	var then app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		then.Release()
		granted := len(args) > 0 && args[0].Type() == app.TypeBoolean && args[0].Bool()
		ctx.Dispatch(func(ctx app.Context) { t.shelf.durable = granted })
		return nil
	})
	st.Call("persist").Call("then", then)
}

// purgeTrash removes for good the encounters deleted longer ago than
// trashKept.
func (t *Table) purgeTrash(ctx app.Context) {
	for _, e := range t.shelf.list {
		if e.Deleted != 0 && now()-e.Deleted > trashKept.Milliseconds() {
			t.shelf.db.Remove(e.ID, func(ctx app.Context, err error) {})
		}
	}
	t.shelf.list = slices.DeleteFunc(t.shelf.list, func(e LibEntry) bool {
		return e.Deleted != 0 && now()-e.Deleted > trashKept.Milliseconds()
	})
}

// openFragment opens the encounter of a share link in the URL fragment as
// a new library entry. The link leaves the address bar first, so a link
// that cannot be opened is not tried again on reload; the user is told
// why. It reports whether an encounter opened.
func (t *Table) openFragment(ctx app.Context) bool {
	frag := ctx.Page().URL().Fragment
	if !strings.HasPrefix(frag, "v") {
		return false
	}
	t.clearFragment(ctx)
	sess, err := combat.DecodeLink(t.reg, frag)
	if err != nil {
		t.notice = warn("notice.link-damaged", "error", err)
		return false
	}
	t.adopt(ctx, sess, linkName(t.lang, sess.State().Ruleset), "notice.opened.link")
	return true
}

// clearFragment removes a share link from the address bar.
func (t *Table) clearFragment(ctx app.Context) {
	u := *ctx.Page().URL()
	if u.Fragment != "" {
		u.Fragment = ""
		ctx.Page().ReplaceURL(&u)
	}
}

// share puts the encounter's link in the address bar's place: on the
// clipboard when the browser offers one, else in a field to copy by hand.
// The notice says which happened, and where the link opens offline.
func (t *Table) share(ctx app.Context) {
	link, err := combat.EncodeLink(t.sess)
	if err != nil {
		t.notice = warn("notice.link-failed", "error", err)
		return
	}
	u := *ctx.Page().URL()
	u.RawQuery, u.Fragment = "", link
	full := u.String()
	t.shared = full
	offline := "notice.share.offline"
	if !app.Window().Get("isSecureContext").Truthy() || !app.Window().Get("navigator").Get("serviceWorker").Truthy() {
		offline = "notice.share.online-only"
	}
	offText := i18n.T(t.lang, offline) + t.mapNote()
	byHand := Notice{Key: "notice.share.by-hand", Args: []any{"offline", offText}}
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		t.notice = byHand
		return
	}
	var ok, fail app.Func
	release := func() { ok.Release(); fail.Release() }
	ok = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		ctx.Dispatch(func(ctx app.Context) {
			t.notice = Notice{Key: "notice.share.copied", Args: []any{"offline", offText}}
		})
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		ctx.Dispatch(func(ctx app.Context) { t.notice = byHand })
		return nil
	})
	clip.Call("writeText", full).Call("then", ok, fail)
}

// export downloads the open encounter as a save file, with the map image
// under its grid (share links leave that out).
func (t *Table) export(ctx app.Context) {
	sess, name := t.sess, fileName(t.shelf.entry.Name, ".battlemat.json")
	t.withPicture(ctx, func(ctx app.Context, p *combat.Picture, err error) {
		if err != nil {
			t.notice = warn("notice.export-failed", "error", err)
			return
		}
		doc, err := combat.EncodeSaveWith(sess, p)
		if err != nil {
			t.notice = warn("notice.export-failed", "error", err)
			return
		}
		download(string(doc), name)
	})
}

// downloadKeep is how long a download's object URL outlives the click
// that starts it: the browser reads the blob after the click has returned,
// and a busy one later still, so a URL revoked at once can leave no file.
const downloadKeep = time.Minute

// download hands text to the browser as a file called name.
func download(text, name string) {
	blob := app.Window().Get("Blob").New([]any{text}, map[string]any{"type": "application/octet-stream"})
	urls := app.Window().Get("URL")
	url := urls.Call("createObjectURL", blob)
	a := app.Window().Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Call("click")
	revoke := urls.Get("revokeObjectURL").Call("bind", urls, url)
	app.Window().Call("setTimeout", revoke, downloadKeep.Milliseconds())
}

// clip shortens s to at most n bytes, cutting between characters.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// fileName makes a file name of an entry's name: its letters and digits,
// runs of anything else as one dash, "encounter" when nothing is left.
func fileName(name, ext string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if b.Len() >= 60 {
			break
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteRune(r)
		dash = false
	}
	if b.Len() == 0 {
		return "encounter" + ext
	}
	return b.String() + ext
}

// importFile reads a chosen save file and opens it as a new entry.
func (t *Table) importFile(ctx app.Context, e app.Event) {
	files := e.Get("target").Get("files")
	if files.Length() == 0 {
		return
	}
	f := files.Index(0)
	if size := f.Get("size").Int(); size > combat.SaveLimits.FileBytes() {
		t.notice = Notice{Key: "notice.file-too-large", Count: size, Error: true}
		return
	}
	name := strings.TrimSuffix(strings.TrimSuffix(f.Get("name").String(), ".json"), ".battlemat")
	var then app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		text := args[0].String()
		ctx.Dispatch(func(ctx app.Context) {
			sess, pic, err := combat.DecodeSaveWith(t.reg, []byte(text))
			if err != nil {
				t.notice = warn("notice.file-unreadable", "error", err)
				return
			}
			t.adopt(ctx, sess, name, "notice.opened.file")
			if pic != nil {
				t.openPicture(ctx, pic)
			}
		})
		then.Release()
		return nil
	})
	f.Call("text").Call("then", then)
	e.Get("target").Set("value", "")
}

// parseFaces reads physical dice typed at the table: faces separated by
// spaces or commas. bad is the first entry that is no die face.
func parseFaces(s string) (faces []int, bad string) {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > 1000 {
			return nil, f
		}
		faces = append(faces, n)
	}
	return faces, ""
}
