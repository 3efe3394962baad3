package combat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxOpaque bounds a ruleset's opaque JSON (a profile, a per-round or
// persistent state, an attack option) in bytes: the one size limit of
// DecodeStrict, and the engine's limit on what it stores.
const MaxOpaque = 4096

// maxDepth bounds how deeply JSON arrays and objects may nest in anything
// the engine or a ruleset decodes.
const maxDepth = 64

// maxArray bounds the length of any JSON array the engine or a ruleset
// decodes: the longest list of the save format is a map's walls, at most
// one per square. A longer one is refused before anything is decoded.
const maxArray = MaxMapSide * MaxMapSide

// DecodeStrict decodes one JSON value of at most MaxOpaque bytes into v, the
// one strict decoder of the engine and every ruleset: exactly one value, no
// trailing data, no unknown fields, object keys spelled exactly as the
// fields they fill (no case variants), no repeated keys, only valid UTF-8
// and no lone surrogates. Errors are *RuleError on field, unless a type's own
// decoder returned a *RuleError.
func DecodeStrict(field string, data []byte, v any) error {
	if len(data) > MaxOpaque {
		return Invalid("", field, "%d bytes is more than %d", len(data), MaxOpaque)
	}
	if err := strictUnmarshal(data, v); err != nil {
		var re *RuleError
		if errors.As(err, &re) {
			return re
		}
		var ke *keyError
		if errors.As(err, &ke) {
			if ke.path != "" {
				field += "." + ke.path
			}
			return &RuleError{Field: field, Msg: ke.Error(), Key: ke.refusal, Args: []any{"key", ke.key}}
		}
		return Invalid("", field, "%v", err)
	}
	return nil
}

// strictUnmarshal decodes data into v as DecodeStrict does, without a size
// limit: callers bound the input. The scanner has already refused unknown
// fields (it knows v's type), so encoding/json decodes what is left.
func strictUnmarshal(data []byte, v any) error {
	return strictUnmarshalCapped(data, v, nil)
}

// strictUnmarshalCapped is strictUnmarshal with tighter bounds on the
// length of arrays of some types (caps), checked before anything is
// decoded.
func strictUnmarshalCapped(data []byte, v any, caps map[reflect.Type]int) error {
	sc := scanner{data: data, caps: caps}
	if err := sc.document(reflect.TypeOf(v)); err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// checkJSON checks that data is one strict JSON value, as strictUnmarshal
// does, without decoding it or knowing its type.
func checkJSON(data []byte) error {
	sc := scanner{data: data}
	return sc.document(nil)
}

// scanner checks JSON text against the rules of DecodeStrict, walking the
// Go type it decodes into (nil where the type decodes itself or is
// unknown) to check key spellings.
type scanner struct {
	data  []byte
	pos   int
	depth int
	path  []segment            // where the scanner is, for error messages
	caps  map[reflect.Type]int // the most elements of an array of each type, when below maxArray
}

// segment is one step of a path into a document: an object key or, when
// key is nil, an array index.
type segment struct {
	key   []byte
	index int
}

var (
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	rawMessageType  = reflect.TypeFor[json.RawMessage]()
)

// document checks that the data is exactly one value.
func (s *scanner) document(t reflect.Type) error {
	if err := s.value(t); err != nil {
		return err
	}
	s.space()
	if s.pos != len(s.data) {
		return s.fail("trailing data after the value")
	}
	return nil
}

func (s *scanner) fail(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if p := s.where(); p != "" {
		msg = p + ": " + msg
	}
	return fmt.Errorf("json: %s (offset %d)", msg, s.pos)
}

// where is the path of the value being scanned ("weapons[0]"), "" at the
// top.
func (s *scanner) where() string {
	var b strings.Builder
	for _, p := range s.path {
		if p.key != nil {
			b.WriteString("." + string(p.key))
		} else {
			fmt.Fprintf(&b, "[%d]", p.index)
		}
	}
	return strings.TrimPrefix(b.String(), ".")
}

// failKey is fail for an object key a user can mistype (a field the value
// has not, or one given twice): DecodeStrict makes it the refusal key names.
func (s *scanner) failKey(refusal string, key []byte, format string, args ...any) error {
	return &keyError{err: s.fail(format, args...), path: s.where(), key: string(key), refusal: refusal}
}

// keyError is the scanner's error about an object key.
type keyError struct {
	err     error
	path    string // where the object is
	key     string
	refusal string // RefusalUnknownField or RefusalRepeatedKey
}

// Error is the scanner's message.
func (e *keyError) Error() string { return e.err.Error() }

func (s *scanner) space() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// typed returns the type whose keys the scanner checks for a value decoded
// into t: nil when t decodes itself (json.Unmarshaler, json.RawMessage),
// is an interface, or is unknown.
func typed(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t == rawMessageType || t.Kind() == reflect.Interface || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	return t
}

func (s *scanner) value(t reflect.Type) error {
	s.space()
	if s.pos >= len(s.data) {
		return s.fail("unexpected end of input")
	}
	t = typed(t)
	switch c := s.data[s.pos]; {
	case c == '{':
		return s.object(t)
	case c == '[':
		return s.array(t)
	case c == '"':
		_, err := s.str()
		return err
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(s.data[s.pos:], []byte(lit)) {
				s.pos += len(lit)
				return nil
			}
		}
		return s.fail("invalid character %q", c)
	}
}

func (s *scanner) enter() error {
	if s.depth++; s.depth > maxDepth {
		return s.fail("nested deeper than %d", maxDepth)
	}
	s.pos++
	return nil
}

func (s *scanner) array(t reflect.Type) error {
	if err := s.enter(); err != nil {
		return err
	}
	var elem reflect.Type
	limit := maxArray
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
		if c, ok := s.caps[t]; ok {
			limit = c
		}
	}
	s.space()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		s.depth--
		return nil
	}
	for i := 0; ; i++ {
		if i == limit {
			return s.fail("more than %d elements", limit)
		}
		if done, err := s.member(segment{index: i}, elem, ']', "an array element"); err != nil || done {
			return err
		}
	}
}

// member scans one array element or object value at path segment seg, then
// the comma or closing bracket after it; done reports that the bracket
// closed the array or object.
func (s *scanner) member(seg segment, t reflect.Type, closer byte, what string) (done bool, err error) {
	s.path = append(s.path, seg)
	if err := s.value(t); err != nil {
		return false, err
	}
	s.path = s.path[:len(s.path)-1]
	s.space()
	if s.pos >= len(s.data) {
		return false, s.fail("unexpected end of input")
	}
	switch s.data[s.pos] {
	case ',':
		s.pos++
		return false, nil
	case closer:
		s.pos++
		s.depth--
		return true, nil
	}
	return false, s.fail("invalid character %q after "+what, s.data[s.pos])
}

// smallObject is how many keys an object may have before repeats are
// looked up in a map rather than by comparison with every earlier key.
const smallObject = 16

func (s *scanner) object(t reflect.Type) error {
	if err := s.enter(); err != nil {
		return err
	}
	var fields map[string]reflect.Type
	var elem reflect.Type
	if t != nil {
		switch t.Kind() {
		case reflect.Struct:
			fields = s.structFields(t)
		case reflect.Map:
			elem = t.Elem()
		}
	}
	s.space()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		s.depth--
		return nil
	}
	var small [smallObject][]byte
	keys := small[:0]
	var seen map[string]bool
	for {
		s.space()
		if s.pos >= len(s.data) || s.data[s.pos] != '"' {
			return s.fail("expected a key")
		}
		key, err := s.str()
		if err != nil {
			return err
		}
		if seen == nil && len(keys) == smallObject {
			seen = map[string]bool{}
			for _, k := range keys {
				seen[string(k)] = true
			}
		}
		if seen != nil && seen[string(key)] || seen == nil && containsKey(keys, key) {
			return s.failKey(RefusalRepeatedKey, key, "key %q repeated", key)
		}
		if seen != nil {
			seen[string(key)] = true
		} else {
			keys = append(keys, key)
		}
		vt := elem
		if fields != nil {
			ft, ok := fields[string(key)]
			if !ok {
				return s.failKey(RefusalUnknownField, key, "unknown field %q", key)
			}
			vt = ft
		} else if t != nil && t.Kind() == reflect.Struct {
			return s.failKey(RefusalUnknownField, key, "unknown field %q", key)
		}
		s.space()
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			return s.fail("expected ':' after key %q", key)
		}
		s.pos++
		if done, err := s.member(segment{key: key}, vt, '}', "an object value"); err != nil || done {
			return err
		}
	}
}

func containsKey(list [][]byte, k []byte) bool {
	for _, x := range list {
		if bytes.Equal(x, k) {
			return true
		}
	}
	return false
}

// fieldsOf remembers structFields by type, as encoding/json remembers its
// own view of each type: it depends on the type alone.
var fieldsOf sync.Map // reflect.Type → map[string]reflect.Type

// structFields returns the JSON names of a struct's fields, with fields of
// untagged embedded structs promoted, as encoding/json reads them.
func (s *scanner) structFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldsOf.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	f := map[string]reflect.Type{}
	var add func(t reflect.Type)
	add = func(t reflect.Type) {
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
				add(sf.Type)
				continue
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			if _, dup := f[name]; !dup {
				f[name] = sf.Type
			}
		}
	}
	add(t)
	fieldsOf.Store(t, f)
	return f
}

// str reads a string and returns its value, a slice of the input unless it
// holds escapes; invalid UTF-8, control characters, bad escapes and lone
// surrogates are errors.
func (s *scanner) str() ([]byte, error) {
	s.pos++
	start := s.pos
	var buf []byte // the value, once an escape makes it differ from the text
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			v := s.data[start:s.pos]
			s.pos++
			if buf != nil {
				return buf, nil
			}
			return v, nil
		case c < 0x20:
			return nil, s.fail("control character in a string")
		case c == '\\':
			if buf == nil {
				buf = append([]byte(nil), s.data[start:s.pos]...)
			}
			var err error
			if buf, err = s.escape(buf); err != nil {
				return nil, err
			}
		case c < utf8.RuneSelf:
			if buf != nil {
				buf = append(buf, c)
			}
			s.pos++
		default:
			r, n := utf8.DecodeRune(s.data[s.pos:])
			if r == utf8.RuneError && n <= 1 {
				return nil, s.fail("invalid UTF-8 in a string")
			}
			if buf != nil {
				buf = append(buf, s.data[s.pos:s.pos+n]...)
			}
			s.pos += n
		}
	}
	return nil, s.fail("unterminated string")
}

// escape reads the escape sequence at s.pos and appends its value to buf.
func (s *scanner) escape(buf []byte) ([]byte, error) {
	if s.pos+1 >= len(s.data) {
		return nil, s.fail("unterminated escape")
	}
	c := s.data[s.pos+1]
	if i := strings.IndexByte(`"\/bfnrt`, c); i >= 0 {
		s.pos += 2
		return append(buf, "\"\\/\b\f\n\r\t"[i]), nil
	}
	if c != 'u' {
		return nil, s.fail("invalid escape \\%c", c)
	}
	r, ok := s.hex4(s.pos + 2)
	if !ok {
		return nil, s.fail("invalid \\u escape")
	}
	s.pos += 6
	if utf16.IsSurrogate(r) {
		lo, ok := rune(0), false
		if s.pos+1 < len(s.data) && s.data[s.pos] == '\\' && s.data[s.pos+1] == 'u' {
			lo, ok = s.hex4(s.pos + 2)
		}
		if r = utf16.DecodeRune(r, lo); !ok || r == utf8.RuneError {
			return nil, s.fail("lone surrogate in a string")
		}
		s.pos += 6
	}
	return utf8.AppendRune(buf, r), nil
}

// hex4 reads four hexadecimal digits at i.
func (s *scanner) hex4(i int) (rune, bool) {
	if i+4 > len(s.data) {
		return 0, false
	}
	var r rune
	for _, c := range s.data[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// number reads a number in JSON's grammar.
func (s *scanner) number() error {
	d := s.data
	digits := func() int {
		n := 0
		for s.pos < len(d) && d[s.pos] >= '0' && d[s.pos] <= '9' {
			s.pos++
			n++
		}
		return n
	}
	if d[s.pos] == '-' {
		s.pos++
	}
	if s.pos < len(d) && d[s.pos] == '0' {
		s.pos++
	} else if digits() == 0 {
		return s.fail("invalid number")
	}
	if s.pos < len(d) && d[s.pos] == '.' {
		s.pos++
		if digits() == 0 {
			return s.fail("invalid number")
		}
	}
	if s.pos < len(d) && (d[s.pos] == 'e' || d[s.pos] == 'E') {
		s.pos++
		if s.pos < len(d) && (d[s.pos] == '+' || d[s.pos] == '-') {
			s.pos++
		}
		if digits() == 0 {
			return s.fail("invalid number")
		}
	}
	return nil
}
