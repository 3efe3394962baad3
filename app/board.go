package app

import (
	"fmt"
	"strconv"
	"strings"

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
	Tokens     []TokenView
	Bands      []BandView    // squares the selected creature can reach, per movement type
	Threats    []grid.Square // squares where enemies could strike the selected creature
	Path       []grid.Square // the planned path, start first
	Danger     []grid.Square // squares whose step would provoke an opportunity attack
	Strikers   []string      // the IDs of those who would strike
	Spared     []string      // the IDs of those who could strike but are prevented
	Blocked    bool          // the planned move is not allowed
	Zoom       int           // 0 fits the board to the window; n > 0 draws a square n×10 px wide
	Hover      string        // the planned destination's name, "" when none
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
	Striker        bool
	Spared         bool
	Down           bool   // out of the fight, as the ruleset judges it
	Engaged        string // "pinned" or "overwhelmed" (K-PIN), drawn as a ring
	EngagedLabel   string // the engagement in words, for the tooltip
	Ally           bool   // on the first side (drawn blue)
	Risk           string // the forecast's risk in words, for the tooltip ("down in 34 % of fights")
	RiskPct        string // the same, short, drawn on the token
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
}

// svg returns an SVG element; go-app needs the namespace on each one.
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// Render draws the board. Each layer is a single path, so a highlight
// costs one DOM node however many squares it covers.
func (b *Board) Render() app.UI {
	v := b.V
	w, h := v.Cols*cellPx, v.Rows*cellPx
	bands := make([]app.UI, len(v.Bands))
	for i := len(v.Bands) - 1; i >= 0; i-- { // widest band first, underneath
		b := v.Bands[i]
		bands[len(v.Bands)-1-i] = svg("path").ID("band-"+b.Key).Class("band "+b.Key).
			Attr("data-count", b.Count).Attr("d", b.D)
	}
	tokens := make([]app.UI, len(v.Tokens))
	for i, tv := range v.Tokens {
		tokens[i] = &Token{V: tv}
	}
	root := svg("svg").ID("board").Class("board")
	if v.Zoom > 0 {
		root = root.Style("width", fmt.Sprintf("%dpx", (w+2*margin)*v.Zoom/4)).Style("max-width", "none").Style("max-height", "none")
	}
	return root.
		Attr("viewBox", fmt.Sprintf("0 0 %d %d", w+2*margin, h+2*margin+28)).
		Attr("role", "application").
		Attr("aria-label", i18n.T(v.Lang, "board.label", "cols", v.Cols, "rows", v.Rows, "size", metres(v.Lang, 1))).
		Attr("data-cols", v.Cols).Attr("data-rows", v.Rows).Attr("data-hover", v.Hover).
		On("pointerdown", b.gesture("down")).
		On("pointermove", b.gesture("move")).
		On("pointerup", b.gesture("up")).
		On("wheel", b.wheel).
		Body(
			svg("rect").Class("ground").
				Attr("x", margin).Attr("y", margin).Attr("width", w).Attr("height", h),
			svg("g").ID("layer-bands").Body(bands...),
			svg("path").ID("layer-threats").Class("threats").Attr("d", squaresPath(v.Threats)),
			&Lines{Cols: v.Cols, Rows: v.Rows},
			svg("path").ID("layer-walls").Class("walls").Attr("d", v.Walls),
			svg("path").ID("layer-danger").Class("danger").Attr("d", squaresPath(v.Danger)).
				Attr("data-count", len(v.Danger)),
			svg("polyline").ID("layer-path").Class("path").Attr("data-blocked", v.Blocked).
				Attr("points", pathPoints(v.Path)),
			&Coords{Cols: v.Cols, Rows: v.Rows},
			svg("g").Class("tokens").Body(tokens...),
			scaleBar(v.Lang, h),
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

// Coords draws the column letters and row numbers around the grid. It is a
// component of its own so that redrawing highlights never touches them.
type Coords struct {
	app.Compo
	Cols, Rows int
}

// Render draws the labels.
func (c *Coords) Render() app.UI {
	labels := make([]app.UI, 0, c.Cols+c.Rows)
	for x := 0; x < c.Cols; x++ {
		labels = append(labels, svg("text").Class("coord").
			Attr("x", margin+x*cellPx+cellPx/2).Attr("y", margin-8).
			Attr("text-anchor", "middle").Text(grid.ColumnName(x)))
	}
	for y := 0; y < c.Rows; y++ {
		labels = append(labels, svg("text").Class("coord").
			Attr("x", margin-6).Attr("y", margin+y*cellPx+cellPx/2+4).
			Attr("text-anchor", "end").Text(strconv.Itoa(y+1)))
	}
	return svg("g").Class("coords").Body(labels...)
}

// gesture returns the handler that turns a pointer event into a Gesture on
// the square under the pointer.
func (b *Board) gesture(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		e.PreventDefault()
		el := ctx.JSSrc()
		if kind == "down" {
			el.Call("setPointerCapture", e.Get("pointerId"))
		}
		pt := el.Call("createSVGPoint")
		pt.Set("x", e.Get("clientX"))
		pt.Set("y", e.Get("clientY"))
		p := pt.Call("matrixTransform", el.Call("getScreenCTM").Call("inverse"))
		sq, ok := squareAt(p.Get("x").Float(), p.Get("y").Float(), b.V.Cols, b.V.Rows)
		if !ok {
			return
		}
		ctx.NewActionWithValue(actionBoard, Gesture{Kind: kind, At: sq})
		ctx.PreventUpdate()
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

// squaresPath draws each square as a closed subpath of one path.
func squaresPath(ss []grid.Square) string {
	var sb strings.Builder
	for _, s := range ss {
		fmt.Fprintf(&sb, "M%d %dh%dv%dh-%dz", margin+s.X*cellPx, margin+s.Y*cellPx, cellPx, cellPx, cellPx)
	}
	return sb.String()
}

// pathPoints joins square centres for a polyline.
func pathPoints(ss []grid.Square) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = fmt.Sprintf("%d,%d", margin+s.X*cellPx+cellPx/2, margin+s.Y*cellPx+cellPx/2)
	}
	return strings.Join(parts, " ")
}

// scaleBar draws a two-square bar labelled with its length in metres.
func scaleBar(l i18n.Lang, h int) app.UI {
	y := margin + h + 16
	return svg("g").ID("scale").Class("scale").Body(
		svg("path").Attr("d", fmt.Sprintf("M%d %dh%dM%d %dv-6M%d %dv-6", margin, y, 2*cellPx, margin, y, margin+2*cellPx, y)),
		scaleText(l, margin+2*cellPx+8, y+4, i18n.T(l, "board.scale", "length", metres(l, 2), "size", metres(l, 1))),
	)
}

// scaleText writes a label beside the scale bar in the page's direction
// (the map's own text runs left to right), starting at x either way.
func scaleText(l i18n.Lang, x, y int, text string) app.UI {
	anchor := "start"
	if i18n.Dir(l) == "rtl" {
		anchor = "end" // in right-to-left text the end is the left edge
	}
	return svg("text").Attr("x", x).Attr("y", y).Attr("direction", i18n.Dir(l)).Attr("text-anchor", anchor).
		Style("direction", i18n.Dir(l)).Style("unicode-bidi", "isolate").Text(text)
}

// metres writes the length of n squares in metres for l: "5", "2.5", "2,5".
func metres(l i18n.Lang, n int) string {
	tenths := int64(float64(n) * grid.SquareMetres * 10)
	if tenths%10 == 0 {
		return i18n.Int(l, tenths/10)
	}
	return i18n.Tenths(l, tenths)
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
	}{{v.Ally, "ally"}, {!v.Ally, "foe"}, {v.Selected, "selected"}, {v.Acting, "acting"}, {v.Target, "target"}, {v.Striker, "striker"}, {v.Spared, "spared"}, {v.Down, "down"}} {
		if c.on {
			cls += " " + c.name
		}
	}
	hpW := 0
	if v.MaxHP > 0 {
		hpW = max(0, min(size-8, (size-8)*v.HP/v.MaxHP))
	}
	badges := make([]app.UI, len(v.Badges))
	for i, b := range v.Badges {
		badges[i] = svg("text").Class("badge").Attr("x", x+size-2).Attr("y", y+10+i*10).
			Attr("text-anchor", "end").Text(b)
	}
	title := i18n.T(v.Lang, "board.token", "name", i18n.Isolate(v.Name), "side", i18n.Isolate(v.Side), "hp", v.HP, "max", v.MaxHP)
	if v.EngagedLabel != "" {
		title += " · " + i18n.Isolate(v.EngagedLabel)
	}
	var risk app.UI
	if v.Risk != "" {
		title += " · " + v.Risk
		risk = svg("text").Class("risk").Attr("x", x+size/2).Attr("y", y+size+9).Attr("text-anchor", "middle").Text(v.RiskPct)
	}
	var ring app.UI
	if v.Engaged != "" {
		ring = svg("rect").Class("ring "+v.Engaged).Attr("x", x+1).Attr("y", y+1).
			Attr("width", size-2).Attr("height", size-2).Attr("rx", (size-2)/2)
	}
	return svg("g").ID("token-"+v.ID).Class(cls).Attr("data-id", v.ID).Attr("data-hp", v.HP).Attr("data-engaged", v.Engaged).Attr("data-risk", v.Risk).Body(
		svg("title").Text(title),
		ring,
		svg("rect").Class("disc").Attr("x", x+3).Attr("y", y+3).
			Attr("width", size-6).Attr("height", size-6).Attr("rx", (size-6)/2),
		svg("text").Class("name").Attr("x", x+size/2).Attr("y", y+size/2+4).
			Attr("text-anchor", "middle").Text(initials(v.Name)),
		svg("rect").Class("hpbar").Attr("x", x+4).Attr("y", y+size-6).Attr("width", hpW).Attr("height", 3),
		svg("g").Body(badges...),
		risk,
	)
}

// initials shortens a name to fit a token: up to three letters, or the
// first letter and the number for numbered names ("Urchin 2" → "U2").
func initials(name string) string {
	words := strings.Fields(name)
	if len(words) == 0 {
		return ""
	}
	if last := words[len(words)-1]; len(words) > 1 && strings.Trim(last, "0123456789") == "" && len(last) <= 2 {
		return string([]rune(words[0])[:1]) + last
	}
	r := []rune(words[0])
	if len(r) > 3 {
		r = r[:3]
	}
	return string(r)
}
