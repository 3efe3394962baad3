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
// planPainter draws them straight into the page, so that a drag redraws a few
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

// planPainter draws a PlanView into the board on the page and remembers
// what it wrote there, so that a drag, which changes a few attributes per
// square, writes only those: reading an attribute back from the page costs
// a crossing into JavaScript and a copy of its text, and each element
// looked up is a JavaScript value Go keeps a finalizer for. go-app never
// renders these attributes and children, so nothing it diffs later can
// undo them; but a redraw of the board may replace its elements or
// rewrite a token's class, so the table forgets what was painted whenever
// it redraws (forget) and the next paint reads the page again.
type planPainter struct {
	found                       bool      // the elements below are the page's
	board, path, danger, bandsG app.Value // the board and its plan layers, null when missing
	attrs                       map[paintedAttr]string
	bands                       []BandView          // the bands drawn in bandsG
	marks                       map[string][]string // the tokens marked, by class ("striker", "spared")
}

// paintedAttr names an attribute of one of the plan's elements.
type paintedAttr struct {
	el   int // 0 the board, 1 the path, 2 the danger layer
	name string
}

// forget makes the next paint look the board up and read it again.
func (p *planPainter) forget() { *p = planPainter{} }

// paint draws v into the board on the page, if there is one, writing only
// what differs from what the page shows.
func (p *planPainter) paint(v PlanView) {
	doc := app.Window().Get("document")
	if !p.found {
		p.found = true
		p.board = doc.Call("getElementById", "board")
		if p.board.Truthy() {
			p.path = doc.Call("getElementById", "layer-path")
			p.danger = doc.Call("getElementById", "layer-danger")
			p.bandsG = doc.Call("getElementById", "layer-bands")
		}
		p.attrs, p.bands, p.marks = map[paintedAttr]string{}, nil, map[string][]string{}
		if p.bandsG != nil && p.bandsG.Truthy() {
			p.bands = paintBands(doc, p.bandsG, v.Bands)
		}
	}
	if !p.board.Truthy() {
		return
	}
	p.set(0, "data-hover", v.Hover)
	if p.path.Truthy() {
		p.set(1, "points", pathPoints(v.Path))
		p.set(1, "data-blocked", strconv.FormatBool(v.Blocked))
		p.set(1, "data-mode", v.PathMode)
	}
	if p.danger.Truthy() {
		p.set(2, "d", squaresPath(v.Danger))
		p.set(2, "data-count", strconv.Itoa(len(v.Danger)))
	}
	if p.bandsG.Truthy() && !slices.Equal(p.bands, v.Bands) {
		p.bands = paintBands(doc, p.bandsG, v.Bands)
	}
	p.mark(doc, "striker", v.Strikers)
	p.mark(doc, "spared", v.Spared)
}

// set sets an attribute of element el to val unless it already has that
// value, reading the page only the first time.
func (p *planPainter) set(el int, name, val string) {
	k := paintedAttr{el, name}
	cur, known := p.attrs[k]
	if known && cur == val {
		return
	}
	e := [...]app.Value{p.board, p.path, p.danger}[el]
	if !known {
		c := e.Call("getAttribute", name)
		if c.Truthy() && c.String() == val || !c.Truthy() && val == "" {
			p.attrs[k] = val
			return
		}
	}
	e.Call("setAttribute", name, val)
	p.attrs[k] = val
}

// paintBands replaces the bands drawn in g when they differ from bands
// (widest first, underneath), and returns bands. A fingerprint of the
// drawn bands is kept on g, so that the board redrawn with the same
// selection keeps its bands.
func paintBands(doc, g app.Value, bands []BandView) []BandView {
	h := fnv.New64a()
	for _, b := range bands {
		h.Write([]byte(b.Key + ":" + b.D + ";"))
	}
	sig := strconv.FormatUint(h.Sum64(), 36)
	if cur := g.Call("getAttribute", "data-sig"); cur.Truthy() && cur.String() == sig {
		return bands
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
	return bands
}

// mark gives the tokens of ids the class cls and takes it from those that
// had it. The board names who has it (data-<cls>); the first paint after a
// redraw reads that and sets the class on every one of ids again, since
// go-app rewrites a token's class when the token changes; later paints
// change only the tokens that gain or lose it.
func (p *planPainter) mark(doc app.Value, cls string, ids []string) {
	before, known := p.marks[cls]
	if known && slices.Equal(before, ids) {
		return
	}
	attr := "data-" + cls
	if !known {
		if cur := p.board.Call("getAttribute", attr); cur.Truthy() {
			before = strings.Fields(cur.String())
		}
	}
	toggle := func(id string, on bool) {
		if tok := doc.Call("getElementById", "token-"+id); tok.Truthy() {
			tok.Get("classList").Call("toggle", cls, on)
		}
	}
	for _, id := range before {
		if !slices.Contains(ids, id) {
			toggle(id, false)
		}
	}
	for _, id := range ids {
		if !known || !slices.Contains(before, id) {
			toggle(id, true)
		}
	}
	p.marks[cls] = slices.Clone(ids)
	if joined := strings.Join(ids, " "); !known || joined != strings.Join(before, " ") {
		p.board.Call("setAttribute", attr, joined)
	}
}

// preview follows a drag on the board alone: it paints the plan to the
// square under the pointer at once and leaves the rest of the table as it
// is until the pointer rests there for restDelay.
func (t *Table) preview(ctx app.Context) {
	ctx.PreventUpdate()
	t.painted.paint(t.planView(t.state()))
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
	t.painted.paint(t.planView(enc))
}
