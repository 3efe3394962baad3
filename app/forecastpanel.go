package app

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
)

// ForecastPanel is the "Who wins?" panel as a component of its own, so
// that what a forecast changes (Run, its progress, Cancel, "Run more", its
// numbers) redraws this panel and not the table around it: go-app redraws
// every ancestor of a component it redraws, and the whole table takes far
// longer than a frame (see forecastDispatch). The table passes what, when it
// changes, draws the panel again: its language and the session's revision.
type ForecastPanel struct {
	app.Compo
	Lang i18n.Lang
	Rev  int

	t        *Table      // the table it belongs to (the instance go-app mounts keeps it)
	ctx      app.Context // its own context, once mounted
	rendered time.Time   // when Render last began, to measure its redraws
}

// OnMount makes the panel the one the forecast redraws.
func (p *ForecastPanel) OnMount(ctx app.Context) {
	p.ctx = ctx
	p.t.fcPanel = p
}

// OnDismount lets the forecast redraw the table again.
func (p *ForecastPanel) OnDismount() {
	if p.t.fcPanel == p {
		p.t.fcPanel = nil
	}
}

// Render draws the panel from the table's forecast.
func (p *ForecastPanel) Render() app.UI {
	p.rendered = time.Now()
	return p.t.renderForecast(p.t.state())
}

// forecastDispatch runs f on the UI goroutine and redraws the forecast
// panel alone when f says it changed what the panel shows, else nothing:
// go-app marks the panel and every ancestor for a redraw, and each mark is
// taken back exactly once (ctx.PreventUpdate for all of them, keepTable for
// the table and above), so a redraw the table was due for anyway, such as a
// tab clicked in the same frame, still happens. Without a mounted panel f
// runs on the table, which redraws when f says so.
func (t *Table) forecastDispatch(f func(app.Context) (redraw bool)) {
	p := t.fcPanel
	if p == nil || p.ctx.Context == nil || !p.Mounted() {
		t.mounted.Dispatch(func(ctx app.Context) {
			if !f(ctx) {
				ctx.PreventUpdate()
			}
		})
		return
	}
	p.ctx.Dispatch(func(ctx app.Context) {
		if f(ctx) {
			t.keepTable()
		} else {
			ctx.PreventUpdate()
		}
	})
}

// keepTable takes back the redraw of the table that an event in the
// forecast panel marks it for: the panel's handlers change only what the
// panel and the board's risk layer (paintRisks) show.
func (t *Table) keepTable() {
	if t.mounted.Context != nil && t.fcPanel != nil {
		t.mounted.PreventUpdate()
	}
}

// RiskView is one creature's risk as the board's risk layer draws it, on
// the lower part of its token, between its label and its HP bar: inside
// its own square, where no other token can be (below the square, it
// covered the top of the token in the square beneath).
type RiskView struct {
	ID    string
	X, Y  int    // where the label's baseline is centred, in board units
	Short string // the share of fights it goes down in ("63.3 %")
	Words string // the same in words, for the tooltip ("down in 63.3 % of fights")
}

// riskViews returns the risk of every creature the forecast has numbers
// for, placed on its token (RiskView); none without a forecast.
func (t *Table) riskViews() []RiskView {
	if t.forecastNow() == nil {
		return nil
	}
	enc := t.state()
	out := make([]RiskView, 0, len(enc.Combatants))
	for _, c := range enc.Combatants {
		short := t.riskPct(c.ID)
		if short == "" {
			continue
		}
		size := max(1, c.Stats.Size) * cellPx
		out = append(out, RiskView{ID: c.ID, X: margin + c.Pos.X*cellPx + size/2, Y: margin + c.Pos.Y*cellPx + size - riskRaise,
			Short: short, Words: t.riskLabel(c.ID)})
	}
	return out
}

// riskRaise is how far a risk label's baseline sits above the bottom of
// its token's square: just above the HP bar (board.go draws it from 6 to
// 3 units above the bottom).
const riskRaise = 7

// paintRisks draws the risks into the board's risk layer, which the Board
// renders empty and last, so that a label is never under another token;
// each token carries its risk in words as data-risk, and its tooltip says
// it. go-app never renders these, so its later diffs leave them; the layer
// keeps a fingerprint of what it shows and is redrawn only when it changes.
func paintRisks(risks []RiskView) {
	doc := app.Window().Get("document")
	g := doc.Call("getElementById", "layer-risks")
	if !g.Truthy() {
		return
	}
	var sig strings.Builder
	for _, r := range risks {
		sig.WriteString(r.ID + "@" + strconv.Itoa(r.X) + "," + strconv.Itoa(r.Y) + "=" + r.Words + ";")
	}
	if cur := g.Call("getAttribute", "data-sig"); cur.Truthy() && cur.String() == sig.String() || !cur.Truthy() && len(risks) == 0 {
		return
	}
	before := doc.Call("querySelectorAll", ".token[data-risk]")
	for i := 0; i < before.Length(); i++ {
		before.Index(i).Call("removeAttribute", "data-risk")
	}
	g.Set("textContent", "")
	for _, r := range risks {
		txt := doc.Call("createElementNS", svgNS, "text")
		txt.Call("setAttribute", "class", "risk")
		txt.Call("setAttribute", "data-of", r.ID)
		txt.Call("setAttribute", "x", strconv.Itoa(r.X))
		txt.Call("setAttribute", "y", strconv.Itoa(r.Y))
		txt.Call("setAttribute", "text-anchor", "middle")
		title := doc.Call("createElementNS", svgNS, "title")
		title.Set("textContent", r.Words)
		txt.Call("appendChild", title)
		txt.Call("appendChild", doc.Call("createTextNode", r.Short))
		g.Call("appendChild", txt)
		if tok := doc.Call("getElementById", "token-"+r.ID); tok.Truthy() {
			tok.Call("setAttribute", "data-risk", r.Words)
		}
	}
	g.Call("setAttribute", "data-sig", sig.String())
}
