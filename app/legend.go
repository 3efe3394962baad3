package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
)

// renderLegend explains the board's marks: each movement band drawn now
// (in the ruleset's terms, with how many squares it holds and its rule),
// the threatened and dangerous squares, the strikers, the two sides and the
// selection, each with its swatch, which has the same shape, pattern and
// colour as on the board.
func renderLegend(l i18n.Lang, ruleset string, bands []combat.Band) app.UI {
	item := func(key string, text []app.UI, swatch ...app.UI) app.HTMLLi {
		return app.Li().Attr("data-key", key).Body(
			svg("svg").Class("swatch").Attr("viewBox", "0 0 20 20").Attr("width", 20).Attr("height", 20).Attr("aria-hidden", "true").Body(swatch...),
			app.Span().Body(text...),
		)
	}
	words := func(key string) []app.UI { return []app.UI{app.Bdi().Text(i18n.T(l, key))} }
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
		if len(b.Squares) == 0 {
			continue
		}
		key := string(b.Key)
		text := sayN(l, "move.band", len(b.Squares), "band", i18n.Label(l, glossary(ruleset), key), "rule", string(b.Rule))
		items = append(items, item("band-"+key, text, square("ground"), square("band "+key)).Class("band-line").
			Title(explain(l, ruleset, key, b.Rule)))
	}
	items = append(items,
		item("threat", words("legend.threat"), square("ground"), square("threats")),
		item("danger", words("legend.danger"), square("ground"), square("danger")),
		item("ally", words("legend.ally"), token("ally", 7)),
		item("foe", words("legend.foe"), token("foe", 3)),
		item("selected", words("legend.selected"), token("ally selected", 7)),
		item("target", words("legend.target"), token("foe target", 3)),
		item("striker", words("legend.striker"), token("foe striker", 3)),
	)
	return app.Section().ID("legend").Class("panel legend").Body(
		app.H2().Text(i18n.T(l, "legend.title")),
		app.Ul().Body(items...),
	)
}
