package i18n

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode"

	"battlemat/rules/cairn"
	"battlemat/rules/dice"
	"battlemat/rules/kaldaria"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/kaldaria/tactics"
	"battlemat/rules/krysztaly"
)

// TestEnglishLabelsMatchGlossaries checks that our English labels cover
// exactly the keys of the Kryształy Czasu and DAIRN glossaries.
func TestEnglishLabelsMatchGlossaries(t *testing.T) {
	tests := []struct {
		ruleset  string
		glossary []string
		labels   map[string]string
	}{
		{krysztaly.RulesetID, slices.Sorted(maps.Keys(krysztaly.Glossary)), krysztalyEnglish},
		{cairn.RulesetID, slices.Sorted(maps.Keys(cairn.Glossary)), cairnEnglish},
	}
	for _, tt := range tests {
		t.Run(tt.ruleset, func(t *testing.T) {
			if got := slices.Sorted(maps.Keys(tt.labels)); !slices.Equal(got, tt.glossary) {
				t.Errorf("labels for %v, glossary has %v", got, tt.glossary)
			}
			for _, key := range tt.glossary {
				g, ok := Term(tt.ruleset, key)
				if !ok || g.Native == "" || g.English == "" || g.Explain == "" {
					t.Errorf("Term(%q) = %+v, %v", key, g, ok)
				}
			}
		})
	}
}

// TestKaldariaGlossary checks that every Kaldaria term is Hebrew, with an
// English label and explanation.
func TestKaldariaGlossary(t *testing.T) {
	for key, g := range kaldariaGlossary {
		if !strings.ContainsFunc(g.Native, func(r rune) bool { return unicode.Is(unicode.Hebrew, r) }) {
			t.Errorf("%q: native term %q has no Hebrew", key, g.Native)
		}
		if g.English == "" || g.Explain == "" {
			t.Errorf("%q: missing English label or explanation: %+v", key, g)
		}
	}
}

// kaldariaKeys are the keys the Kaldaria engine writes in traces,
// modifiers and quantities (attack, parry, movement and pinning).
var kaldariaKeys = []string{
	"thac10-base", "level", "dex", "str", "skill", "magic-vs-group", "magic", "maneuver", "surprised",
	"tier-front", "tier-flank", "tier-second-flank", "tier-rear", "oa", "oa-improved", "normal-oa", "improved-oa",
	"wounded", "curse", "thac10", "ar-base", "armour-piercing", "ar", "need", "weapon-master", "wounding",
	"crit-nat-min", "crit-margin-min", "crit-steps", "dodge-base", "dodge-ring", "dodge-cap", "dodge-factor",
	"parry-thac-weapon", "parry-thac-shield", "parry-thac-aura", "parry-thac-passive",
	"parry-need-weapon", "parry-need-shield", "parry-need-aura", "parry-need-passive",
	"parry-weapon", "parry-shield", "parry-aura", "parry-passive", "no-active-parry", "active-parry",
	"damage-cap", "attack", "ar-hit", "margin", "critical", "dodge-hit", "dodge-chance", "dodge", "paralysed",
	"critical-effect", "effect", "damage-max", "damage", "damage-roll", "damage-base", "abs", "cutter",
	"damage-reduced", "multiplier-pct", "rider", "damage-capped", "damage-final", "to-force-armour", "to-hp", "hp",
	"life-key", "dead", "down", "hit", "missed", "dodged", "parried", "to-hit",
	"pin-capacity", "base", "size-difference", "pin-bonus", "rate", "dexterity", "heavy-armour",
	"walk", "charge", "retreat", "overwhelmed", "side-bypass", "oa-normal", "oa-plain", "missile", "engagement-index",
	"front", "flank", "second-flank", "rear", "normal", "improved", "plain",
	encounter.ChanceMiss, encounter.ChanceDodged, encounter.ChanceParried, encounter.ChanceHit,
	encounter.ChanceCritical, encounter.ChanceDown, encounter.ChanceDead, encounter.ChanceLifeKey,
	encounter.CondCharging, encounter.CondRetreating, encounter.CondQuickLeap, encounter.CondParalysed,
	encounter.CondBound, encounter.CondHidden, encounter.CondSurprised,
	string(tactics.ReasonFightingRetreat), string(tactics.ReasonParalysed), string(tactics.ReasonOverwhelmed),
	string(tactics.ReasonSideBypass), string(tactics.ReasonUnnoticed), string(tactics.ReasonAlreadyUsed),
	string(tactics.ReasonDown), string(tactics.ReasonImmobile), string(tactics.ReasonPinned),
	string(tactics.ReasonChargeSpent), string(tactics.ReasonHalfSquare), string(tactics.ReasonNotBackward),
	string(tactics.ReasonNoPath), string(tactics.ReasonTooFar), string(tactics.ReasonNoRoom),
	string(tactics.ReasonIllegalStep), string(tactics.ReasonNotEnemy), string(tactics.ReasonNotAdjacent),
	string(tactics.ReasonAttackerOut), string(tactics.ReasonContactLost), string(tactics.ReasonDefenderOut),
	string(tactics.ReasonNoSlot), string(tactics.ReasonRearClosed), string(tactics.ReasonCapacityDrop),
	string(tactics.ReasonBackToBack), string(tactics.ReasonAllyBehind), string(tactics.ReasonWall),
}

// TestKaldariaAliases checks that every alias leads to a glossary key and
// shadows none.
func TestKaldariaAliases(t *testing.T) {
	for alias, key := range kaldariaAliases {
		if _, ok := kaldariaGlossary[key]; !ok {
			t.Errorf("alias %q leads to %q, which is not in the glossary", alias, key)
		}
		if _, ok := kaldariaGlossary[alias]; ok {
			t.Errorf("alias %q shadows a glossary key", alias)
		}
	}
}

// TestKaldariaKeysNamed checks that every Kaldaria key has a Hebrew term,
// both from the list above and from the traces of real attacks: the V-10
// knight against an armoured, shielded urchin, from every tier and as an
// opportunity attack, with the dice of fixed seeds.
func TestKaldariaKeysNamed(t *testing.T) {
	seen := map[string]bool{}
	for _, key := range kaldariaKeys {
		seen[key] = true
	}
	knight := kaldaria.Profile{
		Profession: kaldaria.Warrior, Level: 9, THAC10: 17, Str: 17, Stamina: true,
		Weapons: []kaldaria.Weapon{{Kind: kaldaria.MeleeWeapon, Type: kaldaria.Sword, Skill: kaldaria.Expert,
			Damage: dice.MustParse("d8+2"), Magic: 2, VsGroup: "undead", VsGroupMagic: 4}},
		MaxHP: 136, Vitals: kaldaria.Vitals{HP: 40},
	}
	urchin := kaldaria.Profile{
		THAC10: 16, Dex: 17, Armour: kaldaria.Armour{AR: 3, Abs: 10, Cutter: 1}, Shield: &kaldaria.Shield{AR: 1},
		Weapons: []kaldaria.Weapon{{Kind: kaldaria.MeleeWeapon, Damage: dice.MustParse("d6")}},
		MaxHP:   30, Vitals: kaldaria.Vitals{HP: 30},
	}
	attacks := []kaldaria.Attack{
		{Tier: kaldaria.Front},
		{Tier: kaldaria.Flank, Maneuver: kaldaria.WildBlow},
		{Tier: kaldaria.SecondFlank, Surprised: true},
		{Tier: kaldaria.Rear},
		{OA: kaldaria.NormalOA},
		{OA: kaldaria.ImprovedOA},
	}
	resolved := 0
	for _, a := range attacks {
		for seed := range uint64(40) {
			res, err := kaldaria.Resolve(knight, urchin, kaldaria.RoundState{}, a, dice.NewPCG(seed))
			if err != nil {
				t.Fatalf("Resolve(%+v): %v", a, err)
			}
			resolved++
			for _, s := range res.Trace {
				for _, key := range []string{s.Key, s.Quantity} {
					if key == "" || seen[key] {
						continue
					}
					seen[key] = true
					if _, ok := Term(encounter.RulesetID, key); !ok {
						t.Errorf("trace key %q (%s) has no Kaldaria term", key, s.Rule)
					}
				}
			}
		}
	}
	for _, key := range kaldariaKeys {
		if _, ok := Term(encounter.RulesetID, key); !ok {
			t.Errorf("key %q has no Kaldaria term", key)
		}
	}
	if resolved == 0 {
		t.Fatal("no attack resolved")
	}
}

// TestLabel checks how an engine key is named in each language.
func TestLabel(t *testing.T) {
	tests := []struct {
		name    string
		lang    Lang
		ruleset string
		key     string
		want    string
	}{
		{"KC in Polish: native", Polish, krysztaly.RulesetID, krysztaly.KeyProficiency, "biegłość"},
		{"KC in English: English (native)", English, krysztaly.RulesetID, krysztaly.KeyProficiency, "proficiency (biegłość)"},
		{"KC in Kazakh: English label, native", Kazakh, krysztaly.RulesetID, krysztaly.KeyProficiency, "proficiency (biegłość)"},
		{"KC in Hebrew: isolated Latin", Hebrew, krysztaly.RulesetID, krysztaly.KeyHit, FSI + "hit" + PDI + " (" + FSI + "trafienie" + PDI + ")"},
		{"KC in Hebrew: isolated English label", Hebrew, krysztaly.RulesetID, krysztaly.KeyRTR, FSI + "real hit chance" + PDI + " (" + FSI + "rzeczywista szansa trafienia" + PDI + ")"},
		{"DAIRN in Kazakh", Kazakh, cairn.RulesetID, cairn.KeyArmour, "сауыт"},
		{"DAIRN in English", English, cairn.RulesetID, cairn.KeyArmour, "armour (сауыт)"},
		{"DAIRN in Polish", Polish, cairn.RulesetID, cairn.KeyCritical, "critical damage (ауыр зиян)"},
		{"Kaldaria in Hebrew", Hebrew, encounter.RulesetID, "thac10", "תלד10"},
		{"Kaldaria tier by its targeting name", Hebrew, encounter.RulesetID, "flank", "כיתור חלקי"},
		{"Kaldaria odds key miss", English, encounter.RulesetID, encounter.ChanceMiss, "miss (" + FSI + "החטאה" + PDI + ")"},
		{"Kaldaria in English: isolated Hebrew", English, encounter.RulesetID, "thac10", "THAC10 (" + FSI + "תלד10" + PDI + ")"},
		{"Kaldaria in Polish: the ruleset's meaning, not the catalogue's", Polish, encounter.RulesetID, "critical", "critical hit (" + FSI + "פגיעה קריטית" + PDI + ")"},
		{"no ruleset term: catalogue", Hebrew, "dnd5e", "opportunity-attack", "התקפת הזדמנות"},
		{"no ruleset: catalogue", Polish, "", "crit", "trafienie krytyczne"},
		{"unknown key: words", Kazakh, cairn.RulesetID, "some-new-key", "some new key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Label(tt.lang, tt.ruleset, tt.key); got != tt.want {
				t.Errorf("Label = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestActLabel checks how an act's key is named: a key the ruleset names as
// Label does, a named start before a weapon group as that term and the group.
func TestActLabel(t *testing.T) {
	kc := krysztaly.RulesetID
	for _, c := range []struct {
		lang    Lang
		ruleset string
		key     string
		want    string
	}{
		{English, kc, krysztaly.ActGroup + "swords", "training in a new group (nauka grupy broni): swords"},
		{Polish, kc, krysztaly.ActTier + "two-handed-axes", "specjalizacja: two-handed-axes"},
		{Hebrew, kc, krysztaly.ActGroup + "bows", FSI + "training in a new group" + PDI + " (" + FSI + "nauka grupy broni" + PDI + "): " + FSI + "bows" + PDI},
		{English, kc, krysztaly.KeyTrainGroup, "training in a new group (nauka grupy broni)"},
		{English, kc, krysztaly.ActGroup, "train group "},
		{Kazakh, cairn.RulesetID, cairn.ActLoseSTR, Label(Kazakh, cairn.RulesetID, cairn.ActLoseSTR)},
	} {
		if got := ActLabel(c.lang, c.ruleset, c.key); got != c.want {
			t.Errorf("ActLabel(%v, %s, %q) = %q, want %q", c.lang, c.ruleset, c.key, got, c.want)
		}
	}
}

// TestRulesetLang checks the language of each ruleset's terms.
func TestRulesetLang(t *testing.T) {
	tests := []struct {
		ruleset string
		want    Lang
		ok      bool
	}{
		{encounter.RulesetID, Hebrew, true},
		{krysztaly.RulesetID, Polish, true},
		{cairn.RulesetID, Kazakh, true},
		{"dnd5e", English, false},
	}
	for _, tt := range tests {
		if got, ok := RulesetLang(tt.ruleset); got != tt.want || ok != tt.ok {
			t.Errorf("RulesetLang(%q) = %v, %v, want %v, %v", tt.ruleset, got, ok, tt.want, tt.ok)
		}
	}
	if _, ok := Term("nope", "hit"); ok {
		t.Error("Term of an unknown ruleset reported a term")
	}
}

// sameInEveryLanguage lists the term explanations that may read the same
// in a language as in English (a proper name or an ID, never a sentence):
// ruleset, then key. It is empty today; keep it small.
var sameInEveryLanguage = map[string][]string{}

// TestExplanationsTranslated fails when a term explanation of a ruleset is
// missing in Hebrew, Polish or Kazakh, or reads exactly as the English one,
// or when a language explains a key its ruleset's glossary lacks.
func TestExplanationsTranslated(t *testing.T) {
	glossaryKeys := map[string][]string{
		encounter.RulesetID: slices.Sorted(maps.Keys(kaldariaGlossary)),
		krysztaly.RulesetID: slices.Sorted(maps.Keys(krysztaly.Glossary)),
		cairn.RulesetID:     slices.Sorted(maps.Keys(cairn.Glossary)),
	}
	if got := slices.Sorted(maps.Keys(glossaries)); !slices.Equal(got, slices.Sorted(maps.Keys(glossaryKeys))) {
		t.Fatalf("rulesets with terms %v, checked %v", got, slices.Sorted(maps.Keys(glossaryKeys)))
	}
	for _, l := range Langs[1:] {
		for ruleset, keys := range glossaryKeys {
			for _, key := range keys {
				en, _ := Explain(English, ruleset, key)
				got, ok := Explain(l, ruleset, key)
				switch {
				case !ok:
					t.Errorf("%v, %s, %q: no explanation (English: %q)", l, ruleset, key, en)
				case got == en && !slices.Contains(sameInEveryLanguage[ruleset], key):
					t.Errorf("%v, %s, %q: explanation %q is the English one", l, ruleset, key, got)
				}
			}
			for key := range explanations[l][ruleset] {
				if !slices.Contains(keys, key) {
					t.Errorf("%v, %s: explains %q, which the glossary lacks", l, ruleset, key)
				}
			}
		}
	}
	// Aliases find their key's explanation.
	if a, b := mustExplain(t, Polish, encounter.RulesetID, "flank"), mustExplain(t, Polish, encounter.RulesetID, "tier-flank"); a != b {
		t.Errorf("alias flank explained as %q, tier-flank as %q", a, b)
	}
}

func mustExplain(t *testing.T, l Lang, ruleset, key string) string {
	t.Helper()
	s, ok := Explain(l, ruleset, key)
	if !ok {
		t.Fatalf("Explain(%v, %s, %q) found nothing", l, ruleset, key)
	}
	return s
}
