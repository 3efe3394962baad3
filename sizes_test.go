//go:build sizes

package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSizes reports what each package adds to app.wasm (make sizes): the
// bytes of WebAssembly code of its functions, read from a build that keeps
// the function names (the shipped one is stripped; both select the trimmed
// go-app), and the bytes of data
// its symbols take in a native build of the same packages (a wasm module's
// data segments carry no symbol names). Our packages are listed one by
// one, the rest by library.
func TestSizes(t *testing.T) {
	dir := t.TempDir()
	wasm, native := filepath.Join(dir, "app.wasm"), filepath.Join(dir, "native")
	browser, err := browserBuildEnv(filepath.Join(dir, "trim"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		env []string
		out string
	}{{browser, wasm}, {os.Environ(), native}} {
		cmd := exec.Command("go", "build", "-trimpath", "-o", c.out, ".")
		cmd.Env = c.env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	b, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	m, err := parseWasm(b)
	if err != nil {
		t.Fatal(err)
	}
	list := exec.Command("go", "list", "-deps", ".")
	list.Env = browser
	deps, err := list.Output()
	if err != nil {
		t.Fatal(err)
	}
	// The linker writes a package's path into wasm function names with
	// '_' for '/' and '-': map those back to the import paths.
	mangled := map[string]string{}
	for _, p := range strings.Fields(string(deps)) {
		mangled[strings.NewReplacer("/", "_", "-", "_").Replace(p)] = p
	}
	code, std := map[string]int{}, map[string]int{}
	for i, size := range m.bodies {
		name, pkg := m.names[m.imported+i], ""
		for j := range len(name) {
			if name[j] == '.' && mangled[name[:j]] != "" {
				pkg = mangled[name[:j]]
			}
		}
		g := sizeGroup(pkg + ".")
		code[g] += size
		if g == stdGroup {
			std[pkg] += size
		}
	}
	data, err := nativeData(native)
	if err != nil {
		t.Fatal(err)
	}
	groups := map[string]bool{}
	for g := range code {
		groups[g] = true
	}
	for g := range data {
		groups[g] = true
	}
	order := slices.SortedFunc(maps.Keys(groups), func(a, b string) int {
		if ours(a) != ours(b) {
			if ours(a) {
				return -1
			}
			return 1
		}
		return code[b] - code[a]
	})
	var w strings.Builder
	fmt.Fprintf(&w, "app.wasm with names: %d bytes, of which code %d, data %d\n", len(b), m.codeSize, m.dataSize)
	fmt.Fprintf(&w, "%-36s %10s %6s %8s\n", "package", "wasm code", "share", "data*")
	for _, g := range order {
		d := "-"
		if ours(g) || g == "go-app" {
			d = strconv.Itoa(data[g])
		}
		fmt.Fprintf(&w, "%-36s %10d %5.1f%% %8s\n", g, code[g], 100*float64(code[g])/float64(m.codeSize), d)
		if g != stdGroup {
			continue
		}
		top := slices.SortedFunc(maps.Keys(std), func(a, b string) int { return std[b] - std[a] })
		for _, p := range top[:min(10, len(top))] {
			fmt.Fprintf(&w, "  %-34s %10d %5.1f%%\n", p, std[p], 100*float64(std[p])/float64(m.codeSize))
		}
	}
	fmt.Fprintf(&w, "* data: the package's own variables and tables in a native build; strings and type\n"+
		"  descriptors are pooled by the linker and counted with no package")
	t.Log("\n" + w.String())
}

// ours reports whether a group is one of Battlemat's packages.
func ours(group string) bool { return strings.HasPrefix(group, "battlemat") }

// sizeGroup names the package (ours) or library (the rest) a symbol
// belongs to.
func sizeGroup(symbol string) string {
	p := symbolPackage(symbol)
	switch {
	case ours(p):
		return p
	case strings.HasPrefix(p, "github.com/maxence-charriere/go-app/"):
		return "go-app"
	case strings.Contains(p, "."):
		return "other libraries"
	case p == "runtime" || strings.HasPrefix(p, "runtime/") || strings.HasPrefix(p, "internal/runtime"):
		return "Go runtime"
	case p == "":
		return "no package"
	}
	return stdGroup
}

// stdGroup is the group of the standard library's packages (the runtime
// aside).
const stdGroup = "Go standard library"

// symbolPackage returns the import path of a Go symbol's package
// ("battlemat/app" for "battlemat/app.(*Table).Render" or
// "type:*battlemat/app.Table"), or "" for a symbol of no package.
func symbolPackage(name string) string {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "type:"), "*")
	if strings.HasPrefix(name, "go:") {
		return ""
	}
	if i := strings.IndexAny(name, "[("); i >= 0 {
		name = name[:i]
	}
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot <= 0 {
		return ""
	}
	return name[:slash+1+dot]
}

// wasmModule is what TestSizes reads from a WebAssembly module: the sizes
// of the function bodies in the code section, the number of imported
// functions (which come first in the function index space), the function
// names of the name section, and the sizes of the code and data sections.
type wasmModule struct {
	bodies             []int
	imported           int
	names              map[int]string
	codeSize, dataSize int
}

// parseWasm reads the sections of a WebAssembly binary (the core spec's
// binary format, §5.5, and the name section of its appendix).
func parseWasm(b []byte) (wasmModule, error) {
	m := wasmModule{names: map[int]string{}}
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return m, errors.New("not a WebAssembly module")
	}
	r := bytes.NewReader(b[8:])
	for r.Len() > 0 {
		id, _ := r.ReadByte()
		size, err := binary.ReadUvarint(r)
		if err != nil || size > uint64(r.Len()) {
			return m, errors.New("truncated section")
		}
		sec := make([]byte, size)
		r.Read(sec)
		s := bytes.NewReader(sec)
		switch id {
		case 2: // imports
			n, _ := binary.ReadUvarint(s)
			for i := uint64(0); i < n; i++ {
				wasmName(s)
				wasmName(s)
				kind, _ := s.ReadByte()
				switch kind {
				case 0: // function: type index
					binary.ReadUvarint(s)
					m.imported++
				case 1: // table: element type, limits
					s.ReadByte()
					wasmLimits(s)
				case 2: // memory: limits
					wasmLimits(s)
				case 3: // global: value type, mutability
					s.ReadByte()
					s.ReadByte()
				}
			}
		case 10: // code
			m.codeSize = int(size)
			n, _ := binary.ReadUvarint(s)
			for i := uint64(0); i < n; i++ {
				body, err := binary.ReadUvarint(s)
				if err != nil || body > uint64(s.Len()) {
					return m, errors.New("truncated code section")
				}
				s.Seek(int64(body), 1)
				m.bodies = append(m.bodies, int(body))
			}
		case 11: // data
			m.dataSize = int(size)
		case 0: // custom
			if wasmName(s) != "name" {
				continue
			}
			for s.Len() > 0 {
				sub, _ := s.ReadByte()
				n, _ := binary.ReadUvarint(s)
				if sub != 1 {
					s.Seek(int64(n), 1)
					continue
				}
				count, _ := binary.ReadUvarint(s)
				for i := uint64(0); i < count; i++ {
					idx, _ := binary.ReadUvarint(s)
					m.names[int(idx)] = wasmName(s)
				}
			}
		}
	}
	return m, nil
}

// wasmName reads a length-prefixed name.
func wasmName(r *bytes.Reader) string {
	n, _ := binary.ReadUvarint(r)
	if n > uint64(r.Len()) {
		n = uint64(r.Len())
	}
	b := make([]byte, n)
	r.Read(b)
	return string(b)
}

// wasmLimits skips a limits field (a flag, a minimum and maybe a maximum).
func wasmLimits(r *bytes.Reader) {
	flag, _ := r.ReadByte()
	binary.ReadUvarint(r)
	if flag&1 != 0 {
		binary.ReadUvarint(r)
	}
}

// nativeData sums, by sizeGroup, the sizes of the data symbols (read-only,
// initialised and zeroed data) that go tool nm lists in a native binary.
func nativeData(binaryPath string) (map[string]int, error) {
	out, err := exec.Command("go", "tool", "nm", "-size", binaryPath).Output()
	if err != nil {
		return nil, err
	}
	data := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.ContainsAny(f[2], "DdRrBb") {
			continue
		}
		size, err := strconv.Atoi(f[1])
		if err != nil {
			continue
		}
		data[sizeGroup(strings.Join(f[3:], " "))] += size
	}
	return data, sc.Err()
}
