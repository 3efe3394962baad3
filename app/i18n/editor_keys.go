package i18n

// editorKeys are messages the editor and the dice field need beyond the
// main catalogues: a blank board offered like a link or a file, and the
// field errors of the creature form and the physical dice. They join every
// catalogue when the package starts, so Has, T and the catalogue tests see
// them like any other key.
var editorKeys = [numLangs]map[string]string{
	English: {
		"attack.dice.bad": "{face} is not a die face.",
		"edit.bad-hp":     "HP: {value} is not a whole number.",
		"edit.bad-json":   "Stat block: not valid JSON ({error}).",
	},
	Hebrew: {
		"attack.dice.bad": "{face} אינו תוצאה של קובייה.",
		"edit.bad-hp":     "נק״פ: {value} אינו מספר שלם.",
		"edit.bad-json":   "גיליון נתונים: JSON לא תקין ({error}).",
	},
	Polish: {
		"attack.dice.bad": "{face} to nie wynik rzutu kością.",
		"edit.bad-hp":     "PŻ: {value} to nie liczba całkowita.",
		"edit.bad-json":   "Statystyki: niepoprawny JSON ({error}).",
	},
	Kazakh: {
		"attack.dice.bad": "{face} кубиктің мәні емес.",
		"edit.bad-hp":     "HP: {value} бүтін сан емес.",
		"edit.bad-json":   "Сипаттамалар: JSON дұрыс емес ({error}).",
	},
}

func init() { merge(editorKeys) }

// merge adds messages kept outside the main catalogues to them, language
// by language.
func merge(extra [numLangs]map[string]string) {
	for l, msgs := range extra {
		for key, m := range msgs {
			catalogues[l].msgs[key] = m
		}
	}
}
