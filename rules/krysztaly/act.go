package krysztaly

import (
	"encoding/json"
	"slices"
	"strings"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// The key prefixes of Kryształy Czasu's training acts (combat.Act): the key
// is the prefix followed by the weapon group, as in "train-group-swords",
// and Value is the teacher's tier where the training needs one (KC-SPEC-3).
// Shield-bearer training names no group.
const (
	ActGroup               = KeyTrainGroup + "-" // a new weapon group, its proficiency rolled (KC-PROF-4, KC-PROF-5)
	ActTier                = KeyTrainTier + "-"  // the group's next specialisation tier (KC-SPEC-2)
	ActAmbidexterity       = "ambi-"             // ambidexterity in the group (KC-HANDS-1)
	ActDoubleAmbidexterity = "ambi2-"            // double ambidexterity, a deity's gift (KC-HANDS-3)
	ActShieldBearer        = "shield-bearer"     // shield-bearer training (KC-SHIELD-1)
)

// trainingActs pairs each key prefix with its training.
var trainingActs = []struct {
	prefix string
	t      Training
}{{ActGroup, TrainGroup}, {ActTier, TrainTier}, {ActAmbidexterity, TrainAmbidexterity}, {ActDoubleAmbidexterity, TrainDoubleAmbidexterity}}

// TrainingAct is the act that trains combatant id in group with t, taught
// by a teacher of tier teacher.
func TrainingAct(id string, t Training, group string, teacher Tier) combat.Act {
	if t == TrainShieldBearer {
		return combat.Act{ID: id, Key: ActShieldBearer}
	}
	for _, a := range trainingActs {
		if a.t == t {
			return combat.Act{ID: id, Key: a.prefix + group, Value: int(teacher)}
		}
	}
	return combat.Act{ID: id}
}

// trainingOf reads the training and group an act's key names.
func trainingOf(key string) (Training, string, bool) {
	if key == ActShieldBearer {
		return TrainShieldBearer, "", true
	}
	for _, a := range trainingActs {
		if g, ok := strings.CutPrefix(key, a.prefix); ok && g != "" {
			return a.t, g, true
		}
	}
	return 0, "", false
}

// ResolveAct trains a combatant as the GM rules before the encounter starts
// (combat.ActResolver): Train checks the free slots and the teacher, rolls a
// new group's proficiency on the encounter's dice, and the trained profile
// replaces the combatant's, so its attacks use it (KC-SLOT-3, KC-SLOT-4,
// KC-PROF-5, KC-SPEC-3). Training is downtime, never played on the map
// (KC-GEN-5), so a running encounter refuses it. The act's value is the
// proficiency with the group after the training (KC-PROF-8); the trace
// holds the slots left.
func (Ruleset) ResolveAct(enc combat.Encounter, act combat.Act, r dice.Roller) (combat.ActOutcome, error) {
	t, group, ok := trainingOf(act.Key)
	if !ok {
		return combat.ActOutcome{}, combat.Invalid("KC-SLOT-3", "key", "Kryształy Czasu has no act %q", act.Key)
	}
	if enc.Phase != combat.PhaseSetup {
		return combat.ActOutcome{}, combat.Invalid("KC-GEN-5", "phase", "training is downtime, settled before the encounter starts")
	}
	if act.Value < int(TierNone) || act.Value > int(GrandMaster) {
		return combat.ActOutcome{}, combat.Invalid("KC-SPEC-3", "teacher", "unknown teacher tier %d", act.Value)
	}
	c, ok := enc.Combatant(act.ID)
	if !ok || len(c.Profile) == 0 {
		return combat.ActOutcome{}, combat.Invalid("KC-SLOT-3", "id", "%q has no Kryształy Czasu profile", act.ID)
	}
	p, err := DecodeProfile(c.Profile)
	if err != nil {
		return combat.ActOutcome{}, inField(err, act.ID)
	}
	q, tr, err := p.Train(t, group, Tier(act.Value), r)
	if err != nil {
		return combat.ActOutcome{}, err
	}
	raw, err := json.Marshal(q)
	if err != nil {
		return combat.ActOutcome{}, err
	}
	return combat.ActOutcome{Rule: "KC-SLOT-3", Value: proficiencyAfter(q, group), Profile: map[string]json.RawMessage{act.ID: raw}, Trace: tr}, nil
}

// ActForms offers the GM's trainings in setup (combat.ActFormer): a new
// group among those of the weapons the combatants carry, and the next
// specialisation tier in those groups or any already trained, with the
// teacher's tier as the value (KC-PROF-4, KC-SPEC-3). Each is refused by the
// act when the combatant picked cannot take it. None are offered once the
// encounter runs (KC-GEN-5).
func (Ruleset) ActForms(enc combat.Encounter) ([]combat.ActForm, error) {
	if enc.Phase != combat.PhaseSetup {
		return nil, nil
	}
	var ids, carried, known []string
	for _, c := range enc.Combatants {
		if len(c.Profile) == 0 {
			continue
		}
		p, err := DecodeProfile(c.Profile)
		if err != nil {
			return nil, inField(err, c.ID)
		}
		ids = append(ids, c.ID)
		for _, w := range p.Weapons {
			carried = append(carried, w.Group)
		}
		for _, pr := range p.Proficiencies {
			known = append(known, pr.Group)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	group := groupForm(KeyTrainGroup, ActGroup, carried, ids)
	group.Values = []int{int(TierNone)}
	tier := groupForm(KeyTrainTier, ActTier, append(carried, known...), ids)
	tier.ValueName = KeyTeacher
	for t := DoubleProficient; t <= GrandMaster; t++ {
		tier.Values = append(tier.Values, int(t))
		tier.ValueKeys = append(tier.ValueKeys, tierKeys[t])
	}
	var out []combat.ActForm
	for _, f := range []combat.ActForm{group, tier} {
		if len(f.Keys) > 0 {
			out = append(out, f)
		}
	}
	return out, nil
}

// groupForm is a form named name whose keys are prefix and each of groups
// that makes a valid act key, sorted, each shown as the group itself; a
// group named otherwise cannot be trained through an act.
func groupForm(name, prefix string, groups, ids []string) combat.ActForm {
	f := combat.ActForm{Name: name, IDs: ids}
	groups = slices.Clone(groups)
	slices.Sort(groups)
	for _, g := range slices.Compact(groups) {
		if combat.ValidKey(prefix + g) {
			f.Keys = append(f.Keys, prefix+g)
			f.Words = append(f.Words, g)
		}
	}
	return f
}

// proficiencyAfter is p's proficiency with a trained group, 0 when the
// training named none (shield-bearer).
func proficiencyAfter(p Profile, group string) int {
	if _, ok := p.trained(group); !ok {
		return 0
	}
	return p.ProficiencyWith(group)
}
