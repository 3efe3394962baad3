package app

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/cairn"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// TestDairnPhaseInTheRoundPanel plays DAIRN's sample through the table's
// handlers until a side phase resolves (CA-ALG-B): while attacks are
// declared the round panel lists them against their target with the exact
// odds of all of them together (ENG-PHASE-4); once the phase is rolled it
// shows every die the engine rolled, the one that counted marked, and the
// morale checks of the phase.
func TestDairnPhaseInTheRoundPanel(t *testing.T) {
	ctx := testContext(t)
	tbl := dairnTable(t)
	declared, resolved := false, false
	for turn := 0; turn < 40 && !resolved; turn++ {
		enc := tbl.state()
		if enc.Phase != combat.PhaseRunning {
			break
		}
		cur, _ := enc.Combatant(enc.Current())
		tbl.selected = cur.ID
		if foe, ok := foeOf(&tbl.Model, enc, cur.ID); ok && combat.LeftFor(tbl.sess.Ruleset(), cur, combat.UseAttack) > 0 {
			tbl.target = foe.ID
			if av := tbl.attackView(enc); av.Ready == nil || av.Ready.RollKey != "attack.declare" {
				t.Fatalf("the attack panel offers no declaration: %+v", av)
			}
			if tbl.do(ctx, tbl.attackCommand()) {
				html := app.HTMLString(tbl.renderRounds(tbl.state()))
				block := html[max(0, strings.Index(html, `data-target="`+foe.ID+`"`)):]
				if !strings.Contains(html, `class="declared"`) || !strings.Contains(block, cur.Name) || !strings.Contains(html, `id="phase-odds-`+foe.ID+`"`) {
					t.Fatalf("the declaration of %s on %s is not in the round panel: %s", cur.ID, foe.ID, html)
				}
				declared = true
			}
		}
		if !tbl.do(ctx, combat.EndTurn{}) {
			t.Fatalf("ending the turn: %s", tbl.notice.Key)
		}
		hits, morale := tbl.lastPhase()
		if len(hits) == 0 {
			continue
		}
		resolved = true
		html := app.HTMLString(tbl.renderRounds(tbl.state()))
		dice := 0
		for _, h := range hits {
			dice += len(h.Dice)
			if !strings.Contains(html, `class="phase-hit" data-target="`+h.Target+`"`) && !strings.Contains(html, `data-target="`+h.Target+`" class="phase-hit"`) {
				t.Errorf("no result for %s: %s", h.Target, html)
			}
		}
		if got := strings.Count(html, `class="die`); got != dice {
			t.Errorf("%d dice drawn, the engine rolled %d", got, dice)
		}
		if got := strings.Count(html, `class="die counts"`); got != len(hits) {
			t.Errorf("%d dice marked counting for %d hits", got, len(hits))
		}
		if got := strings.Count(html, `class="morale"`); got != len(morale) {
			t.Errorf("%d morale lines for %d checks", got, len(morale))
		}
	}
	if !declared || !resolved {
		t.Fatalf("declared %v, resolved %v", declared, resolved)
	}
}

// dairnTable is a DAIRN fight in round 1, with the party to act first: Ash
// with a d6 and Cole with a d10 blast (CA-BLAST-1) beside a brute (HP 5,
// Armour 1) and its lookout; the bandits are one morale group.
func dairnTable(t *testing.T) *Table {
	t.Helper()
	return dairnTableLosing(t, "")
}

// dairnTableLosing is dairnTable with the PC lost ruled by the GM not to
// act in round 1 (CA-INIT-3), so that it loses its round-1 turn (CA-INIT-2).
func dairnTableLosing(t *testing.T, lost string) *Table {
	t.Helper()
	reg := rulesets.Registry()
	sess, err := combat.NewSession(reg, combat.NewEncounter(cairn.RulesetID, grid.Map{W: 8, H: 8}, 7))
	if err != nil {
		t.Fatal(err)
	}
	char := func(name string, kind cairn.Kind, hp int, d cairn.Die) json.RawMessage {
		c := cairn.Character{Name: name, Kind: kind, Max: cairn.Attributes{STR: 12, DEX: 12, WIL: 10}, Attr: cairn.Attributes{STR: 12, DEX: 12, WIL: 10},
			MaxHP: hp, HP: hp, Weapons: []cairn.Weapon{{Name: "blade", Die: d, Blast: name == "cole"}}}
		if kind == cairn.PC {
			c.Initiative = cairn.WaiverActs
			if name == lost {
				c.Initiative = cairn.WaiverDoesNotAct
			}
		} else {
			c.NaturalArmour = 1
		}
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	for _, s := range []combat.Spec{
		{ID: "ash", Name: "Ash", Side: "party", Pos: grid.Square{X: 2, Y: 3}, Profile: char("ash", cairn.PC, 6, cairn.D6)},
		{ID: "cole", Name: "Cole", Side: "party", Pos: grid.Square{X: 3, Y: 2}, Profile: char("cole", cairn.PC, 6, cairn.D10)},
		{ID: "brute", Name: "Brute", Side: "bandits", Pos: grid.Square{X: 3, Y: 3}, Profile: char("brute", cairn.NPC, 5, cairn.D6)},
		{ID: "lookout", Name: "Lookout", Side: "bandits", Pos: grid.Square{X: 4, Y: 2}, Profile: char("lookout", cairn.NPC, 4, cairn.D6)},
	} {
		if _, err := sess.Do(combat.Place{Spec: s}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
		if _, err := sess.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	tbl := &Table{Model: Model{reg: reg}}
	tbl.use(sess)
	return tbl
}

// TestRulesetActsAndForms draws DAIRN's acts and forms as the engine lists
// them (ENG-ACT-1): a button per act naming whom it concerns, and a form
// whose choices start at the first offered (the selected creature where
// offered) and keep what was picked; its button sends the act picked.
func TestRulesetActsAndForms(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "dairn-bandits", true)
	enc := tbl.state()
	rs := tbl.sess.Ruleset()
	html := app.HTMLString(tbl.renderRounds(enc))
	if acts, err := rs.(combat.ActLister).Acts(enc); err != nil || strings.Count(html, `class="act small"`) != len(acts) {
		t.Errorf("%d act buttons for %d acts (%v)", strings.Count(html, `class="act small"`), len(acts), err)
	}
	forms, err := rs.(combat.ActFormer).ActForms(enc)
	if err != nil || len(forms) == 0 {
		t.Fatalf("no forms: %v", err)
	}
	f := forms[0]
	if !strings.Contains(html, `id="form-`+f.Name+`"`) {
		t.Fatalf("form %s is not drawn: %s", f.Name, html)
	}
	tbl.selected = f.IDs[len(f.IDs)-1]
	cmd, ok := tbl.formCommand(f.Name)
	if !ok || cmd.Key != f.Keys[0] || cmd.ID != tbl.selected || cmd.Value != f.Values[0] {
		t.Fatalf("the form's first choice is %+v, want %s on %s by %d", cmd, f.Keys[0], tbl.selected, f.Values[0])
	}
	v := f.Values[len(f.Values)-1]
	tbl.pick(f.Name+"/value", strconv.Itoa(v))
	tbl.pick(f.Name+"/key", f.Keys[len(f.Keys)-1])
	tbl.pick(f.Name+"/id", f.IDs[0])
	if cmd, _ = tbl.formCommand(f.Name); cmd.Value != v || cmd.Key != f.Keys[len(f.Keys)-1] || cmd.ID != f.IDs[0] {
		t.Fatalf("after picking, the form sends %+v", cmd)
	}
	tbl.pick(f.Name+"/value", "not a number")
	if cmd, _ = tbl.formCommand(f.Name); cmd.Value != f.Values[0] {
		t.Errorf("a value not offered was kept: %+v", cmd)
	}
	if _, ok := tbl.formCommand("no-such-form"); ok {
		t.Error("a form that is not offered sends an act")
	}
	tbl.pick(f.Name+"/value", "1")
	if !tbl.do(ctx, mustForm(t, tbl, f.Name)) {
		t.Fatalf("the act was refused: %s", tbl.notice.Key)
	}
	if !slices.ContainsFunc(tbl.last, func(ev combat.Event) bool { return ev.Type() == combat.ActResolved }) {
		t.Errorf("the act resolved nothing: %+v", tbl.last)
	}
}

// mustForm is the act of form name, or the test stops.
func mustForm(t *testing.T, m *Table, name string) combat.Act {
	t.Helper()
	cmd, ok := m.formCommand(name)
	if !ok {
		t.Fatalf("no form %s", name)
	}
	return cmd
}

// TestBlastDeclaresTheTicked: the blast's button declares one attack on
// the targets ticked for the acting creature, in the encounter's order,
// whatever order they were ticked in; unticking leaves one out.
func TestBlastDeclaresTheTicked(t *testing.T) {
	tbl := openTable(t, "dairn-bandits", true)
	enc := tbl.state()
	cur := enc.Current()
	var foes []string
	for _, c := range enc.Combatants {
		if c.ID != cur {
			foes = append(foes, c.ID)
		}
	}
	for i := len(foes) - 1; i >= 0; i-- {
		tbl.tickBlast(cur + "/" + foes[i])
	}
	tbl.tickBlast("someone-else/" + foes[0])
	if got := tbl.blastCommand().Targets; !slices.Equal(got, foes) || tbl.blastCommand().Attacker != cur {
		t.Errorf("the blast declares %v, want %v", got, foes)
	}
	tbl.tickBlast(cur + "/" + foes[0])
	if got := tbl.blastCommand().Targets; !slices.Equal(got, foes[1:]) {
		t.Errorf("after unticking %s the blast declares %v", foes[0], got)
	}
}

// TestBlastPanel: Cole's blast may strike the brute and the lookout
// together (CA-BLAST-1), so the round panel offers a box for each and a
// button that declares one attack on the ticked ones, enabled from two.
func TestBlastPanel(t *testing.T) {
	ctx := testContext(t)
	tbl := dairnTable(t)
	for i := 0; tbl.state().Current() != "cole"; i++ {
		if i > 4 || !tbl.do(ctx, combat.EndTurn{}) {
			t.Fatalf("Cole never acts: %s", tbl.notice.Key)
		}
	}
	html := app.HTMLString(tbl.renderRounds(tbl.state()))
	if !strings.Contains(html, `id="blast-brute"`) || !strings.Contains(html, `id="blast-lookout"`) || !disabled(openTag(html, "declare-blast")) {
		t.Fatalf("the blast panel: %s", html)
	}
	tbl.tickBlast("cole/brute")
	tbl.tickBlast("cole/lookout")
	if html := app.HTMLString(tbl.renderRounds(tbl.state())); disabled(openTag(html, "declare-blast")) {
		t.Errorf("two ticked targets leave the button disabled: %s", openTag(html, "declare-blast"))
	}
	tbl.onDeclareBlast(ctx, app.Event{})
	enc := tbl.state()
	if len(enc.Declared) != 1 || !slices.Equal(enc.Declared[0].Targets, []string{"brute", "lookout"}) || tbl.blast != nil {
		t.Errorf("declared %+v, ticks left %v (%s)", enc.Declared, tbl.blast, tbl.notice.Key)
	}
}

// TestTieCommands: moving a tied slot up swaps it with the one before, and
// settling a tie marks its slots settled in the order they stand; a slot
// or range outside the order sends nothing.
func TestTieCommands(t *testing.T) {
	tbl := openTable(t, "dnd5e-goblin-ambush", false)
	if _, err := tbl.sess.Do(combat.RollInitiative{}); err != nil {
		t.Fatal(err)
	}
	tbl.changed()
	order := tbl.state().Order
	if len(order) < 3 {
		t.Fatalf("only %d slots", len(order))
	}
	up, ok := tbl.tieUp(2)
	if !ok || !slices.Equal(up.Order[1].Members, order[2].Members) || !slices.Equal(up.Order[2].Members, order[1].Members) {
		t.Errorf("moving slot 2 up gives %+v", up.Order)
	}
	done, ok := tbl.tieDone(0, 2)
	if !ok || !done.Order[0].Settled || !done.Order[1].Settled || done.Order[2].Settled != order[2].Settled {
		t.Errorf("settling 0..2 gives %+v", done.Order)
	}
	for _, bad := range [][2]int{{0, 0}, {-1, 1}, {1, len(order) + 1}, {2, 1}} {
		if _, ok := tbl.tieDone(bad[0], bad[1]); ok {
			t.Errorf("settling %v sends an order", bad)
		}
	}
	for _, bad := range []int{0, len(order)} {
		if _, ok := tbl.tieUp(bad); ok {
			t.Errorf("moving slot %d up sends an order", bad)
		}
	}
}

// TestKCTimelineInTheRoundPanel turns on Kryształy Czasu's segment
// timeline (ENG-TL-1) with the setting's own field and checks that the
// round panel then draws one cell per segment and a cell for what carries
// on, with a marker for each attack waiting on it.
func TestKCTimelineInTheRoundPanel(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "kc-orc", false)
	s := tbl.state().Settings
	s.Segments = 4
	if !tbl.do(ctx, combat.Configure{Settings: s}) {
		t.Fatalf("configuring: %s", tbl.notice.Key)
	}
	html := app.HTMLString(tbl.renderRounds(tbl.state()))
	if !strings.Contains(openTag(html, "segments"), `value="4"`) {
		t.Errorf("the segments field does not show 4: %s", openTag(html, "segments"))
	}
	for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
		if !tbl.do(ctx, c) {
			t.Fatalf("%T: %s", c, tbl.notice.Key)
		}
	}
	enc := tbl.state()
	tbl.selected = enc.Current()
	foe, _ := foeOf(&tbl.Model, enc, tbl.selected)
	tbl.target = foe.ID
	if !tbl.do(ctx, tbl.attackCommand()) {
		t.Fatalf("attacking: %s", tbl.notice.Key)
	}
	enc = tbl.state()
	html = app.HTMLString(tbl.renderRounds(enc))
	if got := strings.Count(html, `class="seg"`); got != 4+2 {
		t.Errorf("%d cells for 4 segments", got)
	}
	if got := strings.Count(html, `class="marker"`); got != len(enc.Timeline) || got == 0 {
		t.Errorf("%d markers for %d scheduled attacks", got, len(enc.Timeline))
	}
	if !strings.Contains(html, `id="resolve-segment"`) {
		t.Errorf("no button resolves the segment: %s", html)
	}
}

// TestTiesPutToTheirDecider: rolled individually, the goblin ambush has a
// tie the players order (ENG-TIE-1): the round panel shows it with a "move
// up" button on every slot but its first, and the orders built by moving
// up and by settling are ones the engine takes, after which the tie is
// gone.
func TestTiesPutToTheirDecider(t *testing.T) {
	ctx := testContext(t)
	tbl := openTable(t, "dnd5e-goblin-ambush", false)
	for _, c := range []combat.Command{combat.Configure{Settings: combat.Settings{IndividualInitiative: true}}, combat.RollInitiative{}} {
		if !tbl.do(ctx, c) {
			t.Fatalf("%T: %s", c, tbl.notice.Key)
		}
	}
	ties := combat.Ties(tbl.sess.Ruleset(), tbl.state())
	if len(ties) == 0 {
		t.Fatal("no tie to order")
	}
	tie := ties[0]
	html := app.HTMLString(tbl.renderRounds(tbl.state()))
	if !strings.Contains(html, `data-decider="`+tie.Decider+`"`) || strings.Count(html, "tie-up") != tie.To-tie.From-1 {
		t.Fatalf("the tie %+v is drawn as %s", tie, html)
	}
	before := tbl.state().Order
	up, ok := tbl.tieUp(tie.To - 1)
	if !ok || !tbl.do(ctx, up) {
		t.Fatalf("moving a tied slot up: %s", tbl.notice.Key)
	}
	if got := tbl.state().Order; !slices.Equal(got[tie.To-2].Members, before[tie.To-1].Members) {
		t.Errorf("the order after moving up: %+v", got)
	}
	done, ok := tbl.tieDone(tie.From, tie.To)
	if !ok || !tbl.do(ctx, done) {
		t.Fatalf("settling the tie: %s", tbl.notice.Key)
	}
	if left := combat.Ties(tbl.sess.Ruleset(), tbl.state()); slices.Contains(left, tie) {
		t.Errorf("the settled tie is still open: %+v", left)
	}
}

// TestNoAttackSaysWhy checks the attack panel's reason when the acting
// creature has no attack: a DAIRN hero who lost round 1's initiative is
// told so, with the engine's reason and CA-INIT-2, in every language; a
// Kaldaria or Kryształy Czasu creature that spent its attacks is told it
// has none left, in words that never call them actions (those rulesets
// have none).
func TestNoAttackSaysWhy(t *testing.T) {
	ctx := testContext(t)
	tbl := dairnTableLosing(t, "cole")
	for enc := tbl.state(); enc.Current() != "cole"; enc = tbl.state() {
		if enc.Round > 1 || !tbl.do(ctx, combat.EndTurn{}) {
			t.Fatalf("Cole has no round-1 turn (round %d, %s)", enc.Round, tbl.notice.Key)
		}
	}
	enc := tbl.state()
	tbl.selected, tbl.target = "cole", "brute"
	for _, l := range i18n.Langs {
		tbl.lang = l
		av := tbl.attackView(enc)
		if av.Ready == nil {
			t.Fatalf("%v: no attack panel for Cole: %+v", l, av)
		}
		got := text(av.Ready.Why)
		for _, want := range []string{"Cole", "CA-INIT-2", i18n.Label(l, glossary(cairn.RulesetID), cairn.KeyLosesTurn)} {
			if !strings.Contains(got, want) {
				t.Errorf("%v: %q lacks %q", l, got, want)
			}
		}
		if spent := text(i18n.Parts(l, "attack.no-actions", "a", "Cole")); got == spent {
			t.Errorf("%v: %q says the attack was spent", l, got)
		}
	}
	// The engine refuses the declaration with the same reason.
	_, err := tbl.sess.Do(tbl.attackCommand())
	var re *combat.RuleError
	if !errors.As(err, &re) || re.Key != combat.RefusalWithheld {
		t.Fatalf("Cole's declaration: %v, want the refusal %q", err, combat.RefusalWithheld)
	}
	n := tbl.explainError(err)
	for _, l := range i18n.Langs {
		got := n.In(l)
		for _, want := range []string{"Cole", "CA-INIT-2", i18n.Label(l, glossary(cairn.RulesetID), cairn.KeyLosesTurn), i18n.T(l, "counter.action")} {
			if !strings.Contains(got, want) {
				t.Errorf("%v: the refusal %q lacks %q", l, got, want)
			}
		}
	}
	for _, id := range []string{"kal-urchins", "kc-orc"} {
		tbl := openTable(t, id, true)
		enc := tbl.state()
		tbl.selected = enc.Current()
		foe, ok := foeOf(&tbl.Model, enc, tbl.selected)
		if !ok {
			t.Fatalf("%s: %s has no foe", id, tbl.selected)
		}
		tbl.target = foe.ID
		k, _ := combat.CounterFor(tbl.sess.Ruleset(), combat.UseAttack)
		enc.Combatants = slices.Clone(enc.Combatants)
		me := &enc.Combatants[enc.Find(tbl.selected)]
		me.Budget.Counts = me.Budget.Counts.With(k.Key, 0)
		for _, l := range i18n.Langs {
			tbl.lang = l
			av := tbl.attackView(enc)
			if av.Ready == nil {
				t.Fatalf("%s, %v: no attack panel: %+v", id, l, av)
			}
			got := text(av.Ready.Why)
			if want := text(i18n.Parts(l, "attack.no-actions", "a", me.Name)); got != want {
				t.Errorf("%s, %v: %q, want %q", id, l, got, want)
			}
			if action := i18n.T(l, "counter.action"); strings.Contains(strings.ToLower(got), strings.ToLower(action)) {
				t.Errorf("%s, %v: %q speaks of an action (%q)", id, l, got, action)
			}
		}
	}
}
