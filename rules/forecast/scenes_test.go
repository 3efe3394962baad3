package forecast

import (
	"testing"

	"battlemat/rules/rulesets"
)

// TestScenesAsPlayed checks that the policies play a sample's scene, not
// only a brawl: Miss Robin makes for the door her side's aim names and
// gets out in most fights, where fighting the three thugs loses every time
// (ENG-AIM-1); DAIRN's side phases resolve declared attacks, so its
// bandits' fight is decided, not a stalemate (ENG-PHASE-2, ENG-PHASE-3).
func TestScenesAsPlayed(t *testing.T) {
	const fights = 200
	play := func(id string, strip bool, policy string) Result {
		t.Helper()
		enc := sample(t, id)
		if strip {
			enc.Aims = nil
		}
		pol := map[string]string{}
		for _, c := range enc.Combatants {
			pol[c.Side] = policy
		}
		f, err := New(rulesets.Registry(), enc, Settings{Fights: fights, Seed: 5, Policies: pol})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Run(fights); err != nil {
			t.Fatal(err)
		}
		return f.Result()
	}
	for _, policy := range Names() {
		r := play("kal-robin", false, policy)
		robin, _ := r.Side("robin")
		cat, _ := r.Creature("robin")
		if robin.Win.P < 0.8 || cat.Escaped.P != robin.Win.P || cat.Escaped.P+cat.Down.P > 1 {
			t.Errorf("%s: Robin wins %.3f, escapes %.3f, drops %.3f: she should get out in most fights", policy, robin.Win.P, cat.Escaped.P, cat.Down.P)
		}
		// Her side wins only by getting her out; the others only on the
		// field (ENG-AIM-1).
		for _, s := range r.Sides {
			if want := s.Win.P * float64(boolInt(s.Side == "robin")); s.Escaped.P != want {
				t.Errorf("%s: side %s wins %.3f, %.3f of it by escaping; want %.3f by escaping", policy, s.Side, s.Win.P, s.Escaped.P, want)
			}
		}
		if fought, _ := play("kal-robin", true, policy).Side("robin"); fought.Win.P > 0.1 || fought.Escaped.P != 0 {
			t.Errorf("%s: without her aim Robin wins %.3f by fighting, %.3f by escaping: the scene no longer tells escape from brawl", policy, fought.Win.P, fought.Escaped.P)
		}
		if d := play("dairn-bandits", false, policy).Draw; d.P > 0.02 {
			t.Errorf("%s: dairn-bandits ends in a draw %.3f of the time: the side phases stall", policy, d.P)
		}
	}
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
