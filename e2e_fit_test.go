//go:build e2e

package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// fitMetrics is what TestE2EFitZoom measures on one screen.
type fitMetrics struct {
	SideScroll, SideClient int     // the side panel's scrollHeight and clientHeight
	Now, More              int     // the heights of the turn's essentials and of the tabs under them
	PageScroll             bool    // the page itself scrolls
	Square                 float64 // a square's width in CSS px
	PanX, PanY             bool    // the map's scroller can pan that way
	Panels                 string  // each essential panel's height, for the log
	First                  string  // the essential panel on top
	Missing, Cut           []string
}

// measureFit reads the side panel's heights and a square's size, and which
// of the essentials named in need (CSS selectors) are missing, or not
// wholly in view inside the side panel, or scroll inside themselves.
const measureFit = `((need) => {
	const s = document.querySelector('.side'), b = document.getElementById('board'), now = s.querySelector('.now'), more = document.getElementById('more');
	const w = b.closest('.mapwrap'), sr = s.getBoundingClientRect(), doc = document.scrollingElement;
	const missing = [], cut = [];
	for (const sel of need) {
		const els = [...document.querySelectorAll(sel)];
		if (els.length === 0) { missing.push(sel); continue; }
		for (const e of els) {
			const r = e.getBoundingClientRect();
			if (r.height === 0 || r.top < Math.max(sr.top, 0) - 1 || r.bottom > Math.min(sr.bottom, innerHeight) + 1) cut.push(sel + ' at ' + Math.round(r.top) + '–' + Math.round(r.bottom));
			if (e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible') cut.push(sel + ' scrolls');
		}
	}
	return {SideScroll: s.scrollHeight, SideClient: s.clientHeight, Now: now.offsetHeight, More: more.offsetHeight,
		PageScroll: doc.scrollHeight > innerHeight + 1,
		Square: b.getBoundingClientRect().width * 40 / b.viewBox.baseVal.width,
		PanX: w.scrollWidth > w.clientWidth, PanY: w.scrollHeight > w.clientHeight,
		Panels: [...now.children].map(c => (c.id || c.className) + ' ' + c.offsetHeight).join(', '),
		First: [...now.children].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0].id,
		Missing: missing, Cut: cut};
})`

// urchinsAtGuard is a link to the urchins' fight started, the first urchin
// acting next to the guard (E4 by F4), then cmds.
func urchinsAtGuard(t *testing.T, cmds ...combat.Command) string {
	order := combat.SetOrder{Order: []combat.Slot{{Members: []string{"urchin-1"}, Score: 20}, {Members: []string{"guard"}, Score: 15},
		{Members: []string{"urchin-2"}, Score: 12}, {Members: []string{"urchin-3"}, Score: 11}, {Members: []string{"knight"}, Score: 5}}}
	next := combat.Move{ID: "urchin-1", Path: []grid.Square{{X: 4, Y: 3}}}
	return scenario(t, "kal-urchins", append([]combat.Command{order, combat.Start{}, next}, cmds...)...)
}

// TestE2EFitZoom opens the urchins' fight in three states of a turn, in
// every language, on a laptop, a tablet and a phone: the acting urchin next
// to the guard with the attack panel and its odds, the same after its
// attack with the trace's summary, and the guard's opportunity attack
// waiting for a decision. Beside the board (laptop, tablet) the turn's
// essentials (the tracker's acting row and buttons, the acting creature,
// the movement and attack panels or the decision with its buttons, and the
// tabs) fit the window with neither the page nor the side panel scrolling,
// with the link's notice shown. On the phone the fitted board keeps squares
// of at least 40 CSS px and pans the rest, and the bottom sheet starts with
// what matters now (the decision, else the movement). The heights are logged on every
// screen.
func TestE2EFitZoom(t *testing.T) {
	srv := startServer(t)
	attackLink := urchinsAtGuard(t)
	turn := []string{`#tracker .slot[data-acting="true"]`, "#round", "#end-turn", "#inspector", "[role=tablist]"}
	states := []struct {
		name, link, ready, first string // first: the panel on top of the phone's sheet
		need                     []string
	}{
		{"attack", attackLink, `document.querySelector('#odds .chance') !== null`, "movement",
			append([]string{"#movement", "#attack", "#odds", "#roll"}, turn...)},
		{"attacked", attackLink, `document.querySelector('#trace summary') !== null`, "movement",
			append([]string{"#movement", "#attack", "#trace summary", "#roll"}, turn...)},
		{"decision", urchinsAtGuard(t, combat.Move{ID: "urchin-1", Path: []grid.Square{{X: 3, Y: 3}}}),
			`document.getElementById('oa-take') !== null && document.querySelector('#odds .chance') !== null`, "decision",
			append([]string{"#decision", "#decision #odds", "#oa-take", "#oa-decline"}, turn...)},
	}
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			ctx := newBrowser(t)
			useViewport(t, ctx, vp)
			for _, st := range states {
				navigate(t, ctx, srv.URL+"/#"+st.link)
				poll[bool](t, ctx, `document.querySelector('#token-urchin-1.acting, #token-guard.acting') !== null`, 10*time.Second)
				if st.name != "decision" {
					tap(t, ctx, grid.Square{X: 5, Y: 3})
					poll[bool](t, ctx, `document.querySelector('#roll:not([disabled])') !== null`, 5*time.Second)
				}
				if st.name == "attacked" {
					click(t, ctx, "#roll")
				}
				poll[bool](t, ctx, st.ready, 5*time.Second)
				for _, l := range i18n.Langs {
					chooseLang(t, ctx, l)
					m := eval[fitMetrics](t, ctx, measureFit+"("+jsStrings(st.need)+")")
					t.Logf("%s, %s, %s: side panel %d of %d px, essentials %d px (%s), tabs %d px, square %.1f px, pans %t/%t",
						vp.name, st.name, l, m.SideScroll, m.SideClient, m.Now, m.Panels, m.More, m.Square, m.PanX, m.PanY)
					switch vp.name {
					case "phone":
						if m.Square < 40 {
							t.Errorf("%s, %s: a square is %.1f px at fit, want ≥ 40", st.name, l, m.Square)
						}
						if !m.PanX {
							t.Errorf("%s, %s: the 12-square board fits a phone at 40 px a square, yet does not pan", st.name, l)
						}
						if m.First != st.first {
							t.Errorf("%s, %s: the sheet starts with %q, want %q", st.name, l, m.First, st.first)
						}
					default:
						if m.PageScroll || m.SideScroll > m.SideClient+1 {
							t.Errorf("%s, %s: the page scrolls (%t) or the side panel does (%d of %d px)", st.name, l, m.PageScroll, m.SideScroll, m.SideClient)
						}
						if len(m.Missing) > 0 || len(m.Cut) > 0 {
							t.Errorf("%s, %s: essentials missing %v, out of view or scrolling %v", st.name, l, m.Missing, m.Cut)
						}
					}
					screenshot(t, ctx, "fit-"+vp.name+"-"+st.name+"-"+l.String())
				}
				chooseLang(t, ctx, i18n.English)
			}
			if vp.touch {
				checkTargets(t, ctx, "opportunity attack")
			}
			axeClean(t, ctx, "opportunity attack")
		})
	}
}

// jsStrings writes ss as a JavaScript array.
func jsStrings(ss []string) string {
	b, _ := json.Marshal(ss)
	return string(b)
}

// TestE2EKCExpectedDamage opens the Kryształy Czasu duel with the orc
// acting and the warrior targeted, on three screens and in four languages:
// the odds panel prints the expected damage taken as the engine's number
// of points, to a tenth (it printed "9,440.0%"), and the tooltips explain
// the ruleset's terms in the reader's language.
func TestE2EKCExpectedDamage(t *testing.T) {
	srv := startServer(t)
	order := combat.SetOrder{Order: []combat.Slot{{Members: []string{"orc"}, Score: 20}, {Members: []string{"warrior"}, Score: 10}}}
	link := scenario(t, "kc-orc", order, combat.Start{})
	sess, err := combat.DecodeLink(rulesets.Registry(), link)
	if err != nil {
		t.Fatal(err)
	}
	chances, err := combat.Odds(sess.Ruleset(), sess.State(), combat.AttackRequest{Attacker: "orc", Defender: "warrior"})
	if err != nil {
		t.Fatal(err)
	}
	var mean combat.Chance
	for _, c := range chances {
		if c.Kind == combat.ExpectedAmount {
			mean = c
		}
	}
	if mean.Key == "" {
		t.Fatalf("no expected amount among %v", chances)
	}
	tenths := (mean.Num*10 + mean.Den/2) / mean.Den
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			ctx := newBrowser(t)
			useViewport(t, ctx, vp)
			navigate(t, ctx, srv.URL+"/#"+link)
			poll[bool](t, ctx, `document.querySelector('#token-orc.acting') !== null`, 10*time.Second)
			tap(t, ctx, grid.Square{X: 4, Y: 2})
			for _, l := range i18n.Langs {
				chooseLang(t, ctx, l)
				got := poll[string](t, ctx, `(document.querySelector('#odds .chance[data-key="`+mean.Key+`"] .v') || {}).textContent || false`, 5*time.Second)
				if want := i18n.Tenths(l, tenths); got != want {
					t.Errorf("%s: expected damage shown as %q, want %q (%d/%d points)", l, got, want, mean.Num, mean.Den)
				}
				// The hit row's tooltip explains the term in the reader's language.
				tip := eval[string](t, ctx, `document.querySelector('#odds .chance[data-key="hit"]').title`)
				if why, _ := i18n.Explain(l, e2eGlossary("krysztaly"), "hit"); !strings.Contains(tip, why) {
					t.Errorf("%s: the hit row's tooltip %q lacks %q", l, tip, why)
				}
				eval[bool](t, ctx, `(document.getElementById('odds').scrollIntoView(), true)`)
				screenshot(t, ctx, "kc-expected-"+vp.name+"-"+l.String())
			}
			chooseLang(t, ctx, i18n.English)
		})
	}
}
