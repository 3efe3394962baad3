package cairn_test

import (
	"fmt"

	"battlemat/rules/cairn"
	"battlemat/rules/dice"
)

// The source's worked example, second case (CA-TV-2): a 6 on the damage die
// against HP 3 and armour 1, then the STR save.
func ExampleResolveAttacks() {
	s := cairn.Sample()
	hero, bandit := s.Battle.Characters[0], s.Battle.Characters[1]
	strike := cairn.Strike{Attacker: bandit, Attack: bandit.Weapons[0].Attack(1)}
	d, err := cairn.ResolveAttacks(hero, []cairn.Strike{strike}, 1, cairn.Options{}, dice.NewScripted(6, 10))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, step := range d.Trace {
		fmt.Printf("%-30s %s\n", step, cairn.Ruleset{}.Glossary().Terms[step.Key].Native)
	}
	fmt.Println(d.Outcome)
	// Output:
	// [CA-DMG-2] die=10              кубик
	// [CA-DMG-2] damage-roll: d10=6  зиян лақтыруы
	// [CA-DMG-3] armour=1            сауыт
	// [CA-DMG-3] damage=5            зиян
	// [CA-DMG-5] hp=0                қорғаныс (HP)
	// [CA-DMG-5] overflow=2          артық зиян
	// [CA-CRIT-1] str=10             күш (STR)
	// [CA-CRIT-3] str-save=10        күшті тексеру
	// [CA-GEN-3] str-save: d20=10    күшті тексеру
	// [CA-GEN-3] save-pass=10        тексеруден сәтті өтті
	// saved
}

// The exact odds of the large bandit's d10 axe against the hero: over
// 10 × 20 equally likely outcomes. A 1 is absorbed; 2–4 take HP only; 5–10
// leave STR 11 down to 6, so 11+10+9+8+7+6 = 51 of the 120 saves pass.
func ExampleExactOdds() {
	hero := cairn.Sample().Battle.Characters[0]
	o, _ := cairn.ExactOdds([]cairn.Die{cairn.D10}, hero)
	for _, oc := range cairn.Outcomes {
		fmt.Printf("%-8s %3d/%d\n", oc, o.Outcome[oc], o.Den)
	}
	// Output:
	// none      20/200
	// hp        60/200
	// saved     51/200
	// critical  69/200
	// dead       0/200
}
