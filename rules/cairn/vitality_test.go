package cairn

import (
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
)

// TestVitality plays through the engine what keeps a DAIRN character in
// the fight: at 0 HP with its STR intact the hero still takes its turns
// (CA-DMG-6), crawling once critically damaged (CA-CRIT-5, CA-AMB-9);
// killed by STR loss it is reported down and skipped (CA-CRIT-2); with no
// DEX left it cannot act and is skipped (CA-ATTR-3).
func TestVitality(t *testing.T) {
	tests := []struct {
		name      string
		str, dex  int   // the hero's current STR and DEX
		init      int   // the hero's round-1 DEX save
		attack    []int // the large bandit's battleaxe on the hero, if any
		downed    bool  // a Downed event for the hero
		firstTurn bool  // the hero acts in round 1
		round2    string
		move      int // the hero's movement in round 2, when it acts
	}{
		{name: "CA-DMG-6", str: 12, dex: 13, init: 13, firstTurn: true, round2: "hero", move: MoveSquares},
		{name: "CA-CRIT-5", str: 12, dex: 13, init: 13, attack: []int{4, 20}, firstTurn: true, round2: "hero", move: 1},
		{name: "CA-CRIT-2", str: 3, dex: 13, init: 13, attack: []int{10}, downed: true, firstTurn: true, round2: "large-bandit"},
		{name: "CA-ATTR-3", str: 12, dex: 0, init: 13, round2: "large-bandit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			do := func(enc combat.Encounter, cmd combat.Command, faces ...int) (combat.Encounter, []combat.Event) {
				t.Helper()
				next, evs, err := combat.Apply(Ruleset{}, enc, cmd, dicetest.Script(t, faces...))
				if err != nil {
					t.Fatalf("%T: %v", cmd, err)
				}
				return next, evs
			}
			enc := place(t)
			hero := Sample().Battle.Characters[0]
			hero.Attr.STR, hero.Attr.DEX = tc.str, tc.dex
			enc, _ = do(enc, combat.Edit{Spec: combat.Spec{ID: "hero", Name: hero.Name, Side: "party", Profile: profile(t, hero)}})
			enc, evs := do(enc, combat.SetHP{ID: "hero", HP: 0})
			if downed(evs, "hero") {
				t.Error("CA-DMG-6: 0 HP alone put the hero down")
			}
			enc, _ = do(enc, combat.RollInitiative{}, tc.init)
			enc, _ = do(enc, combat.Start{})
			if got := enc.Current() == "hero"; got != tc.firstTurn {
				t.Fatalf("round 1: %s acts first", enc.Current())
			}
			if tc.firstTurn {
				enc, _ = do(enc, combat.EndTurn{})
			}
			if len(tc.attack) > 0 {
				enc, _ = do(enc, combat.Attack{Attacker: "large-bandit", Defender: "hero"})
				enc, _ = do(enc, combat.EndTurn{})
				enc, evs = do(enc, combat.EndTurn{}, tc.attack...) // the bandits' phase ends (CA-ALG-B)
				if got := downed(evs, "hero"); got != tc.downed {
					t.Errorf("Downed %v, want %v", got, tc.downed)
				}
			}
			for enc.Round == 1 {
				enc, _ = do(enc, combat.EndTurn{})
			}
			if enc.Current() != tc.round2 {
				t.Errorf("round 2 opens with %s, want %s", enc.Current(), tc.round2)
			}
			if h, _ := enc.Combatant("hero"); tc.move > 0 && h.Budget.Left(counterMovement) != tc.move {
				t.Errorf("the hero's round-2 movement %d, want %d", h.Budget.Left(counterMovement), tc.move)
			}
		})
	}
}

// downed reports a Downed event for id.
func downed(evs []combat.Event, id string) bool {
	for _, e := range evs {
		if e.Type() == combat.Downed && e.Actor == id {
			return true
		}
	}
	return false
}
