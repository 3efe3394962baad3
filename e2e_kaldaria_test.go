//go:build e2e

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// TestE2EOpportunityBeforeDrop drags Miss Robin past the thugs: before the
// drop the board marks the square that provokes and the thug who would
// strike, with the rule; after the drop the thug is offered the attack.
func TestE2EOpportunityBeforeDrop(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "kal-robin", // the positions this test walks past
		combat.Reposition{ID: "robin", To: grid.Square{X: 1, Y: 2}},
		combat.Reposition{ID: "thug-1", To: grid.Square{X: 2, Y: 1}},
		combat.Reposition{ID: "thug-2", To: grid.Square{X: 4, Y: 3}},
		combat.Reposition{ID: "thug-3", To: grid.Square{X: 6, Y: 3}},
	))
	poll[bool](t, ctx, `document.querySelector('#token-robin.acting.selected') !== null`, 10*time.Second)
	mouse(t, ctx, input.DispatchMouseEventTypeMousePressed, grid.Square{X: 1, Y: 2})
	for x := 2; x <= 5; x++ {
		mouse(t, ctx, input.DispatchMouseEventTypeMouseMoved, grid.Square{X: x, Y: 2})
	}
	poll[bool](t, ctx, `+document.getElementById('layer-danger').dataset.count >= 1 && document.querySelector('#token-thug-1.striker') !== null`, 5*time.Second)
	// The board follows the pointer at once; the side panel once it rests.
	if plan := poll[string](t, ctx, `(p => p && p.textContent.includes('Thug 1') && p.textContent)(document.getElementById('plan'))`, 5*time.Second); !strings.Contains(plan, "K-OA") {
		t.Errorf("the plan does not explain the opportunity attack: %q", plan)
	}
	if moved := eval[int](t, ctx, `document.querySelectorAll('#log li[data-type=moved]').length`); moved != 0 {
		t.Fatalf("the token moved before the drop (%d steps)", moved)
	}
	screenshot(t, ctx, "kaldaria-oa-before-drop")
	mouse(t, ctx, input.DispatchMouseEventTypeMouseReleased, grid.Square{X: 5, Y: 2})
	poll[bool](t, ctx, `document.getElementById('oa-take') !== null`, 5*time.Second)
	if odds := eval[int](t, ctx, `document.querySelectorAll('#decision .chance').length`); odds == 0 {
		t.Error("the opportunity attack is offered without its odds")
	}
	screenshot(t, ctx, "kaldaria-oa-offered")
	click(t, ctx, "#oa-take")
	poll[bool](t, ctx, `document.querySelector('#log li[data-type=opportunityTaken]') !== null`, 5*time.Second)
	screenshot(t, ctx, "kaldaria-oa-taken")
}

// TestE2EFlankTier targets the captain, whom three raiders already hold
// in front: the fourth raider attacks from the flank, +3 to hit.
func TestE2EFlankTier(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	link := scenario(t, "kal-corridor")
	sess, err := combat.DecodeLink(rulesets.Registry(), link)
	if err != nil {
		t.Fatal(err)
	}
	captain, _ := sess.State().Combatant("captain")
	navigate(t, ctx, srv.URL+"/#"+link)
	poll[bool](t, ctx, `document.querySelector('#token-raider-4.acting') !== null`, 10*time.Second)
	tap(t, ctx, captain.Pos)
	tier := poll[string](t, ctx, `(document.getElementById('tier') || {}).dataset ? document.getElementById('tier').dataset.tier : false`, 5*time.Second)
	text := eval[string](t, ctx, `document.getElementById('tier').textContent`)
	if tier != "flank" || !strings.Contains(text, "+3") || !strings.Contains(text, "K-FLANK") {
		t.Errorf("tier %q, %q; want the flank with +3 and its rule", tier, text)
	}
	if !eval[bool](t, ctx, `[...document.querySelectorAll('#odds .chance .fill')].some(f => { const r = f.getBoundingClientRect(); return r.width > 1 && r.height > 1; })`) {
		t.Error("the odds bars are drawn empty")
	}
	if st := eval[string](t, ctx, `document.getElementById('standing').textContent`); !strings.Contains(st, "pin capacity") || !strings.Contains(st, " 3/3") || !strings.Contains(st, "K-PIN-3") {
		t.Errorf("standing %q, want the captain's three pins", st)
	}
	// The three raiders in front are pinned by the captain; the captain,
	// whose three pins are all in use, is not overwhelmed until a fourth
	// enemy joins its engagement list by attacking (K-PIN-5).
	if eng := eval[string](t, ctx, `[...document.querySelectorAll('[data-engaged]')].map(e => e.id + ':' + e.dataset.engaged).sort().join(',')`); eng != "token-raider-1:pinned,token-raider-2:pinned,token-raider-3:pinned" {
		t.Errorf("engagement marks %q, want the three front raiders pinned", eng)
	}
	screenshot(t, ctx, "kaldaria-flank")
}

// TestE2ESafestPath plans Miss Robin's way past the thugs twice: the
// shortest path meets three opportunity attacks, "Safest path" finds one
// that meets only one (K-OA-1, the tactics package's SafestPath).
func TestE2ESafestPath(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "kal-robin",
		combat.Reposition{ID: "robin", To: grid.Square{X: 1, Y: 2}},
		combat.Reposition{ID: "thug-1", To: grid.Square{X: 2, Y: 1}},
		combat.Reposition{ID: "thug-2", To: grid.Square{X: 4, Y: 3}},
		combat.Reposition{ID: "thug-3", To: grid.Square{X: 6, Y: 3}},
	))
	poll[bool](t, ctx, `document.querySelector('#token-robin.acting.selected') !== null`, 10*time.Second)
	strikes := func() int {
		start, dest := grid.Square{X: 1, Y: 2}, grid.Square{X: 6, Y: 1}
		mouse(t, ctx, input.DispatchMouseEventTypeMousePressed, start)
		mouse(t, ctx, input.DispatchMouseEventTypeMouseMoved, grid.Square{X: 3, Y: 2})
		mouse(t, ctx, input.DispatchMouseEventTypeMouseMoved, dest)
		poll[bool](t, ctx, `document.getElementById('board').dataset.hover === 'G2'`, 5*time.Second)
		n := poll[int](t, ctx, `document.querySelectorAll('#plan .provocation[data-prevented=false]').length || false`, 5*time.Second)
		mouse(t, ctx, input.DispatchMouseEventTypeMouseReleased, start) // back on its own square: no move
		poll[bool](t, ctx, `!document.getElementById('board').dataset.hover`, 5*time.Second)
		return n
	}
	if n := strikes(); n != 3 {
		t.Fatalf("the shortest path meets %d opportunity attacks, want 3", n)
	}
	click(t, ctx, "#safest")
	if n := strikes(); n != 1 {
		t.Errorf("the safest path meets %d opportunity attacks, want 1", n)
	}
	if moved := eval[int](t, ctx, `document.querySelectorAll('#log li[data-type=moved]').length`); moved != 0 {
		t.Errorf("planning moved the token %d times", moved)
	}
}
