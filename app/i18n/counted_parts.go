package i18n

// PartsN returns the counted message key like N, split into literal text
// and placeholder values like Parts, so each value can be bidi-isolated in
// its own element. The count is a value too: left in the literal text, its
// digits would join the weak run of the punctuation and values around them
// and could be laid out on the wrong side of them in a right-to-left line.
// An unknown key is returned as one piece of text, as N returns it.
func PartsN(l Lang, key string, n int64, args ...any) []Part {
	l, pattern := countedPattern(l, key, n)
	if pattern == "" {
		return []Part{{Text: key}}
	}
	return split(l, pattern, append([]any{"n", n}, args...))
}
