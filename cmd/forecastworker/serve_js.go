//go:build js && wasm

package main

import (
	"encoding/json"
	"sync"
	"syscall/js"
)

// serve answers the page's messages, one at a time, until the worker is
// terminated, in the order they came: a start before the fights it is
// for. A block of fights is short, so the page's next messages wait at
// most that long.
func serve() {
	var (
		mu    sync.Mutex
		inbox [][]byte
		wake  = make(chan struct{}, 1)
	)
	js.Global().Set("onmessage", js.FuncOf(func(this js.Value, args []js.Value) any {
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		mu.Lock()
		inbox = append(inbox, []byte(data.String()))
		mu.Unlock()
		select {
		case wake <- struct{}{}:
		default:
		}
		return nil
	}))
	post(reply{Type: msgReady})
	var j job
	for range wake {
		mu.Lock()
		msgs := inbox
		inbox = nil
		mu.Unlock()
		for _, raw := range msgs {
			for _, r := range j.handle(raw) {
				post(r)
			}
		}
	}
}

// post sends a reply to the page as a JSON string.
func post(r reply) {
	b, _ := json.Marshal(r)
	js.Global().Call("postMessage", string(b))
}
