package encounter

import (
	"encoding/json"
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
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
// per-round and persistent state, decoded.
type fighter struct {
	c     combat.Combatant
	sheet Sheet
	round roundState
	state lasting
}

// fighterOf returns combatant id decoded: from the encounter's derived
// state, or decoded alone when another combatant's data is broken.
func fighterOf(enc combat.Encounter, id string) (fighter, error) {
	if d := derive(enc); d.err == nil {
		f, ok := d.field.fighters[id]
		if !ok {
			return fighter{}, combat.Invalid("", "id", "no combatant %q", id)
		}
		return *f, nil
	}
	c, ok := enc.Combatant(id)
	if !ok {
		return fighter{}, combat.Invalid("", "id", "no combatant %q", id)
	}
	return decodeFighter(c, fighter{})
}

// decodeFighter decodes combatant c's profile and states, reusing those of
// was that come from the same JSON.
func decodeFighter(c combat.Combatant, was fighter) (fighter, error) {
	if len(c.Profile) == 0 {
		return fighter{}, combat.Invalid("K-RES-2", "profile", "%q has no Kaldaria profile", c.ID)
	}
	f := fighter{c: c}
	var err error
	if same(c.Profile, was.c.Profile) {
		f.sheet = was.sheet
	} else if f.sheet, err = DecodeSheet(c.Profile); err != nil {
		return fighter{}, err
	}
	if len(c.RoundState) > 0 {
		if same(c.RoundState, was.c.RoundState) {
			f.round = was.round
		} else if err = combat.DecodeStrict("roundState", c.RoundState, &f.round); err != nil {
			return fighter{}, err
		}
	}
	if len(c.State) > 0 {
		if same(c.State, was.c.State) {
			f.state = was.state
		} else if err = combat.DecodeStrict("state", c.State, &f.state); err != nil {
			return fighter{}, err
		}
	}
	return f, nil
}

// has reports whether the combatant carries condition key k.
func (f fighter) has(k string) bool { return slices.Contains(f.c.Conditions, k) }

// out reports whether the creature is out of the fight: down, dead or
// carried off by its life key (K-HP-3, K-LIFE-1, K-GRID-2).
func (f fighter) out() bool { return !f.c.Up() || f.state.Departed }

// profile returns the stat block with the encounter's vitals: HP from the
// combatant, force armour and life-key uses from the persistent state.
func (f fighter) profile() kaldaria.Profile {
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
func (f fighter) surprised(enc combat.Encounter) bool {
	return f.has(CondSurprised) || (f.c.Surprised && enc.Round <= 1)
}

// mode is the movement type the combatant's conditions select (K-MOVE-6,
// K-MOVE-7, K-MOVE-9): a fighting retreat wins over a charge.
func (f fighter) mode() tactics.Move {
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

// field is the battle of one encounter: every fighter and the tactics view,
// with the creatures it was built from.
type field struct {
	fighters  map[string]*fighter // shared with later revisions while the combatant is unchanged
	battle    *tactics.Battle
	creatures []tactics.Creature
	m         grid.Map
}

// buildField decodes every combatant, reusing what the field of an older
// revision (nil for none) holds decoded from the same JSON, and builds the
// tactics battle; when nothing the battle reads changed since that
// revision (a turn passed, a budget was spent), it keeps its battle.
func buildField(enc combat.Encounter, old *field) (*field, error) {
	var was map[string]*fighter
	if old != nil {
		was = old.fighters
	}
	fl := &field{fighters: make(map[string]*fighter, len(enc.Combatants))}
	rank := map[string]int{}
	for si, s := range enc.Order {
		for mi, m := range s.Members {
			rank[m] = si*(combat.MaxCombatants+1) + mi
		}
	}
	cs := make([]tactics.Creature, 0, len(enc.Combatants))
	for _, c := range enc.Combatants {
		f := was[c.ID]
		if f == nil || !sameCombatant(&f.c, &c) {
			var prev fighter
			if f != nil {
				prev = *f
			}
			d, err := decodeFighter(c, prev)
			if err != nil {
				return nil, err
			}
			f = &d
		}
		fl.fighters[c.ID] = f
		cr := f.sheet.creature(c.ID, c.Side, c.Pos)
		cr.Down = f.out()
		cr.Paralysed = f.has(CondParalysed)
		cr.Bound = f.has(CondBound)
		cr.Hidden = f.has(CondHidden)
		cr.MovedLastRound = f.state.MovedRound > 0 && f.state.MovedRound == enc.Round-1
		cr.ChargeRoundsUsed = f.state.ChargeRounds
		cr.OAsMade = f.round.OAsMade
		cr.Initiative = rank[c.ID]
		cs = append(cs, cr)
	}
	// Engagement lists name only enemies still in the encounter; a GM's
	// removal or change of side drops the stale entries (K-PIN-9 step 3).
	for i := range cs {
		for _, x := range fl.fighters[cs[i].ID].state.EngagedBy {
			if e, ok := fl.fighters[x]; ok && e.c.Side != cs[i].Side {
				cs[i].EngagedBy = append(cs[i].EngagedBy, x)
			}
		}
	}
	fl.creatures, fl.m = cs, enc.Map
	var err error
	if old != nil && old.battle != nil && old.m.W == enc.Map.W && old.m.H == enc.Map.H &&
		same(old.m.Walls, enc.Map.Walls) && len(old.creatures) == len(cs) {
		if k, ok := movedOne(old.creatures, cs); ok {
			if k < 0 {
				fl.battle = old.battle
			} else if fl.battle, err = old.battle.With(cs[k].ID, cs[k].At); err != nil {
				return nil, err
			}
			return fl, nil
		}
	}
	if fl.battle, err = tactics.NewBattle(enc.Map, cs); err != nil {
		return nil, err
	}
	return fl, nil
}

// movedOne compares the creatures of two revisions of a battle: ok when
// they are the same but for where at most one of them stands, with k the
// index of the one that moved, or -1 when none did.
func movedOne(was, now []tactics.Creature) (k int, ok bool) {
	k = -1
	for i := range now {
		if sameCreature(was[i], now[i]) {
			continue
		}
		moved := was[i]
		moved.At = now[i].At
		if k >= 0 || !sameCreature(moved, now[i]) {
			return 0, false
		}
		k = i
	}
	return k, true
}

// sameCreature reports whether a and b are the same to the tactics
// battle: every field of tactics.Creature equal (TestSameCreatureFields
// keeps this list whole).
func sameCreature(a, b tactics.Creature) bool {
	return a.ID == b.ID && a.Side == b.Side && a.At == b.At && a.Size == b.Size && a.Footprint == b.Footprint &&
		a.Speed == b.Speed && a.Dex == b.Dex && a.Fitness == b.Fitness && a.HeavyArmour == b.HeavyArmour &&
		a.PinBonus == b.PinBonus && a.Down == b.Down && a.Paralysed == b.Paralysed && a.Bound == b.Bound &&
		a.Hidden == b.Hidden && slices.Equal(a.NoticedBy, b.NoticedBy) && a.MovedLastRound == b.MovedLastRound &&
		a.ChargeRoundsUsed == b.ChargeRoundsUsed && slices.Equal(a.OAsMade, b.OAsMade) &&
		slices.Equal(a.EngagedBy, b.EngagedBy) && a.Initiative == b.Initiative
}

// battleWith builds the battle with combatant id standing at at instead of
// its position (for a step checked from another square).
func (fl *field) battleWith(id string, at grid.Square) (*tactics.Battle, error) {
	if _, ok := fl.fighters[id]; !ok {
		return fl.battle, nil
	}
	return fl.battle.With(id, at)
}

// of returns fighter id, or the zero fighter when there is none (a
// combatant with no HP: out of the fight).
func (fl *field) of(id string) fighter {
	if f, ok := fl.fighters[id]; ok {
		return *f
	}
	return fighter{}
}

// fieldNow returns the encounter's field with everyone where they stand.
func fieldNow(enc combat.Encounter) (*field, error) {
	d := derive(enc)
	return d.field, d.err
}
