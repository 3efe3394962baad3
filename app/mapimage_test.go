package app

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// TestSniffImage checks the map image's kind is read from its first bytes,
// whatever the file's name or claimed type.
func TestSniffImage(t *testing.T) {
	var pngFile bytes.Buffer
	if err := png.Encode(&pngFile, image.NewRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		head []byte
		kind string
	}{
		{"png", pngFile.Bytes(), "image/png"},
		{"jpeg", []byte{0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'J', 'F', 'I', 'F'}, "image/jpeg"},
		{"webp", []byte("RIFF\x24\x00\x00\x00WEBPVP8 "), "image/webp"},
		{"svg", []byte("<svg xmlns='http://www.w3.org/2000/svg'>"), ""},
		{"gif", []byte("GIF89a"), ""},
		{"riff not webp", []byte("RIFF\x24\x00\x00\x00WAVEfmt "), ""},
		{"short", []byte{0x89, 'P'}, ""},
	} {
		if kind, ok := sniffImage(c.head); kind != c.kind || ok != (c.kind != "") {
			t.Errorf("%s: %q %v, want %q", c.name, kind, ok, c.kind)
		}
	}
	if pngTooLarge(pngFile.Bytes()) {
		t.Error("a 3×2 PNG refused as too large")
	}
}

// TestMapBounds checks the decoded picture's bounds and the PNG header's
// early refusal of a picture too large to decode.
func TestMapBounds(t *testing.T) {
	for _, c := range []struct {
		w, h int
		ok   bool
	}{{1, 1, true}, {4096, 4096, true}, {8192, 2048, true}, {8193, 10, false}, {10, 8193, false}, {8192, 8192, false}, {0, 5, false}} {
		if got := mapSizeOK(c.w, c.h); got != c.ok {
			t.Errorf("%d×%d: %v, want %v", c.w, c.h, got, c.ok)
		}
	}
	head := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x01\x00\x00\x00\x00\x00\x10") // 65536×16
	if !pngTooLarge(head) {
		t.Error("a PNG declaring 65536 pixels a side was not refused")
	}
}

// TestMapLayer checks where the picture is drawn: scaled from its pixels,
// moved by the fit, dimmed by its opacity; nothing without a picture.
func TestMapLayer(t *testing.T) {
	if (mapImage{}).layer() != nil {
		t.Error("a layer without a picture")
	}
	m := mapImage{url: "blob:x", w: 800, h: 600, fit: mapFit{Scale: 60, DX: -20, DY: 10, Dim: 30}}
	got := *m.layer()
	want := MapLayer{URL: "blob:x", X: margin - 20, Y: margin + 10, W: 480, H: 360, Opacity: "0.70"}
	if got != want {
		t.Errorf("layer %+v, want %+v", got, want)
	}
	if f := defaultFit(800, 12); f.Scale != 60 || f.Dim != 30 {
		t.Errorf("default fit %+v: the picture's width should span the 12 columns", f)
	}
}
