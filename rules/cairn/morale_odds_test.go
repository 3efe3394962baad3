package cairn

import (
	"math"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
)

// moraleCase is a group about to check morale, with the exact forecast
// ForecastMorale must give for it.
type moraleCase struct {
	name     string
	group    MoraleGroup
	members  []Character
	zeroed   []string // HP fell to 0 in the phase (CA-MORALE-5)
	trigger  string
	leader   string
	holds    combat.Chance
	expected combat.Chance
}

// moraleCases builds bandits with WIL 7, 10 and 13 beside one already dead:
// each rolls for itself, or the WIL 10 leader rolls for all; a pair whose
// first loss is half the group; and the last one standing at 0 HP.
func moraleCases() []moraleCase {
	bandit := func(id string, wil int) Character {
		c := named(id, foe(4, 0, 10))
		c.Attr.WIL, c.Max.WIL = wil, wil
		return c
	}
	dead := bandit("a", 10)
	dead.Attr.STR, dead.Status.Dead = 0, true
	four := []Character{dead, bandit("b", 7), bandit("c", 10), bandit("d", 13)}
	led := append([]Character(nil), four...)
	led[2].Leader = true
	lone := bandit("d", 13)
	lone.HP = 0
	group := MoraleGroup{ID: "bandits", Members: []string{"a", "b", "c", "d"}, Start: 4}
	withLeader := group
	withLeader.Leader = "c"
	pair := MoraleGroup{ID: "pair", Members: []string{"a", "b"}, Start: 2}
	last := MoraleGroup{ID: "bandits", Members: []string{"a", "d"}, Start: 4, FirstDone: true, HalfDone: true}
	return []moraleCase{
		// 7·10·13 / 20³ and (13 + 10 + 7) / 20.
		{"each rolls", group, four, nil, KeyFirstLoss, "", combat.Chance{Key: ChanceMoraleHolds, Num: 91, Den: 800}, combat.Chance{Key: ChanceExpectFled, Num: 3, Den: 2, Kind: combat.ExpectedAmount}},
		// The leader's 10 / 20; on a failure all three flee.
		{"leader", withLeader, led, nil, KeyFirstLoss, "c", combat.Chance{Key: ChanceMoraleHolds, Num: 1, Den: 2}, combat.Chance{Key: ChanceExpectFled, Num: 3, Den: 2, Kind: combat.ExpectedAmount}},
		{"first loss is half", pair, four[:2], nil, KeyHalfLost, "", combat.Chance{Key: ChanceMoraleHolds, Num: 7, Den: 20}, combat.Chance{Key: ChanceExpectFled, Num: 13, Den: 20, Kind: combat.ExpectedAmount}},
		{"lone foe", last, []Character{dead, lone}, []string{"d"}, KeyLoneFoe, "", combat.Chance{Key: ChanceMoraleHolds, Num: 13, Den: 20}, combat.Chance{Key: ChanceExpectFled, Num: 7, Den: 20, Kind: combat.ExpectedAmount}},
	}
}

// TestForecastMoraleAgainstSimulation checks the exact morale odds against
// CheckMorale rolled 40,000 times with seeded dice: the share of checks in
// which nobody fled and the mean number who fled each lie within 4.5
// standard errors of the forecast (CA-ALG-D, CA-MORALE-2..5).
func TestForecastMoraleAgainstSimulation(t *testing.T) {
	const n = 40000
	for _, tc := range moraleCases() {
		t.Run(tc.name, func(t *testing.T) {
			got, ok, err := ForecastMorale(tc.group, tc.members)
			if err != nil || !ok {
				t.Fatalf("no forecast: %v", err)
			}
			if got.Trigger != tc.trigger || got.Leader != tc.leader || len(got.Chances) != 2 ||
				got.Chances[0] != tc.holds || got.Chances[1] != tc.expected {
				t.Fatalf("forecast %+v; want trigger %s, leader %q, %v and %v", got, tc.trigger, tc.leader, tc.holds, tc.expected)
			}
			r := dice.NewPCG(7)
			held, fled, fled2 := 0, 0.0, 0.0
			for range n {
				m, err := CheckMorale(tc.group, tc.members, tc.zeroed, r)
				if err != nil {
					t.Fatal(err)
				}
				f := float64(len(m.Fled))
				if f == 0 {
					held++
				}
				fled += f
				fled2 += f * f
			}
			p := float64(tc.holds.Num) / float64(tc.holds.Den)
			if se := math.Sqrt(p * (1 - p) / n); math.Abs(float64(held)/n-p) > 4.5*se {
				t.Errorf("nobody fled in %d of %d checks; forecast %.4f", held, n, p)
			}
			mean := fled / n
			sd := math.Sqrt(max(fled2/n-mean*mean, 1e-9))
			if want := float64(tc.expected.Num) / float64(tc.expected.Den); math.Abs(mean-want) > 4.5*sd/math.Sqrt(n) {
				t.Errorf("mean fled %.4f; forecast %.4f", mean, want)
			}
		})
	}
}

// TestForecastMoraleNoneLeft: with both group saves made and two members
// still able, no check is left to forecast; nor with nobody able.
func TestForecastMoraleNoneLeft(t *testing.T) {
	c := moraleCases()[0]
	g := c.group
	g.FirstDone, g.HalfDone = true, true
	if _, ok, err := ForecastMorale(g, c.members); ok || err != nil {
		t.Errorf("a forecast with no check to come: %v", err)
	}
	if _, _, err := ForecastMorale(MoraleGroup{ID: "x", Members: []string{"ghost"}, Start: 1}, c.members); err == nil {
		t.Error("a group with an unknown member was forecast")
	}
}

// TestRulesetMoraleOdds forecasts the sample's groups through the engine's
// capability: the pair of bandits lose half their number with their first
// casualty, which calls one save of each; the rat swarm, alone in its
// group, saves on its own at 0 HP.
func TestRulesetMoraleOdds(t *testing.T) {
	enc := place(t)
	odds, err := Ruleset{}.MoraleOdds(enc)
	if err != nil {
		t.Fatal(err)
	}
	groups := map[string]combat.MoraleOdds{}
	for _, o := range odds {
		groups[o.Group] = o
	}
	b, ok := groups["bandits"]
	if len(odds) != 2 || !ok || b.Trigger != KeyHalfLost || len(b.Holds) != 2 || groups["rats"].Trigger != KeyLoneFoe {
		t.Fatalf("forecasts %+v; want the bandits' half strength with two saves, and the rats' lone foe", odds)
	}
	for _, h := range b.Holds {
		c, _, err := state(enc, h.Key)
		if err != nil || h != (combat.Chance{Key: h.Key, Num: int64(saveSuccesses(c.Attr.WIL)), Den: 20}) {
			t.Errorf("%s holds %d/%d with WIL %d", h.Key, h.Num, h.Den, c.Attr.WIL)
		}
	}
	if _, ok := groups["party"]; ok {
		t.Error("CA-MORALE-1: the PCs' side was forecast")
	}
}
