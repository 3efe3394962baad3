package app

import (
	"errors"
	"slices"
	"strings"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// The view-models of the turn's panels (the inspector, the movement, the
// attack and a pending decision), built from the Model alone: what the
// engine answers, in the reader's words. The render functions only draw
// them.

// InspectorView is the selected creature as the inspector shows it.
type InspectorView struct {
	Lang       i18n.Lang
	Name       string      // "" when nothing is selected
	Summary    []i18n.Part // side, HP, square, speed
	Conditions []i18n.Part // the conditions in the ruleset's words, nil when none
}

// inspectorView builds the inspector's view-model.
func (m *Model) inspectorView(enc combat.Encounter) InspectorView {
	l := m.lang
	v := InspectorView{Lang: l}
	c, ok := enc.Combatant(m.selected)
	if !ok {
		return v
	}
	v.Name = c.Name
	v.Summary = i18n.Parts(l, "inspector.summary", "side", c.Side, "hp", c.HP, "max", c.Stats.MaxHP,
		"square", c.Pos.Name(), "speed", m.distance(c.Stats.Speed))
	if len(c.Conditions) > 0 {
		words := make([]string, len(c.Conditions))
		for i, k := range c.Conditions {
			words[i] = i18n.Label(l, glossary(enc.Ruleset), k)
		}
		v.Conditions = i18n.Parts(l, "inspector.conditions", "list", strings.Join(words, ", "))
	}
	return v
}

// MovementView is the movement panel: the acting creature's movement modes
// and toggles, and for the planned path why it cannot go there and every
// opportunity attack it meets.
type MovementView struct {
	Lang    i18n.Lang
	Shown   bool // the selected creature is the one acting
	Modes   []ModeToggle
	Safest  *bool // the safest-path toggle, nil where the ruleset plans no paths
	Threats *bool // the threatened-squares toggle, nil where the ruleset has none
	Lines   []PlanLine
}

// ModeToggle is a movement mode the creature may switch on or off.
type ModeToggle struct {
	Key, Label string // the mode's condition key and its words
	On         bool
}

// PlanLine is one line under the movement buttons: a square only another
// mode reaches ("needs-mode"), a refused move ("blocked"), or an
// opportunity attack met on the way ("provocation").
type PlanLine struct {
	Kind      string
	Mode      string // the mode a "needs-mode" line asks for
	Prevented bool   // a provocation that is prevented
	Title     string // the tooltip: the term explained with its rule
	Parts     []i18n.Part
	Rule      combat.RuleID // cited after a provocation
}

// movementView builds the movement panel's view-model.
func (m *Model) movementView(enc combat.Encounter) MovementView {
	l := m.lang
	v := MovementView{Lang: l}
	if !m.canMove(enc) {
		return v
	}
	v.Shown = true
	c, _ := enc.Combatant(m.selected)
	rs := m.sess.Ruleset()
	p := m.plan(enc)
	if _, ok := rs.(combat.Planner); ok {
		for _, md := range combat.MoveModesOf(rs) {
			if slices.ContainsFunc(p.bands, func(b combat.Band) bool { return b.Key == md.Band }) {
				v.Modes = append(v.Modes, ModeToggle{Key: md.Condition, Label: i18n.T(l, modeLabel(md)), On: slices.Contains(c.Conditions, md.Condition)})
			}
		}
		safest := m.safest
		v.Safest = &safest
	}
	if _, ok := rs.(combat.Threatener); ok {
		threats := m.threats
		v.Threats = &threats
	}
	switch {
	case p.mode.Condition != "" && m.hover != nil:
		v.Lines = append(v.Lines, PlanLine{Kind: "needs-mode", Mode: p.mode.Condition, Title: explain(l, enc.Ruleset, string(p.mode.Band), ""),
			Parts: i18n.Parts(l, "move.needs-mode", "square", m.hover.Name(), "mode", i18n.T(l, modeLabel(p.mode)))})
	case p.err != nil && m.hover != nil:
		v.Lines = append(v.Lines, PlanLine{Kind: "blocked", Parts: m.explainError(p.err).parts(l)})
	}
	for _, pr := range p.provs {
		attacker, _ := enc.Combatant(pr.Attacker)
		who := attacker.Name
		why := pr.Kind
		if pr.Prevented != "" {
			why = pr.Prevented
		}
		line := PlanLine{Kind: "provocation", Prevented: pr.Prevented != "", Title: explain(l, enc.Ruleset, why, pr.Rule), Rule: pr.Rule}
		if pr.Prevented == "" {
			line.Parts = i18n.Parts(l, "move.oa", "name", who, "kind", i18n.Label(l, glossary(enc.Ruleset), pr.Kind), "square", pr.At.Name())
		} else {
			line.Parts = i18n.Parts(l, "move.oa-prevented", "name", who, "square", pr.At.Name(), "why", i18n.Label(l, glossary(enc.Ruleset), pr.Prevented))
		}
		v.Lines = append(v.Lines, line)
	}
	return v
}

// parts writes the notice in l as message parts.
func (n Notice) parts(l i18n.Lang) []i18n.Part {
	if n.Count != 0 {
		return i18n.PartsN(l, n.Key, int64(n.Count), n.Args...)
	}
	return i18n.Parts(l, n.Key, n.Args...)
}

// AttackView is the attack panel: the attack the selected creature would
// make on its target, or why there is none, and the traces of the last
// attacks.
type AttackView struct {
	Lang    i18n.Lang
	Ruleset string
	Down    []i18n.Part // the target is out of the fight, nil otherwise
	Ready   *AttackReady
	Traces  []TraceView
}

// AttackReady is an attack the acting creature may try on its target.
type AttackReady struct {
	Versus    []i18n.Part // attacker against target, the target last
	Choices   []string    // the attacker's attacks, none when it has one
	Option    int         // the chosen one among Choices
	Targeting *TargetingView
	Odds      []combat.Chance // nil when the ruleset refuses to tell
	Why       []i18n.Part     // why it cannot attack now, nil when it can
	RollKey   string          // the roll button's catalogue key
	Dice      string          // the physical dice typed
}

// TargetingView is the tier the attacker would get on its target and the
// defender's engagement, where the ruleset has them (combat.Targeter).
type TargetingView struct {
	Tier     *TierLine
	Standing []i18n.Part // the defender's pins, nil when unknown
}

// TierLine is the tier the attack comes from, or why it cannot be made.
type TierLine struct {
	Allowed   bool
	Tier      string      // the tier's key, "none" when not allowed
	Title     string      // the tier explained
	Parts     []i18n.Part // the tier, or the reason it is not allowed
	Modifiers [][2]string // each modifier's term and signed value
	Rule      combat.RuleID
}

// TraceView is a resolved attack: who attacked whom, the result, and the
// steps of its trace.
type TraceView struct {
	Actor   string
	By      []i18n.Part
	Result  []i18n.Part
	Ruleset string
	Trace   combat.Trace
}

// attackView builds the attack panel's view-model.
func (m *Model) attackView(enc combat.Encounter) AttackView {
	l := m.lang
	v := AttackView{Lang: l, Ruleset: enc.Ruleset}
	if def, ok := enc.Combatant(m.target); ok && !m.up(enc, def.ID) {
		v.Down = i18n.Parts(l, "attack.down", "name", def.Name)
	} else if ok && m.canMove(enc) {
		att, _ := enc.Combatant(m.selected)
		r := &AttackReady{Versus: i18n.Parts(l, "attack.versus", "a", att.Name, "b", def.Name), RollKey: "attack.roll", Dice: m.dice}
		if combat.SidePhases(m.sess.Ruleset()) {
			r.RollKey = "attack.declare" // ENG-PHASE-2: the attack is queued, not rolled
		}
		choices := m.attackChoices(enc)
		req := combat.AttackRequest{Attacker: att.ID, Defender: def.ID}
		if len(choices) > 0 {
			r.Option = m.attackOption(choices)
			req.Option = choices[r.Option].Option
			for _, c := range choices {
				r.Choices = append(r.Choices, c.Name)
			}
		}
		r.Targeting = m.targetingView(enc)
		chances, err := m.odds(enc, req)
		if err == nil {
			r.Odds = chances
		}
		r.Why = m.cannotAttack(enc, att, def, err)
		v.Ready = r
	}
	for _, ev := range m.last {
		switch p := ev.Payload().(type) {
		case combat.Blow:
			v.Traces = append(v.Traces, traceView(l, enc, ev, p))
		case *combat.PhaseHit:
			v.Traces = append(v.Traces, traceView(l, enc, ev, combat.Blow{Hit: p.Damage > 0, Damage: p.Damage, Trace: p.Trace}))
		}
	}
	return v
}

// attackChoices lists the selected creature's attacks, where its ruleset
// offers a choice (combat.Armory).
func (m *Model) attackChoices(enc combat.Encounter) []combat.AttackChoice {
	ar, ok := m.sess.Ruleset().(combat.Armory)
	if !ok {
		return nil
	}
	choices, err := ar.AttackChoices(enc, m.selected)
	if err != nil {
		return nil
	}
	return choices
}

// attackOption is the chosen attack among choices: the first when the
// choice made no longer exists.
func (m *Model) attackOption(choices []combat.AttackChoice) int {
	if m.option < 0 || m.option >= len(choices) {
		return 0
	}
	return m.option
}

// attackCommand is the attack of the selected creature on its target with
// the chosen attack.
func (m *Model) attackCommand() combat.Attack {
	a := combat.Attack{Attacker: m.selected, Defender: m.target}
	if choices := m.attackChoices(m.state()); len(choices) > 0 {
		a.Option = choices[m.attackOption(choices)].Option
	}
	return a
}

// cannotAttack says in words why att cannot attack def now, or nil when it
// can: no attack left this turn, the engine's reason the rules give it
// none (a DAIRN hero who lost round 1's initiative, CA-INIT-2), or the
// ruleset's refusal (err from the odds), in the ruleset's terms where it
// names a reason, with its rule ID.
func (m *Model) cannotAttack(enc combat.Encounter, att, def combat.Combatant, err error) []i18n.Part {
	l := m.lang
	if none := combat.NoneLeft(m.sess.Ruleset(), enc, att, combat.UseAttack); none != nil {
		var re *combat.RuleError
		if errors.As(none, &re) && re.Key == combat.RefusalWithheld {
			if why, ok := refusalArg(re, "why"); ok {
				return i18n.Parts(l, "attack.impossible", "a", att.Name, "b", def.Name, "why", term{enc.Ruleset, why}, "rule", string(re.Rule))
			}
		}
		return i18n.Parts(l, "attack.no-actions", "a", att.Name)
	}
	if err == nil {
		return nil
	}
	if tg, ok := m.sess.Ruleset().(combat.Targeter); ok {
		if tier, terr := tg.Target(enc, att.ID, def.ID); terr == nil && !tier.Allowed {
			return i18n.Parts(l, "attack.impossible", "a", att.Name, "b", def.Name, "why", i18n.Label(l, glossary(enc.Ruleset), tier.Reason), "rule", string(tier.Rule))
		}
	}
	why := m.explainError(err).Args[1]
	var re *combat.RuleError
	if errors.As(err, &re) && re.Key == combat.RefusalCannotAttack {
		// The refusal would name attacker and target again: its reason is enough.
		if w, ok := refusalArg(re, "why"); ok {
			why = term{enc.Ruleset, w}
		}
	}
	if re != nil && re.Rule != "" {
		return i18n.Parts(l, "attack.impossible", "a", att.Name, "b", def.Name, "why", why, "rule", string(re.Rule))
	}
	return i18n.Parts(l, "attack.impossible.bare", "a", att.Name, "b", def.Name, "why", why)
}

// targetingView builds the tier and engagement lines, nil where the
// ruleset has no targeting rules or nothing is targeted.
func (m *Model) targetingView(enc combat.Encounter) *TargetingView {
	tg, ok := m.sess.Ruleset().(combat.Targeter)
	if !ok || m.target == "" || m.selected == "" {
		return nil
	}
	l, rs := m.lang, enc.Ruleset
	v := &TargetingView{}
	if tier, err := tg.Target(enc, m.selected, m.target); err == nil {
		line := &TierLine{Allowed: tier.Allowed, Tier: tier.Tier, Rule: tier.Rule}
		if tier.Allowed {
			line.Title = explain(l, rs, tier.Tier, tier.Rule)
			line.Parts = i18n.Parts(l, "target.from", "tier", i18n.Label(l, glossary(rs), tier.Tier))
			for _, md := range tier.Modifiers {
				line.Modifiers = append(line.Modifiers, [2]string{i18n.Label(l, glossary(rs), md.Quantity), i18n.Signed(l, int64(md.Value))})
			}
		} else {
			line.Tier = "none"
			line.Parts = i18n.Parts(l, "target.none", "why", i18n.Label(l, glossary(rs), tier.Reason), "rule", string(tier.Rule))
		}
		v.Tier = line
	}
	if st, err := tg.Standing(enc, m.target); err == nil && len(st.Facts) > 0 {
		facts := make([]string, len(st.Facts))
		for i, f := range st.Facts {
			facts[i] = i18n.Label(l, glossary(rs), f.Key)
			if f.Of > 0 {
				facts[i] = i18n.T(l, "target.count", "what", facts[i], "n", f.N, "of", f.Of)
			}
		}
		v.Standing = i18n.Parts(l, "target.standing", "facts", strings.Join(facts, " · "), "rule", string(st.Rule))
	}
	return v
}

// traceView builds the view-model of an attack resolved by ev, whose
// outcome is blow.
func traceView(l i18n.Lang, enc combat.Encounter, ev combat.Event, blow combat.Blow) TraceView {
	who, _ := enc.Combatant(ev.Actor)
	whom, _ := enc.Combatant(ev.Target)
	v := TraceView{Actor: ev.Actor, Ruleset: enc.Ruleset, Trace: blow.Trace,
		By: i18n.Parts(l, "attack.trace.by", "a", who.Name, "b", whom.Name), Result: i18n.Parts(l, "attack.result.miss")}
	if blow.Hit {
		v.Result = i18n.Parts(l, "attack.result.hit", "n", blow.Damage)
	}
	return v
}

// DecisionView is a pending decision put to the side that must answer.
type DecisionView struct {
	Lang        i18n.Lang
	Opportunity bool            // an opportunity attack to take or pass
	Question    []i18n.Part     // who decides what
	Odds        []combat.Chance // an opportunity attack's odds, nil when unknown
	Ruleset     string
	Options     [][2]string // a ruleset's question's answers: key and words
}

// decisionView builds the pending decision's view-model, nil when none is
// pending.
func (m *Model) decisionView(enc combat.Encounter) *DecisionView {
	d := enc.Pending
	if d == nil {
		return nil
	}
	l := m.lang
	v := &DecisionView{Lang: l, Ruleset: enc.Ruleset}
	chooser, _ := enc.Combatant(d.Chooser)
	who := chooser.Name
	if d.Kind == combat.DecideOpportunity {
		mover, _ := enc.Combatant(d.Attack.Defender)
		v.Opportunity = true
		v.Question = i18n.Parts(l, "decision.oa", "a", who, "b", mover.Name)
		if chances, err := m.odds(enc, d.Attack); err == nil {
			v.Odds = chances
		}
		return v
	}
	v.Question = i18n.Parts(l, "decision.choose", "name", who, "question", i18n.Label(l, glossary(enc.Ruleset), d.Key))
	for _, o := range d.Options {
		v.Options = append(v.Options, [2]string{o, i18n.Label(l, glossary(enc.Ruleset), o)})
	}
	return v
}
