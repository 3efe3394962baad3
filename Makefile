SHELL := /bin/bash
# Battlemat. `make run` serves the app on http://127.0.0.1:8000/;
# `make test` runs every test, the browser tests included.

GO        ?= go
VERSION   ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
ADDR      ?= 127.0.0.1:8000
WASMFLAGS ?= -trimpath -ldflags="-s -w"
BROTLI_Q  ?= 11
CHROME    ?= /usr/bin/chromium
FUZZTIME  ?= 10s
BENCHTIME ?= 1s
GO_SRC    := $(shell find . -name '*.go' -not -name '*_test.go' -not -path './dist/*' -not -path './.trim/*') go.mod go.sum
# The browser build selects go-app without its HTTP server through this go.work (tools/trimgoapp
# writes it and the trimmed copy beside it); native builds and tests never see it.
TRIM_WORK := $(CURDIR)/.trim/go.work
# app.wasm is built without inlining in the packages tools/coldpkgs.txt lists (it says why).
COLD_PKGS   := tools/coldpkgs.txt
APP_GCFLAGS := $(foreach p,$(shell grep -v '^\#' $(COLD_PKGS)),-gcflags=$(p)=-l)

.PHONY: all run build wasm server precompress static deps check test unit e2e perf bench fuzz sizes clean FORCE

all: build

## run: build the app and serve it (Ctrl+C stops the server).
run: build
	./bin/battlemat -addr $(ADDR)

## build: the wasm bundle (precompressed) and the server.
build: wasm precompress server

wasm: web/app.wasm web/forecast.wasm
web/app.wasm: $(GO_SRC) $(TRIM_WORK) $(COLD_PKGS)
	GOWORK=$(TRIM_WORK) GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) $(APP_GCFLAGS) -o $@ .
# Checked on every build (it stops when the pinned go-app is not the shape its edits were written
# for); it rewrites only what differs, so an unchanged trim rebuilds nothing.
$(TRIM_WORK): FORCE
	$(GO) run ./tools/trimgoapp -out $(@D) >/dev/null
# The forecast's Web Worker (web/forecast-worker.js runs it): the rules and the forecast, no UI.
web/forecast.wasm: $(GO_SRC)
	GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) -o $@ ./cmd/forecastworker

server: bin/battlemat
bin/battlemat: $(GO_SRC)
	$(GO) build -trimpath -ldflags="-X main.version=$(VERSION)" -o $@ .

# Every file the page fetches from web/ that compresses gets .gz and .br siblings (the server
# picks one by Accept-Encoding; the page, scripts and manifest go-app makes are gzipped as sent).
COMPRESSED := web/app.wasm web/forecast.wasm web/forecast-worker.js web/battlemat.css web/icon.svg
precompress: $(COMPRESSED:=.gz) $(COMPRESSED:=.br)
web/%.gz: web/%
	gzip -9 -k -f $<
web/%.br: web/%
	@if command -v brotli >/dev/null; then brotli -q $(BROTLI_Q) -k -f $<; \
	else rm -f $@; echo "brotli is not installed: the server sends gzip instead ('make deps' installs it)"; fi

## static: write the whole app as a static website into dist/ for any static host or CDN.
static: build
	rm -rf dist
	./bin/battlemat -gen dist
	@echo "dist/ is ready: upload it to any static host."

## deps: install what the tests need (Debian's chromium and brotli; node runs rules/ under wasm; npm
## brings axe-core, pinned in tools/axe, for the accessibility checks) when missing.
deps:
	@if [ ! -x $(CHROME) ] || ! command -v brotli >/dev/null || ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
		echo "installing chromium, brotli, nodejs and npm"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium brotli \
			$$(command -v node >/dev/null || echo nodejs) $$(command -v npm >/dev/null || echo npm); \
	fi
	@if [ ! -f tools/axe/node_modules/axe-core/axe.min.js ]; then \
		npm ci --prefix tools/axe --no-audit --no-fund; \
	fi

## check: formatting, vet (native and wasm), and the purity guard on rules/.
check:
	@out=$$(gofmt -l $$(git ls-files '*.go') $$(git ls-files -o --exclude-standard '*.go')); \
		if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...
	$(GO) vet -tags e2e .
	@bad=$$($(GO) list -deps ./rules/... | grep -E '^(syscall/js|github.com/maxence-charriere/go-app)' || true); \
		if [ -n "$$bad" ]; then echo "rules/ must stay pure but depends on: $$bad"; exit 1; fi
	@echo "check: ok"

## test: every test — checks, unit tests, the rules under wasm, and the browser tests.
test: deps check unit e2e

unit:
	$(GO) test -count=1 ./...
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./rules/...

e2e:
	CHROME_PATH=$(CHROME) $(GO) test -tags e2e -count=1 -timeout 45m -v -run E2E . 2>&1 | tee e2e.log | grep -E '^(=== RUN|--- |\s+e2e_|PASS|FAIL|ok)' ; exit $${PIPESTATUS[0]}

## perf: Battlemat against a bare go-app app built here, in one run: cold and service-worker loads,
## drag frames and select with 100 creatures, Lighthouse desktop and mobile (PERF_RUNS, LIGHTHOUSE_RUNS).
## Not part of test. Installs lighthouse@12.2.3 into .perf/ with npm when npm is there.
perf:
	@if command -v npm >/dev/null && [ ! -x .perf/node_modules/.bin/lighthouse ]; then \
		echo "installing lighthouse@12.2.3 into .perf/"; \
		mkdir -p .perf; \
		npm install --no-save --no-audit --no-fund --prefix .perf lighthouse@12.2.3 >/dev/null \
			|| echo "could not install lighthouse (npm's message above): the Lighthouse runs are skipped"; fi
	CHROME_PATH=$(CHROME) $(GO) test -tags 'e2e perf' -count=1 -v -timeout 60m -run '^TestPerf$$' . 2>&1 \
		| grep -vE '^(=== |    --- PASS)' ; exit $${PIPESTATUS[0]}

## bench: the benchmarks of the rules engine.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) ./rules/...

## fuzz: a short pass of every fuzz target (FUZZTIME each).
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "fuzz $$pkg $$f"; \
			$(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done

## sizes: app.wasm raw / gzip / brotli, and what each package adds to it.
sizes: build
	@printf 'app.wasm raw %s, gzip -9 %s, brotli -q %s %s bytes\n' \
		$$(stat -c %s web/app.wasm) $$(stat -c %s web/app.wasm.gz) $(BROTLI_Q) $$([ -f web/app.wasm.br ] && stat -c %s web/app.wasm.br || echo none)
	@$(GO) test -tags sizes -count=1 -v -run '^TestSizes$$' . | sed -n '/app.wasm with names/,/pooled by the linker/s/^        //p'

clean:
	rm -rf bin dist .trim e2e-out e2e.log web/app.wasm web/forecast.wasm $(COMPRESSED:=.gz) $(COMPRESSED:=.br)
