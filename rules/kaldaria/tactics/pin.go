package tactics

import (
	"slices"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/kaldaria"
)

// Quantities named by the modifiers tactics returns. A positive value
// favours the roller: "to-hit" and "crit-steps" are the attacker's bonuses,
// "active-parry" is added to the defender's active parry rolls against
// that attacker, "pin-capacity" builds N (K-PIN-3).
const (
	QtyToHit       = "to-hit"
	QtyCritSteps   = "crit-steps"
	QtyActiveParry = "active-parry"
	QtyPinCapacity = "pin-capacity"
)

// Pins is a creature's engagement state: its engagement list after the
// leave rules, its pin capacity and tier boundaries, back protection,
// overwhelm, and who pins it (K-PIN, K-FLANK).
type Pins struct {
	ID string `json:"id"`
	// Engaged is E(D) after the leave rules of K-PIN-9 and D-2, in order.
	Engaged []string `json:"engaged"`
	// Dropped lists the entries of the stored list that the leave rules
	// remove; the encounter engine stores Engaged in their place.
	Dropped  []Leave           `json:"dropped,omitempty"`
	N        int               `json:"n"`     // pin capacity (K-PIN-2..4)
	F        int               `json:"f"`     // flankers per flank, ceil(N/2) (K-FLANK-2)
	Limit    int               `json:"limit"` // most attackers: N+2F, or 2N+2F when the back is open (K-FLANK-9)
	Capacity []combat.Modifier `json:"capacity"`
	// Back lists what protects the creature's back; empty means rear
	// attacks are possible (K-FLANK-5, K-FLANK-7).
	Back        []Protection `json:"back,omitempty"`
	Overwhelmed bool         `json:"overwhelmed"` // |E(D)| > N (K-PIN-5)
	// PinnedBy lists the enemies holding this creature in a front slot
	// (K-PIN-8); a pinned creature cannot move at its rate (K-MOVE-5).
	PinnedBy []string        `json:"pinnedBy,omitempty"`
	Rules    []combat.RuleID `json:"rules"`
}

// Pinned reports whether the creature is pinned (K-PIN-8).
func (p Pins) Pinned() bool { return len(p.PinnedBy) > 0 }

// Leave is an engagement-list entry removed by a leave rule.
type Leave struct {
	ID     string        `json:"id"`
	Reason Reason        `json:"reason"`
	Rule   combat.RuleID `json:"rule"`
}

func leave(id string, why Reason) Leave { return Leave{ID: id, Reason: why, Rule: why.Rule()} }

// Protection is one source of back protection: an ally sharing the square
// or orthogonally beside it, or a wall orthogonally beside it (K-FLANK-7,
// K-FLANK-8). By is the ally's ID; At the square.
type Protection struct {
	Reason Reason        `json:"reason"`
	Rule   combat.RuleID `json:"rule"`
	By     string        `json:"by,omitempty"`
	At     grid.Square   `json:"at"`
}

// PinCapacity returns N for a defender of size d with the given pin bonus
// whose largest engaged enemy has size largest (0 when none), with its
// terms: 3 (K-PIN-2), one per size category the defender is larger
// (K-PIN-3, K-SIZE-4, A-42), plus ability bonuses (K-PIN-4).
func PinCapacity(d, largest grid.Size, bonus int) (int, []combat.Modifier) {
	if (largest == 0 || d <= largest) && bonus == 0 {
		return 3, basePinCapacity
	}
	mods := slices.Clone(basePinCapacity)
	if largest != 0 && d > largest {
		mods = append(mods, combat.Modifier{Rule: "K-PIN-3", Key: "size-difference", Quantity: QtyPinCapacity, Value: int(d - largest)})
	}
	if bonus != 0 {
		mods = append(mods, combat.Modifier{Rule: "K-PIN-4", Key: "pin-bonus", Quantity: QtyPinCapacity, Value: bonus})
	}
	return combat.Sum(mods, QtyPinCapacity), mods
}

// basePinCapacity is the terms of the pin capacity every creature has
// (K-PIN-2); shared, never changed.
var basePinCapacity = slices.Clip([]combat.Modifier{{Rule: "K-PIN-2", Key: "base", Quantity: QtyPinCapacity, Value: 3}})

// FlankCount returns F = ceil(N/2), the number of partial flankers and of
// improved flankers a defender with pin capacity n admits (K-FLANK-2,
// K-FLANK-4).
func FlankCount(n int) int { return (n + 1) / 2 }

// AttackerLimit returns how many attackers an engagement list may hold:
// N + 2F, plus N rear attackers when the back is open (K-FLANK-5,
// K-FLANK-9).
func AttackerLimit(n int, backProtected bool) int {
	if backProtected {
		return n + 2*FlankCount(n)
	}
	return 2*n + 2*FlankCount(n)
}

// TierAt returns the tier of the k-th entry (from 1) of an engagement list
// with pin capacity n, and false when k is beyond the list's limit
// (K-FLANK-9).
func TierAt(k, n int, backProtected bool) (kaldaria.Tier, bool) {
	f := FlankCount(n)
	switch {
	case k < 1 || k > AttackerLimit(n, backProtected):
		return 0, false
	case k <= n:
		return kaldaria.Front, true
	case k <= n+f:
		return kaldaria.Flank, true
	case k <= n+2*f:
		return kaldaria.SecondFlank, true
	}
	return kaldaria.Rear, true
}

// TierModifiers returns the modifiers a tier gives the attacker and the
// defender's active parries, and whether active parries are forbidden
// (K-FLANK-1, K-FLANK-3, K-FLANK-6, A-47: passive parry is never changed).
func TierModifiers(t kaldaria.Tier) (mods []combat.Modifier, noActiveParry bool) {
	tier := func(rule combat.RuleID, hit, crit, parry int) []combat.Modifier {
		out := []combat.Modifier{
			{Rule: rule, Key: t.String(), Quantity: QtyToHit, Value: hit},
			{Rule: rule, Key: t.String(), Quantity: QtyCritSteps, Value: crit},
		}
		if parry != 0 {
			out = append(out, combat.Modifier{Rule: rule, Key: t.String(), Quantity: QtyActiveParry, Value: parry})
		}
		return out
	}
	switch t {
	case kaldaria.Flank:
		return tier("K-FLANK-1", 3, 1, -3), false
	case kaldaria.SecondFlank:
		return tier("K-FLANK-3", 4, 2, -4), false
	case kaldaria.Rear:
		return tier("K-FLANK-6", 4, 2, 0), true
	}
	return nil, false
}

// largestOf returns the largest size among the listed creatures, 0 if none.
func (b *Battle) largestOf(ids []string) grid.Size {
	var s grid.Size
	for _, id := range ids {
		s = max(s, b.cs[b.byID[id]].Size)
	}
	return s
}

// backProtection lists what protects creature i's back (K-FLANK-7/8). The
// map edge is not a wall (D-9).
func (b *Battle) backProtection(i int) []Protection {
	d := b.cs[i]
	var out []Protection
	ally := func(s grid.Square, r Reason) {
		for _, j := range b.occupants(s) {
			if int(j) != i && !b.enemies(i, int(j)) && b.cs[j].standing() {
				out = append(out, Protection{Reason: r, Rule: r.Rule(), By: b.cs[j].ID, At: s})
			}
		}
	}
	k, at := d.side(), d.At
	for y := at.Y; y < at.Y+k; y++ {
		for x := at.X; x < at.X+k; x++ {
			ally(grid.Square{X: x, Y: y}, ReasonBackToBack)
		}
	}
	// The orthogonal ring, in the order of grid.Footprint.OrthogonalRing.
	for i := range k {
		for _, s := range [4]grid.Square{{X: at.X + i, Y: at.Y - 1}, {X: at.X + k, Y: at.Y + i}, {X: at.X + i, Y: at.Y + k}, {X: at.X - 1, Y: at.Y + i}} {
			switch {
			case b.board.Wall(s):
				out = append(out, Protection{Reason: ReasonWall, Rule: ReasonWall.Rule(), At: s})
			case b.board.In(s):
				ally(s, ReasonAllyBehind)
			}
		}
	}
	return out
}

// pinRules are the rules behind every creature's Pins.
var pinRules = slices.Clip([]combat.RuleID{"K-PIN-9", "K-PIN-3", "K-FLANK-2", "K-FLANK-7", "K-FLANK-9"})

// tidy applies the leave rules to creature i's stored engagement list
// (K-PIN-9 step 3, D-2) and computes its pin state.
func (b *Battle) tidy(i int) Pins {
	d := b.cs[i]
	p := Pins{ID: d.ID, Engaged: make([]string, 0, len(d.EngagedBy)), Back: b.backProtection(i), Rules: pinRules}
	for _, x := range d.EngagedBy {
		c := b.cs[b.byID[x]]
		switch {
		case !d.standing():
			p.Dropped = append(p.Dropped, leave(x, ReasonDefenderOut))
		case !c.standing():
			p.Dropped = append(p.Dropped, leave(x, ReasonAttackerOut))
		case !grid.Touching(c.Place(), d.Place()):
			p.Dropped = append(p.Dropped, leave(x, ReasonContactLost))
		default:
			p.Engaged = append(p.Engaged, x)
		}
	}
	p.N, p.Capacity = PinCapacity(d.Size, b.largestOf(p.Engaged), d.PinBonus)
	p.F = FlankCount(p.N)
	p.Limit = AttackerLimit(p.N, len(p.Back) > 0)
	if len(p.Engaged) > p.Limit {
		why := ReasonCapacityDrop
		if len(p.Back) > 0 && len(p.Engaged) <= AttackerLimit(p.N, false) {
			why = ReasonRearClosed
		}
		for _, x := range p.Engaged[p.Limit:] {
			p.Dropped = append(p.Dropped, leave(x, why))
		}
		p.Engaged = p.Engaged[:p.Limit]
	}
	p.Overwhelmed = len(p.Engaged) > p.N
	return p
}

// Pins returns the engagement state of the creature with the given ID.
func (b *Battle) Pins(id string) (Pins, error) {
	i, err := b.lookup(id)
	if err != nil {
		return Pins{}, err
	}
	return *b.pins[i], nil
}

// TierCheck answers "what tier would this attacker get if it made a melee
// attack on this defender now" (K-RES-2 step 1, K-PIN-9, K-FLANK-9).
type TierCheck struct {
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
	Legal    bool   `json:"legal"`
	Reason   Reason `json:"reason,omitempty"` // why not, when not Legal
	// Joins is true when the attacker is not yet in E(D) and the attack
	// appends it (K-PIN-9 step 1).
	Joins bool          `json:"joins"`
	Index int           `json:"index,omitempty"` // the attacker's place in E(D), from 1
	Tier  kaldaria.Tier `json:"tier"`
	N     int           `json:"n"`
	F     int           `json:"f"`
	Limit int           `json:"limit"`
	// Modifiers are the tier's effects: attacker's to-hit and critical
	// steps, defender's active parries; NoActiveParry forbids them
	// (rear, K-FLANK-6).
	Modifiers     []combat.Modifier `json:"modifiers,omitempty"`
	NoActiveParry bool              `json:"noActiveParry,omitempty"`
	// After is E(D) as the engine stores it once the attack is made.
	After []string        `json:"after,omitempty"`
	Rules []combat.RuleID `json:"rules"`
}

// Tier returns the tier the attacker would get by making a melee attack on
// the defender now, with its modifiers, or why it may not. An attacker not
// yet engaged joins at the end of E(D), N and the tier boundaries being
// recomputed with it (K-PIN-3, D-2).
func (b *Battle) Tier(attacker, defender string) (TierCheck, error) {
	a, err := b.lookup(attacker)
	if err != nil {
		return TierCheck{}, err
	}
	d, err := b.lookup(defender)
	if err != nil {
		return TierCheck{}, err
	}
	return b.tier(a, b.cs[a].Place(), d), nil
}

// TierFrom returns what Tier would on the battle With(attacker, at): the
// tier the attacker would get standing at anchor at instead, or With's
// error. When the attacker is an active enemy of the defender and not on
// its engagement list, the move changes nothing of the defender's
// engagement state that the tier reads (an enemy gives no back
// protection, K-FLANK-7), so it is read from this battle and the moved one
// is never built.
func (b *Battle) TierFrom(attacker string, at grid.Square, defender string) (TierCheck, error) {
	a, err := b.lookup(attacker)
	if err != nil {
		return TierCheck{}, err
	}
	c := b.cs[a]
	d, known := b.byID[defender]
	if !known || !c.active() || !b.enemies(a, d) || slices.Contains(b.cs[d].EngagedBy, attacker) {
		w, err := b.With(attacker, at)
		if err != nil {
			return TierCheck{}, err
		}
		return w.Tier(attacker, defender)
	}
	place := grid.Footprint{At: at, Side: c.side()}
	if !b.board.Open(place) {
		return TierCheck{}, combat.Invalid("K-GRID-2", "creatures["+c.ID+"].at", "footprint off the map or on a wall")
	}
	for sq := range b.squares(place) {
		if !b.roomAt(c, c.Place(), b.board.Square(sq)) {
			return TierCheck{}, overCapacity(b.board.Square(sq))
		}
	}
	return b.tier(a, place, d), nil
}

// tierRules are the rules behind every TierCheck, shared by all of them,
// by how the attacker comes to its slot: already in the list, joining it
// (K-PIN-3), joining with N shifted (D-2). They are clipped, so that citing
// more copies them first.
var tierRules = func() (out [3][]combat.RuleID) {
	out[0] = []combat.RuleID{"K-RES-2", "K-PIN-9", "K-FLANK-9"}
	out[1] = cite(slices.Clip(out[0]), "K-PIN-3")
	out[2] = cite(slices.Clip(out[1]), "D-2")
	for k := range out {
		out[k] = slices.Clip(out[k])
	}
	return out
}()

// tierEffect is what an allowed attack at one tier carries: its modifiers
// and whether active parries are forbidden (TierModifiers), and its
// TierCheck's rules, by how the attacker comes to its slot (tierRules),
// with the modifiers' rules cited.
type tierEffect struct {
	mods    []combat.Modifier
	noParry bool
	rules   [3][]combat.RuleID
}

// tierEffects are the tiers' effects, shared by every TierCheck: clipped,
// so that a caller's append never writes into them.
var tierEffects = func() (out [kaldaria.Rear + 1]tierEffect) {
	for t := range out {
		e := &out[t]
		e.mods, e.noParry = TierModifiers(kaldaria.Tier(t))
		e.mods = slices.Clip(e.mods)
		for k, rules := range tierRules {
			for _, m := range e.mods {
				rules = cite(rules, m.Rule)
			}
			e.rules[k] = slices.Clip(rules)
		}
	}
	return out
}()

// tier is Tier with attacker a standing at place.
func (b *Battle) tier(a int, place grid.Footprint, d int) TierCheck {
	p := b.pins[d]
	tc := TierCheck{Attacker: b.cs[a].ID, Defender: b.cs[d].ID, N: p.N, F: p.F, Limit: p.Limit, Rules: tierRules[0]}
	deny := func(r Reason) TierCheck {
		tc.Reason = r
		tc.Rules = cite(tc.Rules, r.Rule())
		return tc
	}
	switch {
	case !b.enemies(a, d):
		return deny(ReasonNotEnemy)
	case !b.cs[a].active():
		return deny(ReasonAttackerOut)
	case !b.cs[d].active():
		return deny(ReasonDefenderOut)
	case !grid.Touching(place, b.cs[d].Place()):
		return deny(ReasonNotAdjacent)
	}
	back := len(p.Back) > 0
	tc.Index = slices.Index(p.Engaged, b.cs[a].ID) + 1
	join := 0 // how the attacker comes to its slot (tierRules)
	if tc.Index == 0 {
		// A joiner is appended after N, F and the limit are recomputed with
		// it (K-PIN-3, D-2): a larger joiner shifts every boundary at once.
		tc.Joins = true
		tc.N, _ = PinCapacity(b.cs[d].Size, max(b.largestOf(p.Engaged), b.cs[a].Size), b.cs[d].PinBonus)
		tc.F, tc.Limit = FlankCount(tc.N), AttackerLimit(tc.N, back)
		tc.Index = len(p.Engaged) + 1
		join = 1
		if tc.N != p.N {
			join = 2
		}
		tc.Rules = tierRules[join]
	}
	t, ok := TierAt(tc.Index, tc.N, back)
	if !ok {
		why := ReasonNoSlot
		if back && tc.Index <= AttackerLimit(tc.N, false) {
			why = ReasonRearClosed
		}
		tc.Index = 0
		return deny(why)
	}
	tc.After = append(make([]string, 0, len(p.Engaged)+1), p.Engaged...) // room for a joiner
	if tc.Joins {
		tc.After = append(tc.After, b.cs[a].ID)
	}
	e := &tierEffects[t]
	tc.Legal, tc.Tier, tc.Modifiers, tc.NoActiveParry, tc.Rules = true, t, e.mods, e.noParry, e.rules[join]
	return tc
}
