package krysztaly

import (
	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// Training is a weapon training a character can undertake between fights
// (KC-PROF-4, KC-SPEC, KC-HANDS, KC-SHIELD-1). Trainings are downtime and
// never happen on the battlemap (KC-GEN-5); the app uses them to keep stat
// blocks legal.
type Training uint8

// The trainings of the slot table of KC-SLOT-3.
const (
	TrainGroup               Training = iota // a new weapon group (KC-PROF-4)
	TrainTier                                // the next specialisation tier in a group (KC-SPEC-2)
	TrainAmbidexterity                       // oburęczność in a group (KC-HANDS-1)
	TrainDoubleAmbidexterity                 // podwójna oburęczność, a deity's gift (KC-HANDS-3)
	TrainShieldBearer                        // tarczownik (KC-SHIELD-1)
)

// RolledProficiency is the proficiency a finished group training gives for a
// d100 roll (KC-PROF-5): a roll below the profession's minimum counts as
// the minimum, then the race and profession modifiers are added; with two
// professions the higher minimum and modifier apply (KC-AMB-6).
func (p Profile) RolledProficiency(roll int) int {
	return max(roll, p.MinProficiency()) + p.RaceMod + p.ProfessionModifier()
}

// SlotCount is the profile's proficiency slots at its level (KC-SLOT-1,
// KC-SLOT-2): the GM's figure when set, else the most any of its professions
// gives.
func (p Profile) SlotCount() int {
	if p.Slots > 0 {
		return p.Slots
	}
	n := 0
	for _, pr := range p.Professions {
		n = max(n, pr.Slots(p.Level))
	}
	return n
}

// SlotsUsed counts the slots the profile's trainings have used
// (KC-SLOT-3): one per group, the tiers' slots, one per ambidexterity level
// and two for shield-bearer training.
func (p Profile) SlotsUsed() int {
	n := 0
	for _, pr := range p.Proficiencies {
		n += 1 + int(pr.Ambidexterity)
		for t := DoubleProficient; t <= pr.Tier && int(t) < len(tierTable); t++ {
			n += tierTable[t].slots
		}
	}
	if p.ShieldBearer {
		n += shieldBearerSlots
	}
	return n
}

// shieldBearerSlots is what shield-bearer training uses (KC-SHIELD-1).
const shieldBearerSlots = 2

// FreeSlots is SlotCount minus SlotsUsed (KC-SLOT-3).
func (p Profile) FreeSlots() int { return p.SlotCount() - p.SlotsUsed() }

// CanTrain reports whether the profile may start training t in group with a
// teacher of tier teacher (KC-SLOT-4, KC-SPEC-1 to KC-SPEC-3, KC-HANDS-1,
// KC-HANDS-3, KC-SHIELD-1), as a *combat.RuleError naming the first unmet
// condition. Gifts of a deity (grand master, double ambidexterity) take
// teacher GrandMaster; group training and the others ignore teacher.
func (p Profile) CanTrain(t Training, group string, teacher Tier) error {
	pr, trained := p.trained(group)
	need := 1
	switch t {
	case TrainGroup:
		if trained {
			return combat.Invalid("KC-PROF-7", "group", "%s is already trained", group)
		}
	case TrainTier:
		next := pr.Tier + 1
		switch {
		case !trained:
			return combat.Invalid("KC-SPEC-1", "group", "%s must be trained before specialising", group)
		case p.Level < 1:
			return combat.Invalid("KC-SPEC-1", "level", "specialising needs level 1 or more")
		case next > GrandMaster:
			return combat.Invalid("KC-SPEC-2", "tier", "%s is already at the highest tier", group)
		case teacher < next:
			return combat.Invalid("KC-SPEC-3", "teacher", "training to tier %d needs a teacher of at least that tier, not %d", next, teacher)
		}
		need = tierTable[next].slots
	case TrainAmbidexterity:
		switch {
		case !trained:
			return combat.Invalid("KC-HANDS-1", "group", "%s must be trained first", group)
		case pr.Ambidexterity >= Ambidextrous:
			return combat.Invalid("KC-PROF-7", "group", "already ambidextrous in %s", group)
		}
	case TrainDoubleAmbidexterity:
		switch {
		case pr.Ambidexterity != Ambidextrous:
			return combat.Invalid("KC-AMB-12", "group", "double ambidexterity needs ambidexterity in %s first", group)
		case teacher != GrandMaster:
			return combat.Invalid("KC-HANDS-3", "teacher", "double ambidexterity is a deity's gift")
		}
	case TrainShieldBearer:
		if p.ShieldBearer {
			return combat.Invalid("KC-PROF-7", "shieldBearer", "already a shield-bearer")
		}
		need = shieldBearerSlots
	default:
		return combat.Invalid("KC-SLOT-3", "training", "unknown training %d", t)
	}
	if free := p.FreeSlots(); free < need {
		return combat.Invalid("KC-SLOT-4", "slots", "the training needs %d free slots, %d are free", need, free)
	}
	return nil
}

// Train returns the profile after training t in group (see CanTrain), the
// profile itself unchanged. A new group's proficiency is rolled on r
// (KC-PROF-5); other trainings roll nothing. The trace records the roll with
// the minimum and modifiers it was read with, the teacher and tier of a
// specialisation, and the slots after the training (KC-SLOT-2 to KC-SLOT-4).
func (p Profile) Train(t Training, group string, teacher Tier, r dice.Roller) (Profile, combat.Trace, error) {
	if err := p.CanTrain(t, group, teacher); err != nil {
		return p, nil, err
	}
	q := p
	q.Proficiencies = append([]Proficiency(nil), p.Proficiencies...)
	var tr combat.Trace
	switch t {
	case TrainShieldBearer:
		q.ShieldBearer = true
	case TrainGroup:
		roll := r.Roll(100)
		base := p.RolledProficiency(roll)
		tr = append(tr,
			combat.Step{Rule: "KC-PROF-5", Kind: combat.StepRoll, Key: KeyProficiencyRoll, Sides: 100, Face: roll},
			combat.Step{Rule: "KC-PROF-6", Kind: combat.StepCompute, Key: KeyMinProficiency, Value: p.MinProficiency()},
			combat.Step{Rule: "KC-PROF-5", Kind: combat.StepModifier, Key: KeyRaceMod, Quantity: KeyProficiency, Value: p.RaceMod},
			combat.Step{Rule: "KC-PROF-5", Kind: combat.StepModifier, Key: KeyProfessionMod, Quantity: KeyProficiency, Value: p.ProfessionModifier()},
			combat.Step{Rule: "KC-PROF-5", Kind: combat.StepCompute, Key: KeyProficiency, Value: base})
		q.Proficiencies = append(q.Proficiencies, Proficiency{Group: group, Base: base})
	default:
		for i := range q.Proficiencies {
			if q.Proficiencies[i].Group != group {
				continue
			}
			if t == TrainTier {
				q.Proficiencies[i].Tier++
				tr = append(tr, combat.Step{Rule: "KC-SPEC-3", Kind: combat.StepCompute, Key: KeyTeacher, Value: int(teacher)},
					combat.Step{Rule: "KC-SPEC-2", Kind: combat.StepCompute, Key: KeyTier, Value: int(q.Proficiencies[i].Tier)})
			} else {
				q.Proficiencies[i].Ambidexterity++
			}
		}
	}
	tr = append(tr,
		combat.Step{Rule: "KC-SLOT-2", Kind: combat.StepCompute, Key: KeySlots, Value: q.SlotCount()},
		combat.Step{Rule: "KC-SLOT-3", Kind: combat.StepCompute, Key: KeySlotsUsed, Value: q.SlotsUsed()},
		combat.Step{Rule: "KC-SLOT-4", Kind: combat.StepCompute, Key: KeySlotsFree, Value: q.FreeSlots()})
	return q, tr, nil
}
