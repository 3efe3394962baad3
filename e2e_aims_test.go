//go:build e2e

package main

import (
	"strings"
	"testing"
	"time"

	"battlemat/app/i18n"
	"battlemat/rules/grid"
)

// TestE2EEditorAims sets a side's aim in the encounter editor (ENG-AIM-2)
// and has "Who wins?" count its escapes: on the escape scene the GM first
// makes Robin fight to the last (her exits leave the board), then chooses
// escape and marks one exit past the cellar door by tapping it, then a
// second by typing both into the side's exits field. The board draws and
// names the exits, the editor lists them, axe-core finds nothing
// wrong with the aims' controls, and the forecast then shows Robin's side
// winning by getting away.
func TestE2EEditorAims(t *testing.T) {
	ctx := openEscapeScene(t)
	exits := func() int {
		return eval[int](t, ctx, `((document.getElementById('layer-exits').getAttribute('d') || '').match(/M/g) || []).length`)
	}
	if exits() == 0 {
		t.Fatal("the scene's exits are not drawn")
	}
	openTab(t, ctx, "setup")
	click(t, ctx, "#edit-open")
	choose := func(v string) {
		eval[bool](t, ctx, `(() => { const s = document.getElementById('aim-robin'); s.value = '`+v+`'; s.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)
	}
	poll[bool](t, ctx, `document.getElementById('aim-robin') !== null`, 5*time.Second)
	choose("fight")
	poll[bool](t, ctx, `!(document.getElementById('layer-exits').getAttribute('d'))`, 5*time.Second)
	choose("escape")
	poll[bool](t, ctx, `(document.getElementById('exits-robin') || {}).getAttribute?.('aria-pressed') === 'true'`, 5*time.Second)
	tap(t, ctx, grid.Square{X: 8, Y: 2}) // I3, just past the door
	poll[bool](t, ctx, `(document.getElementById('exits-of-robin') || {value: ''}).value === 'I3'`, 5*time.Second)
	if n := exits(); n != 1 {
		t.Errorf("the board draws %d exits, want the one marked", n)
	}
	// From the keyboard: the exits typed into the side's field.
	eval[bool](t, ctx, `(() => { const i = document.getElementById('exits-of-robin'); i.value = 'j3, I3'; i.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)
	poll[bool](t, ctx, `document.getElementById('exits-of-robin').value === 'I3, J3'`, 5*time.Second)
	if n := exits(); n != 2 {
		t.Errorf("the board draws %d exits, want the two typed", n)
	}
	if label := eval[string](t, ctx, `document.getElementById('board').getAttribute('aria-label')`); !strings.Contains(label, "I3, J3") {
		t.Errorf("the board's description does not name the exits: %q", label)
	}
	axeClean(t, ctx, "the editor's aims")
	eval[bool](t, ctx, `document.getElementById('aims').scrollIntoView({block: 'center'}), true`)
	screenshot(t, ctx, "editor-aims")

	openTab(t, ctx, "forecast")
	robinGetsAway(t, ctx)
	eval[bool](t, ctx, `document.getElementById('forecast-win-robin').scrollIntoView({block: 'center'}), true`)
	screenshot(t, ctx, "editor-aims-forecast")

	// In Hebrew the aims speak Hebrew, and the squares read left to right.
	chooseLang(t, ctx, i18n.Hebrew)
	openTab(t, ctx, "setup")
	poll[bool](t, ctx, `(document.querySelector('#aims h3') || {}).textContent === `+jsString(i18n.T(i18n.Hebrew, "aim.title")), 5*time.Second)
	if v := eval[string](t, ctx, `document.getElementById('exits-of-robin').value`); v != "I3, J3" {
		t.Errorf("in Hebrew the exits field reads %q", v)
	}
	eval[bool](t, ctx, `document.getElementById('aims').scrollIntoView({block: 'center'}), true`)
	screenshot(t, ctx, "editor-aims-he")
}
