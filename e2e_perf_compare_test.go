//go:build e2e && perf

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// TestPerf measures Battlemat against the bare go-app baseline in one run
// on this machine (make perf): cold "board ready" (the end of the first
// frame that shows the board the app mounted, boardFrameJS) in a fresh
// profile, warm "board ready" once the service worker holds the bundle,
// and a returning user's "board ready": the same profile with its autosave
// kept but the service worker and the browser's caches cleared, so the
// bundle comes over the network again; alternating the apps round by
// round; then Battlemat's drag frames (in wall and in thread time) and
// select → bands with 100 creatures on 60×60; then, where Lighthouse is
// installed, Lighthouse's desktop and mobile runs of both apps. It prints
// medians and ratios and asserts nothing: the machine is shared, and the
// figures are read against the goals. PERF_RUNS sets the rounds (5),
// LIGHTHOUSE_RUNS the Lighthouse runs per app and preset (3, 0 to skip),
// LIGHTHOUSE the lighthouse command, and PERF_PREVIOUS the addresses of
// other Battlemat servers (earlier builds, started by hand; see perfApps),
// measured in the same rounds, so a change is seen against the code before
// it. TestPerfColdSteps shows where a cold load's time goes.
func TestPerf(t *testing.T) {
	runs := envInt(t, "PERF_RUNS", 5)
	apps := perfApps(t)
	cold := map[string][]float64{}
	warm := map[string][]float64{}
	back := map[string][]float64{}
	for i := 0; i < runs; i++ {
		for j := range apps {
			a := apps[(i+j)%len(apps)]
			t.Run(fmt.Sprintf("load/%s/%d", a.name, i), func(t *testing.T) {
				ctx := newBrowserRunning(t, boardFrameJS)
				cold[a.name] = append(cold[a.name], loadBoard(t, ctx, a.url+"/"))
				waitOffline(t, ctx)
				warm[a.name] = append(warm[a.name], loadBoard(t, ctx, a.url+"/"))
				dropCaches(t, ctx, a.url)
				back[a.name] = append(back[a.name], loadBoard(t, ctx, a.url+"/"))
			})
		}
	}
	sel, frame, worst := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
	cpuFrame, cpuWorst := map[string][]float64{}, map[string][]float64{}
	link := bigBattle(t)
	for i := 0; i < runs; i++ {
		for _, a := range apps[1:] {
			t.Run(fmt.Sprintf("drag/%s/%d", a.name, i), func(t *testing.T) {
				ctx := newBrowser(t)
				navigate(t, ctx, a.url+"/#"+link)
				stop := traceDrag(t, ctx)
				d := measureDrag(t, ctx, 15)
				th := stop()
				sel[a.name], frame[a.name], worst[a.name] = append(sel[a.name], d.Select), append(frame[a.name], d.Median), append(worst[a.name], d.Max)
				cpuFrame[a.name], cpuWorst[a.name] = append(cpuFrame[a.name], median(th)), append(cpuWorst[a.name], slices.Max(th))
			})
		}
	}
	report := []string{
		fmt.Sprintf("%d rounds, alternating; milliseconds from navigation start to the end of the first frame that shows the board the app mounted, medians [all runs]", runs),
	}
	b := apps[0].name
	for _, c := range []struct {
		what string
		ms   map[string][]float64
	}{{"cold ready", cold}, {"warm ready (service worker)", warm}, {"returning (no cache)", back}} {
		line := fmt.Sprintf("%-28s %s %6.0f %v", c.what, b, median(c.ms[b]), rounded(c.ms[b]))
		for _, a := range apps[1:] {
			m := a.name
			line += fmt.Sprintf(" | %s %6.0f %v ratio %.2f×", m, median(c.ms[m]), rounded(c.ms[m]), median(c.ms[m])/median(c.ms[b]))
		}
		report = append(report, line)
	}
	for _, a := range apps[1:] {
		m := a.name
		report = append(report,
			fmt.Sprintf("%s: drag frame, 100 creatures on 60×60: median of medians %.1f ms %v; max median %.1f ms, worst %.1f ms %v",
				m, median(frame[m]), rounded(frame[m]), median(worst[m]), slices.Max(worst[m]), rounded(worst[m])),
			fmt.Sprintf("%s: drag frame in thread time: median of medians %.1f ms; max median %.1f ms, worst %.1f ms %v",
				m, median(cpuFrame[m]), median(cpuWorst[m]), slices.Max(cpuWorst[m]), rounded(cpuWorst[m])),
			fmt.Sprintf("%s: select → bands drawn: median %.1f ms %v", m, median(sel[m]), rounded(sel[m])))
	}
	report = append(report, lighthouseReport(t, apps)...)
	t.Log("\n" + strings.Join(report, "\n"))
}

// boardFrameJS runs in each document before the page's own scripts and
// sets window.boardFrame to a promise of the time, from navigation start,
// at the end of the first frame that shows the board the app mounted:
// once the page is parsed (DOMContentLoaded), go-app's loader is gone and
// a #board other than the one the server rendered into the page is in the
// DOM (a MutationObserver notices that as it happens, where a poll would
// notice it up to one poll later), a timer set in the next animation
// frame's callback runs once that frame has been drawn. The board the
// server rendered does not count: it takes no input, and go-app's mount
// replaces it (Battlemat shows "Opening…" in its place until its
// encounter is read or built), so the first frame after the loader went
// may show no board at all.
const boardFrameJS = `window.boardFrame = new Promise(done => {
	let served, seen = false;
	const check = () => {
		if (seen || served === undefined || document.getElementById('app-wasm-loader') !== null) return;
		const board = document.getElementById('board');
		if (!board || board === served) return;
		seen = true;
		mo.disconnect();
		requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));
	};
	const mo = new MutationObserver(check);
	mo.observe(document, {childList: true, subtree: true});
	document.addEventListener('DOMContentLoaded', () => {
		served = document.getElementById('board');
		check();
	});
})`

// loadBoard loads url in a browser that runs boardFrameJS and returns the
// milliseconds from navigation start to the end of the board's first
// frame.
func loadBoard(t *testing.T, ctx context.Context, url string) float64 {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("navigating to %s: %v", url, err)
	}
	return eval[float64](t, ctx, `window.boardFrame`)
}

// dropCaches leaves the page, then clears origin's service worker, its
// Cache Storage and the browser's HTTP cache; IndexedDB, where Battlemat
// keeps the autosave, stays.
func dropCaches(t *testing.T, ctx context.Context, origin string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin, StorageTypes: "service_workers,cache_storage"}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
}

// perfApp is one app make perf measures: its name in the report and the
// address it is served at.
type perfApp struct{ name, url string }

// perfApps starts the baseline and Battlemat, the baseline first, and adds
// the servers at PERF_PREVIOUS, a comma-separated list of addresses, when
// it is set: "previous", "previous 2" and so on. Battlemat is served from
// the test's own process, which also drives the browser; to compare two
// builds on equal terms, serve both by hand and list both.
func perfApps(t *testing.T) []perfApp {
	apps := []perfApp{{"go-app baseline", startBaseline(t)}, {"Battlemat", startServer(t).URL}}
	for i, prev := range strings.Split(os.Getenv("PERF_PREVIOUS"), ",") {
		name := "previous"
		if i > 0 {
			name = fmt.Sprintf("previous %d", i+1)
		}
		if prev != "" {
			apps = append(apps, perfApp{name, strings.TrimSuffix(prev, "/")})
		}
	}
	return apps
}

// lighthouseReport runs Lighthouse on the apps, alternating, desktop and
// mobile, and returns the medians, or why it did not run.
func lighthouseReport(t *testing.T, apps []perfApp) []string {
	n := envInt(t, "LIGHTHOUSE_RUNS", 3)
	lh := os.Getenv("LIGHTHOUSE")
	if lh == "" {
		lh = ".perf/node_modules/.bin/lighthouse"
	}
	if _, err := exec.LookPath(lh); err != nil || n == 0 {
		return []string{"Lighthouse: not run (" + lh + " not installed, or LIGHTHOUSE_RUNS=0); make perf installs lighthouse@12.2.3 with npm"}
	}
	out := []string{fmt.Sprintf("Lighthouse 12.2.3, median of %d [all runs]: score, Total Blocking Time, main-thread work, longest task, interactive", n)}
	for _, preset := range []string{"desktop", "mobile"} {
		res := map[string][]lighthouseResult{}
		for i := 0; i < n; i++ {
			for _, a := range apps {
				if r, ok := runLighthouse(t, lh, a.url, preset); ok {
					res[a.url] = append(res[a.url], r)
				}
			}
		}
		for _, a := range apps {
			r := res[a.url]
			pick := func(f func(lighthouseResult) float64) []float64 {
				var v []float64
				for _, x := range r {
					v = append(v, f(x))
				}
				return v
			}
			score := pick(func(x lighthouseResult) float64 { return x.Score })
			tbt := pick(func(x lighthouseResult) float64 { return x.TBT })
			work := pick(func(x lighthouseResult) float64 { return x.MainThread })
			long := pick(func(x lighthouseResult) float64 { return x.LongestTask })
			tti := pick(func(x lighthouseResult) float64 { return x.Interactive })
			if len(r) == 0 {
				out = append(out, fmt.Sprintf("  %-7s %-16s no run finished", preset, a.name))
				continue
			}
			out = append(out, fmt.Sprintf("  %-7s %-16s score %3.0f %v  TBT %5.0f ms %v  main thread %5.0f ms  longest task %5.0f ms %v  interactive %5.0f ms",
				preset, a.name, median(score), rounded(score), median(tbt), rounded(tbt), median(work), median(long), rounded(long), median(tti)))
		}
	}
	return out
}

// lighthouseResult is what make perf reads from one Lighthouse report.
type lighthouseResult struct {
	Score, TBT, MainThread, LongestTask, Interactive float64
}

// runLighthouse runs Lighthouse on url with a fresh Chromium profile, a
// second time if the first run fails (it sometimes times out talking to
// Chromium on a loaded machine); it reports false when both fail.
func runLighthouse(t *testing.T, lh, url, preset string) (lighthouseResult, bool) {
	t.Helper()
	for try := 0; try < 2; try++ {
		r, err := lighthouseOnce(t, lh, url, preset)
		if err == nil {
			return r, true
		}
		t.Logf("lighthouse %s %s: %v", preset, url, err)
	}
	return lighthouseResult{}, false
}

// lighthouseOnce runs Lighthouse once.
func lighthouseOnce(t *testing.T, lh, url, preset string) (lighthouseResult, error) {
	dir := t.TempDir()
	report := filepath.Join(dir, "report.json")
	args := []string{url, "--output=json", "--output-path=" + report, "--quiet", "--only-categories=performance",
		"--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking " +
			"--disable-component-update --disable-sync --disable-dev-shm-usage --user-data-dir=" + filepath.Join(dir, "profile")}
	if preset == "desktop" {
		args = append(args, "--preset=desktop")
	}
	cmd := exec.Command(lh, args...)
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chromePath(t))
	if out, err := cmd.CombinedOutput(); err != nil {
		return lighthouseResult{}, fmt.Errorf("%v\n%s", err, out)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		return lighthouseResult{}, err
	}
	var r struct {
		Categories struct {
			Performance struct{ Score float64 }
		}
		Audits map[string]struct {
			NumericValue float64
			Details      struct {
				Items []struct{ Duration float64 }
			}
		}
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return lighthouseResult{}, err
	}
	res := lighthouseResult{
		Score:       r.Categories.Performance.Score * 100,
		TBT:         r.Audits["total-blocking-time"].NumericValue,
		MainThread:  r.Audits["mainthread-work-breakdown"].NumericValue,
		Interactive: r.Audits["interactive"].NumericValue,
	}
	for _, it := range r.Audits["long-tasks"].Details.Items {
		res.LongestTask = max(res.LongestTask, it.Duration)
	}
	return res, nil
}

// rounded returns v rounded to whole numbers, for printing.
func rounded(v []float64) []int {
	r := make([]int, len(v))
	for i, x := range v {
		r[i] = int(x + 0.5)
	}
	return r
}

// envInt reads a whole number from the environment, or returns def.
func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q is not a count", name, s)
	}
	return n
}
