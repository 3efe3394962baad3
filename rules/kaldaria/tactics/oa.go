package tactics

import (
	"slices"
	"strings"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// Move describes how a creature moves: its movement type, and whether it
// is performing a maneuver or quick-leap ability meanwhile (K-OA-6).
type Move struct {
	Mode      Mode `json:"mode"`
	QuickLeap bool `json:"quickLeap,omitempty"`
}

// OAKind is the kind of an opportunity attack.
type OAKind string

// The kinds of opportunity attack.
const (
	OANormal   OAKind = "normal"   // +2 to hit, ×3/2 damage (K-OA-2)
	OAImproved OAKind = "improved" // against a charging mover: +3, +1 critical step, ×166/100 (K-OA-3, A-36)
	OAPlain    OAKind = "plain"    // against a quick leap or maneuver: no bonus, ×1 (K-OA-6, A-41)
)

// OA is one opportunity attack a move provokes, for the attack pipeline to
// resolve (K-RES-2) before the mover enters the next square (K-OA-9). The
// attack is the attacker's basic attack with no tier, surprise or
// maneuver (K-OA-4, K-OA-10).
type OA struct {
	// Step is the index in the path of the square the mover is leaving;
	// the attack happens before it enters Path[Step+1].
	Step int    `json:"step"`
	By   string `json:"by"`
	Kind OAKind `json:"kind"`
	// Charging and Maneuvering are the mover's situation as the attack
	// pipeline takes it: a charge makes the OA improved (K-OA-3), a
	// maneuver or quick leap removes its bonuses (K-OA-6).
	Charging    bool              `json:"charging,omitempty"`
	Maneuvering bool              `json:"maneuvering,omitempty"`
	Modifiers   []combat.Modifier `json:"modifiers,omitempty"`
	DamageNum   int               `json:"damageNum"` // damage multiplier DamageNum/DamageDen (K-DMG-6)
	DamageDen   int               `json:"damageDen"`
	Rules       []combat.RuleID   `json:"rules"`
}

// NoOA is a step that would provoke an opportunity attack from By but does
// not, and why (K-OA-7, K-OA-8, K-PIN-6, K-PIN-7, K-MOVE-9).
type NoOA struct {
	Step   int           `json:"step"`
	By     string        `json:"by"`
	Reason Reason        `json:"reason"`
	Rule   combat.RuleID `json:"rule"`
}

// opportunity returns the OA an enemy makes against a mover moving as mv
// (K-OA-2, K-OA-3, K-OA-6).
func opportunity(step int, by string, mv Move) OA {
	oa := OA{Step: step, By: by, Charging: mv.Mode == Charge, Maneuvering: mv.QuickLeap,
		Rules: []combat.RuleID{"K-OA-1", "K-RES-3", "K-OA-10"}}
	switch {
	case mv.QuickLeap:
		oa.Kind, oa.DamageNum, oa.DamageDen = OAPlain, 1, 1
		oa.Rules = append(oa.Rules, "K-OA-6")
	case mv.Mode == Charge:
		oa.Kind, oa.DamageNum, oa.DamageDen = OAImproved, 166, 100
		oa.Modifiers = []combat.Modifier{
			{Rule: "K-OA-3", Key: "improved-oa", Quantity: QtyToHit, Value: 3},
			{Rule: "K-OA-3", Key: "improved-oa", Quantity: QtyCritSteps, Value: 1},
		}
		oa.Rules = append(oa.Rules, "K-OA-3", "K-MOVE-7")
	default:
		oa.Kind, oa.DamageNum, oa.DamageDen = OANormal, 3, 2
		oa.Modifiers = []combat.Modifier{{Rule: "K-OA-2", Key: "normal-oa", Quantity: QtyToHit, Value: 2}}
		oa.Rules = append(oa.Rules, "K-OA-2", "K-MOVE-6")
	}
	return oa
}

// barrier returns why enemy d makes no opportunity attack on mover m moving
// as mv, or "" when it may (K-OA-7, K-OA-8, K-PIN-6, K-PIN-7). It ignores
// OAs made earlier in the same move; the caller tracks those.
func (b *Battle) barrier(d, m int, mode Mode) Reason {
	p := b.pins[d]
	switch {
	case mode == Retreat:
		return ReasonFightingRetreat
	case b.cs[d].Paralysed:
		return ReasonParalysed
	case p.Overwhelmed:
		return ReasonOverwhelmed
	case len(p.Engaged) >= p.N && !slices.Contains(p.Engaged, b.cs[m].ID):
		return ReasonSideBypass
	case !b.cs[m].noticedBy(b.cs[d].ID):
		return ReasonUnnoticed
	case slices.Contains(b.cs[d].OAsMade, b.cs[m].ID):
		return ReasonAlreadyUsed
	}
	return ""
}

// near appends to out the active creatures whose footprint touches a
// footprint of side k at anchor a (K-GRID-3): those standing in a square
// of the footprint grown by one square each way, each once.
func (b *Battle) near(a grid.Square, k int, out []int32) []int32 {
	m := b.board.Map()
	for y := max(0, a.Y-1); y <= min(m.H-1, a.Y+k); y++ {
		for x := max(0, a.X-1); x <= min(m.W-1, a.X+k); x++ {
			for _, j := range b.occ.at(b.board.Index(grid.Square{X: x, Y: y})).holders() {
				if !slices.Contains(out, int32(j)) {
					out = append(out, int32(j))
				}
			}
		}
	}
	return out
}

// leaving appends to out the enemies of mover m that a step of its
// footprint from anchor s to anchor t leaves: in reach at s and not at t
// (K-OA-1, A-39).
func (b *Battle) leaving(m int, s, t grid.Square, out []int32) []int32 {
	k := b.cs[m].side()
	n := len(out)
	out = b.near(s, k, out)
	to := grid.Footprint{At: t, Side: k}
	kept := out[:n]
	for _, j := range out[n:] {
		if b.enemies(m, int(j)) && !grid.Touching(to, b.cs[j].Place()) {
			kept = append(kept, j)
		}
	}
	return kept
}

// meets appends to out the enemies of mover m that a step from anchor s
// to the anchor t leaves, ordered by initiative, then ID (K-OA-1, K-RES-3,
//
func (b *Battle) meets(m int, s, t grid.Square, out []int32) []int32 {
	out = b.leaving(m, s, t, out)
	slices.SortFunc(out, func(x, y int32) int {
		if c := b.cs[x].Initiative - b.cs[y].Initiative; c != 0 {
			return c
		}
		return strings.Compare(b.cs[x].ID, b.cs[y].ID)
	})
	return out
}

// Plan is a move along a path with the opportunity attacks it provokes, in
// the order they are resolved (K-RES-3), and the ones it does not.
type Plan struct {
	Mover  string        `json:"mover"`
	Move   Move          `json:"move"`
	Path   []grid.Square `json:"path"` // footprint anchors, the start first
	Cost   int           `json:"cost"` // squares of movement (K-GRID-4)
	OAs    []OA          `json:"oas"`
	Spared []NoOA        `json:"spared,omitempty"`
	// Weight is the sum of the OAs' weights when the plan comes from
	// SafestPath, else the number of OAs.
	Weight int             `json:"weight"`
	Rules  []combat.RuleID `json:"rules"`
}

// provoked walks a path of anchors and returns the OAs and spared OAs of
// every step, ordered within a step by initiative, then ID (K-RES-3,
//
func (b *Battle) provoked(m int, mv Move, path []grid.Square) ([]OA, []NoOA) {
	var oas []OA
	var spared []NoOA
	used := map[int32]bool{}
	var buf []int32
	for k := 0; k+1 < len(path); k++ {
		buf = b.meets(m, path[k], path[k+1], buf[:0])
		for _, d := range buf {
			why := b.barrier(int(d), m, mv.Mode)
			if why == "" && used[d] {
				why = ReasonAlreadyUsed
			}
			if why != "" {
				spared = append(spared, NoOA{Step: k, By: b.cs[d].ID, Reason: why, Rule: why.Rule()})
				continue
			}
			used[d] = true
			oas = append(oas, opportunity(k, b.cs[d].ID, mv))
		}
	}
	return oas, spared
}
