package dnd5e

import (
	"sync"

	"battlemat/rules/combat"
)

// glossary is 5e's terms for the counters of its turn, the actions of
// DND-ND-1 and the sneaking mark of DND-SURP-3, in English, the language
// of the SRD whose terms its players use, with a label and an explanation
// in every other language of the app.
var glossary = sync.OnceValue(func() *combat.Glossary {
	return &combat.Glossary{
		Lang:  "en",
		Names: map[string]string{"en": "D&D 5e", "he": "D&D 5e", "pl": "D&D 5e", "kk": "D&D 5e"},
		Terms: map[string]combat.Term{
			// DND-BONUS-1, DND-BONUS-2: only a feature grants one; one a turn.
			CounterBonus: {Native: "bonus action", English: "bonus action",
				Explain: "A second, quicker thing to do on a turn, only where a feature such as the rogue's Cunning Action grants one; at most one a turn"},
			// DND-FREE-3, DND-FREE-4: one free, a second costs the action.
			CounterInteraction: {Native: "object interaction", English: "object interaction",
				Explain: "One small use of an object during the move or the action, such as drawing a weapon or opening a door, without spending the action"},
			// DND-ND-1 (SRD): the action spent on moving further.
			string(ActionDash): {Native: "Dash", English: "Dash",
				Explain: "The action spent on running: as much movement again as the creature's speed, this turn"},
			// DND-ND-1, DND-ND-3 (SRD): moving away without provoking.
			string(ActionDisengage): {Native: "Disengage", English: "Disengage",
				Explain: "The action spent on stepping away with care: the rest of the turn's movement provokes no opportunity attack"},
			// DND-ND-1 (SRD): defence until the creature's next turn.
			string(ActionDodge): {Native: "Dodge", English: "Dodge",
				Explain: "The action spent on defence: attacks against the creature have disadvantage until its next turn"},
			// DND-ND-1, DND-ND-6: the Stealth check the GM rules on.
			string(ActionHide): {Native: "Hide", English: "Hide",
				Explain: "The action spent on a Stealth check to hide; the GM rules on what it achieves"},
			// DND-SURP-3: a creature trying to stay unnoticed as a fight begins.
			ConditionSneaking: {Native: "sneaking", English: "sneaking",
				Explain: "Set before the fight: the creature tries to stay unnoticed, and its Stealth check is set against each opponent's passive Perception to decide surprise"},
		},
		Labels:  byLang(glossaryLabels),
		Explain: byLang(glossaryExplain),
	}
})

// glossaryLabels are the short labels of glossary's terms in the
// languages other than English, by language and key: static data, made
// maps (byLang) only when the glossary is first used.
var glossaryLabels = []langText{
	{"he", CounterBonus, "פעולה נוספת"},
	{"he", CounterInteraction, "שימוש בחפץ"},
	{"he", string(ActionDash), "ריצה"},
	{"he", string(ActionDisengage), "התנתקות"},
	{"he", string(ActionDodge), "חמיקה"},
	{"he", string(ActionHide), "הסתתרות"},
	{"he", ConditionSneaking, "מתגנב"},
	{"pl", CounterBonus, "akcja dodatkowa"},
	{"pl", CounterInteraction, "użycie przedmiotu"},
	{"pl", string(ActionDash), "Sprint"},
	{"pl", string(ActionDisengage), "Wycofanie"},
	{"pl", string(ActionDodge), "Unik"},
	{"pl", string(ActionHide), "Ukrycie się"},
	{"pl", ConditionSneaking, "skrada się"},
	{"kk", CounterBonus, "қосымша әрекет"},
	{"kk", CounterInteraction, "затты қолдану"},
	{"kk", string(ActionDash), "Жүгіру"},
	{"kk", string(ActionDisengage), "Ұрыстан шығу"},
	{"kk", string(ActionDodge), "Жалтару"},
	{"kk", string(ActionHide), "Жасырыну"},
	{"kk", ConditionSneaking, "жасырын"},
}

// glossaryExplain are the one-line explanations of glossary's terms in
// the languages other than English, like glossaryLabels.
var glossaryExplain = []langText{
	{"he", CounterBonus, "עוד דבר קצר לעשות בתור, רק כשיכולת כמו הפעולה הערמומית של הנוכל מעניקה אותו; לכל היותר אחת בתור"},
	{"he", CounterInteraction, "שימוש קטן אחד בחפץ תוך כדי התנועה או הפעולה, כמו שליפת נשק או פתיחת דלת, בלי לבזבז את הפעולה"},
	{"he", string(ActionDash), "הפעולה מוקדשת לריצה: עוד תנועה כגודל המהירות של היצור, בתור הזה"},
	{"he", string(ActionDisengage), "הפעולה מוקדשת להתרחקות זהירה: התנועה בשאר התור אינה מזמינה התקפת הזדמנות"},
	{"he", string(ActionDodge), "הפעולה מוקדשת להתגוננות: התקפות נגד היצור נעשות בחיסרון עד תורו הבא"},
	{"he", string(ActionHide), "הפעולה מוקדשת לבדיקת התגנבות כדי להסתתר; המנחה מכריע מה היא משיגה"},
	{"he", ConditionSneaking, "נקבע לפני הקרב: היצור מנסה להישאר בלתי מורגש, ובדיקת ההתגנבות שלו מושווית לתפיסה הסבילה של כל יריב כדי לקבוע הפתעה"},
	{"pl", CounterBonus, "Druga, szybsza czynność w turze, tylko gdy daje ją zdolność taka jak Przebiegła akcja łotrzyka; najwyżej jedna na turę"},
	{"pl", CounterInteraction, "Jedno drobne użycie przedmiotu w trakcie ruchu lub akcji, np. dobycie broni albo otwarcie drzwi, bez wydawania akcji"},
	{"pl", string(ActionDash), "Akcja poświęcona na bieg: w tej turze drugie tyle ruchu, ile wynosi szybkość stworzenia"},
	{"pl", string(ActionDisengage), "Akcja poświęcona na ostrożne odejście: ruch do końca tury nie prowokuje ataku okazyjnego"},
	{"pl", string(ActionDodge), "Akcja poświęcona na obronę: ataki na stworzenie mają utrudnienie aż do jego następnej tury"},
	{"pl", string(ActionHide), "Akcja poświęcona na test Skradania, by się ukryć; co on daje, rozstrzyga MG"},
	{"pl", ConditionSneaking, "Ustawiane przed walką: stworzenie próbuje pozostać niezauważone, a jego test Skradania porównuje się z bierną Percepcją każdego przeciwnika, by rozstrzygnąć zaskoczenie"},
	{"kk", CounterBonus, "Жүрістегі екінші, жылдамырақ іс: оны қарақшының Айлалы әрекеті сияқты қабілет берсе ғана; бір жүрісте ең көбі біреу"},
	{"kk", CounterInteraction, "Жүріс не әрекет кезінде затты бір рет қысқа қолдану, мысалы қару суыру не есік ашу, әрекетті жұмсамай"},
	{"kk", string(ActionDash), "Әрекет жүгіруге жұмсалады: осы жүрісте тіршілік иесінің жылдамдығына тең тағы жүріс"},
	{"kk", string(ActionDisengage), "Әрекет абайлап шегінуге жұмсалады: жүрістің қалған қозғалысы мүмкіндік шабуылын тудырмайды"},
	{"kk", string(ActionDodge), "Әрекет қорғануға жұмсалады: келесі жүрісіне дейін оған жасалған шабуылдар кедергімен жасалады"},
	{"kk", string(ActionHide), "Әрекет жасырыну үшін Жасырындық тексеруіне жұмсалады; оның нәтижесін ойын жүргізуші шешеді"},
	{"kk", ConditionSneaking, "Ұрыс алдында қойылады: тіршілік иесі байқалмай қалуға тырысады, оның Жасырындық тексеруі әр қарсыластың енжар Зейінімен салыстырылып, тосын шабуыл шешіледі"},
}

// langText is one text of a term in one language.
type langText struct{ lang, key, text string }

// byLang turns texts into maps by language, then key.
func byLang(texts []langText) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, t := range texts {
		if out[t.lang] == nil {
			out[t.lang] = map[string]string{}
		}
		out[t.lang][t.key] = t.text
	}
	return out
}

// Glossary returns 5e's terms (combat.Glossarist): the bonus action and
// the object interaction of its turn and the actions Dash, Disengage,
// Dodge and Hide, which the app names by them.
func (Ruleset) Glossary() *combat.Glossary { return glossary() }
