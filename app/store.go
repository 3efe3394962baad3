package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
)

// Browser storage keys, prefixed so go-app's own keys never collide.
const (
	keySave    = "battlemat/save"    // the open encounter, after every command
	keyDamaged = "battlemat/damaged" // a save that could not be read, kept aside
)

// autosave writes the open encounter to browser storage.
func (t *Table) autosave(ctx app.Context) {
	doc, err := combat.EncodeSave(t.sess)
	if err != nil {
		t.notice = warn("notice.save-error", "error", err)
		return
	}
	if err := ctx.LocalStorage().Set(keySave, string(doc)); err != nil {
		t.notice = warn("notice.save-failed")
	}
}

// restore reopens the autosaved encounter. A save that cannot be read is
// kept aside under keyDamaged, never thrown away, and the user is told.
func (t *Table) restore(ctx app.Context) {
	var doc string
	if err := ctx.LocalStorage().Get(keySave, &doc); err != nil || doc == "" {
		return
	}
	sess, err := combat.DecodeSave(t.reg, []byte(doc))
	if err != nil {
		ctx.LocalStorage().Set(keyDamaged, doc)
		ctx.LocalStorage().Del(keySave)
		t.notice = warn("notice.saved-unreadable", "error", err)
		return
	}
	t.use(sess)
	t.kept = true
}

// openFragment offers the encounter of a share link in the URL fragment.
// A damaged link is reported and changes nothing.
func (t *Table) openFragment(ctx app.Context) {
	frag := ctx.Page().URL().Fragment
	if !strings.HasPrefix(frag, "v") {
		return
	}
	sess, err := combat.DecodeLink(t.reg, frag)
	if err != nil {
		t.notice = warn("notice.link-damaged", "error", err)
		t.clearFragment(ctx)
		return
	}
	t.propose(ctx, sess, "link")
}

// propose swaps in an encounter from a link or file, asking first when it
// would replace one with history.
func (t *Table) propose(ctx app.Context, sess *combat.Session, source string) {
	if t.sess == nil || !t.kept && len(t.sess.Log()) == 0 {
		t.accept(ctx, sess, source)
		return
	}
	t.offer = &offered{sess: sess, source: source}
}

// accept replaces the open encounter.
func (t *Table) accept(ctx app.Context, sess *combat.Session, source string) {
	t.use(sess)
	t.kept = true
	t.offer = nil
	t.autosave(ctx)
	t.clearFragment(ctx)
	t.notice = inform(offerKeys[source].done)
}

// clearFragment removes a consumed share link from the address bar.
func (t *Table) clearFragment(ctx app.Context) {
	u := *ctx.Page().URL()
	if u.Fragment != "" {
		u.Fragment = ""
		ctx.Page().ReplaceURL(&u)
	}
}

// share puts the encounter's link in the address bar and on the clipboard.
func (t *Table) share(ctx app.Context) {
	link, err := combat.EncodeLink(t.sess)
	if err != nil {
		t.notice = warn("notice.link-failed", "error", err)
		return
	}
	u := *ctx.Page().URL()
	u.RawQuery, u.Fragment = "", link
	full := u.String()
	if nav := app.Window().Get("navigator"); nav.Get("clipboard").Truthy() {
		nav.Get("clipboard").Call("writeText", full)
	}
	t.notice = Notice{Key: "notice.share-copied", Count: len(full)}
	t.shared = full
}

// export downloads the encounter as a save file.
func (t *Table) export() {
	doc, err := combat.EncodeSave(t.sess)
	if err != nil {
		t.notice = warn("notice.export-failed", "error", err)
		return
	}
	blob := app.Window().Get("Blob").New([]any{string(doc)}, map[string]any{"type": "application/json"})
	url := app.Window().Get("URL").Call("createObjectURL", blob)
	a := app.Window().Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", "encounter.battlemat.json")
	a.Call("click")
	app.Window().Get("URL").Call("revokeObjectURL", url)
}

// importFile reads a chosen save file and offers it.
func (t *Table) importFile(ctx app.Context, e app.Event) {
	files := e.Get("target").Get("files")
	if files.Length() == 0 {
		return
	}
	f := files.Index(0)
	if size := f.Get("size").Int(); size > combat.SaveLimits.Bytes {
		t.notice = Notice{Key: "notice.file-too-large", Count: size, Error: true}
		return
	}
	var then app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		text := args[0].String()
		ctx.Dispatch(func(ctx app.Context) {
			sess, err := combat.DecodeSave(t.reg, []byte(text))
			if err != nil {
				t.notice = warn("notice.file-unreadable", "error", err)
				return
			}
			t.propose(ctx, sess, "file")
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
