package encounter_test

import (
	"fmt"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/encounter"
)

// Example plans Miss Robin's dash for the cellar door, lets the engine
// walk it, and answers the first opportunity attack with dice rolled at
// the table: the thug's 12 hits, and her d% of 50 is within her 72 %
// dodge.
func Example() {
	enc, err := encounter.SampleRobin(1)
	if err != nil {
		panic(err)
	}
	rs := encounter.Ruleset{}
	door := grid.Square{X: 8, Y: 2}
	plan, err := rs.PlanMove(enc, "robin", door, false)
	if err != nil {
		panic(err)
	}
	for _, p := range plan.Provocations {
		fmt.Printf("%s strikes (%s OA, %s) as she leaves (%d,%d)\n", p.Attacker, p.Kind, p.Rule, p.At.X, p.At.Y)
	}
	reg, _ := combat.NewRegistry(rs)
	s, _ := combat.NewSession(reg, enc)
	if _, err := s.Do(combat.Move{ID: "robin", Path: plan.Path}); err != nil {
		panic(err)
	}
	fmt.Println("offered to", s.State().Pending.Chooser)
	evs, err := s.DoWithDice(combat.TakeOpportunity{}, 12, 50)
	if err != nil {
		panic(err)
	}
	for _, ev := range evs {
		if b, ok := ev.Payload().(combat.Blow); ok {
			dodge, _ := b.Trace.Find(kaldaria.KeyDodgeChance.String())
			fmt.Printf("hit %v, dodge chance %d%%\n", b.Hit, dodge.Value)
		}
	}
	// Output:
	// thug-3 strikes (normal OA, K-OA-2) as she leaves (6,2)
	// thug-1 strikes (normal OA, K-OA-2) as she leaves (7,2)
	// thug-2 strikes (normal OA, K-OA-2) as she leaves (7,2)
	// offered to thug-3
	// hit false, dodge chance 72%
}
