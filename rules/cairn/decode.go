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
	var c Character
	if err := decodeStrict(data, "profile", &c); err != nil {
		return Character{}, err
	}
	if err := c.Validate(); err != nil {
		return Character{}, err
	}
	return c, nil
}

// decodeStrict decodes one JSON value into v, rejecting unknown fields and
// trailing data; field names the input in the error.
func decodeStrict(data []byte, field string, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return combat.Invalid("", field, "%v", err)
	}
	if dec.More() {
		return combat.Invalid("", field, "trailing data")
	}
	return nil
}
