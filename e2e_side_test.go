//go:build e2e

package main

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"battlemat/app/i18n"
	"battlemat/rules/grid"
)

// tabState is what TestE2ESideTabs reads of the side panel's tabs.
type tabState struct {
	Tabs     []string // the tabs' IDs, in order
	Selected []string // those with aria-selected="true"
	Focused  string   // the focused element's ID
	Shown    []string // the tab panels not hidden
	Roving   bool     // the selected tab alone is in the Tab order
	Wired    bool     // each tab controls its panel, which it labels
	Badge    string   // the log tab's badge, as a screen reader says it
	Mark     string   // the log tab's badge, as it shows
}

// readTabs reads the tabs' state.
const readTabs = `(() => {
	const tabs = [...document.querySelectorAll('[role=tablist] [role=tab]')];
	const sel = tabs.filter(t => t.getAttribute('aria-selected') === 'true');
	const badge = document.querySelector('#tab-log .tab-badge');
	return {Tabs: tabs.map(t => t.id), Selected: sel.map(t => t.id), Focused: document.activeElement.id,
		Shown: [...document.querySelectorAll('[role=tabpanel]')].filter(p => !p.hidden && p.offsetHeight > 0).map(p => p.id),
		Roving: tabs.every(t => t.tabIndex === (t.getAttribute('aria-selected') === 'true' ? 0 : -1)),
		Wired: tabs.every(t => { const p = document.getElementById(t.getAttribute('aria-controls'));
			return p && p.getAttribute('role') === 'tabpanel' && p.getAttribute('aria-labelledby') === t.id; }),
		Badge: badge ? badge.querySelector('.sr-only').textContent : '', Mark: badge ? badge.querySelector('[aria-hidden]').textContent : ''};
})()`

// openTab selects the side panel's tab id by a click and waits for its
// panel.
func openTab(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	click(t, ctx, "#tab-"+id)
	poll[bool](t, ctx, `!document.getElementById('tabpanel-`+id+`').hidden`, 5*time.Second)
}

// TestE2ESideTabs plays the urchins' fight on a tablet with the side
// panel's secondary panels behind tabs: one tab selected and its panel
// alone shown, arrow keys (mirrored in Hebrew), Home and End move between
// the tabs with a roving tab stop and never move a creature; a move made
// while the legend is shown puts a counted badge on the log's tab (in the
// page's language) until the log is shown, and the opportunity attack's
// prompt it raises stays in view above the tabs. axe-core finds nothing
// with a badge shown.
func TestE2ESideTabs(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	useViewport(t, ctx, viewports[1])
	navigate(t, ctx, srv.URL+"/#"+urchinsAtGuard(t))
	poll[bool](t, ctx, `document.querySelector('#token-urchin-1.acting') !== null`, 10*time.Second)
	tabs := func() tabState { return eval[tabState](t, ctx, readTabs) }
	s := tabs()
	if want := []string{"tab-log", "tab-forecast", "tab-legend", "tab-setup"}; !slices.Equal(s.Tabs, want) {
		t.Fatalf("tabs %v, want %v", s.Tabs, want)
	}
	if !slices.Equal(s.Selected, []string{"tab-log"}) || !slices.Equal(s.Shown, []string{"tabpanel-log"}) || !s.Roving || !s.Wired {
		t.Errorf("at the start: %+v, want the log alone selected and shown, a roving tab stop, each tab wired to its panel", s)
	}

	where := `document.getElementById('token-urchin-1').getAttribute('transform') + ' ' + document.querySelectorAll('#log li').length`
	before := eval[string](t, ctx, where)
	key := func(k, want string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
		poll[bool](t, ctx, `document.getElementById('`+want+`').getAttribute('aria-selected') === 'true'`, 5*time.Second)
		s := tabs()
		if s.Focused != want || !slices.Equal(s.Shown, []string{"tabpanel" + want[3:]}) || !s.Roving {
			t.Errorf("after %q: %+v, want %s focused and its panel alone shown", k, s, want)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#tab-log"))); err != nil {
		t.Fatal(err)
	}
	key(kb.ArrowRight, "tab-forecast")
	key(kb.End, "tab-setup")
	key(kb.ArrowRight, "tab-log") // round the end
	key(kb.ArrowLeft, "tab-setup")
	key(kb.Home, "tab-log")
	if after := eval[string](t, ctx, where); after != before {
		t.Errorf("the arrow keys on the tabs changed the board or the log: %q, then %q", before, after)
	}

	// With the legend shown, the urchin steps away from the guard: the move
	// is news for the log, and the guard's opportunity attack waits for an
	// answer, in view above the tabs.
	openTab(t, ctx, "legend")
	tap(t, ctx, grid.Square{X: 3, Y: 3})
	tap(t, ctx, grid.Square{X: 3, Y: 3})
	poll[bool](t, ctx, `document.getElementById('oa-take') !== null`, 5*time.Second)
	if s := tabs(); s.Badge != i18n.T(i18n.English, "tabs.new", "n", 1) || s.Mark != "1" {
		t.Errorf("the log's badge reads %q, shows %q; want %q and 1", s.Badge, s.Mark, i18n.T(i18n.English, "tabs.new", "n", 1))
	}
	m := eval[fitMetrics](t, ctx, measureFit+`(["#decision", "#oa-take", "#oa-decline", "[role=tablist]"])`)
	if len(m.Missing) > 0 || len(m.Cut) > 0 || m.PageScroll {
		t.Errorf("the prompt with the legend shown: missing %v, out of view %v, page scrolls %t", m.Missing, m.Cut, m.PageScroll)
	}
	screenshot(t, ctx, "side-tabs-prompt")
	axeClean(t, ctx, "tabs with a badge")
	chooseLang(t, ctx, i18n.Hebrew)
	if s := tabs(); s.Badge != i18n.T(i18n.Hebrew, "tabs.new", "n", 1) {
		t.Errorf("Hebrew: the log's badge reads %q, want %q", s.Badge, i18n.T(i18n.Hebrew, "tabs.new", "n", 1))
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#tab-legend"))); err != nil {
		t.Fatal(err)
	}
	key(kb.ArrowLeft, "tab-setup") // right to left: the left arrow goes on
	key(kb.ArrowRight, "tab-legend")
	screenshot(t, ctx, "side-tabs-he")
	chooseLang(t, ctx, i18n.English)
	openTab(t, ctx, "log")
	if s := tabs(); s.Badge != "" {
		t.Errorf("the log is shown, yet its tab still reads %q", s.Badge)
	}
}
