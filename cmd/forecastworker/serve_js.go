//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"
	"time"
)

// batchTime is how long the worker plays between looking at its messages.
const batchTime = 40 * time.Millisecond

// serve answers the page's messages until the worker is terminated: it
// plays a batch of fights, posts what it has, and yields, which hands the
// worker's event loop the messages that came in meanwhile.
func serve() {
	inbox := make(chan []byte, 16)
	js.Global().Set("onmessage", js.FuncOf(func(this js.Value, args []js.Value) any {
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		b := []byte(data.String())
		go func() { inbox <- b }()
		return nil
	}))
	post(reply{Type: msgReady})
	var j job
	for {
		if !j.running {
			for _, r := range j.handle(<-inbox) {
				post(r)
			}
			continue
		}
		select {
		case raw := <-inbox:
			for _, r := range j.handle(raw) {
				post(r)
			}
			continue
		default:
		}
		post(j.batch(batchTime))
		yield()
	}
}

// yield returns to the worker's event loop until a message the worker
// posts itself on a MessageChannel comes back: the page's messages queued
// before it are delivered first. A sleep would do the same but lose time:
// a timer set from a timer's callback waits at least 4 ms once nested, as
// the worker's are, a tenth of a batch.
var yield = func() func() {
	ch := js.Global().Get("MessageChannel").New()
	back := make(chan struct{}, 1)
	ch.Get("port1").Set("onmessage", js.FuncOf(func(this js.Value, args []js.Value) any {
		back <- struct{}{}
		return nil
	}))
	port := ch.Get("port2")
	return func() {
		port.Call("postMessage", nil)
		<-back
	}
}()

// post sends a reply to the page as a JSON string.
func post(r reply) {
	b, _ := json.Marshal(r)
	js.Global().Call("postMessage", string(b))
}
