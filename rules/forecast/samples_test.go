package forecast

import (
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// sample builds a bundled sample encounter.
func sample(t testing.TB, id string) combat.Encounter {
	t.Helper()
	s, ok := rulesets.Find(id)
	if !ok {
		t.Fatalf("no sample %q", id)
	}
	enc, err := s.Build(1)
	if err != nil {
		t.Fatal(err)
	}
	return enc
}
