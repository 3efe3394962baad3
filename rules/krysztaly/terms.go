package krysztaly

// Trace keys: the stable identifiers of the steps Resolve and Odds record.
// The UI translates them; Glossary gives each its Polish term.
const (
	KeyProficiency       = "proficiency"        // P with the weapon's group (KC-PROF-8, KC-PROF-6)
	KeyShieldProficiency = "shield-proficiency" // P of a shield attack (KC-SHIELD-4)
	KeySFBonus           = "sf-bonus"           // a tenth of SF to TR (KC-HIT-1)
	KeyZRBonus           = "zr-bonus"           // a tenth of ZR to TR (KC-HIT-1)
	KeyBaseTR            = "tr0"                // TR before circumstances (KC-HIT-1)
	KeyHeight            = "height"             // KC-SIT-6
	KeyTwilight          = "twilight"           // KC-SIT-4
	KeyBlind             = "blind"              // KC-SIT-5
	KeyTR                = "tr"                 // final hit chance (KC-HIT-1, §9)
	KeyAutoStrike        = "auto-strike"        // KC-SIT-8
	KeyArmour            = "armour"             // A (KC-DEF-1)
	KeyShield            = "shield"             // S (KC-DEF-1)
	KeyShieldCover       = "shield-cover"       // the second S of the cover stance (KC-SHIELD-2)
	KeyWeaponDefence     = "weapon-defence"     // W (KC-DEF-2)
	KeyZRDefence         = "zr-defence"         // Z (KC-DEF-3)
	KeyDefenceless       = "defenceless"        // ZR counted as 0, Z = −30 (KC-SIT-2, KC-SIT-3)
	KeyAttackers         = "attackers"          // KC-SIT-1
	KeyOBR               = "obr"                // final defence (KC-DEF-1)
	KeyRTR               = "rtr"                // TR − OBR (KC-RTR-1)
	KeyHitRoll           = "hit-roll"           // d100 against RTR (KC-RTR-2)
	KeyHit               = "hit"                // outcome (KC-RTR-2)
	KeyMiss              = "miss"               // outcome (KC-RTR-2)
	KeyEffectiveness     = "effectiveness"      // E for the damage type (KC-DMG-2)
	KeyMultiplier        = "multiplier"         // the proficiency band, in quarters (KC-DMG-3)
	KeyWeaponDamage      = "weapon-damage"      // floor(E·q/4) (KC-DMG-7)
	KeySFDamage          = "sf-damage"          // a quarter of SF (KC-DMG-4)
	KeyBaseDamage        = "base-damage"        // the sheet's base damage (KC-DMG-7)
	KeyDamageRoll        = "damage-roll"        // d100 for the random factor (KC-DMG-5)
	KeyRandom            = "random"             // d100 − 50 (KC-DMG-5)
	KeyDamage            = "damage"             // D (KC-DMG-7)
	KeyAbsorption        = "absorption"         // WYP (KC-ABS-1)
	KeyTaken             = "taken"              // T (KC-ABS-1)
	KeyVitality          = "vitality"           // ŻYW after the hit (KC-ABS-2)
	KeyCritical          = "critical"           // KC-SIT-8
	KeyBalanceRoll       = "balance-roll"       // d100 against current ZR (KC-SHIELD-5)
	KeyZR                = "zr"                 // the defender's current ZR as a target (KC-AMB-19)
	KeyOffBalance        = "off-balance"        // outcome (KC-SHIELD-5)
	KeyKeepsBalance      = "keeps-balance"      // outcome (KC-SHIELD-5)
	KeyProne             = "prone"              // outcome of a failed second roll (KC-AMB-19)
	KeyDelay             = "delay"              // segments (KC-ALG-A step 16)
	KeySlowed            = "twice-as-slow"      // KC-ATK-5
	KeyProficiencyRoll   = "proficiency-roll"   // d100 when a group is trained (KC-PROF-5)
	KeyMinProficiency    = "min-proficiency"    // the profession's minimum a low roll counts as (KC-PROF-6)
	KeyRaceMod           = "race-mod"           // race modifier to a rolled proficiency (KC-PROF-5)
	KeyProfessionMod     = "profession-mod"     // profession modifier to a rolled proficiency (KC-PROF-5)
	KeyTeacher           = "teacher"            // the teacher's tier (KC-SPEC-3)
	KeyTier              = "tier"               // the specialisation tier reached (KC-SPEC-2)
	KeySlots             = "slots"              // proficiency slots at the level (KC-SLOT-2)
	KeySlotsUsed         = "slots-used"         // slots the trainings use (KC-SLOT-3)
	KeySlotsFree         = "slots-free"         // slots left for training (KC-SLOT-4)
	KeyTrainGroup        = "train-group"        // the GM's training form for a new group (KC-PROF-4)
	KeyTrainTier         = "train-tier"         // the GM's training form for the next tier (KC-SPEC-2, KC-SPEC-3)
	KeyDoubleProficient  = "double-proficient"  // tier 1 (Table KC-T3)
	KeySpecialist        = "specialist"         // tier 2
	KeyDoubleSpecialist  = "double-specialist"  // tier 3
	KeyMaster            = "master"             // tier 4
	KeyGrandMaster       = "grand-master"       // tier 5, a deity's gift (KC-SPEC-3)
)

// tierKeys names each specialisation tier for the teacher's choice in
// ActForms; Glossary holds their terms.
var tierKeys = [...]string{TierNone: "", DoubleProficient: KeyDoubleProficient, Specialist: KeySpecialist,
	DoubleSpecialist: KeyDoubleSpecialist, Master: KeyMaster, GrandMaster: KeyGrandMaster}

// Term is how Kryształy Czasu players name a trace key: the Polish term, its
// abbreviation where the game uses one (TR, OBR, WYP…), and a short English
// gloss for players who do not read Polish.
type Term struct {
	Native string `json:"native"`
	Abbrev string `json:"abbrev,omitempty"`
	Gloss  string `json:"gloss"`
}

// Glossary maps every trace key to its Term (krysztaly-czasu.md §1), so the
// UI can show "proficiency (biegłość)". It is data, not display logic:
// callers must not modify it.
var Glossary = map[string]Term{
	KeyProficiency:       {"biegłość", "", "skill with the weapon group in use"},
	KeyShieldProficiency: {"biegłość w tarczy", "", "skill for a shield attack: profession minimum, plus 25, plus profession modifier"},
	KeySFBonus:           {"premia z SF", "SF", "strength adds a tenth of itself to the hit chance"},
	KeyZRBonus:           {"premia z ZR", "ZR", "dexterity adds a tenth of itself to the hit chance"},
	KeyBaseTR:            {"szansa trafienia", "TR", "hit chance against a still, bare, unguarded target"},
	KeyHeight:            {"przewaga wysokości", "", "striking from above: saddle, wall or roof"},
	KeyTwilight:          {"półmrok", "", "dim light without night sight"},
	KeyBlind:             {"walka węchem i słuchem", "", "fighting by smell and hearing alone halves the hit chance"},
	KeyTR:                {"szansa trafienia", "TR", "hit chance after every circumstance"},
	KeyAutoStrike:        {"trafienie automatyczne", "", "a helpless target is struck without a roll"},
	KeyArmour:            {"wartość obronna zbroi", "", "what the armour adds to defence"},
	KeyShield:            {"wartość obronna tarczy", "", "what the shield adds to defence"},
	KeyShieldCover:       {"zastawianie się tarczą", "", "the cover stance counts the shield twice"},
	KeyWeaponDefence:     {"wartość obronna broni", "", "parrying with the weapon, scaled by skill"},
	KeyZRDefence:         {"premia z ZR", "ZR", "agility above 50 helps defence, below 30 hurts it"},
	KeyDefenceless:       {"bezbronność", "", "caught unable to defend: dexterity counts as zero"},
	KeyAttackers:         {"wielu przeciwników", "", "each foe beyond the first costs 5 defence"},
	KeyOBR:               {"obrona", "OBR", "defence"},
	KeyRTR:               {"rzeczywista szansa trafienia", "RTR", "real hit chance: TR minus OBR"},
	KeyHitRoll:           {"rzut k100", "k100", "d100 for the hit; 1–5 always land, 96–100 never do"},
	KeyHit:               {"trafienie", "", "hit"},
	KeyMiss:              {"chybienie", "", "miss"},
	KeyEffectiveness:     {"skuteczność", "", "the weapon's wounding power for this kind of blow"},
	KeyMultiplier:        {"mnożnik biegłości", "", "skill band multiplier, in quarters"},
	KeyWeaponDamage:      {"skuteczność × biegłość", "", "wounding power times the skill band"},
	KeySFDamage:          {"premia z SF", "SF", "a quarter of strength added to damage"},
	KeyBaseDamage:        {"obrażenia podstawowe", "", "damage before the random factor"},
	KeyDamageRoll:        {"rzut k100", "k100", "d100 for the damage's random factor"},
	KeyRandom:            {"czynnik losowy", "", "the damage die minus 50"},
	KeyDamage:            {"obrażenia", "", "damage dealt"},
	KeyAbsorption:        {"wyparowanie", "WYP", "what armour or hide soaks up"},
	KeyTaken:             {"obrażenia odniesione", "", "damage that gets through"},
	KeyVitality:          {"żywotność", "ŻYW", "vitality left"},
	KeyCritical:          {"trafienie krytyczne", "", "critical hit; its effect is the GM's"},
	KeyBalanceRoll:       {"rzut na ZR", "ZR", "d100 against current dexterity to stay balanced"},
	KeyZR:                {"zręczność", "ZR", "current dexterity"},
	KeyOffBalance:        {"wytrącenie z równowagi", "", "knocked off balance"},
	KeyKeepsBalance:      {"utrzymanie równowagi", "", "keeps balance"},
	KeyProne:             {"leżący", "", "down on the ground"},
	KeyDelay:             {"opóźnienie", "", "segments before the blow lands"},
	KeySlowed:            {"dwukrotnie wolniejsze ataki", "", "attacks take twice as long"},
	KeyProficiencyRoll:   {"losowanie biegłości", "k100", "d100 for a newly trained weapon group"},
	KeyMinProficiency:    {"minimalna biegłość", "", "the profession's floor: a lower roll counts as this"},
	KeyRaceMod:           {"modyfikator rasowy", "", "the race's bonus or penalty to a rolled skill"},
	KeyProfessionMod:     {"modyfikator profesji", "", "the profession's bonus to a rolled skill"},
	KeyTeacher:           {"nauczyciel", "", "the tier of the one who teaches"},
	KeyTier:              {"specjalizacja", "", "specialisation tier reached in the group"},
	KeySlots:             {"miejsca na biegłości", "", "training slots at this level"},
	KeySlotsUsed:         {"zajęte miejsca", "", "slots the trainings already use"},
	KeySlotsFree:         {"wolne miejsca", "", "slots left for further training"},
	KeyTrainGroup:        {"nauka grupy broni", "", "the GM trains a creature in a new weapon group; its skill is rolled"},
	KeyTrainTier:         {"specjalizacja", "", "the GM trains a creature to the next tier, taught by the tier picked"},
	KeyDoubleProficient:  {"podwójnie biegły", "", "first tier: +5 to the skill"},
	KeySpecialist:        {"specjalista", "", "second tier: +10 more"},
	KeyDoubleSpecialist:  {"podwójny specjalista", "", "third tier: +15 more"},
	KeyMaster:            {"mistrz", "", "fourth tier: +20 more"},
	KeyGrandMaster:       {"wielki mistrz", "", "fifth tier, a deity's gift: +25 more"},
}
