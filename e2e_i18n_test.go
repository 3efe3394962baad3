//go:build e2e

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/rulesets"
)

// mixedName is a creature name that mixes Hebrew, Latin letters and a
// number, the kind that scrambles in tools without bidi isolation.
const mixedName = "גורג Grog 3"

// corridorFight is the Kaldaria corridor fight at the fourth raider's turn,
// with that raider renamed to mixedName when rename is set.
func corridorFight(t *testing.T, rename bool) (link string, captain grid.Square) {
	t.Helper()
	var cmds []combat.Command
	if rename {
		cmds = append(cmds, combat.Edit{Spec: combat.Spec{ID: "raider-4", Name: mixedName, Side: "raiders",
			Pos: grid.Square{X: 7, Y: 3}, Profile: mustProfile(t, "kal-corridor", "raider-4")}})
	}
	link = scenario(t, "kal-corridor", cmds...)
	sess, err := combat.DecodeLink(rulesets.Registry(), link)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := sess.State().Combatant("captain")
	return link, c.Pos
}

// e2eGlossary returns the glossary of the shipped ruleset with the given
// ID, the words the page shows for its keys.
func e2eGlossary(id string) *combat.Glossary { return rulesets.Registry().Glossary(id) }

// chooseLang picks l in the language switch, as a user would, and waits
// for the page to speak it.
func chooseLang(t *testing.T, ctx context.Context, l i18n.Lang) {
	t.Helper()
	eval[bool](t, ctx, `(() => {
		const s = document.getElementById('lang');
		s.value = '`+l.String()+`';
		s.dispatchEvent(new Event('change', {bubbles: true}));
		return true;
	})()`)
	poll[bool](t, ctx, `document.documentElement.lang === '`+l.String()+`' && document.getElementById('export').textContent === `+jsString(i18n.T(l, "bar.export")), 5*time.Second)
}

// jsString quotes s for JavaScript source.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// attackCaptain targets the captain and makes the attack, leaving the
// odds and the trace on screen.
func attackCaptain(t *testing.T, ctx context.Context, captain grid.Square) {
	t.Helper()
	poll[bool](t, ctx, `document.querySelector('#token-raider-4.acting') !== null`, 10*time.Second)
	tap(t, ctx, captain)
	poll[bool](t, ctx, `document.querySelectorAll('#odds .chance').length > 0`, 5*time.Second)
	click(t, ctx, "#roll")
	poll[bool](t, ctx, `document.querySelector('#trace .step') !== null`, 5*time.Second)
}

// TestE2ELocales runs a Kaldaria fight in each language through the
// language switch: the page's lang and dir follow, the chrome and the
// trace speak the language with the ruleset's dice, and the choice
// survives a reload.
func TestE2ELocales(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	link, captain := corridorFight(t, false)
	navigate(t, ctx, srv.URL+"/#"+link)
	if lang := eval[string](t, ctx, `document.documentElement.lang + ' ' + document.documentElement.dir`); lang != "en ltr" {
		t.Errorf("default page is %q, want English left to right", lang)
	}
	attackCaptain(t, ctx, captain)
	for _, l := range []i18n.Lang{i18n.Hebrew, i18n.Polish, i18n.Kazakh, i18n.English} {
		t.Run(l.String(), func(t *testing.T) {
			chooseLang(t, ctx, l)
			if dir := eval[string](t, ctx, `document.documentElement.dir`); dir != i18n.Dir(l) {
				t.Errorf("dir %q, want %q", dir, i18n.Dir(l))
			}
			for sel, want := range map[string]string{
				"#undo":           i18n.T(l, "bar.undo"),
				"#attack h2":      i18n.T(l, "attack.title"),
				"#tracker h2":     i18n.T(l, "turn.title"),
				"#edit-open":      i18n.T(l, "edit.open"),
				"#movement h2":    i18n.T(l, "move.title"),
				"#log-filter":     i18n.T(l, "log.filter.all"),
				"#tier strong":    i18n.T(l, "target.from", "tier", i18n.Label(l, e2eGlossary(encounter.RulesetID), "flank")),
				"#samples option": i18n.T(l, "bar.samples"),
			} {
				got := eval[string](t, ctx, `(document.querySelector('`+sel+`') || {}).textContent || ''`)
				if !strings.HasPrefix(got, want) {
					t.Errorf("%s = %q, want %q", sel, got, want)
				}
			}
			die := i18n.Dice(l, e2eGlossary(encounter.RulesetID), 20)
			if trace := eval[string](t, ctx, `document.getElementById('trace').textContent`); !strings.Contains(trace, die) {
				t.Errorf("the trace does not write the d20 as %q: %q", die, trace)
			}
			result := eval[string](t, ctx, `document.querySelector('#trace .result').textContent`)
			if miss, hit := i18n.T(l, "attack.result.miss"), i18n.Parts(l, "attack.result.hit", "n", 1)[0].Text; result != miss && !strings.HasPrefix(result, hit) {
				t.Errorf("result %q, want %q or %q…", result, miss, hit)
			}
			odds := eval[[]string](t, ctx, `[...document.querySelectorAll('#odds .chance')].map(e => e.dataset.key + '=' + e.querySelector('.k').textContent)`)
			for _, row := range odds {
				key, label, _ := strings.Cut(row, "=")
				if want := i18n.Label(l, e2eGlossary(encounter.RulesetID), key); label != want {
					t.Errorf("odds row %s reads %q, want %q", key, label, want)
				}
			}
			if len(odds) == 0 {
				t.Error("no odds on screen")
			}
			screenshot(t, ctx, "i18n-"+l.String())
			eval[bool](t, ctx, `(document.getElementById('attack').scrollIntoView(), true)`)
			screenshot(t, ctx, "i18n-"+l.String()+"-attack")
			eval[bool](t, ctx, `(document.querySelector('.side').scrollTop = 0, true)`)
		})
	}
	chooseLang(t, ctx, i18n.Hebrew)
	if stored := eval[string](t, ctx, `localStorage.getItem('battlemat/lang') || ''`); !strings.Contains(stored, "he") {
		t.Errorf("the choice is stored as %q", stored)
	}
	navigate(t, ctx, srv.URL+"/")
	poll[bool](t, ctx, `document.documentElement.lang === 'he' && document.documentElement.dir === 'rtl' && document.getElementById('undo').textContent === `+jsString(i18n.T(i18n.Hebrew, "bar.undo")), 10*time.Second)
}

// TestE2ELangFromBrowser opens the app in a browser whose preferred
// languages are Kazakh, then Russian: with no stored choice, the page
// speaks Kazakh.
func TestE2ELangFromBrowser(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	ua := eval[string](t, ctx, `navigator.userAgent`)
	if _, err := chromedp.Call(ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: "kk-KZ,ru"}); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, srv.URL+"/")
	if langs := eval[string](t, ctx, `navigator.languages.join(',')`); !strings.HasPrefix(langs, "kk") {
		t.Fatalf("the browser reports languages %q; the emulation did not take", langs)
	}
	poll[bool](t, ctx, `document.documentElement.lang === 'kk' && document.documentElement.dir === 'ltr' && document.getElementById('undo').textContent === `+jsString(i18n.T(i18n.Kazakh, "bar.undo")), 10*time.Second)
	if sel := eval[string](t, ctx, `document.getElementById('lang').value`); sel != "kk" {
		t.Errorf("the language switch shows %q", sel)
	}
}

// charBoxesJS defines boxes(el): the screen box of each character of el's
// text, measured with a Range over its text nodes.
const charBoxesJS = `const boxes = (el) => {
	const out = [];
	const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		for (let i = 0; i < n.data.length; i++) {
			const r = document.createRange();
			r.setStart(n, i); r.setEnd(n, i + 1);
			const b = r.getBoundingClientRect();
			out.push({c: n.data[i], l: b.left, r: b.right, y: b.top});
		}
	}
	return out;
};`

// visual returns el's visible characters in their on-screen order, left to
// right, as the reader sees them (direction marks dropped).
func visual(t *testing.T, ctx context.Context, selector string) string {
	t.Helper()
	return eval[string](t, ctx, `(() => {`+charBoxesJS+`
		const el = document.querySelector(`+jsString(selector)+`);
		if (!el) return '';
		return boxes(el).filter(b => b.r > b.l).sort((a, b) => a.l - b.l).map(b => b.c).join('');
	})()`)
}

// TestE2EBidi renders a creature named in Hebrew, Latin letters and a
// number on the Hebrew page and checks the order the reader sees: the
// Hebrew word rightmost, the Latin word and its number left to right, with
// nothing of the surrounding text inside. The trace's "ק20"
// and the English page's "THAC10" stay whole.
func TestE2EBidi(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	link, captain := corridorFight(t, true)
	navigate(t, ctx, srv.URL+"/#"+link)
	attackCaptain(t, ctx, captain)
	chooseLang(t, ctx, i18n.Hebrew)
	// In a right-to-left isolate the Hebrew word comes first from the right
	// (so its letters appear reversed when read off left to right), then
	// "Grog 3" as one left-to-right run: the number stays after the Latin
	// word it follows.
	const seen = "Grog 3 " + "ג" + "ר" + "ו" + "ג"
	for _, sel := range []string{"#selected-name", `#tracker li[data-id="raider-4"] .who`} {
		if got := visual(t, ctx, sel); got != seen {
			t.Errorf("%s shows %q left to right, want %q", sel, got, seen)
		}
	}
	// The name's box holds only the name: the tracker row's HP and score
	// sit wholly outside it.
	apart := eval[bool](t, ctx, `(() => {
		const row = document.querySelector('#tracker li[data-id="raider-4"]');
		const n = row.querySelector('.who').getBoundingClientRect();
		return [...row.querySelectorAll('.hp, .score')].every(e => {
			const b = e.getBoundingClientRect();
			return b.right <= n.left + 0.5 || b.left >= n.right - 0.5;
		});
	})()`)
	if !apart {
		t.Error("the tracker's numbers overlap the mixed name")
	}
	// Each log line naming the raider keeps the name in one block on
	// screen: no character of the sentence around it lands inside.
	logName := eval[string](t, ctx, `(() => {`+charBoxesJS+`
		const names = [...document.querySelectorAll('#log bdi')].filter(e => e.textContent === `+jsString(mixedName)+`);
		if (names.length === 0) return 'no <bdi> with the name';
		for (const b of names) {
			const inner = boxes(b).filter(x => x.r > x.l);
			const lo = Math.min(...inner.map(x => x.l)), hi = Math.max(...inner.map(x => x.r));
			const li = b.closest('li');
			const outer = boxes(li).filter(x => x.r > x.l && !inner.some(y => y.l === x.l && y.c === x.c && y.y === x.y));
			const intruder = outer.find(x => Math.abs(x.y - inner[0].y) < 4 && x.l + 0.5 < hi && x.r - 0.5 > lo);
			if (intruder) return 'the name in "' + li.textContent + '" has "' + intruder.c + '" inside it';
		}
		return 'ok';
	})()`)
	if logName != "ok" {
		t.Errorf("log: %s", logName)
	}

	// The legend's counted lines ("{band}: {n} squares") keep every digit
	// of the count in its own <bdi>, like the names around it.
	loose := eval[[]string](t, ctx, `[...document.querySelectorAll('#legend .band-line')].flatMap(li => {
		const w = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
		const out = [];
		for (let n = w.nextNode(); n; n = w.nextNode()) if (!n.parentElement.closest('bdi') && /\d/.test(n.data)) out.push(li.textContent);
		return out;
	})`)
	if n := eval[int](t, ctx, `document.querySelectorAll('#legend .band-line').length`); n == 0 {
		t.Error("no counted line in the legend")
	}
	if len(loose) > 0 {
		t.Errorf("counted legend lines with a number outside a <bdi>: %q", loose)
	}

	// The die of the trace: "ק" read first (rightmost), the 20 left to right.
	// The trace's steps are shown when its summary is opened.
	eval[bool](t, ctx, `(document.querySelectorAll('details.trace').forEach(d => d.open = true), true)`)
	die := i18n.Dice(i18n.Hebrew, e2eGlossary(encounter.RulesetID), 20)
	got := eval[string](t, ctx, `(() => {`+charBoxesJS+`
		const b = [...document.querySelectorAll('#trace bdi')].find(e => e.textContent === `+jsString(die)+`);
		return b ? boxes(b).sort((x, y) => x.l - y.l).map(x => x.c).join('') : '';
	})()`)
	if got != "20ק" {
		t.Errorf("the die %q shows %q left to right, want %q", die, got, "20ק")
	}
	// Signed modifiers keep their sign in front of the number, in the tier
	// line and in the trace alike.
	signs := eval[[]string](t, ctx, `(() => {`+charBoxesJS+`
		return [...document.querySelectorAll('#tier bdi, #trace bdi')].filter(e => /^\u200e?[+-]\d+$/.test(e.textContent))
			.map(e => boxes(e).filter(x => x.r > x.l).sort((a, b) => a.l - b.l).map(x => x.c).join(''));
	})()`)
	if len(signs) == 0 {
		t.Error("no signed modifier found in the tier line or the trace")
	}
	for _, s := range signs {
		if s[0] != '+' && s[0] != '-' {
			t.Errorf("a signed modifier reads %q on screen", s)
		}
	}
	// A step's rule ID stays left to right and keeps to its own box.
	rule := visual(t, ctx, "#trace .step .rule")
	if rule == "" || !strings.HasPrefix(rule, "K-") {
		t.Errorf("the first rule ID reads %q on screen", rule)
	}
	screenshot(t, ctx, "i18n-bidi-he")

	// On the English page the native term follows the English one, and
	// "THAC10" keeps its letters and number in order.
	chooseLang(t, ctx, i18n.English)
	thac := eval[string](t, ctx, `(() => {`+charBoxesJS+`
		const b = [...document.querySelectorAll('#trace bdi')].find(e => e.textContent.startsWith('THAC10 ('));
		if (!b) return '';
		const bs = boxes(b).filter(x => x.r > x.l);
		const head = bs.slice(0, 6);
		const ordered = head.every((x, i) => i === 0 || x.l >= head[i-1].l);
		const hebrew = bs.filter(x => /[\u0590-\u05ff]/.test(x.c));
		const after = hebrew.every(x => x.l > head[5].r);
		return head.map(x => x.c).join('') + (ordered ? ' ordered' : ' scrambled') + (after ? ' native-after' : ' native-inside');
	})()`)
	if thac != "THAC10 ordered native-after" {
		t.Errorf("the English trace shows %q for the THAC10 step", thac)
	}
	screenshot(t, ctx, "i18n-bidi-en")
}

// TestE2ERTLKeepsMap checks the Hebrew layout: the side panel moves to the
// left of the board, but the map does not mirror — column A stays left of
// column B and a token's screen x grows with its square's x.
func TestE2ERTLKeepsMap(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	link, _ := corridorFight(t, false)
	navigate(t, ctx, srv.URL+"/#"+link)
	layout := func() (sideLeft, colsOK, tokensOK bool) {
		r := eval[[]bool](t, ctx, `(() => {
			const board = document.getElementById('board').getBoundingClientRect();
			const side = document.querySelector('.side').getBoundingClientRect();
			const coord = (s) => [...document.querySelectorAll('#board .coord')].find(e => e.textContent === s).getBoundingClientRect();
			const toks = [...document.querySelectorAll('#board .token')].map(g => ({
				x: +g.querySelector('.disc').getAttribute('x'), left: g.querySelector('.disc').getBoundingClientRect().left}));
			toks.sort((a, b) => a.x - b.x);
			const grows = toks.length > 2 && toks.every((t, i) => i === 0 || (t.x === toks[i-1].x ? Math.abs(t.left - toks[i-1].left) < 1 : t.left > toks[i-1].left));
			return [side.right <= board.left + 1, coord('A').left < coord('B').left && coord('B').left < coord('C').left, grows];
		})()`)
		return r[0], r[1], r[2]
	}
	if sideLeft, _, _ := layout(); sideLeft {
		t.Fatal("in English the side panel is already left of the board; the check below would prove nothing")
	}
	chooseLang(t, ctx, i18n.Hebrew)
	sideLeft, colsOK, tokensOK := layout()
	if !sideLeft {
		t.Error("in Hebrew the side panel did not move to the left of the board")
	}
	if !colsOK {
		t.Error("in Hebrew the columns do not run A, B, C from left to right")
	}
	if !tokensOK {
		t.Error("in Hebrew a token's screen x does not grow with its square's x")
	}
	if dir := eval[string](t, ctx, `getComputedStyle(document.getElementById('board')).direction`); dir != "ltr" {
		t.Errorf("the board's direction is %q", dir)
	}
	screenshot(t, ctx, "i18n-rtl-layout")
}
