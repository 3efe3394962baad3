//go:build e2e && perf

package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestForecastPerf measures "Who wins?" in Chromium (make perf): for the
// goblin ambush and the Kaldaria urchins, the time from Run to the numbers
// of FORECAST_FIGHTS fights (1,000) in the Web Worker, with the board
// zoomed in while it runs, and the page's longest main-thread task
// meanwhile. With FORECAST_BASE set to another build's site (a folder
// holding its web/), it runs that build and this one in turn, round by
// round, so the two are measured under the same load. It prints medians
// and asserts nothing.
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
	type seen struct{ ms, longest, over float64 }
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
					openTab(t, ctx, "forecast")
					time.Sleep(300 * time.Millisecond)
					eval[bool](t, ctx, `(window.longTasks = [], window.t0 = performance.now(), true)`)
					click(t, ctx, "#forecast-run")
					poll[bool](t, ctx, `document.getElementById('forecast-cancel') !== null`, 10*time.Second)
					click(t, ctx, "#zoom-in")
					poll[bool](t, ctx, `document.getElementById('forecast').dataset.running === 'false' && document.getElementById('forecast-result') !== null`, 180*time.Second)
					r := eval[[]float64](t, ctx, `[performance.now() - window.t0, +document.getElementById('forecast-result').dataset.fights, Math.max(0, ...window.longTasks), window.longTasks.length]`)
					t.Logf("%.0f fights in %.0f ms, longest task %.0f ms, %.0f tasks over 50 ms: %v", r[1], r[0], r[2], r[3], eval[[]int](t, ctx, `window.longTasks`))
					key := sample + " / " + b.name
					got[key] = append(got[key], seen{r[0], r[2], r[3]})
				})
			}
		}
	}
	var report []string
	for _, sample := range []string{"dnd5e-goblin-ambush", "kal-urchins"} {
		for _, b := range builds {
			key := sample + " / " + b.name
			var ms, longest, over []float64
			for _, s := range got[key] {
				ms, longest, over = append(ms, s.ms), append(longest, s.longest), append(over, s.over)
			}
			report = append(report, fmt.Sprintf("%-40s %d fights: median %5.0f ms %v; longest task median %3.0f ms %v; tasks over 50 ms %v",
				key, fights, median(ms), rounded(ms), median(longest), rounded(longest), rounded(over)))
		}
	}
	t.Log("\n" + strings.Join(report, "\n"))
}
