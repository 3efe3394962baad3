package cairn

import (
	"sync"

	"battlemat/rules/combat"
)

// Trace keys: the stable, language-neutral names of the steps this package
// records. Glossary gives each its DAIRN term.
const (
	KeyArmour       = "armour"         // total armour, capped at 3 (CA-DMG-3)
	KeyDamage       = "damage"         // damage left after armour (CA-DMG-3)
	KeyDamageRoll   = "damage-roll"    // one damage die rolled (CA-DMG-2)
	KeyDie          = "die"            // the die an attack rolls (CA-DMG-2, CA-MOD-4)
	KeyHighest      = "highest"        // the single highest die kept (CA-DMG-7, CA-DUAL-1)
	KeyHP           = "hp"             // HP after the damage (CA-DMG-4)
	KeyOverflow     = "overflow"       // damage past HP, taken from STR (CA-DMG-5)
	KeySTR          = "str"            // STR after the loss (CA-CRIT-1)
	KeyDEX          = "dex"            // DEX, as a direct loss names it (CA-ATTR-1)
	KeyWIL          = "wil"            // WIL, as a direct loss names it (CA-ATTR-1)
	KeyNoEffect     = "no-effect"      // armour took the whole roll (CA-DMG-3)
	KeyNoSave       = "no-save"        // HP exactly 0 with STR untouched: no save (CA-DMG-6)
	KeySTRSave      = "str-save"       // STR save (CA-CRIT-3)
	KeyDEXSave      = "dex-save"       // DEX save (CA-INIT-2, CA-RETREAT-1)
	KeyWILSave      = "wil-save"       // WIL save (CA-MORALE-2)
	KeySavePass     = "save-pass"      // the save succeeded (CA-GEN-3)
	KeySaveFail     = "save-fail"      // the save failed (CA-GEN-3)
	KeyDead         = "dead"           // death, or a destroyed detachment (CA-CRIT-2, CA-DET-3)
	KeyCritical     = "critical"       // critical damage (CA-CRIT-5)
	KeyDying        = "dying"          // the round by which an unaided character dies (CA-AID-2)
	KeyRoutOrWeaken = "rout-or-weaken" // a detachment's critical damage, settled by the GM (CA-DET-2)
	KeyWeakened     = "weakened"       // a weakened detachment's attacks lose Enhanced (CA-AMB-13)
	KeyUnarmed      = "unarmed"        // an unarmed attack (CA-MOD-2)
	KeyDual         = "dual"           // two weapons at once (CA-DUAL-1)
	KeyImpaired     = "impaired"       // impaired attack, d4 (CA-MOD-1)
	KeyEnhanced     = "enhanced"       // enhanced attack, d12 (CA-MOD-3)
	KeyCancel       = "cancel"         // impaired and enhanced cancel (CA-AMB-4)
	KeyBlast        = "blast"          // the attack has Blast (CA-BLAST-1)
	KeyTargets      = "targets"        // how many targets a blast hits (CA-BLAST-2)
	KeyInitiative   = "initiative"     // a first-round DEX save or the GM's ruling (CA-INIT-2)
	KeyActs         = "acts"           // acts in round 1 (CA-INIT-4)
	KeyLosesTurn    = "loses-turn"     // loses its round-1 turn (CA-INIT-2)
	KeyActsFirst    = "acts-first"     // the player characters' side, which acts first (CA-ROUND-3)
	KeyActsAfter    = "acts-after"     // an opposing side, which acts after it (CA-ROUND-3, CA-INIT-6)
	KeyRetreat      = "retreat"        // the character got away (CA-RETREAT-1)
	KeyNoSafePlace  = "no-safe-place"  // no safe place to reach: no retreat (CA-RETREAT-1)
	KeyStays        = "stays"          // a failed retreat: the character stays put (CA-AMB-11)
	KeyFirstLoss    = "first-casualty" // a group's first casualty (CA-MORALE-2)
	KeyHalfLost     = "half-lost"      // a group has lost half its number (CA-MORALE-3)
	KeyLoneFoe      = "lone-foe"       // a lone foe reached 0 HP (CA-MORALE-5)
	KeyLeader       = "leader"         // the group rolls on its leader's WIL (CA-MORALE-4)
	KeyFlees        = "flees"          // morale broke (CA-MORALE-2)
	KeyAid          = "aid"            // aid given (CA-AID-1)
	KeyStabilized   = "stabilized"     // no longer dying (CA-AID-1)
	KeyAttrLoss     = "attribute-loss" // an attribute lowered directly (CA-ATTR-1)
	KeyParalysed    = "paralysed"      // DEX at 0 (CA-ATTR-2)
	KeyDelirious    = "delirious"      // WIL at 0 (CA-ATTR-2)
)

// Glossary returns the terms of DAIRN: the Kazakh of its chapter, a label
// and an explanation in every language of the app. Where the
// Kazakh chapter has no single word for a step, the term is the closest
// phrase the chapter uses (cairn.md §1 lists the terms).
func (Ruleset) Glossary() *combat.Glossary { return glossary() }

// glossary is what Glossary returns, built on its first call: the program
// does not build a ruleset's words when it starts, before it knows it
// needs them.
var glossary = sync.OnceValue(func() *combat.Glossary {
	return &combat.Glossary{
		Lang:    "kk",
		Terms:   terms(),
		Names:   map[string]string{"en": "DAIRN (Cairn 2e)", "he": "DAIRN (Cairn 2e)", "pl": "DAIRN (Cairn 2e)", "kk": "DAIRN (Cairn 2e)"},
		Explain: map[string]map[string]string{"he": explainHe(), "pl": explainPl(), "kk": explainKk()},
		Labels:  map[string]map[string]string{"he": labelsHe(), "pl": labelsPl()},
	}
})

// terms names every trace key of this package.
func terms() map[string]combat.Term {
	return map[string]combat.Term{
		KeyArmour:       {Native: "сауыт", English: "armour", Explain: "armour: protection points taken off each damage roll, never more than 3 in total"},
		KeyDamage:       {Native: "зиян", English: "damage", Explain: "damage that gets through the armour"},
		KeyDamageRoll:   {Native: "зиян лақтыруы", English: "damage roll", Explain: "the damage die as it landed"},
		KeyDie:          {Native: "кубик", English: "die", Explain: "the die this attack rolls"},
		KeyHighest:      {Native: "ең жоғары нәтиже", English: "highest die", Explain: "only the best of the dice rolled counts; they are not added"},
		KeyHP:           {Native: "қорғаныс (HP)", Abbrev: "HP", English: "HP", Explain: "hit protection: luck and skill at avoiding real wounds, lost first"},
		KeyOverflow:     {Native: "артық зиян", English: "overflow", Explain: "damage beyond the remaining HP, which wounds Strength"},
		KeySTR:          {Native: "күш (STR)", Abbrev: "STR", English: "STR", Explain: "Strength after the wound"},
		KeyDEX:          {Native: "ептілік (DEX)", Abbrev: "DEX", English: "DEX", Explain: "Dexterity: at 0 the character is paralysed"},
		KeyWIL:          {Native: "жігер (WIL)", Abbrev: "WIL", English: "WIL", Explain: "Willpower: at 0 the character is delirious"},
		KeyNoEffect:     {Native: "зиян 0", English: "no effect", Explain: "the armour stopped the blow entirely"},
		KeyNoSave:       {Native: "тексеру қажет емес", English: "no save", Explain: "HP ran out exactly, Strength untouched: no save and still able to act"},
		KeySTRSave:      {Native: "күшті тексеру", English: "STR save", Explain: "Strength save: a d20 at or under Strength resists critical damage"},
		KeyDEXSave:      {Native: "ептілікті тексеру", English: "DEX save", Explain: "Dexterity save: a d20 at or under Dexterity"},
		KeyWILSave:      {Native: "жігерді тексеру", English: "WIL save", Explain: "Willpower save: a d20 at or under Willpower"},
		KeySavePass:     {Native: "тексеруден сәтті өтті", English: "save passed", Explain: "the save succeeded (a natural 1 always does)"},
		KeySaveFail:     {Native: "тексеруден өтпеді", English: "save failed", Explain: "the save failed (a natural 20 always does)"},
		KeyDead:         {Native: "өлім", English: "dead", Explain: "dead; a detachment is wiped out"},
		KeyCritical:     {Native: "ауыр зиян", English: "critical damage", Explain: "critical damage: can only crawl and do the simplest things"},
		KeyDying:        {Native: "бір сағат ішінде өледі", English: "dying", Explain: "dies by the end of this round unless someone helps"},
		KeyRoutOrWeaken: {Native: "қашады немесе әлсірейді", English: "rout or weaken", Explain: "the detachment breaks: the GM decides whether it runs or is badly weakened"},
		KeyWeakened:     {Native: "әлсірейді", English: "weakened", Explain: "the weakened detachment no longer strikes with overwhelming force"},
		KeyUnarmed:      {Native: "қарусыз шабуыл", English: "unarmed", Explain: "a bare-handed attack, rolling d4"},
		KeyDual:         {Native: "екі қарумен шабуыл", English: "two weapons", Explain: "two weapons together: roll both and keep the higher"},
		KeyImpaired:     {Native: "әлсіретілген шабуыл", English: "impaired", Explain: "a hampered attack rolls d4 whatever the weapon"},
		KeyEnhanced:     {Native: "күшейтілген шабуыл", English: "enhanced", Explain: "an attack with a decisive edge rolls d12"},
		KeyCancel:       {Native: "әлсіретілген + күшейтілген", English: "impaired and enhanced", Explain: "hampered and favoured at once: the weapon's own die"},
		KeyBlast:        {Native: "қамту", English: "blast", Explain: "the attack hits everyone in its area, each rolled separately"},
		KeyTargets:      {Native: "нысаналар саны", English: "targets", Explain: "how many targets the area attack catches"},
		KeyInitiative:   {Native: "бастама", English: "initiative", Explain: "whether this character is quick enough to act before the enemy in round 1"},
		KeyActs:         {Native: "кезек", English: "acts", Explain: "acts in the first round"},
		KeyLosesTurn:    {Native: "кезегін өткізіп алады", English: "loses the turn", Explain: "too slow: no turn in the first round"},
		KeyActsFirst:    {Native: "алдымен", English: "acts first", Explain: "the player characters' side: every round it acts before its opponents"},
		KeyActsAfter:    {Native: "содан кейін", English: "acts after", Explain: "an opposing side: it acts once the player characters' side has acted"},
		KeyRetreat:      {Native: "шегіну", English: "retreat", Explain: "got clear of the danger"},
		KeyNoSafePlace:  {Native: "қауіпсіз орын", English: "no safe place", Explain: "there is nowhere safe to go, so no retreat"},
		KeyStays:        {Native: "шегіну сәтсіз", English: "stays put", Explain: "the retreat failed: stays where it was and the turn ends"},
		KeyFirstLoss:    {Native: "алғашқы шығын", English: "first casualty", Explain: "the group has lost its first member"},
		KeyHalfLost:     {Native: "құрамының жартысы", English: "half lost", Explain: "the group has lost half of the number it started with"},
		KeyLoneFoe:      {Native: "жалғыз қарсылас", English: "lone foe", Explain: "a foe fighting on alone has run out of HP"},
		KeyLeader:       {Native: "жетекші", English: "leader", Explain: "the group stands or breaks on its leader's Willpower"},
		KeyFlees:        {Native: "қашады", English: "flees", Explain: "morale broke: running for the nearest way out"},
		KeyAid:          {Native: "көмек", English: "aid", Explain: "first aid given, such as binding the wound"},
		KeyStabilized:   {Native: "тұрақтандыру", English: "stabilised", Explain: "out of immediate danger of death; wounds stay until recovery"},
		KeyAttrLoss:     {Native: "сипаттамалардың азаюы", English: "attribute loss", Explain: "an attribute lowered directly, bypassing HP and armour"},
		KeyParalysed:    {Native: "сал", English: "paralysed", Explain: "no Dexterity left: cannot move"},
		KeyDelirious:    {Native: "санасы тұманданады", English: "delirious", Explain: "no Willpower left: the mind is clouded"},
	}
}
