package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/forecast"
)

// openTag returns the opening tag of the element with id in html, "" when
// there is none.
func openTag(html, id string) string {
	i := strings.Index(html, `id="`+id+`"`)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(html[:i], "<")
	return html[start : i+strings.Index(html[i:], ">")+1]
}

// TestSideTabs renders the side panel's tabs: one tab selected with its
// panel alone shown and the rest hidden, and a counted badge on the log's
// tab for the commands made since the log was last shown, gone once it is.
func TestSideTabs(t *testing.T) {
	tb := &Table{}
	tb.OnInit()
	tb.showSample()
	for _, c := range []struct {
		name, tab, selected string
		cmds                int  // commands made before the render
		badge               bool // the log's tab wears a badge
	}{
		{"at first", "", "log", 0, false},
		{"the log shown", "log", "log", 1, false},
		{"a command while the legend is shown", "legend", "legend", 1, true},
		{"an unknown tab", "nope", "log", 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb.side.tab = c.tab
			for range c.cmds {
				if _, err := tb.sess.Do(combat.RollInitiative{}); err != nil {
					t.Fatal(err)
				}
				tb.changed()
			}
			html := app.HTMLString(tb)
			for _, s := range sideTabs {
				tab, panel := openTag(html, "tab-"+s.id), openTag(html, "tabpanel-"+s.id)
				on := s.id == c.selected
				// The server writes a true value as a bare attribute.
				got := strings.Contains(tab, "aria-selected") && !strings.Contains(tab, `aria-selected="false"`)
				if got != on || !strings.Contains(tab, `role="tab"`) {
					t.Errorf("tab %s: %s, want selected %t", s.id, tab, on)
				}
				if got := strings.Contains(panel, "hidden"); got == on || !strings.Contains(panel, `role="tabpanel"`) {
					t.Errorf("panel %s: %s, want shown %t", s.id, panel, on)
				}
			}
			words := i18n.T(i18n.English, "tabs.new", "n", 1)
			if got := strings.Contains(html, words); got != c.badge {
				t.Errorf("the log's badge %q shown %t, want %t", words, got, c.badge)
			}
		})
	}
	tb.side.tab = "log"
	if html := app.HTMLString(tb); strings.Contains(html, "tab-badge") {
		t.Error("the log is shown, yet its tab keeps a badge")
	}
}

// TestForecastNews: a forecast is news for its tab once it has finished
// with numbers the tab has not shown, and again after more fights; the
// tab wears its badge for it while another tab is shown.
func TestForecastNews(t *testing.T) {
	tb := &Table{}
	for _, c := range []struct {
		name string
		fc   *forecastRun
		want bool
	}{
		{"none", nil, false},
		{"running", &forecastRun{running: true, res: forecast.Result{Fights: 40}}, false},
		{"finished", &forecastRun{res: forecast.Result{Fights: 40}}, true},
		{"shown", &forecastRun{res: forecast.Result{Fights: 40}, seenFights: 40}, false},
		{"more fights since", &forecastRun{res: forecast.Result{Fights: 80}, seenFights: 40}, true},
		{"failed before a fight", &forecastRun{err: "x"}, false},
	} {
		tb.fc = c.fc
		if got := tb.forecastNews(); got != c.want {
			t.Errorf("%s: news %t, want %t", c.name, got, c.want)
		}
		for _, tab := range []string{"log", "forecast"} {
			tb.side.tab = tab
			want := c.want && tab != "forecast"
			if got := tb.forecastBadge(); got != want {
				t.Errorf("%s, %s shown: badge %t, want %t", c.name, tab, got, want)
			}
			html := app.HTMLString(&ForecastBadge{Lang: i18n.English, Shown: tb.forecastBadge(), t: tb})
			if got := strings.Contains(html, "tab-badge") && strings.Contains(html, i18n.T(i18n.English, "tabs.fresh")); got != want {
				t.Errorf("%s, %s shown: %s, want a badge %t", c.name, tab, html, want)
			}
		}
	}
}

// TestOddsLine renders compact odds: the outcomes that can happen in the
// line, those that cannot behind the disclosure with the damage chart,
// which the expected damage sums up.
func TestOddsLine(t *testing.T) {
	html := app.HTMLString(renderOdds(i18n.English, "kaldaria", []combat.Chance{
		{Key: "hit", Num: 1, Den: 2}, {Key: "parried", Num: 0, Den: 2}, {Key: "miss", Num: 1, Den: 2},
		combat.Damage(0, 1, 2), combat.Damage(4, 1, 2),
	}))
	never := strings.Index(html, `class="never"`)
	if never < 0 {
		t.Fatalf("no outcomes that cannot happen: %s", html)
	}
	for key, inLine := range map[string]bool{"hit": true, "miss": true, "parried": false} {
		at := strings.Index(html, `data-key="`+key+`"`)
		if at < 0 || (at < never) != inLine {
			t.Errorf("%s at %d, the line ends at %d: want in the line %t", key, at, never, inLine)
		}
	}
	summary, end := strings.Index(html, `<summary id="expected">`), strings.Index(html, "</summary>")
	if summary < 0 || end < summary || !strings.Contains(html[summary:end], "Expected damage:") || !strings.Contains(html[summary:end], "<bdi>2.0</bdi>") {
		t.Errorf("the disclosure is not summed up by the expected damage: %s", html)
	}
}
