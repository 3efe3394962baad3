package tactics

import (
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
)

// TestPinCounts covers V-36 and S-22 (K-PIN-2..4, K-FLANK-2..5, K-SIZE-4).
func TestPinCounts(t *testing.T) {
	h, g, o, giant := grid.SizeHuman, grid.SizeGorg, grid.SizeOgre, grid.SizeGiant
	tests := []struct {
		vector      string
		pinner      grid.Size
		largest     grid.Size
		bonus       int
		n, f, limit int
		errata      string
	}{
		{"V-36", h, h, 0, 3, 2, 10, ""},
		{"S-22/human-vs-humans", h, h, 0, 3, 2, 10, ""},
		{"S-22/ogre-vs-humans", o, h, 0, 4, 2, 12, ""},
		{"S-22/ogre-vs-gorgs", o, g, 0, 5, 3, 16, ""},
		{"S-22/giant-vs-humans", giant, h, 0, 5, 3, 16, ""},
		{"S-22/giant-vs-gorgs", giant, g, 0, 6, 3, 18, ""},
		{"S-22/human-vs-ogres", h, o, 0, 3, 2, 10, "geometry allows at most 8: one ogre per adjacent square"},
		{"S-22/ogre-vs-humans+gorg", o, h, 0, 4, 2, 12, "the largest enemy, a human, sets N (A-42)"},
		{"K-PIN-4/sentinel", h, h, 1, 4, 2, 12, ""},
	}
	for _, tt := range tests {
		t.Run(tt.vector, func(t *testing.T) {
			if tt.errata != "" {
				t.Log("errata:", tt.errata)
			}
			n, mods := PinCapacity(tt.pinner, tt.largest, tt.bonus)
			f := FlankCount(n)
			if n != tt.n || f != tt.f || AttackerLimit(n, false) != tt.limit {
				t.Errorf("N, F, limit = %d, %d, %d; want %d, %d, %d", n, f, AttackerLimit(n, false), tt.n, tt.f, tt.limit)
			}
			if combat.Sum(mods, QtyPinCapacity) != n || mods[0].Rule != "K-PIN-2" {
				t.Errorf("capacity terms %v", mods)
			}
		})
	}
}

// wantTier checks one TierCheck against the K-FLANK-9 table.
func wantTier(t *testing.T, tc TierCheck, index int, tier kaldaria.Tier) {
	t.Helper()
	if !tc.Legal || tc.Index != index || tc.Tier != tier {
		t.Fatalf("%s on %s: legal %v (%s) index %d tier %v; want index %d tier %v",
			tc.Attacker, tc.Defender, tc.Legal, tc.Reason, tc.Index, tc.Tier, index, tier)
	}
	want := map[kaldaria.Tier][3]int{kaldaria.Front: {0, 0, 0}, kaldaria.Flank: {3, 1, -3}, kaldaria.SecondFlank: {4, 2, -4}, kaldaria.Rear: {4, 2, 0}}[tier]
	got := [3]int{combat.Sum(tc.Modifiers, QtyToHit), combat.Sum(tc.Modifiers, QtyCritSteps), combat.Sum(tc.Modifiers, QtyActiveParry)}
	if got != want || tc.NoActiveParry != (tier == kaldaria.Rear) {
		t.Errorf("%s: modifiers %v (no active parry %v), want to-hit/crit/parry %v", tc.Attacker, got, tc.NoActiveParry, want)
	}
}

// tenAround is a human D in open ground with eleven human enemies in the
// eight squares around it (i, j and k share squares with a, b and c).
const tenAround = `
	.......
	..abc..
	..hDd..
	..gfe..
	...ijk.`

func tenAroundTweaks(list []string) map[string]func(*Creature) {
	return map[string]func(*Creature){
		"D": engaged(list...),
		"i": func(c *Creature) { c.At = sq(2, 1) },
		"j": func(c *Creature) { c.At = sq(3, 1) },
		"k": func(c *Creature) { c.At = sq(4, 1) },
	}
}

// TestTierAssignment covers S-20 (K-PIN-9, K-FLANK-9): ten attackers fill
// the front, both flanks and the rear in the order of their first attacks,
// an eleventh has no slot, and a fallen front attacker promotes the rest.
func TestTierAssignment(t *testing.T) {
	order := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	tiers := []kaldaria.Tier{0, 0, 0, 1, 1, 2, 2, 3, 3, 3}
	var list []string
	t.Run("S-20/join", func(t *testing.T) {
		for k, x := range order {
			b := scene(t, tenAround, tenAroundTweaks(list))
			tc, err := b.Tier(x, "D")
			if err != nil {
				t.Fatal(err)
			}
			wantTier(t, tc, k+1, tiers[k])
			if !tc.Joins || !slices.Equal(tc.After, append(slices.Clone(list), x)) {
				t.Fatalf("%s: joins %v, after %v", x, tc.Joins, tc.After)
			}
			list = tc.After
		}
		b := scene(t, tenAround, tenAroundTweaks(list))
		if tc, _ := b.Tier("k", "D"); tc.Legal || tc.Reason != ReasonNoSlot {
			t.Errorf("X11: legal %v reason %q, want %q", tc.Legal, tc.Reason, ReasonNoSlot)
		}
		p, _ := b.Pins("D")
		if p.N != 3 || p.F != 2 || p.Limit != 10 || !p.Overwhelmed || len(p.Back) != 0 {
			t.Errorf("pins %+v", p)
		}
		for _, x := range order {
			px, _ := b.Pins(x)
			if pinned := slices.Contains(order[:3], x); px.Pinned() != pinned {
				t.Errorf("%s pinned %v, want %v (K-PIN-8)", x, px.Pinned(), pinned)
			}
		}
	})
	t.Run("S-20/promotion", func(t *testing.T) {
		tw := tenAroundTweaks(order)
		tw["b"] = func(c *Creature) { c.Down = true }
		b := scene(t, tenAround, tw)
		p, _ := b.Pins("D")
		if !slices.Equal(p.Dropped, []Leave{{ID: "b", Reason: ReasonAttackerOut, Rule: "K-PIN-9"}}) {
			t.Errorf("dropped %v", p.Dropped)
		}
		promoted := map[string]kaldaria.Tier{"c": 0, "d": 0, "e": 1, "f": 1, "g": 2, "h": 2, "i": 3, "j": 3}
		for k, x := range []string{"a", "c", "d", "e", "f", "g", "h", "i", "j"} {
			tc, _ := b.Tier(x, "D")
			wantTier(t, tc, k+1, promoted[x])
			if tc.Joins {
				t.Errorf("%s joins again", x)
			}
		}
	})
}

// TestBackProtection covers S-21 (K-FLANK-5, K-FLANK-7, K-FLANK-8, D-9):
// with its back protected a defender takes at most 3 + 2 + 2 = 7 attackers.
func TestBackProtection(t *testing.T) {
	seven := []string{"a", "b", "c", "d", "e", "f", "g"}
	tests := []struct {
		vector string
		text   string
		tweaks map[string]func(*Creature)
		back   []Reason
		errata string
	}{
		{"S-21/back-to-back", `
			.abc.
			.hDd.
			.gfe.
			..E..`, map[string]func(*Creature){"E": func(c *Creature) { c.At = sq(2, 1) }}, []Reason{ReasonBackToBack}, ""},
		{"S-21/wall", `
			.a#b.
			.cDd.
			.efg.
			..h..`, map[string]func(*Creature){"h": func(c *Creature) { c.At = sq(1, 0) }}, []Reason{ReasonWall}, ""},
		{"K-FLANK-7/ally-beside", `
			.abc.
			.EDd.
			.gfe.
			..h..`, map[string]func(*Creature){"h": func(c *Creature) { c.At = sq(1, 0) }}, []Reason{ReasonAllyBehind}, ""},
		{"K-FLANK-7/diagonal-wall", `
			#abc.
			.hDd.
			.gfe.`, nil, nil, "a wall only diagonally adjacent cannot be leaned on (A-46)"},
		{"D-9/map-edge", `
			hDd.
			gfe.
			abc.`, map[string]func(*Creature){
			"a": func(c *Creature) { c.At = sq(0, 0) },
			"b": func(c *Creature) { c.At = sq(2, 0) },
			"c": func(c *Creature) { c.At = sq(0, 1) },
		}, nil, "the map edge is not a wall"},
	}
	for _, tt := range tests {
		t.Run(tt.vector, func(t *testing.T) {
			if tt.errata != "" {
				t.Log("errata:", tt.errata)
			}
			if tt.tweaks == nil {
				tt.tweaks = map[string]func(*Creature){}
			}
			tt.tweaks["D"] = engaged(seven...)
			b := scene(t, tt.text, tt.tweaks)
			p, _ := b.Pins("D")
			var got []Reason
			for _, pr := range p.Back {
				got = append(got, pr.Reason)
			}
			if !slices.Equal(got, tt.back) {
				t.Errorf("back protection %v, want %v", p.Back, tt.back)
			}
			tc, _ := b.Tier("h", "D")
			if len(tt.back) > 0 {
				if p.Limit != 7 || tc.Legal || tc.Reason != ReasonRearClosed {
					t.Errorf("limit %d; 8th attacker legal %v reason %q; want 7, illegal, %q", p.Limit, tc.Legal, tc.Reason, ReasonRearClosed)
				}
			} else {
				wantTier(t, tc, 8, kaldaria.Rear)
			}
		})
	}
}

// TestBackProtectionDropsRear covers K-PIN-9 step 3: when a defender gains
// back protection, the entries in rear slots leave its list.
func TestBackProtectionDropsRear(t *testing.T) {
	b := scene(t, tenAround, map[string]func(*Creature){
		"D": engaged("a", "b", "c", "d", "e", "f", "g", "h", "i"),
		"i": func(c *Creature) { c.At = sq(2, 1) },
		"j": func(c *Creature) { c.Side = "A"; c.At = sq(3, 2) }, // an ally joins D in its square
		"k": func(c *Creature) { c.At = sq(4, 1) },
	})
	p, _ := b.Pins("D")
	if len(p.Engaged) != 7 || !slices.Equal(p.Dropped, []Leave{{ID: "h", Reason: ReasonRearClosed, Rule: "K-FLANK-5"}, {ID: "i", Reason: ReasonRearClosed, Rule: "K-FLANK-5"}}) {
		t.Errorf("engaged %v dropped %v", p.Engaged, p.Dropped)
	}
}

// TestCapacityRecompute covers D-2 with K-PIN-3: an ogre holding five
// gorgs (N = 5) is attacked by a human; N drops to 4 and the boundaries
// move at once, so the fifth gorg becomes a flanker and the human joins as
// the sixth, also a flanker.
func TestCapacityRecompute(t *testing.T) {
	text := `
		abc
		eDd
		f..`
	gorgs := []string{"a", "b", "c", "d", "e"}
	tw := map[string]func(*Creature){"D": func(c *Creature) { c.Size, c.EngagedBy = grid.SizeOgre, gorgs }}
	for _, g := range gorgs {
		tw[g] = func(c *Creature) { c.Size = grid.SizeGorg }
	}
	b := scene(t, text, tw)
	if p, _ := b.Pins("D"); p.N != 5 || p.Overwhelmed {
		t.Fatalf("before: N %d overwhelmed %v", p.N, p.Overwhelmed)
	}
	tc, _ := b.Tier("f", "D")
	wantTier(t, tc, 6, kaldaria.Flank)
	if tc.N != 4 || tc.F != 2 || !slices.Contains(tc.Rules, "D-2") {
		t.Errorf("after join N %d F %d rules %v", tc.N, tc.F, tc.Rules)
	}
	tw["D"] = func(c *Creature) { c.Size, c.EngagedBy = grid.SizeOgre, tc.After }
	b = scene(t, text, tw)
	wantTier(t, must(b.Tier("e", "D")), 5, kaldaria.Flank)
	if p, _ := b.Pins("D"); p.N != 4 || !p.Overwhelmed {
		t.Errorf("after: N %d overwhelmed %v", p.N, p.Overwhelmed)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestCorridor checks K-PIN-7 and K-FLANK-10 in a corridor one square
// wide: D blocks it, so no flank exists (only one square beside D can be
// reached) and an enemy cannot side-bypass it.
func TestCorridor(t *testing.T) {
	text := `
		########
		m..aD...
		########
		..b.....`
	b := scene(t, text, map[string]func(*Creature){
		"D": engaged("a", "b"),
		"b": func(c *Creature) { c.At = sq(3, 1) },
		"m": func(c *Creature) { c.Speed, c.Dex = SpeedVeryFast, 20 },
	})
	wantTier(t, must(b.Tier("a", "D")), 1, kaldaria.Front)
	wantTier(t, must(b.Tier("b", "D")), 2, kaldaria.Front)
	p, _ := b.Pins("D")
	if len(p.Back) != 2 || p.Back[0].Reason != ReasonWall {
		t.Errorf("corridor walls should protect D's back: %v", p.Back)
	}
	th, _ := b.Threats("m", Move{Mode: Normal})
	for _, x := range th {
		if x.By == "D" && !slices.Equal(x.Squares, []grid.Square{sq(3, 1), sq(5, 1)}) {
			t.Errorf("D threatens %v in the corridor", x.Squares)
		}
	}
	if _, err := b.Path("m", Move{Mode: Charge}, sq(6, 1)); err == nil {
		t.Error("m found a way past D in a one-square corridor")
	}
	r, _ := b.Reachable("m", Move{Mode: Normal})
	for _, d := range r.Dests {
		if d.At.X > 4 {
			t.Errorf("m reaches %v beyond D", d.At)
		}
	}
}

// TestGiant checks a 2×2 footprint: twelve squares touch it (K-GRID-3), it
// pins five humans (S-22), a wall along any side of its block protects its
// back (K-FLANK-7), and a diagonal neighbour of its corner is in reach.
func TestGiant(t *testing.T) {
	text := `
		......
		.GG...
		.GG...
		...a..
		......`
	b := scene(t, text, map[string]func(*Creature){"G": engaged("a")})
	th, _ := b.Threats("a", Move{Mode: Normal})
	if len(th) != 1 || len(th[0].Squares) != 12 {
		t.Fatalf("giant threatens %v", th)
	}
	tc, _ := b.Tier("a", "G")
	wantTier(t, tc, 1, kaldaria.Front)
	if tc.N != 5 || tc.F != 3 {
		t.Errorf("giant vs human N %d F %d, want 5, 3", tc.N, tc.F)
	}
	walled := scene(t, `
		......
		.GG#..
		.GG...
		...a..`, nil)
	if p, _ := walled.Pins("G"); len(p.Back) != 1 || p.Back[0].At != sq(3, 1) {
		t.Errorf("wall beside the giant: %v", p.Back)
	}
	r, _ := b.Reachable("G", Move{Mode: Normal})
	for _, d := range r.Dests {
		if grid.Distance(grid.Footprint{At: d.At, Side: 2}, grid.Single(sq(3, 3))) == 0 {
			t.Errorf("giant steps onto the human at %v", d.At)
		}
	}
}
