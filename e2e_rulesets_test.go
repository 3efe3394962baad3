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

// duelLink opens a ruleset's first sample, starts it, and puts the nearest
// enemy of whoever acts first next to it: a board where one attack can be
// made at once. It returns the link, the attacker and the defender.
func duelLink(t *testing.T, s rulesets.Sample) (string, string, combat.Combatant) {
	t.Helper()
	enc, err := s.Build(11)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := combat.NewSession(rulesets.Registry(), enc)
	if err != nil {
		t.Fatal(err)
	}
	if sess.State().Phase == combat.PhaseSetup {
		for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
			if _, err := sess.Do(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	st := sess.State()
	att, _ := st.Combatant(st.Current())
	var def combat.Combatant
	best := 1 << 30
	for _, c := range st.Combatants {
		if d := grid.Chebyshev(c.Pos, att.Pos); c.Side != att.Side && c.Up() && d < best {
			def, best = c, d
		}
	}
	if best > 1 {
		spot, ok := adjacentFree(st, att, def)
		if !ok {
			t.Fatalf("%s: no free square next to %s", s.ID, att.ID)
		}
		if _, err := sess.Do(combat.Reposition{ID: def.ID, To: spot}); err != nil {
			t.Fatal(err)
		}
		def, _ = sess.State().Combatant(def.ID)
	}
	link, err := combat.EncodeLink(sess)
	if err != nil {
		t.Fatal(err)
	}
	return link, att.ID, def
}

// adjacentFree finds a square next to att where def fits.
func adjacentFree(enc combat.Encounter, att, def combat.Combatant) (grid.Square, bool) {
	for _, d := range grid.Directions {
		s := att.Pos.Add(d)
		free := enc.Map.In(s)
		for _, w := range enc.Map.Walls {
			free = free && w != s
		}
		for _, c := range enc.Combatants {
			free = free && (c.ID == def.ID || c.Pos != s)
		}
		if free {
			return s, true
		}
	}
	return grid.Square{}, false
}

// TestE2EEveryRuleset loads each ruleset's first sample and resolves one
// attack in the browser: the notice names the ruleset by its own name,
// odds are shown before, a trace with rule IDs after.
func TestE2EEveryRuleset(t *testing.T) {
	srv := startServer(t)
	seen := map[string]bool{}
	for _, s := range rulesets.Samples() {
		if seen[s.Ruleset] {
			continue
		}
		seen[s.Ruleset] = true
		t.Run(s.Ruleset, func(t *testing.T) {
			ctx := newBrowser(t)
			link, att, def := duelLink(t, s)
			navigate(t, ctx, srv.URL+"/#"+link)
			poll[bool](t, ctx, `document.querySelector('#token-`+att+`.acting') !== null`, 10*time.Second)
			name, _ := e2eGlossary(s.Ruleset).Name("en")
			if notice := eval[string](t, ctx, `(document.getElementById('notice') || {}).textContent || ''`); !strings.Contains(notice, i18n.T(i18n.English, "library.name.link", "ruleset", name)) || strings.Contains(notice, "("+s.Ruleset+")") {
				t.Errorf("the notice of the opened link names the ruleset %q: %q", name, notice)
			}
			tap(t, ctx, def.Pos)
			poll[bool](t, ctx, `document.querySelectorAll('#odds .chance').length > 0`, 5*time.Second)
			click(t, ctx, "#roll")
			if s.Ruleset == "cairn" { // a side phase: declared now, rolled when the side's turns end
				poll[bool](t, ctx, `document.querySelector('#rounds .declared') !== null`, 5*time.Second)
				for i := 0; i < 8 && !eval[bool](t, ctx, `document.querySelector('#phase-result .die.counts') !== null`); i++ {
					click(t, ctx, "#end-turn")
					time.Sleep(300 * time.Millisecond)
				}
				poll[bool](t, ctx, `document.querySelector('#phase-result .die.counts') !== null`, 5*time.Second)
			} else {
				poll[bool](t, ctx, `document.querySelectorAll('#trace .rule').length > 0`, 5*time.Second)
			}
			if id := eval[string](t, ctx, `document.getElementById('ruleset').dataset.ruleset`); id != s.Ruleset {
				t.Errorf("the bar's ruleset is %q", id)
			}
			if shown := eval[string](t, ctx, `document.getElementById('ruleset').textContent`); shown != name {
				t.Errorf("the bar names the ruleset %q, want its own name %q", shown, name)
			}
			screenshot(t, ctx, "ruleset-"+s.Ruleset)
		})
	}
}

// TestE2ESurpriseAtStart marks the fighter surprised before the start of the
// 5e ambush (DND-SURP-4): once the fight starts its reaction is locked.
func TestE2ESurpriseAtStart(t *testing.T) {
	srv := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/#"+scenario(t, "dnd5e-goblin-ambush"))
	poll[bool](t, ctx, `document.getElementById('roll-init') !== null && document.getElementById('token-fighter') !== null`, 10*time.Second)
	click(t, ctx, "#roll-init")
	poll[bool](t, ctx, `document.getElementById('surprise-fighter') !== null`, 5*time.Second)
	click(t, ctx, "#surprise-fighter")
	poll[bool](t, ctx, `document.getElementById('surprise-fighter').getAttribute('aria-pressed') === 'true'`, 5*time.Second)
	click(t, ctx, "#start")
	react := poll[string](t, ctx, `(document.querySelector('#tracker li[data-id=fighter] .react') || {}).textContent || false`, 5*time.Second)
	if react != "surprised" {
		t.Errorf("the fighter's reaction reads %q, want surprised", react)
	}
	if others := eval[int](t, ctx, `[...document.querySelectorAll('#tracker .react')].filter(e => e.textContent === 'surprised').length`); others != 1 {
		t.Errorf("%d creatures are surprised, want only the fighter", others)
	}
	screenshot(t, ctx, "dnd5e-surprise")
}
