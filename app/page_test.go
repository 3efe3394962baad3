package app

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// TestNextTab walks the side panel's tabs by keys: the arrows follow the
// page's direction and wrap, Home and End go to the ends, other keys are
// not the tabs'.
func TestNextTab(t *testing.T) {
	first, second, last := sideTabs[0].id, sideTabs[1].id, sideTabs[len(sideTabs)-1].id
	for _, c := range []struct {
		cur, key string
		rtl      bool
		want     string
		ok       bool
	}{
		{first, "ArrowRight", false, second, true},
		{first, "ArrowLeft", false, last, true},
		{first, "ArrowLeft", true, second, true},
		{second, "ArrowRight", true, first, true},
		{second, "Home", false, first, true},
		{first, "End", true, last, true},
		{"unknown", "ArrowRight", false, second, true},
		{first, "Enter", false, "", false},
	} {
		if got, ok := nextTab(c.cur, c.key, c.rtl); got != c.want || ok != c.ok {
			t.Errorf("%s on %s (rtl %v): %q %v, want %q %v", c.key, c.cur, c.rtl, got, ok, c.want, c.ok)
		}
	}
}

// TestMapFitSliders: each slider moves its own part of the fit, scale and
// dimming within their bounds; an unknown slider moves nothing. With a
// picture shown the setup panel draws the sliders at the fit's values, and
// a share notice says the picture stays behind.
func TestMapFitSliders(t *testing.T) {
	f := mapFit{Scale: 100, Dim: 30}
	for _, c := range []struct {
		which string
		v     int
		want  mapFit
	}{
		{"map-scale", 5000, mapFit{Scale: 1000, Dim: 30}},
		{"map-scale", 1, mapFit{Scale: 10, Dim: 30}},
		{"map-dx", -40, mapFit{Scale: 100, DX: -40, Dim: 30}},
		{"map-dy", 80, mapFit{Scale: 100, DY: 80, Dim: 30}},
		{"map-dim", 95, mapFit{Scale: 100, Dim: 90}},
		{"map-dim", -5, mapFit{Scale: 100}},
		{"map-other", 7, f},
	} {
		if got := f.with(c.which, c.v); got != c.want {
			t.Errorf("%s to %d: %+v, want %+v", c.which, c.v, got, c.want)
		}
	}
	tbl := openTable(t, "kal-urchins", false)
	if tbl.mapNote() != "" || strings.Contains(app.HTMLString(tbl.renderMapControls()), `id="map-scale"`) {
		t.Fatal("without a picture there are sliders or a note")
	}
	tbl.mapImg = mapImage{url: "blob:x", w: 400, h: 300, fit: mapFit{Scale: 250, DX: 12, Dim: 40}}
	html := app.HTMLString(tbl.renderMapControls())
	for id, v := range map[string]string{"map-scale": "250", "map-dx": "12", "map-dy": "0", "map-dim": "40"} {
		if !strings.Contains(openTag(html, id), `value="`+v+`"`) {
			t.Errorf("slider %s: %s, want value %s", id, openTag(html, id), v)
		}
	}
	if !strings.Contains(html, `id="map-remove"`) || !strings.Contains(tbl.mapNote(), i18n.T(i18n.English, "map.not-in-link")) {
		t.Error("no remove button or no note that the picture stays")
	}
}

// TestStorageFailuresTold: a full storage and any other failed write each
// reach the message bar as an error offering the export, and a JavaScript
// exception becomes an error, a quota one ErrStorageFull.
func TestStorageFailuresTold(t *testing.T) {
	tbl := openTable(t, "kal-urchins", false)
	tbl.storageFailed(ErrStorageFull)
	if n := tbl.notice; n.Key != "notice.storage-full" || !n.Error || len(n.Acts) != 1 || n.Acts[0] != "export" || !tbl.shelf.full {
		t.Errorf("storage full: %+v", n)
	}
	tbl.storageFailed(errors.New("disk on fire"))
	if n := tbl.notice; n.Key != "notice.save-failed" || !n.Error || !strings.Contains(n.In(i18n.English), "disk on fire") {
		t.Errorf("a failed write: %+v", n)
	}
	for _, c := range []struct {
		f    func()
		want error
		text string
	}{
		{func() {}, nil, ""},
		{func() { panic(errors.New("QuotaExceededError: no room")) }, ErrStorageFull, ""},
		{func() { panic(errors.New("InvalidStateError")) }, nil, "InvalidStateError"},
		{func() { panic("a string") }, nil, "a string"},
	} {
		err := catchJS(c.f)
		if c.want != nil && !errors.Is(err, c.want) || c.want == nil && c.text == "" && err != nil || c.text != "" && (err == nil || !strings.Contains(err.Error(), c.text)) {
			t.Errorf("catchJS gave %v, want %v %q", err, c.want, c.text)
		}
	}
	if err := domError(app.Undefined()); err == nil || errors.Is(err, ErrStorageFull) {
		t.Errorf("an unnamed refusal: %v", err)
	}
	if a, b := newEntryID(), newEntryID(); a == b || len(a) != len(b) {
		t.Errorf("entry IDs %q and %q", a, b)
	}
}

// TestLanguageChoiceKept: choosing a language switches the table to it
// and keeps the choice for the next visit.
func TestLanguageChoiceKept(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-urchins", false)
	tbl.chooseLang(ctx, i18n.Hebrew)
	var stored string
	ctx.LocalStorage().Get(keyLang, &stored)
	if tbl.lang != i18n.Hebrew || stored != "he" {
		t.Errorf("chose Hebrew: table in %v, stored %q", tbl.lang, stored)
	}
	if html := app.HTMLString(tbl.renderLangSwitch()); !strings.Contains(openTag(html, "lang"), i18n.T(i18n.Hebrew, "bar.language")) {
		t.Errorf("the language menu is not labelled in Hebrew: %s", openTag(html, "lang"))
	}
}

// TestPinchZooms: two fingers spreading by a quarter zoom in one step,
// closing by a fifth zoom out, and smaller moves do nothing.
func TestPinchZooms(t *testing.T) {
	e, ctx := testEngine(t)
	var steps []int
	ctx.Handle(actionZoom, func(ctx app.Context, a app.Action) { steps = append(steps, a.Value.(int)) })
	b := &Board{touch: map[float64][2]float64{1: {0, 0}, 2: {100, 0}}}
	for _, x := range []float64{100, 110, 130, 140, 110, 100} {
		b.touch[2] = [2]float64{x, 0}
		b.pinchZoom(ctx)
		e.ConsumeAll()
	}
	if want := []int{1, -1}; len(steps) != len(want) || steps[0] != want[0] || steps[1] != want[1] {
		t.Errorf("the pinch zoomed %v, want %v", steps, want)
	}
	if b.spread() != 100 {
		t.Errorf("the fingers' spread is %v", b.spread())
	}
	delete(b.touch, 1)
	if b.spread() != 0 {
		t.Error("one finger has a spread")
	}
}

// TestRoundEventsHaveWords: every event of the round structures (side
// phases, morale, surprise, the timeline, acts) reads as a log line in
// every language, naming its creature, with no placeholder left.
func TestRoundEventsHaveWords(t *testing.T) {
	enc := combat.Encounter{Ruleset: "cairn", Combatants: []combat.Combatant{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bo"}}}
	for _, ev := range []combat.Event{
		combat.Header{Actor: "a", Target: "b"}.With(combat.Declared{Targets: 1}),
		combat.Header{Actor: "a", Target: "b"}.With(&combat.PhaseHit{Target: "b", Result: 4, Damage: 3}),
		combat.Header{Actor: "a"}.With(&combat.MoraleCheck{Group: "bandits"}),
		combat.Header{Actor: "a"}.Bare(combat.Fled),
		combat.Header{Actor: "a"}.With(combat.Settings{Segments: 10}),
		combat.Header{Actor: "a"}.With(combat.SurpriseRoll{Surprised: 1}),
		combat.Header{Actor: "a"}.Bare(combat.SurpriseMarked),
		combat.Header{Actor: "a"}.With(combat.SegmentMark{Segment: 2}),
		combat.Header{Actor: "a"}.With(combat.SegmentMark{Segment: 2, Landed: true}),
		combat.Header{Actor: "a"}.With(combat.ActDone{Key: "aid"}),
		combat.Header{Actor: "a"}.With(combat.ActDone{Key: "lose-str", Value: 3}),
	} {
		for _, l := range i18n.Langs {
			got := text(eventWords(l, enc, ev))
			if strings.TrimSpace(got) == "" || strings.Contains(got, "{") {
				t.Errorf("%s in %s: %q", ev.Type(), l, got)
			}
			names := ev.Type() != combat.MoraleChecked && ev.Type() != combat.Configured && ev.Type() != combat.SurpriseRolled && ev.Type() != combat.SegmentResolved
			if names && !strings.Contains(got, "Ann") && !strings.Contains(got, "Bo") {
				t.Errorf("%s in %s names nobody: %q", ev.Type(), l, got)
			}
		}
	}
}

// TestSurpriseFromTheEngine: where the ruleset works out surprise (5e),
// the button takes the engine's verdict as the tracker's marks, and Start
// then carries exactly those creatures.
func TestSurpriseFromTheEngine(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "dnd5e-goblin-ambush", false)
	if html := app.HTMLString(tbl.renderRounds(tbl.state())); !strings.Contains(html, `id="roll-surprise"`) {
		t.Fatal("no surprise button")
	}
	tbl.rollSurprise(ctx)
	enc := tbl.state()
	var want []string
	for _, c := range enc.Combatants {
		if tbl.surprised[c.ID] != c.Surprised {
			t.Errorf("%s marked %v, the engine says %v", c.ID, tbl.surprised[c.ID], c.Surprised)
		}
		if c.Surprised {
			want = append(want, c.ID)
		}
	}
	if got := tbl.startCommand().Surprised; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Start carries %v, want %v", got, want)
	}
}

// TestMovementModeToggles: the charge is set on the acting creature as a
// condition and cleared by the same button, each an undoable command.
func TestMovementModeToggles(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kal-urchins", true)
	cur := tbl.state().Current()
	for _, want := range []bool{true, false} {
		cmd, ok := tbl.modeCommand("charging")
		if !ok || !tbl.do(ctx, cmd) {
			t.Fatalf("toggling the charge: %v %s", ok, tbl.notice.Key)
		}
		c, _ := tbl.state().Combatant(cur)
		if got := slices.Contains(c.Conditions, "charging"); got != want {
			t.Errorf("charging %v, want %v", got, want)
		}
	}
	if _, ok := tbl.modeCommand(""); ok {
		t.Error("no mode toggled something")
	}
}

// TestActionsPanel draws the acting 5e creature's actions as the engine
// lists them, one button each with its ID and rule.
func TestActionsPanel(t *testing.T) {
	tbl := openTable(t, "dnd5e-goblin-ambush", true)
	enc := tbl.state()
	choices, err := combat.Actions(tbl.sess.Ruleset(), enc, enc.Current())
	if err != nil || len(choices) == 0 {
		t.Fatalf("no actions: %v", err)
	}
	v := tbl.actionsView(enc)
	html := app.HTMLString(&Actions{V: v})
	if len(v.Buttons) != len(choices) {
		t.Fatalf("%d buttons for %d actions", len(v.Buttons), len(choices))
	}
	for i, c := range choices {
		if tag := openTag(html, actionButtonID(enc.Ruleset, c)); tag == "" || !strings.Contains(tag, string(c.Rule)) || v.Buttons[i].Use.Key != c.Key {
			t.Errorf("action %s: %q", c.Key, tag)
		}
	}
	enc.Pending = &combat.Decision{Kind: combat.DecideOpportunity}
	if v := tbl.actionsView(enc); len(v.Buttons) != 0 {
		t.Error("actions offered while a decision is pending")
	}
}
