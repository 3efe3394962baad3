package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
)

// renderLegend explains the board's marks: each movement band drawn now
// (in the ruleset's terms), the threatened and dangerous squares, the
// strikers, the two sides and the selection, each with its swatch, which
// has the same shape, pattern and colour as on the board.
func renderLegend(l i18n.Lang, ruleset string, bands []BandView) app.UI {
	item := func(key string, text string, swatch ...app.UI) app.UI {
		return app.Li().Attr("data-key", key).Body(
			svg("svg").Class("swatch").Attr("viewBox", "0 0 20 20").Attr("width", 20).Attr("height", 20).Attr("aria-hidden", "true").Body(swatch...),
			app.Bdi().Text(text),
		)
	}
	square := func(class string) app.UI {
		return svg("rect").Class(class).Attr("x", 1).Attr("y", 1).Attr("width", 18).Attr("height", 18)
	}
	token := func(class string, rx int) app.UI {
		return svg("g").Class("tok "+class).Body(
			svg("rect").Class("mark").Attr("x", 0).Attr("y", 0).Attr("width", 20).Attr("height", 20).Attr("rx", rx+2),
			svg("rect").Class("disc").Attr("x", 3).Attr("y", 3).Attr("width", 14).Attr("height", 14).Attr("rx", rx),
		)
	}
	var items []app.UI
	for _, b := range bands {
		if b.Count == 0 {
			continue
		}
		items = append(items, item("band-"+b.Key, i18n.Label(l, glossary(ruleset), b.Key), square("ground"), square("band "+b.Key)))
	}
	items = append(items,
		item("threat", i18n.T(l, "legend.threat"), square("ground"), square("threats")),
		item("danger", i18n.T(l, "legend.danger"), square("ground"), square("danger")),
		item("ally", i18n.T(l, "legend.ally"), token("ally", 7)),
		item("foe", i18n.T(l, "legend.foe"), token("foe", 3)),
		item("selected", i18n.T(l, "legend.selected"), token("ally selected", 7)),
		item("target", i18n.T(l, "legend.target"), token("foe target", 3)),
		item("striker", i18n.T(l, "legend.striker"), token("foe striker", 3)),
	)
	return app.Details().ID("legend").Class("legend").Open(true).Body(
		app.Summary().Text(i18n.T(l, "legend.title")),
		app.Ul().Body(items...),
	)
}
