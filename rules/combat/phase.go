package combat

import (
	"encoding/json"
	"slices"

	"battlemat/rules/dice"
)

// MaxDeclarations bounds the attacks queued in one side phase: each
// combatant declares at most one per action, and there are at most
// MaxCombatants of them (ENG-PHASE-2).
const MaxDeclarations = MaxCombatants

// MaxDeclTargets bounds the targets of one declared attack, a blast's
// valid targets included (ENG-PHASE-2).
const MaxDeclTargets = 16

// PhaseResolver is implemented by rulesets whose rounds run as side phases
// (ENG-PHASE-1): every slot of the order is one side's phase; an attack
// made in it is declared, checked by CheckDeclaration and queued in
// Encounter.Declared (ENG-PHASE-2); when the last member of the slot able to
// act ends its turn, the engine hands the whole queue to ResolvePhase and
// applies the outcome at once (ENG-PHASE-3). A ruleset without it runs
// individual turns, each attack resolved when made.
type PhaseResolver interface {
	// CheckDeclaration returns a typed error if d may not be queued now.
	CheckDeclaration(enc Encounter, d Declaration) error
	// ResolvePhase resolves the queued declarations of one phase together.
	// It must be pure: everything random comes from r.
	ResolvePhase(enc Encounter, decls []Declaration, r dice.Roller) (PhaseOutcome, error)
}

// PhaseOddsTeller is implemented by side-phase rulesets that can compute the
// exact chances against one target of every attack declared on it so far
// (with extra added, when set), for the odds panel (ENG-PHASE-4).
type PhaseOddsTeller interface {
	PhaseOdds(enc Encounter, target string, decls []Declaration) ([]Chance, error)
}

// Declaration is one attack declared in a side phase: who makes it, its
// targets (several only for an attack that hits an area) and the ruleset's
// opaque choice of attack, as in AttackRequest.Option.
type Declaration struct {
	Attacker string          `json:"attacker"`
	Targets  []string        `json:"targets"`
	Option   json.RawMessage `json:"option,omitempty"`
}

// PhaseOutcome is a resolved side phase: what each target took, the new HP
// of every combatant whose HP changed, the ruleset's new states, the
// morale checks that followed (ENG-PHASE-5) and the whole trace.
type PhaseOutcome struct {
	Hits       []PhaseHit                 `json:"hits"`
	HP         map[string]int             `json:"hp,omitempty"`
	State      map[string]json.RawMessage `json:"state,omitempty"`
	RoundState map[string]json.RawMessage `json:"roundState,omitempty"`
	Morale     []MoraleCheck              `json:"morale,omitempty"`
	Trace      Trace                      `json:"trace,omitempty"`
}

// PhaseHit is what one target took in a side phase: every die aimed at it,
// the result that counted, the damage after armour and the ruleset's key
// for what it did (Outcome), with the trace of that target alone.
type PhaseHit struct {
	Target  string      `json:"target"`
	Dice    []PhaseRoll `json:"dice"`
	Result  int         `json:"result"`
	Damage  int         `json:"damage"`
	Outcome string      `json:"outcome"`
	Trace   Trace       `json:"trace,omitempty"`
}

// PhaseRoll is one die rolled in a side phase; Counts marks the die whose
// face became the target's result (the first of equal highest faces).
type PhaseRoll struct {
	Attacker string `json:"attacker"`
	Sides    int    `json:"sides"`
	Face     int    `json:"face"`
	Counts   bool   `json:"counts,omitempty"`
}

// MoraleCheck is one group's check at the end of a phase (ENG-PHASE-5): its
// key, the members concerned, those who failed and flee, and the trace.
type MoraleCheck struct {
	Group   string   `json:"group"`
	Members []string `json:"members"`
	Fled    []string `json:"fled,omitempty"`
	Trace   Trace    `json:"trace,omitempty"`
}

// Declare queues an attack of the acting combatant in a side phase,
// spending one action (ENG-PHASE-2). Several targets are for attacks that
// hit an area; the ruleset says which may.
type Declare struct{ Declaration }

// Kind returns "declare".
func (Declare) Kind() string { return "declare" }

func (c Declare) apply(a *applier) error {
	pr, ok := a.rs.(PhaseResolver)
	if !ok {
		return a.unsupported("PhaseResolver")
	}
	return a.declare(pr, c.Declaration)
}

// declare checks and queues one declaration of the acting combatant.
func (a *applier) declare(pr PhaseResolver, d Declaration) error {
	c, err := a.acting(d.Attacker)
	if err != nil {
		return err
	}
	if err := NoneLeft(a.rs, a.e, *c, UseAttack); err != nil { // ENG-PHASE-2
		return err
	}
	if len(d.Targets) == 0 || len(d.Targets) > MaxDeclTargets {
		return Invalid("ENG-PHASE-2", "targets", "%d targets; want 1..%d", len(d.Targets), MaxDeclTargets)
	}
	for i, t := range d.Targets {
		if a.e.Find(t) < 0 || slices.Contains(d.Targets[:i], t) {
			return Invalid("ENG-PHASE-2", "targets", "unknown or repeated target %q", t)
		}
	}
	if len(a.e.Declared) >= MaxDeclarations {
		return Invalid("ENG-PHASE-2", "declared", "at most %d attacks in one phase", MaxDeclarations)
	}
	if d.Option, err = opaque("option", d.Option); err != nil {
		return err
	}
	d.Targets = slices.Clone(d.Targets)
	if err := pr.CheckDeclaration(a.e, d); err != nil {
		return err
	}
	if err := a.spendOne(c, UseAttack); err != nil {
		return err
	}
	a.e.Declared = append(a.e.Declared, d)
	a.emit(Header{Rule: "ENG-PHASE-2", Actor: d.Attacker, Target: d.Targets[0]}.With(Declared{Targets: len(d.Targets)}))
	return nil
}

// phaseOver reports whether no member of the current slot after the acting
// one can still act, so that the side's phase ends with this turn
// (ENG-PHASE-3).
func (a *applier) phaseOver() (bool, error) {
	s := a.e.Order[a.e.Turn.Slot]
	for _, id := range s.Members[a.e.Turn.Member+1:] {
		if up, err := a.up(id); up || err != nil {
			return false, err
		}
	}
	return true, nil
}

// endPhase resolves the side phase when the turn now ending is its last
// (ENG-PHASE-3).
func (a *applier) endPhase() error {
	pr, ok := a.rs.(PhaseResolver)
	if !ok || len(a.e.Declared) == 0 {
		return nil
	}
	if over, err := a.phaseOver(); !over || err != nil {
		return err
	}
	return a.resolvePhase(pr)
}

// resolvePhase hands the queued declarations to the ruleset and applies the
// outcome (ENG-PHASE-3, ENG-PHASE-5).
func (a *applier) resolvePhase(pr PhaseResolver) error {
	decls := a.e.Declared
	out, err := pr.ResolvePhase(a.e, decls, a.r)
	if err != nil {
		return err
	}
	a.e.Declared = nil
	wasUp := map[string]bool{}
	for _, c := range a.e.Combatants {
		if wasUp[c.ID], err = a.up(c.ID); err != nil {
			return err
		}
	}
	if err := a.setStates(out.State, out.RoundState); err != nil {
		return err
	}
	for _, h := range out.Hits {
		if a.e.Find(h.Target) < 0 {
			return Invalid("ENG-PHASE-3", "hits", "ruleset hit unknown %q", h.Target)
		}
		a.emit(Header{Rule: "ENG-PHASE-3", Target: h.Target}.With(h.clone()))
	}
	if err := a.setHPs(out.HP, "ENG-PHASE-3"); err != nil {
		return err
	}
	a.emitMorale(out.Morale, "ENG-PHASE-5")
	for _, c := range a.e.Combatants {
		if err := a.downed(c.ID, wasUp[c.ID]); err != nil {
			return err
		}
	}
	return nil
}

// emitMorale records the morale checks of an outcome, one event per
// group and one per creature that flees; their states are the outcome's.
func (a *applier) emitMorale(ms []MoraleCheck, rule RuleID) {
	for _, m := range ms {
		a.emit(Header{Rule: rule}.With(m.clone()))
		for _, id := range m.Fled {
			a.emit(Header{Rule: rule, Actor: id}.Bare(Fled))
		}
	}
}

func (h PhaseHit) clone() *PhaseHit {
	h.Dice = slices.Clone(h.Dice)
	h.Trace = slices.Clone(h.Trace)
	return &h
}

func (m MoraleCheck) clone() *MoraleCheck {
	m.Members = slices.Clone(m.Members)
	m.Fled = slices.Clone(m.Fled)
	m.Trace = slices.Clone(m.Trace)
	return &m
}

// PhaseOdds asks the encounter's ruleset for the exact chances against
// target of the attacks declared on it so far plus extra, when extra has an
// attacker (ENG-PHASE-4).
func PhaseOdds(rs Ruleset, enc Encounter, target string, extra Declaration) ([]Chance, error) {
	po, ok := rs.(PhaseOddsTeller)
	if !ok {
		return nil, &UnsupportedError{Ruleset: rs.ID(), Capability: "PhaseOddsTeller"}
	}
	decls := slices.Clone(enc.Declared)
	if extra.Attacker != "" {
		decls = append(decls, extra)
	}
	return po.PhaseOdds(enc, target, decls)
}

// SidePhases reports whether the ruleset runs its rounds as side phases
// (ENG-PHASE-1).
func SidePhases(rs Ruleset) bool {
	_, ok := rs.(PhaseResolver)
	return ok
}

func cloneDecls(ds []Declaration) []Declaration {
	out := slices.Clone(ds)
	for i := range out {
		out[i].Targets = slices.Clone(out[i].Targets)
		out[i].Option = slices.Clone(out[i].Option)
	}
	return out
}
