//go:build wasm

package main

import (
	"runtime/debug"
	"syscall/js"

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
	yield()
	goapp.RunWhenOnBrowser()
}

// yield hands the browser its thread between the program's own start (the
// runtime and the packages' initialisers) and go-app's (mounting the page),
// which were one long task: the program waits for a callback that only a
// timer of the browser's runs. A sleep would not do: the runtime's own
// goroutines can outlast a short one, and then it never waits.
func yield() {
	done := make(chan struct{})
	var next js.Func
	next = js.FuncOf(func(js.Value, []js.Value) any {
		next.Release()
		close(done)
		return nil
	})
	js.Global().Call("setTimeout", next, 0)
	<-done
}
