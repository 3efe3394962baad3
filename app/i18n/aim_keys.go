package i18n

// aimKeys are the words of the sides' aims: the editor's choice of fight
// or escape with the exits to mark, the exits on the board, and the log's
// line when the GM sets an aim. They join every catalogue when the package
// starts, like editorKeys. {side} is a side's key, {squares} a list of
// square names, {name} what was typed for a square.
var aimKeys = [numLangs]map[string]string{
	English: {
		"aim.title":      "Aims",
		"aim.hint":       "A side that escapes wins by getting a creature out through one of its exits; the forecast counts those escapes.",
		"aim.side":       "Aim of {side}",
		"aim.fight":      "Fight to the last",
		"aim.escape":     "Escape through exits",
		"aim.mark":       "Mark exits",
		"aim.exits":      "Exit squares",
		"aim.bad-square": "{name} is not a square: write squares as on the board, e.g. I3, J3.",
		"aim.too-many":   "That list names more than {max} squares, more than any map holds.",
		"aim.no-exits":   "none yet: tap squares or type e.g. I3, J3",
		"board.exits":    "Exits of {side}: {squares}.",
		"log.aim-escape": "{side} makes for the marked exits.",
		"log.aim-fight":  "{side} fights to the last.",
	},
	Hebrew: {
		"aim.title":      "מטרות",
		"aim.hint":       "צד שבורח מנצח כשאחד מיצוריו יוצא דרך אחת היציאות שלו; התחזית סופרת את הבריחות האלה.",
		"aim.side":       "המטרה של {side}",
		"aim.fight":      "להילחם עד הסוף",
		"aim.escape":     "לברוח דרך היציאות",
		"aim.mark":       "סימון יציאות",
		"aim.exits":      "משבצות יציאה",
		"aim.bad-square": "{name} אינה משבצת: כתבו משבצות כמו על הלוח, למשל I3, J3.",
		"aim.too-many":   "ברשימה יותר מ־{max} משבצות, יותר מכל מפה.",
		"aim.no-exits":   "עדיין אין: הקישו על משבצות או כתבו למשל I3, J3",
		"board.exits":    "היציאות של {side}: {squares}.",
		"log.aim-escape": "{side} פונים אל היציאות המסומנות.",
		"log.aim-fight":  "{side} נלחמים עד הסוף.",
	},
	Polish: {
		"aim.title":      "Cele",
		"aim.hint":       "Strona, która ucieka, wygrywa, gdy choć jedna jej postać wydostanie się przez jedno z jej wyjść; prognoza liczy te ucieczki.",
		"aim.side":       "Cel strony {side}",
		"aim.fight":      "Walka do końca",
		"aim.escape":     "Ucieczka przez wyjścia",
		"aim.mark":       "Zaznacz wyjścia",
		"aim.exits":      "Pola wyjścia",
		"aim.bad-square": "{name} to nie pole: zapisz pola jak na planszy, np. I3, J3.",
		"aim.too-many":   "Ta lista wymienia ponad {max} pól, więcej niż mieści jakakolwiek mapa.",
		"aim.no-exits":   "jeszcze brak: stuknij pola lub wpisz np. I3, J3",
		"board.exits":    "Wyjścia strony {side}: {squares}.",
		"log.aim-escape": "{side} kieruje się do zaznaczonych wyjść.",
		"log.aim-fight":  "{side} walczy do końca.",
	},
	Kazakh: {
		"aim.title":      "Мақсаттар",
		"aim.hint":       "Қашатын тарап өз шығатын жерлерінің бірі арқылы бір жаратылысын шығарса, жеңеді; болжам осы қашуларды санайды.",
		"aim.side":       "{side} тарабының мақсаты",
		"aim.fight":      "Соңына дейін шайқасу",
		"aim.escape":     "Шығатын жерлер арқылы қашу",
		"aim.mark":       "Шығатын жерлерді белгілеу",
		"aim.exits":      "Шығатын шаршылар",
		"aim.bad-square": "{name} шаршы емес: шаршыларды тақтадағыдай жазыңыз, мысалы I3, J3.",
		"aim.too-many":   "Тізімде {max} шаршыдан артық бар, бұл кез келген картадан көп.",
		"aim.no-exits":   "әлі жоқ: шаршыларды түртіңіз немесе жазыңыз, мысалы I3, J3",
		"board.exits":    "{side} тарабының шығатын жерлері: {squares}.",
		"log.aim-escape": "{side} белгіленген шығатын жерлерге бет алады.",
		"log.aim-fight":  "{side} соңына дейін шайқасады.",
	},
}

func init() { merge(aimKeys) }
