//go:build wasm

package main

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app"
)

// main mounts the UI in the browser; the server half lives in server.go.
func main() {
	app.Routes()
	goapp.RunWhenOnBrowser()
}
