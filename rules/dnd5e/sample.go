package dnd5e

import (
	"strings"

	"battlemat/rules/dice"
	"battlemat/rules/grid"
)

// Goblin returns the goblin of the spec's sample data (§16.2), whose
// numbers come from the SRD 5.1 stat block: Nimble Escape gives it Disengage
// or Hide as a bonus action.
func Goblin() StatBlock {
	return StatBlock{
		ID: "goblin", Name: "Goblin", DexMod: 2, AC: 15, HP: 7, Speed: 30, Reach: 5,
		PassivePerception: 9, Stealth: 6,
		Attacks: []Attack{
			{Name: "scimitar", Kind: Melee, ToHit: 4, Damage: dice.MustParse("1d6+2"), DamageType: "slashing"},
			{Name: "shortbow", Kind: Ranged, ToHit: 4, Damage: dice.MustParse("1d6+2"), DamageType: "piercing", Range: 80, LongRange: 320},
		},
		BonusActions: []Action{ActionDisengage, ActionHide},
		Reactions:    []ReactionOption{OpportunityAttack},
	}
}

// Fighter returns the spec's illustrative fighter (§13 fixtures, §16.2):
// no bonus-action feature. AC, HP and the longsword are illustrative too.
func Fighter() StatBlock {
	return StatBlock{
		ID: "fighter", Name: "Fighter", DexMod: 0, AC: 16, HP: 12, Speed: 30, Reach: 5,
		PassivePerception: 10, Stealth: 0,
		Attacks:   []Attack{{Name: "longsword", Kind: Melee, ToHit: 5, Damage: dice.MustParse("1d8+3"), DamageType: "slashing"}},
		Reactions: []ReactionOption{OpportunityAttack},
	}
}

// Rogue returns the spec's illustrative level-2 rogue (§13 fixtures,
// §16.2): Cunning Action gives Dash, Disengage or Hide as a bonus action.
// AC, HP and the shortsword are illustrative.
func Rogue() StatBlock {
	return StatBlock{
		ID: "rogue", Name: "Rogue", DexMod: 3, AC: 14, HP: 13, Speed: 30, Reach: 5,
		PassivePerception: 12, Stealth: 5,
		Attacks:      []Attack{{Name: "shortsword", Kind: Melee, ToHit: 5, Damage: dice.MustParse("1d6+3"), DamageType: "piercing"}},
		BonusActions: []Action{ActionDash, ActionDisengage, ActionHide},
		Reactions:    []ReactionOption{OpportunityAttack},
	}
}

// Wizard returns the spec's illustrative wizard (§13 fixtures, §16.2).
// AC, HP and the dagger are illustrative.
func Wizard() StatBlock {
	return StatBlock{
		ID: "wizard", Name: "Wizard", DexMod: 1, AC: 12, HP: 8, Speed: 30, Reach: 5,
		PassivePerception: 16, Stealth: 1,
		Attacks:   []Attack{{Name: "dagger", Kind: Melee, ToHit: 3, Damage: dice.MustParse("1d4+1"), DamageType: "piercing"}},
		Reactions: []ReactionOption{OpportunityAttack},
	}
}

// Participant is one creature of a sample encounter: who it is, whose side
// and control it is under, its stat block, where it stands and whether it
// approaches stealthily (DND-SURP-3).
type Participant struct {
	ID         string      `json:"id"`
	Name       string      `json:"name,omitempty"` // the creature's own name; the stat block's when empty
	Side       string      `json:"side"`
	Controller Controller  `json:"controller"`
	Block      StatBlock   `json:"block"`
	At         grid.Square `json:"at"`
	Sneaking   bool        `json:"sneaking,omitempty"`
}

// Entrant returns the participant's initiative entry (DND-INIT-2,
// DND-AMB-7, DND-AMB-9).
func (p Participant) Entrant() Entrant {
	return Entrant{ID: p.ID, Group: p.Block.ID, Controller: p.Controller, Mod: p.Block.InitiativeMod()}
}

// Skirmish is a sample 5e encounter: a map and its participants.
type Skirmish struct {
	Name         string        `json:"name"`
	Map          grid.Map      `json:"map"`
	Participants []Participant `json:"participants"`
}

// SampleAmbush returns the bundled 5e sample, after the source's own
// illustration of surprise (DND-SURP-1): four goblins creep up on a
// fighter, a rogue and a wizard resting at a campfire. The goblins sneak,
// so each adventurer's passive Perception meets their Stealth checks and
// some may be surprised (DND-SURP-3, DND-SURP-4); the four goblins share one
// stat block and so one initiative roll (DND-INIT-2); goblin A starts next
// to the rogue, so when it runs for cover it gives the rogue an
// opportunity attack, its reaction (DND-REACT-2). The positions are
// illustrative.
func SampleAmbush() Skirmish {
	pc := func(id string, b StatBlock, x, y int) Participant {
		return Participant{ID: id, Side: "party", Controller: Player, Block: b, At: grid.Square{X: x, Y: y}}
	}
	gob := func(id string, x, y int) Participant {
		name := "Goblin " + strings.ToUpper(strings.TrimPrefix(id, "goblin-"))
		return Participant{ID: id, Name: name, Side: "goblins", Controller: DM, Block: Goblin(), At: grid.Square{X: x, Y: y}, Sneaking: true}
	}
	return Skirmish{
		Name: "goblin-ambush",
		Map:  grid.Map{W: 10, H: 8, Walls: []grid.Square{{X: 7, Y: 2}, {X: 8, Y: 6}}}, // two trees
		Participants: []Participant{
			pc("fighter", Fighter(), 3, 3),
			pc("rogue", Rogue(), 4, 3),
			pc("wizard", Wizard(), 3, 4),
			gob("goblin-a", 5, 3),
			gob("goblin-b", 6, 1),
			gob("goblin-c", 7, 5),
			gob("goblin-d", 8, 3),
		},
	}
}
