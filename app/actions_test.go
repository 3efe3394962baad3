package app

import (
	"testing"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// TestActionButtons checks the actions panel's element IDs and labels: an
// action by its key in 5e's words (its glossary: the SRD's term, with it
// after the label in another language), a bonus action marked as such in
// each language, by the counter's label alone, and a key neither the
// glossary nor the catalogue has.
func TestActionButtons(t *testing.T) {
	tests := []struct {
		name   string
		lang   i18n.Lang
		choice combat.ActionChoice
		id     string
		label  string
	}{
		{"dash", i18n.English, combat.ActionChoice{Key: "dash", Resource: "action"}, "action-dash", "Dash"},
		{"bonus", i18n.English, combat.ActionChoice{Key: "hide", Resource: "bonus"}, "action-hide-bonus", "Hide (bonus action)"},
		{"polish", i18n.Polish, combat.ActionChoice{Key: "dodge", Resource: "action"}, "action-dodge", "Unik (Dodge)"},
		{"hebrew bonus", i18n.Hebrew, combat.ActionChoice{Key: "disengage", Resource: "bonus"}, "action-disengage-bonus", "התנתקות (" + i18n.Isolate("Disengage") + ") (פעולה נוספת)"},
		{"kazakh bonus", i18n.Kazakh, combat.ActionChoice{Key: "dash", Resource: "bonus"}, "action-dash-bonus", "Жүгіру (Dash) (қосымша әрекет)"},
		{"kazakh", i18n.Kazakh, combat.ActionChoice{Key: "other", Resource: "action"}, "action-other", "Басқа әрекет"},
		{"unknown key", i18n.English, combat.ActionChoice{Key: "stand-fast", Resource: "action"}, "action-stand-fast", "stand fast"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := actionButtonID("dnd5e", tc.choice); got != tc.id {
				t.Errorf("ID %q, want %q", got, tc.id)
			}
			if got := actionLabel(tc.lang, "dnd5e", tc.choice); got != tc.label {
				t.Errorf("label %q, want %q", got, tc.label)
			}
		})
	}
}
