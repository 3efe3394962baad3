package app

import (
	"slices"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// renderLibrary is the library panel: every encounter with its name
// (editable), ruleset and last change, and open, duplicate, export and
// delete; damaged ones with export only; recently deleted ones with
// restore.
func (t *Table) renderLibrary() app.UI {
	l := t.lang
	var live, damaged, trash []app.UI
	for _, e := range t.shelf.list {
		switch {
		case e.Deleted != 0:
			trash = append(trash, t.renderTrashed(e))
		case e.Damaged != "":
			damaged = append(damaged, t.renderDamaged(e))
		default:
			live = append(live, t.renderEntry(e))
		}
	}
	storage := "library.storage.best-effort"
	if t.shelf.durable {
		storage = "library.storage.persistent"
	}
	return app.Section().ID("library").Class("panel library").Attr("aria-label", i18n.T(l, "library.title")).Body(
		app.H2().Text(i18n.T(l, "library.title")),
		app.If(t.shelf.db == nil, func() app.UI { return app.P().Class("hint").Text(i18n.T(l, "library.none")) }),
		app.If(t.shelf.db != nil, func() app.UI { return app.P().Class("hint").Text(i18n.T(l, storage)) }),
		app.Ul().ID("entries").Class("entries").Body(live...),
		app.If(len(damaged) > 0, func() app.UI {
			return app.Div().Body(
				app.H3().Text(i18n.T(l, "library.damaged")),
				app.P().Class("hint").Text(i18n.T(l, "library.damaged.hint")),
				app.Ul().ID("damaged").Class("entries").Body(damaged...),
			)
		}),
		app.If(len(trash) > 0, func() app.UI {
			return app.Div().Body(
				app.H3().Text(i18n.T(l, "library.trash")),
				app.Ul().ID("trash").Class("entries").Body(trash...),
			)
		}),
		app.Button().ID("library-close").Text(i18n.T(l, "edit.close")).OnClick(func(ctx app.Context, e app.Event) { t.shelf.open = false }),
	)
}

// renderEntry is one readable encounter of the library.
func (t *Table) renderEntry(e LibEntry) app.UI {
	l := t.lang
	open := e.ID == t.shelf.entry.ID
	row := app.Li().Class("entry").Attr("data-entry", e.ID).Attr("data-open", open)
	if t.shelf.confirm == e.ID {
		return row.Body(
			app.Span().Body(say(l, "library.delete.ask", "name", e.Name)...),
			app.Button().Class("danger").ID("delete-yes").Attr("data-entry", e.ID).Text(i18n.T(l, "library.delete.yes")).OnClick(t.onDelete),
			app.Button().ID("delete-no").Text(i18n.T(l, "library.delete.no")).OnClick(func(ctx app.Context, _ app.Event) { t.shelf.confirm = "" }),
		)
	}
	return row.Body(
		app.Input().Class("name").Value(e.Name).Attr("data-entry", e.ID).Attr("aria-label", i18n.T(l, "library.rename")).OnChange(t.onRename),
		app.Span().Class("meta").Body(say(l, "library.meta", "ruleset", e.Ruleset,
			"commands", i18n.N(l, "count.commands", int64(e.Commands)), "when", when(l, e.Changed))...),
		app.If(open, func() app.UI { return app.Span().Class("pill").Text(i18n.T(l, "library.open-here")) }),
		app.If(!open, func() app.UI {
			return app.Button().Class("open").Attr("data-entry", e.ID).Text(i18n.T(l, "library.open")).OnClick(t.onOpenEntry)
		}),
		app.Button().Class("duplicate").Attr("data-entry", e.ID).Text(i18n.T(l, "edit.duplicate")).OnClick(t.onDuplicate),
		app.Button().Class("export").Attr("data-entry", e.ID).Text(i18n.T(l, "bar.export")).OnClick(t.onExportEntry),
		app.If(!open, func() app.UI {
			return app.Button().Class("delete").Attr("data-entry", e.ID).Text(i18n.T(l, "library.delete")).OnClick(func(ctx app.Context, _ app.Event) {
				t.shelf.confirm = data(ctx, "entry")
			})
		}),
	)
}

// renderDamaged is an entry whose document cannot be read: kept as it is,
// to export as a file.
func (t *Table) renderDamaged(e LibEntry) app.UI {
	l := t.lang
	return app.Li().Class("entry damaged").Attr("data-entry", e.ID).Body(
		app.Span().Class("name").Body(app.Bdi().Text(e.Name)),
		app.Span().Class("meta").Body(say(l, "library.damaged.meta", "error", e.Damaged, "when", when(l, e.Changed))...),
		app.Button().Class("export").Attr("data-entry", e.ID).Text(i18n.T(l, "library.export-file")).OnClick(t.onExportEntry),
	)
}

// renderTrashed is a deleted entry that can still be brought back.
func (t *Table) renderTrashed(e LibEntry) app.UI {
	l := t.lang
	return app.Li().Class("entry trashed").Attr("data-entry", e.ID).Body(
		app.Span().Class("name").Body(app.Bdi().Text(e.Name)),
		app.Button().Class("restore").Attr("data-entry", e.ID).Text(i18n.T(l, "library.restore")).OnClick(func(ctx app.Context, _ app.Event) {
			t.undelete(data(ctx, "entry"))
		}),
	)
}

// when writes a time of the library in the user's time zone and the
// language's way, through the browser: Go in the browser knows no time
// zone but UTC.
func when(l i18n.Lang, ms int64) string {
	date := app.Window().Get("Date")
	if !date.Truthy() {
		return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04 UTC")
	}
	return date.New(float64(ms)).Call("toLocaleString", l.String(), map[string]any{"dateStyle": "medium", "timeStyle": "short"}).String()
}

// entryByID finds an entry of the list.
func (t *Table) entryByID(id string) (LibEntry, bool) {
	i := t.entryIndex(id)
	if i < 0 {
		return LibEntry{}, false
	}
	return t.shelf.list[i], true
}

// entryIndex is the place of entry id in the library's list, or -1.
func (t *Table) entryIndex(id string) int {
	return slices.IndexFunc(t.shelf.list, func(e LibEntry) bool { return e.ID == id })
}

// toggleLibrary shows or hides the library, reading it afresh.
func (t *Table) toggleLibrary(ctx app.Context, _ app.Event) {
	t.shelf.open = !t.shelf.open
	if t.shelf.open {
		t.refresh(ctx, func(app.Context) {})
	}
}

// onOpenEntry opens the encounter of the button clicked (openEntry).
func (t *Table) onOpenEntry(ctx app.Context, _ app.Event) { t.openEntry(ctx, data(ctx, "entry")) }

// openEntry opens entry id of the library; the one open before stays there
// as last saved.
func (t *Table) openEntry(ctx app.Context, id string) {
	if e, ok := t.entryByID(id); ok && t.shelf.db != nil {
		t.load(ctx, e, func(ctx app.Context, ok bool) {
			if ok {
				t.notice = inform("notice.opened.entry", "name", e.Name)
			}
		})
	}
}

// onRename renames an entry to what its name field holds (rename).
func (t *Table) onRename(ctx app.Context, _ app.Event) {
	t.rename(data(ctx, "entry"), ctx.JSSrc().Get("value").String())
}

// rename names entry id name; an empty or too long name changes nothing.
func (t *Table) rename(id, name string) {
	e, ok := t.entryByID(id)
	if !ok || name == "" || len(name) > maxEntryName || t.shelf.db == nil {
		return
	}
	e.Name = name
	if e.ID == t.shelf.entry.ID {
		t.shelf.entry.Name = name
	}
	// The list takes the name at once: a duplicate or export asked for
	// before the write ends (a click that also ends the typing) uses it.
	if i := t.entryIndex(e.ID); i >= 0 {
		t.shelf.list[i].Name = name
	}
	t.shelf.db.PutEntry(e, t.afterWrite)
}

// onDuplicate copies the entry of the button clicked (duplicateEntry).
func (t *Table) onDuplicate(ctx app.Context, _ app.Event) { t.duplicateEntry(data(ctx, "entry")) }

// duplicateEntry adds a copy of entry id to the library, as last saved, with
// its blobs.
func (t *Table) duplicateEntry(id string) {
	e, ok := t.entryByID(id)
	if !ok || t.shelf.db == nil {
		return
	}
	t.shelf.db.Doc(e.ID, func(ctx app.Context, doc string, err error) {
		if err != nil {
			t.storageFailed(err)
			return
		}
		c := e
		c.ID, c.Name, c.Changed = newEntryID(), copyName(t.lang, e.Name), now()
		t.shelf.db.Copy(e.ID, c, doc, t.afterWrite)
	})
}

// onExportEntry exports the entry of the button clicked (exportEntry).
func (t *Table) onExportEntry(ctx app.Context, _ app.Event) { t.exportEntry(ctx, data(ctx, "entry")) }

// exportEntry downloads entry id's document: a damaged one byte for byte,
// to be mended by hand or reported; a sound one with its map image.
func (t *Table) exportEntry(ctx app.Context, id string) {
	e, ok := t.entryByID(id)
	if !ok || t.shelf.db == nil {
		return
	}
	if e.ID == t.shelf.entry.ID {
		t.export(ctx)
		return
	}
	t.shelf.db.Doc(e.ID, func(ctx app.Context, doc string, err error) {
		if err != nil {
			t.notice = warn("notice.export-failed", "error", err)
			return
		}
		if e.Damaged != "" {
			download(doc, fileName(e.Name, ".damaged.txt"))
			return
		}
		// With the map image kept for it, as the open encounter's Export does.
		t.storedPicture(ctx, e.ID, func(ctx app.Context, p *combat.Picture, err error) {
			if err != nil {
				t.notice = warn("notice.export-failed", "error", err)
				return
			}
			if p != nil {
				if sess, derr := combat.DecodeSave(t.reg, []byte(doc)); derr == nil {
					b, err := combat.EncodeSaveWith(sess, p)
					if err != nil {
						t.notice = warn("notice.export-failed", "error", err)
						return
					}
					doc = string(b)
				}
			}
			download(doc, fileName(e.Name, ".battlemat.json"))
		})
	})
}

// onDelete deletes the entry of the button clicked (deleteEntry).
func (t *Table) onDelete(ctx app.Context, _ app.Event) { t.deleteEntry(data(ctx, "entry")) }

// deleteEntry moves entry id to the recently deleted, from where it can be
// brought back for trashKept. The open encounter cannot be deleted.
func (t *Table) deleteEntry(id string) {
	e, ok := t.entryByID(id)
	t.shelf.confirm = ""
	if !ok || t.shelf.db == nil || e.ID == t.shelf.entry.ID {
		return
	}
	e.Deleted = now()
	t.shelf.db.PutEntry(e, func(ctx app.Context, err error) {
		t.afterWrite(ctx, err)
		if err == nil {
			t.notice = Notice{Key: "notice.deleted", Args: []any{"name", e.Name}, Acts: []string{"undelete:" + e.ID}}
		}
	})
}

// undelete brings a deleted entry back.
func (t *Table) undelete(id string) {
	e, ok := t.entryByID(id)
	if !ok || t.shelf.db == nil {
		return
	}
	e.Deleted = 0
	t.shelf.db.PutEntry(e, func(ctx app.Context, err error) {
		t.afterWrite(ctx, err)
		if err == nil {
			t.notice = inform("notice.undeleted", "name", e.Name)
		}
	})
}

// afterWrite reports a failed library write and reads the list again.
func (t *Table) afterWrite(ctx app.Context, err error) {
	if err != nil {
		t.storageFailed(err)
	}
	t.refresh(ctx, func(app.Context) {})
	t.shelf.tabs.post("saved", "")
}

// copyName names a copy of an encounter.
func copyName(l i18n.Lang, name string) string {
	n := i18n.T(l, "library.name.copy", "name", name)
	if len(n) > maxEntryName {
		return name
	}
	return n
}

// renderHeld tells a tab that another one opened its encounter, and offers
// to take it over or to continue in a copy.
func (t *Table) renderHeld() app.UI {
	l := t.lang
	return app.Div().ID("held").Class("offer").Attr("role", "alertdialog").Body(
		app.P().Body(say(l, "held.text", "name", t.shelf.entry.Name)...),
		app.Button().ID("held-take").Text(i18n.T(l, "held.take")).OnClick(func(ctx app.Context, _ app.Event) { t.takeOver(ctx) }),
		app.Button().ID("held-copy").Text(i18n.T(l, "held.copy")).OnClick(func(ctx app.Context, _ app.Event) { t.continueInCopy(ctx) }),
	)
}

// renderSamples is the sample menu: choosing one only selects it; the
// button beside it opens it as a new encounter, so a keyboard walking the
// menu never opens anything.
func (t *Table) renderSamples() app.UI {
	l := t.lang
	samples := rulesets.Samples()
	opts := make([]app.UI, 0, len(samples)+1)
	opts = append(opts, app.Option().Value("").Text(i18n.T(l, "bar.samples")).Selected(t.sampleI == ""))
	for _, s := range samples {
		opts = append(opts, app.Option().Value(s.ID).Text(i18n.Isolate(sampleTitle(l, s))).Selected(s.ID == t.sampleI))
	}
	return app.Span().Class("samples").Body(
		app.Select().ID("samples").Attr("aria-label", i18n.T(l, "bar.samples.label")).Body(opts...).
			OnChange(func(ctx app.Context, e app.Event) { t.sampleI = ctx.JSSrc().Get("value").String() }),
		app.Button().ID("sample-open").Text(i18n.T(l, "bar.samples.open")).Disabled(t.sampleI == "").
			OnClick(func(ctx app.Context, e app.Event) {
				if t.sampleI != "" {
					t.openSample(ctx, t.sampleI)
					t.sampleI = ""
					app.Window().GetElementByID("samples").Set("value", "")
				}
			}),
	)
}

// noticeActs are the buttons a notice can offer, by kind, with their
// labels.
var noticeActs = map[string]string{
	"export":   "notice.act.export",   // export the open encounter
	"undelete": "notice.act.undelete", // "undelete:<entry ID>": bring a deleted entry back
}

// renderAct is a button offered with a notice (see noticeActs).
func (t *Table) renderAct(act string) app.UI {
	kind, _, _ := strings.Cut(act, ":")
	return app.Button().ID("notice-"+kind).Attr("data-act", act).Text(i18n.T(t.lang, noticeActs[kind])).OnClick(t.onAct)
}

// onAct runs the notice button clicked.
func (t *Table) onAct(ctx app.Context, _ app.Event) {
	switch kind, arg, _ := strings.Cut(data(ctx, "act"), ":"); kind {
	case "export":
		t.export(ctx)
	case "undelete":
		t.undelete(arg)
	}
}

// renderUndoReach says how far undo reaches once the oldest commands of a
// long encounter have been folded into its start: they stay in effect but
// can no longer be undone.
func (t *Table) renderUndoReach() app.UI {
	folded := t.sess.Folded()
	return app.If(folded > 0, func() app.UI {
		l := t.lang
		return app.Span().ID("undo-reach").Class("pill").Body(say(l, "bar.undo.reach",
			"commands", i18n.N(l, "count.commands", int64(t.sess.Cursor())),
			"folded", i18n.N(l, "count.commands", int64(folded)))...)
	})
}
