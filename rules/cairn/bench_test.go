package cairn

import (
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// BenchmarkEngineEndRound ends the last turn of round 1 of the sample
// through the engine: the round's end and the next turn's start ask the
// Vitality about every combatant (CA-DMG-6).
func BenchmarkEngineEndRound(b *testing.B) {
	enc, err := SampleBattle(1)
	if err != nil {
		b.Fatal(err)
	}
	enc.Order = []combat.Slot{{Members: []string{"hero"}, Score: 1}, {Members: []string{"large-bandit", "bandit-sister"}, Score: -1}, {Members: []string{"rat-swarm"}, Score: -1}}
	if enc, _, err = combat.Apply(Ruleset{}, enc, combat.Start{}, dice.NewScripted()); err != nil {
		b.Fatal(err)
	}
	for enc.Current() != "rat-swarm" {
		if enc, _, err = combat.Apply(Ruleset{}, enc, combat.EndTurn{}, dice.NewScripted()); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, _, err := combat.Apply(Ruleset{}, enc, combat.EndTurn{}, dice.NewScripted()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolveAttacks(b *testing.B) {
	s := Sample()
	hero, bandit, sister := s.Battle.Characters[0], s.Battle.Characters[1], s.Battle.Characters[2]
	strikes := []Strike{{bandit, bandit.Weapons[0].Attack(1)}, {sister, sister.Weapons[0].Attack(1)}}
	r := dice.NewPCG(1)
	for b.Loop() {
		if _, err := ResolveAttacks(hero, strikes, 1, Options{}, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolvePhase(b *testing.B) {
	s := Sample()
	decls := []Declaration{
		{Attacker: "large-bandit", Targets: []string{"hero"}, Attack: Attack{Dice: []Die{D10}}},
		{Attacker: "bandit-sister", Targets: []string{"hero"}, Attack: Attack{Dice: []Die{D6}}},
	}
	r := dice.NewPCG(1)
	for b.Loop() {
		if _, err := ResolvePhase(s.Battle, decls, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExactOdds(b *testing.B) {
	hero := Sample().Battle.Characters[0]
	for _, bc := range []struct {
		name string
		dice []Die
	}{
		{"single", []Die{D8}},
		{"dual", []Die{D8, D8}},
		{"eight", []Die{D12, D12, D10, D10, D8, D8, D6, D6}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ExactOdds(bc.dice, hero); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
