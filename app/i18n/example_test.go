package i18n_test

import (
	"fmt"

	"battlemat/app/i18n"
	"battlemat/rules/rulesets"
)

// The language comes from the stored choice, else the browser's list; the
// page header takes its tag and direction from it. A ruleset's terms and
// dice come from its glossary.
func Example() {
	l := i18n.Parse("" + "," + "he-IL,he,en-US")
	fmt.Println(l, i18n.Dir(l), i18n.Name(l))
	fmt.Println(i18n.T(l, "bar.undo"))
	fmt.Println(i18n.N(i18n.Polish, "log.title", 22))
	reg := rulesets.Registry()
	fmt.Println(i18n.Dice(l, reg.Glossary("kaldaria"), 20), i18n.Percent(i18n.Polish, 1, 8))
	fmt.Println(i18n.Label(i18n.English, reg.Glossary("krysztaly"), "proficiency"))
	// Output:
	// he rtl עברית
	// ביטול
	// Dziennik (22 polecenia)
	// ק20 12,5%
	// proficiency (biegłość)
}

// Parts lets the UI put each placeholder value in its own <bdi>.
func ExampleParts() {
	for _, p := range i18n.Parts(i18n.English, "log.hit", "a", "אביר", "b", "Goblin 2", "n", 7) {
		if p.Arg {
			fmt.Printf("<bdi>%s</bdi>", p.Text)
		} else {
			fmt.Print(p.Text)
		}
	}
	fmt.Println()
	// Output:
	// <bdi>אביר</bdi> hits <bdi>Goblin 2</bdi> for <bdi>7</bdi>.
}
