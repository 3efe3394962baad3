package combat

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"io"
	"strings"
)

// LinkPrefix starts every share link of the current version.
const LinkPrefix = "v1."

// LinkLimits bound a share link: smaller than a file, because a link is
// opened from anywhere.
var LinkLimits = Limits{Bytes: 64 << 10, Inflated: 1 << 20, Combatants: 100, MapSide: 100, Log: 2000, Tape: 2000}

// EncodeLink returns the session as a share link for a URL fragment:
// "v1." followed by the unpadded base64url of the deflated compact save
// document. A history longer than a link holds travels shortened
// (linkSave). An encounter beyond LinkLimits otherwise is an error, not a
// link that DecodeLink would refuse: it has to travel as a file.
func EncodeLink(s *Session) (string, error) {
	sv := s.linkSave()
	if err := sv.validate(LinkLimits); err != nil {
		return "", err
	}
	doc, err := json.Marshal(sv)
	if err != nil {
		return "", err
	}
	if len(doc) > LinkLimits.Inflated {
		return "", Invalid("", "link", "%d bytes of encounter is more than %d", len(doc), LinkLimits.Inflated)
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(doc); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	link := LinkPrefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	if len(link) > LinkLimits.Bytes {
		return "", Invalid("", "link", "%d bytes is more than %d", len(link), LinkLimits.Bytes)
	}
	return link, nil
}

// linkSave returns the save document of a link: the session's, or, when its
// log is longer than LinkLimits.Log, without the undone tail and with the
// oldest entries folded into the start, as the session folds them past
// HistoryLimit. The link then opens to the same fight with a shorter undo.
func (s *Session) linkSave() Save {
	sv := s.save()
	if len(sv.Log) <= LinkLimits.Log {
		return sv
	}
	sv.Log = sv.Log[:s.cursor]
	if over := len(sv.Log) - LinkLimits.Log; over > 0 {
		fold := (over + snapEvery - 1) / snapEvery * snapEvery
		sv.Start, sv.Log = s.snaps[fold/snapEvery], sv.Log[fold:]
		sv.Cursor, sv.Folded = s.cursor-fold, s.folded+fold
	}
	return sv
}

// DecodeLink opens a share link (the fragment, with or without '#', or a
// whole URL ending in it) within LinkLimits and replays it with reg. Unknown
// versions, oversized input and anything malformed are errors; it never
// panics.
func DecodeLink(reg *Registry, link string) (*Session, error) {
	sv, err := parseLink(link, LinkLimits, migrations(reg))
	if err != nil {
		return nil, err
	}
	return replaySave(reg, sv)
}

func parseLink(link string, lim Limits, steps map[int]Migration) (Save, error) {
	if i := strings.IndexByte(link, '#'); i >= 0 {
		link = link[i+1:]
	}
	if len(link) > lim.Bytes {
		return Save{}, Invalid("", "link", "%d bytes is more than %d", len(link), lim.Bytes)
	}
	version, body, ok := strings.Cut(link, ".")
	if !ok || version+"." != LinkPrefix {
		return Save{}, &VersionError{What: "link", Version: version}
	}
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return Save{}, Invalid("", "link", "not base64url: %v", err)
	}
	doc, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), int64(lim.Inflated)+1))
	if err != nil {
		return Save{}, Invalid("", "link", "not deflate data: %v", err)
	}
	if len(doc) > lim.Inflated {
		return Save{}, Invalid("", "link", "inflates to more than %d bytes", lim.Inflated)
	}
	lim.Bytes = lim.Inflated
	sv, err := parseSave(doc, lim, steps)
	if err == nil && sv.Picture != nil {
		return Save{}, Invalid("", "link.picture", "a link carries no map picture")
	}
	return sv, err
}
