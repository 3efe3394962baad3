//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// serve explains that the worker runs only in a browser.
func serve() {
	fmt.Fprintln(os.Stderr, "forecastworker runs in a browser's Web Worker: build it with GOOS=js GOARCH=wasm")
	os.Exit(2)
}
