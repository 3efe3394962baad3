package encounter

import (
	"reflect"
	"testing"

	"battlemat/rules/combat"
)

// samples lists the sample builders with the combatant whose turn each
// starts at ("" for samples in setup).
var samples = []struct {
	id      string
	build   func(uint64) (combat.Encounter, error)
	current string
}{
	{"urchins", SampleUrchins, ""},
	{"elemental", SampleElemental, ""},
	{"robin", SampleRobin, "robin"},
	{"corridor", SampleCorridor, "raider-4"},
}

// TestSamplesBuild checks every sample builds, validates and stands at the
// moment it shows.
func TestSamplesBuild(t *testing.T) {
	for _, s := range samples {
		t.Run(s.id, func(t *testing.T) {
			enc, err := s.build(7)
			if err != nil {
				t.Fatal(err)
			}
			if err := combat.ValidateEncounter(enc); err != nil {
				t.Fatal(err)
			}
			if got := enc.Current(); got != s.current {
				t.Errorf("current = %q, want %q", got, s.current)
			}
			for _, c := range enc.Combatants {
				if c.HP != c.Stats.MaxHP || c.HP <= 0 {
					t.Errorf("%s: HP %d of %d", c.ID, c.HP, c.Stats.MaxHP)
				}
			}
		})
	}
}

// TestLaidOutAsDecoded: every sheet a sample lays out is, deep-equal, what
// decoding its JSON gives, so DecodeSheet may hand it back undecoded.
func TestLaidOutAsDecoded(t *testing.T) {
	for _, s := range samples {
		enc, err := s.build(7)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range enc.Combatants {
			want, err := decodeSheet(c.Profile)
			if err != nil {
				t.Fatalf("%s %s: %v", s.id, c.ID, err)
			}
			got, ok := laidOut.Load(string(c.Profile))
			if !ok {
				t.Errorf("%s %s: the sheet laid out is not kept", s.id, c.ID)
			} else if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s: laid out %+v, decoded %+v", s.id, c.ID, got, want)
			}
		}
	}
}
