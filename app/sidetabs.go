package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// sideTabs are the side panel's secondary panels, behind tabs: what the
// middle of a turn does not need. The first is shown until the user picks
// another. What needs an answer (a pending decision, a tie to order) is
// never among them: it stays above the tabs.
var sideTabs = []struct{ id, label string }{
	{"log", "tabs.log"}, {"forecast", "forecast.title"}, {"legend", "legend.title"}, {"setup", "edit.title"},
}

// panelTabs is the state of the side panel's tabs.
type panelTabs struct {
	tab     string // the selected tab's ID; "" (or one unknown) for the first
	logSeen int    // the session's cursor when the log was last shown
}

// sideTab is the selected tab's ID.
func (m *Model) sideTab() string {
	for _, s := range sideTabs {
		if s.id == m.side.tab {
			return s.id
		}
	}
	return sideTabs[0].id
}

// renderMore draws the tabs and their panels. Every panel stays in the page
// (hidden unless selected), so a tab keeps its state while another is
// shown. A tab not selected wears a badge when something arrived in it
// since it was last shown: the log's new commands (counted), a finished
// forecast. Of the panels not selected, only the first others are filled
// in, the rest stay empty (see panelsDue).
func (t *Table) renderMore(enc combat.Encounter, others int) app.UI {
	l := t.lang
	sel := t.sideTab()
	cursor := t.sess.Cursor()
	if sel == "log" || t.side.logSeen > cursor { // shown, or undone past what was seen
		t.side.logSeen = cursor
	}
	if sel == "forecast" && t.fc != nil && !t.fc.running {
		t.fc.seenFights = t.fc.res.Fights
	}
	tabs := make([]app.UI, len(sideTabs))
	panels := make([]app.UI, len(sideTabs))
	for i, s := range sideTabs {
		var badge app.UI
		switch {
		case s.id == "log" && sel != "log" && cursor > t.side.logSeen:
			badge = tabBadge(i18n.Int(l, int64(cursor-t.side.logSeen)), i18n.T(l, "tabs.new", "n", cursor-t.side.logSeen))
		case s.id == "forecast":
			badge = &ForecastBadge{Lang: l, Shown: t.forecastBadge(), t: t}
		}
		on := s.id == sel
		tabIndex := -1
		if on {
			tabIndex = 0
		}
		tabs[i] = app.Button().ID("tab-"+s.id).Class("tab").Attr("role", "tab").Attr("aria-selected", on).
			Attr("aria-controls", "tabpanel-"+s.id).Attr("tabindex", tabIndex).Attr("data-tab", s.id).
			Body(app.Span().Text(i18n.T(l, s.label)), badge).
			OnClick(t.pickTab).OnKeyDown(t.tabKey)
		// Focusable, so a keyboard reaches it and scrolls it where it is cut
		// short. Only a hidden one has the attribute: the server would write
		// a false one as hidden="false", which hides.
		panel := app.Div().ID("tabpanel-"+s.id).Class("tabpanel").Attr("role", "tabpanel").
			Attr("aria-labelledby", "tab-"+s.id).Attr("tabindex", 0)
		if !on {
			panel = panel.Hidden(true)
			if others == 0 {
				panels[i] = panel
				continue
			}
			others--
		}
		var body app.UI
		switch s.id {
		case "log":
			body = &Log{V: t.views(enc).log}
		case "forecast":
			body = &ForecastPanel{Lang: l, Rev: t.rev, t: t}
		case "legend":
			body = renderLegend(l, enc.Ruleset, t.plan(enc).bands)
		case "setup":
			body = t.renderEditor(enc)
		}
		panels[i] = panel.Body(body)
	}
	return app.Section().ID("more").Class("more").Body(
		app.Div().Class("tablist").Attr("role", "tablist").Attr("aria-label", i18n.T(l, "tabs.label")).Body(tabs...),
		app.Div().Class("tabpanels").Body(panels...),
	)
}

// forecastNews reports whether the forecast finished with numbers not yet
// shown on its tab.
func (t *Table) forecastNews() bool {
	return t.fc != nil && !t.fc.running && t.fc.res.Fights > 0 && t.fc.res.Fights != t.fc.seenFights
}

// forecastBadge reports whether the forecast's tab wears its badge: it is
// not selected, and the forecast finished with numbers it has not shown.
func (t *Table) forecastBadge() bool {
	return t.sideTab() != "forecast" && t.forecastNews()
}

// ForecastBadge is the forecast tab's badge as a component of its own, so
// that a forecast that ends while its tab is hidden redraws the badge
// (showBadge) and not the whole table for it. The table passes what, when
// it changes, draws the badge again: the language and whether it shows.
type ForecastBadge struct {
	app.Compo
	Lang  i18n.Lang
	Shown bool

	t   *Table      // the table it belongs to (the instance go-app mounts keeps it)
	ctx app.Context // its own context, once mounted
}

// OnMount makes the badge the one a forecast's end redraws.
func (b *ForecastBadge) OnMount(ctx app.Context) {
	b.ctx = ctx
	b.t.fcBadge = b
}

// OnDismount lets a forecast's end redraw the table again.
func (b *ForecastBadge) OnDismount() {
	if b.t.fcBadge == b {
		b.t.fcBadge = nil
	}
}

// Render draws the badge, or an empty mark without it.
func (b *ForecastBadge) Render() app.UI {
	if !b.Shown {
		return app.Span()
	}
	return tabBadge("•", i18n.T(b.Lang, "tabs.fresh"))
}

// showBadge brings the forecast tab's badge up to date after a forecast
// ended: the badge alone when it is mounted, else the table. go-app marks
// the badge and every ancestor for a redraw; the table's mark is taken back
// (see forecastDispatch).
func (t *Table) showBadge() {
	b := t.fcBadge
	if b == nil || b.ctx.Context == nil || !b.Mounted() {
		if t.mounted.Context != nil {
			t.mounted.Update()
		}
		return
	}
	b.ctx.Dispatch(func(ctx app.Context) {
		b.Shown = t.forecastBadge()
		t.mounted.PreventUpdate()
	})
}

// tabBadge is a tab's mark of news: short visible text, and the words a
// screen reader says.
func tabBadge(mark, words string) app.UI {
	return app.Span().Class("tab-badge").Body(
		app.Span().Attr("aria-hidden", "true").Text(mark),
		app.Span().Class("sr-only").Text(words),
	)
}

// pickTab selects the clicked tab, read from the page when clicked.
func (t *Table) pickTab(ctx app.Context, e app.Event) {
	if id := data(ctx, "tab"); id != "" {
		t.side.tab = id
	}
	if t.side.tab == "forecast" {
		t.spareWorker()
	}
}

// tabKey moves between the tabs with the arrow keys (the way the page
// reads: in a right-to-left language the right arrow goes back), Home and
// End, selecting the tab it reaches and giving it the focus. The key goes
// no further: the board's own arrow keys must not move a creature.
func (t *Table) tabKey(ctx app.Context, e app.Event) {
	next, ok := nextTab(data(ctx, "tab"), e.Get("key").String(), i18n.Dir(t.lang) == "rtl")
	if !ok {
		return
	}
	e.PreventDefault()
	e.Call("stopPropagation")
	t.side.tab = next
	if t.side.tab == "forecast" {
		t.spareWorker()
	}
	app.Window().GetElementByID("tab-" + t.side.tab).Call("focus")
}

// nextTab is the tab a key pressed on tab cur selects: the arrows move
// the way the page reads (rtl: right to left), Home and End go to the
// ends; false for any other key.
func nextTab(cur, key string, rtl bool) (string, bool) {
	i := 0
	for j, s := range sideTabs {
		if s.id == cur {
			i = j
		}
	}
	n := len(sideTabs)
	forward, back := "ArrowRight", "ArrowLeft"
	if rtl {
		forward, back = back, forward
	}
	switch key {
	case forward:
		i = (i + 1) % n
	case back:
		i = (i + n - 1) % n
	case "Home":
		i = 0
	case "End":
		i = n - 1
	default:
		return "", false
	}
	return sideTabs[i].id, true
}
