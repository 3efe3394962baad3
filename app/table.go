package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Table is the root component: the battle table with its board.
type Table struct {
	app.Compo
}

// Render lays out the page: a header and the board.
func (t *Table) Render() app.UI {
	return app.Div().Class("table").Body(
		app.Header().Class("bar").Body(
			app.H1().Class("brand").Text("Battlemat"),
		),
		app.Main().Class("stage").Body(
			&Board{Cols: 24, Rows: 16},
		),
	)
}
