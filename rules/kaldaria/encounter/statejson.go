package encounter

import (
	"encoding/json"
	"strconv"
)

// The per-round and lasting states are written after every attack and at
// the end of every turn. These writers give the bytes json.Marshal gives
// (the same fields in the same order, the same ones left out) without
// its reflection; a list naming anything but a plain key (the engine's
// IDs are letters, digits, '-' and '_', which JSON writes as they are)
// goes through json.Marshal, which escapes it.

// marshalRound encodes a per-round state as json.Marshal does.
func marshalRound(r roundState) json.RawMessage {
	if !plainKeys(r.OAsMade) || !plainKeys(r.Struck) {
		return marshal(r)
	}
	b := make([]byte, 0, 64)
	b = append(b, '{')
	b = appendInt(b, "weaponParries", r.WeaponParries)
	b = appendInt(b, "shieldParries", r.ShieldParries)
	b = appendInt(b, "auraParries", r.AuraParries)
	b = appendInt(b, "dodgeHits", r.DodgeHits)
	b = appendKeys(b, "oasMade", r.OAsMade)
	b = appendKeys(b, "struck", r.Struck)
	return append(b, '}')
}

// marshalLasting encodes a lasting state as json.Marshal does.
func marshalLasting(st lasting) json.RawMessage {
	if !plainKeys(st.EngagedBy) {
		return marshal(st)
	}
	b := make([]byte, 0, 64)
	b = append(b, '{')
	b = appendKeys(b, "engagedBy", st.EngagedBy)
	if st.ForceArmour != nil {
		b = appendField(b, "forceArmour")
		b = strconv.AppendInt(b, int64(*st.ForceArmour), 10)
	}
	if st.LifeKeyUses != nil {
		b = appendField(b, "lifeKeyUses")
		b = strconv.AppendInt(b, int64(*st.LifeKeyUses), 10)
	}
	if st.Departed {
		b = appendField(b, "departed")
		b = append(b, "true"...)
	}
	b = appendInt(b, "movedRound", st.MovedRound)
	b = appendInt(b, "chargeRounds", st.ChargeRounds)
	return append(b, '}')
}

// appendField appends the name of a field of an object begun in b, after
// a comma when a field came before it.
func appendField(b []byte, name string) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

// appendInt appends an integer field, left out when 0 (omitempty).
func appendInt(b []byte, name string, v int) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(appendField(b, name), int64(v), 10)
}

// appendKeys appends a list of plain keys, left out when empty
// (omitempty).
func appendKeys(b []byte, name string, keys []string) []byte {
	if len(keys) == 0 {
		return b
	}
	b = append(appendField(b, name), '[')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"')
	}
	return append(b, ']')
}

// plainKeys reports whether every key is made of letters, digits, '-' and
// '_' only, which JSON writes unescaped.
func plainKeys(keys []string) bool {
	for _, k := range keys {
		for i := 0; i < len(k); i++ {
			c := k[i]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return false
			}
		}
	}
	return true
}
