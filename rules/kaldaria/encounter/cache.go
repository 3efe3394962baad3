package encounter

import "sync"

// sheetCache memoises decoded sheets by their JSON: highlight queries decode
// every combatant on each call, and an encounter's profiles rarely change.
// It holds at most maxCachedSheets entries and is safe for concurrent use;
// it never changes a result, only how fast it comes.
var sheetCache struct {
	sync.Mutex
	m map[string]Sheet
}

const maxCachedSheets = 512

// decodeSheetCached is DecodeSheet through sheetCache. Sheets hold slices
// (weapons, groups) that callers must treat as read-only.
func decodeSheetCached(raw []byte) (Sheet, error) {
	sheetCache.Lock()
	s, ok := sheetCache.m[string(raw)]
	sheetCache.Unlock()
	if ok {
		return s, nil
	}
	s, err := DecodeSheet(raw)
	if err != nil {
		return Sheet{}, err
	}
	sheetCache.Lock()
	if sheetCache.m == nil || len(sheetCache.m) >= maxCachedSheets {
		sheetCache.m = map[string]Sheet{}
	}
	sheetCache.m[string(raw)] = s
	sheetCache.Unlock()
	return s, nil
}
