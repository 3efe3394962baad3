package i18n

// actionKeys are the words of the actions panel: its title, the actions a
// ruleset lists for the acting creature (Dash, Disengage, Dodge, Hide, any
// other action) and the mark of one that spends another counter than
// attacks do, named by {counter} (a bonus action). They join
// every catalogue when the package starts, like editorKeys.
var actionKeys = [numLangs]map[string]string{
	English: {
		"turn.actions":          "Actions",
		"turn.action.dash":      "Dash",
		"turn.action.disengage": "Disengage",
		"turn.action.dodge":     "Dodge",
		"turn.action.hide":      "Hide",
		"turn.action.other":     "Other action",
		"turn.action.spends":    "{action} ({counter})",
	},
	Hebrew: {
		"turn.actions":          "פעולות",
		"turn.action.dash":      "ריצה",
		"turn.action.disengage": "התנתקות",
		"turn.action.dodge":     "חמיקה",
		"turn.action.hide":      "הסתתרות",
		"turn.action.other":     "פעולה אחרת",
		"turn.action.spends":    "{action} ({counter})",
	},
	Polish: {
		"turn.actions":          "Akcje",
		"turn.action.dash":      "Sprint",
		"turn.action.disengage": "Wycofanie",
		"turn.action.dodge":     "Unik",
		"turn.action.hide":      "Ukrycie się",
		"turn.action.other":     "Inna akcja",
		"turn.action.spends":    "{action} ({counter})",
	},
	Kazakh: {
		"turn.actions":          "Әрекеттер",
		"turn.action.dash":      "Жүгіру",
		"turn.action.disengage": "Ұрыстан шығу",
		"turn.action.dodge":     "Жалтару",
		"turn.action.hide":      "Жасырыну",
		"turn.action.other":     "Басқа әрекет",
		"turn.action.spends":    "{action} ({counter})",
	},
}

func init() { merge(actionKeys) }
