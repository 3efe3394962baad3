package app

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/dnd5e"
	"battlemat/rules/grid"
	"battlemat/rules/krysztaly"
	"battlemat/rules/rulesets"
)

func TestParseFaces(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
		bad  string
	}{
		{"", nil, ""}, {"14 3", []int{14, 3}, ""}, {"20,1, 6", []int{20, 1, 6}, ""},
		{"0", nil, "0"}, {"x", nil, "x"}, {"1001", nil, "1001"}, {"-3", nil, "-3"}, {"12 7x 3", nil, "7x"},
	} {
		got, bad := parseFaces(c.in)
		if bad != c.bad || !slices.Equal(got, c.want) {
			t.Errorf("parseFaces(%q) = %v, %q; want %v, %q", c.in, got, bad, c.want, c.bad)
		}
	}
}

func TestSquareAt(t *testing.T) {
	for _, c := range []struct {
		x, y float64
		want grid.Square
		ok   bool
	}{{24, 24, grid.Square{}, true}, {63.9, 24, grid.Square{}, true}, {64, 64, grid.Square{X: 1, Y: 1}, true}, {10, 30, grid.Square{}, false}, {24 + 12*40, 30, grid.Square{}, false}} {
		got, ok := squareAt(c.x, c.y, 12, 8)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("squareAt(%g, %g) = %v %v", c.x, c.y, got, ok)
		}
	}
}

func TestCycle(t *testing.T) {
	ids := []string{"a", "b", "c"}
	for _, c := range []struct{ cur, want string }{{"", "a"}, {"a", "b"}, {"c", "a"}, {"zz", "a"}} {
		if got := cycle(ids, c.cur, 1); got != c.want {
			t.Errorf("cycle after %q = %q, want %q", c.cur, got, c.want)
		}
	}
	if cycle(nil, "a", 1) != "" {
		t.Error("cycle over nothing picked something")
	}
}

// TestFreeSquare checks a duplicate lands on the nearest square with no
// wall and no creature.
func TestFreeSquare(t *testing.T) {
	enc := combat.Encounter{Map: grid.Map{W: 3, H: 3, Walls: []grid.Square{{X: 1, Y: 0}, {X: 0, Y: 1}}},
		Combatants: []combat.Combatant{{ID: "a", Pos: grid.Square{X: 0, Y: 0}}, {ID: "b", Pos: grid.Square{X: 1, Y: 1}}}}
	got, ok := freeSquare(enc, grid.Square{}, 1)
	if !ok || got == (grid.Square{X: 1, Y: 0}) || got == (grid.Square{X: 0, Y: 1}) || got == (grid.Square{X: 1, Y: 1}) {
		t.Fatalf("freeSquare = %v %v", got, ok)
	}
	full := combat.Encounter{Map: grid.Map{W: 1, H: 1}, Combatants: []combat.Combatant{{ID: "a"}}}
	if _, ok := freeSquare(full, grid.Square{}, 1); ok {
		t.Error("found room on a full map")
	}
}

// TestRestoredLogMatchesLive checks that an encounter opened from its
// share link shows the same log as the live one: the events the session
// kept while replaying are those its commands returned.
func TestRestoredLogMatchesLive(t *testing.T) {
	s := rulesets.Samples()[0]
	enc, err := s.Build(3)
	if err != nil {
		t.Fatal(err)
	}
	reg := rulesets.Registry()
	sess, err := combat.NewSession(reg, enc)
	if err != nil {
		t.Fatal(err)
	}
	live := &Table{Model: Model{reg: reg}}
	live.use(sess)
	for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}, combat.EndTurn{}, combat.EndTurn{}} {
		if _, err := sess.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	link, err := combat.EncodeLink(sess)
	if err != nil {
		t.Fatal(err)
	}
	back, err := combat.DecodeLink(reg, link)
	if err != nil {
		t.Fatal(err)
	}
	opened := &Table{Model: Model{reg: reg}}
	opened.use(back)
	want, got := live.logView(sess.State()), opened.logView(back.State())
	if len(want.Lines) == 0 {
		t.Fatal("the live log is empty")
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the opened log differs:\n%+v\nlive:\n%+v", got.Lines, want.Lines)
	}
}

// TestTableRenders renders the whole page as the server does: the first
// sample's board with a token per creature.
func TestTableRenders(t *testing.T) {
	html := app.HTMLString(&Table{})
	enc, _ := rulesets.Samples()[0].Build(1)
	if n := strings.Count(html, `id="token-`); n != len(enc.Combatants) {
		t.Errorf("%d tokens rendered, want %d", n, len(enc.Combatants))
	}
	for _, want := range []string{`id="board"`, `id="tracker"`, `id="log"`, `id="undo"`} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}

func TestLogShows(t *testing.T) {
	if !logShows("", combat.Moved) || logShows("attacks", combat.Moved) || !logShows("moves", combat.Moved) || !logShows("turns", combat.RoundStarted) {
		t.Error("log filters misplace events")
	}
}

// TestOddsShowExpectedAmount checks that the Kryształy Czasu odds panel
// prints the engine's expected damage taken (KC-ABS-2) as a number of
// points, to a tenth, and not as a percentage ("9,440.0%").
func TestOddsShowExpectedAmount(t *testing.T) {
	s, ok := rulesets.Find("kc-orc")
	if !ok {
		t.Fatal("no kc-orc sample")
	}
	enc, err := s.Build(1)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rulesets.Registry().Lookup(enc.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	a, d := enc.Combatants[0], enc.Combatants[1]
	chances, err := combat.Odds(rs, enc, combat.AttackRequest{Attacker: a.ID, Defender: d.ID})
	if err != nil {
		t.Fatal(err)
	}
	var mean combat.Chance
	for _, c := range chances {
		if c.Kind == combat.ExpectedAmount {
			mean = c
		}
	}
	if mean.Key != krysztaly.ChanceExpected || mean.Num <= mean.Den {
		t.Fatalf("no expected amount above one point among %v", chances)
	}
	for _, l := range i18n.Langs {
		html := app.HTMLString(renderOdds(l, enc.Ruleset, chances))
		_, row, _ := strings.Cut(html, `data-key="`+mean.Key+`"`)
		row, _, _ = strings.Cut(row, "</li>")
		want := i18n.Tenths(l, meanTenths(mean))
		if !strings.Contains(row, ">"+want+"<") || strings.Contains(row, "%") {
			t.Errorf("%v: expected row %q, want the amount %s and no percent", l, row, want)
		}
	}
}

func TestMeanTenths(t *testing.T) {
	for _, c := range []struct {
		c    combat.Chance
		want int64
	}{
		{combat.Chance{Key: "expected-taken", Num: 944, Den: 10}, 944},
		{combat.Chance{Key: "expected-taken", Num: 5, Den: 3}, 17},
		{combat.Chance{Key: "expected-taken", Num: 1 << 61, Den: 1 << 60}, 20},
		{combat.Chance{Key: "expected-taken", Num: 1, Den: 0}, 0},
	} {
		if got := meanTenths(c.c); got != c.want {
			t.Errorf("meanTenths(%v) = %d, want %d", c.c, got, c.want)
		}
	}
}

func TestBadges(t *testing.T) {
	c := combat.Combatant{ID: "a", HP: 0, Surprised: true, Conditions: []string{"charging"}}
	got := badges(0, combat.Encounter{Ruleset: "kaldaria"}, c, true, false)
	if len(got) != 3 || got[0] != "✕" || got[1] != "!" {
		t.Errorf("badges = %q", got)
	}
	// A mark the catalogue has no word for is named by the ruleset's label
	// in the reader's language, never by its key (5e's sneaking mark,
	// DND-SURP-3).
	sneaking := combat.Combatant{ID: "b", HP: 7, Conditions: []string{dnd5e.ConditionSneaking}}
	for l, want := range map[i18n.Lang]string{i18n.English: "sneaking", i18n.Hebrew: "מתגנב", i18n.Polish: "skrada się", i18n.Kazakh: "жасырын"} {
		if got := badges(l, combat.Encounter{Ruleset: "dnd5e"}, sneaking, false, false); !slices.Equal(got, []string{want}) {
			t.Errorf("%v: badges = %q, want %q", l, got, want)
		}
	}
}

// TestExplain checks a highlight's tooltip gives the ruleset's term, its
// explanation in the reader's language and the rule, and falls back to the
// rule alone.
func TestExplain(t *testing.T) {
	for _, tt := range []struct {
		l    i18n.Lang
		want []string
	}{
		{i18n.English, []string{"הנגפות", "overwhelmed", "more foes than it can pin", "K-PIN-5"}},
		{i18n.Hebrew, []string{"הנגפות", "יותר אויבים ממה שהוא יכול לרתק", "K-PIN-5"}},
		{i18n.Polish, []string{"הנגפות", "więcej wrogów, niż może zatrzymać", "K-PIN-5"}},
		{i18n.Kazakh, []string{"הנגפות", "ұстап тұра алатынынан көп жау", "K-PIN-5"}},
	} {
		got := explain(tt.l, "kaldaria", "overwhelmed", "K-PIN-5")
		for _, want := range tt.want {
			if !strings.Contains(got, want) {
				t.Errorf("%v: explain(overwhelmed) = %q, lacks %q", tt.l, got, want)
			}
		}
		if tt.l != i18n.English && strings.Contains(got, "overwhelmed") {
			t.Errorf("%v: explain(overwhelmed) = %q speaks English", tt.l, got)
		}
		if got := explain(tt.l, "kaldaria", "no-such-key", "K-OA-1"); got != "K-OA-1" {
			t.Errorf("%v: explain of an unknown key = %q, want the rule alone", tt.l, got)
		}
	}
	// An English label that is the term's abbreviation is written once.
	got := explain(i18n.English, "cairn", "hp", "CA-DMG-4")
	if want := i18n.Isolate("қорғаныс") + " — HP: "; !strings.HasPrefix(got, want) || strings.Count(got, "HP") != 1 {
		t.Errorf("explain(DAIRN hp) = %q, want it to start %q and name HP once", got, want)
	}
}

// TestEveryEventHasWords checks the log can say every event the engine
// emits, in every language (RoundEnded is silent on purpose: RoundStarted
// follows it).
func TestEveryEventHasWords(t *testing.T) {
	to := grid.Square{X: 1, Y: 2}
	enc := combat.Encounter{Ruleset: "kaldaria", Combatants: []combat.Combatant{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bo"}}}
	carried := map[combat.EventType]combat.Payload{
		combat.InitiativeRolled:  combat.Lineup{Order: []combat.Slot{{Members: []string{"a"}, Score: 12}}},
		combat.OrderSet:          combat.Lineup{Order: []combat.Slot{{Members: []string{"a"}}}, ByHand: true},
		combat.Joined:            combat.JoinScore{Score: 12},
		combat.Moved:             combat.MoveStep{Cost: 2},
		combat.DecisionRequested: &combat.Decision{Kind: combat.DecideOpportunity, Chooser: "b", Attack: combat.AttackRequest{Defender: "a"}},
		combat.Chosen:            combat.Choice{Key: "charging"},
		combat.AttackResolved:    combat.Blow{Hit: true, Damage: 4},
		combat.HPChanged:         combat.HPSet{HP: 6},
		combat.ConditionAdded:    combat.ConditionKey{Condition: "charging"},
		combat.ConditionRemoved:  combat.ConditionKey{Condition: "charging", Removed: true},
		combat.ActionUsed:        combat.ActionSpent{Key: "charging", Resource: "action"},
	}
	for _, typ := range []combat.EventType{combat.Placed, combat.Edited, combat.Removed, combat.Repositioned, combat.MapEdited,
		combat.InitiativeRolled, combat.OrderSet, combat.Joined, combat.EncounterStarted, combat.RoundStarted, combat.TurnStarted,
		combat.Moved, combat.MoveStopped, combat.MoveReset, combat.DecisionRequested, combat.OpportunityTaken, combat.OpportunityPassed,
		combat.Chosen, combat.AttackResolved, combat.HPChanged, combat.Downed, combat.ConditionAdded, combat.ConditionRemoved,
		combat.ActionUsed, combat.ReactionUnlocked, combat.TurnEnded, combat.SideStanding, combat.EncounterEnded} {
		h := combat.Header{Actor: "a", Target: "b", To: &to, Round: 2}
		ev := h.Bare(typ)
		if p, ok := carried[typ]; ok {
			ev = h.With(p)
		}
		for _, l := range i18n.Langs {
			parts := eventWords(l, enc, ev)
			text := ""
			for _, p := range parts {
				text += p.Text
			}
			if strings.TrimSpace(text) == "" || strings.Contains(text, "{") {
				t.Errorf("%s in %s: %q", typ, l, text)
			}
		}
	}
}
