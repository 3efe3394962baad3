package kaldaria

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/dice"
	"battlemat/rules/dice/dicetest"
)

// pick returns one of the options, chosen by r.
func pick[T any](r dice.Roller, options ...T) T { return options[r.Roll(len(options))-1] }

// randomCase builds a valid attacker, defender and attack from r, covering
// professions, weapon properties, defences and situations.
func randomCase(r dice.Roller) (Profile, Profile, Attack) {
	n := func(lo, hi int) int { return lo - 1 + r.Roll(hi-lo+1) }
	kind := pick(r, MeleeWeapon, MeleeWeapon, NaturalWeaponlike, Bite, NaturalOther, MissileSlow, MissileFast, SpellMissile, GhostTouch)
	w := Weapon{Kind: kind, Damage: dice.MustParse(pick(r, "d6", "d8+2", "2d6+1", "d4-2", "3d4", "d12+5")),
		Skill: pick(r, Basic, Skilled, Expert, Master, GrandMaster), Magic: n(0, 3),
		Wounding: n(0, 3) == 0, PiercingPct: pick(r, 0, 0, 50, 100), TwoHanded: n(0, 1) == 0}
	if n(0, 3) == 0 {
		w.Banning = &Banning{Group: "giant", Pct: pick(r, 25, 33, 40), AllHits: n(0, 1) == 0}
	}
	att := Profile{Profession: pick(r, Monster, Warrior, Swordsman, Ranger), Level: n(1, 20), THAC10: n(5, 18),
		Str: n(3, 18), Dex: n(3, 18), Weapons: []Weapon{w}, MaxHP: 50, Vitals: Vitals{HP: n(1, 50)}, Curse: pick(r, 0, 0, 4)}
	pw := Weapon{Kind: MeleeWeapon, Damage: dice.MustParse("d8"), Skill: Expert, ExtraParry: n(0, 1) == 0, TwoHanded: n(0, 1) == 0}
	def := Profile{Profession: pick(r, Monster, Warrior, Swordsman, Assassin, Thief), Level: n(1, 12), THAC10: n(8, 18),
		Str: n(3, 18), Dex: n(3, 18), Stamina: n(0, 1) == 0, Weapons: []Weapon{pw},
		Armour:    Armour{AR: n(0, 8), Abs: pick(r, 0, 10, 25, 40), Cutter: n(0, 6), Passive: n(0, 1) == 0, DragonParry: n(0, 3) == 0},
		NaturalAR: n(0, 4), MaxHP: n(10, 80), Groups: pick(r, []string(nil), []string{"giant"})}
	def.Vitals = Vitals{HP: n(-5, def.MaxHP), ForceArmour: pick(r, 0, 0, 12), LifeKeyUses: n(0, 1)}
	if n(0, 1) == 0 {
		def.Shield = &Shield{AR: n(0, 2), ExtraParry: n(0, 1) == 0}
	}
	if n(0, 3) == 0 {
		def.Aura = &Aura{Attempts: n(1, 2), Bonus: n(0, 2)}
	}
	if n(0, 2) == 0 {
		def.Dodge = &Dodge{Base: n(10, 80), Factor: n(0, 11), Ring: n(0, 4), Cap: pick(r, 0, 50, 80)}
	}
	if n(0, 2) == 0 {
		def.LifeKey = &LifeKey{ThresholdPct: pick(r, 20, 25)}
	}
	a := Attack{Tier: pick(r, Front, Flank, SecondFlank, Rear), Surprised: n(0, 4) == 0, Paralysed: n(0, 6) == 0,
		Campaign: Campaign{MinimumDodge: n(0, 1) == 0, DamageCapTenths: pick(r, 0, 25), Wounded: pick(r, WoundedToHit, WoundedAR, WoundedBoth), ExactThirds: n(0, 1) == 0}}
	switch n(0, 3) {
	case 0:
		a.Tier, a.OA, a.Charge, a.TargetManeuvering = Front, pick(r, NormalOA, ImprovedOA), n(0, 1) == 0, n(0, 3) == 0
	case 1:
		a.Maneuver = pick(r, WildBlow, Maneuver{DamagePct: 250}, Maneuver{HitBonus: 2, DamagePct: 50}, Maneuver{DamagePct: 200, Rider: 10, CritSteps: 1})
	}
	return att, def, a
}

// lead is a roller that yields fixed faces first, then rolls on rest.
type lead struct {
	faces []int
	rest  dice.Roller
}

func (l *lead) Roll(sides int) int {
	if len(l.faces) > 0 {
		f := l.faces[0]
		l.faces = l.faces[1:]
		return f
	}
	return l.rest.Roll(sides)
}

func TestProperties(t *testing.T) {
	r := dice.NewPCG(17)
	for i := range 2000 {
		att, def, a := randomCase(r)
		before, _ := json.Marshal([]any{att, def, a})
		st := RoundState{DodgeHits: 1, OAsMade: []string{"m1"}}
		for _, nat := range []int{1, 20, 0} {
			var roller dice.Roller = r
			if nat > 0 {
				roller = &lead{faces: []int{nat}, rest: r}
			}
			res, err := Resolve(att, def, st, a, roller)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			switch {
			case nat == 1 && res.Outcome != Missed:
				t.Fatalf("case %d: natural 1 did not miss (K-HIT-3)", i)
			case nat == 20 && res.Outcome == Missed:
				t.Fatalf("case %d: natural 20 missed (K-HIT-3)", i)
			case res.Vitals.ForceArmour < 0:
				t.Fatalf("case %d: force armour %d (K-FA-2)", i, res.Vitals.ForceArmour)
			case res.Outcome == Hit && (res.Damage < 1 || res.ToFA+res.ToHP != res.Damage):
				t.Fatalf("case %d: damage %d split %d + %d (K-DMG-5, K-FA-2)", i, res.Damage, res.ToFA, res.ToHP)
			}
			if s, ok := res.Trace.Find(KeyDamageReduced); ok && s.Value < 1 {
				t.Fatalf("case %d: reduced damage %d (K-DMG-5)", i, s.Value)
			}
			if st.DodgeHits != 1 || len(st.OAsMade) != 1 {
				t.Fatalf("case %d: round state mutated", i)
			}
		}
		after, _ := json.Marshal([]any{att, def, a})
		if string(before) != string(after) {
			t.Fatalf("case %d: Resolve mutated its inputs", i)
		}
	}
}

func TestWithOACopies(t *testing.T) {
	s := RoundState{OAsMade: make([]string, 1, 4)}
	s.OAsMade[0] = "a"
	b, c := s.WithOA("b"), s.WithOA("c")
	if !b.MadeOA("b") || b.MadeOA("c") || !c.MadeOA("c") || s.MadeOA("b") {
		t.Errorf("WithOA shares storage: %v %v %v", s, b, c)
	}
}

// TestWounded is S-08 (K-HP-2, REC A-08).
func TestWounded(t *testing.T) {
	for _, c := range []struct {
		max, hp int
		want    bool
	}{{136, 68, false}, {136, 67, true}, {101, 51, false}, {101, 50, true}} {
		t.Run(fmt.Sprintf("S-08/%d-of-%d", c.hp, c.max), func(t *testing.T) {
			if got := (Profile{MaxHP: c.max, Vitals: Vitals{HP: c.hp}}).Wounded(); got != c.want {
				t.Errorf("max %d hp %d: wounded %v", c.max, c.hp, got)
			}
		})
	}
}

// TestParryAllowance covers V-24 and S-26 (K-PARRY-9, K-PARRY-10).
func TestParryAllowance(t *testing.T) {
	sw := func(extra bool) Weapon {
		return Weapon{Kind: MeleeWeapon, Type: Sword, Damage: dice.MustParse("d8"), ExtraParry: extra}
	}
	lvl7 := Profile{Profession: Swordsman, Level: 7, Stamina: true}
	for _, c := range []struct {
		id   string
		p    Profile
		c    Campaign
		want Allowance
	}{
		{"V-24/two-swords", with(lvl7, func(p *Profile) { p.Weapons = []Weapon{sw(false), sw(false)} }), Campaign{}, Allowance{Weapon: 2}},
		{"V-24/two-handed", with(lvl7, func(p *Profile) { w := sw(false); w.TwoHanded = true; p.Weapons = []Weapon{w} }), Campaign{}, Allowance{Weapon: 3}},
		{"V-24/extra-parry", with(lvl7, func(p *Profile) { p.Level = 9; p.Weapons = []Weapon{sw(true), sw(false)} }), Campaign{}, Allowance{Weapon: 3}},
		{"S-26/weapon-cap", with(lvl7, func(p *Profile) {
			w := sw(true)
			w.TwoHanded = true
			p.Weapons, p.ExtraWeaponParries = []Weapon{w}, 2
		}), Campaign{}, Allowance{Weapon: 5}},
		{"S-26/shield-cap", Profile{Shield: &Shield{ExtraParry: true}, ExtraShieldParries: 1}, Campaign{}, Allowance{Shield: 2}},
		{"S-26/shield-3", Profile{Shield: &Shield{ExtraParry: true}, ExtraShieldParries: 1}, Campaign{ShieldParryMax3: true}, Allowance{Shield: 3}},
		{"A-22/one-handed", Profile{Weapons: []Weapon{sw(false)}}, Campaign{}, Allowance{}},
		{"A-22/option", Profile{Weapons: []Weapon{sw(false)}}, Campaign{OneHandedParry: true}, Allowance{Weapon: 1}},
	} {
		t.Run(c.id, func(t *testing.T) {
			if got := c.p.Parries(c.c); got != c.want {
				t.Errorf("allowance %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestParryPlan(t *testing.T) {
	st := RoundState{WeaponParries: 1}
	got, err := ParryPlan(urchin(), knight(), st, Attack{})
	if err != nil {
		t.Fatal(err)
	}
	want := []ParryOption{{Kind: ShieldParry, THAC: 11, Left: 1}}
	if len(got) != len(want) || got[0] != want[0] {
		t.Errorf("plan %+v, want %+v", got, want)
	}
	got, _ = ParryPlan(urchin(), swordsman(), RoundState{}, Attack{Tier: Flank})
	want = []ParryOption{{Kind: WeaponParry, THAC: 10, Left: 3}, {Kind: PassiveParry, THAC: 11, Left: 1}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("flank plan %+v, want %+v", got, want)
	}
}

func TestInvalid(t *testing.T) {
	ok := knight()
	for _, c := range []struct {
		name, field string
		p           Profile
	}{
		{"abs over 100", "armour.abs", with(ok, func(p *Profile) { p.Armour.Abs = 101 })},
		{"negative max HP", "maxHP", with(ok, func(p *Profile) { p.MaxHP = -1 })},
		{"hp above max", "vitals.hp", with(ok, func(p *Profile) { p.Vitals.HP = 137 })},
		{"negative force armour", "vitals.forceArmour", with(ok, func(p *Profile) { p.Vitals.ForceArmour = -1 })},
		{"unknown skill", "weapons[0].skill", with(ok, func(p *Profile) { p.Weapons = []Weapon{{Kind: MeleeWeapon, Skill: "legendary"}} })},
		{"high master warrior", "weapons[0].skill", with(ok, func(p *Profile) {
			p.Level = 20
			p.Weapons = []Weapon{{Kind: MeleeWeapon, Type: Sword, Skill: HighMaster}}
		})},
		{"high master swordsman with axe", "weapons[0].skill", with(ok, func(p *Profile) {
			p.Profession, p.Level, p.Weapons = Swordsman, 20, []Weapon{{Kind: MeleeWeapon, Type: "axe", Skill: HighMaster}}
		})},
		{"high master too young", "weapons[0].skill", with(ok, func(p *Profile) {
			p.Profession, p.Weapons = Swordsman, []Weapon{{Kind: MeleeWeapon, Type: Sword, Skill: HighMaster}}
		})},
		{"unknown profession", "profession", with(ok, func(p *Profile) { p.Profession = "bard" })},
		{"unknown kind", "weapons[0].kind", with(ok, func(p *Profile) { p.Weapons = []Weapon{{Kind: "laser"}} })},
		{"banning 50", "weapons[0].banning.pct", with(ok, func(p *Profile) { p.Weapons[0].Banning = &Banning{Group: "giant", Pct: 50} })},
		{"dodge over 100", "dodge.base", with(ok, func(p *Profile) { p.Dodge = &Dodge{Base: 120} })},
		{"life key 0 %", "lifeKey.thresholdPct", with(ok, func(p *Profile) { p.LifeKey = &LifeKey{} })},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Resolve(urchin(), c.p, RoundState{}, Attack{}, dice.NewScripted())
			var re *combat.RuleError
			if !errors.As(err, &re) || re.Field != c.field {
				t.Errorf("error %v, want a RuleError on %s", err, c.field)
			}
		})
	}
	ranger := Profile{Profession: Ranger, Level: 19, THAC10: 17, MaxHP: 1, Vitals: Vitals{HP: 1},
		Weapons: []Weapon{{Kind: MissileFast, Type: Bow, Skill: HighMaster, Damage: dice.MustParse("d8")}}}
	if err := ranger.Validate(); err != nil {
		t.Errorf("level-19 ranger with a bow as High master: %v", err)
	}
	for _, a := range []Attack{{Weapon: 3}, {OA: NormalOA, Tier: Flank}, {OA: NormalOA, Maneuver: WildBlow}, {Kind: "laser"}} {
		if _, err := Odds(urchin(), knight(), RoundState{}, a); err == nil {
			t.Errorf("attack %+v accepted", a)
		}
	}
}

func TestShortTape(t *testing.T) {
	_, err := Resolve(urchin(), guard(), RoundState{}, Attack{}, dice.NewScripted(15))
	var te *dice.TapeError
	if !errors.As(err, &te) {
		t.Errorf("short tape gave %v", err)
	}
}

func FuzzProfileJSON(f *testing.F) {
	for _, p := range []Profile{knight(), swordsman(), thornald(), robin(), beetle()} {
		b, _ := json.Marshal(p)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Profile
		if json.Unmarshal(b, &p) != nil || p.Validate() != nil {
			return
		}
		again, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var q Profile
		if err := json.Unmarshal(again, &q); err != nil {
			t.Fatal(err)
		}
		if third, _ := json.Marshal(q); string(third) != string(again) {
			t.Fatalf("JSON round trip changed the profile:\n%s\n%s", again, third)
		}
		if len(p.Weapons) == 0 {
			return
		}
		if _, err := Resolve(p, p, RoundState{}, Attack{}, dice.NewPCG(1)); err != nil {
			t.Fatalf("valid profile rejected by Resolve: %v", err)
		}
		if _, err := Odds(p, p, RoundState{}, Attack{}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestParalysed: a paralysed defender neither dodges nor parries actively;
// its armour's passive parry still works (the spec's status flags, §20).
func TestParalysed(t *testing.T) {
	def := with(thornald(), func(p *Profile) {
		p.Shield, p.Armour.Passive, p.Weapons = &Shield{}, true, []Weapon{{Kind: MeleeWeapon, TwoHanded: true, Damage: dice.MustParse("d6")}}
	})
	res, err := Resolve(creature(10, 0, weapon(MeleeWeapon, "d4")), def, RoundState{}, Attack{Paralysed: true}, dicetest.Script(t, 15, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := res.Trace.Find(KeyDodgeChance); ok || res.Round.DodgeHits+res.Round.WeaponParries+res.Round.ShieldParries != 0 || res.Outcome != Hit {
		t.Errorf("paralysed defender defended actively: %v", res.Trace)
	}
	if _, ok := res.Trace.Find(KeyParryNeedPassive); !ok {
		t.Errorf("no passive parry: %v", res.Trace)
	}
}
