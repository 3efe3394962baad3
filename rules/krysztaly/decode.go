package krysztaly

import (
	"bytes"
	"encoding/json"
	"io"

	"battlemat/rules/combat"
)

// maxProfileBytes bounds a profile document; real stat blocks are far smaller.
const maxProfileBytes = 1 << 16

// DecodeProfile reads a profile from its JSON form, strictly: unknown
// fields, trailing data and oversized input are rejected, and the result must
// pass Validate. Every error is a *combat.RuleError.
func DecodeProfile(raw []byte) (Profile, error) {
	var p Profile
	if err := decodeStrict(raw, &p, "profile"); err != nil {
		return Profile{}, err
	}
	if err := p.Validate(); err != nil {
		return Profile{}, err
	}
	return p, nil
}

// decodeStrict decodes one JSON value into v, rejecting unknown fields,
// trailing data and input over maxProfileBytes, with *combat.RuleError
// errors naming field.
func decodeStrict(raw []byte, v any, field string) error {
	if len(raw) > maxProfileBytes {
		return combat.Invalid("", field, "%d bytes is more than %d", len(raw), maxProfileBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if re, ok := err.(*combat.RuleError); ok {
			return re
		}
		return combat.Invalid("", field, "%v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return combat.Invalid("", field, "trailing data after the value")
	}
	return nil
}
