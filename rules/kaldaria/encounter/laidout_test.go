package encounter_test

import (
	"testing"

	"battlemat/rules/forecast"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/rulesets"
)

// TestLaidOutUnchangedByPlay plays fights of every Kaldaria sample through
// the engine (the forecast's fights, every command through Apply) and
// checks that the sheets the samples laid out, which DecodeSheet hands
// back shared, are still what decoding their JSON gives: no rule writes
// into a decoded sheet. A sheet changed through what DecodeSheet returned
// is caught (the last part), so the check can fail.
func TestLaidOutUnchangedByPlay(t *testing.T) {
	reg := rulesets.Registry()
	var raw []byte
	for _, s := range rulesets.Samples() {
		if s.Ruleset != encounter.RulesetID {
			continue
		}
		enc, err := s.Build(5)
		if err != nil {
			t.Fatal(err)
		}
		raw = enc.Combatants[0].Profile
		f, err := forecast.New(reg, enc, forecast.Settings{Fights: 150, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := f.Run(150); err != nil || n == 0 {
			t.Fatalf("%s: %d fights played: %v", s.ID, n, err)
		}
	}
	changed, kept := encounter.LaidOutChanged()
	if kept < 4 {
		t.Fatalf("only %d sheets kept: the samples' sheets are decoded again, this test checks nothing", kept)
	}
	if len(changed) > 0 {
		t.Fatalf("%d of %d kept sheets changed while fights were played: %q", len(changed), kept, changed)
	}

	sheet, err := encounter.DecodeSheet(raw)
	if err != nil || len(sheet.Stats.Weapons) == 0 {
		t.Fatalf("the first urchin's sheet: %v, %d weapons", err, len(sheet.Stats.Weapons))
	}
	name := sheet.Stats.Weapons[0].Name
	sheet.Stats.Weapons[0].Name = name + " (written over)"
	changed, _ = encounter.LaidOutChanged()
	sheet.Stats.Weapons[0].Name = name
	if len(changed) != 1 {
		t.Errorf("a sheet written through DecodeSheet's result: %d changes found, want 1", len(changed))
	}
}
