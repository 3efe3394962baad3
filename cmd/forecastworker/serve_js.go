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
// plays a batch of fights, posts what it has, and sleeps a moment, which
// hands the worker's event loop the messages that came in meanwhile.
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
		time.Sleep(time.Millisecond)
	}
}

// post sends a reply to the page as a JSON string.
func post(r reply) {
	b, _ := json.Marshal(r)
	js.Global().Call("postMessage", string(b))
}
