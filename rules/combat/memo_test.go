package combat

import (
	"testing"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// memoKey is a key for the tests' values.
type memoKey struct{}

// TestMemoRevisions checks what each revision's memo sees: its own values,
// else those of the revision it came from; a memo that holds a value lets
// the older one go, and a chain of revisions that store nothing keeps at
// most one older memo.
func TestMemoRevisions(t *testing.T) {
	rs := fake{}
	enc := NewEncounter("fake", grid.Map{W: 6, H: 6}, 1)
	if enc.Memo() == nil {
		t.Fatal("NewEncounter gives no memo")
	}
	enc.Memo().Store(memoKey{}, "first")
	if c := enc.Clone(); c.Memo() == nil || c.Memo() == enc.Memo() || !c.Memo().empty() || c.Memo().prev != nil {
		t.Error("a clone's memo is not its own and empty")
	}
	next, _, err := Apply(rs, enc, place("a", "red", 1, 1, profile(5, 4, 0, 10, 3, "")), dice.NewScripted())
	if err != nil {
		t.Fatal(err)
	}
	if next.Memo() == enc.Memo() {
		t.Fatal("a new revision shares its memo with the one it came from")
	}
	if v, ok := next.Memo().Load(memoKey{}); !ok || v != "first" {
		t.Errorf("the new revision reads %v, %v; want the older value", v, ok)
	}
	later, _, err := Apply(rs, next, place("b", "blue", 3, 3, profile(5, 4, 0, 10, 3, "")), dice.NewScripted())
	if err != nil {
		t.Fatal(err)
	}
	if later.Memo().prev != enc.Memo() {
		t.Error("a revision two commands on does not read the last memo that holds a value")
	}
	later.Memo().Store(memoKey{}, "third")
	if v, _ := later.Memo().Load(memoKey{}); v != "third" || later.Memo().prev != nil {
		t.Errorf("after a store: %v, previous %p", v, later.Memo().prev)
	}
	if v, _ := enc.Memo().Load(memoKey{}); v != "first" {
		t.Errorf("an older revision's value changed to %v", v)
	}
	// Values under other keys, the nil key among them, live beside the
	// first one kept, and each is replaced by its own key alone.
	type otherKey struct{}
	later.Memo().Store(otherKey{}, "other")
	later.Memo().Store(nil, "nil")
	later.Memo().Store(memoKey{}, "fourth")
	later.Memo().Store(otherKey{}, "other again")
	for key, want := range map[any]any{memoKey{}: "fourth", otherKey{}: "other again", nil: "nil"} {
		if v, ok := later.Memo().Load(key); !ok || v != want {
			t.Errorf("under %#v: %v, %v; want %v", key, v, ok, want)
		}
	}
	if v, ok := later.Memo().Load(2); ok {
		t.Errorf("a key never stored reads %v", v)
	}
	var none Encounter
	none.Memo().Store(memoKey{}, 1)
	if _, ok := none.Memo().Load(memoKey{}); ok {
		t.Error("an encounter without a memo kept a value")
	}
}
