package kaldaria

import (
	"math"
	"testing"

	"battlemat/rules/dice"
)

// elementalScene is the V-19..V-23 round: six elemental attacks and three
// beetle attacks on the swordsman.
func elementalScene() []Strike {
	var s []Strike
	for range 6 {
		s = append(s, Strike{Attacker: elemental()})
	}
	for _, w := range []int{0, 0, 1} {
		s = append(s, Strike{Attacker: beetle(), Attack: Attack{Weapon: w}})
	}
	return s
}

// assassinScene exercises dodge with its counter, criticals, force armour,
// the life key and death: four Wounding-sword attacks on a weakened
// Thornald wearing a force field and a life key.
func assassinScene() (Profile, []Strike) {
	def := with(thornald(), func(p *Profile) {
		p.MaxHP, p.Vitals = 40, Vitals{HP: 24, ForceArmour: 5, LifeKeyUses: 1}
		p.LifeKey, p.Armour = &LifeKey{ThresholdPct: 25}, Armour{AR: 3, Abs: 10, Cutter: 1, Passive: true}
	})
	att := with(creature(8, 0, Weapon{Kind: MeleeWeapon, Wounding: true, Damage: dice.MustParse("2d6+1")}), func(p *Profile) {})
	var s []Strike
	for _, tier := range []Tier{Front, Flank, Front, Rear} {
		s = append(s, Strike{Attacker: att, Attack: Attack{Tier: tier}})
	}
	return def, s
}

// simulate resolves the strikes n times with a seeded roller and counts
// outcomes per strike and the end states.
func simulate(t *testing.T, def Profile, strikes []Strike, n int, seed uint64) (outcomes [][4]int, crit [][4]int, down, dead, key int, hp map[int]int) {
	r := dice.NewPCG(seed)
	outcomes, crit, hp = make([][4]int, len(strikes)), make([][4]int, len(strikes)), map[int]int{}
	for range n {
		d, st := def, RoundState{}
		gone := false
		for i, s := range strikes {
			if gone {
				continue
			}
			res, err := Resolve(s.Attacker, d, st, s.Attack, r)
			if err != nil {
				t.Fatal(err)
			}
			outcomes[i][res.Outcome]++
			if res.Outcome == Hit {
				crit[i][res.Effect]++
			}
			d, st = d.WithVitals(res.Vitals), res.Round
			gone = res.LifeKeyFired
		}
		hp[d.Vitals.HP]++
		if d.Vitals.HP <= 0 {
			down++
		}
		if d.Vitals.HP < -d.LifeForce {
			dead++
		}
		if d.Vitals.LifeKeyUses < def.Vitals.LifeKeyUses {
			key++
		}
	}
	return outcomes, crit, down, dead, key, hp
}

// within checks an observed count against an exact probability: at most
// five binomial standard deviations plus one count apart (a false alarm
// about once in 1.7 million checks; the extra count keeps values of
// vanishing probability from failing on a single occurrence).
func within(t *testing.T, what string, count, n int, p float64) {
	t.Helper()
	sd := math.Sqrt(float64(n) * p * (1 - p))
	if diff := math.Abs(float64(count) - float64(n)*p); diff > 5*sd+1 {
		t.Errorf("%s: %d of %d, exact odds expect %.1f ± %.1f", what, count, n, float64(n)*p, 5*sd)
	}
}

func TestSequenceOddsMatchSimulation(t *testing.T) {
	def, strikes := assassinScene()
	for _, c := range []struct {
		name    string
		def     Profile
		strikes []Strike
	}{
		{"V-19..V-23", swordsman(), elementalScene()},
		{"assassin", def, strikes},
	} {
		t.Run(c.name, func(t *testing.T) {
			exact, err := SequenceOdds(c.def, RoundState{}, c.strikes)
			if err != nil {
				t.Fatal(err)
			}
			const n = 40000
			outcomes, crit, down, dead, key, hp := simulate(t, c.def, c.strikes, n, 11)
			for i, o := range exact.Attacks {
				within(t, "miss", outcomes[i][Missed], n, o.Miss)
				within(t, "dodged", outcomes[i][Dodged], n, o.Dodged)
				within(t, "parried", outcomes[i][Parried], n, o.Parried)
				within(t, "hit", outcomes[i][Hit], n, o.Hit)
				for e := NoEffect; e <= DoubleMaxDamage; e++ {
					within(t, "effect "+e.String(), crit[i][e], n, o.Effects[e])
				}
			}
			within(t, "down", down, n, exact.Down)
			within(t, "dead", dead, n, exact.Dead)
			within(t, "life key", key, n, exact.LifeKey)
			for v, c := range hp {
				within(t, "hp", c, n, exact.HP.At(v))
			}
		})
	}
}

// TestOddsClosedForm checks a single attack against odds worked by hand:
// an urchin (need 10) on the guard with a d6: hits on 10..20 (11/20),
// criticals on 19 and 20 (margin ≥ 5, nat ≥ 18 → 18, 19, 20: 3/20).
func TestOddsClosedForm(t *testing.T) {
	o, err := Odds(urchin(), guard(), RoundState{}, Attack{})
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want float64
	}{
		{"miss", o.Miss, 9.0 / 20},
		{"hit", o.Hit, 11.0 / 20},
		{"critical roll", o.CriticalRoll, 3.0 / 20},
		{"max effect", o.Effects[MaxDamage], 3.0 / 20 * 3 / 6},
		{"double max", o.Effects[DoubleMaxDamage], 3.0 / 20 / 6},
		{"final 12", o.Final.At(12), 3.0 / 20 * (1.0/6 + 2.0/6/6)}, // double max, or double with a 6
		// ordinary hits average 3.5; max 6; double 7; double max 12
		{"expected", o.ExpectedFinal, 8.0/20*3.5 + 3.0/20*(0.5*6+7.0/3+2)},
	}
	for _, c := range checks {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("%s = %.15f, want %.15f", c.name, c.got, c.want)
		}
	}
}

func TestOddsSumToOne(t *testing.T) {
	r := dice.NewPCG(5)
	for i := range 300 {
		att, def, a := randomCase(r)
		o, err := Odds(att, def, RoundState{}, a)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		sum := o.Miss + o.Dodged + o.Parried + o.Hit + o.Absent
		eff := o.Effects[0] + o.Effects[1] + o.Effects[2] + o.Effects[3]
		if math.Abs(sum-1) > 1e-9 || math.Abs(o.Final.Total()-1) > 1e-9 || math.Abs(o.ToHP.Total()-1) > 1e-9 || math.Abs(eff-o.Hit) > 1e-9 {
			t.Fatalf("case %d: outcomes %g, final %g, toHP %g, effects %g vs hit %g", i, sum, o.Final.Total(), o.ToHP.Total(), eff, o.Hit)
		}
	}
}

// TestEmptySequence: no strikes leave the defender as it was.
func TestEmptySequence(t *testing.T) {
	s, err := SequenceOdds(knight(), RoundState{}, nil)
	if err != nil || s.HP.At(136) != 1 || s.ExpectedHPLoss != 0 {
		t.Errorf("got %+v, %v", s, err)
	}
}

// TestOddsBounded: a sequence whose exact enumeration would be enormous is
// refused instead of freezing the caller.
func TestOddsBounded(t *testing.T) {
	huge := brute("100d1000")
	var strikes []Strike
	for range 4 {
		strikes = append(strikes, Strike{Attacker: huge})
	}
	def := with(target(0), func(p *Profile) { p.MaxHP, p.Vitals.HP = 100000, 100000 })
	if _, err := SequenceOdds(def, RoundState{}, strikes); err != ErrOddsTooLarge {
		t.Errorf("error %v, want ErrOddsTooLarge", err)
	}
	if _, err := Odds(huge, def, RoundState{}, Attack{}); err != nil {
		t.Errorf("one large attack: %v", err)
	}
}
