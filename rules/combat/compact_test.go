package combat

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzCompactJSON checks that compactJSON answers as json.Valid and a look
// for white space do together.
func FuzzCompactJSON(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `""`, `0`, `-0.5e+7`, `01`, `1.`, `-`, `true`, `nul`, `{"a":[1,{"b":null}],"c":"\u00e9\n"}`,
		`{"a" :1}`, `["x y"]`, `{"a":1,}`, `[1,]`, `"\x"`, `"\u12"`, "\"\x01\"", `{"engagedBy":["a-1","b_2"],"movedRound":3}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		want := json.Valid(raw) && !bytes.ContainsAny(raw, " \t\n\r")
		if got := compactJSON(raw); got != want {
			t.Fatalf("compactJSON(%q) = %v, want %v", raw, got, want)
		}
	})
}
