//go:build e2e

package main

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// scenario builds an encounter from a sample, applies setup commands and
// returns its share link, so each browser test starts from a known board.
func scenario(t *testing.T, sample string, cmds ...combat.Command) string {
	t.Helper()
	return linkOf(t, scenarioSession(t, sample, cmds...))
}

// linkOf returns a session's share link.
func linkOf(t *testing.T, sess *combat.Session) string {
	t.Helper()
	link, err := combat.EncodeLink(sess)
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// scenarioSession is scenario's session, before it becomes a link.
func scenarioSession(t *testing.T, sample string, cmds ...combat.Command) *combat.Session {
	t.Helper()
	s, ok := rulesets.Find(sample)
	if !ok {
		t.Fatalf("no sample %q", sample)
	}
	enc, err := s.Build(7)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := combat.NewSession(rulesets.Registry(), enc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		if _, err := sess.Do(c); err != nil {
			t.Fatalf("scenario %s: %s: %v", sample, c.Kind(), err)
		}
	}
	return sess
}

// dairnDuel is the DAIRN sample with the hero next to the bandit sister and
// acting first.
func dairnDuel(t *testing.T) string {
	return scenario(t, "dairn-bandits",
		combat.Reposition{ID: "hero", To: grid.Square{X: 7, Y: 5}},
		combat.SetOrder{Order: []combat.Slot{{Members: []string{"hero"}, Score: 20}, {Members: []string{"large-bandit", "bandit-sister"}, Score: 10}, {Members: []string{"rat-swarm"}, Score: 5}}},
		combat.Start{},
	)
}

// squareXY returns the viewport coordinates of the centre of a square,
// first panning the map's scroller (a phone shows part of the board) so
// the square is in view.
func squareXY(t *testing.T, ctx context.Context, s grid.Square) (float64, float64) {
	t.Helper()
	xy := eval[[]float64](t, ctx, `(() => {
		const b = document.getElementById('board');
		const p = b.createSVGPoint();
		p.x = 24 + `+itoa(s.X)+` * 40 + 20; p.y = 24 + `+itoa(s.Y)+` * 40 + 20;
		let q = p.matrixTransform(b.getScreenCTM());
		const w = b.closest('.mapwrap'), r = w.getBoundingClientRect();
		if (q.x < r.left + 24 || q.x > r.right - 24 || q.y < r.top + 60 || q.y > r.bottom - 24) {
			w.scrollLeft += q.x - (r.left + r.width / 2);
			w.scrollTop += q.y - (r.top + r.height / 2);
			q = p.matrixTransform(b.getScreenCTM());
		}
		return [q.x, q.y];
	})()`)
	return xy[0], xy[1]
}

func itoa(n int) string { return strconv.Itoa(n) }

// mouse dispatches one mouse event at a square.
func mouse(t *testing.T, ctx context.Context, typ input.DispatchMouseEventType, s grid.Square) {
	t.Helper()
	x, y := squareXY(t, ctx, s)
	p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1}
	if typ == input.DispatchMouseEventTypeMouseMoved {
		p.Buttons = 1
	}
	if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, p); err != nil {
		t.Fatal(err)
	}
}

// tap clicks a square.
func tap(t *testing.T, ctx context.Context, s grid.Square) {
	mouse(t, ctx, input.DispatchMouseEventTypeMousePressed, s)
	mouse(t, ctx, input.DispatchMouseEventTypeMouseReleased, s)
}

// click clicks the element css names with the mouse, at its centre, once
// that point shows the element itself: a panel on its way out or a layout
// that is still moving would otherwise take the click.
func click(t *testing.T, ctx context.Context, css string) {
	t.Helper()
	js := `(() => { const el = document.querySelector(` + jsString(css) + `); if (!el) return null;
		el.scrollIntoView({block: 'nearest', inline: 'nearest'});
		const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
		const hit = document.elementFromPoint(x, y);
		return hit && (hit === el || el.contains(hit)) ? [x, y] : null; })()`
	for end := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		// An evaluation that fails while a page loads is tried again.
		if at, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](js)); err == nil && len(at) == 2 {
			if err := chromedp.Do(ctx, chromedp.MouseClickXY(at[0], at[1])); err != nil {
				t.Fatalf("clicking %s: %v", css, err)
			}
			return
		}
		if time.Now().After(end) {
			t.Fatalf("clicking %s: no such element in view after 15 s", css)
		}
	}
}

// upload picks file in the file input css names.
func upload(t *testing.T, ctx context.Context, css, file string) {
	t.Helper()
	onNode(t, ctx, "picking a file in "+css, chromedp.SetUploadFiles(chromedp.CSS(css), []string{file}))
}

// onNode runs an action on a node of the page. go-app may replace a node
// between the moment it is found and the action (a re-render swaps it), so
// an action whose node vanished is tried again on the new one.
func onNode(t *testing.T, ctx context.Context, what string, action chromedp.Action[chromedp.Void]) {
	t.Helper()
	var err error
	for try := 0; try < 5; try++ {
		if err = chromedp.Do(ctx, action); err == nil || !strings.Contains(err.Error(), "Could not find node") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// TestE2EAttackUndoRedoReloadShare runs a DAIRN attack with seeded dice:
// odds before the roll, trace and log after; undo restores HP, redo
// reapplies; a reload brings the autosave back; the share link opens the
// same board offline in another tab; a damaged link changes nothing.
func TestE2EAttackUndoRedoReloadShare(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+dairnDuel(t))
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)

	tap(t, ctx, grid.Square{X: 8, Y: 5}) // target the bandit sister
	poll[bool](t, ctx, `document.querySelectorAll('#odds .chance').length > 0`, 5*time.Second)
	odds := eval[string](t, ctx, `document.getElementById('odds').textContent`)
	if !strings.Contains(odds, "%") {
		t.Fatalf("odds panel shows no percentages: %q", odds)
	}
	hp0 := eval[int](t, ctx, `+document.getElementById('token-bandit-sister').dataset.hp`)
	screenshot(t, ctx, "table-odds")

	click(t, ctx, "#roll")
	// DAIRN declares the attack; it is rolled when the hero's side ends its phase.
	poll[bool](t, ctx, `document.querySelector('#rounds .declared') !== null`, 5*time.Second)
	click(t, ctx, "#end-turn")
	poll[bool](t, ctx, `document.querySelectorAll('#trace .step').length > 0`, 5*time.Second)
	if rules := eval[int](t, ctx, `document.querySelectorAll('#trace .rule').length`); rules == 0 {
		t.Error("the trace cites no rule IDs")
	}
	hp1 := eval[int](t, ctx, `+document.getElementById('token-bandit-sister').dataset.hp`)
	if hp1 >= hp0 {
		t.Fatalf("the attack did not change HP: %d → %d", hp0, hp1)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#log li[data-type=phaseHitResolved]').length`); n != 1 {
		t.Errorf("%d attack lines in the log, want 1", n)
	}
	screenshot(t, ctx, "table-trace")

	click(t, ctx, "#undo")
	poll[bool](t, ctx, `+document.getElementById('token-bandit-sister').dataset.hp === `+itoa(hp0), 5*time.Second)
	click(t, ctx, "#redo")
	poll[bool](t, ctx, `+document.getElementById('token-bandit-sister').dataset.hp === `+itoa(hp1), 5*time.Second)

	navigate(t, ctx, srv.URL+"/")
	poll[bool](t, ctx, `+document.getElementById('token-bandit-sister').dataset.hp === `+itoa(hp1), 10*time.Second)

	// A damaged autosave of an earlier version is reported and kept in the
	// library, never dropped; the fight reopens.
	eval[bool](t, ctx, `(localStorage.setItem('battlemat/save', JSON.stringify('{"format":"battlemat-save","version":1,"start":')), true)`)
	navigate(t, ctx, srv.URL+"/")
	poll[bool](t, ctx, `document.querySelector('#notice[data-error=true]') !== null`, 5*time.Second)
	click(t, ctx, "#library-toggle")
	poll[bool](t, ctx, `document.querySelectorAll('#damaged li').length === 1`, 5*time.Second)
	if hp := eval[int](t, ctx, `+document.getElementById('token-bandit-sister').dataset.hp`); hp != hp1 {
		t.Errorf("after a damaged slot the fight did not reopen: HP %d, want %d", hp, hp1)
	}
	screenshot(t, ctx, "table-damaged-save")
	closeLibrary(t, ctx)
	navigate(t, ctx, srv.URL+"/#"+dairnDuel(t)) // back to the fight, then redo the attack
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)
	tap(t, ctx, grid.Square{X: 8, Y: 5})
	click(t, ctx, "#roll")
	poll[bool](t, ctx, `document.querySelector('#rounds .declared') !== null`, 5*time.Second)
	click(t, ctx, "#end-turn")
	poll[bool](t, ctx, `+document.getElementById('token-bandit-sister').dataset.hp === `+itoa(hp1), 5*time.Second)

	navigate(t, ctx, srv.URL+"/#v1.this-is-not-a-link")
	poll[bool](t, ctx, `document.querySelector('#notice[data-error=true]') !== null`, 5*time.Second)
	if h := eval[string](t, ctx, `location.hash`); h != "" {
		t.Errorf("a link that failed to open stays in the address bar: %q", h)
	}
	if got := eval[int](t, ctx, `+document.getElementById('token-bandit-sister').dataset.hp`); got != hp1 {
		t.Errorf("a damaged link changed the board: HP %d, want %d", got, hp1)
	}
	screenshot(t, ctx, "table-damaged-link")

	click(t, ctx, "#share")
	link := poll[string](t, ctx, `(document.getElementById('shared') || {}).value || false`, 5*time.Second)
	poll[bool](t, ctx, `navigator.serviceWorker.controller !== null`, 30*time.Second)
	srv.Close()

	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	// A new device has no autosave: clear the origin's storage from a
	// cached file before the app loads.
	if err := chromedp.Do(tab, chromedp.Navigate(srv.URL+"/web/icon.svg")); err != nil {
		t.Fatal(err)
	}
	eval[bool](t, tab, `(localStorage.clear(), true)`)
	navigate(t, tab, link)
	poll[bool](t, tab, `!location.hash && document.getElementById('token-bandit-sister') !== null && +document.getElementById('token-bandit-sister').dataset.hp === `+itoa(hp1), 15*time.Second)
	screenshot(t, tab, "table-shared-offline")
}

// TestE2EKeyboardAndHostileName plays with the keyboard only, and checks a
// creature named like markup renders as text.
func TestE2EKeyboardAndHostileName(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	dialogs := 0
	go func() {
		for range chromedp.Events(ctx, page.JavascriptDialogOpening) {
			dialogs++
		}
	}()
	evil := `<img src=x onerror=alert(1)>`
	link := scenario(t, "dairn-bandits",
		combat.Reposition{ID: "hero", To: grid.Square{X: 6, Y: 5}},
		combat.Edit{Spec: combat.Spec{ID: "bandit-sister", Name: evil, Side: "bandits", Pos: grid.Square{X: 8, Y: 5}, Profile: mustProfile(t, "dairn-bandits", "bandit-sister")}},
		combat.SetOrder{Order: []combat.Slot{{Members: []string{"hero"}, Score: 20}, {Members: []string{"large-bandit", "bandit-sister"}, Score: 10}, {Members: []string{"rat-swarm"}, Score: 5}}},
		combat.Start{},
	)
	navigate(t, ctx, srv.URL+"/#"+link)
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	poll[bool](t, ctx, `document.querySelector('#log li[data-type=moved]') !== null`, 5*time.Second)
	for i := 0; i < 4; i++ { // cycle targets until the renamed sister is the target
		if err := chromedp.Do(ctx, chromedp.KeyEvent("t"), chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		if eval[bool](t, ctx, `document.querySelector('#token-bandit-sister.target') !== null`) {
			break
		}
	}
	if name := eval[string](t, ctx, `(document.getElementById('target-name') || {}).textContent || ''`); name != evil {
		t.Fatalf("target name rendered as %q, want the literal text %q", name, evil)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	// DAIRN's side phase (CA-ALG-A): Enter declares the attack; it is
	// rolled when the side's last turn ends.
	poll[bool](t, ctx, `document.querySelector('#log li[data-type=attackDeclared]') !== null`, 5*time.Second)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("e")); err != nil {
		t.Fatal(err)
	}
	poll[bool](t, ctx, `document.querySelector('#log li[data-type=phaseHitResolved]') !== null`, 5*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('img[src=x]').length`); n != 0 || dialogs != 0 {
		t.Errorf("markup in a name became an element (%d) or ran (%d dialogs)", n, dialogs)
	}
	screenshot(t, ctx, "table-keyboard")
}

// mustProfile returns the stat block of a sample's combatant.
func mustProfile(t *testing.T, sample, id string) []byte {
	t.Helper()
	s, _ := rulesets.Find(sample)
	enc, err := s.Build(1)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := enc.Combatant(id)
	if !ok {
		t.Fatalf("no %s in %s", id, sample)
	}
	return c.Profile
}

// TestE2ETouchDrag moves a token with a touch drag.
func TestE2ETouchDrag(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 1}); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, srv.URL+"/#"+dairnDuel(t))
	poll[bool](t, ctx, `document.querySelector('#token-hero.acting') !== null`, 10*time.Second)
	touch := func(typ input.DispatchTouchEventType, s *grid.Square) {
		p := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{}}
		if s != nil {
			x, y := squareXY(t, ctx, *s)
			p.TouchPoints = []*input.TouchPoint{{X: x, Y: y}}
		}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, p); err != nil {
			t.Fatal(err)
		}
	}
	from, mid, to := grid.Square{X: 7, Y: 5}, grid.Square{X: 6, Y: 5}, grid.Square{X: 5, Y: 4}
	touch(input.DispatchTouchEventTypeTouchStart, &from)
	touch(input.DispatchTouchEventTypeTouchMove, &mid)
	touch(input.DispatchTouchEventTypeTouchMove, &to)
	poll[bool](t, ctx, `(document.getElementById('layer-path').getAttribute('points') || '').split(' ').length >= 2`, 5*time.Second)
	touch(input.DispatchTouchEventTypeTouchEnd, nil)
	poll[bool](t, ctx, `document.querySelector('#log li[data-type=moved]') !== null`, 5*time.Second)
	screenshot(t, ctx, "table-touch")
}

// TestE2EEditor edits a stat block in setup: an impossible value is refused
// at the field and changes nothing; duplicate adds a creature; walls draw.
func TestE2EEditor(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "dairn-bandits"))
	poll[bool](t, ctx, `document.getElementById('token-hero') !== null`, 10*time.Second)
	tokens := eval[int](t, ctx, `document.querySelectorAll('.token').length`)
	openTab(t, ctx, "setup")
	click(t, ctx, "#edit-open")
	tap(t, ctx, grid.Square{X: 3, Y: 4}) // select the hero
	poll[bool](t, ctx, `(document.getElementById('ed-name') || {}).value === 'hero'`, 5*time.Second)
	eval[bool](t, ctx, `(() => { const ta = document.getElementById('ed-profile');
		ta.value = ta.value.replace(/"maxHP": \d+/, '"maxHP": -4'); ta.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
	click(t, ctx, "#ed-save")
	msg := poll[string](t, ctx, `(document.getElementById('ed-error') || {}).textContent || false`, 5*time.Second)
	t.Logf("refused stat block: %s", msg)
	// The error comes above the buttons without building them again: the
	// button pressed keeps the focus (holder).
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "ed-save" {
		t.Errorf("after the refusal the focus is on %q, not on the Save button", id)
	}
	if hp := eval[string](t, ctx, `document.getElementById('token-hero').dataset.hp`); hp != "3" {
		t.Errorf("a refused edit changed the hero: HP %s", hp)
	}
	click(t, ctx, "#ed-duplicate")
	poll[bool](t, ctx, `document.querySelectorAll('.token').length === `+itoa(tokens+1), 5*time.Second)
	click(t, ctx, "#walls")
	walls := eval[int](t, ctx, `((document.getElementById('layer-walls').getAttribute('d') || '').match(/M/g) || []).length`)
	tap(t, ctx, grid.Square{X: 0, Y: 0})
	poll[bool](t, ctx, `((document.getElementById('layer-walls').getAttribute('d') || '').match(/M/g) || []).length === `+itoa(walls+1), 5*time.Second)
	screenshot(t, ctx, "table-editor")

	// From the keyboard: the walls typed into the wall field, the tapped one
	// among them, and a name that is not a square's told and changing nothing.
	typeWalls := func(text string) {
		eval[bool](t, ctx, `(() => { const i = document.getElementById('wall-squares'); i.value = `+jsString(text)+`; i.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)
	}
	field := poll[string](t, ctx, `(document.getElementById('wall-squares') || {}).value || false`, 5*time.Second)
	if !strings.HasPrefix(field, "A1") {
		t.Fatalf("the wall field reads %q, without the tapped A1", field)
	}
	typeWalls(field + ", c1 b1")
	poll[bool](t, ctx, `((document.getElementById('layer-walls').getAttribute('d') || '').match(/M/g) || []).length === `+itoa(walls+3), 5*time.Second)
	poll[bool](t, ctx, `document.getElementById('wall-squares').value.startsWith('A1, B1, C1')`, 5*time.Second)
	typeWalls("A1 1A")
	poll[bool](t, ctx, `(document.getElementById('notice') || {textContent: ''}).textContent.includes('1A')`, 5*time.Second)
	if n := eval[int](t, ctx, `((document.getElementById('layer-walls').getAttribute('d') || '').match(/M/g) || []).length`); n != walls+3 {
		t.Errorf("a bad wall name changed the walls: %d drawn, want %d", n, walls+3)
	}
	eval[bool](t, ctx, `document.getElementById('wall-squares').scrollIntoView({block: 'center'}), true`)
	screenshot(t, ctx, "table-editor-walls-typed")
}

// TestE2EResetMoveAfterTurns moves two creatures on consecutive turns and
// resets the second one's move: the button must act on whoever acts now,
// not on whoever acted when it was first drawn. The charge mode is toggled
// on and off the same way.
func TestE2EResetMoveAfterTurns(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "dairn-bandits", combat.RollInitiative{}, combat.Start{}))
	poll[bool](t, ctx, `document.querySelector('.token.acting') !== null`, 10*time.Second)
	moves := func() int { return eval[int](t, ctx, `document.querySelectorAll('#log li[data-type=moved]').length`) }
	step := func() {
		t.Helper()
		before := moves()
		for _, k := range []string{kb.ArrowDown, kb.ArrowUp, kb.ArrowLeft, kb.ArrowRight} {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(k), chromedp.Sleep(200*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
			if moves() > before {
				return
			}
		}
		t.Fatal("the acting creature could not step in any direction")
	}
	step()
	first := eval[string](t, ctx, `document.querySelector('.token.acting').dataset.id`)
	click(t, ctx, "#end-turn")
	poll[bool](t, ctx, `document.querySelector('.token.acting') && document.querySelector('.token.acting').dataset.id !== '`+first+`'`, 5*time.Second)
	second := eval[string](t, ctx, `document.querySelector('.token.acting').dataset.id`)
	step()
	click(t, ctx, "#reset-move")
	poll[bool](t, ctx, `document.querySelector('#log li[data-type=moveReset]') !== null`, 5*time.Second)
	if bad := eval[bool](t, ctx, `document.querySelector('#notice[data-error=true]') !== null`); bad {
		t.Errorf("reset move failed: %s", eval[string](t, ctx, `document.getElementById('notice').textContent`))
	}
	if acting := eval[string](t, ctx, `document.querySelector('.token.acting').dataset.id`); acting != second {
		t.Errorf("after the reset %q acts, want %q", acting, second)
	}

	// A Kaldaria charge switched on and off with the same button.
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "kal-robin"))
	poll[bool](t, ctx, `document.getElementById('mode-charging') !== null`, 5*time.Second)
	for _, want := range []string{"true", "false", "true"} {
		click(t, ctx, "#mode-charging")
		poll[bool](t, ctx, `document.getElementById('mode-charging').getAttribute('aria-pressed') === '`+want+`'`, 5*time.Second)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#log li[data-type=conditionAdded], #log li[data-type=conditionRemoved]').length`); n != 3 {
		t.Errorf("%d condition changes logged, want 3", n)
	}
}

// TestE2ENoticeKeepsTable: a notice that appears or is dismissed leaves
// the board and the side column where they are. go-app matches a
// component's children by position, so a notice that came and went as a
// child of its own used to shift the stage one place and have the whole
// stage built again: the focus, the scroll and an event under way (a
// picked file) were lost with the old one.
func TestE2ENoticeKeepsTable(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/")
	if eval[bool](t, ctx, `document.getElementById('notice') !== null`) {
		click(t, ctx, "#notice .linkish")
	}
	poll[bool](t, ctx, `document.getElementById('notice') === null`, 5*time.Second)
	eval[bool](t, ctx, `(window.kept = ['main.stage', '#board', 'aside.side', '#zoom-in'].map((s) => document.querySelector(s)), window.kept.every(Boolean))`)
	const same = `window.kept.filter((e) => !e.isConnected).map((e) => e.id || e.className)`
	click(t, ctx, "#share")
	poll[bool](t, ctx, `document.getElementById('notice') !== null`, 5*time.Second)
	if gone := eval[[]string](t, ctx, same); len(gone) > 0 {
		t.Errorf("a notice appearing built again: %q", gone)
	}
	click(t, ctx, "#notice .linkish")
	poll[bool](t, ctx, `document.getElementById('notice') === null`, 5*time.Second)
	if gone := eval[[]string](t, ctx, same); len(gone) > 0 {
		t.Errorf("a notice dismissed built again: %q", gone)
	}
}
