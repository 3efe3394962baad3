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
	if !js.Global().Get("document").Truthy() {
		rehearse()
		return
	}
	debug.SetGCPercent(400)
	app.Routes()
	yield()
	goapp.RunWhenOnBrowser()
}

// rehearse is the program's run in the Web Worker that compiles the
// bundle (web/start.js), before the page runs it. The browser compiles
// each function of the bundle the first time it runs, on the thread that
// runs it, and the compiled code is shared with the page: run here, the
// runtime's start, the packages' initialisers, the building of the first
// sample and the table's render (what the page does first) leave their
// code compiled, and the page's thread runs it without stopping to
// compile.
func rehearse() {
	if app.Rehearse() == 0 {
		println("rehearsing the start rendered nothing")
	}
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
