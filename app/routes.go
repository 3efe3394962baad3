// Package app is Battlemat's user interface: go-app components and the view
// models they render. It holds no rules arithmetic; it builds commands, hands
// them to the rules engine and renders what comes back.
package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Routes registers the app's pages. Both the server and the browser binary
// call it: the server to prerender, the browser to mount.
func Routes() {
	app.Route("/", func() app.Composer { return &Table{} })
}
