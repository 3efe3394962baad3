package dnd5e

import (
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
)

// presences builds the §13 fixtures at an ambush: the PCs do not sneak, the
// goblins do when stealth totals are given.
func presences(goblinStealth ...int) []Presence {
	ps := []Presence{
		{ID: "fighter", Side: "party", PassivePerception: Fighter().PassivePerception},
		{ID: "rogue", Side: "party", PassivePerception: Rogue().PassivePerception},
		{ID: "wizard", Side: "party", PassivePerception: Wizard().PassivePerception},
	}
	for i, s := range goblinStealth {
		ps = append(ps, Presence{ID: "g" + string(rune('1'+i)), Side: "goblins", Sneaking: true, StealthTotal: s, PassivePerception: Goblin().PassivePerception})
	}
	if len(goblinStealth) == 0 {
		ps = append(ps, Presence{ID: "g1", Side: "goblins", PassivePerception: Goblin().PassivePerception})
	}
	return ps
}

func TestSurpriseVectors(t *testing.T) {
	tests := []struct {
		id        string
		rule      combat.RuleID
		in        []Presence
		rules     SurpriseRules
		surprised []string
		noticed   map[string][]string
	}{
		{id: "DND-TV-4", rule: "DND-SURP-2", in: presences()},
		{
			id: "DND-TV-5", rule: "DND-SURP-3", in: presences(15, 12, 13),
			surprised: []string{"fighter", "rogue"},
			noticed:   map[string][]string{"wizard": {"g1", "g2", "g3"}, "g1": {"fighter", "rogue", "wizard"}},
		},
		{
			id: "DND-TV-5-ties-to-observer", rule: "DND-AMB-1", in: presences(15, 12, 13),
			rules:     SurpriseRules{Tie: TieToObserver},
			surprised: []string{"fighter"},
			noticed:   map[string][]string{"rogue": {"g2"}},
		},
		{
			id: "DND-SURP-6-unperceived", rule: "DND-AMB-2", in: presences(15, 12, 13),
			// The DM rules that goblin 3 cannot see the wizard behind the
			// wagon: it still notices the fighter and the rogue.
			rules:     SurpriseRules{Perceives: func(o, t string) bool { return !(o == "g3" && t == "wizard") }},
			surprised: []string{"fighter", "rogue"},
			noticed:   map[string][]string{"g3": {"fighter", "rogue"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			got := Surprise(tc.in, tc.rules)
			var surprised []string
			for i, a := range got {
				if a.ID != tc.in[i].ID {
					t.Fatalf("verdict %d is for %s, want %s", i, a.ID, tc.in[i].ID)
				}
				if a.Surprised {
					surprised = append(surprised, a.ID)
				}
				if want, ok := tc.noticed[a.ID]; ok && !slices.Equal(a.Noticed, want) {
					t.Errorf("%s: %s noticed %v, want %v", tc.rule, a.ID, a.Noticed, want)
				}
				if len(a.Trace) == 0 {
					t.Errorf("%s: no trace", a.ID)
				}
			}
			if !slices.Equal(surprised, tc.surprised) {
				t.Errorf("%s: surprised %v, want %v", tc.rule, surprised, tc.surprised)
			}
		})
	}
}

func TestNoticesTie(t *testing.T) {
	tests := []struct {
		passive, stealth int
		tie              StealthTie
		want             bool
	}{
		{12, 12, TieToSneaker, false},
		{12, 12, TieToObserver, true},
		{13, 12, TieToSneaker, true},
		{11, 12, TieToObserver, false},
	}
	for _, tc := range tests {
		if got := Notices(tc.passive, tc.stealth, tc.tie); got != tc.want {
			t.Errorf("DND-AMB-1: passive %d vs stealth %d (tie %d): %v", tc.passive, tc.stealth, tc.tie, got)
		}
	}
}

func TestRollStealth(t *testing.T) {
	total, tr := RollStealth(Goblin().Stealth, dicetest.Script(t, 9))
	if total != 15 {
		t.Errorf("DND-SURP-3: 9 + 6 = %d", total)
	}
	if s, ok := tr.Find("stealth"); !ok || s.Value != 15 || s.Rule != "DND-SURP-3" {
		t.Errorf("trace %v", tr)
	}
}
