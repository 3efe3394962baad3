package cairn

import (
	"testing"

	"battlemat/rules/dice"
)

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
