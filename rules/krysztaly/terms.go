package krysztaly

import (
	"sync"

	"battlemat/rules/combat"
)

// Trace keys: the stable identifiers of the steps Resolve and Odds record.
// Glossary gives each its Polish term.
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
// ActForms; terms holds their words.
var tierKeys = [...]string{TierNone: "", DoubleProficient: KeyDoubleProficient, Specialist: KeySpecialist,
	DoubleSpecialist: KeyDoubleSpecialist, Master: KeyMaster, GrandMaster: KeyGrandMaster}

// Glossary returns the terms of Kryształy Czasu: the Polish of its
// rulebook with its abbreviations (TR, OBR, WYP…), a label and an
// explanation in every language of the app (krysztaly-czasu.md §1).
func (Ruleset) Glossary() *combat.Glossary { return glossary() }

// glossary is what Glossary returns, built on its first call: the program
// does not build a ruleset's words when it starts, before it knows it
// needs them.
var glossary = sync.OnceValue(func() *combat.Glossary {
	return &combat.Glossary{
		Lang:    "pl",
		Terms:   terms(),
		Names:   map[string]string{"en": "Kryształy Czasu", "he": "Kryształy Czasu", "pl": "Kryształy Czasu", "kk": "Kryształy Czasu"},
		Explain: map[string]map[string]string{"he": explainHe(), "pl": explainPl(), "kk": explainKk()},
		Labels:  map[string]map[string]string{"he": labelsHe(), "kk": labelsKk()},
	}
})

// terms names every trace key.
func terms() map[string]combat.Term {
	return map[string]combat.Term{
		KeyProficiency:       {Native: "biegłość", English: "proficiency", Explain: "skill with the weapon group in use"},
		KeyShieldProficiency: {Native: "biegłość w tarczy", English: "shield proficiency", Explain: "skill for a shield attack: profession minimum, plus 25, plus profession modifier"},
		KeySFBonus:           {Native: "premia z SF", Abbrev: "SF", English: "strength bonus", Explain: "strength adds a tenth of itself to the hit chance"},
		KeyZRBonus:           {Native: "premia z ZR", Abbrev: "ZR", English: "dexterity bonus", Explain: "dexterity adds a tenth of itself to the hit chance"},
		KeyBaseTR:            {Native: "szansa trafienia", Abbrev: "TR", English: "base hit chance", Explain: "hit chance against a still, bare, unguarded target"},
		KeyHeight:            {Native: "przewaga wysokości", English: "height advantage", Explain: "striking from above: saddle, wall or roof"},
		KeyTwilight:          {Native: "półmrok", English: "twilight", Explain: "dim light without night sight"},
		KeyBlind:             {Native: "walka węchem i słuchem", English: "fighting blind", Explain: "fighting by smell and hearing alone halves the hit chance"},
		KeyTR:                {Native: "szansa trafienia", Abbrev: "TR", English: "hit chance", Explain: "hit chance after every circumstance"},
		KeyAutoStrike:        {Native: "trafienie automatyczne", English: "automatic hit", Explain: "a helpless target is struck without a roll"},
		KeyArmour:            {Native: "wartość obronna zbroi", English: "armour", Explain: "what the armour adds to defence"},
		KeyShield:            {Native: "wartość obronna tarczy", English: "shield", Explain: "what the shield adds to defence"},
		KeyShieldCover:       {Native: "zastawianie się tarczą", English: "shield cover", Explain: "the cover stance counts the shield twice"},
		KeyWeaponDefence:     {Native: "wartość obronna broni", English: "weapon defence", Explain: "parrying with the weapon, scaled by skill"},
		KeyZRDefence:         {Native: "premia z ZR", Abbrev: "ZR", English: "dexterity defence", Explain: "agility above 50 helps defence, below 30 hurts it"},
		KeyDefenceless:       {Native: "bezbronność", English: "defenceless", Explain: "caught unable to defend: dexterity counts as zero"},
		KeyAttackers:         {Native: "wielu przeciwników", English: "several attackers", Explain: "each foe beyond the first costs 5 defence"},
		KeyOBR:               {Native: "obrona", Abbrev: "OBR", English: "defence", Explain: "defence"},
		KeyRTR:               {Native: "rzeczywista szansa trafienia", Abbrev: "RTR", English: "real hit chance", Explain: "real hit chance: TR minus OBR"},
		KeyHitRoll:           {Native: "rzut k100", Abbrev: "k100", English: "hit roll", Explain: "d100 for the hit; 1–5 always land, 96–100 never do"},
		KeyHit:               {Native: "trafienie", English: "hit", Explain: "hit"},
		KeyMiss:              {Native: "chybienie", English: "miss", Explain: "miss"},
		KeyEffectiveness:     {Native: "skuteczność", English: "effectiveness", Explain: "the weapon's wounding power for this kind of blow"},
		KeyMultiplier:        {Native: "mnożnik biegłości", English: "proficiency multiplier", Explain: "skill band multiplier, in quarters"},
		KeyWeaponDamage:      {Native: "skuteczność × biegłość", English: "weapon damage", Explain: "wounding power times the skill band"},
		KeySFDamage:          {Native: "premia z SF", Abbrev: "SF", English: "strength damage", Explain: "a quarter of strength added to damage"},
		KeyBaseDamage:        {Native: "obrażenia podstawowe", English: "base damage", Explain: "damage before the random factor"},
		KeyDamageRoll:        {Native: "rzut k100", Abbrev: "k100", English: "damage roll", Explain: "d100 for the damage's random factor"},
		KeyRandom:            {Native: "czynnik losowy", English: "random factor", Explain: "the damage die minus 50"},
		KeyDamage:            {Native: "obrażenia", English: "damage", Explain: "damage dealt"},
		KeyAbsorption:        {Native: "wyparowanie", Abbrev: "WYP", English: "absorption", Explain: "what armour or hide soaks up"},
		KeyTaken:             {Native: "obrażenia odniesione", English: "damage taken", Explain: "damage that gets through"},
		KeyVitality:          {Native: "żywotność", Abbrev: "ŻYW", English: "vitality", Explain: "vitality left"},
		KeyCritical:          {Native: "trafienie krytyczne", English: "critical hit", Explain: "critical hit; its effect is the GM's"},
		KeyBalanceRoll:       {Native: "rzut na ZR", Abbrev: "ZR", English: "balance roll", Explain: "d100 against current dexterity to stay balanced"},
		KeyZR:                {Native: "zręczność", Abbrev: "ZR", English: "dexterity", Explain: "current dexterity"},
		KeyOffBalance:        {Native: "wytrącenie z równowagi", English: "off balance", Explain: "knocked off balance"},
		KeyKeepsBalance:      {Native: "utrzymanie równowagi", English: "keeps balance", Explain: "keeps balance"},
		KeyProne:             {Native: "leżący", English: "prone", Explain: "down on the ground"},
		KeyDelay:             {Native: "opóźnienie", English: "delay", Explain: "segments before the blow lands"},
		KeySlowed:            {Native: "dwukrotnie wolniejsze ataki", English: "twice as slow", Explain: "attacks take twice as long"},
		KeyProficiencyRoll:   {Native: "losowanie biegłości", Abbrev: "k100", English: "proficiency roll", Explain: "d100 for a newly trained weapon group"},
		KeyMinProficiency:    {Native: "minimalna biegłość", English: "minimum proficiency", Explain: "the profession's floor: a lower roll counts as this"},
		KeyRaceMod:           {Native: "modyfikator rasowy", English: "race modifier", Explain: "the race's bonus or penalty to a rolled skill"},
		KeyProfessionMod:     {Native: "modyfikator profesji", English: "profession modifier", Explain: "the profession's bonus to a rolled skill"},
		KeyTeacher:           {Native: "nauczyciel", English: "teacher", Explain: "the tier of the one who teaches"},
		KeyTier:              {Native: "specjalizacja", English: "specialisation tier", Explain: "specialisation tier reached in the group"},
		KeySlots:             {Native: "miejsca na biegłości", English: "training slots", Explain: "training slots at this level"},
		KeySlotsUsed:         {Native: "zajęte miejsca", English: "slots used", Explain: "slots the trainings already use"},
		KeySlotsFree:         {Native: "wolne miejsca", English: "slots free", Explain: "slots left for further training"},
		KeyTrainGroup:        {Native: "nauka grupy broni", English: "training in a new group", Explain: "the GM trains a creature in a new weapon group; its skill is rolled"},
		KeyTrainTier:         {Native: "specjalizacja", English: "training to the next tier", Explain: "the GM trains a creature to the next tier, taught by the tier picked"},
		KeyDoubleProficient:  {Native: "podwójnie biegły", English: "double proficient", Explain: "first tier: +5 to the skill"},
		KeySpecialist:        {Native: "specjalista", English: "specialist", Explain: "second tier: +10 more"},
		KeyDoubleSpecialist:  {Native: "podwójny specjalista", English: "double specialist", Explain: "third tier: +15 more"},
		KeyMaster:            {Native: "mistrz", English: "master", Explain: "fourth tier: +20 more"},
		KeyGrandMaster:       {Native: "wielki mistrz", English: "grand master", Explain: "fifth tier, a deity's gift: +25 more"},
	}
}
