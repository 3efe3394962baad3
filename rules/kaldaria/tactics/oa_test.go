package tactics

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// event is a compact view of one step's OA outcome for comparisons:
// "step:by:kind" for an OA, "step:by:-reason" for one that is not made.
func events(p Plan) []string {
	var out []string
	for _, oa := range p.OAs {
		out = append(out, fmt.Sprintf("%d:%s:%s", oa.Step, oa.By, oa.Kind))
	}
	for _, n := range p.Spared {
		out = append(out, fmt.Sprintf("%d:%s:-%s", n.Step, n.By, n.Reason))
	}
	return out
}

// s17 is S-17's board: D at (5,5), the mover M elsewhere (moved by tweak).
const s17 = `
	..........
	..........
	..........
	..........
	..........
	.....D....
	..........
	..........
	..........
	m.........`

// TestOpportunityAttacks covers S-17, S-18, S-19 and the other reasons of
// K-OA-7 and K-OA-8, with the mover m walking a given path past D.
func TestOpportunityAttacks(t *testing.T) {
	fast := func(at grid.Square) func(*Creature) {
		return func(c *Creature) { c.At, c.Speed, c.Dex = at, SpeedVeryFast, 20 }
	}
	path := func(xy ...int) []grid.Square {
		var out []grid.Square
		for i := 0; i < len(xy); i += 2 {
			out = append(out, sq(xy[i], xy[i+1]))
		}
		return out
	}
	tests := []struct {
		vector string
		mode   Mode
		path   []grid.Square
		tweaks map[string]func(*Creature)
		want   []string
	}{
		{"S-17/stay-adjacent", Normal, path(4, 4, 4, 5, 4, 6), nil, nil},
		{"S-17/leave", Normal, path(4, 4, 4, 5, 4, 6, 4, 7), nil, []string{"2:D:normal"}},
		{"S-17/second-exit", Normal, path(4, 4, 4, 5, 4, 6, 4, 7, 4, 6, 4, 7), nil,
			[]string{"2:D:normal", "4:D:-already-used"}},
		{"S-17/enter-then-leave", Normal, path(3, 3, 4, 4, 5, 3), nil, []string{"1:D:normal"}},
		{"S-17/charging", Charge, path(3, 3, 4, 4, 5, 3), nil, []string{"1:D:improved"}},
		{"S-18/bypass-full", Normal, path(4, 4, 4, 5, 4, 6, 4, 7), map[string]func(*Creature){
			"D": engaged("x", "y", "z")}, []string{"2:D:-side-bypass"}},
		{"S-18/two-engaged", Normal, path(4, 4, 4, 5, 4, 6, 4, 7), map[string]func(*Creature){
			"D": engaged("x", "y")}, []string{"2:D:normal"}},
		{"S-19/overwhelmed", Normal, path(4, 4, 4, 5, 4, 6, 4, 7), map[string]func(*Creature){
			"D": engaged("x", "y", "z", "w")}, []string{"2:D:-overwhelmed"}},
		{"K-OA-7/paralysed", Normal, path(4, 4, 4, 5, 4, 6, 4, 7), map[string]func(*Creature){
			"D": func(c *Creature) { c.Paralysed = true }}, []string{"2:D:-paralysed"}},
		{"K-OA-7/unnoticed", Normal, path(4, 4, 4, 5, 4, 6, 4, 7), map[string]func(*Creature){
			"m": func(c *Creature) { c.At, c.Speed, c.Hidden = sq(4, 4), SpeedVeryFast, true }}, []string{"2:D:-unnoticed"}},
		{"K-OA-7/noticed", Normal, path(4, 4, 4, 5, 4, 6, 4, 7), map[string]func(*Creature){
			"m": func(c *Creature) { c.At, c.Hidden, c.NoticedBy = sq(4, 4), true, []string{"D"} }}, []string{"2:D:normal"}},
		{"K-OA-8/used-earlier", Normal, path(4, 4, 4, 5, 4, 6, 4, 7), map[string]func(*Creature){
			"D": func(c *Creature) { c.OAsMade = []string{"m"} }}, []string{"2:D:-already-used"}},
	}
	for _, tt := range tests {
		t.Run(tt.vector, func(t *testing.T) {
			// x, y, z and w are other enemies of D, placed around it.
			text := s17[:len(s17)-10] + "m...xyzw.."
			tw := map[string]func(*Creature){
				"m": fast(tt.path[0]),
				"x": func(c *Creature) { c.At = sq(6, 5) },
				"y": func(c *Creature) { c.At = sq(6, 6) },
				"z": func(c *Creature) { c.At = sq(5, 6) },
				"w": func(c *Creature) { c.At = sq(6, 4) },
			}
			for id, f := range tt.tweaks {
				tw[id] = f
			}
			b := scene(t, text, tw)
			p, err := b.Walk("m", Move{Mode: tt.mode}, tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if got := events(p); !slices.Equal(got, tt.want) {
				t.Errorf("events %v, want %v", got, tt.want)
			}
		})
	}
}

// TestOAKinds checks the numbers handed to the attack pipeline (K-OA-2,
// K-OA-3, K-OA-6 with A-41, S-06).
func TestOAKinds(t *testing.T) {
	tests := []struct {
		vector    string
		move      Move
		hit, crit int
		num, den  int
		kind      OAKind
		rule      combat.RuleID
	}{
		{"K-OA-2/normal", Move{Mode: Normal}, 2, 0, 3, 2, OANormal, "K-OA-2"},
		{"K-OA-3/improved", Move{Mode: Charge}, 3, 1, 166, 100, OAImproved, "K-OA-3"},
		{"S-06/quick-leap", Move{Mode: Normal, QuickLeap: true}, 0, 0, 1, 1, OAPlain, "K-OA-6"},
		{"A-41/quick-leap-charging", Move{Mode: Charge, QuickLeap: true}, 0, 0, 1, 1, OAPlain, "K-OA-6"},
	}
	for _, tt := range tests {
		t.Run(tt.vector, func(t *testing.T) {
			b := scene(t, s17, map[string]func(*Creature){"m": func(c *Creature) { c.At = sq(4, 6) }})
			p, err := b.Walk("m", tt.move, []grid.Square{sq(4, 6), sq(4, 7)})
			if err != nil {
				t.Fatal(err)
			}
			if len(p.OAs) != 1 {
				t.Fatalf("OAs %v", p.OAs)
			}
			oa := p.OAs[0]
			if oa.Kind != tt.kind || combat.Sum(oa.Modifiers, QtyToHit) != tt.hit || combat.Sum(oa.Modifiers, QtyCritSteps) != tt.crit ||
				oa.DamageNum != tt.num || oa.DamageDen != tt.den || !slices.Contains(oa.Rules, tt.rule) ||
				oa.Charging != (tt.move.Mode == Charge) || oa.Maneuvering != tt.move.QuickLeap {
				t.Errorf("OA %+v", oa)
			}
		})
	}
}

// TestInterruptOrder checks K-RES-3 with A-39: OAs triggered by one step
// resolve in initiative order, ties broken by creature ID.
func TestInterruptOrder(t *testing.T) {
	b := scene(t, `
		.x.
		.m.
		yz.
		...`, map[string]func(*Creature){
		"x": func(c *Creature) { c.Side, c.Initiative = "X", 5 },
		"y": func(c *Creature) { c.Side, c.Initiative = "X", 2 },
		"z": func(c *Creature) { c.Side, c.Initiative = "X", 5 },
		"m": func(c *Creature) { c.Speed = SpeedFast },
	})
	p, err := b.Walk("m", Move{Mode: Normal}, []grid.Square{sq(1, 1), sq(2, 1), sq(2, 0)})
	if err != nil {
		t.Fatal(err)
	}
	// Step 0 leaves y; step 1 leaves z. x stays adjacent.
	if got := events(p); !slices.Equal(got, []string{"0:y:normal", "1:z:normal"}) {
		t.Errorf("events %v", got)
	}
	b = scene(t, `
		.....
		.m...
		.....
		yxz..`, map[string]func(*Creature){
		"x": func(c *Creature) { c.Side, c.Initiative = "X", 5 },
		"y": func(c *Creature) { c.Side, c.Initiative = "X", 2 },
		"z": func(c *Creature) { c.Side, c.Initiative = "X", 5 },
	})
	p, _ = b.Walk("m", Move{Mode: Normal}, []grid.Square{sq(1, 1), sq(1, 2), sq(1, 1)})
	if got := events(p); !slices.Equal(got, []string{"1:y:normal", "1:x:normal", "1:z:normal"}) {
		t.Errorf("same-step order %v, want y (initiative 2), then x and z by ID", got)
	}
}

// TestFightingRetreat covers S-23 (K-MOVE-5, K-MOVE-9, K-MOVE-10, K-PIN-8).
func TestFightingRetreat(t *testing.T) {
	t.Log("errata: INC-7: the source never defines \"pinned\" (its footnote is missing); K-PIN-8 reads it as holding a front slot (A-37)")
	text := `
		.....
		.MD..
		.....`
	b := scene(t, text, map[string]func(*Creature){"D": func(c *Creature) { c.Side, c.EngagedBy = "X", []string{"M"} }})
	if p, _ := b.Pins("M"); !slices.Equal(p.PinnedBy, []string{"D"}) {
		t.Fatalf("M pinned by %v", p.PinnedBy)
	}
	t.Run("S-23/normal-move-refused", func(t *testing.T) {
		_, err := b.Walk("M", Move{Mode: Normal}, []grid.Square{sq(1, 1), sq(0, 1)})
		var re *combat.RuleError
		if !errors.As(err, &re) || re.Rule != "K-MOVE-5" {
			t.Errorf("pinned normal move: %v", err)
		}
		if r, _ := b.Reachable("M", Move{Mode: Normal}); len(r.Dests) != 0 || r.Budget.Reason != ReasonPinned {
			t.Errorf("pinned reachable %v", r)
		}
	})
	t.Run("S-23/retreat", func(t *testing.T) {
		p, err := b.Walk("M", Move{Mode: Retreat}, []grid.Square{sq(1, 1), sq(0, 1)})
		if err != nil {
			t.Fatal(err)
		}
		if got := events(p); !slices.Equal(got, []string{"0:D:-fighting-retreat"}) {
			t.Errorf("events %v", got)
		}
		after := scene(t, ".....\nM.D..\n.....", map[string]func(*Creature){"D": func(c *Creature) { c.Side, c.EngagedBy = "X", []string{"M"} }})
		if p, _ := after.Pins("D"); len(p.Engaged) != 0 || !slices.Equal(p.Dropped, []Leave{{ID: "M", Reason: ReasonContactLost, Rule: "K-PIN-9"}}) {
			t.Errorf("D's list after the retreat: %v dropped %v", p.Engaged, p.Dropped)
		}
		if p, _ := after.Pins("M"); p.Pinned() {
			t.Error("M still pinned after retreating")
		}
	})
	t.Run("K-MOVE-10/sideways", func(t *testing.T) {
		_, err := b.Walk("M", Move{Mode: Retreat}, []grid.Square{sq(1, 1), sq(1, 0)})
		var re *combat.RuleError
		if !errors.As(err, &re) || re.Rule != "K-MOVE-10" {
			t.Errorf("sideways retreat: %v", err)
		}
		r, _ := b.Reachable("M", Move{Mode: Retreat})
		var got []grid.Square
		for _, d := range r.Dests {
			got = append(got, d.At)
		}
		if !slices.Equal(got, []grid.Square{sq(0, 1), sq(0, 2), sq(0, 0)}) {
			t.Errorf("retreat squares %v", got)
		}
	})
}
