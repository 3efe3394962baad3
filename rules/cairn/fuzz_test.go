package cairn

import (
	"encoding/json"
	"reflect"
	"testing"

	"battlemat/rules/dice"
)

// FuzzDecodeCharacter feeds arbitrary bytes to the stat-block decoder: it
// must never panic, an accepted block must survive an encode/decode round
// trip unchanged, and a hit on it must resolve to a valid block.
func FuzzDecodeCharacter(f *testing.F) {
	for _, c := range Sample().Battle.Characters {
		b, _ := json.Marshal(c)
		f.Add(b)
	}
	f.Add([]byte(`{"kind":"pc","max":{"str":1,"dex":1,"wil":1},"attr":{"str":-30,"dex":1,"wil":1},"maxHP":0,"hp":0,"status":{}}`))
	f.Add([]byte(`{"kind":"npc","bogus":1}`))
	f.Add([]byte(`{} {}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeCharacter(data)
		if err != nil {
			return
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		c2, err := DecodeCharacter(b)
		if err != nil {
			t.Fatalf("re-encoded block rejected: %v\n%s", err, b)
		}
		if !reflect.DeepEqual(normal(c), normal(c2)) {
			t.Fatalf("round trip changed the block:\n%+v\n%+v", c, c2)
		}
		d, err := ApplyDamage(c, 12, 1, dice.NewPCG(1))
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Target.Validate(); err != nil {
			t.Fatalf("damage produced an invalid block: %v", err)
		}
	})
}

// normal maps empty slices to nil so a round trip through omitempty
// compares equal.
func normal(c Character) Character {
	if len(c.Armour) == 0 {
		c.Armour = nil
	}
	if len(c.Weapons) == 0 {
		c.Weapons = nil
	}
	return c
}
