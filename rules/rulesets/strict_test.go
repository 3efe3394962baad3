package rulesets

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"battlemat/rules/combat"
)

// TestStrictSave checks that a save is refused when it is not what the
// strict format promises (docs/save-format.md "Validation"): repeated and
// case-variant keys, invalid UTF-8, trailing data, and stats or a budget
// that contradict the stat block (issue 11 item 7).
func TestStrictSave(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(samplesDir, "dnd5e-goblin-ambush.battlemat.json"))
	if err != nil {
		t.Fatal(err)
	}
	good := string(data)
	reg := Registry()
	if _, err := combat.DecodeSave(reg, data); err != nil {
		t.Fatalf("the sample does not open: %v", err)
	}
	fighterStats := `"maxHP": 12,
          "speed": 30,`
	fighterBudget := `"hp": 12,
        "budget": {
          "start": {
            "x": 0,
            "y": 0
          },
          "startMove": 0`
	rows := []struct {
		name, from, to, want string
	}{
		{"repeated-key", `"cursor": 0`, `"cursor": 0, "cursor": 0`, "repeated"},
		{"repeated-key-in-profile", `"id": "fighter",`, `"id": "fighter", "id": "fighter",`, "repeated"},
		{"case-variant-format", `"format"`, `"FORMAT"`, "format"},
		{"case-variant-hp", `"hp": 12`, `"HP": 12`, "unknown field \"HP\""},
		{"case-variant-cursor", `"cursor"`, `"Cursor"`, "unknown field \"Cursor\""},
		{"invalid-utf8", `"name": "Fighter"`, "\"name\": \"Fight\xffer\"", "UTF-8"},
		{"lone-surrogate", `"name": "Fighter"`, `"name": "Fight\ud800er"`, "surrogate"},
		{"trailing-data", `"cursor": 0` + "\n}", `"cursor": 0` + "\n} {}", "trailing"},
		{"hp-over-stat-block", fighterStats + "\n", `"maxHP": 1000000,
          "speed": 10000,` + "\n", "stat block"},
		// The fighter's budget keeps its one startMove key, raised past what
		// its speed allows (MoveCap), so the bound refuses it, not the
		// repeated-key check.
		{"movement-over-stat-block", fighterBudget, strings.Replace(fighterBudget, `"startMove": 0`, `"startMove": 10000`, 1), "budget.startMove: 10000 is outside 0.."},
		{"counter-not-declared", `"hp": 12,
        "budget": {
          "start"`, `"hp": 12,
        "budget": {
          "counts": {"attacks": 1}, "start"`, "not a counter"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			doc := strings.Replace(good, row.from, row.to, 1)
			if doc == good {
				t.Fatal("the replacement did not apply; the row tests nothing")
			}
			_, err := combat.DecodeSave(reg, []byte(doc))
			if err == nil || !strings.Contains(err.Error(), row.want) {
				t.Errorf("err %v, want one mentioning %q", err, row.want)
			}
		})
	}
}

// TestStrictProfiles checks that every ruleset reads its stat blocks with
// the one strict decoder: a repeated key, a case-variant key and trailing
// data are refused by each ruleset's Profiler.
func TestStrictProfiles(t *testing.T) {
	for _, s := range Samples() {
		t.Run(s.ID, func(t *testing.T) {
			rs, enc := built(t, s)
			p := rs.(combat.Profiler)
			raw := enc.Combatants[0].Profile
			if _, err := p.Profile(raw); err != nil {
				t.Fatalf("the sample's profile is refused: %v", err)
			}
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(raw, &fields); err != nil {
				t.Fatal(err)
			}
			var key string
			for k := range fields {
				key = k
				break
			}
			body := string(raw[:len(raw)-1])
			bad := map[string]string{
				"repeated":     body + `,"` + key + `":` + string(fields[key]) + "}",
				"case-variant": strings.Replace(string(raw), `"`+key+`"`, `"`+strings.ToUpper(key)+`"`, 1),
				"trailing":     string(raw) + "}",
			}
			for what, doc := range bad {
				if _, err := p.Profile(json.RawMessage(doc)); err == nil {
					t.Errorf("a %s key or data was accepted: %s", what, doc)
				}
			}
		})
	}
}

// TestStateAgainstStatBlock checks every ruleset's CheckState: state that
// its stat block cannot reach is refused when a session starts from it.
func TestStateAgainstStatBlock(t *testing.T) {
	reg := Registry()
	rows := map[string]func(c *combat.Combatant){
		"kal-urchins": func(c *combat.Combatant) { c.State = json.RawMessage(`{"lifeKeyUses":99}`) },
		"kc-orc":      func(c *combat.Combatant) { c.State = json.RawMessage(`{"x":1}`) },
		"dairn-bandits": func(c *combat.Combatant) {
			c.RoundState = json.RawMessage(`{"attr":{"str":99,"dex":1,"wil":1},"status":{}}`)
		},
		"dnd5e-goblin-ambush": func(c *combat.Combatant) { c.State = json.RawMessage(`{"dodging":true,"Dodging":true}`) },
	}
	for id, spoil := range rows {
		t.Run(id, func(t *testing.T) {
			s, ok := Find(id)
			if !ok {
				t.Fatal("no such sample")
			}
			enc, err := s.Build(1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := combat.NewSession(reg, enc); err != nil {
				t.Fatalf("the sample is refused: %v", err)
			}
			spoil(&enc.Combatants[0])
			if _, err := combat.NewSession(reg, enc); err == nil {
				t.Error("state beyond the stat block was accepted")
			}
		})
	}
}
