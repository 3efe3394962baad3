package encounter

import (
	"encoding/json"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/kaldaria"
)

// blow is one attack of a scene played through the session: who strikes
// whom with which weapon, the scripted dice, and what the trace and the
// encounter must show afterwards.
type blow struct {
	id       string // vector
	rules    string
	att, def string
	weapon   int
	faces    []int
	hit      bool
	trace    map[kaldaria.Key]int // trace key → value of its first step
	hp       int                  // defender's HP afterwards
	weaponsP int                  // defender's weapon parries spent this round
}

// playBlows runs the blows in order, each with Session.DoWithDice.
func playBlows(t *testing.T, s *combat.Session, blows []blow) {
	for _, b := range blows {
		t.Run(b.id, func(t *testing.T) {
			t.Logf("rules %s", b.rules)
			opt, _ := json.Marshal(Option{Weapon: b.weapon})
			evs, err := s.DoWithDice(combat.Attack{Attacker: b.att, Defender: b.def, Option: opt}, b.faces...)
			if err != nil {
				t.Fatal(err)
			}
			ev := resolved(t, evs)
			if ev.Hit != b.hit {
				t.Errorf("hit = %v, want %v", ev.Hit, b.hit)
			}
			for k, want := range b.trace {
				if got := value(ev.Trace, k); got != want {
					t.Errorf("%s = %d, want %d", k, got, want)
				}
			}
			enc := s.State()
			if d, _ := enc.Combatant(b.def); d.HP != b.hp {
				t.Errorf("defender HP = %d, want %d", d.HP, b.hp)
			}
			if got := roundOf(t, enc, b.def).WeaponParries; got != b.weaponsP {
				t.Errorf("weapon parries spent = %d, want %d", got, b.weaponsP)
			}
		})
	}
}

// TestElementalScene plays the parry example end to end through the
// encounter engine on the elemental sample: the elemental's six attacks and
// the beetle's three on the swordsman in one round, the weapon pool of
// three spent first attacker first, then only passive parry; and the pool
// is full again next round (K-RES-1 step 1).
func TestElementalScene(t *testing.T) {
	enc, err := SampleElemental(1)
	if err != nil {
		t.Fatal(err)
	}
	s := session(t, enc)
	do(t, s, order("elemental", "beetle", "swordsman"), combat.Start{})
	el := func(id string, faces []int, hit bool, tr map[kaldaria.Key]int, hp, spent int) blow {
		return blow{id: id, rules: "K-HIT-2 K-HIT-5 K-PARRY-2 K-PARRY-12", att: "elemental", def: "swordsman",
			faces: faces, hit: hit, trace: tr, hp: hp, weaponsP: spent}
	}
	playBlows(t, s, []blow{
		el("V-19/nat-3", []int{3}, false, map[kaldaria.Key]int{kaldaria.KeyNeed: 9, kaldaria.KeyAttack: 3}, 120, 0),
		el("V-19/nat-5", []int{5}, false, map[kaldaria.Key]int{kaldaria.KeyAttack: 5}, 120, 0),
		el("V-21/hit-1", []int{11, 5, 13}, false, map[kaldaria.Key]int{kaldaria.KeyARHit: 12, kaldaria.KeyParryNeedWeapon: 9, kaldaria.KeyEngagementIndex: 1}, 120, 2),
		el("V-21/hit-2", []int{13, 15}, false, map[kaldaria.Key]int{kaldaria.KeyARHit: 14, kaldaria.KeyParryNeedWeapon: 11}, 120, 3),
		el("V-22/hit-3", []int{16, 4, 5}, true, map[kaldaria.Key]int{kaldaria.KeyARHit: 17, kaldaria.KeyMargin: 7, kaldaria.KeyParryNeedPassive: 18, kaldaria.KeyDamageFinal: 5}, 115, 3),
		el("V-22/hit-4", []int{18, 7, 4, 6}, true, map[kaldaria.Key]int{kaldaria.KeyARHit: 19, kaldaria.KeyMargin: 9, kaldaria.KeyParryNeedPassive: 20, kaldaria.KeyDamageFinal: 12}, 103, 3),
	})
	do(t, s, combat.EndTurn{})
	bt := func(id string, w int, faces []int, hit bool, tr map[kaldaria.Key]int, hp int) blow {
		return blow{id: id, rules: "K-HIT-4 K-PARRY-5 K-PARRY-6 K-PARRY-13", att: "beetle", def: "swordsman", weapon: w,
			faces: faces, hit: hit, trace: tr, hp: hp, weaponsP: 3}
	}
	playBlows(t, s, []blow{
		bt("V-23/pincer-1", 0, []int{10}, false, map[kaldaria.Key]int{kaldaria.KeyAttack: 10}, 103),
		bt("V-23/pincer-2", 0, []int{15, 3, 4}, true, map[kaldaria.Key]int{kaldaria.KeyARHit: 14, kaldaria.KeyParryNeedPassive: 15, kaldaria.KeyParryNeedWeapon: -999, kaldaria.KeyEngagementIndex: 2}, 99),
		bt("V-23/bite", 1, []int{14, 20}, false, map[kaldaria.Key]int{kaldaria.KeyARHit: 13, kaldaria.KeyParryNeedPassive: 14, kaldaria.KeyParryNeedWeapon: -999}, 99),
	})
	do(t, s, combat.EndTurn{}, combat.EndTurn{})
	enc = s.State()
	if enc.Round != 2 {
		t.Fatalf("round %d, want 2", enc.Round)
	}
	t.Run("K-RES-1/reset", func(t *testing.T) {
		if st := roundOf(t, enc, "swordsman"); st.WeaponParries != 0 || st.DodgeHits != 0 {
			t.Errorf("round 2 starts with %+v, want a fresh round", st)
		}
		if e := stateOf(t, enc, "swordsman").EngagedBy; len(e) != 2 {
			t.Errorf("E(swordsman) = %v, want both attackers still engaged (K-PIN-9)", e)
		}
	})
}

// TestKnightScene plays the urchins sample's knight: V-17, an urchin's 19
// hits him (AR 12, need 18) and his weapon parry needs 12, so a 12 parries
// while an 11 fails and the shield parry (need 14) is tried next; V-10, his
// Wild blow on an urchin (AR 6) needs 3 and deals ×3/2.
func TestKnightScene(t *testing.T) {
	wild, _ := json.Marshal(Option{Maneuver: kaldaria.WildBlow})
	for _, c := range []struct {
		id, rules string
		att, def  string
		option    json.RawMessage
		faces     []int
		hit       bool
		trace     map[kaldaria.Key]int
		hp        int
	}{
		{"V-17/12", "K-HIT-5 K-PARRY-2 K-PARRY-3", "urchin-1", "knight", nil, []int{19, 12}, false,
			map[kaldaria.Key]int{kaldaria.KeyNeed: 18, kaldaria.KeyARHit: 13, kaldaria.KeyParryTHACWeapon: 9, kaldaria.KeyParryNeedWeapon: 12}, 136},
		{"V-17/11", "K-PARRY-2 K-PARRY-13", "urchin-1", "knight", nil, []int{19, 11, 2, 4}, true,
			map[kaldaria.Key]int{kaldaria.KeyParryNeedWeapon: 12, kaldaria.KeyParryNeedShield: 14, kaldaria.KeyDamageFinal: 1}, 135},
		{"V-10/3", "K-MOD-1..6 K-HIT-2", "knight", "urchin-1", wild, []int{3, 4}, true,
			map[kaldaria.Key]int{kaldaria.KeyTHAC10: 7, kaldaria.KeyAR: 6, kaldaria.KeyNeed: 3, kaldaria.KeyDamageFinal: 9}, 3},
		{"V-10/2", "K-HIT-4", "knight", "urchin-1", wild, []int{2}, false, map[kaldaria.Key]int{kaldaria.KeyNeed: 3}, 12},
	} {
		t.Run(c.id, func(t *testing.T) {
			t.Logf("rules %s", c.rules)
			enc, err := SampleUrchins(1)
			if err != nil {
				t.Fatal(err)
			}
			s := session(t, enc)
			do(t, s, combat.Reposition{ID: "urchin-1", To: sq(9, 4)}, order(c.att, "urchin-2", "urchin-3", "guard", c.def), combat.Start{})
			evs, err := s.DoWithDice(combat.Attack{Attacker: c.att, Defender: c.def, Option: c.option}, c.faces...)
			if err != nil {
				t.Fatal(err)
			}
			ev := resolved(t, evs)
			if ev.Hit != c.hit {
				t.Errorf("hit = %v", ev.Hit)
			}
			for k, want := range c.trace {
				if got := value(ev.Trace, k); got != want {
					t.Errorf("%s = %d, want %d", k, got, want)
				}
			}
			if d, _ := s.State().Combatant(c.def); d.HP != c.hp {
				t.Errorf("%s has %d HP, want %d", c.def, d.HP, c.hp)
			}
		})
	}
}
