package rulesets

import (
	"testing"

	"battlemat/rules/combat"
)

// TestSamplesPlay checks every sample builds, validates, starts a session,
// rolls initiative and starts, and survives a share-link round trip.
func TestSamplesPlay(t *testing.T) {
	reg := Registry()
	for _, s := range Samples() {
		t.Run(s.ID, func(t *testing.T) {
			enc, err := s.Build(1)
			if err != nil {
				t.Fatal(err)
			}
			if enc.Ruleset != s.Ruleset {
				t.Fatalf("sample declares ruleset %q, builds %q", s.Ruleset, enc.Ruleset)
			}
			if err := combat.ValidateEncounter(enc); err != nil {
				t.Fatal(err)
			}
			sess, err := combat.NewSession(reg, enc)
			if err != nil {
				t.Fatal(err)
			}
			if enc.Phase == combat.PhaseSetup {
				if _, err := sess.Do(combat.RollInitiative{}); err != nil {
					t.Fatal(err)
				}
				if _, err := sess.Do(combat.Start{}); err != nil {
					t.Fatal(err)
				}
			}
			if sess.State().Current() == "" {
				t.Fatal("nobody is acting after the start")
			}
			link, err := combat.EncodeLink(sess)
			if err != nil {
				t.Fatal(err)
			}
			back, err := combat.DecodeLink(reg, link)
			if err != nil {
				t.Fatal(err)
			}
			if back.Cursor() != sess.Cursor() || back.State().Current() != sess.State().Current() {
				t.Fatal("the share link does not reopen the same encounter")
			}
			t.Logf("%s: share link %d bytes", s.ID, len(link))
		})
	}
}
