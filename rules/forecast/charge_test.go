package forecast

import (
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/rulesets"
)

// TestPoliciesCharge plays the Kaldaria samples and checks that the
// policies charge (K-MOVE-7), and set a charge only when the charger's
// next command is its move, in the same turn.
func TestPoliciesCharge(t *testing.T) {
	charges := 0
	for _, id := range []string{"kal-urchins", "kal-elemental", "kal-corridor"} {
		f, err := New(rulesets.Registry(), sample(t, id), Settings{Fights: 20, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 20 {
			ft, err := f.begin(i)
			if err != nil {
				t.Fatal(err)
			}
			charging := ""
			for {
				if _, over := ft.over(); over {
					break
				}
				cmd, err := ft.decide()
				if err != nil {
					t.Fatal(err)
				}
				switch c := cmd.(type) {
				case combat.AddCondition:
					if c.Condition == encounter.CondCharging {
						charges++
						charging = c.ID
					}
				case combat.Move:
					if charging != "" && c.ID != charging {
						t.Fatalf("%s fight %d: %s charged but %s moved", id, i, charging, c.ID)
					}
					charging = ""
				case combat.EndTurn:
					if charging != "" {
						t.Fatalf("%s fight %d: %s set a charge and never moved", id, i, charging)
					}
				}
				if err := ft.apply(cmd); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if charges == 0 {
		t.Error("no policy charged in 60 Kaldaria fights")
	}
	t.Logf("%d charges", charges)
}
