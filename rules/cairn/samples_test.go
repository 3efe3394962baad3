package cairn

import (
	"testing"

	"battlemat/rules/dice/dicetest"
)

// TestSample checks the bundled sample is valid and replays the source's
// worked example on it: the large bandit's axe rolls 4, then 6, against the
// HP 3 / Armour 1 hero (CA-TV-1, CA-TV-2).
func TestSample(t *testing.T) {
	s := Sample()
	if err := s.Battle.Validate(); err != nil {
		t.Fatal(err)
	}
	hero, bandit := s.Battle.Characters[0], s.Battle.Characters[1]
	if hero.HP != 3 || hero.ArmourValue() != 1 {
		t.Fatalf("hero HP %d armour %d; the source example has HP 3, armour 1", hero.HP, hero.ArmourValue())
	}
	axe := bandit.Weapons[0].Attack(1)
	t.Run("CA-TV-1", func(t *testing.T) {
		var d Damage
		attempt(t, func() (err error) {
			d, err = ResolveAttacks(hero, []Strike{{bandit, axe}}, 1, Options{}, dicetest.Script(t, 4))
			return err
		})
		checkDamage(t, d, want{3, 0, 12, OutcomeHP, true})
	})
	t.Run("CA-TV-2", func(t *testing.T) {
		var d Damage
		attempt(t, func() (err error) {
			d, err = ResolveAttacks(hero, []Strike{{bandit, axe}}, 1, Options{}, dicetest.Script(t, 6, 10))
			return err
		})
		checkDamage(t, d, want{5, 0, 10, OutcomeSaved, true})
	})
	if Sample().Battle.Characters[0].HP != 3 {
		t.Error("Sample shares state between calls")
	}
}
