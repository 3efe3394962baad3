package i18n

// PartsN returns the counted message key like N, split into literal text
// and placeholder values like Parts, so each value (a band's name, a rule
// ID) can be bidi-isolated in its own element. The count itself is part of
// the literal text: digits take the direction of their surroundings.
func PartsN(l Lang, key string, n int64, args ...any) []Part {
	// N leaves the other placeholders in place, and Parts takes a text that
	// is no key as its own pattern.
	return Parts(l, N(l, key, n), args...)
}
