package dnd5e_test

import (
	"fmt"
	"strings"

	"battlemat/rules/dice"
	"battlemat/rules/dnd5e"
	"battlemat/rules/grid"
)

// Example plays the opening of the bundled sample: the goblins' ambush
// surprises the fighter, the four goblins roll initiative as one group, and
// the rogue's reaction cuts down a goblin that runs past it.
func Example() {
	sk := dnd5e.SampleAmbush()
	// Physical dice: four Stealth checks, four initiative rolls, then the
	// rogue's attack and damage.
	r := dice.NewScripted(9, 6, 7, 4, 18, 9, 5, 13, 14, 4)

	var ps []dnd5e.Presence
	for _, p := range sk.Participants {
		pr := dnd5e.Presence{ID: p.ID, Side: p.Side, Sneaking: p.Sneaking, PassivePerception: p.Block.PassivePerception}
		if p.Sneaking {
			pr.StealthTotal, _ = dnd5e.RollStealth(p.Block.Stealth, r)
		}
		ps = append(ps, pr)
	}
	budgets := map[string]dnd5e.Budget{}
	for _, a := range dnd5e.Surprise(ps, dnd5e.SurpriseRules{}) {
		if a.Surprised {
			fmt.Println("surprised:", a.ID)
		}
		budgets[a.ID] = dnd5e.Enter(a.Surprised, dnd5e.LockRoundEnd, 1)
	}

	var es []dnd5e.Entrant
	for _, p := range sk.Participants {
		es = append(es, p.Entrant())
	}
	order, err := dnd5e.RollInitiative(es, dnd5e.TieByHand, r)
	if err != nil {
		panic(err)
	}
	printOrder(order)

	f, _ := budgets["fighter"].StartTurn(dnd5e.TurnStart{Speed: 30})
	fmt.Printf("fighter's first turn: movement %d, action %v, reaction %v\n", f.Movement, f.Action, f.Reaction)
	budgets["fighter"] = f.EndTurn()

	rogue, goblin := sk.Participants[1], sk.Participants[3]
	g, _ := budgets["goblin-a"].StartTurn(dnd5e.TurnStart{Speed: 30, HasBonus: true})
	allowed, tr := dnd5e.MayOpportunityAttack(dnd5e.Departure{
		Reactor: budgets["rogue"], HasOption: rogue.Block.HasReaction(dnd5e.OpportunityAttack),
		Hostile: true, Sees: true, At: rogue.At, Reach: rogue.Block.Reach,
		From: goblin.At, To: grid.Square{X: 6, Y: 3}, Kind: dnd5e.MoveOwn,
	})
	fmt.Println("goblin-a leaves the rogue's reach:", allowed, tr[len(tr)-1].Key)

	budgets["rogue"], _ = budgets["rogue"].React(false)
	sword, _ := rogue.Block.MeleeAttack()
	hit := dnd5e.RollAttack(sword, goblin.Block.AC, dnd5e.Straight, r)
	fmt.Printf("rogue's %s: natural %d, total %d vs AC %d, hit %v, %d damage\n", sword.Name, hit.Natural, hit.Total, goblin.Block.AC, hit.Hit, hit.Damage)

	_, resumed := g.Resume(goblin.Block.HP-hit.Damage > 0)
	fmt.Println("goblin-a resumes its turn:", resumed)
	order, _ = order.Remove("goblin-a")
	printOrder(order)
	if r.Remaining() != 0 {
		fmt.Println("dice left over:", r.Remaining())
	}
	// Output:
	// surprised: fighter
	// order: fighter 18 | goblin-a goblin-b goblin-c goblin-d 15 | rogue 12 | wizard 6
	// fighter's first turn: movement 0, action false, reaction false
	// goblin-a leaves the rogue's reach: true opportunity-attack
	// rogue's shortsword: natural 14, total 19 vs AC 15, hit true, 7 damage
	// goblin-a resumes its turn: false
	// order: fighter 18 | goblin-b goblin-c goblin-d 15 | rogue 12 | wizard 6
}

func printOrder(o dnd5e.Order) {
	var parts []string
	for _, s := range o.Slots {
		parts = append(parts, fmt.Sprintf("%s %d", strings.Join(s.Members, " "), s.Total))
	}
	fmt.Println("order:", strings.Join(parts, " | "))
}
