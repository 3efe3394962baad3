package i18n

// Category is a CLDR plural category: which grammatical form a count takes.
type Category uint8

// The plural categories used by our languages (CLDR 44 plural rules).
const (
	Other Category = iota
	One
	Two
	Few
	Many
	numCategories
)

var categoryNames = [numCategories]string{"other", "one", "two", "few", "many"}

// String returns the CLDR name of the category ("one", "few", …).
func (c Category) String() string {
	if c >= numCategories {
		return "other"
	}
	return categoryNames[c]
}

// Plural returns the plural category of the whole number n in l, following
// the CLDR 44 rules for integers (the sign is ignored, as CLDR does):
//
//   - English: one for 1, other otherwise;
//   - Hebrew: one for 1, two for 2, other otherwise (CLDR 42 dropped "many");
//   - Polish: one for 1; few when the last digit is 2–4 but the last two
//     are not 12–14; many otherwise (other is for fractions only);
//   - Kazakh: one for 1, other otherwise.
func Plural(l Lang, n int64) Category {
	if n < 0 {
		n = -n
	}
	switch l.valid() {
	case Hebrew:
		switch n {
		case 1:
			return One
		case 2:
			return Two
		}
		return Other
	case Polish:
		if n == 1 {
			return One
		}
		if d, dd := n%10, n%100; d >= 2 && d <= 4 && (dd < 12 || dd > 14) {
			return Few
		}
		return Many
	}
	if n == 1 {
		return One
	}
	return Other
}
