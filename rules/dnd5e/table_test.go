package dnd5e

import (
	"encoding/json"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

// entrantsEncounter places the entrants in a fresh encounter, each with a
// stat block named by its group and carrying its modifier, the players on
// one side and the DM's creatures on another.
func entrantsEncounter(t *testing.T, es []Entrant) combat.Encounter {
	t.Helper()
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 12, H: 12}, 1)
	for i, e := range es {
		b := Goblin()
		b.ID, b.DexMod, b.InitBonus = e.Group, e.Mod, 0
		raw, err := json.Marshal(Profile{StatBlock: b, Controller: e.Controller})
		if err != nil {
			t.Fatal(err)
		}
		side := "party"
		if e.Controller == DM {
			side = "foes"
		}
		enc, _ = apply(t, enc, combat.Place{Spec: combat.Spec{ID: e.ID, Name: e.ID, Side: side, Pos: grid.Square{X: i, Y: 0}, Profile: raw}}, dicetest.Script(t))
	}
	return enc
}

// TestInitiativeThroughApply runs every initiative vector (DND-TV-1,
// DND-TV-3 and their variants) through RollInitiative commands and checks
// that the engine's order, roll-offs and open ties are those of the package
// function: ties of one party's creatures wait for that party, mixed ties
// roll off under the per-tie policy (DND-INIT-4, DND-AMB-8).
func TestInitiativeThroughApply(t *testing.T) {
	for _, tc := range initiativeVectors() {
		t.Run(tc.id, func(t *testing.T) {
			o, err := RollInitiative(tc.entrants, tc.tb, dicetest.Script(t, tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			rs := Ruleset{TieBreak: tc.tb}
			enc := entrantsEncounter(t, tc.entrants)
			enc, _, err = combat.Apply(rs, enc, combat.RollInitiative{}, dicetest.Script(t, tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if len(enc.Order) != len(o.Slots) {
				t.Fatalf("%s: %d slots through Apply, %d from RollInitiative", tc.rule, len(enc.Order), len(o.Slots))
			}
			for i, s := range o.Slots {
				got := enc.Order[i]
				if !slices.Equal(got.Members, s.Members) || got.Score != s.Total || !slices.Equal(got.Tiebreak, s.RollOff) || got.Settled != s.Settled {
					t.Errorf("%s: slot %d %+v, package %+v", tc.rule, i, got, s)
				}
			}
			var want []combat.Tie
			for _, tie := range o.Ties() {
				d := DeciderDM
				if tie.Decider == Player {
					d = DeciderPlayers
				}
				want = append(want, combat.Tie{From: tie.From, To: tie.To, Decider: d})
			}
			if got := combat.Ties(rs, enc); !slices.Equal(got, want) {
				t.Errorf("%s: open ties %v, want %v", tc.rule, got, want)
			}
		})
	}
}

// TestTieSettledBySetOrder checks that a party's SetOrder, with the slots
// marked settled, closes the tie it was asked (DND-INIT-4, ENG-TIE-1).
func TestTieSettledBySetOrder(t *testing.T) {
	rs := Ruleset{TieBreak: TiePerTie}
	enc := entrantsEncounter(t, []Entrant{fighterIn, rogueIn})
	enc, _, err := combat.Apply(rs, enc, combat.RollInitiative{}, dicetest.Script(t, 15, 12))
	if err != nil {
		t.Fatal(err)
	}
	if ties := combat.Ties(rs, enc); len(ties) != 1 || ties[0].Decider != DeciderPlayers {
		t.Fatalf("ties %v; want one for the players", ties)
	}
	order := []combat.Slot{enc.Order[1], enc.Order[0]}
	for i := range order {
		order[i].Settled = true
	}
	enc, _, err = combat.Apply(rs, enc, combat.SetOrder{Order: order}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	if ties := combat.Ties(rs, enc); len(ties) != 0 || enc.Order[0].Members[0] != "rogue" {
		t.Errorf("after the players' order: ties %v, first %v", ties, enc.Order[0].Members)
	}
}

// TestIndividualInitiative checks the encounter setting that makes each
// goblin roll alone (DND-AMB-6, ENG-SET-1): four rolls, four slots.
func TestIndividualInitiative(t *testing.T) {
	enc := entrantsEncounter(t, goblinsIn)
	enc, _ = apply(t, enc, combat.Configure{Settings: combat.Settings{IndividualInitiative: true}}, dicetest.Script(t))
	enc, _ = apply(t, enc, combat.RollInitiative{}, dicetest.Script(t, 4, 9, 14, 19))
	if len(enc.Order) != 4 || enc.Order[0].Members[0] != "goblin-d" || enc.Order[0].Score != 19+Goblin().InitiativeMod() {
		t.Errorf("DND-AMB-6: order %+v; want four slots, goblin D first", enc.Order)
	}
	enc, _ = apply(t, enc, combat.Configure{}, dicetest.Script(t))
	enc, _ = apply(t, enc, combat.RollInitiative{}, dicetest.Script(t, 11))
	if len(enc.Order) != 1 {
		t.Errorf("DND-INIT-2: order %+v; want one shared slot", enc.Order)
	}
}

// TestSurpriseThroughApply runs DND-TV-4 and DND-TV-5 through RollSurprise
// on the sample ambush: the sneaking goblins roll Stealth (d20 + 6), and the
// engine marks the same creatures surprised as the package function Surprise
// given the same totals; nobody sneaking surprises nobody (DND-SURP-2..4).
func TestSurpriseThroughApply(t *testing.T) {
	gob := Goblin().Stealth
	for _, tc := range []struct {
		id     string
		sneak  bool
		totals []int
		rs     Ruleset
		want   []string
	}{
		{id: "DND-TV-4"},
		{id: "DND-TV-5", sneak: true, totals: []int{15, 12, 13, 14}, want: []string{"fighter", "rogue"}},
		{id: "DND-TV-5-ties-to-observer", sneak: true, totals: []int{15, 12, 13, 14}, rs: Ruleset{StealthTie: TieToObserver}, want: []string{"fighter"}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			enc := placedAmbush(t)
			var faces []int
			for _, total := range tc.totals {
				faces = append(faces, total-gob)
			}
			if !tc.sneak {
				for _, id := range []string{"goblin-a", "goblin-b", "goblin-c", "goblin-d"} {
					enc, _ = apply(t, enc, combat.RemoveCondition{ID: id, Condition: ConditionSneaking}, dicetest.Script(t))
				}
			}
			next, evs, err := combat.Apply(tc.rs, enc, combat.RollSurprise{}, dicetest.Script(t, faces...))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range next.Combatants {
				if c.Surprised {
					got = append(got, c.ID)
				}
			}
			var ps []Presence
			for i, c := range enc.Combatants {
				p, _, _ := profileOf(enc, c)
				pr := Presence{ID: c.ID, Side: c.Side, PassivePerception: p.PassivePerception}
				if i >= 3 && tc.sneak {
					pr.Sneaking, pr.StealthTotal = true, tc.totals[i-3]
				}
				ps = append(ps, pr)
			}
			var pkg []string
			for _, a := range Surprise(ps, SurpriseRules{Tie: tc.rs.StealthTie}) {
				if a.Surprised {
					pkg = append(pkg, a.ID)
				}
			}
			if !slices.Equal(got, tc.want) || !slices.Equal(got, pkg) {
				t.Errorf("surprised through Apply %v, package %v, want %v", got, pkg, tc.want)
			}
			if _, ok := hasEvent(evs, combat.SurpriseRolled, ""); !ok {
				t.Error("no SurpriseRolled event")
			}
			next, _ = apply(t, next, combat.RollInitiative{}, dicetest.Script(t, 18, 9, 5, 13))
			next, _ = apply(t, next, combat.Start{Surprised: got}, dicetest.Script(t))
			if f, _ := next.Combatant("fighter"); f.Surprised != slices.Contains(tc.want, "fighter") {
				t.Errorf("DND-SURP-4: the fighter's surprise did not reach the start")
			}
		})
	}
}
