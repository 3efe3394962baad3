package grid

import "testing"

func TestColumnName(t *testing.T) {
	for c, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 27: "AB", 51: "AZ", 52: "BA", 701: "ZZ", 702: "AAA"} {
		if got := ColumnName(c); got != want {
			t.Errorf("ColumnName(%d) = %q, want %q", c, got, want)
		}
	}
}

func TestSquareName(t *testing.T) {
	for s, want := range map[Square]string{{0, 0}: "A1", {8, 6}: "I7", {26, 11}: "AA12"} {
		if got := s.Name(); got != want {
			t.Errorf("%v.Name() = %q, want %q", s, got, want)
		}
	}
}
