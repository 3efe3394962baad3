package encounter

import "reflect"

// LaidOutChanged lists, for the tests outside the package, the JSON of
// each sheet laidOut keeps that is no longer what decoding that JSON gives,
// and how many it keeps: DecodeSheet hands those sheets out, slices and
// pointers shared, so a writer through any of them would change every
// encounter built after it.
func LaidOutChanged() (changed []string, kept int) {
	laidOut.Range(func(k, v any) bool {
		kept++
		if want, err := decodeSheet([]byte(k.(string))); err != nil || !reflect.DeepEqual(v, want) {
			changed = append(changed, k.(string))
		}
		return true
	})
	return changed, kept
}
