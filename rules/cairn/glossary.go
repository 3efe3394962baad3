package cairn

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

// Gloss is what the UI needs to label a trace key: the term DAIRN uses and a
// short English explanation written for this app.
type Gloss struct {
	Native  string `json:"native"`
	English string `json:"english"`
}

// Glossary maps every trace key of this package to its DAIRN (Kazakh) term
// and an English explanation, so the UI can show "armour (сауыт)". Where the
// Kazakh chapter has no single word for a step, Native is the closest phrase
// the chapter uses (cairn.md §1 lists the terms).
var Glossary = map[string]Gloss{
	KeyArmour:       {"сауыт", "armour: protection points taken off each damage roll, never more than 3 in total"},
	KeyDamage:       {"зиян", "damage that gets through the armour"},
	KeyDamageRoll:   {"зиян лақтыруы", "the damage die as it landed"},
	KeyDie:          {"кубик", "the die this attack rolls"},
	KeyHighest:      {"ең жоғары нәтиже", "only the best of the dice rolled counts; they are not added"},
	KeyHP:           {"қорғаныс (HP)", "hit protection: luck and skill at avoiding real wounds, lost first"},
	KeyOverflow:     {"артық зиян", "damage beyond the remaining HP, which wounds Strength"},
	KeySTR:          {"күш (STR)", "Strength after the wound"},
	KeyDEX:          {"ептілік (DEX)", "Dexterity: at 0 the character is paralysed"},
	KeyWIL:          {"жігер (WIL)", "Willpower: at 0 the character is delirious"},
	KeyNoEffect:     {"зиян 0", "the armour stopped the blow entirely"},
	KeyNoSave:       {"тексеру қажет емес", "HP ran out exactly, Strength untouched: no save and still able to act"},
	KeySTRSave:      {"күшті тексеру", "Strength save: a d20 at or under Strength resists critical damage"},
	KeyDEXSave:      {"ептілікті тексеру", "Dexterity save: a d20 at or under Dexterity"},
	KeyWILSave:      {"жігерді тексеру", "Willpower save: a d20 at or under Willpower"},
	KeySavePass:     {"тексеруден сәтті өтті", "the save succeeded (a natural 1 always does)"},
	KeySaveFail:     {"тексеруден өтпеді", "the save failed (a natural 20 always does)"},
	KeyDead:         {"өлім", "dead; a detachment is wiped out"},
	KeyCritical:     {"ауыр зиян", "critical damage: can only crawl and do the simplest things"},
	KeyDying:        {"бір сағат ішінде өледі", "dies by the end of this round unless someone helps"},
	KeyRoutOrWeaken: {"қашады немесе әлсірейді", "the detachment breaks: the GM decides whether it runs or is badly weakened"},
	KeyWeakened:     {"әлсірейді", "the weakened detachment no longer strikes with overwhelming force"},
	KeyUnarmed:      {"қарусыз шабуыл", "a bare-handed attack, rolling d4"},
	KeyDual:         {"екі қарумен шабуыл", "two weapons together: roll both and keep the higher"},
	KeyImpaired:     {"әлсіретілген шабуыл", "a hampered attack rolls d4 whatever the weapon"},
	KeyEnhanced:     {"күшейтілген шабуыл", "an attack with a decisive edge rolls d12"},
	KeyCancel:       {"әлсіретілген + күшейтілген", "hampered and favoured at once: the weapon's own die"},
	KeyBlast:        {"қамту", "the attack hits everyone in its area, each rolled separately"},
	KeyTargets:      {"нысаналар саны", "how many targets the area attack catches"},
	KeyInitiative:   {"бастама", "whether this character is quick enough to act before the enemy in round 1"},
	KeyActs:         {"кезек", "acts in the first round"},
	KeyLosesTurn:    {"кезегін өткізіп алады", "too slow: no turn in the first round"},
	KeyRetreat:      {"шегіну", "got clear of the danger"},
	KeyNoSafePlace:  {"қауіпсіз орын", "there is nowhere safe to go, so no retreat"},
	KeyStays:        {"шегіну сәтсіз", "the retreat failed: stays where it was and the turn ends"},
	KeyFirstLoss:    {"алғашқы шығын", "the group has lost its first member"},
	KeyHalfLost:     {"құрамының жартысы", "the group has lost half of the number it started with"},
	KeyLoneFoe:      {"жалғыз қарсылас", "a foe fighting on alone has run out of HP"},
	KeyLeader:       {"жетекші", "the group stands or breaks on its leader's Willpower"},
	KeyFlees:        {"қашады", "morale broke: running for the nearest way out"},
	KeyAid:          {"көмек", "first aid given, such as binding the wound"},
	KeyStabilized:   {"тұрақтандыру", "out of immediate danger of death; wounds stay until recovery"},
	KeyAttrLoss:     {"сипаттамалардың азаюы", "an attribute lowered directly, bypassing HP and armour"},
	KeyParalysed:    {"сал", "no Dexterity left: cannot move"},
	KeyDelirious:    {"санасы тұманданады", "no Willpower left: the mind is clouded"},
}
