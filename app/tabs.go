package app

import (
	"fmt"
	"math/rand/v2"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
)

// tabs keeps the tabs of one browser from writing over each other's
// encounter. Each tab says on a BroadcastChannel which library entry it
// opens; a tab that has that entry open stops saving it and asks its user
// to take it over or to continue in a copy.
type tabs struct {
	ch app.Value // the channel; undefined where the browser has none
	id string    // this tab
}

// start opens the channel and listens to the other tabs.
func (tb *tabs) start(ctx app.Context, t *Table) {
	bc := app.Window().Get("BroadcastChannel")
	if !bc.Truthy() {
		return
	}
	tb.id = fmt.Sprintf("%08x", rand.Uint32())
	tb.ch = bc.New("battlemat")
	tb.ch.Set("onmessage", app.FuncOf(func(this app.Value, args []app.Value) any {
		msg := args[0].Get("data")
		if msg.Type() != app.TypeObject || msg.Get("tab").String() == tb.id {
			return nil
		}
		kind, id := msg.Get("kind").String(), msg.Get("entry").String()
		ctx.Dispatch(func(ctx app.Context) { t.heard(ctx, kind, id) })
		return nil
	}))
}

// post tells the other tabs that this one opened ("open") or saved
// ("saved") the entry id.
func (tb *tabs) post(kind, id string) {
	if tb.ch == nil || !tb.ch.Truthy() {
		return
	}
	tb.ch.Call("postMessage", map[string]any{"tab": tb.id, "kind": kind, "entry": id})
}

// heard acts on another tab's message: the encounter open here was opened
// there, so this tab holds off; or the library changed, so the list is
// read again.
func (t *Table) heard(ctx app.Context, kind, id string) {
	if kind == "open" && id != "" && id == t.shelf.entry.ID && !t.shelf.held {
		t.shelf.held = true
	}
	if t.shelf.open {
		t.refresh(ctx, func(app.Context) {})
	}
}

// takeOver reopens the encounter from the library as the other tab last
// saved it, and makes this tab the one that saves it.
func (t *Table) takeOver(ctx app.Context) {
	e := t.shelf.entry
	for _, l := range t.shelf.list {
		if l.ID == e.ID {
			e = l
		}
	}
	t.load(ctx, e, func(ctx app.Context, ok bool) {})
}

// continueInCopy keeps what this tab shows as a new library entry (with
// the blobs of the one it came from), leaving the other tab's encounter
// alone.
func (t *Table) continueInCopy(ctx app.Context) {
	doc, err := combat.EncodeSave(t.sess)
	if err != nil {
		t.notice = warn("notice.save-error", "error", err)
		return
	}
	from := t.shelf.entry
	e := LibEntry{ID: newEntryID(), Name: copyName(t.lang, from.Name), Ruleset: t.state().Ruleset, Changed: now(), Commands: t.sess.Cursor()}
	t.shelf.db.Copy(from.ID, e, string(doc), func(ctx app.Context, err error) {
		if err != nil {
			t.storageFailed(err)
			return
		}
		t.enter(ctx, e)
		t.notice = inform("notice.opened.copy", "name", e.Name)
		t.refresh(ctx, func(app.Context) {})
	})
}
