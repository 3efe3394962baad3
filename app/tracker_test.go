package app

import (
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/rulesets"
)

// TestTrackerShowsTheRulesetsCounters: the acting creature's line in the
// tracker lists what is left of the counters its ruleset declares, in the
// ruleset's order and words and in the reader's language: 5e's movement in
// feet, action, bonus action and object interaction (the last two its
// glossary's, by their label alone inside the line's parentheses) (the fighter, who
// has no bonus action, is not shown one), Kaldaria's and
// Kryształy Czasu's attacks, DAIRN's action; a reaction is shown per
// creature, and only where the ruleset counts one.
func TestTrackerShowsTheRulesetsCounters(t *testing.T) {
	reg := rulesets.Registry()
	for _, c := range []struct {
		sample    string
		lang      i18n.Lang
		words     []string // the counters in order, as the line names them
		keys      []string // and the keys of the counters
		reactions bool
	}{
		{"dnd5e-goblin-ambush", i18n.English, []string{"movement", "action", "object interaction"}, []string{"movement", "action", "interaction"}, true},
		{"dnd5e-goblin-ambush", i18n.Polish, []string{"ruch", "akcja", "użycie przedmiotu"}, []string{"movement", "action", "interaction"}, true},
		{"kal-urchins", i18n.English, []string{"movement", "attacks"}, []string{"movement", "attacks"}, false},
		{"kal-urchins", i18n.Hebrew, []string{"תנועה", "התקפות"}, []string{"movement", "attacks"}, false},
		{"kc-orc", i18n.Kazakh, []string{"жүріс", "шабуыл"}, []string{"movement", "attacks"}, false},
		{"dairn-bandits", i18n.English, []string{"movement", "action"}, []string{"movement", "action"}, false},
	} {
		t.Run(c.sample+"/"+c.lang.String(), func(t *testing.T) {
			s, _ := rulesets.Find(c.sample)
			sess, err := s.Session(reg)
			if err != nil {
				t.Fatal(err)
			}
			for _, cmd := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
				if _, err := sess.Do(cmd); err != nil {
					t.Fatalf("%T: %v", cmd, err)
				}
			}
			tbl := &Model{reg: reg, lang: c.lang}
			tbl.use(sess)
			enc := tbl.state()
			me, _ := enc.Combatant(enc.Current())
			v := tbl.trackerView(enc)
			var line strings.Builder
			for _, p := range v.Status {
				line.WriteString(p.Text)
			}
			var want []string
			for i, w := range c.words {
				n := i18n.Int(c.lang, int64(me.Budget.Left(c.keys[i])))
				if c.keys[i] == "movement" {
					n = tbl.distance(me.Budget.Left("movement"))
				}
				want = append(want, w+" "+n)
			}
			if got := line.String(); !strings.Contains(got, "("+strings.Join(want, ", ")+")") {
				t.Errorf("the tracker says %q, want the counters (%s)", got, strings.Join(want, ", "))
			}
			for _, r := range v.Rows {
				if (r.Reaction != "") != c.reactions {
					t.Errorf("%s's reaction reads %q; the ruleset counts reactions: %v", r.Name, r.Reaction, c.reactions)
				}
			}
		})
	}
}

// TestLogTitleIsolatesTheCount: the log's title counts the commands with
// the number in its own <bdi>, so the Hebrew "(12 …)" keeps its digits in
// place between the parentheses; the list's aria-label, which cannot hold
// a <bdi>, isolates the number with FSI … PDI.
func TestLogTitleIsolatesTheCount(t *testing.T) {
	for _, l := range i18n.Langs {
		html := app.HTMLString(&Log{V: LogView{Lang: l, Commands: 1234}})
		h2 := html[strings.Index(html, "<h2"):strings.Index(html, "</h2>")]
		if want := "<bdi>" + i18n.Int(l, 1234) + "</bdi>"; !strings.Contains(h2, want) {
			t.Errorf("%s: the log's title %q lacks %q", l, h2, want)
		}
		ol := html[strings.Index(html, "<ol"):]
		ol = ol[:strings.Index(ol, ">")]
		// go-app writes attribute values as Go quoted strings.
		if want := "aria-label=" + strconv.Quote(strings.Replace(i18n.N(l, "log.title", 1234), i18n.Int(l, 1234), i18n.Isolate(i18n.Int(l, 1234)), 1)); !strings.Contains(ol, want) {
			t.Errorf("%s: the log list's label %q is not %q", l, ol, want)
		}
	}
}

// TestTrackerNamesTheSides: where a ruleset's initiative scores only sort
// sides that act in turn, the tracker says which side acts first in the
// ruleset's words and the reader's language, with the rule in its
// explanation, never the scores (ENG-ORDER-9): DAIRN's heroes act first
// and each opposing side after them, where the tracker used to read
// "1 hero" and "−1 large bandit"; in round 1 a hero who failed the
// initiative save reads that it loses the turn. A ruleset without such
// names keeps its numbers.
func TestTrackerNamesTheSides(t *testing.T) {
	words := map[i18n.Lang]map[string]string{
		i18n.English: {"acts-first": "acts first", "acts-after": "acts after", "loses-turn": "loses the turn"},
		i18n.Hebrew:  {"acts-first": "פועל ראשון", "acts-after": "פועל שני", "loses-turn": "מפסיד את התור"},
		i18n.Polish:  {"acts-first": "działa najpierw", "acts-after": "działa potem", "loses-turn": "traci turę"},
		i18n.Kazakh:  {"acts-first": "алдымен", "acts-after": "содан кейін", "loses-turn": "кезегін өткізіп алады"},
	}
	m := openTable(t, "dairn-bandits", true)
	// The sample's hero fails its save: round 1 it loses the turn
	// (CA-INIT-2); round 2 its side acts first (CA-INIT-5).
	for round, hero := range []string{1: "loses-turn", 2: "acts-first"} {
		if hero == "" {
			continue
		}
		for m.state().Round < round {
			if !m.apply(combat.EndTurn{}) {
				t.Fatal("the turn does not end")
			}
		}
		for _, l := range i18n.Langs {
			m.lang = l
			enc := m.state()
			v := m.trackerView(enc)
			places := map[string]bool{}
			for _, r := range v.Rows {
				c, _ := enc.Combatant(r.ID)
				want := "acts-after"
				if c.Side == "party" {
					want = hero
				}
				places[r.Place] = true
				if r.Place != want || !strings.Contains(r.Score, words[l][want]) || strings.ContainsAny(r.Score, "0123456789−-") || !strings.Contains(r.PlaceWhy, "(CA-") {
					t.Errorf("round %d, %s: %s (%s side) reads %q (%q), want %q with its rule", round, l, r.ID, c.Side, r.Score, r.PlaceWhy, words[l][want])
				}
			}
			if len(places) != 2 || len(v.Rows) != len(enc.Combatants) {
				t.Errorf("round %d, %s: %d rows name %d places", round, l, len(v.Rows), len(places))
			}
			if html := app.HTMLString(&Tracker{V: v}); !strings.Contains(html, `data-place="acts-after"`) {
				t.Errorf("round %d, %s: the tracker does not mark the places", round, l)
			}
		}
	}
	dnd := openTable(t, "dnd5e-goblin-ambush", true)
	for _, r := range dnd.trackerView(dnd.state()).Rows {
		if _, err := strconv.Atoi(r.Score); err != nil || r.Place != "" {
			t.Errorf("5e's %s reads %q, want its initiative score", r.ID, r.Score)
		}
	}
}
