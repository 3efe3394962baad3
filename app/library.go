package app

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Library is the encounter library: every encounter the user opened or made
// in this browser, each its own entry in the browser's IndexedDB, saved
// after every command. Nothing in it is ever replaced: opening a sample, a
// share link, a file or a blank board adds an entry.
//
// The database "battlemat" holds three object stores:
//
//   - "meta": one record per encounter, keyed by its ID: what the list
//     shows (LibEntry).
//   - "docs": the save document of each encounter, under its ID, a string
//     kept byte for byte. For a damaged entry it is whatever could not be
//     read; the app never writes over it.
//   - "blobs": anything else an encounter carries, under the key
//     "<entry ID>/<name>" (PutBlob, Blob): a map image as a Blob, or any
//     value IndexedDB can store. Duplicate copies an entry's blobs;
//     deleting an entry for good removes them with it.
//
// Every method starts its transaction at once, on the calling goroutine,
// so writes land in the order they were asked for; done runs afterwards on
// the UI goroutine, with the outcome and the context of the component that
// opened the library (the table): the context of a button may be gone by
// then, and go-app drops what is dispatched to an element no longer
// mounted. A full
// storage fails with ErrStorageFull and changes nothing.
//
// The table holds the library in t.shelf.db, as a shelfStore (nil when the
// browser has no database) and the open encounter's entry in t.shelf.entry; the entry ID
// changes whenever another encounter opens (enter). To keep a map image
// with the open encounter:
//
//	t.shelf.db.PutBlob(t.shelf.entry.ID, "map", blob, func(ctx app.Context, err error) { … })
//
// and read it back with t.shelf.db.Blob(t.shelf.entry.ID, "map", …);
// err is ErrStorageFull when there is no room, and the caller tells the
// user (t.storageFailed does).
type Library struct {
	db  app.Value
	ctx app.Context // the table's: it stays mounted while the buttons that ask come and go
}

// shelfStore is what the table asks of the encounter library; Library, over
// the browser's IndexedDB, is the one the app uses. Each method calls done
// once, with the context of the component that opened the store.
type shelfStore interface {
	List(done func(app.Context, []LibEntry, error))
	Put(e LibEntry, doc string, done func(app.Context, error))
	PutEntry(e LibEntry, done func(app.Context, error))
	Doc(id string, done func(app.Context, string, error))
	Remove(id string, done func(app.Context, error))
	Copy(from string, e LibEntry, doc string, done func(app.Context, error))
	PutBlob(id, name string, v app.Value, done func(app.Context, error))
	Blob(id, name string, done func(ctx app.Context, v app.Value, err error))
}

// LibEntry is what the library lists about one encounter.
type LibEntry struct {
	ID       string
	Name     string
	Ruleset  string
	Changed  int64  // when it last changed, in milliseconds since 1970
	Commands int    // commands in effect (the session's cursor)
	Damaged  string // why its document cannot be read; "" when it can
	Deleted  int64  // when the user deleted it (ms since 1970); 0 if not
}

// maxEntryName bounds an entry's name, in bytes.
const maxEntryName = 200

// ErrStorageFull reports that the browser refused a write for lack of
// room. Nothing was changed.
var ErrStorageFull = errors.New("the browser's storage for this site is full")

// errNoLibrary reports a browser without IndexedDB (or with it blocked).
var errNoLibrary = errors.New("this browser offers no database to this page")

// Object store names.
const (
	storeMeta  = "meta"
	storeDocs  = "docs"
	storeBlobs = "blobs"
)

// openLibrary opens (creating on first use) the library database.
func openLibrary(ctx app.Context, done func(app.Context, *Library, error)) {
	idb := app.Window().Get("indexedDB")
	if !idb.Truthy() {
		done(ctx, nil, errNoLibrary)
		return
	}
	var req app.Value
	if err := catchJS(func() { req = idb.Call("open", "battlemat", 1) }); err != nil {
		done(ctx, nil, err)
		return
	}
	var upgrade, ok, fail app.Func
	release := func() { upgrade.Release(); ok.Release(); fail.Release() }
	upgrade = app.FuncOf(func(this app.Value, args []app.Value) any {
		db := req.Get("result")
		for _, s := range []string{storeMeta, storeDocs, storeBlobs} {
			if !db.Get("objectStoreNames").Call("contains", s).Bool() {
				db.Call("createObjectStore", s)
			}
		}
		return nil
	})
	ok = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		lib := &Library{db: req.Get("result"), ctx: ctx}
		ctx.Dispatch(func(ctx app.Context) { done(ctx, lib, nil) })
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		err := domError(req.Get("error"))
		ctx.Dispatch(func(ctx app.Context) { done(ctx, nil, err) })
		return nil
	})
	req.Set("onupgradeneeded", upgrade)
	req.Set("onsuccess", ok)
	req.Set("onerror", fail)
}

// run starts a transaction over stores, lets issue make its requests, and
// calls done once the transaction has committed or failed.
func (l *Library) run(mode string, stores []string, issue func(tx app.Value), done func(app.Context, error)) {
	var tx app.Value
	if err := catchJS(func() {
		names := make([]any, len(stores))
		for i, s := range stores {
			names[i] = s
		}
		tx = l.db.Call("transaction", names, mode)
	}); err != nil {
		done(l.ctx, err)
		return
	}
	var ok, fail app.Func
	release := func() { ok.Release(); fail.Release() }
	ok = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		l.ctx.Dispatch(func(ctx app.Context) { done(ctx, nil) })
		return nil
	})
	// A failed request aborts the transaction, so abort covers both.
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		err := domError(tx.Get("error"))
		l.ctx.Dispatch(func(ctx app.Context) { done(ctx, err) })
		return nil
	})
	tx.Set("oncomplete", ok)
	tx.Set("onabort", fail)
	if err := catchJS(func() { issue(tx) }); err != nil {
		catchJS(func() { tx.Call("abort") })
	}
}

// List returns every entry, deleted ones included.
func (l *Library) List(done func(app.Context, []LibEntry, error)) {
	var req app.Value
	l.run("readonly", []string{storeMeta}, func(tx app.Value) {
		req = tx.Call("objectStore", storeMeta).Call("getAll")
	}, func(ctx app.Context, err error) {
		if err != nil {
			done(ctx, nil, err)
			return
		}
		res := req.Get("result")
		out := make([]LibEntry, 0, res.Length())
		for i := 0; i < res.Length(); i++ {
			out = append(out, entryFromJS(res.Index(i)))
		}
		done(ctx, out, nil)
	})
}

// Put writes an entry and its document together.
func (l *Library) Put(e LibEntry, doc string, done func(app.Context, error)) {
	l.run("readwrite", []string{storeMeta, storeDocs}, func(tx app.Value) {
		tx.Call("objectStore", storeMeta).Call("put", e.js(), e.ID)
		tx.Call("objectStore", storeDocs).Call("put", doc, e.ID)
	}, done)
}

// PutEntry writes what the list shows about an entry (a new name, a
// deletion, a damage found), leaving its document as it is.
func (l *Library) PutEntry(e LibEntry, done func(app.Context, error)) {
	l.run("readwrite", []string{storeMeta}, func(tx app.Value) {
		tx.Call("objectStore", storeMeta).Call("put", e.js(), e.ID)
	}, done)
}

// Doc returns an entry's document exactly as stored.
func (l *Library) Doc(id string, done func(app.Context, string, error)) {
	var req app.Value
	l.run("readonly", []string{storeDocs}, func(tx app.Value) {
		req = tx.Call("objectStore", storeDocs).Call("get", id)
	}, func(ctx app.Context, err error) {
		if err == nil && req.Get("result").Type() != app.TypeString {
			err = fmt.Errorf("no document for encounter %s", id)
		}
		if err != nil {
			done(ctx, "", err)
			return
		}
		done(ctx, req.Get("result").String(), nil)
	})
}

// Remove deletes an entry for good: its record, document and blobs.
func (l *Library) Remove(id string, done func(app.Context, error)) {
	l.run("readwrite", []string{storeMeta, storeDocs, storeBlobs}, func(tx app.Value) {
		tx.Call("objectStore", storeMeta).Call("delete", id)
		tx.Call("objectStore", storeDocs).Call("delete", id)
		tx.Call("objectStore", storeBlobs).Call("delete", blobRange(id))
	}, done)
}

// Copy writes a new entry with doc and a copy of every blob of the entry
// from, in one transaction.
func (l *Library) Copy(from string, e LibEntry, doc string, done func(app.Context, error)) {
	l.run("readwrite", []string{storeMeta, storeDocs, storeBlobs}, func(tx app.Value) {
		tx.Call("objectStore", storeMeta).Call("put", e.js(), e.ID)
		tx.Call("objectStore", storeDocs).Call("put", doc, e.ID)
		blobs := tx.Call("objectStore", storeBlobs)
		cur := blobs.Call("openCursor", blobRange(from))
		var step app.Func
		step = app.FuncOf(func(this app.Value, args []app.Value) any {
			c := cur.Get("result")
			if !c.Truthy() {
				step.Release()
				return nil
			}
			name := c.Get("key").String()[len(from)+1:]
			blobs.Call("put", c.Get("value"), e.ID+"/"+name)
			c.Call("continue")
			return nil
		})
		cur.Set("onsuccess", step)
	}, done)
}

// PutBlob stores v under name with the encounter id (see Library).
func (l *Library) PutBlob(id, name string, v app.Value, done func(app.Context, error)) {
	l.run("readwrite", []string{storeBlobs}, func(tx app.Value) {
		tx.Call("objectStore", storeBlobs).Call("put", v, id+"/"+name)
	}, done)
}

// Blob reads what PutBlob stored; v is undefined when there is none.
func (l *Library) Blob(id, name string, done func(ctx app.Context, v app.Value, err error)) {
	var req app.Value
	l.run("readonly", []string{storeBlobs}, func(tx app.Value) {
		req = tx.Call("objectStore", storeBlobs).Call("get", id+"/"+name)
	}, func(ctx app.Context, err error) {
		if err != nil {
			done(ctx, app.Undefined(), err)
			return
		}
		done(ctx, req.Get("result"), nil)
	})
}

// blobRange is the key range of every blob of the encounter id.
func blobRange(id string) app.Value {
	return app.Window().Get("IDBKeyRange").Call("bound", id+"/", id+"/\uffff")
}

// js is the entry as the object stored in "meta".
func (e LibEntry) js() app.Value {
	return app.ValueOf(map[string]any{
		"id": e.ID, "name": e.Name, "ruleset": e.Ruleset, "changed": float64(e.Changed),
		"commands": e.Commands, "damaged": e.Damaged, "deleted": float64(e.Deleted),
	})
}

// entryFromJS reads a "meta" record, tolerating missing fields.
func entryFromJS(v app.Value) LibEntry {
	str := func(k string) string {
		if f := v.Get(k); f.Type() == app.TypeString {
			return f.String()
		}
		return ""
	}
	num := func(k string) float64 {
		if f := v.Get(k); f.Type() == app.TypeNumber {
			return f.Float()
		}
		return 0
	}
	return LibEntry{ID: str("id"), Name: str("name"), Ruleset: str("ruleset"), Changed: int64(num("changed")),
		Commands: int(num("commands")), Damaged: str("damaged"), Deleted: int64(num("deleted"))}
}

// newEntryID returns a fresh entry ID: the time, then randomness against
// two tabs creating one in the same millisecond.
func newEntryID() string {
	return fmt.Sprintf("%011x-%08x", time.Now().UnixMilli(), rand.Uint32())
}

// now is the time in milliseconds since 1970, as entries record it.
func now() int64 { return time.Now().UnixMilli() }

// domError turns a DOMException into an error; a quota error becomes
// ErrStorageFull.
func domError(v app.Value) error {
	if !v.Truthy() {
		return errors.New("the browser's database refused the operation")
	}
	if v.Get("name").String() == "QuotaExceededError" {
		return ErrStorageFull
	}
	return fmt.Errorf("%s: %s", v.Get("name").String(), v.Get("message").String())
}

// catchJS runs f, turning a JavaScript exception (a panic in syscall/js)
// into an error.
func catchJS(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				err = e
				if strings.Contains(e.Error(), "QuotaExceededError") {
					err = ErrStorageFull
				}
				return
			}
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}
