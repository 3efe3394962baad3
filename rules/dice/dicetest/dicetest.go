// Package dicetest gives tests a scripted roller that fails the test when it
// runs out of faces or when faces are left over at the end of the test.
package dicetest

import (
	"testing"

	"battlemat/rules/dice"
)

// Script returns a roller yielding faces in order. The test fails if the code
// under test asks for more dice than scripted (the roller panics) or leaves
// some unused (checked at cleanup).
func Script(t testing.TB, faces ...int) *dice.Scripted {
	t.Helper()
	s := dice.NewScripted(faces...)
	t.Cleanup(func() {
		if n := s.Remaining(); n > 0 && !t.Failed() {
			t.Errorf("dicetest: %d scripted faces left over", n)
		}
	})
	return s
}
