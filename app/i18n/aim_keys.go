package i18n

// aimKeys are the words of the sides' aims: the editor's choice of fight
// or escape with the exits to mark, the exits on the board, and the log's
// line when the GM sets an aim. They join every catalogue when the package
// starts, like editorKeys. {side} is a side's key, {squares} a list of
// square names.
var aimKeys = [numLangs]map[string]string{
	English: {
		"aim.title":      "Aims",
		"aim.hint":       "A side that escapes wins by getting a creature out through one of its exits; the forecast counts those escapes.",
		"aim.side":       "Aim of {side}",
		"aim.fight":      "Fight to the last",
		"aim.escape":     "Escape through exits",
		"aim.mark":       "Mark exits",
		"aim.exits":      "Exits: {squares}",
		"aim.no-exits":   "No exits yet: press Mark exits and tap squares on the board.",
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
		"aim.exits":      "יציאות: {squares}",
		"aim.no-exits":   "עדיין אין יציאות: לחצו על ״סימון יציאות״ והקישו על משבצות בלוח.",
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
		"aim.exits":      "Wyjścia: {squares}",
		"aim.no-exits":   "Brak wyjść: naciśnij „Zaznacz wyjścia” i stuknij pola na planszy.",
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
		"aim.exits":      "Шығатын жерлер: {squares}",
		"aim.no-exits":   "Шығатын жер әлі жоқ: «Шығатын жерлерді белгілеу» батырмасын басып, тақтадағы шаршыларды түртіңіз.",
		"board.exits":    "{side} тарабының шығатын жерлері: {squares}.",
		"log.aim-escape": "{side} белгіленген шығатын жерлерге бет алады.",
		"log.aim-fight":  "{side} соңына дейін шайқасады.",
	},
}

func init() { merge(aimKeys) }
