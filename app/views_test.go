package app

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// TestTurnPanelsOfEverySample builds the turn's view-models for the acting
// creature of every sample and its first foe, and checks them against the
// engine: the inspector names the creature with its HP and square, the
// movement panel shows when it may move and offers the safest path only
// where the ruleset plans paths, and the attack panel either gives the
// odds or says why not, and the drawn panel follows the view-model (the
// roll button disabled exactly when there is a reason).
func TestTurnPanelsOfEverySample(t *testing.T) {
	for _, s := range rulesets.Samples() {
		t.Run(s.ID, func(t *testing.T) {
			tbl := openTable(t, s.ID, true)
			enc := tbl.state()
			cur, ok := enc.Combatant(enc.Current())
			if !ok {
				t.Fatalf("nobody acts in %s", s.ID)
			}
			tbl.selected = cur.ID

			iv := tbl.inspectorView(enc)
			if iv.Name != cur.Name || !strings.Contains(text(iv.Summary), cur.Pos.Name()) || !strings.Contains(text(iv.Summary), strconv.Itoa(cur.HP)) {
				t.Errorf("the inspector shows %q: %q, want %s with HP %d on %s", iv.Name, text(iv.Summary), cur.Name, cur.HP, cur.Pos.Name())
			}
			if (iv.Conditions != nil) != (len(cur.Conditions) > 0) {
				t.Errorf("conditions %q for %v", text(iv.Conditions), cur.Conditions)
			}

			mv := tbl.movementView(enc)
			_, plans := tbl.sess.Ruleset().(combat.Planner)
			if !mv.Shown || (mv.Safest != nil) != plans {
				t.Errorf("movement shown %v, safest offered %v, the ruleset plans paths: %v", mv.Shown, mv.Safest != nil, plans)
			}
			_, threatens := tbl.sess.Ruleset().(combat.Threatener)
			if (mv.Threats != nil) != threatens {
				t.Errorf("threats offered %v, the ruleset tells threats: %v", mv.Threats != nil, threatens)
			}
			html := app.HTMLString(tbl.renderMovement(mv))
			if plans && !strings.Contains(html, `id="safest"`) || !plans && strings.Contains(html, `id="safest"`) {
				t.Errorf("the drawn movement panel disagrees with its view-model on the safest path: %s", html)
			}

			foe, ok := foeOf(&tbl.Model, enc, cur.ID)
			if !ok {
				t.Fatal("no foe")
			}
			if av := tbl.attackView(enc); av.Ready != nil || av.Down != nil {
				t.Errorf("an attack is offered with no target: %+v", av)
			}
			tbl.target = foe.ID
			av := tbl.attackView(enc)
			r := av.Ready
			if r == nil {
				t.Fatalf("no attack on %s offered", foe.ID)
			}
			if vs := text(r.Versus); !strings.Contains(vs, cur.Name) || !strings.Contains(vs, foe.Name) {
				t.Errorf("versus line %q lacks %s or %s", vs, cur.Name, foe.Name)
			}
			if r.Odds == nil && r.Why == nil {
				t.Error("no odds and no reason")
			}
			if _, err := combat.Odds(tbl.sess.Ruleset(), enc, combat.AttackRequest{Attacker: cur.ID, Defender: foe.ID, Option: tbl.attackCommand().Option}); err == nil && !combat.SidePhases(tbl.sess.Ruleset()) && r.Odds == nil {
				t.Error("the engine gives odds the panel does not show")
			}
			html = app.HTMLString(tbl.renderAttack(av))
			if off := disabled(openTag(html, "roll")); off != (r.Why != nil) || (r.Why != nil) != strings.Contains(html, `id="roll-why"`) {
				t.Errorf("roll disabled %v with reason %q", off, text(r.Why))
			}
			if !strings.Contains(html, `id="target-name"`) {
				t.Errorf("the target's name is not marked: %s", html)
			}
		})
	}
}

// TestInspectorWithoutSelection: with nobody selected the inspector says
// how to select.
func TestInspectorWithoutSelection(t *testing.T) {
	tbl := openTable(t, "kal-urchins", false)
	tbl.selected = ""
	v := tbl.inspectorView(tbl.state())
	if v.Name != "" || v.Summary != nil {
		t.Fatalf("inspector of nobody: %+v", v)
	}
	if html := app.HTMLString(renderInspector(v)); !strings.Contains(html, i18n.T(i18n.English, "inspector.hint")) {
		t.Errorf("no hint: %s", html)
	}
	if html := app.HTMLString(renderInspector(InspectorView{Lang: i18n.Hebrew, Name: "Zed", Summary: i18n.Parts(i18n.Hebrew, "edit.name")})); !strings.Contains(html, "Zed") || !strings.Contains(html, i18n.T(i18n.Hebrew, "edit.name")) {
		t.Errorf("the inspector does not draw its view-model: %s", html)
	}
}

// TestMovementLinesFromThePlan hovers every square the urchins' acting
// creature can reach by walking or charging: a square only the charge
// reaches reads as needing the charge (K-MOVE-7), and every opportunity
// attack the engine plans on the way is one line citing its rule, marked
// prevented exactly when the engine prevents it.
func TestMovementLinesFromThePlan(t *testing.T) {
	tbl := openTable(t, "kal-urchins", true)
	enc := tbl.state()
	tbl.selected = enc.Current()
	needsMode, provs := 0, 0
	for _, b := range tbl.plan(enc).bands {
		for _, sq := range b.Squares {
			h := sq
			tbl.hover = &h
			p := tbl.plan(enc)
			v := tbl.movementView(enc)
			if p.mode.Condition != "" {
				needsMode++
				if len(v.Lines) == 0 || v.Lines[0].Kind != "needs-mode" || v.Lines[0].Mode != p.mode.Condition {
					t.Errorf("%s needs %s: lines %+v", sq.Name(), p.mode.Condition, v.Lines)
				}
			}
			var lines []PlanLine
			for _, ln := range v.Lines {
				if ln.Kind == "provocation" {
					lines = append(lines, ln)
				}
			}
			if len(lines) != len(p.provs) {
				t.Fatalf("%s: %d provocation lines for %d planned", sq.Name(), len(lines), len(p.provs))
			}
			for i, pr := range p.provs {
				provs++
				if lines[i].Rule != pr.Rule || lines[i].Rule == "" || lines[i].Prevented != (pr.Prevented != "") {
					t.Errorf("%s: line %+v for %+v", sq.Name(), lines[i], pr)
				}
				who, _ := enc.Combatant(pr.Attacker)
				if !strings.Contains(text(lines[i].Parts), who.Name) {
					t.Errorf("%s: %q does not name %s", sq.Name(), text(lines[i].Parts), who.Name)
				}
			}
		}
	}
	if needsMode == 0 || provs == 0 {
		t.Errorf("hovering met %d charge-only squares and %d provocations: the scan missed them", needsMode, provs)
	}
}

// TestOpportunityAttackThroughHandlers walks the acting creature of a
// sample away along a path that provokes, through the board's handlers
// (tap a square to plan, tap it again to go): the decision panel then puts
// the attack to its side with the odds, and taking it shows the trace in
// the attack panel and the log.
func TestOpportunityAttackThroughHandlers(t *testing.T) {
	ctx := testContext(t)
	for _, s := range rulesets.Samples() {
		tbl := openTable(t, s.ID, true)
		enc := tbl.state()
		tbl.selected = enc.Current()
		var dest *grid.Square
		for _, b := range tbl.plan(enc).bands {
			for _, sq := range b.Squares {
				h := sq
				tbl.hover = &h
				p := tbl.plan(enc)
				if p.err == nil && p.mode.Condition == "" && slices.ContainsFunc(p.provs, func(pr combat.Provocation) bool { return pr.Prevented == "" }) {
					dest = &h
					break
				}
			}
			if dest != nil {
				break
			}
		}
		tbl.hover = nil
		if dest == nil {
			continue
		}
		tap := func(sq grid.Square) { tbl.onBoard(ctx, app.Action{Value: Gesture{Kind: "down", At: sq}}) }
		tap(*dest)
		if tbl.hover == nil || *tbl.hover != *dest || tbl.sess.Cursor() != 2 {
			t.Fatalf("%s: a first tap on %s planned %v and gave %d commands", s.ID, dest.Name(), tbl.hover, tbl.sess.Cursor())
		}
		tap(*dest)
		enc = tbl.state()
		if enc.Pending == nil || enc.Pending.Kind != combat.DecideOpportunity {
			t.Fatalf("%s: the move to %s left %+v pending (%s)", s.ID, dest.Name(), enc.Pending, tbl.notice.Key)
		}
		dv := tbl.decisionView(enc)
		if dv == nil || !dv.Opportunity || dv.Odds == nil {
			t.Fatalf("%s: decision view %+v", s.ID, dv)
		}
		chooser, _ := enc.Combatant(enc.Pending.Chooser)
		if !strings.Contains(text(dv.Question), chooser.Name) {
			t.Errorf("%s: %q does not name %s", s.ID, text(dv.Question), chooser.Name)
		}
		html := app.HTMLString(tbl.renderDecision(dv))
		if !strings.Contains(html, `id="oa-take"`) || !strings.Contains(html, `id="oa-decline"`) || !strings.Contains(html, `id="odds"`) {
			t.Errorf("%s: the decision panel lacks its buttons or odds: %s", s.ID, html)
		}
		if !tbl.do(ctx, combat.TakeOpportunity{}) {
			t.Fatalf("%s: taking the attack: %s", s.ID, tbl.notice.Key)
		}
		enc = tbl.state()
		if tbl.decisionView(enc) != nil {
			t.Errorf("%s: a decision is still pending", s.ID)
		}
		av := tbl.attackView(enc)
		if len(av.Traces) != 1 || len(av.Traces[0].Trace) == 0 || av.Traces[0].Actor != chooser.ID {
			t.Fatalf("%s: traces after the attack: %+v", s.ID, av.Traces)
		}
		if say := tbl.announcement(enc); !strings.Contains(say, chooser.Name) {
			t.Errorf("%s: the live region says %q, not who attacked", s.ID, say)
		}
		lv := tbl.views(enc).log
		if !slices.ContainsFunc(lv.Lines, func(l LogLine) bool { return l.Type == string(combat.OpportunityTaken) }) {
			t.Errorf("%s: the log does not tell the attack taken", s.ID)
		}
		return
	}
	t.Fatal("no sample has a move that provokes")
}

// TestQuestionDecision puts a ruleset's own question to its chooser: each
// answer is a button with the answer's key and its words.
func TestQuestionDecision(t *testing.T) {
	tbl := openTable(t, "kal-urchins", false)
	enc := tbl.state()
	enc.Pending = &combat.Decision{Kind: "question", Chooser: enc.Combatants[0].ID, Key: "parry", Options: []string{"dodge", "parry"}}
	v := tbl.decisionView(enc)
	if v == nil || v.Opportunity || len(v.Options) != 2 || v.Options[1][0] != "parry" || v.Options[1][1] == "" {
		t.Fatalf("decision view %+v", v)
	}
	html := app.HTMLString(tbl.renderDecision(v))
	for _, o := range v.Options {
		if !strings.Contains(html, `data-choice="`+o[0]+`"`) || !strings.Contains(html, o[1]) {
			t.Errorf("answer %v is not drawn: %s", o, html)
		}
	}
	if !strings.Contains(text(v.Question), enc.Combatants[0].Name) {
		t.Errorf("the question %q does not name the chooser", text(v.Question))
	}
}
