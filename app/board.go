package app

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/grid"
)

const svgNS = "http://www.w3.org/2000/svg"

// cellPx is the drawn size of one 2.5 m square, in SVG user units.
const cellPx = 40

// margin leaves room for the coordinate labels around the grid.
const margin = 24

// actionBoard is the action a Board raises for each pointer gesture.
const actionBoard = "board"

// BoardView is everything the board draws, as values: the map, the tokens
// and the highlight layers computed by the rules engine.
type BoardView struct {
	Lang       i18n.Lang // the language of the labels; the map itself never mirrors
	Cols, Rows int
	Walls      string // the walls as one SVG path
	Exits      string // the exit squares of the sides' escape aims as one SVG path
	ExitsLabel string // the exits of each side in words
	Tokens     []TokenView
	Plan       PlanView      // the selected creature's bands and planned move, drawn by planPainter
	Threats    []grid.Square // squares where enemies could strike the selected creature
	Zoom       int           // 0 fits the board to the window; n > 0 draws a square n×10 px wide
	Map        *MapLayer     // the picture under the grid, nil when none
	ScaleBar   string        // the scale bar's label: two squares' length
	Label      string        // the board described for screen readers
}

// BandView is one movement band: its key, how many squares, and the SVG
// path drawing them (built once per plan, not once per frame).
type BandView struct {
	Key   string
	Count int
	D     string
}

// TokenView is one creature as drawn.
type TokenView struct {
	Lang           i18n.Lang
	ID, Name, Side string
	X, Y, Size     int
	HP, MaxHP      int
	Badges         []string
	Selected       bool
	Acting         bool
	Target         bool
	Down           bool   // out of the fight, as the ruleset judges it
	Engaged        string // the key of the engagement fact the ruleset marks the token with (combat.Standing.Marked), drawn as a ring
	EngagedLabel   string // the engagement in words, for the tooltip
	Ally           bool   // on the first side (drawn blue)
	Label          string // the short label drawn on the token, unique in the encounter
	Focus          bool   // the token that Tab reaches (roving tabindex: one per board)
}

// Gesture is a pointer gesture on the board, raised as actionBoard.
type Gesture struct {
	Kind string // "down", "move", "up"
	At   grid.Square
}

// Board draws the battlemap: the grid of 2.5 m squares with coordinates,
// walls, highlight layers (one path each) and the tokens.
type Board struct {
	app.Compo
	V BoardView

	touch map[float64][2]float64 // the pointers pressed on the board, by pointer ID
	pan   *panning               // a press on an empty square, nil when none
	pinch float64                // the fingers' spread at the last pinch step
}

// svg returns an SVG element; go-app needs the namespace on each one.
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// Render draws the board. Each layer is a single path, so a highlight
// costs one DOM node however many squares it covers.
func (b *Board) Render() app.UI {
	v := b.V
	w, h := v.Cols*cellPx, v.Rows*cellPx
	tokens := make([]app.UI, len(v.Tokens))
	for i, tv := range v.Tokens {
		tokens[i] = &Token{V: tv}
	}
	fit, style := boardZoom(w+2*margin, v.Zoom)
	root := svg("svg").ID("board").Class("board").Attr("style", style)
	if fit {
		root = root.Class("fit")
	}
	return root.
		Attr("viewBox", fmt.Sprintf("0 0 %d %d", w+2*margin, h+2*margin+28)).
		Attr("role", "application").
		Attr("aria-label", v.Label).
		Attr("data-cols", v.Cols).Attr("data-rows", v.Rows).
		On("pointerdown", b.gesture("down")).
		On("pointermove", b.gesture("move")).
		On("pointerup", b.gesture("up")).
		On("pointercancel", b.gesture("cancel")).
		On("wheel", b.wheel).
		Body(
			svg("rect").Class("ground").
				Attr("x", margin).Attr("y", margin).Attr("width", w).Attr("height", h),
			mapLayer(v.Map, w, h),
			svg("g").ID("layer-bands"), // the plan's layers are left empty here: planPainter draws them
			svg("path").ID("layer-threats").Class("threats").Attr("d", squaresPath(v.Threats)),
			&Lines{Cols: v.Cols, Rows: v.Rows},
			svg("path").ID("layer-walls").Class("walls").Attr("d", v.Walls),
			svg("path").ID("layer-exits").Class("exits").Attr("d", v.Exits).Body(
				app.If(v.ExitsLabel != "", func() app.UI { return svg("title").Text(v.ExitsLabel) })),
			svg("path").ID("layer-danger").Class("danger"),
			svg("polyline").ID("layer-path").Class("path"),
			&Frame{Lang: v.Lang, Cols: v.Cols, Rows: v.Rows, ScaleBar: v.ScaleBar},
			svg("g").Class("tokens").Body(tokens...),
			svg("g").ID("layer-risks").Class("risks"), // left empty here, above every token: paintRisks draws it
		)
}

// boardZoom returns whether a board w units wide is fitted to the window at
// zoom (0), and its style. Zoomed, it is zoom quarters of a CSS px a unit
// wide; fitted, a phone's style keeps a square at least cellPx CSS px wide
// (one viewBox unit per pixel) and pans the rest.
func boardZoom(w, zoom int) (fit bool, style string) {
	if zoom > 0 {
		return false, fmt.Sprintf("width:%dpx;max-width:none;max-height:none", w*zoom/4)
	}
	return true, "--board-w:" + strconv.Itoa(w)
}

// paintZoom zooms the board on the page as Render draws it at zoom, and
// reports whether there was a board to zoom. go-app writes the same class
// and style whenever the table redraws, so nothing of it goes stale.
func paintZoom(zoom int) bool {
	board := app.Window().Get("document").Call("getElementById", "board")
	if !board.Truthy() {
		return false
	}
	cols, err := strconv.Atoi(board.Call("getAttribute", "data-cols").String())
	if err != nil {
		return false
	}
	fit, style := boardZoom(cols*cellPx+2*margin, zoom)
	board.Call("setAttribute", "style", style)
	board.Get("classList").Call("toggle", "fit", fit)
	return true
}

// Frame draws what changes only with the map's size and the page's
// language: the fill patterns that tell the highlights apart by shape as
// well as colour (walk hatched, charge dotted, retreat striped, danger
// crossed; the legend's swatches use them too), the column letters and
// row numbers around the grid, and the scale bar. It is one fragment of
// SVG markup, which the browser parses in one call, where some forty
// elements built one by one would cost go-app a crossing into JavaScript
// for each element and each attribute; go-app replaces the fragment whole
// when it changes. It is a component of its own, so the board's redraws
// rebuild it only when its fields change.
type Frame struct {
	app.Compo
	Lang       i18n.Lang
	Cols, Rows int
	ScaleBar   string // the scale bar's label
}

// Render draws the frame as one nested svg, which covers the board and
// draws in its units; the HTML parser reads markup inside an svg tag as
// SVG.
func (f *Frame) Render() app.UI {
	return app.Raw(frameSVG(f.Lang, f.Cols, f.Rows, f.ScaleBar))
}

// frameSVG writes the frame's markup for a map of cols × rows squares.
func frameSVG(l i18n.Lang, cols, rows int, scale string) string {
	var b strings.Builder
	b.WriteString(`<svg class="frame" overflow="visible"><defs>`)
	pat := func(id string, size int, body string) {
		fmt.Fprintf(&b, `<pattern id="%s" width="%d" height="%d" patternUnits="userSpaceOnUse">%s</pattern>`, id, size, size, body)
	}
	line := func(x1, y1, x2, y2 int) string {
		return fmt.Sprintf(`<line x1="%d" y1="%d" x2="%d" y2="%d"/>`, x1, y1, x2, y2)
	}
	pat("pat-walk", 10, line(0, 10, 10, 0)+line(-2, 2, 2, -2)+line(8, 12, 12, 8))
	pat("pat-charge", 8, `<circle cx="4" cy="4" r="1.8"/>`)
	pat("pat-retreat", 6, line(0, 3, 6, 3))
	pat("pat-danger", 10, line(2, 2, 8, 8)+line(8, 2, 2, 8))
	pat("pat-exit", 10, `<polyline points="2,1 7,5 2,9"/>`)
	b.WriteString(`</defs><g class="coords">`)
	for x := 0; x < cols; x++ {
		fmt.Fprintf(&b, `<text class="coord" x="%d" y="%d" text-anchor="middle">%s</text>`,
			margin+x*cellPx+cellPx/2, margin-8, html.EscapeString(grid.ColumnName(x)))
	}
	for y := 0; y < rows; y++ {
		fmt.Fprintf(&b, `<text class="coord" x="%d" y="%d" text-anchor="end">%d</text>`, margin-6, margin+y*cellPx+cellPx/2+4, y+1)
	}
	// The scale bar, two squares long, under the grid; its label runs in
	// the page's direction (the map's own text runs left to right) and
	// starts at the same x either way: in right-to-left text the end is
	// the left edge.
	y := margin + rows*cellPx + 16
	dir, anchor := i18n.Dir(l), "start"
	if dir == "rtl" {
		anchor = "end"
	}
	fmt.Fprintf(&b, `</g><g id="scale" class="scale"><path d="M%d %dh%dM%d %dv-6M%d %dv-6"/>`, margin, y, 2*cellPx, margin, y, margin+2*cellPx, y)
	fmt.Fprintf(&b, `<text x="%d" y="%d" direction="%s" text-anchor="%s" style="direction:%s;unicode-bidi:isolate">%s</text></g></svg>`,
		margin+2*cellPx+8, y+4, dir, anchor, dir, html.EscapeString(scale))
	return b.String()
}

// mapLayer draws the map image under the grid, clipped to the board.
func mapLayer(m *MapLayer, w, h int) app.UI {
	if m == nil {
		return nil
	}
	return svg("svg").ID("map-image").Attr("x", margin).Attr("y", margin).Attr("width", w).Attr("height", h).
		Attr("viewBox", fmt.Sprintf("%d %d %d %d", margin, margin, w, h)).Attr("aria-hidden", "true").Body(
		svg("image").Attr("href", m.URL).Attr("x", m.X).Attr("y", m.Y).Attr("width", m.W).Attr("height", m.H).
			Attr("opacity", m.Opacity).Attr("preserveAspectRatio", "none"),
	)
}

// Lines draws the grid lines, a component of its own so that they are
// built only when the map's size changes.
type Lines struct {
	app.Compo
	Cols, Rows int
}

// Render draws every grid line as one path.
func (l *Lines) Render() app.UI {
	return svg("path").Class("gridlines").Attr("d", gridPath(l.Cols, l.Rows))
}

// gesture returns the handler that turns a pointer event into a Gesture on
// the square under the pointer. A press on an empty square is held back:
// dragging it pans the map (the board's scroller), two fingers pinch to
// zoom, and only a press released without moving becomes a tap ("down").
func (b *Board) gesture(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		e.PreventDefault()
		ctx.PreventUpdate()
		el := ctx.JSSrc()
		id, cx, cy := e.Get("pointerId").Float(), e.Get("clientX").Float(), e.Get("clientY").Float()
		if b.touch == nil {
			b.touch = map[float64][2]float64{}
		}
		switch kind {
		case "down":
			el.Call("setPointerCapture", e.Get("pointerId"))
			b.touch[id] = [2]float64{cx, cy}
			if len(b.touch) == 2 {
				b.pan, b.pinch = nil, b.spread()
				return
			}
		case "move":
			if _, down := b.touch[id]; down {
				b.touch[id] = [2]float64{cx, cy}
			}
			if len(b.touch) == 2 {
				b.pinchZoom(ctx)
				return
			}
		case "up", "cancel":
			delete(b.touch, id)
			if len(b.touch) > 0 || kind == "cancel" {
				b.pan = nil
				return
			}
		}
		sq, ok := b.squareAt(el, cx, cy)
		if p := b.pan; p != nil {
			switch kind {
			case "move":
				dx, dy := cx-p.x, cy-p.y
				if !p.moved && dx*dx+dy*dy < panSlop*panSlop {
					return
				}
				p.moved = true
				p.scroller.Set("scrollLeft", p.left-dx)
				p.scroller.Set("scrollTop", p.top-dy)
				return
			case "up":
				b.pan = nil
				if !p.moved {
					ctx.NewActionWithValue(actionBoard, Gesture{Kind: "down", At: p.at})
				}
				return
			}
		}
		if !ok {
			return
		}
		if kind == "down" && !b.occupied(sq) {
			scroller := el.Call("closest", ".mapwrap")
			if scroller.Truthy() {
				b.pan = &panning{x: cx, y: cy, left: scroller.Get("scrollLeft").Float(), top: scroller.Get("scrollTop").Float(), at: sq, scroller: scroller}
				return
			}
		}
		ctx.NewActionWithValue(actionBoard, Gesture{Kind: kind, At: sq})
	}
}

// panSlop is how far, in CSS pixels, a press on an empty square may wander
// and still count as a tap rather than a pan.
const panSlop = 8

// panning is a press on an empty square: where it started, the scroller's
// offsets then, and whether it has moved beyond panSlop.
type panning struct {
	x, y, left, top float64
	moved           bool
	at              grid.Square
	scroller        app.Value
}

// squareAt converts a pointer position to the square under it.
func (b *Board) squareAt(el app.Value, cx, cy float64) (grid.Square, bool) {
	pt := el.Call("createSVGPoint")
	pt.Set("x", cx)
	pt.Set("y", cy)
	p := pt.Call("matrixTransform", el.Call("getScreenCTM").Call("inverse"))
	return squareAt(p.Get("x").Float(), p.Get("y").Float(), b.V.Cols, b.V.Rows)
}

// occupied reports whether a token stands on s.
func (b *Board) occupied(s grid.Square) bool {
	for _, tv := range b.V.Tokens {
		n := max(1, tv.Size)
		if s.X >= tv.X && s.X < tv.X+n && s.Y >= tv.Y && s.Y < tv.Y+n {
			return true
		}
	}
	return false
}

// spread is the distance between the two touching fingers.
func (b *Board) spread() float64 {
	var pts [][2]float64
	for _, p := range b.touch {
		pts = append(pts, p)
	}
	if len(pts) < 2 {
		return 0
	}
	return math.Hypot(pts[0][0]-pts[1][0], pts[0][1]-pts[1][1])
}

// pinchZoom zooms one step each time the fingers have spread or closed by
// a quarter since the last step.
func (b *Board) pinchZoom(ctx app.Context) {
	d := b.spread()
	switch {
	case b.pinch <= 0:
		b.pinch = d
	case d > b.pinch*1.25:
		b.pinch = d
		ctx.NewActionWithValue(actionZoom, 1)
	case d < b.pinch*0.8:
		b.pinch = d
		ctx.NewActionWithValue(actionZoom, -1)
	}
}

// wheel zooms the board with Ctrl (or pinch on a touchpad) + wheel.
func (b *Board) wheel(ctx app.Context, e app.Event) {
	if !e.Get("ctrlKey").Bool() {
		return
	}
	e.PreventDefault()
	step := 1
	if e.Get("deltaY").Float() > 0 {
		step = -1
	}
	ctx.NewActionWithValue(actionZoom, step)
	ctx.PreventUpdate()
}

// actionZoom is the action a Board raises to zoom in (+1) or out (-1).
const actionZoom = "zoom"

// squareAt converts board coordinates to the square under them.
func squareAt(x, y float64, cols, rows int) (grid.Square, bool) {
	if x < margin || y < margin {
		return grid.Square{}, false
	}
	s := grid.Square{X: int(x-margin) / cellPx, Y: int(y-margin) / cellPx}
	return s, s.X < cols && s.Y < rows
}

// squaresPath draws each square as a closed subpath of one path. It is
// written digit by digit rather than through fmt: a drag draws the
// dangerous squares on every square the pointer crosses.
func squaresPath(ss []grid.Square) string {
	side := "h" + strconv.Itoa(cellPx) + "v" + strconv.Itoa(cellPx) + "h-" + strconv.Itoa(cellPx) + "z"
	b := make([]byte, 0, len(ss)*(len(side)+10))
	for _, s := range ss {
		b = append(b, 'M')
		b = strconv.AppendInt(b, int64(margin+s.X*cellPx), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(margin+s.Y*cellPx), 10)
		b = append(b, side...)
	}
	return string(b)
}

// pathPoints joins square centres for a polyline.
func pathPoints(ss []grid.Square) string {
	b := make([]byte, 0, len(ss)*10)
	for i, s := range ss {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(margin+s.X*cellPx+cellPx/2), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(margin+s.Y*cellPx+cellPx/2), 10)
	}
	return string(b)
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

// Token draws one creature: a disc (a square for giants) coloured by side,
// its name, an HP bar and status badges.
type Token struct {
	app.Compo
	V TokenView
}

// Render draws the token.
func (t *Token) Render() app.UI {
	v := t.V
	size := max(1, v.Size) * cellPx
	x, y := margin+v.X*cellPx, margin+v.Y*cellPx
	cls := "token"
	for _, c := range []struct {
		on   bool
		name string
	}{{v.Ally, "ally"}, {!v.Ally, "foe"}, {v.Selected, "selected"}, {v.Acting, "acting"}, {v.Target, "target"}, {v.Down, "down"}} {
		if c.on {
			cls += " " + c.name
		}
	}
	hpW := 0
	if v.MaxHP > 0 {
		hpW = max(0, min(size-8, (size-8)*v.HP/v.MaxHP))
	}
	marks := v.Badges
	badges := make([]app.UI, len(marks), len(marks)+1)
	for i, b := range marks {
		badges[i] = svg("text").Class("badge").Attr("x", x+size-2).Attr("y", y+10+i*10).
			Attr("text-anchor", "end").Text(b)
	}
	// The mark of one who would strike at the planned move: shown by the
	// style sheet while planPainter marks the token a striker.
	badges = append(badges, svg("text").Class("badge strike").Attr("aria-hidden", "true").Attr("x", x+size-2).Attr("y", y+10+len(marks)*10).
		Attr("text-anchor", "end").Text("⚔"))
	// The tooltip and the accessible name are one text, which holds all
	// the token shows (its label, its badges), as screen readers expect.
	title := v.Label + " " + i18n.T(v.Lang, "board.token", "name", v.Name, "side", v.Side, "hp", v.HP, "max", v.MaxHP) +
		suffix(v.EngagedLabel) + suffix(strings.Join(marks, " "))
	var ring app.UI
	if v.Engaged != "" {
		ring = svg("rect").Class("ring "+v.Engaged).Attr("x", x+1).Attr("y", y+1).
			Attr("width", size-2).Attr("height", size-2).Attr("rx", (size-2)/2)
	}
	tabindex := -1
	if v.Focus {
		tabindex = 0
	}
	rx := (size - 6) / 2 // allies are discs
	if !v.Ally {
		rx = 4 // foes are squares: the side reads by shape as well as colour
	}
	return svg("g").Class("tokenwrap").Body(
		svg("g").ID("token-"+v.ID).Class(cls).Attr("data-id", v.ID).Attr("data-token", v.ID).Attr("data-hp", v.HP).Attr("data-engaged", v.Engaged).
			Attr("tabindex", tabindex).Attr("role", "button").Attr("aria-label", title).Body(
			svg("title").Text(title),
			ring,
			svg("rect").Class("mark").Attr("x", x-1).Attr("y", y-1).
				Attr("width", size+2).Attr("height", size+2).Attr("rx", rx+4),
			svg("rect").Class("disc").Attr("x", x+3).Attr("y", y+3).
				Attr("width", size-6).Attr("height", size-6).Attr("rx", rx),
			svg("text").Class("name").Attr("x", x+size/2).Attr("y", y+size/2+4).
				Attr("text-anchor", "middle").Text(v.Label),
			svg("rect").Class("hpbar").Attr("x", x+4).Attr("y", y+size-6).Attr("width", hpW).Attr("height", 3),
			svg("g").Body(badges...),
		),
		// The full name, shown while the token has the pointer or the focus;
		// a sibling, so that it is not part of the token's own text.
		svg("text").Class("fullname").Attr("aria-hidden", "true").Attr("x", x+size/2).Attr("y", y-4).
			Attr("text-anchor", "middle").Text(v.Name),
	)
}

// suffix appends a part (an engagement, the badges) to a token's
// accessible name.
func suffix(label string) string {
	if label == "" {
		return ""
	}
	return " · " + label
}

// tokenLabels gives every creature a short label for its token, unique in
// the encounter: its initials ("U2", "Gob"), and where two would read the
// same, their first letters numbered in encounter order ("G1", "G2").
func tokenLabels(names []string) []string {
	out := make([]string, len(names))
	seen := map[string][]int{}
	for i, n := range names {
		out[i] = initials(n)
		seen[out[i]] = append(seen[out[i]], i)
	}
	taken := map[string]bool{}
	for l, at := range seen {
		if len(at) == 1 {
			taken[l] = true
		}
	}
	for _, i := range sortedDuplicates(seen) {
		base := string([]rune(out[i] + "?")[:1])
		for k := 1; ; k++ {
			if l := base + strconv.Itoa(k); !taken[l] {
				out[i], taken[l] = l, true
				break
			}
		}
	}
	return out
}

// sortedDuplicates lists, in encounter order, the creatures whose initials
// clash with another's.
func sortedDuplicates(seen map[string][]int) []int {
	var out []int
	for _, at := range seen {
		if len(at) > 1 {
			out = append(out, at...)
		}
	}
	slices.Sort(out)
	return out
}

// initials shortens a name to fit a token: up to three letters, or the
// first letter and the mark for numbered or lettered names ("Urchin 2" →
// "U2", "Goblin B" → "GB").
func initials(name string) string {
	words := strings.Fields(name)
	if len(words) == 0 {
		return ""
	}
	if last := []rune(words[len(words)-1]); len(words) > 1 && len(last) <= 2 && (strings.Trim(string(last), "0123456789") == "" || len(last) == 1 && unicode.IsUpper(last[0])) {
		return string([]rune(words[0])[:1]) + string(last)
	}
	r := []rune(words[0])
	if len(r) > 3 {
		r = r[:3]
	}
	return string(r)
}
