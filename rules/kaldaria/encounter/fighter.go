package encounter

import (
	"encoding/json"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/tactics"
)

// The combatant condition keys the ruleset reads (see the package doc).
const (
	CondCharging   = "charging"   // K-MOVE-7, K-OA-3
	CondRetreating = "retreating" // K-MOVE-9, K-OA-7
	CondQuickLeap  = "quick-leap" // K-OA-6
	CondParalysed  = "paralysed"  // K-MOVE-3, K-OA-7
	CondBound      = "bound"      // K-MOVE-3
	CondHidden     = "hidden"     // K-OA-7
	CondSurprised  = "surprised"  // K-MOD-9
)

// roundState is a combatant's per-round record (K-GEN-6): the attack
// pipeline's pools and OA record, and the defenders it attacked in melee
// during its turn, which keep it in their engagement lists (K-PIN-9 step 3).
type roundState struct {
	kaldaria.RoundState
	Struck []string `json:"struck,omitempty"`
}

// lasting is a combatant's persistent state across rounds.
type lasting struct {
	// EngagedBy is the engagement list E(D) (K-PIN-9).
	EngagedBy []string `json:"engagedBy,omitempty"`
	// ForceArmour and LifeKeyUses are what is left, once an attack changed
	// them; nil means the stat block's vitals (K-FA-2, K-LIFE-1).
	ForceArmour *int `json:"forceArmour,omitempty"`
	LifeKeyUses *int `json:"lifeKeyUses,omitempty"`
	// Departed marks a creature its life key carried out of the fight
	// (K-LIFE-1): it counts as defeated on the map (K-GRID-2).
	Departed bool `json:"departed,omitempty"`
	// MovedRound is the last round in which it moved (K-MOVE-4), 0 never;
	// ChargeRounds counts the rounds in which it charged (K-MOVE-8, A-35).
	MovedRound   int `json:"movedRound,omitempty"`
	ChargeRounds int `json:"chargeRounds,omitempty"`
}

// fighter is a combatant as the ruleset sees it: its sheet and its
// per-round and persistent state, decoded. The sheet is shared by the
// fighters decoded from the same JSON: read it only.
type fighter struct {
	c     seen
	sheet *sheet
	round roundState
	state lasting
}

// fighterAt returns combatant id decoded: from the state d derived from
// enc, shared (read it only) and with its budget and turns taken maybe
// stale (live has them), or decoded alone when another combatant's data
// is broken.
func fighterAt(enc combat.Encounter, d *derived, id string) (*fighter, error) {
	if d.err == nil {
		f, ok := d.field.fighter(id)
		if !ok {
			return nil, combat.NoCombatant("", "id", id)
		}
		return f, nil
	}
	c, ok := enc.Combatant(id)
	if !ok {
		return nil, combat.NoCombatant("", "id", id)
	}
	f, err := decodeFighter(c, fighter{}, nil)
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// decodeFighter decodes combatant c's profile and states, reusing those of
// was that come from the same JSON, and the states a lineage (nil for
// none) already decoded from the same text.
func decodeFighter(c combat.Combatant, was fighter, l *lineage) (fighter, error) {
	if len(c.Profile) == 0 {
		return fighter{}, combat.Invalid("K-RES-2", "profile", "%q has no Kaldaria profile", c.ID)
	}
	f := fighter{c: seenOf(&c)}
	var err error
	if was.sheet != nil && same(c.Profile, was.c.Profile) {
		f.sheet = was.sheet
	} else {
		sh, err := DecodeSheet(c.Profile)
		if err != nil {
			return fighter{}, err
		}
		f.sheet = &sheet{Sheet: sh, choices: attackChoices(sh)}
	}
	if len(c.RoundState) > 0 {
		if same(c.RoundState, was.c.RoundState) {
			f.round = was.round
		} else if f.round, err = decodeIn[roundState](l, "roundState", c.RoundState); err != nil {
			return fighter{}, err
		}
	}
	if len(c.State) > 0 {
		if same(c.State, was.c.State) {
			f.state = was.state
		} else if f.state, err = decodeIn[lasting](l, "state", c.State); err != nil {
			return fighter{}, err
		}
	}
	return f, nil
}

// live returns fighter f's combatant in enc, which a derived state's
// fighter was decoded from: the same but for what sameCombatant does not
// compare (what is left of its budget, the turns it took); should enc not
// hold it (the fighter of nobody), one where f stands with no turn begun.
func live(enc combat.Encounter, f *fighter) *combat.Combatant {
	if i := enc.Find(f.c.ID); i >= 0 {
		return &enc.Combatants[i]
	}
	return &combat.Combatant{ID: f.c.ID, Side: f.c.Side, Pos: f.c.Pos, HP: f.c.HP}
}

// sheet is a decoded stat block with what the ruleset reads from it alone:
// the attacks it offers (AttackChoices).
type sheet struct {
	Sheet
	choices []combat.AttackChoice
}

// has reports whether the combatant carries condition key k.
func (f *fighter) has(k string) bool { return slices.Contains(f.c.Conditions, k) }

// out reports whether the creature is out of the fight: down, dead or
// carried off by its life key (K-HP-3, K-LIFE-1, K-GRID-2).
func (f *fighter) out() bool { return f.c.HP <= 0 || f.state.Departed }

// profile returns the stat block with the encounter's vitals: HP from the
// combatant, force armour and life-key uses from the persistent state.
func (f *fighter) profile() kaldaria.Profile {
	p := f.sheet.Stats
	v := p.Vitals
	v.HP = min(f.c.HP, p.MaxHP)
	if f.state.ForceArmour != nil {
		v.ForceArmour = *f.state.ForceArmour
	}
	if f.state.LifeKeyUses != nil {
		v.LifeKeyUses = *f.state.LifeKeyUses
	}
	return p.WithVitals(v)
}

// surprised reports whether the creature is surprised now: the condition,
// or the engine's surprise flag during round 1 (K-MOD-9, DND-SURP-4).
func (f *fighter) surprised(enc combat.Encounter) bool {
	return f.has(CondSurprised) || (f.c.Surprised && enc.Round <= 1)
}

// mode is the movement type the combatant's conditions select (K-MOVE-6,
// K-MOVE-7, K-MOVE-9): a fighting retreat wins over a charge.
func (f *fighter) mode() tactics.Move {
	mv := tactics.Move{Mode: tactics.Normal, QuickLeap: f.has(CondQuickLeap)}
	switch {
	case f.has(CondRetreating):
		mv.Mode = tactics.Retreat
	case f.has(CondCharging):
		mv.Mode = tactics.Charge
	}
	return mv
}

// marshal encodes a state value for the engine.
func marshal(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic("encounter: " + err.Error()) // plain structs always encode
	}
	return b
}

// field is the battle of one encounter: every fighter and the tactics view.
// A field derived from an older revision's shares with it the fighters of
// the unchanged combatants, the lookups and, when no creature changed for
// the battle, the battle.
type field struct {
	fs    []*fighter     // by combatant index
	index map[string]int // combatant ID → index in fs
	rank  map[string]int // initiative rank by combatant ID (K-RES-3)
	// battle is the tactics view: creature i is combatant i's.
	battle *tactics.Battle
	// shared is what it shares with the fields derived before and after it.
	shared *lineage
}

// fighter returns fighter id.
func (fl *field) fighter(id string) (*fighter, bool) {
	i, ok := fl.index[id]
	if !ok {
		return nil, false
	}
	return fl.fs[i], true
}

// buildField decodes every combatant of enc and builds the tactics battle.
// With an older revision's field (old, not nil), it reuses what that one
// holds decoded from the same JSON, and when only combatants changed (the
// same combatants in the same order, the same map, round and initiative
// order: maybe lists their indices, nil meaning any) it decodes and
// updates only those, keeping its battle when no creature changed for it.
func buildField(enc combat.Encounter, old *field, maybe []int) (*field, error) {
	if old == nil || !sameIDs(old, enc.Combatants) {
		return newField(enc, old)
	}
	fl := &field{fs: slices.Clone(old.fs), index: old.index, rank: old.rank, shared: old.shared}
	if maybe == nil {
		fl.rank = ranks(enc.Order)
		maybe = make([]int, len(enc.Combatants))
		for i := range maybe {
			maybe[i] = i
		}
	}
	var (
		changed []int
		decoded []fighter // the changed fighters, made in one list sized first, so that it never moves
	)
	for _, i := range maybe {
		c := &enc.Combatants[i]
		if f := old.fs[i]; !sameCombatant(&f.c, c) {
			if f.c.Side != c.Side {
				// Every engagement list may name it: start afresh.
				return newField(enc, old)
			}
			d, err := decodeFighter(*c, *f, old.shared)
			if err != nil {
				return nil, err
			}
			if decoded == nil {
				decoded = make([]fighter, 0, len(maybe))
			}
			decoded = append(decoded, d)
			fl.fs[i] = &decoded[len(decoded)-1]
		}
		changed = append(changed, i)
	}
	var update []tactics.Creature
	for _, i := range changed {
		cr := fl.creature(enc, i)
		if was, _ := old.battle.Creature(cr.ID); !was.Equal(cr) {
			update = append(update, cr)
		}
	}
	fl.battle = old.battle
	if len(update) > 0 {
		var err error
		if fl.battle, err = old.battle.Update(update...); err != nil {
			return nil, err
		}
	}
	return fl, nil
}

// newField builds the field of enc anew, reusing the fighters of old (nil
// for none) decoded from the same JSON.
func newField(enc combat.Encounter, old *field) (*field, error) {
	fl := &field{fs: make([]*fighter, len(enc.Combatants)), index: make(map[string]int, len(enc.Combatants)),
		rank: ranks(enc.Order), shared: &lineage{}}
	if old != nil {
		fl.shared = old.shared
	}
	for i := range enc.Combatants {
		c := &enc.Combatants[i]
		var f *fighter
		if old != nil {
			f, _ = old.fighter(c.ID)
		}
		if f == nil || !sameCombatant(&f.c, c) {
			var prev fighter
			if f != nil {
				prev = *f
			}
			d, err := decodeFighter(*c, prev, fl.shared)
			if err != nil {
				return nil, err
			}
			f = &d
		}
		fl.fs[i], fl.index[c.ID] = f, i
	}
	cs := make([]tactics.Creature, len(fl.fs))
	for i := range cs {
		cs[i] = fl.creature(enc, i)
	}
	var err error
	if fl.battle, err = tactics.NewBattle(enc.Map, cs); err != nil {
		return nil, err
	}
	return fl, nil
}

// sameIDs reports whether the field is of the combatants cs: the same IDs
// in the same order.
func sameIDs(fl *field, cs []combat.Combatant) bool {
	if len(fl.fs) != len(cs) {
		return false
	}
	for i, f := range fl.fs {
		if f.c.ID != cs[i].ID {
			return false
		}
	}
	return true
}

// ranks returns each combatant's initiative rank: slot by slot, member by
// member, lower first (K-RES-3).
func ranks(order []combat.Slot) map[string]int {
	rank := map[string]int{}
	for si, s := range order {
		for mi, m := range s.Members {
			rank[m] = si*(combat.MaxCombatants+1) + mi
		}
	}
	return rank
}

// creature returns fighter i as the tactics battle sees it.
func (fl *field) creature(enc combat.Encounter, i int) tactics.Creature {
	f := fl.fs[i]
	c := &f.c
	cr := f.sheet.creature(c.ID, c.Side, c.Pos)
	cr.Down = f.out()
	cr.Paralysed = f.has(CondParalysed)
	cr.Bound = f.has(CondBound)
	cr.Hidden = f.has(CondHidden)
	cr.MovedLastRound = f.state.MovedRound > 0 && f.state.MovedRound == enc.Round-1
	cr.ChargeRoundsUsed = f.state.ChargeRounds
	cr.OAsMade = f.round.OAsMade
	cr.Initiative = fl.rank[c.ID]
	// Engagement lists name only enemies still in the encounter; a GM's
	// removal or change of side drops the stale entries (K-PIN-9 step 3).
	if n := len(f.state.EngagedBy); n > 0 {
		cr.EngagedBy = make([]string, 0, n)
	}
	for _, x := range f.state.EngagedBy {
		if e, ok := fl.fighter(x); ok && e.c.Side != c.Side {
			cr.EngagedBy = append(cr.EngagedBy, x)
		}
	}
	return cr
}

// noFighter is the fighter of a combatant that is not there: no HP, out of
// the fight.
var noFighter fighter

// of returns fighter id, or the zero fighter when there is none (a
// combatant with no HP: out of the fight). It is shared: read it only.
func (fl *field) of(id string) *fighter {
	if f, ok := fl.fighter(id); ok {
		return f
	}
	return &noFighter
}

// fieldNow returns the encounter's field with everyone where they stand.
func fieldNow(enc combat.Encounter) (*field, error) {
	d := derive(enc)
	return d.field, d.err
}
