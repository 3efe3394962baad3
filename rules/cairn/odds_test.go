package cairn

import (
	"fmt"
	"math"
	"testing"

	"battlemat/rules/dice"
)

// TestExactOddsByHand checks a table worked out by hand: a d6 against the
// HP 3 / Armour 1 character of the source example with STR 12 (CA-TV-1,
// CA-TV-2). Over 6 × 20 outcomes: a 1 does nothing; 2–4 take HP only; a 5
// leaves STR 11 (11 passing faces); a 6 leaves STR 10 (10 passing faces).
func TestExactOddsByHand(t *testing.T) {
	o, err := ExactOdds([]Die{D6}, pc(3, 1, 12))
	if err != nil {
		t.Fatal(err)
	}
	want := map[Outcome]int64{OutcomeNone: 20, OutcomeHP: 60, OutcomeSaved: 21, OutcomeCritical: 19, OutcomeDead: 0}
	if o.Den != 120 || fmt.Sprint(o.Outcome) != fmt.Sprint(want) {
		t.Errorf("den %d outcomes %v; want 120 %v", o.Den, o.Outcome, want)
	}
	if fmt.Sprint(o.Damage) != "[20 20 20 20 20 20]" {
		t.Errorf("damage %v; want 20 for each of 0..5", o.Damage)
	}
}

// oddsCases are the targets and dice the exact odds are checked on: single
// attackers, dual weapons (CA-DUAL-1), several attackers (CA-DMG-7), NPCs
// that die on a failed save (CA-CRIT-6), heavy armour, an already critical
// target (CA-AMB-9), and a dead one.
func oddsCases() []struct {
	name   string
	dice   []Die
	target Character
} {
	npc := foe(2, 1, 5)
	npc.KeepAlive = false
	crit := pc(0, 0, 4)
	crit.Max.STR, crit.Status.Critical = 10, true
	dead := pc(0, 0, 0)
	dead.Status.Dead = true
	return []struct {
		name   string
		dice   []Die
		target Character
	}{
		{"d8 vs sample pc", []Die{D8}, pc(3, 1, 12)},
		{"d8+d8 dual", []Die{D8, D8}, pc(3, 1, 6)},
		{"d6 d8 d10 several", []Die{D6, D8, D10}, foe(5, 1, 10)},
		{"d12 vs npc", []Die{D12}, npc},
		{"d4 vs armour 3", []Die{D4}, pc(3, 3, 12)},
		{"d12 d12 vs critical", []Die{D12, D12}, crit},
		{"d6 vs dead", []Die{D6}, dead},
	}
}

// enumerate applies every combination of faces through RollEntries and
// ApplyDamage, scripted, and counts the outcomes: an independent check of
// ExactOdds against the resolver itself.
func enumerate(t *testing.T, ds []Die, target Character) (map[Outcome]int64, []int64) {
	counts := map[Outcome]int64{}
	var dmg []int64
	faces := make([]int, len(ds))
	for i := range faces {
		faces[i] = 1
	}
	for {
		for save := 1; save <= 20; save++ {
			tape := append(append([]int(nil), faces...), save)
			s := dice.NewScripted(tape...)
			var d Damage
			err := dice.Catch(func() {
				r, _ := RollEntries([]Entry{{Dice: ds}}, s)
				var err error
				if d, err = ApplyDamage(target, r, 1, s); err != nil {
					t.Fatal(err)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if s.Remaining() == 1 { // no save rolled: the face stands for the 20 equally likely ones
				if save > 1 {
					continue
				}
				counts[d.Outcome] += 20
				for len(dmg) <= d.Dealt {
					dmg = append(dmg, 0)
				}
				dmg[d.Dealt] += 20
				continue
			}
			counts[d.Outcome]++
			for len(dmg) <= d.Dealt {
				dmg = append(dmg, 0)
			}
			dmg[d.Dealt]++
		}
		i := 0
		for ; i < len(faces); i++ {
			if faces[i] < int(ds[i]) {
				faces[i]++
				break
			}
			faces[i] = 1
		}
		if i == len(faces) {
			return counts, dmg
		}
	}
}

// TestExactOddsMatchesEnumeration compares ExactOdds with every combination
// of dice pushed through the resolver.
func TestExactOddsMatchesEnumeration(t *testing.T) {
	for _, tc := range oddsCases() {
		t.Run(tc.name, func(t *testing.T) {
			o, err := ExactOdds(tc.dice, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			counts, dmg := enumerate(t, tc.dice, tc.target)
			for _, oc := range Outcomes {
				if o.Outcome[oc] != counts[oc] {
					t.Errorf("%s: exact %d, enumerated %d (of %d)", oc, o.Outcome[oc], counts[oc], o.Den)
				}
			}
			for d := range max(len(dmg), len(o.Damage)) {
				var a, b int64
				if d < len(o.Damage) {
					a = o.Damage[d]
				}
				if d < len(dmg) {
					b = dmg[d]
				}
				if a != b {
					t.Errorf("damage %d: exact %d, enumerated %d", d, a, b)
				}
			}
		})
	}
}

// TestExactOddsMatchesSimulation rolls each case 60,000 times on a seeded
// generator through RollEntries and ApplyDamage and requires every outcome
// frequency within 5 standard errors of the exact probability (a false
// alarm has odds below one in a million per comparison).
func TestExactOddsMatchesSimulation(t *testing.T) {
	const n = 60000
	for ci, tc := range oddsCases() {
		t.Run(tc.name, func(t *testing.T) {
			o, err := ExactOdds(tc.dice, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			r := dice.NewPCG(uint64(1000 + ci))
			seen := map[Outcome]int{}
			for range n {
				res, _ := RollEntries([]Entry{{Dice: tc.dice}}, r)
				d, err := ApplyDamage(tc.target, res, 1, r)
				if err != nil {
					t.Fatal(err)
				}
				seen[d.Outcome]++
			}
			for _, oc := range Outcomes {
				p := float64(o.Outcome[oc]) / float64(o.Den)
				got := float64(seen[oc]) / n
				if tol := 5*math.Sqrt(p*(1-p)/n) + 1e-9; math.Abs(got-p) > tol {
					t.Errorf("%s: simulated %.4f, exact %.4f (tolerance %.4f)", oc, got, p, tol)
				}
			}
		})
	}
}

// TestExactOddsSums checks the tables are complete: outcome and damage
// counts each add up to the denominator.
func TestExactOddsSums(t *testing.T) {
	r := dice.NewPCG(5)
	for i := range 300 {
		ds := randomDice(r, 1+r.Roll(4))
		c := randomCharacter(r)
		o, err := ExactOdds(ds, c)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		var a, b int64
		for _, n := range o.Outcome {
			a += n
		}
		for _, n := range o.Damage {
			b += n
		}
		if a != o.Den || b != o.Den {
			t.Fatalf("case %d (%v vs %+v): outcomes sum %d, damage sum %d, den %d", i, ds, c, a, b, o.Den)
		}
	}
}

func TestExactOddsRejects(t *testing.T) {
	for name, ds := range map[string][]Die{
		"no dice":   nil,
		"d7":        {7},
		"nine dice": {D4, D4, D4, D4, D4, D4, D4, D4, D4},
	} {
		if _, err := ExactOdds(ds, pc(3, 1, 12)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestStrikeOdds checks that several attackers are combined as one pool of
// dice with the highest kept (CA-DMG-7): the CA-TV-6 attackers give the
// same table as their three dice.
func TestStrikeOdds(t *testing.T) {
	hero, target := pc(6, 0, 12), foe(5, 1, 10)
	got, err := StrikeOdds(target, []Strike{{hero, Attack{Dice: []Die{D6}}}, {hero, Attack{Dice: []Die{D8}}}, {hero, Attack{Dice: []Die{D10}}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ExactOdds([]Die{D6, D8, D10}, target)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("strike odds %v; want %v", got, want)
	}
}
