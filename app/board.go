package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/grid"
)

const svgNS = "http://www.w3.org/2000/svg"

// cellPx is the drawn size of one 2.5 m square, in SVG user units.
const cellPx = 40

// margin leaves room for the coordinate labels around the grid.
const margin = 24

// Board draws the battlemap: a grid of 2.5 m squares with column letters,
// row numbers and a scale bar.
type Board struct {
	app.Compo
	Cols, Rows int
}

// svg returns an SVG element; go-app needs the namespace on each one.
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// Render draws the grid lines as one path, then the labels and scale.
func (b *Board) Render() app.UI {
	w, h := b.Cols*cellPx, b.Rows*cellPx
	labels := make([]app.UI, 0, b.Cols+b.Rows)
	for c := 0; c < b.Cols; c++ {
		labels = append(labels, svg("text").Class("coord").
			Attr("x", margin+c*cellPx+cellPx/2).Attr("y", margin-8).
			Attr("text-anchor", "middle").Text(ColumnName(c)))
	}
	for r := 0; r < b.Rows; r++ {
		labels = append(labels, svg("text").Class("coord").
			Attr("x", margin-6).Attr("y", margin+r*cellPx+cellPx/2+4).
			Attr("text-anchor", "end").Text(strconv.Itoa(r+1)))
	}
	return svg("svg").ID("board").Class("board").
		Attr("viewBox", fmt.Sprintf("0 0 %d %d", w+2*margin, h+2*margin+28)).
		Attr("role", "img").
		Attr("aria-label", fmt.Sprintf("Battlemap, %d by %d squares of %g m", b.Cols, b.Rows, grid.SquareMetres)).
		Attr("data-cols", b.Cols).Attr("data-rows", b.Rows).
		Body(
			svg("rect").Class("ground").
				Attr("x", margin).Attr("y", margin).Attr("width", w).Attr("height", h),
			svg("path").Class("gridlines").Attr("d", gridPath(b.Cols, b.Rows)),
			svg("g").Class("coords").Body(labels...),
			b.scaleBar(h),
		)
}

// scaleBar draws a two-square bar labelled with its length in metres.
func (b *Board) scaleBar(h int) app.UI {
	y := margin + h + 16
	return svg("g").ID("scale").Class("scale").Body(
		svg("path").Attr("d", fmt.Sprintf("M%d %dh%dM%d %dv-6M%d %dv-6", margin, y, 2*cellPx, margin, y, margin+2*cellPx, y)),
		svg("text").Attr("x", margin+2*cellPx+8).Attr("y", y+4).
			Text(fmt.Sprintf("%g m (1 square = %g m)", 2*grid.SquareMetres, grid.SquareMetres)),
	)
}

// gridPath returns one SVG path with every grid line, so the whole grid is a
// single DOM node however large the map.
func gridPath(cols, rows int) string {
	var sb strings.Builder
	w, h := cols*cellPx, rows*cellPx
	for c := 0; c <= cols; c++ {
		fmt.Fprintf(&sb, "M%d %dv%d", margin+c*cellPx, margin, h)
	}
	for r := 0; r <= rows; r++ {
		fmt.Fprintf(&sb, "M%d %dh%d", margin, margin+r*cellPx, w)
	}
	return sb.String()
}

// ColumnName labels column c as on a physical mat: A…Z, then AA, AB, …
func ColumnName(c int) string {
	name := ""
	for c >= 0 {
		name = string(rune('A'+c%26)) + name
		c = c/26 - 1
	}
	return name
}
