package dnd5e

import (
	"encoding/json"
	"math/big"
	"slices"
	"sync"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// RulesetID is the encounter ruleset ID of D&D 5e.
const RulesetID = "dnd5e"

// Condition keys the ruleset reads from combatant conditions. The source
// leaves conditions to another chapter (DND-ND-7); these are the DM's
// flags for what this package needs.
const (
	// ConditionCannotAct stops a creature from taking actions, bonus
	// actions and reactions (DND-BONUS-4, DND-ND-7). The SRD conditions
	// that include it are recognised too (see cannotAct).
	ConditionCannotAct = "cannot-act"
	// ConditionInvisible and ConditionBlinded decide, by default, whether
	// a reactor can see a mover (DND-ND-3): not if the mover is invisible
	// or the reactor blinded.
	ConditionInvisible = "invisible"
	ConditionBlinded   = "blinded"
)

// incapacitating are the condition keys that stop a creature from taking
// actions and reactions (DND-ND-7, SRD default).
var incapacitating = []string{ConditionCannotAct, "incapacitated", "paralyzed", "petrified", "stunned", "unconscious"}

// cannotAct reports whether the conditions stop a creature from acting.
func cannotAct(conds []string) bool {
	for _, c := range conds {
		if slices.Contains(incapacitating, c) {
			return true
		}
	}
	return false
}

// Ruleset plugs D&D 5e into the encounter engine (DND-ENG-6). Its zero
// value follows the spec's defaults: ties ordered by hand (DND-INIT-4) and
// the Hebrew surprise lock (DND-ERR-2).
type Ruleset struct {
	TieBreak   TieBreak
	Lock       LockMode
	StealthTie StealthTie // who wins a Stealth total equal to a passive Perception (DND-AMB-1)
}

// Profile is a combatant's 5e profile as an encounter stores it: its stat
// block and who controls it (DND-INIT-2, DND-INIT-4). An empty controller
// means the DM. In JSON the stat block's fields and "controller" sit side by
// side in one object.
type Profile struct {
	StatBlock
	Controller Controller `json:"controller,omitempty"`
}

// controller returns who runs the creature, the DM by default.
func (p Profile) controller() Controller {
	if p.Controller == "" {
		return DM
	}
	return p.Controller
}

// DecodeProfile reads and validates a combatant profile.
func DecodeProfile(raw []byte) (Profile, error) {
	var p Profile
	if err := combat.DecodeStrict("profile", raw, &p); err != nil {
		return Profile{}, err
	}
	if p.Controller != "" && p.Controller != Player && p.Controller != DM {
		return Profile{}, combat.Invalid("DND-INIT-4", "controller", "%q is neither %q nor %q", p.Controller, Player, DM)
	}
	return p, p.Validate()
}

// ID returns RulesetID.
func (Ruleset) ID() string { return RulesetID }

// Profile derives the turn engine's numbers from a profile: hit points,
// speed in feet (DND-TURN-2), the initiative modifier (DND-AMB-9), the
// stat block as initiative group (DND-AMB-7), one action (DND-TURN-1), a
// bonus action only if a feature grants one (DND-BONUS-1) and one free
// object interaction (DND-FREE-3).
func (Ruleset) Profile(raw json.RawMessage) (combat.Stats, error) {
	p, err := DecodeProfile(raw)
	if err != nil {
		return combat.Stats{}, err
	}
	return combat.Stats{MaxHP: p.HP, Speed: p.Speed, Initiative: p.InitiativeMod(), Group: p.ID, Actions: 1,
		Counts: combat.NewCounts(combat.Count{Key: CounterBonus, N: min(1, len(p.BonusActions))}, combat.Count{Key: CounterInteraction, N: 1})}, nil
}

// TurnRules turns on one reaction per creature until its next turn
// (DND-REACT-3) and sets when a surprise lock ends (DND-SURP-5, DND-AMB-3).
func (rs Ruleset) TurnRules() combat.TurnRules {
	tr := combat.TurnRules{Reactions: true, SurpriseLock: combat.LockEndOfRound1}
	if rs.Lock == LockOwnTurnEnd {
		tr.SurpriseLock = combat.LockEndOfOwnFirstTurn
	}
	return tr
}

// Scale is the 5e battlemap: squares of 5 ft, speed and movement in feet
// (DND-GEN-3).
func (Ruleset) Scale() combat.Scale {
	return combat.Scale{Square: combat.Length{Hundredths: 100 * SquareFeet, Unit: "ft"}, PerSquare: SquareFeet}
}

// The keys of a 5e turn's counters (Counters), which UseAction names.
const (
	CounterMovement    = "movement"
	CounterAction      = "action"
	CounterBonus       = "bonus"
	CounterInteraction = "interaction"
	CounterReaction    = "reaction"
)

// counters are a 5e turn's resources: movement in feet and the action,
// which an attack spends (DND-TURN-1), the bonus action (DND-BONUS-2), the
// free object interaction (DND-FREE-3) and the reaction, which an
// opportunity attack spends and which lasts until the owner's next turn
// (DND-REACT-3).
var counters = []combat.Counter{
	{Key: CounterMovement, Unit: combat.UnitMovement, Use: combat.UseMove, Rule: "DND-TURN-1"},
	{Key: CounterAction, Unit: combat.UnitCount, Use: combat.UseAttack, Rule: "DND-TURN-1"},
	{Key: CounterBonus, Unit: combat.UnitCount, Rule: "DND-BONUS-2"},
	{Key: CounterInteraction, Unit: combat.UnitCount, Rule: "DND-FREE-3"},
	{Key: CounterReaction, Unit: combat.UnitCount, Use: combat.UseOpportunity, Rule: "DND-REACT-3"},
}

// Counters are a 5e turn's resources (ENG-TURN-6), in the order of the
// rules: movement, action, bonus action, interaction, reaction.
func (Ruleset) Counters() []combat.Counter { return counters }

// SurpriseRule cites the rule by which the DM marks creatures surprised
// before the first round (DND-SURP-4).
func (Ruleset) SurpriseRule() combat.RuleID { return "DND-SURP-4" }

// profileOf decodes a combatant's profile; a combatant without one is a
// DM-run creature known only by its engine stats. Decoded profiles are
// kept in the encounter's memo (derivedOf), keyed by their JSON, since
// movement previews and a forecast's policies ask about every square.
func profileOf(enc combat.Encounter, c combat.Combatant) (Profile, bool, error) {
	if len(c.Profile) == 0 {
		return Profile{}, false, nil
	}
	d := derivedOf(enc)
	d.mu.Lock()
	p, ok := d.profiles[string(c.Profile)]
	d.mu.Unlock()
	if ok {
		return p, true, nil
	}
	p, err := DecodeProfile(c.Profile)
	if err != nil {
		return Profile{}, false, err
	}
	d.mu.Lock()
	d.profiles[string(c.Profile)] = p
	d.mu.Unlock()
	return p, true, nil
}

// derived holds what the ruleset decodes from the JSON an encounter
// carries, each keyed by the JSON it came from, so a value found is right
// for any revision that holds the same bytes: the profiles, the attack
// options asked for and the attack choices of each profile. One derived
// is shared by the revisions of an encounter (through their memos), and
// started afresh when it holds maxDerived entries of a kind.
type derived struct {
	mu       sync.Mutex
	profiles map[string]Profile
	options  map[string]AttackOption
	choices  map[string][]combat.AttackChoice // by profile JSON
}

// maxDerived bounds each kind of entry a derived keeps: the stat blocks
// of one encounter's life are far fewer.
const maxDerived = 256

// derivedKey is the memo key of an encounter's derived.
type derivedKey struct{}

// derivedOf returns the derived of the encounter's lineage, starting one
// when it has none or the one it has is full.
func derivedOf(enc combat.Encounter) *derived {
	memo := enc.Memo()
	if v, ok := memo.Load(derivedKey{}); ok {
		d := v.(*derived)
		d.mu.Lock()
		full := len(d.profiles) >= maxDerived || len(d.options) >= maxDerived || len(d.choices) >= maxDerived
		d.mu.Unlock()
		if !full {
			return d
		}
	}
	d := &derived{profiles: map[string]Profile{}, options: map[string]AttackOption{}, choices: map[string][]combat.AttackChoice{}}
	memo.Store(derivedKey{}, d)
	return d
}

// optionOf decodes an attack's option (AttackOption), through the
// encounter's derived.
func optionOf(enc combat.Encounter, raw json.RawMessage) (AttackOption, error) {
	if len(raw) == 0 {
		return AttackOption{}, nil
	}
	d := derivedOf(enc)
	d.mu.Lock()
	opt, ok := d.options[string(raw)]
	d.mu.Unlock()
	if ok {
		return opt, nil
	}
	return decodeOption(d, raw)
}

// decodeOption decodes an attack's option and keeps it in d.
func decodeOption(d *derived, raw json.RawMessage) (AttackOption, error) {
	var opt AttackOption
	if err := combat.DecodeStrict("option", raw, &opt); err != nil {
		return AttackOption{}, err
	}
	d.mu.Lock()
	d.options[string(raw)] = opt
	d.mu.Unlock()
	return opt, nil
}

// RollInitiative rolls the 5e initiative order for the combatants ids
// (DND-ALG-A step 3): DM-run creatures of one side with the same stat block
// share a slot and a roll (DND-INIT-2, DND-AMB-7) unless the encounter is
// set to roll individually (DND-AMB-6), and ties follow the ruleset's
// TieBreak (DND-INIT-4). Ties left to a party are listed by Ties, for the
// players or the DM to order with SetOrder.
func (rs Ruleset) RollInitiative(enc combat.Encounter, ids []string, r dice.Roller) ([]combat.Slot, error) {
	es := make([]Entrant, 0, len(ids))
	for _, id := range ids {
		c, found := enc.Combatant(id)
		if !found {
			return nil, combat.NoCombatant("DND-INIT-1", "id", id)
		}
		p, _, err := profileOf(enc, c)
		if err != nil {
			return nil, err
		}
		e := Entrant{ID: id, Controller: p.controller(), Mod: c.Stats.Initiative, Individual: enc.Settings.IndividualInitiative}
		if c.Stats.Group != "" {
			e.Group = c.Side + "/" + c.Stats.Group
		}
		es = append(es, e)
	}
	o, err := RollInitiative(es, rs.TieBreak, r)
	if err != nil {
		return nil, err
	}
	slots := make([]combat.Slot, len(o.Slots))
	for i, s := range o.Slots {
		slots[i] = combat.Slot{Members: s.Members, Score: s.Total, Tiebreak: combat.TrimTiebreak(s.RollOff), Settled: s.Settled}
	}
	return slots, nil
}

// TurnBudget is what a creature starts its turn with (DND-ALG-C step 1),
// from Budget.StartTurn: a creature that cannot act gets no action and no
// bonus action (DND-BONUS-4); the reaction comes back (DND-REACT-3). The
// engine holds the reaction and empties a first turn after surprise
// (DND-SURP-5) as TurnRules say.
func (Ruleset) TurnBudget(enc combat.Encounter, id string) (combat.Counts, error) {
	c, found := enc.Combatant(id)
	if !found {
		return combat.Counts{}, combat.NoCombatant("DND-ALG-C", "id", id)
	}
	b, _ := Budget{}.StartTurn(TurnStart{Speed: c.Stats.Speed, HasBonus: c.Stats.Counts.Get(CounterBonus) > 0, CannotAct: cannotAct(c.Conditions)})
	return combat.NewCounts(combat.Count{Key: CounterMovement, N: b.Movement}, combat.Count{Key: CounterAction, N: count(b.Action)}, combat.Count{Key: CounterBonus, N: count(b.BonusAction)},
		combat.Count{Key: CounterInteraction, N: count(b.FreeInteraction)}, combat.Count{Key: CounterReaction, N: count(b.Reaction)}), nil
}

// ActionCost says what an action spends (ENG-TURN-4): the counter it
// names, except that an object interaction spends the action when the
// free one is used up or when it is marked as costing the action
// (DND-FREE-4, DND-FREE-6, DND-AMB-18).
func (Ruleset) ActionCost(enc combat.Encounter, use combat.UseAction) (string, error) {
	c, found := enc.Combatant(use.ID)
	if !found {
		return "", combat.NoCombatant("DND-FREE-3", "id", use.ID)
	}
	if use.Resource == CounterInteraction && (use.CostsAction || c.Budget.Left(CounterInteraction) < 1) {
		return CounterAction, nil
	}
	return use.Resource, nil
}

// reactionOf says whether creature o holds its reaction and whether a
// surprise lock holds it back (DND-REACT-3, DND-SURP-5).
func (rs Ruleset) reactionOf(enc combat.Encounter, o combat.Combatant) Budget {
	return Budget{Reaction: o.Budget.Left(CounterReaction) > 0, Locked: rs.TurnRules().Held(enc, o)}
}

// count is 1 for an available resource and 0 for a spent one.
func count(available bool) int {
	if available {
		return 1
	}
	return 0
}

// Step checks one step of a mover (DND-ALG-C step 3): it costs 5 ft
// (DND-GEN-3, DND-AMB-11); it may not enter the square of a hostile
// creature that is up (DND-ND-2, SRD default for creatures of one square);
// and every hostile creature whose reach the step leaves may make an
// opportunity attack, as MayOpportunityAttack decides (DND-ND-3, DND-ALG-D
// step 1).
func (rs Ruleset) Step(enc combat.Encounter, id string, from, to grid.Square) (combat.StepCheck, error) {
	m, found := enc.Combatant(id)
	if !found {
		return combat.StepCheck{}, combat.NoCombatant("DND-TURN-1", "id", id)
	}
	chk := combat.StepCheck{Cost: SquareFeet}
	eff, err := effectsOf(m)
	if err != nil {
		return combat.StepCheck{}, err
	}
	for _, o := range enc.Combatants {
		if o.ID != id && o.Up() && o.Side != m.Side && o.Pos == to {
			return combat.StepCheck{}, combat.Refuse("DND-ND-2", "path", combat.RefusalTaken, "square", to.Name(), "by", o.ID)
		}
	}
	for _, o := range enc.Combatants {
		// Friends, the fallen, creatures without their reaction and those
		// the step starts beyond any reach of cannot react (DND-ND-3,
		// DND-REACT-3): skip them before reading profiles.
		if o.ID == id || !o.Up() || o.Side == m.Side || o.Budget.Left(CounterReaction) < 1 || !WithinReach(o.Pos, MaxReach, from) {
			continue
		}
		p, ok, err := profileOf(enc, o)
		if err != nil {
			return combat.StepCheck{}, err
		}
		if !ok {
			continue
		}
		if allowed, _ := MayOpportunityAttack(departure(m, eff, o, p, rs.reactionOf(enc, o), from, to)); allowed {
			chk.Attackers = append(chk.Attackers, o.ID)
		}
	}
	return chk, nil
}

// departure describes mover m's step, with m's effects eff, as seen by
// creature o with profile p and reaction state reactor (DND-ND-3):
// hostility from the sides, sight from the invisible and blinded flags,
// disengagement from a Disengage taken this turn.
func departure(m combat.Combatant, eff Effects, o combat.Combatant, p Profile, reactor Budget, from, to grid.Square) Departure {
	_, melee := p.MeleeAttack()
	return Departure{
		Reactor:          reactor,
		ReactorCannotAct: cannotAct(o.Conditions),
		HasOption:        melee && p.HasReaction(OpportunityAttack),
		Hostile:          o.Side != m.Side,
		Sees:             !slices.Contains(m.Conditions, ConditionInvisible) && !slices.Contains(o.Conditions, ConditionBlinded),
		At:               o.Pos, Reach: p.Reach, From: from, To: to,
		Kind:       MoveOwn,
		Disengaged: eff.Disengaged,
	}
}

// AttackOption is the attack choice a UI sends with an Attack command:
// the attack's name (default: the first attack, or the first melee attack
// for an opportunity attack) and the circumstances that give advantage or
// disadvantage, which the DM judges (DND-ND-4, DND-ND-6).
type AttackOption struct {
	Attack       string `json:"attack,omitempty"`
	Advantage    bool   `json:"advantage,omitempty"`
	Disadvantage bool   `json:"disadvantage,omitempty"`
}

// attackSetup is a checked attack: what is rolled, against which AC, with
// which advantage, and the defender's current hit points.
type attackSetup struct {
	atk Attack
	ac  int
	adv Advantage
	hp  int
}

// setup checks an attack request (DND-ND-4, SRD default): both sides have
// profiles, the chosen attack exists, an opportunity attack is a melee
// attack (DND-ND-3), a melee target is within reach and a ranged one within
// long range. Beyond normal range, or with a hostile creature able to act
// within 5 ft of the shooter, a ranged attack has disadvantage; so has any
// attack against a dodging defender who can see it coming.
func setup(enc combat.Encounter, req combat.AttackRequest) (attackSetup, error) {
	a, okA := enc.Combatant(req.Attacker)
	d, okD := enc.Combatant(req.Defender)
	if !okA {
		return attackSetup{}, combat.NoCombatant("DND-ND-4", "attack", req.Attacker)
	}
	if !okD {
		return attackSetup{}, combat.NoCombatant("DND-ND-4", "attack", req.Defender)
	}
	ap, okA, err := profileOf(enc, a)
	if err != nil {
		return attackSetup{}, err
	}
	dp, okD, err := profileOf(enc, d)
	if err != nil {
		return attackSetup{}, err
	}
	if !okA || !okD {
		return attackSetup{}, combat.Invalid("DND-ND-4", "profile", "both combatants need a 5e stat block")
	}
	opt, err := optionOf(enc, req.Option)
	if err != nil {
		return attackSetup{}, err
	}
	atk, err := chooseAttack(ap.StatBlock, opt.Attack, req.Opportunity)
	if err != nil {
		return attackSetup{}, err
	}
	dist := distanceFeet(a.Pos, d.Pos)
	adv, dis := opt.Advantage, opt.Disadvantage
	dodge, err := effectsOf(d)
	if err != nil {
		return attackSetup{}, err
	}
	dis = dis || dodge.Dodging && !cannotAct(d.Conditions) &&
		!slices.Contains(a.Conditions, ConditionInvisible) && !slices.Contains(d.Conditions, ConditionBlinded)
	switch atk.Kind {
	case Melee:
		if dist > ap.Reach {
			return attackSetup{}, combat.Refuse("DND-ND-4", "defender", combat.RefusalOutOfReach, "name", req.Attacker, "target", req.Defender, "distance", dist, "reach", ap.Reach)
		}
	case Ranged:
		if dist > atk.LongRange {
			return attackSetup{}, combat.Refuse("DND-ND-4", "defender", combat.RefusalOutOfReach, "name", req.Attacker, "target", req.Defender, "distance", dist, "reach", atk.LongRange)
		}
		dis = dis || dist > atk.Range || hostileAdjacent(enc, a)
	}
	return attackSetup{atk: atk, ac: dp.AC, adv: AdvantageOf(adv, dis), hp: d.HP}, nil
}

// chooseAttack finds the named attack, or the default one.
func chooseAttack(b StatBlock, name string, opportunity bool) (Attack, error) {
	for _, a := range b.Attacks {
		if (name == "" || a.Name == name) && (!opportunity || a.Kind == Melee) {
			return a, nil
		}
	}
	if opportunity {
		return Attack{}, combat.Invalid("DND-ND-3", "option", "an opportunity attack needs a melee attack")
	}
	return Attack{}, combat.Invalid("DND-ND-4", "option", "%s has no attack %q", b.Name, name)
}

// hostileAdjacent reports whether a hostile creature able to act stands
// within 5 ft of c (DND-ND-4, SRD default for ranged attacks in melee).
func hostileAdjacent(enc combat.Encounter, c combat.Combatant) bool {
	for _, o := range enc.Combatants {
		if o.Side != c.Side && o.Up() && !cannotAct(o.Conditions) && distanceFeet(o.Pos, c.Pos) <= SquareFeet {
			return true
		}
	}
	return false
}

// Attack resolves one attack with RollAttack (DND-ND-4, SRD default).
func (Ruleset) Attack(enc combat.Encounter, req combat.AttackRequest, r dice.Roller) (combat.AttackOutcome, error) {
	s, err := setup(enc, req)
	if err != nil {
		return combat.AttackOutcome{}, err
	}
	res := RollAttack(s.atk, s.ac, s.adv, r)
	return combat.AttackOutcome{Hit: res.Hit, Damage: res.Damage, Trace: res.Trace}, nil
}

// Odds returns the exact chances of an attack (DND-ND-4, SRD default):
// "hit", "crit", and "down", the chance that the damage takes the defender
// to 0 hit points or below (DND-ND-5). A chance whose reduced fraction does
// not fit in 64 bits is left out.
func (Ruleset) Odds(enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	s, err := setup(enc, req)
	if err != nil {
		return nil, err
	}
	hit, crit := hitWeights(s.atk, s.ac, s.adv)
	out := []combat.Chance{
		{Key: "hit", Num: hit, Den: oddsDen},
		{Key: "crit", Num: crit, Den: oddsDen},
	}
	if num, den, ok := dropChanceSmall(s.atk, s.ac, s.adv, s.hp); ok {
		out = append(out, combat.Chance{Key: "down", Num: num, Den: den})
	} else if c, ok := chance("down", dropChanceBig(s.atk, s.ac, s.adv, s.hp)); ok {
		out = append(out, c)
	}
	return out, nil
}

// chance converts an exact probability to a keyed Chance if it fits.
func chance(key string, p *big.Rat) (combat.Chance, bool) {
	if !p.Num().IsInt64() || !p.Denom().IsInt64() {
		return combat.Chance{}, false
	}
	return combat.Chance{Key: key, Num: p.Num().Int64(), Den: p.Denom().Int64()}, true
}

// SurpriseAt decides surprise for the combatants of an encounter before it
// starts (DND-ALG-A step 1): stealth maps each sneaking combatant's ID to
// its Stealth total (RollStealth), sides come from the encounter, passive
// Perception from the profiles, 10 for a combatant without one (DND-GEN-2
// with no modifier). SurprisedIDs turns the verdicts into the list the
// engine's Start command takes.
func SurpriseAt(enc combat.Encounter, stealth map[string]int, rules SurpriseRules) ([]Awareness, error) {
	ps := make([]Presence, 0, len(enc.Combatants))
	for id := range stealth {
		if enc.Find(id) < 0 {
			return nil, combat.NoCombatant("DND-SURP-3", "stealth", id)
		}
	}
	for _, c := range enc.Combatants {
		p, ok, err := profileOf(enc, c)
		if err != nil {
			return nil, err
		}
		passive := 10
		if ok {
			passive = p.PassivePerception
		}
		total, sneaking := stealth[c.ID]
		ps = append(ps, Presence{ID: c.ID, Side: c.Side, Sneaking: sneaking, StealthTotal: total, PassivePerception: passive})
	}
	return Surprise(ps, rules), nil
}

// SurprisedIDs lists the surprised creatures of a verdict (DND-SURP-4).
func SurprisedIDs(as []Awareness) []string {
	var ids []string
	for _, a := range as {
		if a.Surprised {
			ids = append(ids, a.ID)
		}
	}
	return ids
}

// The engine capabilities the ruleset provides (DND-ENG-6).
var (
	_ combat.Profiler   = Ruleset{}
	_ combat.TurnRuler  = Ruleset{}
	_ combat.Initiator  = Ruleset{}
	_ combat.Budgeter   = Ruleset{}
	_ combat.Counterer  = Ruleset{}
	_ combat.Mover      = Ruleset{}
	_ combat.Attacker   = Ruleset{}
	_ combat.OddsTeller = Ruleset{}
)

// Spec returns the participant as the encounter engine places it, with its
// stat block and controller as profile.
func (p Participant) Spec() combat.Spec {
	// A Profile holds only strings, numbers and lists of them: marshalling
	// cannot fail.
	raw, _ := json.Marshal(Profile{StatBlock: p.Block, Controller: p.Controller})
	name := p.Name
	if name == "" {
		name = p.Block.Name
	}
	return combat.Spec{ID: p.ID, Name: name, Side: p.Side, Pos: p.At, Profile: raw}
}

// SampleEncounter lays SampleAmbush out in a new encounter in setup, its
// dice seeded with seed, ready for surprise (SurpriseAt) and initiative
// (DND-STEP-1..3).
func SampleEncounter(seed uint64) (combat.Encounter, error) {
	sk := SampleAmbush()
	enc := combat.NewEncounter(RulesetID, sk.Map, seed)
	for _, p := range sk.Participants {
		var err error
		if enc, _, err = combat.Apply(Ruleset{}, enc, combat.Place{Spec: p.Spec()}, dice.NewScripted()); err != nil {
			return enc, err
		}
		if !p.Sneaking {
			continue
		}
		if enc, _, err = combat.Apply(Ruleset{}, enc, combat.AddCondition{ID: p.ID, Condition: ConditionSneaking}, dice.NewScripted()); err != nil {
			return enc, err
		}
	}
	return enc, nil
}
