package i18n

// counterKeys name the counters a ruleset declares for its turn
// (combat.Counter: "counter.<key>") and write one of them with what is left
// of it ("turn.left"), as the acting creature's line of the tracker lists
// them in "turn.status". A ruleset's counter without a word here is named
// by its glossary. They are one of every catalogue's tables, like
// editorKeys.
var counterKeys = [numLangs][]msg{
	English: {
		{"turn.left", "{counter} {n}"},
		{"counter.movement", "movement"},
		{"counter.actions", "actions"},
		{"counter.action", "action"},
		{"counter.attacks", "attacks"},
		{"counter.reaction", "reaction"},
	},
	Hebrew: {
		{"turn.left", "{counter} {n}"},
		{"counter.movement", "תנועה"},
		{"counter.actions", "פעולות"},
		{"counter.action", "פעולה"},
		{"counter.attacks", "התקפות"},
		{"counter.reaction", "תגובה"},
	},
	Polish: {
		{"turn.left", "{counter} {n}"},
		{"counter.movement", "ruch"},
		{"counter.actions", "akcje"},
		{"counter.action", "akcja"},
		{"counter.attacks", "ataki"},
		{"counter.reaction", "reakcja"},
	},
	Kazakh: {
		{"turn.left", "{counter} {n}"},
		{"counter.movement", "жүріс"},
		{"counter.actions", "әрекет"},
		{"counter.action", "әрекет"},
		{"counter.attacks", "шабуыл"},
		{"counter.reaction", "реакция"},
	},
}
