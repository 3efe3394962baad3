package grid

import "testing"

// TestSquareCapacity covers V-37 and S-15 (K-SIZE-1, K-SIZE-2).
func TestSquareCapacity(t *testing.T) {
	g, h, o := SizeGorg, SizeHuman, SizeOgre
	tests := []struct {
		vector string
		sizes  []Size
		fits   bool
	}{
		{"V-37/3-gorgs", []Size{g, g, g}, true},
		{"V-37/4-gorgs", []Size{g, g, g, g}, false},
		{"V-37/2-humans", []Size{h, h}, true},
		{"V-37/3-humans", []Size{h, h, h}, false},
		{"V-37/1-ogre", []Size{o}, true},
		{"V-37/2-ogres", []Size{o, o}, false},
		{"S-15/human+gorg", []Size{h, g}, true},
		{"S-15/2-humans+gorg", []Size{h, h, g}, false},
		{"S-15/human+2-gorgs", []Size{h, g, g}, false},
		{"S-15/ogre+gorg", []Size{o, g}, false},
		{"K-SIZE-3/giant-alone", []Size{SizeGiant}, true},
		{"K-SIZE-3/giant+gorg", []Size{SizeGiant, g}, false},
	}
	for _, tt := range tests {
		t.Run(tt.vector, func(t *testing.T) {
			if got := Fits(tt.sizes...); got != tt.fits {
				t.Errorf("Fits(%v) = %v, want %v", tt.sizes, got, tt.fits)
			}
		})
	}
}

// TestFootprintSide covers S-16 (K-SIZE-3 as amended by D-4) and the size
// boundaries of A-31.
func TestFootprintSide(t *testing.T) {
	tests := []struct {
		vector string
		cm     int
		size   Size
		side   int
		errata string
	}{
		{"A-31/1.34m", 134, SizeGorg, 1, "the source leaves 1.3–1.4 m uncovered (INC-10)"},
		{"A-31/1.35m", 135, SizeHuman, 1, ""},
		{"A-31/2.0m", 200, SizeHuman, 1, "2 m is in two rows of the source table (INC-10)"},
		{"A-31/3.0m", 300, SizeOgre, 1, "3 m is in two rows of the source table (INC-10); D-4: giant means over 3 m"},
		{"D-4/3.01m", 301, SizeGiant, 2, ""},
		{"S-16/3.5m", 350, SizeGiant, 2, ""},
		{"D-4/5.0m", 500, SizeGiant, 2, ""},
		{"D-4/5.01m", 501, SizeGiant, 3, ""},
		{"S-16/6m", 600, SizeGiant, 3, ""},
		{"S-16/8m", 800, SizeGiant, 4, ""},
	}
	for _, tt := range tests {
		t.Run(tt.vector, func(t *testing.T) {
			if tt.errata != "" {
				t.Log("errata:", tt.errata)
			}
			if got := SizeForHeight(tt.cm); got != tt.size {
				t.Errorf("SizeForHeight(%d) = %v, want %v", tt.cm, got, tt.size)
			}
			if got := FootprintSide(tt.cm); got != tt.side {
				t.Errorf("FootprintSide(%d) = %d, want %d", tt.cm, got, tt.side)
			}
		})
	}
}
