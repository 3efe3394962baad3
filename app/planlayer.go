package app

import (
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// PlanView is the part of the board that follows the pointer and the
// selection: the selected creature's bands, the planned path and who would
// strike at it. The Board leaves these layers empty when it renders and
// paintPlan draws them straight into the page, so that a drag redraws a few
// attributes on the board instead of the whole table.
type PlanView struct {
	Hover    string        // the planned destination's name, "" when none
	Bands    []BandView    // squares the selected creature can reach, per movement type
	Path     []grid.Square // the planned path, start first
	Danger   []grid.Square // squares whose step would provoke an opportunity attack
	Strikers []string      // the IDs of those who would strike
	Spared   []string      // the IDs of those who could strike but are prevented
	Blocked  bool          // the planned move is not allowed
	PathMode string        // the band of the movement mode the path needs and the mover is not in ("charge"), "" when none
}

// restDelay is how long the pointer rests on a square while dragging before
// the side panels show the plan to it; until then only the board follows.
const restDelay = 120 * time.Millisecond

// paintPlan draws v into the board on the page, if there is one. go-app
// never renders these attributes and children, so nothing it diffs later
// can undo them; each is written only when it differs from the page.
func paintPlan(v PlanView) {
	doc := app.Window().Get("document")
	board := doc.Call("getElementById", "board")
	if !board.Truthy() {
		return
	}
	setAttr(board, "data-hover", v.Hover)
	if path := doc.Call("getElementById", "layer-path"); path.Truthy() {
		setAttr(path, "points", pathPoints(v.Path))
		setAttr(path, "data-blocked", strconv.FormatBool(v.Blocked))
		setAttr(path, "data-mode", v.PathMode)
	}
	if danger := doc.Call("getElementById", "layer-danger"); danger.Truthy() {
		setAttr(danger, "d", squaresPath(v.Danger))
		setAttr(danger, "data-count", strconv.Itoa(len(v.Danger)))
	}
	if g := doc.Call("getElementById", "layer-bands"); g.Truthy() {
		paintBands(doc, g, v.Bands)
	}
	paintMarks(doc, board, "striker", v.Strikers)
	paintMarks(doc, board, "spared", v.Spared)
}

// setAttr sets an attribute of el to val unless it already has that value.
func setAttr(el app.Value, name, val string) {
	if cur := el.Call("getAttribute", name); cur.Truthy() && cur.String() == val || !cur.Truthy() && val == "" {
		return
	}
	el.Call("setAttribute", name, val)
}

// paintBands replaces the bands drawn in g when they differ from bands
// (widest first, underneath). A fingerprint of the drawn bands is kept on
// g, so an unchanged selection costs one attribute read.
func paintBands(doc, g app.Value, bands []BandView) {
	h := fnv.New64a()
	for _, b := range bands {
		h.Write([]byte(b.Key + ":" + b.D + ";"))
	}
	sig := strconv.FormatUint(h.Sum64(), 36)
	if cur := g.Call("getAttribute", "data-sig"); cur.Truthy() && cur.String() == sig {
		return
	}
	g.Set("textContent", "")
	for i := len(bands) - 1; i >= 0; i-- {
		b := bands[i]
		p := doc.Call("createElementNS", svgNS, "path")
		p.Call("setAttribute", "id", "band-"+b.Key)
		p.Call("setAttribute", "class", "band "+b.Key)
		p.Call("setAttribute", "data-count", strconv.Itoa(b.Count))
		p.Call("setAttribute", "d", b.D)
		g.Call("appendChild", p)
	}
	g.Call("setAttribute", "data-sig", sig)
}

// paintMarks gives the tokens of ids the class cls and takes it from those
// that had it. The board remembers who had it (data-<cls>), and the class is
// set again on every paint, since go-app rewrites a token's class when the
// token changes.
func paintMarks(doc, board app.Value, cls string, ids []string) {
	attr := "data-" + cls
	var before []string
	if cur := board.Call("getAttribute", attr); cur.Truthy() {
		before = strings.Fields(cur.String())
	}
	mark := func(id string, on bool) {
		if tok := doc.Call("getElementById", "token-"+id); tok.Truthy() {
			tok.Get("classList").Call("toggle", cls, on)
		}
	}
	for _, id := range before {
		if !slices.Contains(ids, id) {
			mark(id, false)
		}
	}
	for _, id := range ids {
		mark(id, true)
	}
	setAttr(board, attr, strings.Join(ids, " "))
}

// preview follows a drag on the board alone: it paints the plan to the
// square under the pointer at once and leaves the rest of the table as it
// is until the pointer rests there for restDelay.
func (t *Table) preview(ctx app.Context) {
	ctx.PreventUpdate()
	paintPlan(t.planView(t.state()))
	t.moves++
	n := t.moves
	ctx.After(restDelay, func(ctx app.Context) {
		if t.moves != n || !t.dragging {
			ctx.PreventUpdate() // the pointer moved on, or the drop redrew the table
		}
	})
}

// showSelection draws a new selection on the board at once, its ring and
// its bands; the side panels follow with the table's next render, which
// writes the same ring.
func (t *Table) showSelection(enc combat.Encounter) {
	doc := app.Window().Get("document")
	old := doc.Call("querySelectorAll", ".token.selected")
	for i := 0; i < old.Length(); i++ {
		old.Index(i).Get("classList").Call("remove", "selected")
	}
	if tok := doc.Call("getElementById", "token-"+t.selected); tok.Truthy() {
		tok.Get("classList").Call("add", "selected")
	}
	paintPlan(t.planView(enc))
}
