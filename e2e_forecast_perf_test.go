//go:build e2e && perf

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
)

// TestForecastPerf measures "Who wins?" in Chromium (make perf): for the
// goblin ambush and the Kaldaria urchins, the time from Run to the numbers
// of FORECAST_FIGHTS fights (1,000) in the Web Workers, with the board
// zoomed in while it runs (a forecast that is precise sooner stops there,
// as the urchins' does; then the test clicks "Run more" and counts the
// time from that click until the progress bar passes FORECAST_FIGHTS,
// without the wait between the two clicks, and cancels the rest); the page's longest main-thread task meanwhile;
// the processor time its main thread spent in tasks (Chromium's
// TaskDuration counted in thread time, which, unlike a task's wall time,
// does not grow while the thread waits for a core on a loaded machine);
// and, from a trace, the longest of its tasks in thread time and the
// thread time of the busiest worker, about what the forecast would take
// on a machine with a core free for each worker. With FORECAST_BASE set
// to another build's site (a folder holding its web/), it runs that build
// and this one in turn, round by round, so the two are measured under the
// same load. It prints medians and asserts nothing.
func TestForecastPerf(t *testing.T) {
	runs := envInt(t, "PERF_RUNS", 3)
	fights := envInt(t, "FORECAST_FIGHTS", 1000)
	builds := []struct{ name, url string }{{"this build", startServer(t).URL}}
	if base := os.Getenv("FORECAST_BASE"); base != "" {
		h, err := newHandler(base)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(site(h))
		t.Cleanup(srv.Close)
		builds = append([]struct{ name, url string }{{filepath.Base(base), srv.URL}}, builds...)
	}
	type seen struct{ ms, longest, over, cpu, longestCPU, busiestWorker float64 }
	got := map[string][]seen{}
	for _, sample := range []string{"dnd5e-goblin-ambush", "kal-urchins"} {
		sess := scenarioSession(t, sample)
		if err := sess.SetForecast(json.RawMessage(fmt.Sprintf(`{"fights":%d,"seed":1}`, fights))); err != nil {
			t.Fatal(err)
		}
		link := linkOf(t, sess)
		for i := 0; i < runs; i++ {
			for j := range builds {
				b := builds[(i+j)%len(builds)]
				t.Run(fmt.Sprintf("%s/%s/%d", sample, b.name, i), func(t *testing.T) {
					ctx := newBrowser(t)
					navigate(t, ctx, b.url+"/#"+link)
					poll[bool](t, ctx, `document.getElementById('forecast-run') !== null`, 20*time.Second)
					eval[bool](t, ctx, longTasksJS)
					enableThreadTime(t, ctx)
					openTab(t, ctx, "forecast")
					time.Sleep(300 * time.Millisecond)
					eval[bool](t, ctx, `(window.longTasks = [], window.t0 = performance.now(), true)`)
					eval[bool](t, ctx, forecastClockJS)
					cpu0 := mainThreadCPU(t, ctx)
					tasks := traceTasks(t, ctx)
					click(t, ctx, "#forecast-run")
					poll[bool](t, ctx, `document.getElementById('forecast-cancel') !== null`, 10*time.Second)
					click(t, ctx, "#zoom-in")
					poll[bool](t, ctx, `window.forecastClock.done !== undefined`, 180*time.Second)
					if early := eval[int](t, ctx, `+document.getElementById('forecast-result').dataset.fights`); early < fights {
						t.Logf("precise after %d fights in %.0f ms; Run more to %d", early, eval[float64](t, ctx, `window.forecastClock.done - window.t0`), fights)
						eval[bool](t, ctx, fmt.Sprintf(`(window.forecastClock.target = %d, window.forecastClock.more = performance.now(), document.getElementById('forecast-more').click(), true)`, fights))
						poll[bool](t, ctx, `window.forecastClock.reached !== undefined`, 180*time.Second)
						click(t, ctx, "#forecast-cancel")
						poll[bool](t, ctx, `document.getElementById('forecast').dataset.running === 'false'`, 20*time.Second)
					}
					cpu := mainThreadCPU(t, ctx) - cpu0
					times := tasks()
					longestCPU, busiestWorker := 0.0, 0.0
					for _, d := range times.main {
						longestCPU = max(longestCPU, d)
					}
					for _, d := range times.workers {
						busiestWorker = max(busiestWorker, d)
					}
					t.Logf("thread time of the workers: %v ms", rounded(times.workers))
					r := eval[[]float64](t, ctx, `(() => {
						const c = window.forecastClock;
						const fights = c.reached === undefined ? +document.getElementById('forecast-result').dataset.fights : c.target;
						const ms = c.done - window.t0 + (c.reached === undefined ? 0 : c.reached - c.more);
						return [ms, fights, Math.max(0, ...window.longTasks), window.longTasks.length];
					})()`)
					t.Logf("%.0f fights in %.0f ms, main thread busy %.0f ms, longest task %.0f ms (%.1f ms of thread time), %.0f tasks over 50 ms: %v",
						r[1], r[0], cpu, r[2], longestCPU, r[3], eval[[]int](t, ctx, `window.longTasks`))
					key := sample + " / " + b.name
					got[key] = append(got[key], seen{r[0], r[2], r[3], cpu, longestCPU, busiestWorker})
				})
			}
		}
	}
	var report []string
	for _, sample := range []string{"dnd5e-goblin-ambush", "kal-urchins"} {
		for _, b := range builds {
			key := sample + " / " + b.name
			var ms, longest, over, cpu, longestCPU, busiest []float64
			for _, s := range got[key] {
				ms, longest, over = append(ms, s.ms), append(longest, s.longest), append(over, s.over)
				cpu, longestCPU, busiest = append(cpu, s.cpu), append(longestCPU, s.longestCPU), append(busiest, s.busiestWorker)
			}
			report = append(report, fmt.Sprintf("%-40s %d fights: median %5.0f ms %v; busiest worker's thread time median %5.0f ms %v; "+
				"main thread busy median %4.0f ms %v; longest task median %3.0f ms %v, in thread time %3.0f ms %v; tasks over 50 ms %v",
				key, fights, median(ms), rounded(ms), median(busiest), rounded(busiest), median(cpu), rounded(cpu), median(longest), rounded(longest),
				median(longestCPU), rounded(longestCPU), rounded(over)))
		}
	}
	t.Log("\n" + strings.Join(report, "\n"))
}

// forecastClockJS notes in window.forecastClock, from the page's own
// changes as they happen rather than from the test's polling, when the
// forecast shows its result with its panel no longer running (done), and,
// once the test has set target and the time of its click on "Run more"
// (more), when the progress bar first passes target (reached).
const forecastClockJS = `(() => {
	const c = window.forecastClock = {};
	const panel = () => document.getElementById('forecast');
	new MutationObserver(() => {
		const now = performance.now();
		if (c.done === undefined && panel()?.dataset.running === 'false' && document.getElementById('forecast-result')) {
			c.done = now;
		}
		const bar = document.getElementById('forecast-progress');
		if (c.more !== undefined && c.reached === undefined && bar && bar.value >= c.target) {
			c.reached = now;
		}
	}).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
	return true;
})()`

// mainThreadCPU returns the processor time, in milliseconds, the page's
// main thread has spent in tasks so far (the Performance domain's
// TaskDuration, counted in thread time, once enableThreadTime has run).
func mainThreadCPU(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	m, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range m.Metrics {
		if x.Name == "TaskDuration" {
			return x.Value * 1000
		}
	}
	t.Fatal("no TaskDuration among the page's metrics")
	return 0
}

// enableThreadTime starts the page's Performance domain counting its
// durations in thread time.
func enableThreadTime(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
		t.Fatal(err)
	}
}

// threadTimes is what a trace says of the page's threads, in
// milliseconds of thread time (processor time).
type threadTimes struct {
	main    []float64 // each task the page's main thread ran
	workers []float64 // each Web Worker's tasks, summed
}

// traceTasks starts tracing the browser's tasks and returns the function
// that stops it and returns the thread time the page's main thread and its
// Web Workers spent in tasks meanwhile.
func traceTasks(t *testing.T, ctx context.Context) func() threadTimes {
	t.Helper()
	stop := startTrace(t, ctx, "toplevel", "disabled-by-default-devtools.timeline")
	return func() threadTimes {
		t.Helper()
		evs, names := stop()
		var out threadTimes
		worker := map[[2]int]float64{}
		for _, e := range evs {
			if e.Name != "RunTask" || e.Ph != "X" {
				continue
			}
			switch th := [2]int{e.Pid, e.Tid}; names[th] {
			case "CrRendererMain":
				out.main = append(out.main, e.TDur/1000)
			case "DedicatedWorker thread":
				worker[th] += e.TDur / 1000
			}
		}
		for _, ms := range worker {
			out.workers = append(out.workers, ms)
		}
		if len(out.main) == 0 {
			t.Fatal("the trace shows no task of the page's main thread")
		}
		return out
	}
}
