package rulesets

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"battlemat/rules/combat"
)

var update = flag.Bool("update", false, "rewrite the sample files in assets/samples")

// samplesDir holds every bundled sample as a save file users can import,
// and as a golden file: a change to a sample or to the save format shows
// here first.
const samplesDir = "../../assets/samples"

// TestSampleFiles checks assets/samples holds each sample exactly as the
// app would export it, and that each file imports back.
func TestSampleFiles(t *testing.T) {
	reg := Registry()
	for _, s := range Samples() {
		t.Run(s.ID, func(t *testing.T) {
			sess, err := s.Session(reg)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := combat.EncodeSave(sess)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(samplesDir, s.ID+".battlemat.json")
			if *update {
				if err := os.MkdirAll(samplesDir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, doc, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%v (run go test ./rules/rulesets -update)", err)
			}
			if !bytes.Equal(doc, want) {
				t.Fatalf("%s differs from the sample as built (run go test ./rules/rulesets -update after checking why)", name)
			}
			if _, err := combat.DecodeSave(reg, want); err != nil {
				t.Fatalf("%s does not import: %v", name, err)
			}
			// The file as version 1 wrote it opens to the same session,
			// less the sides' aims version 5 added (ENG-AIM-1).
			old, err := os.ReadFile(filepath.Join("testdata", "v1", s.ID+".battlemat.json"))
			if err != nil {
				t.Fatal(err)
			}
			was, err := combat.DecodeSave(reg, old)
			if err != nil {
				t.Fatalf("the version 1 file does not import: %v", err)
			}
			now := sess.State()
			now.Aims = nil
			if !reflect.DeepEqual(was.State(), now) {
				t.Errorf("the version 1 file opens to a different encounter")
			}
		})
	}
}
