package tactics

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestHighlightGolden pins the JSON the UI receives for one selection: a
// human beside a pinned ogre, a wall at its back, and an archer across the
// room. Run with -update after an intended change and review the diff.
func TestHighlightGolden(t *testing.T) {
	b := scene(t, `
		..#....
		.aO..x.
		.......`, map[string]func(*Creature){
		"O": func(c *Creature) { c.Side, c.Size, c.EngagedBy = "X", 3, []string{"a"} },
		"x": func(c *Creature) { c.Side = "X" },
		"a": func(c *Creature) { c.Speed = SpeedFast },
	})
	for _, id := range []string{"a", "O"} {
		t.Run(id, func(t *testing.T) {
			h, err := b.Highlight(id)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(h, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", "highlight-"+id+".json")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the engine's answer; run with -update and review the diff", path)
			}
		})
	}
}
