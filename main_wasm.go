//go:build wasm

package main

import (
	"runtime/debug"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app"
)

// main mounts the UI in the browser; the server half lives in server.go.
// The garbage collector runs less often than Go's default: its pauses on
// the browser's one thread showed as the largest cost of a drag frame,
// and the app's heap is small.
func main() {
	debug.SetGCPercent(400)
	app.Routes()
	goapp.RunWhenOnBrowser()
}
