package i18n

import (
	"strings"

	"battlemat/rules/cairn"
	"battlemat/rules/kaldaria/encounter"
	"battlemat/rules/krysztaly"
)

// Gloss names one engine key (a trace step, modifier, quantity or odds key)
// the way a ruleset does.
type Gloss struct {
	Native  string `json:"native"`           // the ruleset's own term ("biegłość")
	Abbrev  string `json:"abbrev,omitempty"` // its abbreviation in the rulebook, if any ("TR")
	Lang    Lang   `json:"lang"`             // the language of Native
	English string `json:"english"`          // a short English label ("proficiency")
	Explain string `json:"explain"`          // one English line, written for this app
}

// glossary is one ruleset's terms: its language and a lookup by key.
type glossary struct {
	lang Lang
	term func(key string) (Gloss, bool)
}

var glossaries = map[string]glossary{
	encounter.RulesetID: {Hebrew, kaldariaTerm},
	krysztaly.RulesetID: {Polish, krysztalyTerm},
	cairn.RulesetID:     {Kazakh, cairnTerm},
}

// Term returns how ruleset names key: Kaldaria in Hebrew, Kryształy Czasu in
// Polish (its glossary, krysztaly-czasu.md §1), DAIRN in Kazakh (its
// glossary, cairn.md §1). It reports false for a ruleset or key without a
// term.
func Term(ruleset, key string) (Gloss, bool) {
	g, ok := glossaries[ruleset]
	if !ok {
		return Gloss{}, false
	}
	return g.term(key)
}

// RulesetLang returns the language a ruleset's rulebook is written in, and
// false for a ruleset without native terms.
func RulesetLang(ruleset string) (Lang, bool) {
	g, ok := glossaries[ruleset]
	return g.lang, ok
}

// Label names an engine key of ruleset for a reader of l:
//
//   - in the ruleset's own language, its native term ("biegłość");
//   - in English, the English label with the native term after it
//     ("proficiency (biegłość)");
//   - in another language, the English label with the native term after
//     it: the catalogue's words for engine keys ("key.critical") are not
//     used here, since a ruleset may give the same key another meaning;
//   - for a key the ruleset does not name, the catalogue's "key.<key>"
//     message, else the key with its dashes as spaces.
//
// A term in parentheses that runs in the other direction from l is wrapped
// with Isolate.
func Label(l Lang, ruleset, key string) string {
	l = l.valid()
	g, ok := Term(ruleset, key)
	if !ok {
		if m, ok := keyWord(l, key); ok {
			return m
		}
		return strings.ReplaceAll(key, "-", " ")
	}
	if l == g.Lang {
		return g.Native
	}
	label := g.English
	if Dir(l) != Dir(English) {
		label = Isolate(label)
	}
	native := g.Native
	if Dir(l) != Dir(g.Lang) {
		native = Isolate(native)
	}
	return label + " (" + native + ")"
}

// ActLabel is Label for the key of a ruleset's act. A key the ruleset does
// not name but that starts with one it names and a dash ("train-group-"
// before a weapon group) is that term's label, a colon and the rest of the
// key as written ("training in a new group (nauka grupy broni): swords");
// the longest such start counts. The rest is isolated in a right-to-left
// language.
func ActLabel(l Lang, ruleset, key string) string {
	if _, ok := Term(ruleset, key); !ok {
		for i := len(key) - 1; i > 0; i-- {
			if _, ok := Term(ruleset, key[:i]); ok && key[i] == '-' && i+1 < len(key) {
				rest := key[i+1:]
				if Dir(l) != Dir(English) {
					rest = Isolate(rest)
				}
				return Label(l, ruleset, key[:i]) + ": " + rest
			}
		}
	}
	return Label(l, ruleset, key)
}

// keyWord returns the catalogue's word for an engine key ("key.<key>") in l,
// falling back to English.
func keyWord(l Lang, key string) (string, bool) {
	if m, ok := catalogues[l].msgs["key."+key]; ok {
		return m, true
	}
	m, ok := enCatalogue.msgs["key."+key]
	return m, ok
}

// krysztalyTerm joins the Kryształy Czasu glossary with our English labels.
func krysztalyTerm(key string) (Gloss, bool) {
	t, ok := krysztaly.Glossary[key]
	if !ok {
		return Gloss{}, false
	}
	return Gloss{Native: t.Native, Abbrev: t.Abbrev, Lang: Polish, English: krysztalyEnglish[key], Explain: t.Gloss}, true
}

// cairnTerm joins the DAIRN glossary with our English labels.
func cairnTerm(key string) (Gloss, bool) {
	t, ok := cairn.Glossary[key]
	if !ok {
		return Gloss{}, false
	}
	return Gloss{Native: t.Native, Lang: Kazakh, English: cairnEnglish[key], Explain: t.English}, true
}

// kaldariaTerm looks a key, or its alias, up in the Kaldaria glossary.
func kaldariaTerm(key string) (Gloss, bool) {
	if k, ok := kaldariaAliases[key]; ok {
		key = k
	}
	g, ok := kaldariaGlossary[key]
	g.Lang = Hebrew
	return g, ok
}

// krysztalyEnglish gives each Kryształy Czasu trace key a short English
// label; the ruleset's glossary holds the Polish term and the explanation.
var krysztalyEnglish = map[string]string{
	krysztaly.KeyProficiency:       "proficiency",
	krysztaly.KeyShieldProficiency: "shield proficiency",
	krysztaly.KeySFBonus:           "strength bonus",
	krysztaly.KeyZRBonus:           "dexterity bonus",
	krysztaly.KeyBaseTR:            "base hit chance",
	krysztaly.KeyHeight:            "height advantage",
	krysztaly.KeyTwilight:          "twilight",
	krysztaly.KeyBlind:             "fighting blind",
	krysztaly.KeyTR:                "hit chance",
	krysztaly.KeyAutoStrike:        "automatic hit",
	krysztaly.KeyArmour:            "armour",
	krysztaly.KeyShield:            "shield",
	krysztaly.KeyShieldCover:       "shield cover",
	krysztaly.KeyWeaponDefence:     "weapon defence",
	krysztaly.KeyZRDefence:         "dexterity defence",
	krysztaly.KeyDefenceless:       "defenceless",
	krysztaly.KeyAttackers:         "several attackers",
	krysztaly.KeyOBR:               "defence",
	krysztaly.KeyRTR:               "real hit chance",
	krysztaly.KeyHitRoll:           "hit roll",
	krysztaly.KeyHit:               "hit",
	krysztaly.KeyMiss:              "miss",
	krysztaly.KeyEffectiveness:     "effectiveness",
	krysztaly.KeyMultiplier:        "proficiency multiplier",
	krysztaly.KeyWeaponDamage:      "weapon damage",
	krysztaly.KeySFDamage:          "strength damage",
	krysztaly.KeyBaseDamage:        "base damage",
	krysztaly.KeyDamageRoll:        "damage roll",
	krysztaly.KeyRandom:            "random factor",
	krysztaly.KeyDamage:            "damage",
	krysztaly.KeyAbsorption:        "absorption",
	krysztaly.KeyTaken:             "damage taken",
	krysztaly.KeyVitality:          "vitality",
	krysztaly.KeyCritical:          "critical hit",
	krysztaly.KeyBalanceRoll:       "balance roll",
	krysztaly.KeyZR:                "dexterity",
	krysztaly.KeyOffBalance:        "off balance",
	krysztaly.KeyKeepsBalance:      "keeps balance",
	krysztaly.KeyProne:             "prone",
	krysztaly.KeyDelay:             "delay",
	krysztaly.KeySlowed:            "twice as slow",
	krysztaly.KeyProficiencyRoll:   "proficiency roll",
	krysztaly.KeyMinProficiency:    "minimum proficiency",
	krysztaly.KeyRaceMod:           "race modifier",
	krysztaly.KeyProfessionMod:     "profession modifier",
	krysztaly.KeyTeacher:           "teacher",
	krysztaly.KeyTier:              "specialisation tier",
	krysztaly.KeySlots:             "training slots",
	krysztaly.KeySlotsUsed:         "slots used",
	krysztaly.KeySlotsFree:         "slots free",
	krysztaly.KeyTrainGroup:        "training in a new group",
	krysztaly.KeyTrainTier:         "training to the next tier",
	krysztaly.KeyDoubleProficient:  "double proficient",
	krysztaly.KeySpecialist:        "specialist",
	krysztaly.KeyDoubleSpecialist:  "double specialist",
	krysztaly.KeyMaster:            "master",
	krysztaly.KeyGrandMaster:       "grand master",
}

// cairnEnglish gives each DAIRN trace key a short English label; the
// ruleset's glossary holds the Kazakh term and the explanation.
var cairnEnglish = map[string]string{
	cairn.KeyArmour:       "armour",
	cairn.KeyDamage:       "damage",
	cairn.KeyDamageRoll:   "damage roll",
	cairn.KeyDie:          "die",
	cairn.KeyHighest:      "highest die",
	cairn.KeyHP:           "HP",
	cairn.KeyOverflow:     "overflow",
	cairn.KeySTR:          "STR",
	cairn.KeyDEX:          "DEX",
	cairn.KeyWIL:          "WIL",
	cairn.KeyNoEffect:     "no effect",
	cairn.KeyNoSave:       "no save",
	cairn.KeySTRSave:      "STR save",
	cairn.KeyDEXSave:      "DEX save",
	cairn.KeyWILSave:      "WIL save",
	cairn.KeySavePass:     "save passed",
	cairn.KeySaveFail:     "save failed",
	cairn.KeyDead:         "dead",
	cairn.KeyCritical:     "critical damage",
	cairn.KeyDying:        "dying",
	cairn.KeyRoutOrWeaken: "rout or weaken",
	cairn.KeyWeakened:     "weakened",
	cairn.KeyUnarmed:      "unarmed",
	cairn.KeyDual:         "two weapons",
	cairn.KeyImpaired:     "impaired",
	cairn.KeyEnhanced:     "enhanced",
	cairn.KeyCancel:       "impaired and enhanced",
	cairn.KeyBlast:        "blast",
	cairn.KeyTargets:      "targets",
	cairn.KeyInitiative:   "initiative",
	cairn.KeyActs:         "acts",
	cairn.KeyLosesTurn:    "loses the turn",
	cairn.KeyRetreat:      "retreat",
	cairn.KeyNoSafePlace:  "no safe place",
	cairn.KeyStays:        "stays put",
	cairn.KeyFirstLoss:    "first casualty",
	cairn.KeyHalfLost:     "half lost",
	cairn.KeyLoneFoe:      "lone foe",
	cairn.KeyLeader:       "leader",
	cairn.KeyFlees:        "flees",
	cairn.KeyAid:          "aid",
	cairn.KeyStabilized:   "stabilised",
	cairn.KeyAttrLoss:     "attribute loss",
	cairn.KeyParalysed:    "paralysed",
	cairn.KeyDelirious:    "delirious",
}
