package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// duel is a ruleset that exists only in this test, to show that a ruleset
// is one package the engine and the app take as it is: every step costs
// one square, an attack reaches the squares around the attacker and deals
// a d6 (DUEL-1, DUEL-2), and the odds say so exactly. It has no glossary,
// no planner and no profile: the engine's defaults and the catalogue's
// words stand in.
type duel struct{}

// duelID is the duel's ruleset ID.
const duelID = "test-duel"

func (duel) ID() string { return duelID }

func (duel) Step(enc combat.Encounter, id string, from, to grid.Square) (combat.StepCheck, error) {
	return combat.StepCheck{Cost: 1}, nil
}

func (duel) Attack(enc combat.Encounter, req combat.AttackRequest, r dice.Roller) (combat.AttackOutcome, error) {
	if err := duelReach(enc, req); err != nil {
		return combat.AttackOutcome{}, err
	}
	face := r.Roll(6)
	return combat.AttackOutcome{Hit: true, Damage: face, Trace: combat.Trace{
		{Rule: "DUEL-2", Kind: combat.StepRoll, Key: "damage-roll", Sides: 6, Face: face, Value: face},
		{Rule: "DUEL-2", Kind: combat.StepCompute, Key: "damage", Value: face},
	}}, nil
}

func (duel) Odds(enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	if err := duelReach(enc, req); err != nil {
		return nil, err
	}
	out := []combat.Chance{{Key: "hit", Num: 1, Den: 1}}
	for n := 1; n <= 6; n++ {
		out = append(out, combat.Damage(n, 1, 6))
	}
	return out, nil
}

// duelReach refuses an attack on a creature that is not beside the
// attacker (DUEL-1).
func duelReach(enc combat.Encounter, req combat.AttackRequest) error {
	a, _ := enc.Combatant(req.Attacker)
	d, ok := enc.Combatant(req.Defender)
	if !ok || grid.Chebyshev(a.Pos, d.Pos) > 1 {
		return combat.Refuse("DUEL-1", "defender", combat.RefusalOutOfReach, "name", req.Attacker, "target", req.Defender)
	}
	return nil
}

// TestDuelPlaysThroughTheApp registers the duel in a registry of its own
// and plays a fight to its end through the app's view-models: the tracker
// names who acts, the board's bands come from the engine's default mover,
// a planned path leads beside the foe, the odds panel shows the d6's
// distribution and mean, a refusal reads in every language, the engine
// says when one side is left standing and the GM ends the fight, and the
// log tells every event in words. Nothing in combat, app or i18n knows the
// duel.
func TestDuelPlaysThroughTheApp(t *testing.T) {
	reg, err := combat.NewRegistry(duel{})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := combat.NewSession(reg, combat.NewEncounter(duelID, grid.Map{W: 8, H: 3}, 11))
	if err != nil {
		t.Fatal(err)
	}
	tbl := &Model{reg: reg, lang: i18n.Polish}
	standing := false // the engine said one side is left standing (ENG-END-2)
	do := func(cmd combat.Command) []combat.Event {
		t.Helper()
		evs, err := sess.Do(cmd)
		if err != nil {
			t.Fatalf("%T: %v", cmd, err)
		}
		tbl.changed()
		tbl.last = evs
		for _, ev := range evs {
			standing = standing || ev.Type() == combat.SideStanding
		}
		return evs
	}
	tbl.use(sess)
	for _, s := range []combat.Spec{
		{ID: "ann", Name: "Ann", Side: "left", Pos: grid.Square{X: 0, Y: 1}, Stats: combat.Stats{MaxHP: 9, Speed: 3}},
		{ID: "bob", Name: "Bob", Side: "right", Pos: grid.Square{X: 7, Y: 1}, Stats: combat.Stats{MaxHP: 9, Speed: 3}},
	} {
		do(combat.Place{Spec: s})
	}
	do(combat.RollInitiative{})
	do(combat.Start{})

	refused, attacks, moves := false, 0, 0
	for turn := 0; !standing; turn++ {
		if turn > 40 {
			t.Fatalf("the duel did not end in 40 turns: %+v", sess.State().Combatants)
		}
		enc := tbl.state()
		cur := enc.Current()
		tbl.selected = cur
		if tv := tbl.trackerView(enc); tv.Acting != cur || len(tv.Rows) != 2 {
			t.Fatalf("the tracker shows %q acting in %d rows, want %q in 2", tv.Acting, len(tv.Rows), cur)
		}
		me, _ := enc.Combatant(cur)
		var foe combat.Combatant
		for _, c := range enc.Combatants {
			if c.Side != me.Side {
				foe = c
			}
		}
		req := combat.AttackRequest{Attacker: cur, Defender: foe.ID}
		if grid.Chebyshev(me.Pos, foe.Pos) > 1 {
			if !refused {
				_, err := sess.Do(combat.Attack{Attacker: cur, Defender: foe.ID})
				for _, l := range i18n.Langs {
					if got, want := tbl.explainError(err).In(l), i18n.T(l, "refused.out-of-reach", "name", me.Name, "target", foe.Name); !strings.Contains(got, want) {
						t.Errorf("%v: the refusal reads %q, want %q in it", l, got, want)
					}
				}
				refused = true
			}
			// Walk as far toward the foe as the engine's band allows.
			p := tbl.plan(enc)
			if len(p.bandViews) == 0 {
				t.Fatalf("no band for %s: %v", cur, p.err)
			}
			step := 1
			if foe.Pos.X < me.Pos.X {
				step = -1
			}
			dest := me.Pos
			for x := me.Pos.X + step; x != foe.Pos.X && abs(x-me.Pos.X) <= me.Stats.Speed; x += step {
				dest = grid.Square{X: x, Y: me.Pos.Y}
			}
			tbl.hover = &dest
			p = tbl.plan(enc)
			tbl.hover = nil
			if p.blocked || len(p.path) < 2 || p.path[len(p.path)-1] != dest {
				t.Fatalf("%s: the plan to %s is %v (%v)", cur, dest.Name(), p.path, p.err)
			}
			do(combat.Move{ID: cur, Path: p.path[1:]})
			moves++
			enc = tbl.state()
			me, _ = enc.Combatant(cur)
		}
		if grid.Chebyshev(me.Pos, foe.Pos) <= 1 && foe.Up() {
			chances, err := tbl.odds(enc, req)
			if err != nil {
				t.Fatal(err)
			}
			html := app.HTMLString(renderOdds(tbl.lang, enc.Ruleset, chances))
			if strings.Count(html, `class="dbar"`) != 6 || !strings.Contains(html, i18n.Tenths(tbl.lang, 35)) {
				t.Fatalf("the odds panel lacks the six bars or the mean 3,5: %s", html)
			}
			evs := do(combat.Attack{Attacker: cur, Defender: foe.ID})
			i := slices.IndexFunc(evs, func(ev combat.Event) bool { return ev.Type() == combat.AttackResolved })
			if i < 0 {
				t.Fatalf("the attack resolved nothing: %v", evs)
			}
			trace := app.HTMLString(renderTrace(tbl.lang, traceView(tbl.lang, tbl.state(), evs[i], evs[i].Payload().(combat.Blow))))
			if !strings.Contains(trace, "DUEL-2") || !strings.Contains(trace, i18n.Dice(tbl.lang, nil, 6)) {
				t.Errorf("the trace lacks its rule or its k6: %s", trace)
			}
			attacks++
		}
		do(combat.EndTurn{})
	}
	do(combat.End{}) // the GM ends the fight the engine says is won
	if sess.State().Phase != combat.PhaseEnded {
		t.Fatalf("the duel is %s after End", sess.State().Phase)
	}
	if moves == 0 || attacks == 0 || !refused {
		t.Fatalf("the duel ended after %d moves and %d attacks, refused %v", moves, attacks, refused)
	}
	lv := tbl.logView(tbl.state())
	t.Logf("%d moves, %d attacks, %d log lines", moves, attacks, len(lv.Lines))
	if len(lv.Lines) < moves+attacks {
		t.Fatalf("the log has %d lines for %d moves and %d attacks", len(lv.Lines), moves, attacks)
	}
	for _, line := range lv.Lines {
		var text strings.Builder
		for _, p := range line.Parts {
			text.WriteString(p.Text)
		}
		if s := text.String(); s == "" || strings.Contains(s, "{") || strings.Contains(s, "log.") {
			t.Errorf("log line %q (%s) is not in words", s, line.Type)
		}
	}
}

// grapple is the duel with engagement of its own, to show that the app
// reads any ruleset's engagement as keyed facts (ENG-ENGAGE-1) and knows
// none of them: a hold counted out of a capacity, and a state that marks
// the token.
type grapple struct{ duel }

func (grapple) Target(enc combat.Encounter, attacker, defender string) (combat.Targeting, error) {
	return combat.Targeting{Tier: "close", Allowed: true, Rule: "GRAPPLE-1"}, nil
}

func (grapple) Standing(enc combat.Encounter, id string) (combat.Standing, error) {
	if id != "bob" {
		return combat.Standing{Rule: "GRAPPLE-2"}, nil
	}
	return combat.Standing{Facts: []combat.Fact{{Key: "grip", N: 2, Of: 5}, {Key: "held-fast", Mark: true}}, Rule: "GRAPPLE-2"}, nil
}

// TestEngagementFactsInTheirOwnWords: the target panel names each fact of
// the target's engagement by its key, a count as n/of, with the ruleset's
// rule, and the board marks the token the ruleset marks, in every
// language, for a ruleset no part of the app knows.
func TestEngagementFactsInTheirOwnWords(t *testing.T) {
	reg, err := combat.NewRegistry(grapple{})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := combat.NewSession(reg, combat.NewEncounter(duelID, grid.Map{W: 4, H: 2}, 1))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []combat.Spec{
		{ID: "ann", Name: "Ann", Side: "left", Pos: grid.Square{X: 0, Y: 0}, Stats: combat.Stats{MaxHP: 9, Speed: 3}},
		{ID: "bob", Name: "Bob", Side: "right", Pos: grid.Square{X: 1, Y: 0}, Stats: combat.Stats{MaxHP: 9, Speed: 3}},
	} {
		if _, err := sess.Do(combat.Place{Spec: s}); err != nil {
			t.Fatal(err)
		}
	}
	for _, cmd := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
		if _, err := sess.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range i18n.Langs {
		m := &Model{reg: reg, lang: l}
		m.use(sess)
		m.selected, m.target = "ann", "bob"
		enc := m.state()
		v := m.targetingView(enc)
		if got := text(v.Standing); !strings.Contains(got, "grip 2/5 · held fast") || !strings.Contains(got, "GRAPPLE-2") {
			t.Errorf("%s: the standing line reads %q", l, got)
		}
		marks := map[string]string{}
		for _, tv := range m.boardView(enc).Tokens {
			marks[tv.ID] = tv.Engaged
		}
		if marks["bob"] != "held-fast" || marks["ann"] != "" {
			t.Errorf("%s: the board marks %v, want bob held fast", l, marks)
		}
	}
}
