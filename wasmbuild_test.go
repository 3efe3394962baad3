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
// the Makefile does: GOOS=js, GOARCH=wasm, GOWORK naming the go.work that
// selects go-app without its HTTP server, which tools/trimgoapp writes (with
// the trimmed copy) into dir, and GOFLAGS with the -gcflags of coldFlags.
func browserBuildEnv(dir string) ([]string, error) {
	out, err := exec.Command("go", "run", "./tools/trimgoapp", "-out", dir).Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			err = fmt.Errorf("%v\n%s", err, exit.Stderr)
		}
		return nil, fmt.Errorf("trimming go-app for the browser build: %w", err)
	}
	cold, err := coldFlags()
	if err != nil {
		return nil, err
	}
	return append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOWORK="+strings.TrimSpace(string(out)),
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" "+cold)), nil
}

// coldFlags returns the -gcflags that build app.wasm without inlining in
// the packages tools/coldpkgs.txt lists, as the Makefile does.
func coldFlags() (string, error) {
	b, err := os.ReadFile("tools/coldpkgs.txt")
	if err != nil {
		return "", err
	}
	var flags []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			flags = append(flags, "-gcflags="+line+"=-l")
		}
	}
	return strings.Join(flags, " "), nil
}
