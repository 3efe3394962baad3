//go:build e2e || sizes

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// browserBuildEnv is the environment in which the tests build app.wasm, as
// the Makefile does: GOOS=js, GOARCH=wasm and GOWORK naming the go.work that
// selects go-app without its HTTP server, which tools/trimgoapp writes (with
// the trimmed copy) into dir.
func browserBuildEnv(dir string) ([]string, error) {
	out, err := exec.Command("go", "run", "./tools/trimgoapp", "-out", dir).Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			err = fmt.Errorf("%v\n%s", err, exit.Stderr)
		}
		return nil, fmt.Errorf("trimming go-app for the browser build: %w", err)
	}
	return append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOWORK="+strings.TrimSpace(string(out))), nil
}
