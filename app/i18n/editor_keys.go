package i18n

// editorKeys are messages the editor and the dice field need beyond the
// main catalogues: a blank board offered like a link or a file, and the
// field errors of the creature form and the physical dice. They are one of
// every catalogue's tables (see tables), so Has, T and the catalogue tests
// see them like any other key.
var editorKeys = [numLangs][]msg{
	English: {
		{"edit.wall-squares", "Wall squares"},
		{"edit.no-walls", "none: press Draw walls and tap squares, or type e.g. C4, D4"},
		{"attack.dice.bad", "{face} is not a die face."},
		{"edit.bad-hp", "HP: {value} is not a whole number."},
		{"edit.bad-json", "Stat block: not valid JSON ({error})."},
	},
	Hebrew: {
		{"edit.wall-squares", "משבצות קיר"},
		{"edit.no-walls", "אין: לחצו על ציור קירות והקישו על משבצות, או כתבו למשל C4, D4"},
		{"attack.dice.bad", "{face} אינו תוצאה של קובייה."},
		{"edit.bad-hp", "נק״פ: {value} אינו מספר שלם."},
		{"edit.bad-json", "גיליון נתונים: JSON לא תקין ({error})."},
	},
	Polish: {
		{"edit.wall-squares", "Pola ścian"},
		{"edit.no-walls", "brak: wciśnij Rysuj ściany i stukaj pola lub wpisz np. C4, D4"},
		{"attack.dice.bad", "{face} to nie wynik rzutu kością."},
		{"edit.bad-hp", "PŻ: {value} to nie liczba całkowita."},
		{"edit.bad-json", "Statystyki: niepoprawny JSON ({error})."},
	},
	Kazakh: {
		{"edit.wall-squares", "Қабырға шаршылары"},
		{"edit.no-walls", "жоқ: «Қабырға салу» батырмасын басып, шаршыларды түртіңіз не мысалы C4, D4 деп жазыңыз"},
		{"attack.dice.bad", "{face} кубиктің мәні емес."},
		{"edit.bad-hp", "HP: {value} бүтін сан емес."},
		{"edit.bad-json", "Сипаттамалар: JSON дұрыс емес ({error})."},
	},
}
