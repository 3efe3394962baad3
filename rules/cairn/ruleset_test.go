package cairn

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice/dicetest"
	"battlemat/rules/grid"
)

var (
	_ combat.Profiler        = Ruleset{}
	_ combat.TurnRuler       = Ruleset{}
	_ combat.Initiator       = Ruleset{}
	_ combat.Budgeter        = Ruleset{}
	_ combat.Counterer       = Ruleset{}
	_ combat.Mover           = Ruleset{}
	_ combat.Attacker        = Ruleset{}
	_ combat.OddsTeller      = Ruleset{}
	_ combat.Vitality        = Ruleset{}
	_ combat.PhaseResolver   = Ruleset{}
	_ combat.PhaseOddsTeller = Ruleset{}
	_ combat.ActFormer       = Ruleset{}
	_ combat.MoraleTeller    = Ruleset{}
)

func profile(t *testing.T, c Character) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// place puts the sample's combatants on a 10×10 map through the engine:
// the hero at (0,0), the bandits beside it, the rats further off.
func place(t *testing.T) combat.Encounter {
	t.Helper()
	s := Sample()
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 10, H: 10}, 1)
	pos := map[string]grid.Square{"hero": {X: 0, Y: 0}, "large-bandit": {X: 1, Y: 0}, "bandit-sister": {X: 0, Y: 1}, "rat-swarm": {X: 6, Y: 6}}
	side := map[string]string{"hero": "party", "large-bandit": "bandits", "bandit-sister": "bandits", "rat-swarm": "rats"}
	for _, c := range s.Battle.Characters {
		var err error
		enc, _, err = combat.Apply(Ruleset{}, enc, combat.Place{Spec: combat.Spec{ID: c.ID, Name: c.Name, Side: side[c.ID], Pos: pos[c.ID], Profile: profile(t, c)}}, dicetest.Script(t))
		if err != nil {
			t.Fatalf("place %s: %v", c.ID, err)
		}
	}
	return enc
}

// TestRulesetPlaysSample drives the engine through the sample: the hero
// passes its round-1 DEX save and acts first (CA-INIT-4), declares an attack
// that is rolled when its side's phase ends (CA-ALG-B) and cuts the large
// bandit to 0 HP with no save (CA-DMG-6), the bandit still takes its turn
// (CA-DMG-6), and the bandit sister's d6 of 6 replays the source's second
// case on the hero (CA-TV-2).
func TestRulesetPlaysSample(t *testing.T) {
	enc := place(t)
	if st, ok := enc.Combatant("rat-swarm"); !ok || st.Stats.Size != DetachmentSide || st.Stats.Speed != MoveSquares {
		t.Fatalf("rat swarm stats %+v", st.Stats)
	}
	enc, _, err := combat.Apply(Ruleset{}, enc, combat.RollInitiative{}, dicetest.Script(t, 13))
	if err != nil {
		t.Fatal(err)
	}
	enc, _, err = combat.Apply(Ruleset{}, enc, combat.Start{}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := enc.Current(); got != "hero" {
		t.Fatalf("first to act: %q; want the hero", got)
	}
	enc, _, err = combat.Apply(Ruleset{}, enc, combat.Attack{Attacker: "hero", Defender: "large-bandit"}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := enc.Combatant("large-bandit"); b.HP == 0 || len(enc.Declared) != 1 {
		t.Errorf("CA-ALG-B: the declared attack was rolled at once (bandit HP %d, %d declared)", b.HP, len(enc.Declared))
	}
	enc, _, err = combat.Apply(Ruleset{}, enc, combat.EndTurn{}, dicetest.Script(t, 8))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := enc.Combatant("large-bandit"); b.HP != 0 {
		t.Errorf("bandit HP %d; want 0", b.HP)
	}
	if err != nil {
		t.Fatal(err)
	}
	if got := enc.Current(); got != "large-bandit" {
		t.Fatalf("CA-DMG-6: acting after the hero: %q; want the large bandit, at 0 HP but still fighting", got)
	}
	enc, _, err = combat.Apply(Ruleset{}, enc, combat.EndTurn{}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	enc, _, err = combat.Apply(Ruleset{}, enc, combat.Attack{Attacker: "bandit-sister", Defender: "hero"}, dicetest.Script(t))
	if err != nil {
		t.Fatal(err)
	}
	enc, _, err = combat.Apply(Ruleset{}, enc, combat.EndTurn{}, dicetest.Script(t, 6, 10))
	if err != nil {
		t.Fatal(err)
	}
	hero, _, err := state(enc, "hero")
	if err != nil {
		t.Fatal(err)
	}
	if hero.HP != 0 || hero.Attr.STR != 10 || hero.Status.Critical {
		t.Errorf("hero HP %d STR %d critical %v; want 0, 10, not critical", hero.HP, hero.Attr.STR, hero.Status.Critical)
	}
}

// TestRulesetInitiative covers CA-TV-21 through the engine's slots and
// budgets: B loses its round-1 turn and acts from round 2 on.
func TestRulesetInitiative(t *testing.T) {
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 10, H: 10}, 1)
	for i, dex := range map[string]int{"A": 12, "B": 9, "C": 15} {
		c := named(i, pc(5, 0, 10))
		c.Attr.DEX, c.Max.DEX = dex, dex
		enc.Combatants = append(enc.Combatants, combat.Combatant{ID: i, Side: "party", Profile: profile(t, c), HP: 5})
	}
	slices.SortFunc(enc.Combatants, func(a, b combat.Combatant) int { return map[bool]int{true: -1, false: 1}[a.ID < b.ID] })
	enc.Combatants = append(enc.Combatants, combat.Combatant{ID: "X", Side: "foes", Profile: profile(t, named("X", foe(5, 0, 10))), HP: 5})
	var slots []combat.Slot
	attempt(t, func() (err error) {
		slots, err = Ruleset{}.RollInitiative(enc, []string{"A", "B", "C", "X"}, dicetest.Script(t, 10, 14, 15))
		return err
	})
	var got [][]string
	for _, s := range slots {
		got = append(got, s.Members)
	}
	if want := [][]string{{"A", "C"}, {"B"}, {"X"}}; !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		t.Fatalf("slots %v; want %v", got, want)
	}
	enc.Order, enc.Round = slots, 1
	for round, want := range map[int]combat.Counts{1: {}, 2: combat.NewCounts(combat.Count{Key: counterMovement, N: MoveSquares}, combat.Count{Key: counterAction, N: 1})} {
		enc.Round = round
		b, err := Ruleset{}.TurnBudget(enc, "B")
		if err != nil {
			t.Fatal(err)
		}
		if !b.Equal(want) {
			t.Errorf("round %d: B's budget %+v; want %+v", round, b, want)
		}
	}
}

// TestRulesetOdds checks the engine's odds keys for the sample bandit's
// axe on the hero add up, and that an attack out of reach is refused.
func TestRulesetOdds(t *testing.T) {
	enc := place(t)
	ch, err := Ruleset{}.Odds(enc, combat.AttackRequest{Attacker: "large-bandit", Defender: "hero"})
	if err != nil {
		t.Fatal(err)
	}
	var outcomes, damage int64
	for _, c := range ch {
		if c.Den != 200 {
			t.Fatalf("chance %+v; want denominator 10 × 20", c)
		}
		if len(c.Key) > 7 && c.Key[:7] == "damage-" {
			damage += c.Num
		} else {
			outcomes += c.Num
		}
	}
	if outcomes != 200 || damage != 200 {
		t.Errorf("outcomes sum %d, damage sum %d; want 200 each", outcomes, damage)
	}
	if _, err := (Ruleset{}).Odds(enc, combat.AttackRequest{Attacker: "rat-swarm", Defender: "hero"}); err == nil {
		t.Error("the rats attacked from across the map")
	}
}

// TestRulesetWaivers is CA-TV-22 through the engine: the GM waives PC D's
// round-1 save (it acts) and rules that PC E, caught asleep, does not act,
// both set on their sheets when placed; no DEX save is rolled, D acts in
// round 1 and E only from round 2 (CA-INIT-3, CA-INIT-4). A turn is
// written round, creature, actions in its budget.
func TestRulesetWaivers(t *testing.T) {
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 10, H: 10}, 1)
	for i, w := range []struct {
		id     string
		dex    int
		waiver Waiver
	}{{"D", 3, WaiverActs}, {"E", 18, WaiverDoesNotAct}} {
		c := named(w.id, pc(5, 0, 10))
		c.Attr.DEX, c.Max.DEX, c.Initiative = w.dex, w.dex, w.waiver
		enc = mustApply(t, enc, combat.Place{Spec: combat.Spec{ID: w.id, Name: w.id, Side: "party", Pos: grid.Square{X: i}, Profile: profile(t, c)}})
	}
	enc = mustApply(t, enc, combat.Place{Spec: combat.Spec{ID: "X", Name: "X", Side: "foes", Pos: grid.Square{X: 5, Y: 5}, Profile: profile(t, named("X", foe(5, 0, 10)))}})
	enc = mustApply(t, enc, combat.RollInitiative{}) // no faces: no save is rolled
	enc = mustApply(t, enc, combat.Start{})
	var turns []string
	for enc.Round < 3 {
		c, _ := enc.Combatant(enc.Current())
		turns = append(turns, strconv.Itoa(enc.Round)+c.ID+strconv.Itoa(c.Budget.Left(counterAction)))
		enc = mustApply(t, enc, combat.EndTurn{})
	}
	// E's round-1 slot comes with no action (CA-INIT-2: its turn is lost).
	if want := []string{"1D1", "1E0", "1X1", "2D1", "2E1", "2X1"}; !slices.Equal(turns, want) {
		t.Errorf("CA-TV-22: turns %v; want %v", turns, want)
	}
}

// TestNoActionSaysWhy is CA-TV-22's E on its round-1 turn: an attack is
// refused with the reason the rules give (it lost its turn, CA-INIT-2), not
// as an action spent, both by the engine's query and by Apply; while D,
// who spent its action, meets the plain refusal with the counter's rule.
func TestNoActionSaysWhy(t *testing.T) {
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 10, H: 10}, 1)
	for i, w := range []struct {
		id     string
		waiver Waiver
	}{{"D", WaiverActs}, {"E", WaiverDoesNotAct}} {
		c := named(w.id, pc(5, 0, 10))
		c.Initiative = w.waiver
		enc = mustApply(t, enc, combat.Place{Spec: combat.Spec{ID: w.id, Name: w.id, Side: "party", Pos: grid.Square{X: 2 * i}, Profile: profile(t, c)}})
	}
	enc = mustApply(t, enc, combat.Place{Spec: combat.Spec{ID: "X", Name: "X", Side: "foes", Pos: grid.Square{X: 1}, Profile: profile(t, named("X", foe(5, 0, 10)))}})
	enc = mustApply(t, enc, combat.RollInitiative{})
	enc = mustApply(t, enc, combat.Start{})
	spentD := enc
	spentD.Combatants = slices.Clone(enc.Combatants)
	d0, _ := spentD.Combatant("D")
	d := d0
	d.Budget.Counts = d.Budget.Counts.With(counterAction, 0)
	spentD.Combatants[spentD.Find("D")] = d
	enc = mustApply(t, enc, combat.EndTurn{})
	e, _ := enc.Combatant(enc.Current())
	if e.ID != "E" {
		t.Fatalf("round 1's second turn is %s's; want E's", e.ID)
	}
	_, _, applied := combat.Apply(Ruleset{}, enc, combat.Declare{Declaration: combat.Declaration{Attacker: "E", Targets: []string{"X"}}}, dicetest.Script(t))
	for _, tt := range []struct {
		name string
		err  error
		key  string
		rule combat.RuleID
		why  string
	}{
		{"CA-TV-22 E asks", combat.NoneLeft(Ruleset{}, enc, e, combat.UseAttack), combat.RefusalWithheld, "CA-INIT-2", KeyLosesTurn},
		{"CA-TV-22 E declares", applied, combat.RefusalWithheld, "CA-INIT-2", KeyLosesTurn},
		{"D spent its action", combat.NoneLeft(Ruleset{}, spentD, d, combat.UseAttack), combat.RefusalNoCounter, "CA-ACT-1", ""},
	} {
		var re *combat.RuleError
		if !errors.As(tt.err, &re) {
			t.Errorf("%s: %v; want a refusal", tt.name, tt.err)
			continue
		}
		var why any = ""
		if i := slices.Index(re.Args, any("why")); i >= 0 && i+1 < len(re.Args) {
			why = re.Args[i+1]
		}
		if re.Key != tt.key || re.Rule != tt.rule || why != tt.why {
			t.Errorf("%s: refusal %q (%s) why %q; want %q (%s) why %q", tt.name, re.Key, re.Rule, why, tt.key, tt.rule, tt.why)
		}
	}
	if err := combat.NoneLeft(Ruleset{}, spentD, d0, combat.UseAttack); err != nil {
		t.Errorf("D with its action: %v", err)
	}
}

// mustApply applies cmd with no dice and fails the test on a refusal.
func mustApply(t *testing.T, enc combat.Encounter, cmd combat.Command) combat.Encounter {
	t.Helper()
	next, _, err := combat.Apply(Ruleset{}, enc, cmd, dicetest.Script(t))
	if err != nil {
		t.Fatalf("%T: %v", cmd, err)
	}
	return next
}
