package krysztaly

import (
	"encoding/json"
	"strconv"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// duel places a and d side by side through Place commands, a acting first.
func duel(t *testing.T, a, d Profile) combat.Encounter {
	t.Helper()
	enc := combat.NewEncounter(RulesetID, grid.Map{W: 8, H: 8}, 1)
	enc = place(t, enc, "a", "attackers", a, grid.Square{X: 1, Y: 1})
	enc = place(t, enc, "d", "defenders", d, grid.Square{X: 2, Y: 1})
	enc, _ = apply(t, enc, nil, combat.SetOrder{Order: []combat.Slot{{Members: []string{"a"}}, {Members: []string{"d"}}}}, combat.Start{})
	return enc
}

// TestVectorsDefenceThroughCommands plays every vector that fixes TR, OBR
// and RTR (KC-TV-14, 17, 18, 22, 27–31, 33 and the amendments' rows) as the
// app does: the fixtures placed with their profiles, the situation as the
// attack's option. The engine's odds (the attack panel's query) must give
// the spec's hit chance, and an Attack command must hit on the spec's last
// hitting face and miss on the next, with the spec's TR, OBR and RTR in its
// trace (KC-ALG-A steps 2–10, KC-RTR-2).
func TestVectorsDefenceThroughCommands(t *testing.T) {
	for _, c := range defenceVectors() {
		t.Run(c.id, func(t *testing.T) {
			opt, err := json.Marshal(c.s)
			if err != nil {
				t.Fatal(err)
			}
			req := combat.AttackRequest{Attacker: "a", Defender: "d", Option: opt}
			enc := duel(t, c.a, c.d)
			chances, err := combat.Odds(Ruleset{}, enc, req)
			if err != nil || len(chances) == 0 || chances[0].Key != ChanceHit || chances[0].Num*100 != int64(c.hit)*chances[0].Den {
				t.Fatalf("%s: odds %v %v; want hit %d/100", c.rule, chances, err, c.hit)
			}
			for _, roll := range []int{c.hit, c.hit + 1} {
				if roll > 100 {
					continue
				}
				faces := []int{roll}
				if roll == c.hit && c.s.Kind.wounds() {
					faces = append(faces, 50) // the damage roll of the hit
				}
				_, evs := apply(t, enc, faces, combat.Attack{Attacker: "a", Defender: "d", Option: opt})
				ev, ok := payloadOf[combat.Blow](evs)
				if !ok || ev.Hit != (roll == c.hit) {
					t.Errorf("%s: d100 = %d hit %v; want %v", c.rule, roll, ev.Hit, roll == c.hit)
				}
				for key, want := range map[string]int{KeyTR: c.tr, KeyOBR: c.obr, KeyRTR: c.rtr} {
					if got, ok := stepValue(ev.Trace, key); !ok || got != want {
						t.Errorf("%s: %s = %d in the engine's trace; want %d (errata: %s)", c.rule, key, got, want, c.errata)
					}
				}
			}
		})
	}
}

// stepValue is the value of the first step of the trace with key.
func stepValue(tr combat.Trace, key string) (int, bool) {
	for _, s := range tr {
		if s.Key == key {
			return s.Value, true
		}
	}
	return 0, false
}

// traceVector is a vector whose number shows in the trace of an attack:
// the attacker a strikes the defender d with situation s and the dice, and
// the first step keyed key must hold want.
type traceVector struct {
	id   string
	a, d Profile
	s    Situation
	dice []int
	key  string
	want int
}

// traceVectors are the vectors of proficiency, damage and arithmetic that
// are no command of their own but numbers every attack works out (KC-TV-6,
// 7, 9, 15, 16, 19, 20, 24–26), each set up as an attack whose trace shows
// it. The target has no armour and plenty of ŻYW; d100 = 1 always hits.
func traceVectors() []traceVector {
	target := Profile{Name: "target", ZR: 50, Vitality: 5000}
	fighter := func(prof Profession, p int, w Weapon) Profile {
		f := Profile{Name: "fighter", Professions: []Profession{prof}, Level: 1, SF: 100, ZR: 50, Attacks: 1, Vitality: 100, Weapons: []Weapon{w}}
		if p > 0 {
			f.Proficiencies = []Proficiency{{Group: w.Group, Base: p}}
		}
		return f
	}
	sword, dagger := TypicalSword(), Dagger()
	flail := Weapon{Name: "flail", Group: "flails", Category: OneHand, Effectiveness: ByType{Bludgeoning: 80}, Defence: 10, Delay: 3, Illustrative: true}
	hit := []int{1, 50}
	var out []traceVector
	// KC-TV-6: untrained, a mage aims a sword at 20 and a warrior a flail
	// at 50, with no race or profession modifier.
	mage := fighter(Mage, 0, sword)
	mage.RaceMod = 7
	out = append(out, traceVector{"KC-TV-6/mage-sword", mage, target, Situation{}, hit, KeyProficiency, 20},
		traceVector{"KC-TV-6/warrior-flail", with(fighter(Warrior, 0, flail), func(p *Profile) { p.RaceMod = 7 }), target, Situation{}, hit, KeyProficiency, 50})
	// KC-TV-7: one proficiency with daggers covers every dagger.
	for _, name := range []string{"dagger", "poniard", "flame dagger"} {
		w := dagger
		w.Name = name
		out = append(out, traceVector{"KC-TV-7/" + name, fighter(Warrior, 72, w), target, Situation{}, hit, KeyProficiency, 72})
	}
	// KC-TV-9: P_base 60 through the five tiers, and the damage band each
	// gives (in quarters).
	for i, want := range []struct{ p, q int }{{65, 2}, {75, 2}, {90, 4}, {110, 4}, {135, 6}} {
		f := fighter(Warrior, 60, sword)
		f.Proficiencies[0].Tier = Tier(i + 1)
		id := "KC-TV-9/tier-" + itoa(i+1)
		out = append(out, traceVector{id, f, target, Situation{}, hit, KeyProficiency, want.p},
			traceVector{id + "/band", f, target, Situation{}, hit, KeyMultiplier, want.q})
	}
	// KC-TV-15, KC-TV-16: a shield-bearer's shield restricting ZR to 1/3
	// and SZ to 1/4 counts as 1/2 and 1/3; its strike waits 1 + 2 + 3
	// segments. One restricting ZR to 1/2 eases to none: 1.
	shield := func(zr, sz Restriction) Profile {
		return Profile{Name: "bearer", Professions: []Profession{Warrior}, Level: 1, SF: 100, ZR: 50, Attacks: 1, Vitality: 100,
			ShieldBearer: true, Shield: &Shield{Name: "shield", Defence: 20, ZR: zr, SZ: sz, Effectiveness: ByType{Bludgeoning: 30}}}
	}
	strike := Situation{Kind: ShieldStrike}
	out = append(out, traceVector{"KC-TV-16/zr3-sz4", shield(3, 4), target, strike, hit, KeyDelay, 6},
		traceVector{"KC-TV-16/none", shield(0, 0), target, strike, hit, KeyDelay, 1},
		traceVector{"KC-TV-16/zr3", shield(3, 0), target, strike, hit, KeyDelay, 3},
		traceVector{"KC-TV-15/zr2", shield(2, 0), target, strike, hit, KeyDelay, 1})
	// KC-TV-19: the random factor is d100 − 50.
	for _, r := range []int{36, 93, 1, 50, 100} {
		out = append(out, traceVector{"KC-TV-19/R=" + itoa(r), orc(), target, Situation{}, []int{1, r}, KeyRandom, r - 50})
	}
	// KC-TV-20: the orc's base damage, 215 slashing and 185 piercing.
	out = append(out, traceVector{"KC-TV-20/slashing", orc(), target, Situation{Type: Slashing}, hit, KeyBaseDamage, 215},
		traceVector{"KC-TV-20/piercing", orc(), target, Situation{Type: Piercing}, hit, KeyBaseDamage, 185})
	// KC-TV-24: the band boundaries, in quarters.
	for _, b := range []struct{ p, q int }{{1, 1}, {25, 1}, {26, 2}, {75, 2}, {76, 4}, {125, 4}, {126, 6}, {175, 6}, {176, 8},
		{225, 8}, {226, 10}, {275, 10}, {276, 12}, {325, 12}, {326, 14}, {375, 14}, {376, 16}, {426, 18}} {
		out = append(out, traceVector{"KC-TV-24/P=" + itoa(b.p), fighter(Warrior, b.p, sword), target, Situation{}, hit, KeyMultiplier, b.q})
	}
	// KC-TV-25: every fraction floored.
	blade := func(e int) Weapon {
		w := sword
		w.Effectiveness = ByType{Slashing: e}
		return w
	}
	strong := fighter(Warrior, 50, sword)
	strong.SF, strong.ZR = 137, 59
	out = append(out, traceVector{"KC-TV-25/E25-P50", fighter(Warrior, 50, blade(25)), target, Situation{}, hit, KeyWeaponDamage, 12},
		traceVector{"KC-TV-25/E30-P20", fighter(Warrior, 20, blade(30)), target, Situation{}, hit, KeyWeaponDamage, 7},
		traceVector{"KC-TV-25/E75-P150", fighter(Warrior, 150, blade(75)), target, Situation{}, hit, KeyWeaponDamage, 112},
		traceVector{"KC-TV-25/SF137-tr", strong, target, Situation{}, hit, KeySFBonus, 13},
		traceVector{"KC-TV-25/SF137-damage", strong, target, Situation{}, hit, KeySFDamage, 34},
		traceVector{"KC-TV-25/ZR59-tr", strong, target, Situation{}, hit, KeyZRBonus, 5})
	// KC-TV-26: the defender's ZR term Z.
	for _, z := range []struct{ zr, want int }{{0, -30}, {10, -20}, {29, -1}, {30, 0}, {50, 0}, {51, 1}, {65, 15}, {120, 70}} {
		d := target
		d.ZR = z.zr
		out = append(out, traceVector{"KC-TV-26/ZR=" + itoa(z.zr), orc(), d, Situation{}, hit, KeyZRDefence, z.want})
	}
	return out
}

// itoa formats n for a test name.
func itoa(n int) string { return strconv.Itoa(n) }

// TestVectorsTraceThroughCommands plays each trace vector as the app does:
// both profiles placed, an Attack command with the situation as its
// option and scripted d100s, and the spec's number read from the engine's
// trace of the attack.
func TestVectorsTraceThroughCommands(t *testing.T) {
	for _, c := range traceVectors() {
		t.Run(c.id, func(t *testing.T) {
			opt, err := json.Marshal(c.s)
			if err != nil {
				t.Fatal(err)
			}
			_, evs := apply(t, duel(t, c.a, c.d), c.dice, combat.Attack{Attacker: "a", Defender: "d", Option: opt})
			ev, ok := payloadOf[combat.Blow](evs)
			if got, found := stepValue(ev.Trace, c.key); !ok || !found || got != c.want {
				t.Errorf("%s = %d (found %v) in the engine's trace; want %d\n%v", c.key, got, found, c.want, ev.Trace)
			}
		})
	}
}
