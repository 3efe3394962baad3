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

func TestParseName(t *testing.T) {
	for name, want := range map[string]Square{"A1": {0, 0}, "i7": {8, 6}, "AA12": {26, 11}, "zz1": {701, 0}, "AAA9999": {702, 9998}} {
		if got, err := ParseName(name); err != nil || got != want {
			t.Errorf("ParseName(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	for _, bad := range []string{"", "A", "7", "A0", "A01", "AAAA1", "A12345", "A-1", "A 1", " A1", "A1 ", "Ä1", "A1B"} {
		if s, err := ParseName(bad); err == nil {
			t.Errorf("ParseName(%q) = %v, want an error", bad, s)
		}
	}
}

// FuzzParseName checks that a square's name never panics, stays within
// its bounds, and reads back to itself: ParseName(s.Name()) == s.
func FuzzParseName(f *testing.F) {
	for _, s := range []string{"A1", "zz99", "AAA9999", "A0", "", "\xff1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s, err := ParseName(name)
		if err != nil {
			return
		}
		if s.X < 0 || s.X > 18277 || s.Y < 0 || s.Y > 9998 {
			t.Fatalf("%q reads as %v, out of bounds", name, s)
		}
		if back, err := ParseName(s.Name()); err != nil || back != s {
			t.Fatalf("%q reads as %v, named %q, which reads as %v, %v", name, s, s.Name(), back, err)
		}
	})
}
