package encounter

import "encoding/json"

// DeathLine is the HP below which a creature with stat block profile is
// dead (combat.DeathLiner): down at 0 HP, dead below minus its life-force
// bonus, which is never negative (K-HP-3). ok is false when the block
// cannot be read.
func (Ruleset) DeathLine(profile json.RawMessage) (line int, ok bool) {
	s, err := DecodeSheet(profile)
	return -s.Stats.LifeForce, err == nil
}
