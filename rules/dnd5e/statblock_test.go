package dnd5e

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

func TestDexModifier(t *testing.T) {
	tests := []struct{ score, mod int }{
		{1, -5}, {8, -1}, {9, -1}, {10, 0}, {11, 0}, {12, 1}, {14, 2}, {16, 3}, {30, 10},
	}
	for _, tc := range tests {
		if got := DexModifier(tc.score); got != tc.mod {
			t.Errorf("DND-GEN-1: DEX %d → %+d, want %+d", tc.score, got, tc.mod)
		}
	}
}

func TestSampleBlocksValid(t *testing.T) {
	for _, b := range []StatBlock{Goblin(), Fighter(), Rogue(), Wizard()} {
		if err := b.Validate(); err != nil {
			t.Errorf("%s: %v", b.ID, err)
		}
	}
}

func TestSampleAmbush(t *testing.T) {
	sk := SampleAmbush()
	ids := map[string]bool{}
	walls := map[grid.Square]bool{}
	for _, w := range sk.Map.Walls {
		walls[w] = true
	}
	groups := map[string]int{}
	for _, p := range sk.Participants {
		if ids[p.ID] || !sk.Map.In(p.At) || walls[p.At] {
			t.Errorf("%s: duplicate or badly placed at %v", p.ID, p.At)
		}
		ids[p.ID] = true
		if err := p.Block.Validate(); err != nil {
			t.Errorf("%s: %v", p.ID, err)
		}
		groups[p.Entrant().Group]++
	}
	if groups["goblin"] != 4 {
		t.Errorf("DND-INIT-2: the sample's goblin group has %d members, want 4", groups["goblin"])
	}
	sk.Participants[0].Block.Attacks[0].Name = "changed"
	if SampleAmbush().Participants[0].Block.Attacks[0].Name != "longsword" {
		t.Error("samples share state between calls")
	}
}

func TestStatBlockValidate(t *testing.T) {
	tests := []struct {
		name   string
		rule   combat.RuleID
		field  string
		change func(*StatBlock)
	}{
		{"no id", "DND-AMB-7", "id", func(s *StatBlock) { s.ID = "" }},
		{"long name", "DND-ND-9", "name", func(s *StatBlock) { s.Name = strings.Repeat("x", MaxNameLen+1) }},
		{"DEX mod", "DND-GEN-1", "dexMod", func(s *StatBlock) { s.DexMod = 11 }},
		{"AC 0", "DND-ND-4", "ac", func(s *StatBlock) { s.AC = 0 }},
		{"HP 0", "DND-ND-5", "hp", func(s *StatBlock) { s.HP = 0 }},
		{"negative speed", "DND-TURN-2", "speed", func(s *StatBlock) { s.Speed = -5 }},
		{"speed off the grid", "DND-GEN-3", "speed", func(s *StatBlock) { s.Speed = 32 }},
		{"reach 0", "DND-ND-3", "reach", func(s *StatBlock) { s.Reach = 0 }},
		{"reach off the grid", "DND-GEN-3", "reach", func(s *StatBlock) { s.Reach = 7 }},
		{"unknown bonus action", "DND-BONUS-1", "bonusActions", func(s *StatBlock) { s.BonusActions = []Action{"fly"} }},
		{"bonus action twice", "DND-BONUS-1", "bonusActions", func(s *StatBlock) { s.BonusActions = []Action{ActionHide, ActionHide} }},
		{"unknown reaction", "DND-REACT-1", "reactions", func(s *StatBlock) { s.Reactions = []ReactionOption{"parry"} }},
		{"no damage", "DND-ND-4", "attacks.damage", func(s *StatBlock) { s.Attacks[0].Damage.Terms = nil }},
		{"too many dice", "DND-ND-4", "attacks.damage", func(s *StatBlock) { s.Attacks[0].Damage = dice.MustParse("21d6") }},
		{"die too large", "DND-ND-4", "attacks.damage", func(s *StatBlock) { s.Attacks[0].Damage = dice.MustParse("1d100") }},
		{"melee with range", "DND-ND-4", "attacks.range", func(s *StatBlock) { s.Attacks[0].Range = 20 }},
		{"ranged without range", "DND-ND-4", "attacks.range", func(s *StatBlock) { s.Attacks[1].Range = 0 }},
		{"long below normal", "DND-ND-4", "attacks.range", func(s *StatBlock) { s.Attacks[1].LongRange = 40 }},
		{"unknown kind", "DND-ND-4", "attacks.kind", func(s *StatBlock) { s.Attacks[0].Kind = "thrown" }},
		{"to-hit", "DND-ND-4", "attacks.toHit", func(s *StatBlock) { s.Attacks[0].ToHit = 31 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Goblin()
			tc.change(&s)
			var re *combat.RuleError
			if err := s.Validate(); !errors.As(err, &re) || re.Rule != tc.rule || re.Field != tc.field {
				t.Errorf("err %v, want %s on %s", err, tc.rule, tc.field)
			}
		})
	}
}

const goblinJSON = `{"id":"goblin","name":"Goblin","dexMod":2,"ac":15,"hp":7,"speed":30,"reach":5,
"passivePerception":9,"stealth":6,"attacks":[
{"name":"scimitar","kind":"melee","toHit":4,"damage":"d6+2","damageType":"slashing"},
{"name":"shortbow","kind":"ranged","toHit":4,"damage":"d6+2","damageType":"piercing","range":80,"longRange":320}],
"bonusActions":["disengage","hide"],"reactions":["opportunity-attack"]}`

func TestDecodeStatBlock(t *testing.T) {
	got, err := DecodeStatBlock([]byte(goblinJSON))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, Goblin()) {
		t.Errorf("decoded %+v\nwant %+v", got, Goblin())
	}
	for name, in := range map[string]string{
		"unknown field": strings.Replace(goblinJSON, `"ac"`, `"armour":1,"ac"`, 1),
		"trailing data": goblinJSON + `{}`,
		"bad damage":    strings.Replace(goblinJSON, `d6+2","damageType":"slashing"`, `d6+","damageType":"slashing"`, 1),
		"invalid":       strings.Replace(goblinJSON, `"hp":7`, `"hp":0`, 1),
		"too large":     strings.Repeat(" ", combat.MaxOpaque+1),
	} {
		var re *combat.RuleError
		if _, err := DecodeStatBlock([]byte(in)); !errors.As(err, &re) {
			t.Errorf("%s: err %v, want a RuleError", name, err)
		}
	}
}

// FuzzDecodeStatBlock checks that the decoder never panics, that whatever it
// accepts is valid, and that an accepted block encodes, decodes and encodes
// again to the same JSON.
func FuzzDecodeStatBlock(f *testing.F) {
	f.Add([]byte(goblinJSON))
	for _, b := range []StatBlock{Fighter(), Rogue(), Wizard()} {
		data, err := json.Marshal(b)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"id":"x","name":"x","ac":1,"hp":1,"reach":5,"attacks":[{"name":"a","kind":"melee","damage":"100d1000"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := DecodeStatBlock(data)
		if err != nil {
			var re *combat.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("error %v is not a RuleError", err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("accepted an invalid block: %v", err)
		}
		again, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeStatBlock(again)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", again, err)
		}
		if twice, _ := json.Marshal(back); string(twice) != string(again) {
			t.Fatalf("round trip changed the block:\n%s\n%s", again, twice)
		}
	})
}
