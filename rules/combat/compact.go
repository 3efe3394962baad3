package combat

// compactJSON reports whether raw is one valid JSON value with no space,
// tab or line break anywhere in it, as json.Marshal writes it: what
// json.Valid(raw) and the absence of those bytes report together, in one
// pass and without the scanner's call per byte, since rulesets hand the
// engine their opaque states after every attack and turn. Its callers
// bound raw to MaxOpaque bytes, which cannot nest as deep as json.Valid's
// limit.
func compactJSON(raw []byte) bool {
	end, ok := compactValue(raw, 0)
	return ok && end == len(raw)
}

// compactValue reads the compact JSON value starting at b[i] and returns
// where it ends.
func compactValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; {
	case c == '{':
		return compactList(b, i+1, '}', true)
	case c == '[':
		return compactList(b, i+1, ']', false)
	case c == '"':
		return compactString(b, i)
	case c == '-' || '0' <= c && c <= '9':
		return compactNumber(b, i)
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
			return i + len(lit), true
		}
	}
	return i, false
}

// compactList reads the members of an object (keyed) or the elements of
// an array from b[i], just after its opening bracket, up to its closing
// one, and returns where the list ends.
func compactList(b []byte, i int, closing byte, keyed bool) (int, bool) {
	if i < len(b) && b[i] == closing {
		return i + 1, true
	}
	for {
		var ok bool
		if keyed {
			if i >= len(b) || b[i] != '"' {
				return i, false
			}
			if i, ok = compactString(b, i); !ok || i >= len(b) || b[i] != ':' {
				return i, false
			}
			i++
		}
		if i, ok = compactValue(b, i); !ok || i >= len(b) {
			return i, false
		}
		switch b[i] {
		case ',':
			i++
		case closing:
			return i + 1, true
		default:
			return i, false
		}
	}
}

// compactString reads the string starting at b[i], its opening quote, and
// returns where it ends: no control character nor space in it, and only
// JSON's escapes.
func compactString(b []byte, i int) (int, bool) {
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c <= ' ':
			return i, false
		case c == '\\':
			i++
			if i >= len(b) {
				return i, false
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(b)-i <= 4 {
					return i, false
				}
				for _, h := range b[i+1 : i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return i, false
					}
				}
				i += 4
			default:
				return i, false
			}
		}
	}
	return i, false
}

// compactNumber reads the number starting at b[i] (RFC 8259 §6) and
// returns where it ends.
func compactNumber(b []byte, i int) (int, bool) {
	digits := func(i int) (int, bool) {
		start := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i, i > start
	}
	if b[i] == '-' {
		i++
	}
	var ok bool
	switch {
	case i < len(b) && b[i] == '0':
		i++
	default:
		if i, ok = digits(i); !ok {
			return i, false
		}
	}
	if i < len(b) && b[i] == '.' {
		if i, ok = digits(i + 1); !ok {
			return i, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i, ok = digits(i); !ok {
			return i, false
		}
	}
	return i, true
}
