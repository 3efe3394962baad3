package krysztaly

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestProfileJSON pins the JSON form of the sample profiles, the shape stat
// blocks are saved and shared in, and checks that each file decodes back to
// its sample. Run with -update to rewrite the files after a deliberate change.
func TestProfileJSON(t *testing.T) {
	for name, p := range map[string]Profile{"orc": SampleOrc(), "warrior": SampleWarrior()} {
		t.Run(name, func(t *testing.T) {
			got, err := json.MarshalIndent(p, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", name+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s changed:\n%s", path, got)
			}
			back, err := DecodeProfile(want)
			if err != nil {
				t.Fatal(err)
			}
			if again, _ := json.MarshalIndent(back, "", "  "); !bytes.Equal(append(again, '\n'), want) {
				t.Errorf("%s does not decode to its sample", path)
			}
		})
	}
}
