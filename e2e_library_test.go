//go:build e2e

package main

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"battlemat/app"
	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// The encounter library keeps every encounter in the browser's IndexedDB
// (issue 11, items 4 to 6 and 8). These tests use the real database of a
// real Chromium profile.

// allowDownloads sends the browser's downloads to a fresh folder.
func allowDownloads(t *testing.T, ctx context.Context) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// exportDamaged exports the i-th damaged entry of the open library panel
// and returns the file's bytes.
func exportDamaged(t *testing.T, ctx context.Context, i int) string {
	t.Helper()
	dir := allowDownloads(t, ctx)
	click(t, ctx, `#damaged li:nth-child(`+itoa(i+1)+`) button.export`)
	b, err := os.ReadFile(waitDownload(t, dir, "*.damaged.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// exportAllDamaged exports every damaged entry, sorted.
func exportAllDamaged(t *testing.T, ctx context.Context) []string {
	t.Helper()
	n := eval[int](t, ctx, `document.querySelectorAll('#damaged li').length`)
	var out []string
	for i := range n {
		out = append(out, exportDamaged(t, ctx, i))
	}
	slices.Sort(out)
	return out
}

// sorted returns its arguments in order.
func sorted(s ...string) []string {
	slices.Sort(s)
	return s
}

// openLibrary shows the library panel and waits for n entries of kind
// ("entries", "damaged" or "trash").
func openLibrary(t *testing.T, ctx context.Context, kind string, n int) {
	t.Helper()
	if !eval[bool](t, ctx, `document.getElementById('library') !== null`) {
		click(t, ctx, "#library-toggle")
	}
	poll[bool](t, ctx, `document.querySelectorAll('#`+kind+` li').length === `+itoa(n), 10*time.Second)
}

// openDamaged opens the library panel on n damaged entries once the open
// encounter is listed too: a first sample is written (and listed, above
// the damaged entries) only after its board is painted, and a click
// aimed at an export button before then can land on whatever that row
// pushed into its place.
func openDamaged(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	openLibrary(t, ctx, "damaged", n)
	poll[bool](t, ctx, `document.querySelector('#entries li[data-open=true]') !== null`, 10*time.Second)
}

// closeLibrary closes the library panel and waits until it is gone, so a
// click that follows reaches the table and not the panel on its way out.
func closeLibrary(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#library-close")
	poll[bool](t, ctx, `document.getElementById('library') === null`, 10*time.Second)
}

// TestE2ELibraryKeepsDamagedData (item 4): what earlier versions left in
// localStorage and cannot be read — raw text, a raw JSON object, a broken
// save — moves into the library byte for byte as damaged entries, each
// exportable as a file; a later damaged slot never overwrites an earlier
// one; a library entry whose document breaks is kept and listed too.
func TestE2ELibraryKeepsDamagedData(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	// Storage as an earlier version left it, before this version's first
	// start: set from a file of the same origin.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/web/icon.svg")); err != nil {
		t.Fatal(err)
	}
	rawText := "not a save at all: ünïcødé ✓ {"
	rawObject := `{"hello":["a JSON object",1,2]}`
	eval[bool](t, ctx, `(localStorage.setItem('battlemat/save', `+jsString(rawText)+`), localStorage.setItem('battlemat/damaged', `+jsString(rawObject)+`), true)`)
	navigate(t, ctx, srv.URL+"/")
	poll[bool](t, ctx, `document.querySelector('#notice[data-error=true]') !== null`, 10*time.Second)
	openDamaged(t, ctx, 2)
	screenshot(t, ctx, "library-damaged")
	if got, want := exportAllDamaged(t, ctx), sorted(rawObject, rawText); !slices.Equal(got, want) {
		t.Errorf("damaged entries export %q, want the slots byte for byte %q", got, want)
	}
	if left := eval[bool](t, ctx, `localStorage.getItem('battlemat/save') === null && localStorage.getItem('battlemat/damaged') === null`); !left {
		t.Error("the old slots were not moved into the library")
	}

	// A second damaged slot becomes a third entry; the first two stay.
	broken := `{"format":"battlemat-encounter","version":1,"start":`
	eval[bool](t, ctx, `(localStorage.setItem('battlemat/save', JSON.stringify(`+jsString(broken)+`)), true)`)
	navigate(t, ctx, srv.URL+"/")
	openDamaged(t, ctx, 3)
	if got, want := exportAllDamaged(t, ctx), sorted(`"`+strings.ReplaceAll(broken, `"`, `\"`)+`"`, rawObject, rawText); !slices.Equal(got, want) {
		t.Errorf("after a second damaged slot the damaged entries export %q, want %q", got, want)
	}

	// The open encounter's document breaks in the database: on the next
	// start it is listed as damaged, kept as it is, and a sample opens as a
	// new entry instead of writing over it.
	id := eval[string](t, ctx, `document.querySelector('#entries li[data-open=true]').dataset.entry`)
	eval[bool](t, ctx, `new Promise((ok, fail) => { const r = indexedDB.open('battlemat');
		r.onsuccess = () => { const tx = r.result.transaction('docs', 'readwrite');
			tx.objectStore('docs').put('garbage in the database', `+jsString(id)+`);
			tx.oncomplete = () => { r.result.close(); ok(true); }; tx.onerror = () => fail(tx.error); }; })`)
	navigate(t, ctx, srv.URL+"/")
	openDamaged(t, ctx, 4)
	if got := eval[string](t, ctx, `document.querySelector('#damaged li[data-entry="`+id+`"]') ? 'listed' : ''`); got != "listed" {
		t.Errorf("the broken entry %s is not listed as damaged", id)
	}
	if got := exportAllDamaged(t, ctx); !slices.Contains(got, "garbage in the database") {
		t.Errorf("the broken entry was not kept as it was: %q", got)
	}
	if open := eval[string](t, ctx, `document.querySelector('#entries li[data-open=true]').dataset.entry`); open == id {
		t.Error("the broken entry is still the open one")
	}
	screenshot(t, ctx, "library-damaged-entry")
}

// fillStorageJS fills what is left of the origin's quota with random bytes
// in a database of its own, halving the piece until even 512 bytes no
// longer fit, and returns the bytes written.
const fillStorageJS = `new Promise(async (ok) => {
	const db = await new Promise((r) => { const q = indexedDB.open('filler');
		q.onupgradeneeded = () => q.result.createObjectStore('x'); q.onsuccess = () => r(q.result); });
	let size = 1 << 20, n = 0, total = 0;
	while (size >= 512) {
		const buf = new Uint8Array(size);
		for (let i = 0; i < size; i += 65536) crypto.getRandomValues(buf.subarray(i, Math.min(size, i + 65536)));
		const put = await new Promise((r) => { const tx = db.transaction('x', 'readwrite');
			tx.objectStore('x').put(buf, n++); tx.oncomplete = () => r(true); tx.onabort = () => r(false); });
		if (put) total += size; else size >>= 1;
	}
	db.close(); ok(total);
})`

// TestE2ELibraryStorageFull (item 4): once the origin's quota is used up,
// a command says the storage is full, offers export, and deletes nothing;
// the entry keeps its last saved state, and saving resumes once there is
// room again.
func TestE2ELibraryStorageFull(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	// A small quota, set before the origin is first used (Chromium keeps
	// an origin's quota once it has been asked for): room for the
	// library, not for the offline copy of the app.
	quota := 4e6
	if _, err := chromedp.Call(ctx, storage.OverrideQuotaForOrigin, storage.OverrideQuotaForOriginParams{Origin: srv.URL, QuotaSize: &quota}); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "dairn-bandits"))
	click(t, ctx, "#roll-init")
	poll[bool](t, ctx, `document.querySelectorAll('#log li').length > 0`, 5*time.Second)
	openLibrary(t, ctx, "entries", 1)
	poll[bool](t, ctx, `document.querySelector('#entries li').textContent.includes(`+jsString(i18n.N(i18n.English, "count.commands", 1))+`)`, 5*time.Second)
	closeLibrary(t, ctx)

	filled := eval[float64](t, ctx, fillStorageJS)
	t.Logf("filled %.0f bytes of a %.0f-byte quota", filled, quota)
	click(t, ctx, "#roll-init")
	poll[bool](t, ctx, `document.getElementById('notice-export') !== null`, 10*time.Second)
	if msg := eval[string](t, ctx, `document.getElementById('notice').textContent`); !strings.Contains(msg, i18n.T(i18n.English, "notice.storage-full")) {
		t.Errorf("the notice says %q", msg)
	}
	screenshot(t, ctx, "library-storage-full")
	dir := allowDownloads(t, ctx)
	click(t, ctx, "#notice-export")
	doc, err := os.ReadFile(waitDownload(t, dir, "*.battlemat.json"))
	if err != nil {
		t.Fatal(err)
	}
	if sess, err := combat.DecodeSave(rulesets.Registry(), doc); err != nil || sess.Cursor() != 2 {
		t.Errorf("the export offered does not hold the 2 commands on the table (error %v)", err)
	}

	// Nothing was deleted: a reload finds the entry as last saved.
	navigate(t, ctx, srv.URL+"/")
	openLibrary(t, ctx, "entries", 1)
	if txt := eval[string](t, ctx, `document.querySelector('#entries li').textContent`); !strings.Contains(txt, i18n.N(i18n.English, "count.commands", 1)) {
		t.Errorf("after a full storage the entry reads %q, want its last saved command", txt)
	}

	// Room again: the next command is saved.
	// Chromium frees a deleted database's bytes in the background, so the
	// test waits until the origin's usage says there is room.
	eval[bool](t, ctx, `new Promise((ok) => { const r = indexedDB.deleteDatabase('filler'); r.onsuccess = () => ok(true); r.onerror = () => ok(false); })`)
	pollAsync(t, ctx, `navigator.storage.estimate().then((e) => e.usage < `+strconv.FormatFloat(quota/2, 'f', 0, 64)+`)`, 20*time.Second)
	closeLibrary(t, ctx)
	click(t, ctx, "#roll-init")
	openLibrary(t, ctx, "entries", 1)
	saved := `document.querySelector('#entries li').textContent.includes(` + jsString(i18n.N(i18n.English, "count.commands", 2)) + `)`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](saved, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("with room again the entry reads %q, the notice %q, the log holds %d lines", eval[string](t, ctx, `document.querySelector('#entries li').textContent`),
			eval[string](t, ctx, `document.getElementById('notice')?.textContent ?? ''`), eval[int](t, ctx, `document.querySelectorAll('#log li').length`))
	}
}

// pollAsync waits until the promise js returns resolves to true.
func pollAsync(t *testing.T, ctx context.Context, js string, d time.Duration) {
	t.Helper()
	for end := time.Now().Add(d); !eval[bool](t, ctx, js); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("still false after %v: %s", d, js)
		}
	}
}

// TestE2ESampleMenuKeyboard (item 5): walking the sample menu with the
// keyboard opens nothing; opening a sample adds a library entry and the
// fight is still there to reopen.
func TestE2ESampleMenuKeyboard(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+dairnDuel(t))
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)
	logs := eval[int](t, ctx, `document.querySelectorAll('#log li').length`)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#samples")), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown)); err != nil {
		t.Fatal(err)
	}
	if v := eval[string](t, ctx, `document.getElementById('samples').value`); v == "" {
		t.Fatal("the arrow keys did not move through the menu")
	}
	time.Sleep(500 * time.Millisecond)
	if eval[bool](t, ctx, `document.querySelector('#notice[data-error=true]') !== null`) {
		t.Errorf("walking the menu showed an error: %s", eval[string](t, ctx, `document.getElementById('notice').textContent`))
	}
	if eval[bool](t, ctx, `document.getElementById('token-hero') === null`) || eval[int](t, ctx, `document.querySelectorAll('#log li').length`) != logs {
		t.Fatal("walking the sample menu with the keyboard replaced the fight")
	}
	screenshot(t, ctx, "samples-keyboard")

	click(t, ctx, "#sample-open")
	poll[bool](t, ctx, `document.getElementById('token-hero') === null`, 10*time.Second)
	openLibrary(t, ctx, "entries", 2)
	click(t, ctx, `#entries li[data-open=false] button.open`)
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null && document.querySelectorAll('#log li').length === `+itoa(logs), 10*time.Second)
}

// front brings a tab to the front, so it renders.
func front(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, page.BringToFront, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
}

// TestE2ETwoTabs (item 6): an encounter opened in a second tab is noticed
// by the first, which saves nothing until its user takes the encounter
// over or continues in a copy; neither tab writes over the other.
func TestE2ETwoTabs(t *testing.T) {
	srv := startServer(t)
	a := newBrowser(t)
	navigate(t, a, srv.URL+"/#"+dairnDuel(t))
	poll[bool](t, a, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)
	logs := eval[int](t, a, `document.querySelectorAll('#log li').length`)

	b, cancel := chromedp.NewContext(a)
	defer cancel()
	navigate(t, b, srv.URL+"/") // reopens the same encounter
	poll[bool](t, b, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)

	front(t, a)
	poll[bool](t, a, `document.getElementById('held') !== null`, 10*time.Second)
	screenshot(t, a, "tabs-held")
	click(t, a, "#end-turn") // refused: tab B has the encounter
	time.Sleep(300 * time.Millisecond)
	if n := eval[int](t, a, `document.querySelectorAll('#log li').length`); n != logs {
		t.Errorf("a held tab took a command: %d log lines, want %d", n, logs)
	}

	front(t, b)
	click(t, b, "#end-turn")
	poll[bool](t, b, `document.querySelectorAll('#log li').length > `+itoa(logs), 5*time.Second)
	logsB := eval[int](t, b, `document.querySelectorAll('#log li').length`)

	front(t, a)
	click(t, a, "#held-take") // A reopens what B saved, and B is told
	poll[bool](t, a, `document.getElementById('held') === null && document.querySelectorAll('#log li').length === `+itoa(logsB), 10*time.Second)
	front(t, b)
	poll[bool](t, b, `document.getElementById('held') !== null`, 10*time.Second)
	click(t, b, "#held-copy")
	poll[bool](t, b, `document.getElementById('held') === null`, 10*time.Second)
	openLibrary(t, b, "entries", 2)
	screenshot(t, b, "tabs-copy")

	// Each tab now saves its own encounter. (Clicked from the page: the
	// panel closing re-renders the page under a click by coordinates.)
	closeLibrary(t, b)
	eval[bool](t, b, `(document.getElementById('end-turn').click(), true)`)
	front(t, a)
	eval[bool](t, a, `(document.getElementById('end-turn').click(), true)`)
	poll[bool](t, a, `document.querySelectorAll('#log li').length > `+itoa(logsB), 5*time.Second)
	if eval[bool](t, a, `document.getElementById('held') !== null`) {
		t.Error("tab A is held after tab B moved to a copy")
	}
}

// TestE2EShareNotice (item 8): on plain http to an address other than
// localhost the page has neither clipboard nor service worker, and the
// notice says so: the link is shown to copy by hand and opens only while
// the server can be reached. On a secure origin with the clipboard allowed,
// the link is copied and opens offline where Battlemat was opened before.
func TestE2EShareNotice(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowserWith(t, chromedp.Flag("host-resolver-rules", "MAP battlemat.test 127.0.0.1"))
	lan := strings.Replace(srv.URL, "127.0.0.1", "battlemat.test", 1)
	navigate(t, ctx, lan+"/")
	if eval[bool](t, ctx, `window.isSecureContext`) {
		t.Fatal("the test address is a secure context")
	}
	click(t, ctx, "#share")
	en := i18n.English
	want := i18n.T(en, "notice.share.by-hand", "offline", i18n.T(en, "notice.share.online-only"))
	msg := poll[string](t, ctx, `(document.getElementById('notice') || {}).textContent || false`, 5*time.Second)
	if !strings.Contains(msg, want) {
		t.Errorf("on plain http the share notice says %q, want %q", msg, want)
	}
	if link := eval[string](t, ctx, `document.getElementById('shared').value`); !strings.HasPrefix(link, lan+"/#v") {
		t.Errorf("the link to copy by hand is %q", link)
	}
	screenshot(t, ctx, "share-plain-http")

	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: srv.URL}); err != nil {
			t.Fatal(err)
		}
	}
	navigate(t, ctx, srv.URL+"/")
	click(t, ctx, "#share")
	want = i18n.T(en, "notice.share.copied", "offline", i18n.T(en, "notice.share.offline"))
	poll[bool](t, ctx, `((document.getElementById('notice') || {}).textContent || '').includes(`+jsString(want)+`)`, 5*time.Second)
	if got, link := eval[string](t, ctx, `navigator.clipboard.readText()`), eval[string](t, ctx, `document.getElementById('shared').value`); got != link || !strings.HasPrefix(link, srv.URL+"/#v") {
		t.Errorf("the clipboard holds %q, want the link %q", got, link)
	}
	screenshot(t, ctx, "share-copied")
}

// TestE2ELibraryManage renames, duplicates and deletes encounters: a
// deletion asks first and is undone from the notice, or later from the
// recently deleted; a reload keeps every name and entry.
func TestE2ELibraryManage(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+dairnDuel(t))
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)
	chooseSample := `(() => { const s = document.getElementById('samples'); s.value = 'kc-orc'; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`
	eval[bool](t, ctx, chooseSample)
	poll[bool](t, ctx, `!document.getElementById('sample-open').disabled`, 5*time.Second)
	click(t, ctx, "#sample-open")
	openLibrary(t, ctx, "entries", 2)

	// Rename the duel (not open here), then duplicate it.
	duel := `#entries li[data-open=false]`
	eval[bool](t, ctx, `(() => { const i = document.querySelector('`+duel+` input.name'); i.value = 'The bandits at the ford'; i.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`)
	poll[bool](t, ctx, `[...document.querySelectorAll('#entries input.name')].some((i) => i.value === 'The bandits at the ford')`, 5*time.Second)
	click(t, ctx, duel+` button.duplicate`)
	openLibrary(t, ctx, "entries", 3)
	copyName := i18n.T(i18n.English, "library.name.copy", "name", "The bandits at the ford")
	poll[bool](t, ctx, `[...document.querySelectorAll('#entries input.name')].some((i) => i.value === `+jsString(copyName)+`)`, 5*time.Second)

	// Delete the copy: asked first, then undone from the notice.
	sel := `[...document.querySelectorAll('#entries li')].find((li) => li.querySelector('input.name').value === ` + jsString(copyName) + `)`
	eval[bool](t, ctx, `(`+sel+`.querySelector('button.delete').click(), true)`)
	poll[bool](t, ctx, `document.getElementById('delete-yes') !== null`, 5*time.Second)
	screenshot(t, ctx, "library-delete-ask")
	click(t, ctx, "#delete-yes")
	openLibrary(t, ctx, "trash", 1)
	poll[bool](t, ctx, `document.querySelectorAll('#entries li').length === 2 && document.getElementById('notice-undelete') !== null`, 5*time.Second)
	click(t, ctx, "#notice-undelete")
	openLibrary(t, ctx, "entries", 3)

	// Delete it again and bring it back from the recently deleted after a
	// reload.
	eval[bool](t, ctx, `(`+sel+`.querySelector('button.delete').click(), true)`)
	click(t, ctx, "#delete-yes")
	openLibrary(t, ctx, "trash", 1)
	navigate(t, ctx, srv.URL+"/")
	openLibrary(t, ctx, "trash", 1)
	screenshot(t, ctx, "library-trash")
	click(t, ctx, "#trash button.restore")
	openLibrary(t, ctx, "entries", 3)
	for _, name := range []string{"The bandits at the ford", copyName} {
		if !eval[bool](t, ctx, `[...document.querySelectorAll('#entries input.name')].some((i) => i.value === `+jsString(name)+`)`) {
			t.Errorf("%q is missing after the reload", name)
		}
	}
	// The duel opens from the library with its history.
	eval[bool](t, ctx, `([...document.querySelectorAll('#entries li')].find((li) => li.querySelector('input.name').value === 'The bandits at the ford').querySelector('button.open').click(), true)`)
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)
}

// TestE2ENoDatabase: in a browser that gives the page no IndexedDB, a share
// link still opens, and the user is told that nothing is saved here.
func TestE2ENoDatabase(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowserRunning(t, `Object.defineProperty(window, 'indexedDB', {value: undefined})`)
	navigate(t, ctx, srv.URL+"/#"+dairnDuel(t))
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null && !location.hash`, 10*time.Second)
	want := i18n.T(i18n.English, "notice.library-unavailable", "error", "")
	want = want[:strings.Index(want, "(")]
	if msg := eval[string](t, ctx, `(document.querySelector('#notice[data-error=true]') || {}).textContent || ''`); !strings.Contains(msg, want) {
		t.Errorf("without a database the notice says %q, want %q…", msg, want)
	}
	eval[bool](t, ctx, `(document.getElementById('library-toggle').click(), true)`)
	poll[bool](t, ctx, `(document.getElementById('library') || {textContent: ''}).textContent.includes(`+jsString(i18n.T(i18n.English, "library.none"))+`)`, 5*time.Second)
	screenshot(t, ctx, "library-no-database")
}

// TestE2ERestoreBuildsNoSample (issue 16): a returning user's encounter is
// reopened without building the first sample on the way, and a share link
// opened over an autosave builds none either; only a profile with nothing
// to reopen builds the sample. Each sample built leaves a mark in the
// page's performance timeline.
func TestE2ERestoreBuildsNoSample(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	marks := `performance.getEntriesByName('` + app.SampleMark + `').length`
	load := func(url, token string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, url)
		poll[bool](t, ctx, `document.getElementById('`+token+`') !== null`, 20*time.Second)
	}

	load(srv.URL+"/", "token-urchin-1") // nothing to reopen: the first sample
	poll[bool](t, ctx, marks+` === 1`, 10*time.Second)
	openLibrary(t, ctx, "entries", 1)
	closeLibrary(t, ctx)

	load(srv.URL+"/#"+dairnDuel(t), "token-hero") // the autosave is reopened, then the link opens over it
	openLibrary(t, ctx, "entries", 2)
	if n := eval[int](t, ctx, marks); n != 0 {
		t.Errorf("a share link opened over an autosave built %d samples, want 0", n)
	}
	closeLibrary(t, ctx)

	load(srv.URL+"/", "token-hero") // the link's entry, now this tab's autosave
	openLibrary(t, ctx, "entries", 2)
	if n := eval[int](t, ctx, marks); n != 0 {
		t.Errorf("reopening the autosave built %d samples, want 0", n)
	}
	if eval[bool](t, ctx, `document.getElementById('token-urchin-1') !== null`) {
		t.Error("the first sample shows instead of the reopened encounter")
	}
	screenshot(t, ctx, "restore-no-sample")
}

// TestE2EFirstSampleSavedAfterPaint (issue 16): on a first visit the sample
// is written to the library only after a frame has been drawn with its
// board on the page, so the first screen does not wait for the save; a
// share link opened on a first visit is written before its board shows.
// The page notes, at every write of a document, whether an animation frame
// has run with the app's board on the page: after the app drew its
// "opening" line (the server's board before it does not count).
func TestE2EFirstSampleSavedAfterPaint(t *testing.T) {
	const watch = `window.docWrites = []; let opening = false, shown = false;
		new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(n => {
			opening = opening || n.nodeType === 1 && (n.id === 'opening' || !!n.querySelector('#opening'));
		})))
			.observe(document, {childList: true, subtree: true});
		const frame = () => {
			opening = opening || !!document.getElementById('opening');
			shown = shown || (opening && !!document.querySelector('#board [id^=token-]') && !document.getElementById('opening'));
			requestAnimationFrame(frame);
		};
		requestAnimationFrame(frame);
		const put = IDBObjectStore.prototype.put;
		IDBObjectStore.prototype.put = function (...args) {
			if (this.name === 'docs') window.docWrites.push(shown);
			return put.apply(this, args);
		};`
	srv := startServer(t)
	for _, c := range []struct {
		name, url, token string
		afterPaint       bool
	}{
		{"sample", srv.URL + "/", "token-urchin-1", true},
		{"link", srv.URL + "/#" + dairnDuel(t), "token-hero", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := newBrowserRunning(t, watch)
			navigate(t, ctx, c.url)
			poll[bool](t, ctx, `document.getElementById('`+c.token+`') !== null && window.docWrites.length > 0`, 20*time.Second)
			if got := eval[[]bool](t, ctx, `window.docWrites`); got[0] != c.afterPaint {
				t.Errorf("the first write came after a frame with the board drawn: %v, want %v", got[0], c.afterPaint)
			}
			openLibrary(t, ctx, "entries", 1)
			screenshot(t, ctx, "first-save-"+c.name)
		})
	}
}
