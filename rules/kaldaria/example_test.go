package kaldaria_test

import (
	"fmt"

	"battlemat/rules/dice"
	"battlemat/rules/kaldaria"
)

// The knight of the Kaldaria spec's V-10 strikes an urchin with a Wild blow
// from the flank. The dice are typed in: 19 to hit (a critical), the
// urchin's shield parry 8, critical effect 4 (double), and 6 on the d8.
func Example() {
	knight := kaldaria.Profile{
		Profession: kaldaria.Warrior, Level: 9, THAC10: 17, Str: 17, Stamina: true,
		Weapons: []kaldaria.Weapon{{Kind: kaldaria.MeleeWeapon, Type: kaldaria.Sword, Skill: kaldaria.Expert,
			Damage: dice.MustParse("d8+2"), Magic: 2, VsGroup: "undead", VsGroupMagic: 4}},
		MaxHP: 136, Vitals: kaldaria.Vitals{HP: 136},
	}
	urchin := kaldaria.Profile{
		THAC10: 16, Dex: 17, Armour: kaldaria.Armour{AR: 3, Abs: 10, Cutter: 1}, Shield: &kaldaria.Shield{AR: 1},
		Weapons: []kaldaria.Weapon{{Kind: kaldaria.MeleeWeapon, Damage: dice.MustParse("d6")}},
		MaxHP:   30, Vitals: kaldaria.Vitals{HP: 30},
	}
	attack := kaldaria.Attack{Tier: kaldaria.Flank, Maneuver: kaldaria.WildBlow}

	odds, _ := kaldaria.Odds(knight, urchin, kaldaria.RoundState{}, attack)
	fmt.Printf("hit %.1f%%, critical %.1f%%, expected damage %.2f, down %.1f%%\n",
		100*odds.Hit, 100*odds.Critical(), odds.ExpectedToHP, 100*odds.Down)

	res, err := kaldaria.Resolve(knight, urchin, kaldaria.RoundState{}, attack, dice.NewScripted(19, 8, 4, 6))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Trace {
		fmt.Println(s)
	}
	fmt.Println(res.Outcome, res.Damage, "damage, urchin HP", res.Vitals.HP)
	// Output:
	// hit 88.8%, critical 19.0%, expected damage 7.64, down 0.0%
	// [K-HIT-1] thac10-base=17
	// [K-MOD-2] level +2 to to-hit
	// [K-MOD-3] str +2 to to-hit
	// [K-MOD-4] skill +2 to to-hit
	// [K-MOD-5] magic +2 to to-hit
	// [K-MOD-6] maneuver +2 to to-hit
	// [K-FLANK-9] tier-flank +3 to to-hit
	// [K-MOD-1] thac10=4
	// [K-AR-1] ar-base=7
	// [K-AR-1] ar=7
	// [K-HIT-2] need=1
	// [K-CRIT-4] tier-flank +1 to crit-steps
	// [K-CRIT-5] crit-nat-min=17
	// [K-CRIT-5] crit-margin-min=4
	// [K-PARRY-3] parry-thac-shield=19
	// [K-HIT-4] attack: d20=19
	// [K-HIT-5] ar-hit=25
	// [K-HIT-6] margin=18
	// [D-1] critical=1
	// [K-PARRY-2] parry-need-shield=34
	// [K-PARRY-12] parry-shield: d20=8
	// [K-CRIT-7] critical-effect: d6=4
	// [K-CRIT-7] effect=2
	// [K-DMG-1] damage: d8=6
	// [K-DMG-1] damage-roll=8
	// [K-DMG-1] damage-base=8
	// [K-DMG-3] abs -1 to damage
	// [K-DMG-4] cutter -1 to damage
	// [K-DMG-5] damage-reduced=6
	// [K-DMG-6] multiplier-pct=300
	// [K-DMG-6] damage-final=18
	// [K-HP-1] to-hp=18
	// [K-HP-1] hp=12
	// [K-HP-2] wounded=1
	// [K-RES-2] hit=0
	// hit 18 damage, urchin HP 12
}
