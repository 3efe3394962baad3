package encounter

import (
	"slices"
	"testing"

	"battlemat/rules/dice"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/tactics"
)

// glossaryKeys are the keys the Kaldaria engine writes in traces,
// modifiers and quantities (attack, parry, movement and pinning).
var glossaryKeys = []string{
	"thac10-base", "level", "dex", "str", "skill", "magic-vs-group", "magic", "maneuver", "surprised",
	"tier-front", "tier-flank", "tier-second-flank", "tier-rear", "oa", "oa-improved", "normal-oa", "improved-oa",
	"wounded", "curse", "thac10", "ar-base", "armour-piercing", "ar", "need", "weapon-master", "wounding",
	"crit-nat-min", "crit-margin-min", "crit-steps", "dodge-base", "dodge-ring", "dodge-cap", "dodge-factor",
	"parry-thac-weapon", "parry-thac-shield", "parry-thac-aura", "parry-thac-passive",
	"parry-need-weapon", "parry-need-shield", "parry-need-aura", "parry-need-passive",
	"parry-weapon", "parry-shield", "parry-aura", "parry-passive", "no-active-parry", "active-parry",
	"damage-cap", "attack", "ar-hit", "margin", "critical", "dodge-hit", "dodge-chance", "dodge", "paralysed",
	"critical-effect", "effect", "damage-max", "damage", "damage-roll", "damage-base", "abs", "cutter",
	"damage-reduced", "multiplier-pct", "rider", "damage-capped", "damage-final", "to-force-armour", "to-hp", "hp",
	"life-key", "dead", "down", "hit", "missed", "dodged", "parried", "to-hit",
	"pin-capacity", "base", "size-difference", "pin-bonus", "rate", "dexterity", "heavy-armour",
	"walk", "charge", "retreat", "overwhelmed", "side-bypass", "oa-normal", "oa-plain", "missile", "engagement-index",
	"front", "flank", "second-flank", "rear", "normal", "improved", "plain",
	ChanceMiss, ChanceDodged, ChanceParried, ChanceHit,
	ChanceCritical, ChanceDown, ChanceDead, ChanceLifeKey,
	CondCharging, CondRetreating, CondQuickLeap, CondParalysed,
	CondBound, CondHidden, CondSurprised,
	string(tactics.ReasonFightingRetreat), string(tactics.ReasonParalysed), string(tactics.ReasonOverwhelmed),
	string(tactics.ReasonSideBypass), string(tactics.ReasonUnnoticed), string(tactics.ReasonAlreadyUsed),
	string(tactics.ReasonDown), string(tactics.ReasonImmobile), string(tactics.ReasonPinned),
	string(tactics.ReasonChargeSpent), string(tactics.ReasonHalfSquare), string(tactics.ReasonNotBackward),
	string(tactics.ReasonNoPath), string(tactics.ReasonTooFar), string(tactics.ReasonNoRoom),
	string(tactics.ReasonIllegalStep), string(tactics.ReasonNotEnemy), string(tactics.ReasonNotAdjacent),
	string(tactics.ReasonAttackerOut), string(tactics.ReasonContactLost), string(tactics.ReasonDefenderOut),
	string(tactics.ReasonNoSlot), string(tactics.ReasonRearClosed), string(tactics.ReasonCapacityDrop),
	string(tactics.ReasonBackToBack), string(tactics.ReasonAllyBehind), string(tactics.ReasonWall),
}

// TestGlossaryNamesKeys checks that every Kaldaria key has a Hebrew term,
// both from the list above and from the traces of real attacks: the V-10
// knight against an armoured, shielded urchin, from every tier and as an
// opportunity attack, with the dice of fixed seeds.
func TestGlossaryNamesKeys(t *testing.T) {
	seen := map[string]bool{}
	for _, key := range glossaryKeys {
		seen[key] = true
	}
	knight := kaldaria.Profile{
		Profession: kaldaria.Warrior, Level: 9, THAC10: 17, Str: 17, Stamina: true,
		Weapons: []kaldaria.Weapon{{Kind: kaldaria.MeleeWeapon, Type: kaldaria.Sword, Skill: kaldaria.Expert,
			Damage: dice.MustParse("d8+2"), Magic: 2, VsGroup: "undead", VsGroupMagic: 4}},
		MaxHP: 136, Vitals: kaldaria.Vitals{HP: 40},
	}
	urchin := kaldaria.Profile{
		THAC10: 16, Dex: 17, Armour: kaldaria.Armour{AR: 3, Abs: 10, Cutter: 1}, Shield: &kaldaria.Shield{AR: 1},
		Weapons: []kaldaria.Weapon{{Kind: kaldaria.MeleeWeapon, Damage: dice.MustParse("d6")}},
		MaxHP:   30, Vitals: kaldaria.Vitals{HP: 30},
	}
	attacks := []kaldaria.Attack{
		{Tier: kaldaria.Front},
		{Tier: kaldaria.Flank, Maneuver: kaldaria.WildBlow},
		{Tier: kaldaria.SecondFlank, Surprised: true},
		{Tier: kaldaria.Rear},
		{OA: kaldaria.NormalOA},
		{OA: kaldaria.ImprovedOA},
	}
	resolved := 0
	for _, a := range attacks {
		for seed := range uint64(40) {
			res, err := kaldaria.Resolve(knight, urchin, kaldaria.RoundState{}, a, dice.NewPCG(seed))
			if err != nil {
				t.Fatalf("Resolve(%+v): %v", a, err)
			}
			resolved++
			for _, s := range res.Trace {
				for _, key := range []string{s.Key.String(), s.Quantity.String()} {
					if key == "" || seen[key] {
						continue
					}
					seen[key] = true
					if _, ok := glossary().Term(key); !ok {
						t.Errorf("trace key %q (%s) has no Kaldaria term", key, s.Rule.ID())
					}
				}
			}
		}
	}
	// Every trace key and quantity of the ruleset's vocabulary, whether or
	// not the attacks above wrote it.
	keys := slices.Clone(glossaryKeys)
	for k := kaldaria.Key(0); k.String() != "unknown"; k++ {
		keys = append(keys, k.String())
	}
	for q := kaldaria.ToHit; q.String() != "unknown"; q++ {
		keys = append(keys, q.String())
	}
	for _, key := range keys {
		if _, ok := glossary().Term(key); !ok {
			t.Errorf("key %q has no Kaldaria term", key)
		}
	}
	if resolved == 0 {
		t.Fatal("no attack resolved")
	}
}
