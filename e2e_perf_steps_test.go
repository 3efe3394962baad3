//go:build e2e && perf

package main

import (
	"fmt"
	"strings"
	"testing"

	"battlemat/app"
)

// TestPerfColdSteps times the steps of a cold load of the bare go-app
// baseline and of Battlemat (and of PERF_PREVIOUS, as TestPerf does),
// alternating in fresh profiles, and prints the median of each step in
// milliseconds from navigation start, to show where the time to the
// board goes (a profile of one load shows one load; the machine is
// shared). Run it with
//
//	CHROME_PATH=/usr/bin/chromium go test -tags 'e2e perf' -count=1 -run '^TestPerfColdSteps$' -v .
//
// PERF_RUNS sets the rounds (5).
func TestPerfColdSteps(t *testing.T) {
	runs := envInt(t, "PERF_RUNS", 5)
	apps := perfApps(t)
	steps := map[string]map[string][]float64{}
	for i := 0; i < runs; i++ {
		for j := range apps {
			a := apps[(i+j)%len(apps)]
			ctx := newBrowserRunning(t, boardFrameJS+";"+coldStepsJS)
			ms := map[string]float64{"board frame": loadBoard(t, ctx, a.url+"/")}
			for k, v := range eval[map[string]float64](t, ctx, `(() => {
				const m = performance.getEntriesByName('`+app.SampleMark+`')[0];
				return m ? {...window.coldSteps, 'sample begun': m.startTime} : window.coldSteps;
			})()`) {
				ms[k] = v
			}
			if steps[a.name] == nil {
				steps[a.name] = map[string][]float64{}
			}
			for k, v := range ms {
				steps[a.name][k] = append(steps[a.name][k], v)
			}
		}
	}
	report := []string{fmt.Sprintf("%d cold loads each, alternating; milliseconds from navigation start, medians", runs)}
	for _, a := range apps {
		line := fmt.Sprintf("%-16s", a.name)
		for _, k := range coldSteps {
			if v := steps[a.name][k]; len(v) > 0 {
				line += fmt.Sprintf(" | %s %.0f", k, median(v))
			}
		}
		report = append(report, line)
	}
	t.Log("\n" + strings.Join(report, "\n"))
}

// coldSteps are the steps TestPerfColdSteps reports, in the order a load
// passes them: the page's HTML received; the worker that compiles the
// bundle started by the page's first script (Battlemat); the page parsed; the
// compiled module handed to the page by that worker (Battlemat) or
// instantiated by go-app's loader; the Go program started; go-app's loader
// removed; the board the server rendered removed by go-app's mount; the
// first sample's building begun (Battlemat, app.SampleMark); the board the
// app mounted in the DOM; and the end of the frame that shows it
// (boardFrameJS).
var coldSteps = []string{"html", "worker started", "parsed", "module received", "instantiated", "go started", "loader gone", "served board gone", "sample begun", "app board", "board frame"}

// coldStepsJS runs in each document before the page's own scripts and
// records in window.coldSteps when the load passes each of coldSteps, by
// wrapping the constructors and calls the loaders go through and
// watching the DOM.
const coldStepsJS = `(() => {
	const steps = window.coldSteps = {};
	const mark = (k) => { if (!(k in steps)) steps[k] = performance.now(); };
	const W = window.Worker;
	window.Worker = function (...args) {
		mark('worker started');
		const w = new W(...args);
		w.addEventListener('message', () => mark('module received'));
		return w;
	};
	for (const name of ['instantiate', 'instantiateStreaming']) {
		const f = WebAssembly[name];
		WebAssembly[name] = function (...args) { return f.apply(this, args).then(r => { mark('instantiated'); return r; }); };
	}
	let G;
	Object.defineProperty(globalThis, 'Go', {configurable: true, get: () => G, set(v) {
		G = v;
		const run = v.prototype.run;
		v.prototype.run = function (...args) { mark('go started'); return run.apply(this, args); };
	}});
	let parsed = false, served = null;
	document.addEventListener('DOMContentLoaded', () => {
		parsed = true;
		mark('parsed');
		steps['html'] = performance.getEntriesByType('navigation')[0].responseEnd;
		served = document.getElementById('board');
	});
	new MutationObserver(() => {
		if (!parsed) return;
		if (document.getElementById('app-wasm-loader') === null) mark('loader gone');
		const b = document.getElementById('board');
		if (served && b !== served) mark('served board gone');
		if (b && b !== served) mark('app board');
	}).observe(document, {childList: true, subtree: true});
})()`
