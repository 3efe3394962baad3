package encounter

import (
	"sync"

	"battlemat/rules/combat"
)

// Glossary returns Kaldaria's terms: the Hebrew of its rulebook, with a
// label and an explanation in every language of the app.
func (Ruleset) Glossary() *combat.Glossary { return glossary() }

// glossary is what Glossary returns, built on its first call: the program
// does not build a ruleset's words when it starts, before it knows it
// needs them.
var glossary = sync.OnceValue(func() *combat.Glossary {
	return &combat.Glossary{
		Lang:    "he",
		Terms:   terms(),
		Aliases: aliases(),
		Explain: map[string]map[string]string{"he": explainHe(), "pl": explainPl(), "kk": explainKk()},
		Labels:  map[string]map[string]string{"pl": labelsPl(), "kk": labelsKk()},
		Names:   map[string]string{"en": "Kaldaria", "he": "קלדריה", "pl": "Kaldaria", "kk": "Калдария"},
		// The percentile die is "ק%" in the Hebrew rulebook.
		Dice: map[string]map[int]string{"he": {100: "ק%"}},
	}
})

// terms names the keys of the Kaldaria engine (the trace steps,
// modifiers and quantities of its attacks, movement and pinning) with the
// Hebrew terms of the Kaldaria spec's glossary (kaldaria.md §1), or a plain
// Hebrew phrase for the arithmetic steps the rulebook has no word for.
func terms() map[string]combat.Term {
	return map[string]combat.Term{
		// To hit (K-HIT, K-MOD, K-AR).
		"thac10-base":     {Native: "תלד10 בסיסי", English: "base THAC10", Explain: "the d20 roll needed to hit AR 10, before modifiers; lower is better"},
		"thac10":          {Native: "תלד10", English: "THAC10", Explain: "the d20 roll needed to hit AR 10, after every modifier"},
		"level":           {Native: "דרגה", English: "level", Explain: "experience improves the aim"},
		"dex":             {Native: "זריזות", English: "dexterity", Explain: "a nimble attacker aims better with missiles"},
		"str":             {Native: "כח", English: "strength", Explain: "strength helps a melee blow land"},
		"skill":           {Native: "מיומנות בנשק", English: "weapon skill", Explain: "training with this weapon improves the aim"},
		"magic":           {Native: "בונוס קסם", English: "magic bonus", Explain: "the weapon's enchantment helps it land"},
		"magic-vs-group":  {Native: "קסם נגד קבוצה", English: "magic against a group", Explain: "a larger enchantment that works only against one kind of foe"},
		"maneuver":        {Native: "תמרון סטמינה", English: "stamina maneuver", Explain: "a special blow paid for with stamina"},
		"surprised":       {Native: "מופתע", English: "surprised", Explain: "the target did not see the attack coming"},
		"wounded":         {Native: "פצוע", English: "wounded", Explain: "below half HP: worse aim and weaker defence"},
		"curse":           {Native: "קללה", English: "curse", Explain: "a curse spoils the aim"},
		"ar-base":         {Native: "דירוג שיריון בסיסי", English: "base AR", Explain: "armour, shield, dexterity and magic added up"},
		"armour-piercing": {Native: "חודר שיריון", English: "armour piercing", Explain: "the weapon ignores some or all of the worn armour"},
		"ar":              {Native: "דירוג שיריון", English: "AR", Explain: "armour rating: each point makes the target one harder to hit"},
		"need":            {Native: "המספר הדרוש", English: "number needed", Explain: "the lowest natural d20 that hits this target"},
		"attack":          {Native: "גלגול התקפה", English: "attack roll", Explain: "the d20 for the blow"},
		"ar-hit":          {Native: "דירוג השיריון שנפגע", English: "AR hit", Explain: "the highest AR this roll would have hit"},
		"margin":          {Native: "פער", English: "margin", Explain: "how far the roll beat the target's AR"},

		// Criticals (K-CRIT, K-WPN).
		"critical":        {Native: "פגיעה קריטית", English: "critical hit", Explain: "a blow good enough to roll on the critical table"},
		"weapon-master":   {Native: "אומן נשק", English: "weapon master", Explain: "a master of this weapon scores criticals more easily"},
		"wounding":        {Native: "פוצעני", English: "wounding", Explain: "an extra-sharp weapon scores criticals more easily"},
		"crit-nat-min":    {Native: "גלגול מזערי לקריטית", English: "lowest roll for a critical", Explain: "the smallest natural d20 that can be critical"},
		"crit-margin-min": {Native: "פער מזערי לקריטית", English: "smallest margin for a critical", Explain: "how far the roll must beat the AR to be critical"},
		"crit-steps":      {Native: "דרגות קריטית", English: "critical steps", Explain: "each step makes a critical easier"},
		"critical-effect": {Native: "טבלת הקריטית", English: "critical effect roll", Explain: "the d6 that picks what the critical does"},
		"effect":          {Native: "תוצאת הקריטית", English: "critical effect", Explain: "maximum or double damage, or both"},

		// Dodge (K-DODGE).
		"dodge-base":   {Native: "חמיקה בסיסית", English: "base dodge", Explain: "the percentile chance to dodge the first hit of the round"},
		"dodge-ring":   {Native: "טבעת חמיקה", English: "dodge ring", Explain: "a magic item that adds to the dodge"},
		"dodge-cap":    {Native: "תקרת חמיקה", English: "dodge cap", Explain: "the dodge can never go above this"},
		"dodge-factor": {Native: "מקדם הפחתה", English: "reduction factor", Explain: "how much the dodge drops for each further hit this round"},
		"dodge-hit":    {Native: "מספר הפגיעה בסבב", English: "hit of the round", Explain: "how many hits the defender already faced this round"},
		"dodge-chance": {Native: "סיכוי חמיקה", English: "dodge chance", Explain: "the percentile chance to dodge this hit"},
		"dodge":        {Native: "חמיקה", English: "dodge", Explain: "a d100 roll to slip away from a hit"},

		// Parry (K-PARRY).
		"parry-thac-weapon":  {Native: "תלד הדיפה בנשק", English: "weapon parry THAC", Explain: "the defender's aim when parrying with a weapon"},
		"parry-thac-shield":  {Native: "תלד הדיפה במגן", English: "shield parry THAC", Explain: "the defender's aim when parrying with a shield"},
		"parry-thac-aura":    {Native: "תלד פארי הילה", English: "aura parry THAC", Explain: "the defender's aim when parrying with a protective aura"},
		"parry-thac-passive": {Native: "תלד הדיפה במעטה שיריון", English: "passive parry THAC", Explain: "the armour's own chance to turn a blow aside"},
		"parry-need-weapon":  {Native: "הדרוש להדיפה בנשק", English: "weapon parry needs", Explain: "the lowest d20 that parries with the weapon"},
		"parry-need-shield":  {Native: "הדרוש להדיפה במגן", English: "shield parry needs", Explain: "the lowest d20 that parries with the shield"},
		"parry-need-aura":    {Native: "הדרוש לפארי הילה", English: "aura parry needs", Explain: "the lowest d20 that parries with the aura"},
		"parry-need-passive": {Native: "הדרוש להדיפה במעטה שיריון", English: "passive parry needs", Explain: "the lowest d20 with which the armour turns the blow"},
		"parry-weapon":       {Native: "הדיפה באמצעות נשק", English: "weapon parry", Explain: "a d20 to knock the blow away with a weapon"},
		"parry-shield":       {Native: "הדיפה באמצעות מגן", English: "shield parry", Explain: "a d20 to catch the blow on a shield"},
		"parry-aura":         {Native: "פארי הילה", English: "aura parry", Explain: "a d20 to stop the blow with an aura, the only parry against a ghost touch"},
		"parry-passive":      {Native: "הדיפה באמצעות מעטה שיריון", English: "passive parry", Explain: "a d20 for the armour to turn the blow by itself"},
		"no-active-parry":    {Native: "אין הדיפה פעילה", English: "no active parry", Explain: "attacked from where it cannot parry actively"},
		"active-parry":       {Native: "הדיפה פעילה", English: "active parry", Explain: "a parry the defender makes on purpose"},
		"paralysed":          {Native: "משותק", English: "paralysed", Explain: "cannot defend at all"},

		// Damage, force armour, HP, life keys (K-DMG, K-FA, K-HP, K-LIFE).
		"damage":          {Native: "נזק", English: "damage", Explain: "the damage dice as they landed"},
		"damage-roll":     {Native: "גלגול נזק", English: "damage roll", Explain: "the weapon's damage roll"},
		"damage-max":      {Native: "נזק מרבי", English: "maximum damage", Explain: "the critical makes every damage die count as its highest face"},
		"damage-base":     {Native: "נזק בסיסי", English: "base damage", Explain: "damage before reducers and multipliers"},
		"abs":             {Native: "ספיגה", English: "absorption", Explain: "the armour soaks up a percentage of the damage"},
		"cutter":          {Native: "מקצץ נזק", English: "damage cutter", Explain: "a fixed amount taken off the damage"},
		"damage-reduced":  {Native: "נזק אחרי הפחתה", English: "reduced damage", Explain: "damage after absorption and the cutter"},
		"multiplier-pct":  {Native: "מכפיל נזק", English: "damage multiplier", Explain: "criticals and maneuvers multiply the reduced damage, in percent"},
		"rider":           {Native: "נזק נוסף", English: "extra damage", Explain: "damage added after the multiplier"},
		"damage-cap":      {Native: "תקרת נזק", English: "damage cap", Explain: "the most one blow may deal"},
		"damage-capped":   {Native: "נזק מוגבל", English: "capped damage", Explain: "the damage cut down to the cap"},
		"damage-final":    {Native: "נזק סופי", English: "final damage", Explain: "what the blow deals in the end"},
		"to-force-armour": {Native: "לשיריון כח", English: "to force armour", Explain: "damage the invisible force field takes first"},
		"to-hp":           {Native: "לנק״פ", English: "to HP", Explain: "damage that reaches the hit points"},
		"hp":              {Native: "נק״פ", English: "HP", Explain: "hit points left"},
		"life-key":        {Native: "מפתח חיים", English: "life key", Explain: "the item whisks its owner away from the fight"},
		"dead":            {Native: "מת", English: "dead", Explain: "killed"},
		"down":            {Native: "מחוץ לקרב", English: "down", Explain: "out of the fight, not yet dead"},

		// Outcomes of an attack.
		"hit":     {Native: "פגיעה", English: "hit", Explain: "the blow landed"},
		"missed":  {Native: "החטאה", English: "miss", Explain: "the blow did not reach the armour rating"},
		"dodged":  {Native: "חמיקה", English: "dodged", Explain: "the defender slipped away from the hit"},
		"parried": {Native: "הדיפה", English: "parried", Explain: "the defender parried the hit"},

		// Position, opportunity attacks, pinning, movement (K-FLANK, K-OA,
		// K-PIN, K-MOVE).
		"to-hit":            {Native: "תלד10", English: "to-hit", Explain: "what the modifier changes: the THAC10"},
		"tier-front":        {Native: "חזית", English: "front", Explain: "attacking a foe that faces the attacker"},
		"tier-flank":        {Native: "כיתור חלקי", English: "flank", Explain: "attacking past the foe's pinning: easier to hit and to crit"},
		"tier-second-flank": {Native: "כיתור משופר", English: "second flank", Explain: "a further attacker beyond the flank"},
		"tier-rear":         {Native: "כיתור מלא", English: "rear", Explain: "the foe is surrounded and struck from behind"},
		"oa":                {Native: "התקפת הזדמנות רגילה", English: "opportunity attack", Explain: "a free blow at a foe leaving reach"},
		"oa-improved":       {Native: "התקפת הזדמנות משופרת", English: "improved opportunity attack", Explain: "a free blow at a charging foe, easier to land and to crit"},
		"oa-plain":          {Native: "התקפת הזדמנות ללא בונוס", English: "plain opportunity attack", Explain: "a free blow at a foe leaping or performing a maneuver, without the usual bonus"},
		"engagement-index":  {Native: "מקום ברשימת הריתוק", English: "engagement place", Explain: "which of the defender's engagement places this attacker takes"},
		"missile":           {Native: "התקפה מרחוק", English: "missile attack", Explain: "a ranged attack, which no tier applies to"},
		"pin-capacity":      {Native: "כושר ריתוק", English: "pin capacity", Explain: "how many foes a fighter can hold in place"},
		"base":              {Native: "בסיס", English: "base", Explain: "the starting value"},
		"size-difference":   {Native: "הפרש גודל", English: "size difference", Explain: "a bigger fighter holds more foes"},
		"pin-bonus":         {Native: "בונוס ריתוק", English: "pin bonus", Explain: "a skill or item that holds more foes"},
		"rate":              {Native: "קצב תנועה", English: "movement rate", Explain: "squares per round"},
		"dexterity":         {Native: "זריזות", English: "dexterity", Explain: "a nimble creature moves further"},
		"heavy-armour":      {Native: "שיריון כבד", English: "heavy armour", Explain: "heavy armour slows the wearer"},
		"walk":              {Native: "תנועה במהירות רגילה", English: "normal move", Explain: "moving at the usual rate"},
		"charge":            {Native: "הסתערות", English: "charge", Explain: "a straight rush at a foe"},
		"retreat":           {Native: "נסיגה לוחמת", English: "fighting retreat", Explain: "stepping back while still facing the foe"},
		"overwhelmed":       {Native: "הנגפות", English: "overwhelmed", Explain: "more foes than it can pin, so it cannot strike at every one"},
		"side-bypass":       {Native: "עקיפה מהצד", English: "side-bypass", Explain: "slipping past a foe whose pins are all taken"},
		"quick-leap":        {Native: "זינוק מהיר", English: "quick leap", Explain: "a dash that draws only a plain opportunity attack"},
		"bound":             {Native: "כבול", English: "bound", Explain: "tied up: cannot move"},
		"hidden":            {Native: "מוסתר", English: "hidden", Explain: "unseen, so it draws no opportunity attack"},
		"pinned":            {Native: "סובל מרתק", English: "pinned", Explain: "held in place by a foe: cannot move freely"},
		"back-to-back":      {Native: "גב אל גב", English: "back to back", Explain: "allies sharing a square cannot be struck from the rear"},

		// Why an opportunity attack, a move or an attack does not happen
		// (the tactics package's reasons).
		"unnoticed":     {Native: "לא הבחין בתנועה", English: "unnoticed", Explain: "the foe did not notice the mover"},
		"already-used":  {Native: "כבר נוצלה", English: "already used", Explain: "this fighter already struck this mover this round"},
		"immobile":      {Native: "אינו יכול לזוז", English: "immobile", Explain: "cannot move at all"},
		"charge-spent":  {Native: "ההסתערות נוצלה", English: "charge spent", Explain: "no charge left for this encounter"},
		"half-square":   {Native: "חצי משבצת", English: "half square", Explain: "the move would end between squares"},
		"not-backward":  {Native: "לא לאחור", English: "not backward", Explain: "a fighting retreat must step away from the foe"},
		"no-path":       {Native: "אין מסלול", English: "no path", Explain: "no way there through the squares"},
		"too-far":       {Native: "רחוק מדי", English: "too far", Explain: "beyond the movement left this round"},
		"no-room":       {Native: "אין מקום", English: "no room", Explain: "the square is taken"},
		"illegal-step":  {Native: "צעד אסור", English: "illegal step", Explain: "the rules forbid this step"},
		"not-enemy":     {Native: "לא אויב", English: "not an enemy", Explain: "only foes can be attacked"},
		"not-adjacent":  {Native: "לא צמוד", English: "not adjacent", Explain: "a melee attack needs a neighbouring foe"},
		"attacker-out":  {Native: "התוקף מחוץ לקרב", English: "attacker out", Explain: "the attacker is out of the fight"},
		"defender-out":  {Native: "המותקף מחוץ לקרב", English: "defender out", Explain: "the target is out of the fight"},
		"contact-lost":  {Native: "המגע אבד", English: "contact lost", Explain: "the two are no longer side by side"},
		"no-slot":       {Native: "אין מקום לתוקף", English: "no slot", Explain: "every place around the target is taken"},
		"rear-closed":   {Native: "העורף מוגן", English: "rear closed", Explain: "the target's back is covered"},
		"capacity-drop": {Native: "ירידה בכושר הריתוק", English: "pin capacity dropped", Explain: "the fighter can hold fewer foes than before"},
		"ally-behind":   {Native: "בעל ברית מאחור", English: "ally behind", Explain: "a friend covers the back"},
		"wall":          {Native: "קיר", English: "wall", Explain: "a wall covers the back"},
	}
}

// aliases maps other spellings the Kaldaria engine uses for a key
// (in targeting, odds, conditions and opportunity-attack kinds) to the key
// of the glossary.
func aliases() map[string]string {
	return map[string]string{
		"front": "tier-front", "flank": "tier-flank", "second-flank": "tier-second-flank", "rear": "tier-rear",
		"normal-oa": "oa", "oa-normal": "oa", "normal": "oa",
		"improved-oa": "oa-improved", "improved": "oa-improved", "plain": "oa-plain",
		"miss": "missed", "charging": "charge", "retreating": "retreat", "fighting-retreat": "retreat",
	}
}
