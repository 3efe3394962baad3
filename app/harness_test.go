package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// harness is a component whose only use is its context: go-app's test
// engine calls OnPreRender (not OnMount) natively, so the context it hands
// over is a real one that handlers can run on.
type harness struct {
	app.Compo
	ctx app.Context
}

// OnPreRender keeps the context.
func (h *harness) OnPreRender(ctx app.Context) { h.ctx = ctx }

// Render draws nothing worth a look.
func (h *harness) Render() app.UI { return app.Div() }

// testContext returns a real go-app context for calling handlers natively.
func testContext(t *testing.T) app.Context {
	t.Helper()
	_, ctx := testEngine(t)
	return ctx
}

// testEngine returns go-app's test engine with a mounted component and
// that component's context: actions raised on it are handled once the
// engine consumes its queue.
func testEngine(t *testing.T) (app.TestEngine, app.Context) {
	t.Helper()
	h := &harness{}
	e := loadTest(t, h)
	if h.ctx.Context == nil {
		t.Fatal("the test engine gave no context")
	}
	return e, h.ctx
}

// loadTest loads c into a fresh go-app test engine and lets it settle.
func loadTest(t *testing.T, c app.Composer) app.TestEngine {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return e
}

// openTable opens sample id on a fresh table in English, with initiative
// rolled and the fight started when start is set (a sample that starts
// mid-fight is left as it is), and the acting creature selected.
func openTable(t *testing.T, id string, start bool) *Table {
	t.Helper()
	reg := rulesets.Registry()
	s, ok := rulesets.Find(id)
	if !ok {
		t.Fatalf("no sample %s", id)
	}
	sess, err := s.Session(reg)
	if err != nil {
		t.Fatal(err)
	}
	if start && sess.State().Phase == combat.PhaseSetup {
		for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
			if _, err := sess.Do(c); err != nil {
				t.Fatalf("%s: %T: %v", id, c, err)
			}
		}
	}
	tbl := &Table{Model: Model{reg: reg, lang: i18n.English}}
	tbl.use(sess)
	return tbl
}

// text joins message parts as the page shows them.
func text(parts []i18n.Part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// foeOf returns the first creature up on another side than id's.
func foeOf(m *Model, enc combat.Encounter, id string) (combat.Combatant, bool) {
	me, _ := enc.Combatant(id)
	for _, c := range enc.Combatants {
		if c.Side != me.Side && m.up(enc, c.ID) {
			return c, true
		}
	}
	return combat.Combatant{}, false
}

// disabled reports whether an opening tag is of a disabled control: go-app
// writes a false one as disabled="false".
func disabled(tag string) bool {
	return strings.Contains(tag, "disabled") && !strings.Contains(tag, `disabled="false"`)
}
