package rulesets

import (
	"fmt"
	"slices"
	"testing"

	"battlemat/rules/cairn"
	"battlemat/rules/combat"
	"battlemat/rules/dnd5e"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/krysztaly"
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

// TestCrowdLink shares a crowd: as many creatures as a link may carry,
// each ruleset's own, after initiative (whose tie roll-offs make long dice
// tapes) and the start. It reports the link lengths for 20 and 100.
func TestCrowdLink(t *testing.T) {
	reg := Registry()
	seen := map[string]bool{}
	for _, s := range Samples() {
		if seen[s.Ruleset] {
			continue
		}
		seen[s.Ruleset] = true
		sample, err := s.Build(1)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{20, combat.LinkLimits.Combatants} {
			sess, err := combat.NewSession(reg, combat.NewEncounter(s.Ruleset, grid.Map{W: 60, H: 60}, 9))
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < n; i++ {
				tmpl := sample.Combatants[i%len(sample.Combatants)]
				spec := combat.Spec{ID: fmt.Sprintf("c%d", i), Name: tmpl.Name, Side: tmpl.Side, Pos: grid.Square{X: 3 * (i % 20), Y: 3 * (i / 20)}, Profile: tmpl.Profile}
				if _, err := sess.Do(combat.Place{Spec: spec}); err != nil {
					t.Fatalf("%s: placing %d: %v", s.Ruleset, i, err)
				}
			}
			for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
				if _, err := sess.Do(c); err != nil {
					t.Fatalf("%s: %s: %v", s.Ruleset, c.Kind(), err)
				}
			}
			link, err := combat.EncodeLink(sess)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := combat.DecodeLink(reg, link); err != nil {
				t.Fatalf("%s: %d creatures: the link does not reopen: %v", s.Ruleset, n, err)
			}
			t.Logf("%s: %d creatures after initiative: link %d bytes", s.Ruleset, n, len(link))
		}
	}
}

// TestOrder checks the registry holds every ruleset once and that the
// Kaldaria scenes lead the samples, the urchins first: the app opens the
// first sample at start.
func TestOrder(t *testing.T) {
	if ids := Registry().IDs(); len(ids) != len(All()) {
		t.Errorf("registry %v for %d rulesets", ids, len(All()))
	}
	want := []string{"kal-urchins", "kal-elemental", "kal-robin", "kal-corridor"}
	seen := map[string]bool{}
	for i, s := range Samples() {
		if seen[s.ID] {
			t.Errorf("sample %q listed twice", s.ID)
		}
		seen[s.ID] = true
		if i < len(want) && (s.ID != want[i] || s.Ruleset != "kaldaria") {
			t.Errorf("sample %d is %s (%s), want %s", i, s.ID, s.Ruleset, want[i])
		}
		if got, ok := Find(s.ID); !ok || got.Title != s.Title {
			t.Errorf("Find(%q) = %v, %v", s.ID, got.ID, ok)
		}
	}
}

// TestScales checks that every shipped ruleset says how its map is
// measured: Kaldaria 2.5 m squares in half-square steps (K-GRID-1,
// K-MOVE-3), 5e 5 ft squares in feet (DND-GEN-3), DAIRN 5 ft squares
// counted in squares (CA-AMB-1), Kryształy Czasu squares without a length
// (KC-ND-5); and that only 5e lets the GM mark surprise (DND-SURP-4).
func TestScales(t *testing.T) {
	want := map[string]struct {
		scale    combat.Scale
		walk     int    // a speed in the ruleset's units
		halves   int    // that speed in half squares
		length   int    // and in hundredths of the unit
		surprise string // the surprise rule, "" for none
	}{
		encounter.RulesetID: {combat.Scale{Square: combat.Length{Hundredths: 250, Unit: "m"}, PerSquare: 2}, 8, 8, 1000, ""},
		dnd5e.RulesetID:     {combat.Scale{Square: combat.Length{Hundredths: 500, Unit: "ft"}, PerSquare: 5}, 30, 12, 3000, "DND-SURP-4"},
		cairn.RulesetID:     {combat.Scale{Square: combat.Length{Hundredths: 500, Unit: "ft"}, PerSquare: 1}, 8, 16, 4000, ""},
		krysztaly.RulesetID: {combat.Scale{PerSquare: 1}, 5, 10, 0, ""},
	}
	for _, rs := range All() {
		w, ok := want[rs.ID()]
		if !ok {
			t.Errorf("%s: no expected scale", rs.ID())
			continue
		}
		s := combat.ScaleOf(rs)
		if _, declared := rs.(combat.Scaler); !declared || s != w.scale {
			t.Errorf("%s: scale %+v (declared %v), want %+v", rs.ID(), s, declared, w.scale)
		}
		if h, d := s.Halves(w.walk), s.Distance(w.walk); h != w.halves || d.Hundredths != w.length {
			t.Errorf("%s: speed %d is %d half squares and %d hundredths, want %d and %d", rs.ID(), w.walk, h, d.Hundredths, w.halves, w.length)
		}
		rule := ""
		if sp, ok := rs.(combat.Surpriser); ok {
			rule = string(sp.SurpriseRule())
		}
		if rule != w.surprise {
			t.Errorf("%s: surprise rule %q, want %q", rs.ID(), rule, w.surprise)
		}
	}
}

// TestCounters checks what each shipped ruleset declares its turn's
// resources to be (ENG-TURN-6), in its own words, units and rules: 5e's
// action economy in feet (DND-TURN-1, DND-BONUS-2, DND-FREE-3,
// DND-REACT-3), Kaldaria's movement in half squares and attacks (K-MOVE-6,
// K-GEN-7), Kryształy Czasu's routine (KC-ALG-B) and DAIRN's move and
// action (CA-ACT-1); that each passes the registry's bounds; and that a
// counter for opportunity attacks is declared exactly where the ruleset
// has reactions.
func TestCounters(t *testing.T) {
	move := func(rule combat.RuleID) combat.Counter {
		return combat.Counter{Key: "movement", Unit: combat.UnitMovement, Use: combat.UseMove, Rule: rule}
	}
	uses := func(key string, rule combat.RuleID) combat.Counter {
		return combat.Counter{Key: key, Unit: combat.UnitCount, Use: combat.UseAttack, Rule: rule}
	}
	want := map[string][]combat.Counter{
		dnd5e.RulesetID: {move("DND-TURN-1"), uses("action", "DND-TURN-1"),
			{Key: "bonus", Unit: combat.UnitCount, Rule: "DND-BONUS-2"}, {Key: "interaction", Unit: combat.UnitCount, Rule: "DND-FREE-3"},
			{Key: "reaction", Unit: combat.UnitCount, Use: combat.UseOpportunity, Rule: "DND-REACT-3"}},
		encounter.RulesetID: {move("K-MOVE-6"), uses("attacks", "K-GEN-7")},
		krysztaly.RulesetID: {move("KC-ALG-B"), uses("attacks", "KC-ALG-B")},
		cairn.RulesetID:     {move("CA-ACT-1"), uses("action", "CA-ACT-1")},
	}
	if _, err := combat.NewRegistry(All()...); err != nil {
		t.Fatal(err)
	}
	for _, rs := range All() {
		got := combat.CountersOf(rs)
		if _, declared := rs.(combat.Counterer); !declared || !slices.Equal(got, want[rs.ID()]) {
			t.Errorf("%s: counters %+v (declared %v), want %+v", rs.ID(), got, declared, want[rs.ID()])
		}
		_, opportunity := combat.CounterFor(rs, combat.UseOpportunity)
		tr, ok := rs.(combat.TurnRuler)
		if reactions := ok && tr.TurnRules().Reactions; reactions != opportunity {
			t.Errorf("%s: has reactions %v, declares a counter for them %v", rs.ID(), reactions, opportunity)
		}
	}
}

// BenchmarkFirstSample builds the sample a new user's first screen shows:
// its layout, then a session started from it.
func BenchmarkFirstSample(b *testing.B) {
	reg := Registry()
	for b.Loop() {
		if _, err := Samples()[0].Session(reg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReopenFirstSample reopens the first sample from its save, as a
// returning user's first screen does.
func BenchmarkReopenFirstSample(b *testing.B) {
	reg := Registry()
	sess, err := Samples()[0].Session(reg)
	if err != nil {
		b.Fatal(err)
	}
	doc, err := combat.EncodeSave(sess)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := combat.DecodeSave(reg, doc); err != nil {
			b.Fatal(err)
		}
	}
}
