package encounter

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/kaldaria"
)

// oddsCase is an attack on one of the samples whose exact odds are checked
// against a seeded simulation through the ruleset's own Attack.
type oddsCase struct {
	id    string
	build func(uint64) (combat.Encounter, error)
	prep  []combat.Command
	req   combat.AttackRequest
}

func oddsCases() []oddsCase {
	return []oddsCase{
		{"robin/K-OA-2+V-27", SampleRobin, []combat.Command{combat.Reposition{ID: "robin", To: sq(4, 2)}},
			combat.AttackRequest{Attacker: "thug-3", Defender: "robin", Opportunity: true}},
		{"corridor/K-FLANK-1", SampleCorridor, nil, combat.AttackRequest{Attacker: "raider-4", Defender: "captain"}},
		{"elemental/V-19", SampleElemental, []combat.Command{order("elemental", "beetle", "swordsman"), combat.Start{}},
			combat.AttackRequest{Attacker: "elemental", Defender: "swordsman"}},
		{"urchins/K-HP-3", SampleUrchins, []combat.Command{combat.SetHP{ID: "urchin-1", HP: 6},
			combat.Reposition{ID: "knight", To: sq(4, 3)}, order("knight", "urchin-1", "urchin-2", "urchin-3", "guard"), combat.Start{}},
			combat.AttackRequest{Attacker: "knight", Defender: "urchin-1"}},
	}
}

// prepared builds a case's encounter.
func (c oddsCase) prepared(t testing.TB) combat.Encounter {
	enc, err := c.build(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range c.prep {
		if enc, _, err = combat.Apply(Ruleset{}, enc, cmd, dice.NewScripted()); err != nil {
			t.Fatal(err)
		}
	}
	return enc
}

// TestOddsSum checks that the outcome keys and the damage keys each sum
// to the denominator exactly, and that every chance is a probability.
func TestOddsSum(t *testing.T) {
	for _, c := range oddsCases() {
		t.Run(c.id, func(t *testing.T) {
			cs, err := Ruleset{}.Odds(c.prepared(t), c.req)
			if err != nil {
				t.Fatal(err)
			}
			var outcomes, damage int64
			for _, ch := range cs {
				if ch.Den != OddsDen || ch.Num < 0 || ch.Num > OddsDen {
					t.Errorf("%s = %d/%d", ch.Key, ch.Num, ch.Den)
				}
				switch {
				case ch.Key == ChanceMiss || ch.Key == ChanceDodged || ch.Key == ChanceParried || ch.Key == ChanceHit:
					outcomes += ch.Num
				case strings.HasPrefix(ch.Key, ChanceDamage):
					damage += ch.Num
				}
			}
			if outcomes != OddsDen || damage != OddsDen {
				t.Errorf("outcomes sum to %d, damage to %d, want %d", outcomes, damage, OddsDen)
			}
		})
	}
}

// TestOddsMatchSimulation compares every chance with the frequency of its
// event over simulationRuns attacks rolled by a seeded PCG through
// Ruleset.Attack; each must lie within 5 standard errors (plus the
// rounding of the chance), a bound a correct computation misses about
// once in two million checks.
func TestOddsMatchSimulation(t *testing.T) {
	const simulationRuns = 10000
	for i, c := range oddsCases() {
		t.Run(c.id, func(t *testing.T) {
			enc := c.prepared(t)
			cs, err := Ruleset{}.Odds(enc, c.req)
			if err != nil {
				t.Fatal(err)
			}
			def, _ := enc.Combatant(c.req.Defender)
			count := map[string]int{}
			r := dice.NewPCG(uint64(1000 + i))
			for range simulationRuns {
				out, err := Ruleset{}.Attack(enc, c.req, r)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range out.Trace {
					if s.Rule == "K-RES-2" && s.Kind == combat.StepOutcome {
						count[map[string]string{"missed": ChanceMiss, "dodged": ChanceDodged, "parried": ChanceParried, "hit": ChanceHit}[s.Key]]++
					}
				}
				if _, crit := out.Trace.Find(kaldaria.KeyCritical.String()); crit && out.Hit {
					count[ChanceCritical]++
				}
				if def.HP-out.Damage <= 0 {
					count[ChanceDown]++
				}
				if _, dead := out.Trace.Find(kaldaria.KeyDead.String()); dead {
					count[ChanceDead]++
				}
				count[ChanceDamage+strconv.Itoa(out.Damage)]++
			}
			seen := 0
			for _, ch := range cs {
				p := float64(ch.Num) / float64(ch.Den)
				got := float64(count[ch.Key]) / simulationRuns
				tol := 5*math.Sqrt(p*(1-p)/simulationRuns) + 1e-6 + 1.0/simulationRuns
				if math.Abs(got-p) > tol {
					t.Errorf("%s: simulated %.4f, exact %.4f (tolerance %.4f)", ch.Key, got, p, tol)
				}
				if strings.HasPrefix(ch.Key, ChanceDamage) {
					seen += count[ch.Key]
				}
			}
			if seen != simulationRuns {
				t.Errorf("%d simulated attacks dealt damage the odds give no chance", simulationRuns-seen)
			}
		})
	}
}

// TestShare checks the largest-remainder adjustment of rounded chances.
func TestShare(t *testing.T) {
	third := 1.0 / 3
	for _, c := range []struct {
		id   string
		ps   []float64
		want []int64
	}{
		{"thirds", []float64{third, third, third}, []int64{333334, 333333, 333333}},
		{"halves-up", []float64{0.1000005, 0.2000005, 0.699999}, []int64{100000, 200001, 699999}},
		{"exact", []float64{0.25, 0.75}, []int64{250000, 750000}},
		{"tiny", []float64{1e-9, 1 - 1e-9}, []int64{0, 1000000}},
	} {
		t.Run(c.id, func(t *testing.T) {
			keys := make([]string, len(c.ps))
			got := share(keys, c.ps)
			for i := range got {
				if got[i].Num != c.want[i] {
					t.Errorf("shares %v, want %v", got, c.want)
					break
				}
			}
		})
	}
}
