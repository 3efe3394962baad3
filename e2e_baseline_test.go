//go:build e2e && perf

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The baseline is the smallest go-app v10.1.11 app that renders a board:
// one route, one component, go-app's own handler with local icons (so its
// service worker caches the bundle), built with the flags the Makefile
// uses and the same split between the server and the browser binary.
// make perf measures Battlemat against it in one run.
var baselineFiles = map[string]string{
	"main.go": `package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type board struct{ app.Compo }

func (b *board) Render() app.UI {
	return app.Main().Body(app.H1().Text("Baseline"), app.Div().ID("board").Text("ready"))
}

func main() {
	app.Route("/", func() app.Composer { return &board{} })
	app.RunWhenOnBrowser()
	serve()
}
`,
	"browser.go": `//go:build wasm

package main

func serve() {}
`,
	"server.go": `//go:build !wasm

package main

import (
	"fmt"
	"net"
	"net/http"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func serve() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	fmt.Println("http://" + l.Addr().String())
	panic(http.Serve(l, &app.Handler{
		Name:    "Baseline",
		Title:   "Baseline",
		Version: "1",
		Icon:    app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png"},
	}))
}
`,
}

// startBaseline builds the baseline app in a temporary folder, starts its
// server there and returns its URL.
func startBaseline(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range baselineFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, icon := range []string{"icon-192.png", "icon-512.png"} {
		b, err := os.ReadFile(filepath.Join("web", icon))
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "web", icon), b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	goVersion, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", "github.com/maxence-charriere/go-app/v10").Output()
	if err != nil {
		t.Fatalf("finding the go-app version: %v", err)
	}
	for _, c := range []struct {
		env  []string
		args []string
	}{
		{nil, []string{"mod", "init", "baseline"}},
		{nil, []string{"get", "github.com/maxence-charriere/go-app/v10/pkg/app@" + strings.TrimSpace(string(goVersion))}},
		{[]string{"GOOS=js", "GOARCH=wasm"}, []string{"build", "-trimpath", "-ldflags=-s -w", "-o", "web/app.wasm", "."}},
		{nil, []string{"build", "-trimpath", "-o", "baseline", "."}},
	} {
		cmd := exec.Command("go", c.args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), c.env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(c.args, " "), err, out)
		}
	}
	cmd := exec.Command(filepath.Join(dir, "baseline"))
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		s := bufio.NewScanner(out)
		s.Scan()
		line <- s.Text()
	}()
	select {
	case url := <-line:
		return url
	case <-time.After(30 * time.Second):
		t.Fatal("the baseline server did not start")
		return ""
	}
}
