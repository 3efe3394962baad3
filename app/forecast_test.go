package app

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/forecast"
	"battlemat/rules/rulesets"
)

// TestRiskShowsEscapes forecasts the escape scene: the token of the
// creature that makes for the exits says in how many fights it gets away
// (ENG-AIM-1), in every language; a creature that never escapes says
// nothing of it.
func TestRiskShowsEscapes(t *testing.T) {
	reg := rulesets.Registry()
	s, ok := rulesets.Find("kal-robin")
	if !ok {
		t.Fatal("no kal-robin sample")
	}
	sess, err := s.Session(reg)
	if err != nil {
		t.Fatal(err)
	}
	tb := &Table{Model: Model{reg: reg}}
	tb.use(sess)
	f, err := forecast.New(reg, tb.state(), forecast.Settings{Fights: 40, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Run(40); err != nil {
		t.Fatal(err)
	}
	res := f.Result()
	robin, _ := res.Creature("robin")
	if robin.Escaped.P == 0 {
		t.Fatalf("Robin never got away in %d fights", res.Fights)
	}
	tb.fc = &forecastRun{f: f, rev: tb.rev, res: res}
	// Her side's bar shows its wins by escaping as a part of its own; no
	// other bar has one.
	side, _ := res.Side("robin")
	html := app.HTMLString(tb.renderForecastResult(tb.state(), tb.fc))
	if side.Escaped.P == 0 || strings.Count(html, "fc-esc") != 1 || !strings.Contains(html, fmt.Sprintf(`data-escaped="%.4f"`, side.Escaped.P)) {
		t.Errorf("Robin's side wins %.3f by escaping, but the panel shows %d escape bars:\n%s", side.Escaped.P, strings.Count(html, "fc-esc"), html)
	}
	for _, l := range i18n.Langs {
		tb.lang = l
		want := i18n.T(l, "forecast.risk.escaped", "p", pct(l, robin.Escaped.P))
		if got := tb.riskLabel("robin"); !strings.HasSuffix(got, want) {
			t.Errorf("%v: Robin's token reads %q, want it to end with %q", l, got, want)
		}
		for _, c := range tb.state().Combatants {
			if cr, _ := res.Creature(c.ID); c.ID != "robin" && cr.Escaped.P == 0 && strings.Contains(tb.riskLabel(c.ID), want) {
				t.Errorf("%v: %s never escaped but its token says so", l, c.ID)
			}
		}
	}
}
