//go:build e2e

package main

import (
	"strings"
	"testing"
	"time"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// TestE2EDash opens the 5e ambush with the fighter acting from a corner,
// where 30 ft does not cover the map: its Dash button, offered by the
// ruleset's action list, adds its speed to the turn (DND-ND-1), so the
// walking band grows and the spent action's buttons go away. Opened in
// Hebrew, the notice names the ruleset by its name, not its ID, and the
// buttons read 5e's glossary: its label, the SRD's term after it.
func TestE2EDash(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	link := scenario(t, "dnd5e-goblin-ambush",
		combat.Reposition{ID: "fighter", To: grid.Square{X: 0, Y: 7}},
		combat.SetOrder{Order: []combat.Slot{
			{Members: []string{"fighter"}, Score: 18},
			{Members: []string{"goblin-a", "goblin-b", "goblin-c", "goblin-d"}, Score: 15},
			{Members: []string{"rogue"}, Score: 12},
			{Members: []string{"wizard"}, Score: 6},
		}},
		combat.Start{},
	)
	navigate(t, ctx, srv.URL+"/#"+link)
	poll[bool](t, ctx, `document.querySelector('#token-fighter.acting') !== null && document.getElementById('action-dash') !== null`, 10*time.Second)
	if got := eval[string](t, ctx, `document.getElementById('action-dash').textContent`); got != "Dash" {
		t.Errorf("the Dash button reads %q", got)
	}
	walk := `+(document.querySelector('#layer-bands path#band-walk') || {dataset: {count: 0}}).dataset.count`
	before := poll[int](t, ctx, walk, 5*time.Second)
	screenshot(t, ctx, "actions-before-dash")
	chooseLang(t, ctx, i18n.Hebrew)
	navigate(t, ctx, srv.URL+"/#"+link) // the link again, opened in Hebrew
	poll[bool](t, ctx, `document.querySelector('#token-fighter.acting') !== null && document.getElementById('action-dash') !== null`, 10*time.Second)
	name, _ := e2eGlossary("dnd5e").Name("he")
	if notice := eval[string](t, ctx, `(document.getElementById('notice') || {}).textContent || ''`); !strings.Contains(notice, i18n.T(i18n.Hebrew, "library.name.link", "ruleset", i18n.Isolate(name))) {
		t.Errorf("in Hebrew the opened link's notice reads %q, without the ruleset's name %q", notice, name)
	}
	for _, key := range []string{"dash", "disengage", "dodge", "hide"} {
		if got, want := eval[string](t, ctx, `document.getElementById('action-`+key+`').textContent`), i18n.Label(i18n.Hebrew, e2eGlossary("dnd5e"), key); got != want || !strings.Contains(got, "(") {
			t.Errorf("in Hebrew the %s button reads %q, want %q", key, got, want)
		}
	}
	screenshot(t, ctx, "actions-he")
	chooseLang(t, ctx, i18n.English)

	click(t, ctx, "#action-dash")
	after := poll[int](t, ctx, walk+` > `+itoa(before)+` && `+walk, 5*time.Second)
	if after <= before {
		t.Errorf("the walking band has %d squares after the Dash, %d before", after, before)
	}
	if status := eval[string](t, ctx, `document.getElementById('round').textContent`); !strings.Contains(status, "60") {
		t.Errorf("the tracker does not show 60 ft of movement: %q", status)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#actions button').length`); n != 0 {
		t.Errorf("%d action buttons left with the action spent", n)
	}
	screenshot(t, ctx, "actions-after-dash")
}
