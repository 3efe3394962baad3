package dnd5e

import (
	"testing"

	"battlemat/rules/combat"
)

// TestGlossaryNamesTheTurn: 5e's glossary names the counters of its turn
// that the engine does not name (the bonus action, DND-BONUS-2, and the
// object interaction, DND-FREE-3), every action of DND-ND-1 it lists but
// the attack and any other action, and the sneaking mark (DND-SURP-3), with a label and an explanation in
// each of the app's other languages.
func TestGlossaryNamesTheTurn(t *testing.T) {
	g := combat.GlossaryOf(Ruleset{})
	if g == nil {
		t.Fatal("5e has no glossary")
	}
	keys := []string{CounterBonus, CounterInteraction, ConditionSneaking}
	for _, a := range []Action{ActionDash, ActionDisengage, ActionDodge, ActionHide} {
		keys = append(keys, string(a))
	}
	for _, key := range keys {
		if _, ok := g.Term(key); !ok {
			t.Errorf("%q: no term", key)
		}
		for _, lang := range []string{"en", "he", "pl", "kk"} {
			if s, ok := g.Label(lang, key); !ok || s == "" {
				t.Errorf("%s, %q: no label", lang, key)
			}
			if s, ok := g.Explanation(lang, key); !ok || s == "" {
				t.Errorf("%s, %q: no explanation", lang, key)
			}
		}
	}
	if len(g.Terms) != len(keys) {
		t.Errorf("%d terms, want %d", len(g.Terms), len(keys))
	}
}

// TestGlossaryTexts checks that the labels and the explanations give each
// term exactly one text in each of Hebrew, Polish and Kazakh, and name no
// other key: byLang keeps one text where a key came twice.
func TestGlossaryTexts(t *testing.T) {
	terms := Ruleset{}.Glossary().Terms
	for name, texts := range map[string][]langText{"labels": glossaryLabels, "explain": glossaryExplain} {
		seen := map[[2]string]bool{}
		for _, x := range texts {
			if _, ok := terms[x.key]; !ok || x.text == "" {
				t.Errorf("%s: %s %q is not a term or is empty", name, x.lang, x.key)
			}
			if seen[[2]string{x.lang, x.key}] {
				t.Errorf("%s: %s %q comes twice", name, x.lang, x.key)
			}
			seen[[2]string{x.lang, x.key}] = true
		}
		if want := 3 * len(terms); len(seen) != want {
			t.Errorf("%s: %d texts, want %d", name, len(seen), want)
		}
	}
}
