package encounter

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"battlemat/rules/combat"
)

// sheets are the sample creatures.
func sampleSheets() []Sheet {
	return []Sheet{Urchin(), CityGuard(), Knight(), Swordsman(), Elemental(), Beetle(), Robin(), Thug(), Raider(), Captain()}
}

// TestSheetErrors checks that bad profiles are refused with a typed error
// naming the rule and the field.
func TestSheetErrors(t *testing.T) {
	knight, _ := json.Marshal(Knight())
	edit := func(f func(*Sheet)) []byte {
		s := Knight()
		f(&s)
		b, _ := json.Marshal(s)
		return b
	}
	for _, c := range []struct {
		id    string
		raw   []byte
		rule  combat.RuleID
		field string
	}{
		{"unknown-field", []byte(`{"stats":{"thac10":17,"maxHP":5,"vitals":{"hp":5},"armour":{}},"body":{"size":2,"speed":"normal"},"wings":2}`), "", "profile"},
		{"trailing", append(append([]byte{}, knight...), []byte(` {}`)...), "", "profile"},
		{"K-DMG-3/abs", edit(func(s *Sheet) { s.Stats.Armour.Abs = 101 }), "K-DMG-3", "stats.armour.abs"},
		{"K-HP-1/maxHP", edit(func(s *Sheet) { s.Stats.MaxHP = 0 }), "K-HP-1", "stats.maxHP"},
		{"K-SIZE-1/size", edit(func(s *Sheet) { s.Body.Size = 5 }), "K-SIZE-1", "body.size"},
		{"K-SIZE-3/footprint", edit(func(s *Sheet) { s.Body.Footprint = 2 }), "K-SIZE-3", "body.footprint"},
		{"K-SIZE-3/huge", edit(func(s *Sheet) { s.Body.Size, s.Body.Footprint = 4, 9 }), "K-SIZE-3", "body.footprint"},
		{"K-MOVE-1/speed", edit(func(s *Sheet) { s.Body.Speed = "warp" }), "K-MOVE-1", "body.speed"},
		{"K-PIN-4/negative", edit(func(s *Sheet) { s.Body.PinBonus = -1 }), "K-PIN-4", "body.pinBonus"},
		{"K-GEN-7/attacks", edit(func(s *Sheet) { s.Body.Attacks = 13 }), "K-GEN-7", "body.attacks"},
	} {
		t.Run(c.id, func(t *testing.T) {
			_, err := Ruleset{}.Profile(c.raw)
			var re *combat.RuleError
			if !errors.As(err, &re) || re.Rule != c.rule || re.Field != c.field {
				t.Errorf("got %v, want a %q error on %q", err, c.rule, c.field)
			}
		})
	}
	for _, s := range sampleSheets() {
		if err := s.Validate(); err != nil {
			t.Errorf("sample sheet refused: %v", err)
		}
	}
}

// FuzzDecodeSheet checks that any input decodes without panicking, that a
// decoded sheet encodes back to a sheet that decodes the same, and that the
// ruleset's numbers stay in range.
func FuzzDecodeSheet(f *testing.F) {
	for _, s := range sampleSheets() {
		b, _ := json.Marshal(s)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		s, err := DecodeSheet(raw)
		if err != nil {
			return
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeSheet(b)
		if err != nil {
			t.Fatalf("re-encoded sheet refused: %v", err)
		}
		b2, _ := json.Marshal(back)
		if !bytes.Equal(b, b2) {
			t.Fatalf("round trip changed the sheet:\n%s\n%s", b, b2)
		}
		st, err := Ruleset{}.Profile(raw)
		if err != nil {
			t.Fatal(err)
		}
		if st.Speed < 0 || st.Speed > 30 || st.Size < 1 || st.Size > maxFootprint || st.Actions < 1 || st.Actions > maxAttacks {
			t.Fatalf("stats out of range: %+v", st)
		}
	})
}
