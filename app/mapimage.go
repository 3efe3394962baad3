package app

import (
	"encoding/base64"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// Bounds of a map image: the file the GM picks and the picture it decodes
// to. Both are checked before the image is kept: the size of the file
// first, then its first bytes (PNG, JPEG or WebP, whatever the file claims
// to be), then the decoded picture's own size, never the header's word.
const (
	MaxMapBytes  = 8 << 20 // bytes of the image file
	MaxMapSide   = 8192    // pixels on either side of the decoded picture
	MaxMapPixels = 1 << 24 // pixels of the decoded picture in all
)

// blob names under which the library keeps an encounter's map image and
// how the grid sits on it.
const (
	blobMap    = "map"
	blobMapFit = "map-fit"
)

// errMapImage reports a map image refused: not a PNG, JPEG or WebP, too
// large, or undecodable. Its text is a catalogue key.
type errMapImage string

func (e errMapImage) Error() string { return string(e) }

// mapImage is the picture under the grid of the open encounter.
type mapImage struct {
	entry string    // the library entry it was read for
	blob  app.Value // the checked image, nil when there is none
	url   string    // an object URL of the image, "" when there is none
	w, h  int       // the decoded picture's size in pixels
	fit   mapFit
}

// mapFit is how the grid sits on the picture: the picture drawn at Scale
// percent of its pixels as board units, moved by DX, DY board units, and
// dimmed by Dim percent so the highlights stay readable.
type mapFit struct {
	Scale, DX, DY, Dim int
}

// MapLayer is the map image as the board draws it, in board units.
type MapLayer struct {
	URL        string
	X, Y, W, H int
	Opacity    string
}

// layer returns the board's map layer, nil when there is no picture.
func (m mapImage) layer() *MapLayer {
	if m.url == "" {
		return nil
	}
	return &MapLayer{URL: m.url, X: margin + m.fit.DX, Y: margin + m.fit.DY,
		W: m.w * m.fit.Scale / 100, H: m.h * m.fit.Scale / 100,
		Opacity: strconv.FormatFloat(float64(100-m.fit.Dim)/100, 'f', 2, 64)}
}

// sniffImage reports whether the first bytes of a file are a PNG, a JPEG
// or a WebP picture, and its kind.
func sniffImage(b []byte) (string, bool) {
	switch {
	case len(b) >= 8 && string(b[:8]) == "\x89PNG\r\n\x1a\n":
		return "image/png", true
	case len(b) >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff:
		return "image/jpeg", true
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "image/webp", true
	}
	return "", false
}

// pngTooLarge reads the size a PNG declares (IHDR) to refuse a picture
// that would be too large before the browser decodes it; the decoded size
// is checked again afterwards.
func pngTooLarge(b []byte) bool {
	if len(b) < 24 {
		return false
	}
	w := int(b[16])<<24 | int(b[17])<<16 | int(b[18])<<8 | int(b[19])
	h := int(b[20])<<24 | int(b[21])<<16 | int(b[22])<<8 | int(b[23])
	return !mapSizeOK(w, h)
}

// mapSizeOK reports whether a decoded picture is within the bounds.
func mapSizeOK(w, h int) bool {
	return w > 0 && h > 0 && w <= MaxMapSide && h <= MaxMapSide && w*h <= MaxMapPixels
}

// defaultFit lays the picture's width over the grid's, undimmed a little.
func defaultFit(w, cols int) mapFit {
	return mapFit{Scale: max(1, cols*cellPx*100/max(1, w)), Dim: 30}
}

// then calls ok with a promise's value or fail with its error.
func then(p app.Value, ok func(app.Value), fail func(app.Value)) {
	var okF, failF app.Func
	okF = app.FuncOf(func(this app.Value, args []app.Value) any {
		okF.Release()
		failF.Release()
		ok(args[0])
		return nil
	})
	failF = app.FuncOf(func(this app.Value, args []app.Value) any {
		okF.Release()
		failF.Release()
		fail(args[0])
		return nil
	})
	p.Call("then", okF, failF)
}

// decodeMap checks and decodes a picked file: its size, its first bytes,
// the PNG's declared size, then the picture the browser decodes (its real
// size). done gets the blob and the size, or an errMapImage.
func decodeMap(ctx app.Context, file app.Value, done func(ctx app.Context, blob app.Value, w, h int, err error)) {
	fail := func(key string) {
		ctx.Dispatch(func(ctx app.Context) { done(ctx, app.Undefined(), 0, 0, errMapImage(key)) })
	}
	if size := file.Get("size").Int(); size <= 0 || size > MaxMapBytes {
		fail("map.too-large")
		return
	}
	then(file.Call("slice", 0, 32).Call("arrayBuffer"), func(buf app.Value) {
		head := make([]byte, buf.Get("byteLength").Int())
		app.CopyBytesToGo(head, app.Window().Get("Uint8Array").New(buf))
		kind, ok := sniffImage(head)
		switch {
		case !ok:
			fail("map.not-image")
			return
		case kind == "image/png" && pngTooLarge(head):
			fail("map.too-large")
			return
		}
		parts := app.Window().Get("Array").New()
		parts.Call("push", file)
		blob := app.Window().Get("Blob").New(parts, map[string]any{"type": kind})
		then(app.Window().Call("createImageBitmap", blob), func(bmp app.Value) {
			w, h := bmp.Get("width").Int(), bmp.Get("height").Int()
			bmp.Call("close")
			if !mapSizeOK(w, h) {
				fail("map.too-large")
				return
			}
			ctx.Dispatch(func(ctx app.Context) { done(ctx, blob, w, h, nil) })
		}, func(app.Value) { fail("map.not-image") })
	}, func(app.Value) { fail("map.not-image") })
}

// pickMap keeps the picked image with the open encounter in the library
// and draws it under the grid.
func (t *Table) pickMap(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Get("length").Int() == 0 {
		return
	}
	file := files.Index(0)
	ctx.JSSrc().Set("value", "")
	cols := t.state().Map.W
	decodeMap(ctx, file, func(ctx app.Context, blob app.Value, w, h int, err error) {
		if err != nil {
			t.notice = warn(err.Error(), "max", i18n.Int(t.lang, MaxMapBytes>>20), "side", MaxMapSide)
			return
		}
		fit := defaultFit(w, cols)
		t.showMap(blob, w, h, fit)
		t.saveMap(ctx, blob)
	})
}

// showMap draws blob under the grid, releasing the previous picture.
func (t *Table) showMap(blob app.Value, w, h int, fit mapFit) {
	t.dropMap()
	t.mapImg = mapImage{entry: t.shelf.entry.ID, blob: blob, url: app.Window().Get("URL").Call("createObjectURL", blob).String(), w: w, h: h, fit: fit}
}

// dropMap forgets the picture on screen (not the stored one).
func (t *Table) dropMap() {
	if t.mapImg.url != "" {
		app.Window().Get("URL").Call("revokeObjectURL", t.mapImg.url)
	}
	t.mapImg = mapImage{entry: t.shelf.entry.ID}
}

// saveMap stores the picture (when blob is defined) and its fit with the
// open encounter; a failure is told, and the picture stays on screen.
func (t *Table) saveMap(ctx app.Context, blob app.Value) {
	db, id := t.shelf.db, t.shelf.entry.ID
	if db == nil || id == "" {
		return
	}
	failed := func(ctx app.Context, err error) {
		if err != nil {
			t.storageFailed(err)
		}
	}
	f := t.mapImg.fit
	fit := app.ValueOf(map[string]any{"scale": f.Scale, "dx": f.DX, "dy": f.DY, "dim": f.Dim})
	if blob.Truthy() {
		db.PutBlob(id, blobMap, blob, failed)
	}
	db.PutBlob(id, blobMapFit, fit, failed)
}

// removeMap deletes the open encounter's picture.
func (t *Table) removeMap(ctx app.Context, e app.Event) {
	t.dropMap()
	if db, id := t.shelf.db, t.shelf.entry.ID; db != nil && id != "" {
		db.PutBlob(id, blobMap, app.Null(), func(ctx app.Context, err error) {})
		db.PutBlob(id, blobMapFit, app.Null(), func(ctx app.Context, err error) {})
	}
}

// loadMap reads the open encounter's picture from the library, once per
// entry, and checks it again as if it had just been picked: what the
// database holds is not trusted either.
func (t *Table) loadMap(ctx app.Context) {
	db, id := t.shelf.db, t.shelf.entry.ID
	if db == nil || id == "" || t.mapImg.entry == id {
		return
	}
	t.dropMap()
	db.Blob(id, blobMap, func(ctx app.Context, blob app.Value, err error) {
		if err != nil || !blob.Truthy() || t.shelf.entry.ID != id {
			return
		}
		decodeMap(ctx, blob, func(ctx app.Context, blob app.Value, w, h int, err error) {
			if err != nil || t.shelf.entry.ID != id {
				return
			}
			db.Blob(id, blobMapFit, func(ctx app.Context, v app.Value, err error) {
				fit := storedFit(v, err, defaultFit(w, t.state().Map.W))
				if t.shelf.entry.ID == id {
					t.showMap(blob, w, h, fit)
				}
			})
		})
	})
}

// storedFit reads a fit the library kept (v, read with err), each value
// within its bounds; def where there is none or a value is not a number.
func storedFit(v app.Value, err error, def mapFit) mapFit {
	if err != nil || !v.Truthy() {
		return def
	}
	return mapFit{Scale: clampInt(v.Get("scale"), 1, 1000, def.Scale), DX: clampInt(v.Get("dx"), -10000, 10000, 0),
		DY: clampInt(v.Get("dy"), -10000, 10000, 0), Dim: clampInt(v.Get("dim"), 0, 90, def.Dim)}
}

// clampInt reads a stored number within lo..hi, or def when it is not one.
func clampInt(v app.Value, lo, hi, def int) int {
	if v.Type() != app.TypeNumber {
		return def
	}
	return max(lo, min(hi, v.Int()))
}

// renderMapControls are the setup panel's map image controls: pick a
// picture, then scale, move and dim it under the grid, or remove it.
func (t *Table) renderMapControls() app.UI {
	l := t.lang
	body := []app.UI{
		app.H3().Text(i18n.T(l, "map.title")),
		app.P().Class("hint").Text(i18n.T(l, "map.hint", "max", i18n.Int(l, MaxMapBytes>>20))),
		app.Label().Class("button").Body(
			app.Text(i18n.T(l, "map.pick")),
			app.Input().ID("map-file").Type("file").Accept("image/png,image/jpeg,image/webp").Class("hidden").OnChange(t.pickMap),
		),
	}
	if t.mapImg.url != "" {
		f := t.mapImg.fit
		slider := func(id, key string, lo, hi, v int) app.UI {
			return field(say(l, key), app.Input().ID(id).Type("range").Attr("min", lo).Attr("max", hi).Value(v).Attr("data-fit", id).OnInput(t.fitMap))
		}
		body = append(body,
			slider("map-scale", "map.scale", 10, 1000, f.Scale),
			slider("map-dx", "map.dx", -t.state().Map.W*cellPx, t.state().Map.W*cellPx, f.DX),
			slider("map-dy", "map.dy", -t.state().Map.H*cellPx, t.state().Map.H*cellPx, f.DY),
			slider("map-dim", "map.dim", 0, 90, f.Dim),
			app.Button().ID("map-remove").Text(i18n.T(l, "map.remove")).OnClick(t.removeMap),
		)
	}
	return app.Div().ID("map-controls").Class("map-controls").Body(body...)
}

// fitMap moves one of the fit's sliders; the slider says which (data-fit).
func (t *Table) fitMap(ctx app.Context, e app.Event) {
	v, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil {
		return
	}
	t.mapImg.fit = t.mapImg.fit.with(data(ctx, "fit"), v)
	t.saveMap(ctx, app.Undefined())
}

// with is the fit with the slider which (its element ID) moved to v, kept
// within the slider's bounds.
func (f mapFit) with(which string, v int) mapFit {
	switch which {
	case "map-scale":
		f.Scale = max(10, min(1000, v))
	case "map-dx":
		f.DX = v
	case "map-dy":
		f.DY = v
	case "map-dim":
		f.Dim = max(0, min(90, v))
	}
	return f
}

// mapNote is what a share notice adds while a map image is shown: the
// picture stays in this browser, the link carries the board alone.
func (t *Table) mapNote() string {
	if t.mapImg.url == "" {
		return ""
	}
	return " " + i18n.T(t.lang, "map.not-in-link")
}

// withPicture calls done with the shown map image as a save file's
// picture (nil when there is none).
func (t *Table) withPicture(ctx app.Context, done func(ctx app.Context, p *combat.Picture, err error)) {
	pictureOf(ctx, t.mapImg.blob, t.mapImg.fit, done)
}

// storedPicture calls done with the map image the library keeps for entry
// id as a save file's picture (nil when there is none).
func (t *Table) storedPicture(ctx app.Context, id string, done func(ctx app.Context, p *combat.Picture, err error)) {
	db := t.shelf.db
	db.Blob(id, blobMap, func(ctx app.Context, blob app.Value, err error) {
		if err != nil || !blob.Truthy() {
			done(ctx, nil, err)
			return
		}
		db.Blob(id, blobMapFit, func(ctx app.Context, v app.Value, err error) {
			pictureOf(ctx, blob, storedFit(v, err, mapFit{Scale: 100}), done)
		})
	})
}

// pictureOf calls done with a picture blob and its fit as a save file's
// picture (nil when blob is none), its bytes read from the blob.
func pictureOf(ctx app.Context, blob app.Value, fit mapFit, done func(ctx app.Context, p *combat.Picture, err error)) {
	if blob == nil || !blob.Truthy() {
		done(ctx, nil, nil)
		return
	}
	then(blob.Call("arrayBuffer"), func(buf app.Value) {
		b := make([]byte, buf.Get("byteLength").Int())
		app.CopyBytesToGo(b, app.Window().Get("Uint8Array").New(buf))
		p := &combat.Picture{Type: blob.Get("type").String(), Data: base64.StdEncoding.EncodeToString(b), Fit: combat.PictureFit(fit)}
		ctx.Dispatch(func(ctx app.Context) { done(ctx, p, nil) })
	}, func(err app.Value) {
		ctx.Dispatch(func(ctx app.Context) { done(ctx, nil, errMapImage(err.Get("message").String())) })
	})
}

// openPicture checks the map picture a save file carried as a picked file
// is checked (size, first bytes, the decoded picture's size) and, when it
// passes, draws it under the grid of the open encounter and keeps it in
// the library. One that fails is left out with the reason; the encounter
// stays open.
func (t *Table) openPicture(ctx app.Context, p *combat.Picture) {
	id := t.shelf.entry.ID
	leftOut := func(key string) {
		l := t.lang
		t.notice = warn("map.file-left-out", "why", i18n.T(l, key, "max", i18n.Int(l, MaxMapBytes>>20), "side", MaxMapSide))
	}
	if len(p.Data) > base64.StdEncoding.EncodedLen(MaxMapBytes) {
		leftOut("map.too-large")
		return
	}
	b, err := base64.StdEncoding.DecodeString(p.Data)
	if err != nil {
		leftOut("map.not-image")
		return
	}
	arr := app.Window().Get("Uint8Array").New(len(b))
	app.CopyBytesToJS(arr, b)
	parts := app.Window().Get("Array").New()
	parts.Call("push", arr)
	file := app.Window().Get("Blob").New(parts)
	decodeMap(ctx, file, func(ctx app.Context, blob app.Value, w, h int, err error) {
		if t.shelf.entry.ID != id {
			return
		}
		if err != nil {
			leftOut(err.Error())
			return
		}
		f := p.Fit
		t.showMap(blob, w, h, mapFit{Scale: max(1, min(1000, f.Scale)), DX: max(-10000, min(10000, f.DX)),
			DY: max(-10000, min(10000, f.DY)), Dim: max(0, min(90, f.Dim))})
		t.saveMap(ctx, blob)
	})
}
