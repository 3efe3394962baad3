package i18n

// actionKeys are the words of the actions panel: its title, any other
// action than those a ruleset's glossary names (5e's Dash, Disengage,
// Dodge and Hide) and the mark of one that spends another counter than
// attacks do, named by {counter} (a bonus action). They are one of
// every catalogue's tables, like editorKeys.
var actionKeys = [numLangs][]msg{
	English: {
		{"turn.actions", "Actions"},
		{"turn.action.other", "Other action"},
		{"turn.action.spends", "{action} ({counter})"},
	},
	Hebrew: {
		{"turn.actions", "פעולות"},
		{"turn.action.other", "פעולה אחרת"},
		{"turn.action.spends", "{action} ({counter})"},
	},
	Polish: {
		{"turn.actions", "Akcje"},
		{"turn.action.other", "Inna akcja"},
		{"turn.action.spends", "{action} ({counter})"},
	},
	Kazakh: {
		{"turn.actions", "Әрекеттер"},
		{"turn.action.other", "Басқа әрекет"},
		{"turn.action.spends", "{action} ({counter})"},
	},
}
