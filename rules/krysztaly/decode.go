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
	if len(raw) > maxProfileBytes {
		return Profile{}, combat.Invalid("", "profile", "%d bytes is more than %d", len(raw), maxProfileBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var p Profile
	if err := dec.Decode(&p); err != nil {
		if re, ok := err.(*combat.RuleError); ok {
			return Profile{}, re
		}
		return Profile{}, combat.Invalid("", "profile", "%v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Profile{}, combat.Invalid("", "profile", "trailing data after the profile")
	}
	if err := p.Validate(); err != nil {
		return Profile{}, err
	}
	return p, nil
}
