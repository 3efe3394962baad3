package i18n

// logKeys are the log's words for the engine events the first catalogues
// left silent: edits by the game master, conditions, joiners, and the
// hint that only one side can still act.
var logKeys = [numLangs][]msg{
	English: {
		{"log.edited", "{name}'s stat block is edited."},
		{"log.removed", "{name} leaves the map."},
		{"log.map", "The map is edited."},
		{"log.order", "The initiative order is set by hand."},
		{"log.joined", "{name} joins the initiative order."},
		{"log.condition", "{name}: {condition}."},
		{"log.condition-removed", "{name}: no longer {condition}."},
		{"log.chosen", "{name} chooses: {choice}."},
		{"log.one-side", "Only one side can still act: the game master may end the fight."},
		{"log.reaction-back", "{name} can react again."},
	},
	Hebrew: {
		{"log.edited", "{name}: גיליון הנתונים נערך."},
		{"log.removed", "{name}: יצא מהלוח."},
		{"log.map", "המפה נערכה."},
		{"log.order", "סדר היוזמה נקבע ידנית."},
		{"log.joined", "{name}: הצטרפות לסדר היוזמה."},
		{"log.condition", "{name}: {condition}."},
		{"log.condition-removed", "{name}: כבר לא {condition}."},
		{"log.chosen", "{name}: בחירה — {choice}."},
		{"log.one-side", "רק צד אחד עוד יכול לפעול: מנהל המשחק רשאי לסיים את הקרב."},
		{"log.reaction-back", "{name}: התגובה זמינה שוב."},
	},
	Polish: {
		{"log.edited", "{name}: zmieniono statystyki."},
		{"log.removed", "{name} schodzi z planszy."},
		{"log.map", "Zmieniono mapę."},
		{"log.order", "Kolejność inicjatywy ustalono ręcznie."},
		{"log.joined", "{name} dołącza do kolejki inicjatywy."},
		{"log.condition", "{name}: {condition}."},
		{"log.condition-removed", "{name}: już nie {condition}."},
		{"log.chosen", "{name} wybiera: {choice}."},
		{"log.one-side", "Działać może już tylko jedna strona: prowadzący może zakończyć walkę."},
		{"log.reaction-back", "{name} znów może zareagować."},
	},
	Kazakh: {
		{"log.edited", "{name}: сипаттамалар өзгертілді."},
		{"log.removed", "{name}: тақтадан шықты."},
		{"log.map", "Карта өзгертілді."},
		{"log.order", "Бастама кезегі қолмен белгіленді."},
		{"log.joined", "{name}: бастама кезегіне қосылды."},
		{"log.condition", "{name}: {condition}."},
		{"log.condition-removed", "{name}: енді {condition} емес."},
		{"log.chosen", "{name}: таңдау — {choice}."},
		{"log.one-side", "Тек бір тарап қана әрекет ете алады: ойын жүргізуші шайқасты аяқтай алады."},
		{"log.reaction-back", "{name}: жауап әрекеті қайта қолжетімді."},
	},
}
