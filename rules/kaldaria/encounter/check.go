package encounter

import "battlemat/rules/combat"

// maxParryAttempts bounds the parry attempts of each kind a creature can
// have spent in one round (K-PARRY-9..11: a few, plus at most 10 granted).
const maxParryAttempts = 16

// CheckState checks a combatant's round and persistent state as a decoder
// must (combat.StateChecker): strictly decoded; parries and dodges spent
// within a round's attempts; lists no longer than the encounter could make
// them; force armour and life-key uses no more than the stat block gives
// (K-FA-2, K-LIFE-1); movement and charge rounds no later than the
// encounter's round (K-MOVE-4, K-MOVE-8).
func (Ruleset) CheckState(enc combat.Encounter, id string) error {
	c, ok := enc.Combatant(id)
	if !ok {
		return combat.NoCombatant("", "id", id)
	}
	var r roundState
	var s lasting
	var v Sheet
	if len(c.RoundState) > 0 {
		if err := combat.DecodeStrict("roundState", c.RoundState, &r); err != nil {
			return err
		}
	}
	if len(c.State) > 0 {
		if err := combat.DecodeStrict("state", c.State, &s); err != nil {
			return err
		}
	}
	// The stat block bounds only force armour and life-key uses: it is
	// decoded when the state holds one of them, and not for every creature
	// of every encounter a session starts from (Profile checks the block
	// itself just before).
	if len(c.Profile) > 0 && (s.ForceArmour != nil || s.LifeKeyUses != nil) {
		var err error
		if v, err = DecodeSheet(c.Profile); err != nil {
			return err
		}
	}
	type bound struct {
		field string
		v, hi int
	}
	bounds := []bound{
		{"roundState.weaponParries", r.WeaponParries, maxParryAttempts},
		{"roundState.shieldParries", r.ShieldParries, maxParryAttempts},
		{"roundState.auraParries", r.AuraParries, maxParryAttempts},
		{"roundState.dodgeHits", r.DodgeHits, combat.MaxCombatants},
		{"roundState.oasMade", len(r.OAsMade), combat.MaxCombatants},
		{"roundState.struck", len(r.Struck), combat.MaxCombatants},
		{"state.engagedBy", len(s.EngagedBy), combat.MaxCombatants},
		{"state.movedRound", s.MovedRound, enc.Round},
		{"state.chargeRounds", s.ChargeRounds, enc.Round},
	}
	if s.ForceArmour != nil {
		bounds = append(bounds, bound{"state.forceArmour", *s.ForceArmour, v.Stats.Vitals.ForceArmour})
	}
	if s.LifeKeyUses != nil {
		bounds = append(bounds, bound{"state.lifeKeyUses", *s.LifeKeyUses, v.Stats.Vitals.LifeKeyUses})
	}
	for _, b := range bounds {
		if b.v < 0 || b.v > b.hi {
			return combat.OutOfRange("", b.field, b.v, 0, b.hi)
		}
	}
	return nil
}
