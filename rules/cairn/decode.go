package cairn

import (
	"bytes"
	"encoding/json"

	"battlemat/rules/combat"
)

// MaxProfileBytes bounds the size of an encoded stat block.
const MaxProfileBytes = 16 << 10

// DecodeCharacter reads a stat block from JSON strictly — unknown fields,
// trailing data and oversized input are rejected — and validates it.
func DecodeCharacter(data []byte) (Character, error) {
	if len(data) > MaxProfileBytes {
		return Character{}, combat.Invalid("", "profile", "%d bytes; at most %d", len(data), MaxProfileBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var c Character
	if err := dec.Decode(&c); err != nil {
		return Character{}, combat.Invalid("", "profile", "%v", err)
	}
	if dec.More() {
		return Character{}, combat.Invalid("", "profile", "trailing data after the stat block")
	}
	if err := c.Validate(); err != nil {
		return Character{}, err
	}
	return c, nil
}
