package forecast

import (
	"encoding/json"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// bout is a ruleset that exists only in this test, to show that a ruleset
// the forecast has never heard of is forecast by its own capabilities
// (ENG-FATE-1): two creatures side by side trade blows that always hit for
// a d6 (BOUT-1). Its variants below add death and leaving the fight.
type bout struct{}

// boutID is the bout's ruleset ID.
const boutID = "test-bout"

func (bout) ID() string { return boutID }

func (bout) Step(enc combat.Encounter, id string, from, to grid.Square) (combat.StepCheck, error) {
	return combat.StepCheck{Cost: 1}, nil
}

func (bout) Attack(enc combat.Encounter, req combat.AttackRequest, r dice.Roller) (combat.AttackOutcome, error) {
	face := r.Roll(6)
	return combat.AttackOutcome{Hit: true, Damage: face, Trace: combat.Trace{
		{Rule: "BOUT-1", Kind: combat.StepRoll, Key: "damage-roll", Sides: 6, Face: face, Value: face},
	}}, nil
}

func (bout) Odds(enc combat.Encounter, req combat.AttackRequest) ([]combat.Chance, error) {
	out := []combat.Chance{{Key: "hit", Num: 1, Den: 1}}
	for n := 1; n <= 6; n++ {
		out = append(out, combat.Damage(n, 1, 6))
	}
	return out, nil
}

// mortalBout is the bout in which a creature at -2 HP or below is dead
// (BOUT-2).
type mortalBout struct{ bout }

func (mortalBout) Dead(c combat.Combatant) bool { return c.HP <= -2 }

// yieldingBout is the mortal bout in which a creature at 5 HP or below
// yields and leaves the fight (BOUT-3): from more than 5 HP one d6 never
// reaches -2, so nobody dies.
type yieldingBout struct{ mortalBout }

func (yieldingBout) Out(enc combat.Encounter, id string) (bool, error) {
	c, ok := enc.Combatant(id)
	if !ok {
		return false, combat.NoCombatant("", "id", id)
	}
	return c.HP <= 5, nil
}

// linedBout is the bout in which a creature is dead below the HP line its
// stat block sets (BOUT-4).
type linedBout struct{ bout }

// boutSheet is a lined bout's stat block: its death line.
type boutSheet struct {
	Line int `json:"line"`
}

func (linedBout) Profile(raw json.RawMessage) (combat.Stats, error) {
	var p boutSheet
	return combat.Stats{MaxHP: 4, Speed: 2}, combat.DecodeStrict("profile", raw, &p)
}

func (linedBout) DeathLine(profile json.RawMessage) (int, bool) {
	var p boutSheet
	return p.Line, combat.DecodeStrict("profile", profile, &p) == nil
}

// TestFateOfANewRuleset forecasts the bout and its variants: death and
// leaving the fight come from the ruleset's capabilities alone, and a
// ruleset with none of them loses nobody.
func TestFateOfANewRuleset(t *testing.T) {
	for _, tc := range []struct {
		name     string
		rs       combat.Ruleset
		maxHP    int
		profile  string
		someDead bool
	}{
		{"ENG-FATE-1 without capabilities nobody dies", bout{}, 4, "", false},
		{"BOUT-2 Mortal", mortalBout{}, 4, "", true},
		{"BOUT-3 Outer before death", yieldingBout{}, 9, "", false},
		{"BOUT-4 DeathLiner", linedBout{}, 4, `{"line":-1}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg, err := combat.NewRegistry(tc.rs)
			if err != nil {
				t.Fatal(err)
			}
			sess, err := combat.NewSession(reg, combat.NewEncounter(boutID, grid.Map{W: 4, H: 1}, 7))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []combat.Spec{
				{ID: "ann", Name: "Ann", Side: "left", Pos: grid.Square{X: 1}, Stats: combat.Stats{MaxHP: tc.maxHP, Speed: 2}},
				{ID: "bob", Name: "Bob", Side: "right", Pos: grid.Square{X: 2}, Stats: combat.Stats{MaxHP: tc.maxHP, Speed: 2}},
			} {
				if tc.profile != "" {
					s.Profile = json.RawMessage(tc.profile)
				}
				if _, err := sess.Do(combat.Place{Spec: s}); err != nil {
					t.Fatal(err)
				}
			}
			f, err := New(reg, sess.State(), Settings{Fights: 400, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Run(400); err != nil {
				t.Fatal(err)
			}
			res := f.Result()
			var dead, down float64
			for _, c := range res.Creatures {
				dead, down = dead+c.Dead.P, down+c.Down.P
			}
			if down < 0.9 {
				t.Errorf("the fights ended with %.3f creatures down: %+v", down, res)
			}
			if (dead > 0) != tc.someDead {
				t.Errorf("%.3f creatures dead per fight, want some: %v", dead, tc.someDead)
			}
		})
	}
}
