//go:build e2e

package main

import (
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
	Square                 float64 // a square's width in CSS px
	PanX, PanY             bool    // the map's scroller can pan that way
	Panels                 string  // each panel's height, for the log
}

// measureFit reads the side panel's heights and a square's size.
const measureFit = `(() => {
	const s = document.querySelector('.side'), b = document.getElementById('board');
	const w = b.closest('.mapwrap');
	return {SideScroll: s.scrollHeight, SideClient: s.clientHeight,
		Square: b.getBoundingClientRect().width * 40 / b.viewBox.baseVal.width,
		PanX: w.scrollWidth > w.clientWidth, PanY: w.scrollHeight > w.clientHeight,
		Panels: [...s.children].map(c => (c.id || c.className) + ' ' + c.offsetHeight).join(', ')};
})()`

// TestE2EFitZoom opens the urchins' fight in the two common states of a
// turn, in every language, on a laptop, a tablet and a phone: the acting
// urchin next to the guard with the attack panel and its odds, and the
// guard's opportunity attack waiting for a decision. On the phone the
// fitted board keeps squares of at least 40 CSS px and pans the rest. The
// side panel's height against its room is logged on every screen (the
// tablet's panel still scrolls in these states).
func TestE2EFitZoom(t *testing.T) {
	srv := startServer(t)
	order := combat.SetOrder{Order: []combat.Slot{{Members: []string{"urchin-1"}, Score: 20}, {Members: []string{"guard"}, Score: 15},
		{Members: []string{"urchin-2"}, Score: 12}, {Members: []string{"urchin-3"}, Score: 11}, {Members: []string{"knight"}, Score: 5}}}
	next := combat.Move{ID: "urchin-1", Path: []grid.Square{{X: 4, Y: 3}}}
	states := []struct {
		name, link, ready string
	}{
		{"attack", scenario(t, "kal-urchins", order, combat.Start{}, next), `document.querySelector('#odds .chance') !== null`},
		{"decision", scenario(t, "kal-urchins", order, combat.Start{}, next, combat.Move{ID: "urchin-1", Path: []grid.Square{{X: 3, Y: 3}}}),
			`document.getElementById('oa-take') !== null && document.querySelector('#odds .chance') !== null`},
	}
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			ctx := newBrowser(t)
			useViewport(t, ctx, vp)
			for _, st := range states {
				navigate(t, ctx, srv.URL+"/#"+st.link)
				poll[bool](t, ctx, `document.querySelector('#token-urchin-1.acting, #token-guard.acting') !== null`, 10*time.Second)
				if st.name == "attack" {
					tap(t, ctx, grid.Square{X: 5, Y: 3})
				}
				poll[bool](t, ctx, st.ready, 5*time.Second)
				for _, l := range i18n.Langs {
					chooseLang(t, ctx, l)
					m := eval[fitMetrics](t, ctx, measureFit)
					t.Logf("%s, %s, %s: side panel %d of %d px (%s), square %.1f px, pans %t/%t", vp.name, st.name, l, m.SideScroll, m.SideClient, m.Panels, m.Square, m.PanX, m.PanY)
					if vp.name == "phone" {
						if m.Square < 40 {
							t.Errorf("%s, %s: a square is %.1f px at fit, want ≥ 40", st.name, l, m.Square)
						}
						if !m.PanX {
							t.Errorf("%s, %s: the 12-square board fits a phone at 40 px a square, yet does not pan", st.name, l)
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
