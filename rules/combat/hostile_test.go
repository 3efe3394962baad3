package combat

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"runtime/metrics"
	"strings"
	"testing"

	"battlemat/rules/grid"
)

// allocated returns the bytes f allocates (read from runtime/metrics,
// which does not stop the world as runtime.ReadMemStats does).
func allocated(f func()) uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	f()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

// inflatedSize returns how many bytes a link's body inflates to, up to
// LinkLimits.Inflated+1, or 0 when it is not a deflated base64url body.
func inflatedSize(link string) int {
	_, body, _ := strings.Cut(link, ".")
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return 0
	}
	n, _ := io.Copy(io.Discard, io.LimitReader(flate.NewReader(bytes.NewReader(raw)), int64(LinkLimits.Inflated)+1))
	return int(n)
}

// tiebreakBomb is the share link of issue 11 item 2: two creatures, an
// initiative order whose roll-off lists hold ties faces each, then entries
// cheap commands, each of which used to copy the whole order.
func tiebreakBomb(ties, entries int) []byte {
	enc := NewEncounter("fake", grid.Map{W: 10, H: 10}, 1)
	for i, id := range []string{"a", "b"} {
		enc.Combatants = append(enc.Combatants, Combatant{ID: id, Name: id, Side: id, Pos: grid.Square{X: i}, Stats: Stats{MaxHP: 10, Speed: 30}, HP: 10})
	}
	faces := make([]int, ties)
	for i := range faces {
		faces[i] = 1
	}
	log := []Entry{{Command: SetOrder{Order: []Slot{{Members: []string{"a"}, Tiebreak: faces}, {Members: []string{"b"}, Tiebreak: faces}}}}}
	for len(log) < entries {
		log = append(log, Entry{Command: SetHP{ID: "a", HP: 5}})
	}
	doc, _ := json.Marshal(Save{Format: SaveFormat, Version: 1, Start: enc, Log: log, Cursor: len(log)})
	return doc
}

// TestHostileInputsRefusedCheaply: inputs beyond the documented bounds are
// refused before they cost more than a small multiple of their size (the
// link's inflated document, the save's bytes). The tie-break link of issue
// 11 item 2 (a 1.5 KB link that held 3 GB) is among them.
func TestHostileInputsRefusedCheaply(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 100000)
	var many strings.Builder
	many.WriteString(`{"format":"battlemat-encounter","version":2,"start":{"ruleset":"fake","map":{"w":1,"h":1},"phase":"setup","turn":{"slot":0,"member":0},"dice":0},"cursor":0,"x":{`)
	for i := range 40000 {
		if i > 0 {
			many.WriteString(",")
		}
		fmt.Fprintf(&many, `"k%d":0`, i)
	}
	many.WriteString("}}")
	manyKeys := many.String()
	longLog := tiebreakBomb(0, SaveLimits.Log+1)
	rows := []struct {
		name string
		doc  []byte
	}{
		{"tiebreak-bomb", tiebreakBomb(200000, 2000)},
		{"deep-nesting", []byte(deep)},
		{"many-keys", []byte(manyKeys)},
		{"log-over-limit", longLog},
		{"spaces", []byte(strings.Repeat(" ", LinkLimits.Inflated))},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			budget := 16*uint64(len(row.doc)) + 64<<10
			if len(row.doc) <= LinkLimits.Inflated {
				link := deflateLink(row.doc)
				var err error
				got := allocated(func() { _, err = DecodeLink(testRegistry, link) })
				if err == nil {
					t.Fatal("the link opened")
				}
				if got > budget+16*uint64(len(link)) {
					t.Errorf("refusing a %d-byte link of %d bytes allocated %d bytes (budget %d): %v", len(link), len(row.doc), got, budget, err)
				}
				t.Logf("a %d-byte link of %d bytes is refused after allocating %d bytes: %v", len(link), len(row.doc), got, err)
			}
			var err error
			got := allocated(func() { _, err = DecodeSave(testRegistry, row.doc) })
			if err == nil {
				t.Fatal("the save opened")
			}
			if got > budget {
				t.Errorf("refusing a %d-byte save allocated %d bytes (budget %d): %v", len(row.doc), got, budget, err)
			}
		})
	}
}
