package app

import "testing"

// TestChooseOption reads the weapon menu's value as an index and keeps the
// current choice for a value that is not one.
func TestChooseOption(t *testing.T) {
	for _, c := range []struct {
		value string
		want  int
	}{{"0", 0}, {"2", 2}, {"12", 12}, {"", 1}, {"x", 1}, {"1.5", 1}} {
		m := Model{option: 1}
		m.chooseOption(c.value)
		if m.option != c.want {
			t.Errorf("chooseOption(%q): option %d, want %d", c.value, m.option, c.want)
		}
	}
}
