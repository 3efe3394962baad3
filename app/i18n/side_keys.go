package i18n

// sideKeys are the words of the side panel: its tabs, behind which sit the
// panels a turn does not need (the log, the forecast, the legend, the
// setup), each saying when something new arrived in it; and the compact
// attack panel's disclosures. They are one of every catalogue's
// tables.
var sideKeys = [numLangs][]msg{
	English: {
		{"attack.odds.more", "Details"},
		{"attack.odds.never", "Cannot happen here:"},
		{"tabs.label", "More panels"},
		{"tabs.log", "Log"},
		{"tabs.new", "New commands: {n}"},
		{"tabs.fresh", "A new result"},
		{"attack.trace.hint", "Show every step of this attack with its rule ID"},
	},
	Hebrew: {
		{"attack.odds.more", "פרטים"},
		{"attack.odds.never", "לא יכול לקרות כאן:"},
		{"tabs.label", "חלוניות נוספות"},
		{"tabs.log", "יומן"},
		{"tabs.new", "פקודות חדשות: {n}"},
		{"tabs.fresh", "יש תוצאה חדשה"},
		{"attack.trace.hint", "הצגת כל שלבי ההתקפה הזאת עם מזהה הכלל של כל שלב"},
	},
	Polish: {
		{"attack.odds.more", "Szczegóły"},
		{"attack.odds.never", "Tu niemożliwe:"},
		{"tabs.label", "Więcej paneli"},
		{"tabs.log", "Dziennik"},
		{"tabs.new", "Nowe polecenia: {n}"},
		{"tabs.fresh", "Nowy wynik"},
		{"attack.trace.hint", "Pokaż każdy krok tego ataku z identyfikatorem reguły"},
	},
	Kazakh: {
		{"attack.odds.more", "Толығырақ"},
		{"attack.odds.never", "Мұнда мүмкін емес:"},
		{"tabs.label", "Басқа панельдер"},
		{"tabs.log", "Журнал"},
		{"tabs.new", "Жаңа командалар: {n}"},
		{"tabs.fresh", "Жаңа нәтиже бар"},
		{"attack.trace.hint", "Осы шабуылдың әр қадамын ереже идентификаторымен көрсету"},
	},
}
