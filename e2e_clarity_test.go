//go:build e2e

package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// viewport is one screen the table is tried on.
type viewport struct {
	name  string
	w, h  int64
	touch bool
}

// viewports are the laptop, the tablet and the phone of the issue.
var viewports = []viewport{{"laptop", 1280, 860, false}, {"tablet", 1024, 768, true}, {"phone", 390, 844, true}}

// useViewport sizes the page as the device and turns touch on for tablets
// and phones.
func useViewport(t *testing.T, ctx context.Context, vp viewport) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: vp.w, Height: vp.h, DeviceScaleFactor: 1, Mobile: vp.name == "phone"}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: vp.touch, MaxTouchPoints: 5}); err != nil {
		t.Fatal(err)
	}
}

// urchinsStarted is the urchins' street fight with Urchin 1 acting first.
func urchinsStarted(t *testing.T) string {
	return scenario(t, "kal-urchins",
		combat.SetOrder{Order: []combat.Slot{{Members: []string{"urchin-1"}, Score: 20}, {Members: []string{"guard"}, Score: 15},
			{Members: []string{"urchin-2"}, Score: 12}, {Members: []string{"urchin-3"}, Score: 11}, {Members: []string{"knight"}, Score: 5}}},
		combat.Start{})
}

// chargeOnly returns a square the acting urchin reaches by a charge only,
// as the ruleset's own bands say.
func chargeOnly(t *testing.T) grid.Square {
	t.Helper()
	s, _ := rulesets.Find("kal-urchins")
	enc, _ := s.Build(7)
	sess, _ := combat.NewSession(rulesets.Registry(), enc)
	for _, c := range []combat.Command{combat.SetOrder{Order: []combat.Slot{{Members: []string{"urchin-1"}, Score: 20}, {Members: []string{"guard", "urchin-2", "urchin-3", "knight"}, Score: 5}}}, combat.Start{}} {
		if _, err := sess.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	bands, err := sess.Ruleset().(combat.Planner).Bands(sess.State(), "urchin-1")
	if err != nil {
		t.Fatal(err)
	}
	walk := map[grid.Square]bool{}
	var charge []grid.Square
	for _, b := range bands {
		for _, q := range b.Squares {
			if b.Key == "charge" {
				charge = append(charge, q)
			} else {
				walk[q] = true
			}
		}
	}
	for _, q := range charge {
		if !walk[q] {
			return q
		}
	}
	t.Fatal("no square is reached by a charge alone")
	return grid.Square{}
}

// axeSource is axe-core, installed by `make deps` from tools/axe.
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("tools/axe/node_modules/axe-core/axe.min.js")
	if err != nil {
		t.Fatalf("axe-core is missing: run `make deps` (npm ci --prefix tools/axe): %v", err)
	}
	return string(b)
}

// axeClean runs axe-core on the page and fails the test on any violation,
// naming each rule and the elements it found.
func axeClean(t *testing.T, ctx context.Context, state string) {
	t.Helper()
	if !eval[bool](t, ctx, `typeof window.axe === 'object'`) {
		eval[bool](t, ctx, axeSource(t)+";true")
	}
	found := eval[[]string](t, ctx, `axe.run(document, {resultTypes: ['violations']}).then(r =>
		r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' ' + n.failureSummary + JSON.stringify(n.any.concat(n.all).map(c => c.data))).join(' | ')))`)
	for _, v := range found {
		t.Errorf("axe, %s: %s", state, v)
	}
	t.Logf("axe, %s: %d violations", state, len(found))
}

// luminance is the WCAG relative luminance of an "rgb(r, g, b)" colour.
func luminance(t *testing.T, css string) float64 {
	t.Helper()
	var r, g, b float64
	if _, err := fmt.Sscanf(strings.ReplaceAll(css, " ", ""), "rgb(%g,%g,%g)", &r, &g, &b); err != nil {
		t.Fatalf("colour %q: %v", css, err)
	}
	lin := func(c float64) float64 {
		c /= 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(t *testing.T, a, b string) float64 {
	la, lb := luminance(t, a), luminance(t, b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// highlightInks reads, from the computed styles of the page, the colour
// each highlight is drawn in: the patterns' lines and dots, the outlines of
// threatened and dangerous squares, the path, the selection rings, the
// sides' discs. The legend's swatches carry the same classes.
const highlightInks = `(() => {
	const ink = (sel, prop) => { const e = document.querySelector(sel); return e ? getComputedStyle(e)[prop] : 'missing ' + sel; };
	return {
		ground: ink('#board .ground', 'fill'),
		walk: ink('#pat-walk line', 'stroke'),
		charge: ink('#pat-charge circle', 'fill'),
		retreat: ink('#pat-retreat line', 'stroke'),
		danger: ink('#pat-danger line', 'stroke'),
		'danger outline': ink('#legend .danger', 'stroke'),
		threat: ink('#legend .threats', 'stroke'),
		path: ink('#layer-path', 'stroke'),
		selected: ink('#legend .selected .mark', 'stroke'),
		target: ink('#legend .target .mark', 'stroke'),
		striker: ink('#legend .striker .mark', 'stroke'),
		'first side': ink('#legend .ally .disc', 'fill'),
		'other side': ink('#legend .foe .disc', 'fill'),
	};
})()`

// checkContrast measures every highlight against the board's ground and
// fails below 3:1.
func checkContrast(t *testing.T, ctx context.Context) {
	t.Helper()
	inks := eval[map[string]string](t, ctx, highlightInks)
	ground := inks["ground"]
	var names []string
	for k := range inks {
		if k != "ground" {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	var report []string
	for _, k := range names {
		r := contrast(t, inks[k], ground)
		report = append(report, fmt.Sprintf("%s %.2f", k, r))
		if r < 3 {
			t.Errorf("%s (%s) has contrast %.2f:1 against the board (%s), want ≥ 3:1", k, inks[k], r, ground)
		}
	}
	t.Logf("contrast against the board: %s", strings.Join(report, ", "))
}

// smallTargets lists every visible control smaller than 44×44 CSS px,
// with the smallest width and height found.
const smallTargets = `(() => {
	const out = []; let minW = 1e9, minH = 1e9, n = 0;
	for (const e of document.querySelectorAll('button, select, input:not(.hidden), label.button, summary, a[href]')) {
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
		n++; minW = Math.min(minW, r.width); minH = Math.min(minH, r.height);
		if (r.width < 44 || r.height < 44) out.push((e.id || e.className || e.tagName) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
	}
	return {small: out, minW: Math.round(minW), minH: Math.round(minH), n: n};
})()`

// tapTargets holds what smallTargets returns.
type tapTargets struct {
	Small      []string `json:"small"`
	MinW, MinH int
	N          int `json:"n"`
}

// checkTargets fails on any control under 44×44 on a touch screen.
func checkTargets(t *testing.T, ctx context.Context, state string) {
	t.Helper()
	r := eval[tapTargets](t, ctx, smallTargets)
	t.Logf("tap targets, %s: %d controls, smallest %d×%d", state, r.N, r.MinW, r.MinH)
	for _, s := range r.Small {
		t.Errorf("tap target below 44×44, %s: %s", state, s)
	}
}

// TestE2EClarity plays the urchins' fight at the table on a laptop, a
// tablet and a phone: why an attack cannot be made (in words, no IDs, the
// button disabled), a charge-only square named as on the mat, a notice
// that goes with Undo, a trace saying who attacked, the live region, token
// focus with the keyboard, highlights of 3:1 contrast with a legend, tap
// targets of 44×44 on touch screens, zero axe-core violations, and the
// same board in Hebrew, Polish and Kazakh.
func TestE2EClarity(t *testing.T) {
	srv := startServer(t)
	link := urchinsStarted(t)
	far := chargeOnly(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			ctx := newBrowser(t)
			useViewport(t, ctx, vp)
			navigate(t, ctx, srv.URL+"/#"+link)
			poll[bool](t, ctx, `document.querySelector('#token-urchin-1.acting') !== null`, 10*time.Second)
			axeClean(t, ctx, "start")
			if vp.touch {
				checkTargets(t, ctx, "start")
			}

			// Item 1: the guard is two squares away: no attack, said in words.
			tap(t, ctx, grid.Square{X: 5, Y: 3})
			why := poll[string](t, ctx, `(document.getElementById('roll-why') || {}).textContent || false`, 5*time.Second)
			if !eval[bool](t, ctx, `document.getElementById('roll').disabled`) {
				t.Error("the Attack button is enabled although no attack is possible")
			}
			if strings.Contains(why, "urchin-1") || !strings.Contains(why, "Urchin 1") || !strings.Contains(why, "City guard") || !strings.Contains(why, "K-") {
				t.Errorf("reason %q: want the names, no IDs, and the rule", why)
			}
			screenshot(t, ctx, "clarity-"+vp.name+"-no-attack")

			// Item 2: a square only a charge reaches is named as on the mat.
			tap(t, ctx, far)
			blocked := poll[string](t, ctx, `(document.querySelector('#movement .blocked') || {}).textContent || false`, 5*time.Second)
			if !strings.Contains(blocked, far.Name()) || strings.Contains(blocked, "(") && strings.Contains(blocked, ","+strconv.Itoa(far.Y)+")") {
				t.Errorf("charge-only square %s described as %q", far.Name(), blocked)
			}
			// The charge's path is drawn to it, dotted in the charge's colour.
			if pts := poll[string](t, ctx, `document.getElementById('layer-path').getAttribute('data-mode') === 'charge' && document.getElementById('layer-path').getAttribute('points')`, 5*time.Second); len(strings.Fields(pts)) < 2 {
				t.Errorf("charge-only square %s: path points %q", far.Name(), pts)
			}
			screenshot(t, ctx, "clarity-"+vp.name+"-charge-only")
			checkContrast(t, ctx)

			// A move next to the guard, then the attack: the trace says who.
			tap(t, ctx, grid.Square{X: 4, Y: 3})
			tap(t, ctx, grid.Square{X: 4, Y: 3})
			poll[bool](t, ctx, `document.querySelector('#token-urchin-1 .disc').getAttribute('x') === '187'`, 5*time.Second)
			announced := poll[string](t, ctx, `document.getElementById('announce').textContent || false`, 5*time.Second)
			if !strings.Contains(announced, "Urchin 1") {
				t.Errorf("the live region says %q after the move", announced)
			}
			tap(t, ctx, grid.Square{X: 5, Y: 3})
			poll[bool](t, ctx, `!document.getElementById('roll').disabled`, 5*time.Second)
			click(t, ctx, "#roll")
			by := poll[string](t, ctx, `(document.querySelector('#trace .trace-by') || {}).textContent || false`, 5*time.Second)
			if !strings.Contains(by, "Urchin 1") || !strings.Contains(by, "City guard") {
				t.Errorf("trace header %q does not say who attacked whom", by)
			}
			screenshot(t, ctx, "clarity-"+vp.name+"-after-attack")
			axeClean(t, ctx, "after an attack")
			if vp.touch {
				checkTargets(t, ctx, "after an attack")
			}

			// An error notice goes with Undo.
			if err := chromedp.Do(ctx, chromedp.KeyEvent("a")); err != nil {
				t.Fatal(err)
			}
			click(t, ctx, "#undo")
			poll[bool](t, ctx, `document.querySelector('.notice[data-error=true]') === null`, 5*time.Second)

			// Keyboard: the tokens take the focus one at a time.
			if n := eval[int](t, ctx, `document.querySelectorAll('.token[tabindex="0"]').length`); n != 1 {
				t.Errorf("%d tokens in the tab order, want 1 (roving tabindex)", n)
			}
			eval[bool](t, ctx, `(document.querySelector('.token[tabindex="0"]').focus(), true)`)
			first := eval[string](t, ctx, `document.activeElement.dataset.token`)
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
				t.Fatal(err)
			}
			second := poll[string](t, ctx, `document.activeElement.dataset.token !== '`+first+`' && document.activeElement.dataset.token`, 5*time.Second)
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
				t.Fatal(err)
			}
			poll[bool](t, ctx, `document.querySelector('#token-`+second+`').matches('.selected, .target')`, 5*time.Second)
			if !eval[bool](t, ctx, `getComputedStyle(document.querySelector('#token-`+second+` + .fullname')).display !== 'none'`) {
				t.Error("the focused token does not show its full name")
			}
			screenshot(t, ctx, "clarity-"+vp.name+"-keyboard")

			for _, l := range i18n.Langs[1:] {
				chooseLang(t, ctx, l)
				screenshot(t, ctx, "clarity-"+vp.name+"-"+l.String())
				if l == i18n.Hebrew {
					axeClean(t, ctx, "Hebrew")
				}
			}
			chooseLang(t, ctx, i18n.English)
			openTab(t, ctx, "setup")
			click(t, ctx, "#edit-open")
			poll[bool](t, ctx, `document.getElementById('edit-open') === null`, 5*time.Second)
			axeClean(t, ctx, "setup")
		})
	}
}

// TestE2EUnitsAndLabels opens the 5e ambush and the urchins in setup: 5e
// speaks feet everywhere (the scale bar, the speed, the turn's move), its
// four goblins read differently on the board, and the GM's surprise
// control is an action citing 5e's rule; Kaldaria, which has no surprise,
// shows none and speaks metres.
func TestE2EUnitsAndLabels(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "dnd5e-goblin-ambush"))
	poll[bool](t, ctx, `document.getElementById('roll-init') !== null && document.getElementById('token-fighter') !== null`, 10*time.Second)
	click(t, ctx, "#roll-init")
	poll[bool](t, ctx, `document.getElementById('surprise-fighter') !== null`, 10*time.Second)
	en := i18n.English
	if got := eval[string](t, ctx, `document.getElementById('surprise-fighter').textContent + ' | ' + document.getElementById('surprise-fighter').title`); !strings.HasPrefix(got, i18n.T(en, "turn.surprise.mark")) || !strings.Contains(got, "DND-SURP-4") {
		t.Errorf("surprise control reads %q", got)
	}
	if bar := eval[string](t, ctx, `document.querySelector('#scale text').textContent`); bar != "10 ft (1 square = 5 ft)" {
		t.Errorf("5e scale bar %q", bar)
	}
	labels := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .token .name')].map(e => e.textContent)`)
	seen := map[string]bool{}
	for _, l := range labels {
		if seen[l] {
			t.Errorf("two tokens read %q: %q", l, labels)
		}
		seen[l] = true
	}
	click(t, ctx, "#start")
	round := poll[string](t, ctx, `document.querySelector('.token.acting') && document.getElementById('round').textContent`, 5*time.Second)
	acting := eval[string](t, ctx, `document.querySelector('.token.acting').dataset.id`)
	tap(t, ctx, grid.Square{X: 0, Y: 0}) // the empty corner: selects nothing
	eval[bool](t, ctx, `(document.querySelector('#token-`+acting+`').dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true})), true)`)
	summary := poll[string](t, ctx, `(document.getElementById('summary') || {}).textContent || false`, 5*time.Second)
	if !strings.Contains(round, " ft") || !strings.Contains(summary, "speed 30 ft") {
		t.Errorf("5e turn header %q and creature %q: want both in feet", round, summary)
	}
	screenshot(t, ctx, "units-5e")

	navigate(t, ctx, srv.URL+"/#"+scenario(t, "kal-urchins"))
	poll[bool](t, ctx, `document.getElementById('roll-init') !== null && document.getElementById('token-guard') !== null`, 10*time.Second)
	click(t, ctx, "#roll-init")
	poll[bool](t, ctx, `document.querySelector('#tracker li[data-id=guard]') !== null`, 10*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('[id^=surprise-]').length`); n != 0 {
		t.Errorf("Kaldaria shows %d surprise controls, want none", n)
	}
	if bar := eval[string](t, ctx, `document.querySelector('#scale text').textContent`); bar != "5 m (1 square = 2.5 m)" {
		t.Errorf("Kaldaria scale bar %q", bar)
	}
}
