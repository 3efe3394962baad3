package grid

import "testing"

func TestDistance(t *testing.T) {
	giant := Footprint{At: Square{2, 2}, Side: 2} // covers (2,2)–(3,3)
	tests := []struct {
		name string
		a, b Footprint
		want int
	}{
		{"same square", Single(Square{1, 1}), Single(Square{1, 1}), 0},
		{"orthogonal", Single(Square{1, 1}), Single(Square{1, 2}), 1},
		{"diagonal", Single(Square{1, 1}), Single(Square{2, 2}), 1},
		{"two apart", Single(Square{1, 1}), Single(Square{3, 2}), 2},
		{"giant overlap", giant, Single(Square{3, 3}), 0},
		{"giant far corner", giant, Single(Square{4, 4}), 1},
		{"giant left", giant, Single(Square{0, 3}), 2},
		{"giant above", giant, Single(Square{3, 1}), 1},
		{"two giants", giant, Footprint{At: Square{5, 0}, Side: 2}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Distance(tt.a, tt.b); got != tt.want {
				t.Errorf("Distance = %d, want %d", got, tt.want)
			}
			if got := Distance(tt.b, tt.a); got != tt.want {
				t.Errorf("Distance reversed = %d, want %d", got, tt.want)
			}
			if got := Touching(tt.a, tt.b); got != (tt.want <= 1) {
				t.Errorf("Touching = %v", got)
			}
		})
	}
}

func TestOrthogonalRing(t *testing.T) {
	f := Footprint{At: Square{1, 1}, Side: 2}
	m := Map{W: 4, H: 4}
	got := Format(m, Layers(Paint('o', f.OrthogonalRing()...), Paint('G', f.Squares()...)))
	want := ".oo.\noGGo\noGGo\n.oo.\n"
	if got != want {
		t.Errorf("ring:\n%s\nwant:\n%s", got, want)
	}
}
