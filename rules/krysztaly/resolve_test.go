package krysztaly

import (
	"errors"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
)

// defenceVector is a vector of krysztaly-czasu.md §12 with no roll: the
// dice-free TR, OBR and RTR, and the faces of 100 that hit.
type defenceVector struct {
	id, rule, errata string
	a, d             Profile
	s                Situation
	tr, obr, rtr     int
	hit              int // faces of 100 that hit
}

// defenceVectors are the vectors that fix TR, OBR and RTR.
func defenceVectors() []defenceVector {
	tr := func(v int) combat.Modifier {
		return combat.Modifier{Rule: "KC-SIT-7", Key: "test", Quantity: QtyTR, Value: v}
	}
	obr := func(v int) combat.Modifier {
		return combat.Modifier{Rule: "KC-SIT-7", Key: "test", Quantity: QtyOBR, Value: v}
	}
	defMods := []combat.Modifier{
		{Rule: "KC-SIT-7", Key: "banner", Quantity: QtyOBR, Value: 20},
		{Rule: "KC-SIT-7", Key: "blessing", Quantity: QtyMagic, Value: 7},
		{Rule: "KC-SIT-7", Key: "ward", Quantity: QtyProtective, Value: 5},
	}
	return []defenceVector{
		{id: "KC-TV-22", rule: "KC-HIT-1", a: orc(), d: d1(), tr: 150, obr: 80, rtr: 70, hit: 70},
		{id: "KC-TV-14", rule: "KC-SHIELD-2", a: orc(),
			d:  with(d1(), func(p *Profile) { p.ShieldBearer, p.Conditions.ShieldCover = true, true }),
			tr: 150, obr: 105, rtr: 45, hit: 45},
		{id: "KC-TV-17/n=1", rule: "KC-SIT-1", a: orc(), d: d1(), s: Situation{Attackers: 1}, tr: 150, obr: 80, rtr: 70, hit: 70},
		{id: "KC-TV-17/n=2", rule: "KC-SIT-1", a: orc(), d: d1(), s: Situation{Attackers: 2}, tr: 150, obr: 75, rtr: 75, hit: 75},
		{id: "KC-TV-17/n=3", rule: "KC-SIT-1", a: orc(), d: d1(), s: Situation{Attackers: 3}, tr: 150, obr: 70, rtr: 80, hit: 80},
		{id: "KC-TV-17/n=4", rule: "KC-SIT-1", a: orc(), d: d1(), s: Situation{Attackers: 4}, tr: 150, obr: 65, rtr: 85, hit: 85},
		{id: "KC-TV-18/surprised", rule: "KC-SIT-2", errata: "KC-ERR-7: ZR 0 and +30 TR are one effect, applied once as Z = -30",
			a: orc(), d: with(d1(), func(p *Profile) { p.Conditions.Surprised = true }), tr: 150, obr: 0, rtr: 150, hit: 95},
		{id: "KC-TV-18/behind", rule: "KC-SIT-2", errata: "KC-ERR-7: ZR 0 and +30 TR are one effect, applied once as Z = -30",
			a: orc(), d: d1(), s: Situation{FromBehind: true}, tr: 150, obr: 0, rtr: 150, hit: 95},
		// KC-TV-23: the rolls 1–5 always hit and 96–100 always miss.
		{id: "KC-TV-23/RTR=-20", rule: "KC-RTR-2", a: orc(), d: with(d1(), func(p *Profile) { p.Mods = append(p.Mods, obr(90)) }),
			tr: 150, obr: 170, rtr: -20, hit: 5},
		{id: "KC-TV-23/RTR=130", rule: "KC-RTR-2", a: orc(), d: with(d1(), func(p *Profile) { p.Mods = append(p.Mods, obr(-60)) }),
			tr: 150, obr: 20, rtr: 130, hit: 95},
		{id: "KC-TV-27", rule: "KC-SIT-4", a: orc(), d: d1(), s: Situation{AttackerTwilight: true, DefenderTwilight: true},
			tr: 140, obr: 70, rtr: 70, hit: 70},
		{id: "KC-TV-27/infravision", rule: "KC-SIT-4", a: with(orc(), func(p *Profile) { p.Infravision = true }), d: d1(),
			s: Situation{AttackerTwilight: true, DefenderTwilight: true}, tr: 150, obr: 70, rtr: 80, hit: 80},
		{id: "KC-TV-28/151", rule: "KC-SIT-5",
			a: with(orc(), func(p *Profile) {
				p.Conditions.Blind = true
				p.Mods = append(p.Mods, tr(1))
			}), d: d1(), tr: 75, obr: 80, rtr: -5, hit: 5},
		{id: "KC-TV-29", rule: "KC-SIT-6", a: orc(), d: d1(), s: Situation{Height: true}, tr: 160, obr: 80, rtr: 80, hit: 80},
		{id: "KC-TV-30", rule: "KC-SIT-3", a: orc(), d: with(d1(), func(p *Profile) { p.Conditions.Prone = true }),
			tr: 150, obr: 25, rtr: 125, hit: 95},
		{id: "KC-TV-30/dagger", rule: "KC-SIT-3",
			a: orc(), d: with(d1(), func(p *Profile) { p.Conditions.Prone, p.Weapons = true, []Weapon{Dagger()} }),
			tr: 150, obr: 35, rtr: 115, hit: 95},
		{id: "KC-TV-31/front", rule: "KC-AMB-24", a: orc(), d: d1(), s: Situation{Attackers: 3}, tr: 150, obr: 70, rtr: 80, hit: 80},
		{id: "KC-TV-31/rear", rule: "KC-AMB-24", a: orc(), d: d1(), s: Situation{Attackers: 3, FromBehind: true},
			tr: 150, obr: -10, rtr: 160, hit: 95},
		{id: "AM-1/normal", rule: "KC-DEF-1", a: orc(), d: with(d1(), func(p *Profile) { p.Mods = append(p.Mods, defMods...) }),
			tr: 150, obr: 80 + 20 + 7 + 5, rtr: 38, hit: 38},
		{id: "AM-1/defenceless", rule: "KC-SIT-2", errata: "AM-1: only armour, protective magic and the §9 terms count",
			a: orc(), d: with(d1(), func(p *Profile) { p.Mods, p.Conditions.Surprised = append(p.Mods, defMods...), true }),
			tr: 150, obr: 30 + 5 - 30, rtr: 145, hit: 95},
		{id: "KC-AMB-38", rule: "KC-SIT-3",
			a: orc(), d: with(d1(), func(p *Profile) { p.ShieldBearer, p.Conditions.ShieldCover, p.Conditions.Prone = true, true, true }),
			tr: 150, obr: 25, rtr: 125, hit: 95},
		{id: "KC-AMB-21", rule: "KC-DEF-2", a: orc(), d: d1(), s: Situation{Ranged: true}, tr: 150, obr: 60, rtr: 90, hit: 90},
		{id: "KC-PROF-6/untrained", rule: "KC-HIT-1", a: with(orc(), func(p *Profile) { p.Proficiencies, p.Professions = nil, []Profession{Warrior} }),
			d: d1(), tr: 50 + 14 + 6, obr: 80, rtr: -10, hit: 5},
		{id: "KC-TV-33/warrior", rule: "KC-SHIELD-4", a: shieldFighter(Warrior, 120, 60, ByType{Bludgeoning: 40}), d: d1(),
			s: Situation{Kind: ShieldStrike}, tr: 103, obr: 80, rtr: 23, hit: 23},
		{id: "KC-TV-33/mage", rule: "KC-SHIELD-4", a: shieldFighter(Mage, 40, 70, ByType{Bludgeoning: 10}), d: d1(),
			s: Situation{Kind: ShieldStrike}, tr: 56, obr: 80, rtr: -24, hit: 5},
	}
}

// TestVectorsDefence checks the dice-free numbers (TR, OBR, RTR) of the
// vectors of krysztaly-czasu.md §12 that have no roll.
func TestVectorsDefence(t *testing.T) {
	cases := defenceVectors()
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			o, err := Odds(c.a, c.d, c.s)
			if err != nil {
				t.Fatalf("%s: %v", c.rule, err)
			}
			if o.TR != c.tr || o.OBR != c.obr || o.RTR != c.rtr || o.Hit != (dice.Fraction{Num: int64(c.hit), Den: 100}) {
				t.Errorf("%s: TR %d OBR %d RTR %d hit %v; want TR %d OBR %d RTR %d hit %d/100 (errata: %s)\n%v",
					c.rule, o.TR, o.OBR, o.RTR, o.Hit, c.tr, c.obr, c.rtr, c.hit, c.errata, o.Trace)
			}
		})
	}
}

// outcome is the part of a Result a vector states.
type outcome struct {
	TR, OBR, RTR, Roll int
	Hit, Critical      bool
	Damage, Taken      int
	OffBalance         bool
	Delay              int
}

func summary(r Result) outcome {
	return outcome{r.TR, r.OBR, r.RTR, r.Roll, r.Hit, r.Critical, r.Damage, r.Taken, r.OffBalance, r.Delay}
}

// resolveVector is one row of the vectors that roll dice.
type resolveVector struct {
	id, rule, errata string
	a, d             Profile
	s                Situation
	dice             []int
	want             outcome
}

// resolveVectors are the vectors of §12 that roll dice, run through Resolve
// and through the engine's commands.
func resolveVectors() []resolveVector {
	asleep := with(d1(), func(p *Profile) { p.Conditions.Helpless = true })
	blind := with(orc(), func(p *Profile) { p.Conditions.Blind = true })
	target45 := Profile{Name: "ZR45", ZR: 45, Vitality: 50}
	bash := shieldFighter(Warrior, 120, 60, ByType{Bludgeoning: 40})
	return []resolveVector{
		{id: "KC-TV-21/R=36", rule: "KC-DMG-7", a: orc(), d: d1(), s: Situation{Type: Slashing}, dice: []int{10, 36},
			want: outcome{TR: 150, OBR: 80, RTR: 70, Roll: 10, Hit: true, Damage: 201, Taken: 161, Delay: 3}},
		{id: "KC-TV-21/R=93", rule: "KC-DMG-7", a: orc(), d: d1(), s: Situation{Type: Slashing}, dice: []int{10, 93},
			want: outcome{TR: 150, OBR: 80, RTR: 70, Roll: 10, Hit: true, Damage: 258, Taken: 218, Delay: 3}},
		{id: "KC-TV-21/piercing", rule: "KC-DMG-7", errata: "KC-ERR-3: the factor is d100 - 50, so R = 1 gives -49, not -50",
			a: orc(), d: d1(), s: Situation{Type: Piercing}, dice: []int{10, 1},
			want: outcome{TR: 150, OBR: 80, RTR: 70, Roll: 10, Hit: true, Damage: 136, Taken: 96, Delay: 3}},
		{id: "KC-TV-22/r=70", rule: "KC-RTR-2", a: orc(), d: d1(), dice: []int{70, 36},
			want: outcome{TR: 150, OBR: 80, RTR: 70, Roll: 70, Hit: true, Damage: 201, Taken: 161, Delay: 3}},
		{id: "KC-TV-22/r=71", rule: "KC-RTR-2", a: orc(), d: d1(), dice: []int{71},
			want: outcome{TR: 150, OBR: 80, RTR: 70, Roll: 71, Delay: 3}},
		{id: "KC-TV-28/r=4", rule: "KC-SIT-5", a: blind, d: d1(), dice: []int{4, 50},
			want: outcome{TR: 75, OBR: 80, RTR: -5, Roll: 4, Hit: true, Damage: 215, Taken: 175, Delay: 3}},
		{id: "KC-TV-28/r=6", rule: "KC-SIT-5", a: blind, d: d1(), dice: []int{6},
			want: outcome{TR: 75, OBR: 80, RTR: -5, Roll: 6, Delay: 3}},
		{id: "KC-TV-32", rule: "KC-SIT-8", errata: "KC-ERR-4: immobilised is both defenceless and helpless; the attacker chooses (KC-AMB-23)",
			a: orc(), d: asleep, s: Situation{Kind: AutoStrike, Type: Slashing}, dice: []int{60},
			want: outcome{TR: 150, Hit: true, Critical: true, Damage: 225, Taken: 185, Delay: 10}},
		{id: "KC-TV-32/rolled", rule: "KC-AMB-23", a: orc(), d: asleep, dice: []int{95, 60},
			want: outcome{TR: 150, OBR: 0, RTR: 150, Roll: 95, Hit: true, Damage: 225, Taken: 185, Delay: 3}},
		{id: "KC-TV-34", rule: "KC-SHIELD-4", errata: "KC-ERR-1: delay 1 + denominators; this shield has no restriction, so 1",
			a: bash, d: d1(), s: Situation{Kind: ShieldStrike}, dice: []int{1, 70},
			want: outcome{TR: 103, OBR: 80, RTR: 23, Roll: 1, Hit: true, Damage: 90, Taken: 50, Delay: 1}},
		{id: "KC-TV-35", rule: "KC-ABS-1", errata: "KC-ERR-3: the shield text's k50 is read as d100 - 50",
			a: shieldFighter(Mage, 40, 70, ByType{Bludgeoning: 10}), d: Profile{Name: "bare", Vitality: 10},
			s: Situation{Kind: ShieldStrike}, dice: []int{3, 5},
			want: outcome{TR: 56, OBR: -30, RTR: 86, Roll: 3, Hit: true, Damage: -30, Taken: 0, Delay: 1}},
		{id: "KC-AMB-30/per-type", rule: "KC-ABS-1",
			a: with(d1(), func(p *Profile) { p.Weapons, p.Shield = []Weapon{Mace()}, nil }), d: SampleWarrior(), dice: []int{1, 50},
			want: outcome{TR: 65, OBR: 70, RTR: -5, Roll: 1, Hit: true, Damage: 80, Taken: 40, Delay: 3}},
		{id: "KC-ATK-5/segments", rule: "KC-ALG-A", a: orc(), d: d1(), s: Situation{ShieldAttackRound: true}, dice: []int{99},
			want: outcome{TR: 150, OBR: 80, RTR: 70, Roll: 99, Delay: 6}},
		{id: "KC-TV-38/45", rule: "KC-SHIELD-5", a: bash, d: target45, s: Situation{Kind: ShieldBash}, dice: []int{1, 45},
			want: outcome{TR: 103, OBR: 0, RTR: 103, Roll: 1, Hit: true, Delay: 1}},
		{id: "KC-TV-38/46", rule: "KC-SHIELD-5", a: bash, d: target45, s: Situation{Kind: ShieldBash}, dice: []int{1, 46},
			want: outcome{TR: 103, OBR: 0, RTR: 103, Roll: 1, Hit: true, OffBalance: true, Delay: 1}},
	}
}

// TestVectorsResolve runs the vectors of §12 that roll dice through Resolve
// with scripted d100s.
func TestVectorsResolve(t *testing.T) {
	for _, c := range resolveVectors() {
		t.Run(c.id, func(t *testing.T) {
			res, err := Resolve(c.a, c.d, c.s, dicetest.Script(t, c.dice...))
			if err != nil {
				t.Fatalf("%s: %v", c.rule, err)
			}
			if got := summary(res); got != c.want {
				t.Errorf("%s:\n got %+v\nwant %+v (errata: %s)\n%v", c.rule, got, c.want, c.errata, res.Trace)
			}
			if c.want.Hit && c.want.Damage != 0 && res.Vitality != c.d.Vitality-c.want.Taken {
				t.Errorf("KC-ABS-2: vitality %d, want %d", res.Vitality, c.d.Vitality-c.want.Taken)
			}
		})
	}
}

// TestVectorBaseDamage checks KC-TV-20: the orc's base damage as the source
// states it, 215 slashing and 185 piercing (KC-DMG-7, KC-AMB-1).
func TestVectorBaseDamage(t *testing.T) {
	const errata = "KC-ERR-2: the source calls damage a sum of its factors, but its example multiplies effectiveness by the band"
	for _, c := range []struct {
		typ  DamageType
		want int
	}{{Slashing, 215}, {Piercing, 185}} {
		t.Run("KC-TV-20/"+c.typ.String(), func(t *testing.T) {
			o, err := Odds(orc(), d1(), Situation{Type: c.typ})
			if err != nil {
				t.Fatal(err)
			}
			if s, ok := o.Trace.Find(KeyBaseDamage); !ok || s.Value != c.want || s.Rule != "KC-DMG-7" {
				t.Errorf("KC-DMG-7: base damage step %v, want %d (%s)", s, c.want, errata)
			}
		})
	}
}

// TestVectorRoll checks KC-TV-23: 1–5 always hit and 96–100 always miss,
// whatever RTR is (KC-RTR-2).
func TestVectorRoll(t *testing.T) {
	for _, c := range []struct {
		id      string
		r, rtr  int
		wantHit bool
	}{
		{"KC-TV-23/-20/5", 5, -20, true}, {"KC-TV-23/-20/6", 6, -20, false},
		{"KC-TV-23/130/95", 95, 130, true}, {"KC-TV-23/130/96", 96, 130, false},
		{"KC-TV-22/70/70", 70, 70, true}, {"KC-TV-22/71/70", 71, 70, false},
	} {
		t.Run(c.id, func(t *testing.T) {
			if got := RollHits(c.r, c.rtr); got != c.wantHit {
				t.Errorf("KC-RTR-2: RollHits(%d, %d) = %v", c.r, c.rtr, got)
			}
		})
	}
}

// TestIllegalAttacks checks that illegal attacks are refused with a typed
// error citing the rule, before any die is rolled.
func TestIllegalAttacks(t *testing.T) {
	noShield := with(orc(), func(p *Profile) {})
	cases := []struct {
		id   string
		rule combat.RuleID
		a, d Profile
		s    Situation
	}{
		{"auto-strike on an awake target", "KC-SIT-8", orc(), d1(), Situation{Kind: AutoStrike}},
		{"shield strike without training", "KC-SHIELD-4", noShield, d1(), Situation{Kind: ShieldStrike}},
		{"combined twice in a row", "KC-SHIELD-6", shieldFighter(Warrior, 100, 50, ByType{Slashing: 30}), d1(),
			Situation{Kind: ShieldCombined, CombinedLastRound: true}},
		{"no such weapon", "KC-ALG-A", orc(), d1(), Situation{Weapon: 1}},
		{"sword cannot bludgeon", "KC-DMG-2", orc(), d1(), Situation{Type: Bludgeoning}},
		{"shield has no spike", "KC-SHIELD-4", shieldFighter(Warrior, 100, 50, ByType{Slashing: 30}), d1(),
			Situation{Kind: ShieldStrike, Type: Piercing}},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			_, err := Resolve(c.a, c.d, c.s, dicetest.Script(t))
			var re *combat.RuleError
			if !errors.As(err, &re) || re.Rule != c.rule {
				t.Errorf("got %v, want a RuleError citing %s", err, c.rule)
			}
		})
	}
}

// TestVectorKeepsFooting checks the GM's second balance roll after KC-TV-38:
// d100 at or under current ZR keeps the target standing, above it the
// target falls prone (KC-SHIELD-5, KC-AMB-19).
func TestVectorKeepsFooting(t *testing.T) {
	for _, c := range []struct {
		id   string
		face int
		ok   bool
		key  string
	}{{"KC-TV-38/second-45", 45, true, KeyKeepsBalance}, {"KC-TV-38/second-46", 46, false, KeyProne}} {
		t.Run(c.id, func(t *testing.T) {
			ok, tr := KeepsFooting(Profile{ZR: 45}, dicetest.Script(t, c.face))
			if s, found := tr.Find(c.key); ok != c.ok || !found || s.Rule != "KC-AMB-19" {
				t.Errorf("KC-AMB-19: face %d keeps footing %v, trace %v", c.face, ok, tr)
			}
		})
	}
}
