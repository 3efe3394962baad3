package combat

import (
	"fmt"
	"strings"

	"battlemat/rules/grid"
)

// ExampleSession plays an attack with dice rolled at the table, undoes it,
// and opens the encounter again from a share link, redo tail included.
func ExampleSession() {
	reg, _ := NewRegistry(fake{})
	s, _ := NewSession(reg, NewEncounter("fake", grid.Map{W: 5, H: 5}, 42))
	s.Do(place("A", "red", 0, 0, profile(10, 4, 0, 12, 6, "")))
	s.Do(place("B", "blue", 1, 0, profile(10, 4, 0, 12, 6, "")))
	s.DoWithDice(RollInitiative{}, 15, 8) // A 15, B 8
	s.Do(Start{})
	events, _ := s.DoWithDice(Attack{Attacker: "A", Defender: "B"}, 19, 3)
	for _, e := range events {
		switch p := e.Payload().(type) {
		case Blow:
			fmt.Println(e.Type(), e.Actor, "hits", e.Target, "for", p.Damage)
		case HPSet:
			fmt.Println(e.Type(), e.Actor, "has", p.HP)
		}
	}
	s.Undo()
	b, _ := s.State().Combatant("B")
	fmt.Println("after undo, B has", b.HP, "HP")
	link, _ := EncodeLink(s)
	opened, _ := DecodeLink(reg, "https://battlemat.example/#"+link)
	fmt.Println(strings.HasPrefix(link, "v1."), opened.Cursor(), len(opened.Log()), opened.CanRedo())
	// Output:
	// attackResolved A hits B for 3
	// hpChanged B has 7
	// after undo, B has 10 HP
	// true 4 5 true
}
