package kaldaria

import "battlemat/rules/combat"

// Key names what a step of an attack's trace records: the ruleset's
// vocabulary of trace keys. Its String is the stable, language-neutral key
// the glossary explains and the UI translates (combat.Step.Key).
type Key uint8

// The trace keys of an attack, in the order of K-RES-2.
const (
	KeyTHAC10Base       Key = iota // the attacker's THAC10 before modifiers (K-HIT-1)
	KeyLevel                       // level bonus to hit (K-MOD-2)
	KeyDex                         // Dexterity bonus to hit, missiles (K-MOD-3)
	KeyStr                         // Strength bonus to hit, melee (K-MOD-3)
	KeySkill                       // weapon skill bonus to hit (K-MOD-4)
	KeyMagicVsGroup                // the weapon's magic against the defender's group (K-MOD-5)
	KeyMagic                       // the weapon's magic (K-MOD-5)
	KeyManeuver                    // a maneuver's bonus (K-MOD-6)
	KeySurprised                   // a surprised defender (K-MOD-9)
	KeyTierFront                   // the front tier (K-FLANK-9)
	KeyTierFlank                   // the flank tier (K-FLANK-9)
	KeyTierSecondFlank             // the second-flank tier (K-FLANK-9)
	KeyTierRear                    // the rear tier (K-FLANK-9)
	KeyOA                          // a normal opportunity attack (K-OA-2)
	KeyOAImproved                  // an improved opportunity attack (K-OA-3)
	KeyOANormal                    // the attack is a normal opportunity attack (K-OA-2)
	KeyOAPlain                     // an opportunity attack on a maneuvering mover, without bonuses (K-OA-6)
	KeyMissile                     // the attack is shot: no adjacency, no engagement (K-RES-2)
	KeyEngagementIndex             // the attacker's place in the defender's engagement list (K-PIN-9)
	KeyWounded                     // the wounded penalty (K-MOD-7); the defender is wounded (K-HP-2)
	KeyCurse                       // a curse on the attacker (K-MOD-8)
	KeyTHAC10                      // the effective THAC10 (K-MOD-1)
	KeyARBase                      // the defender's armour rating before piercing (K-AR-1)
	KeyArmourPiercing              // armour piercing (K-WPN-2, K-WPN-3)
	KeyAR                          // the effective armour rating (K-AR-1)
	KeyNeed                        // the number the attack roll needs (K-HIT-2)
	KeyWeaponMaster                // weapon mastery's critical step (K-CRIT-3)
	KeyWounding                    // a wounding or banning weapon's critical step (K-WPN-1)
	KeyCritNatMin                  // the lowest natural roll that is critical (K-CRIT-5)
	KeyCritMarginMin               // the lowest margin that is critical (K-CRIT-5)
	KeyDodgeBase                   // the defender's dodge before rings (K-DODGE-2)
	KeyDodgeRing                   // a ring of dodging (K-DODGE-5)
	KeyDodgeCap                    // the dodge cap (K-DODGE-8)
	KeyDodgeFactor                 // the dodge factor (K-DODGE-3)
	KeyParryTHACWeapon             // the weapon parry's THAC (K-PARRY-3)
	KeyParryTHACShield             // the shield parry's THAC (K-PARRY-3)
	KeyParryTHACAura               // the aura parry's THAC (K-PARRY-3)
	KeyParryTHACPassive            // the passive parry's THAC (K-PARRY-6)
	KeyDamageCap                   // the campaign's damage cap (K-DMG-8)
	KeyAttack                      // the attack roll (K-HIT-4)
	KeyARHit                       // the armour rating the roll reached (K-HIT-5)
	KeyMargin                      // the roll's margin over the need (K-HIT-6)
	KeyCritical                    // the hit is critical (D-1)
	KeyDodgeHit                    // which dodgeable hit of the round this is (K-DODGE-4)
	KeyDodgeChance                 // the chance to dodge, in per cent (K-DODGE-9)
	KeyDodge                       // the dodge roll (K-DODGE-12)
	KeyParalysed                   // a paralysed defender: no dodge, no active parry (K-RES-2)
	KeyNoActiveParry               // an attack from the rear: no active parry (K-FLANK-6)
	KeyParryNeedWeapon             // the number a weapon parry needs (K-PARRY-2)
	KeyParryNeedShield             // the number a shield parry needs (K-PARRY-2)
	KeyParryNeedAura               // the number an aura parry needs (K-PARRY-2)
	KeyParryNeedPassive            // the number the passive parry needs (K-PARRY-2)
	KeyParryWeapon                 // the weapon parry roll (K-PARRY-12)
	KeyParryShield                 // the shield parry roll (K-PARRY-12)
	KeyParryAura                   // the aura parry roll (K-PARRY-12)
	KeyParryPassive                // the passive parry roll (K-PARRY-6)
	KeyCriticalEffect              // the critical effect's d6 (K-CRIT-7)
	KeyEffect                      // the critical effect (K-CRIT-7)
	KeyDamageMax                   // the damage dice at their maximum (K-CRIT-8)
	KeyDamage                      // one damage die (K-DMG-1)
	KeyDamageRoll                  // the damage dice's total (K-DMG-1)
	KeyDamageBase                  // the base damage, at least 1 (K-DMG-1)
	KeyAbs                         // the armour's absorption (K-DMG-3)
	KeyCutter                      // the armour's cutter (K-DMG-4)
	KeyDamageReduced               // the damage after reducers (K-DMG-5)
	KeyMultiplierPct               // the damage multipliers, in per cent (K-DMG-6)
	KeyRider                       // a maneuver's flat rider (K-DMG-7)
	KeyDamageCapped                // the damage after the cap (K-DMG-8)
	KeyDamageFinal                 // the final damage (K-DMG-6)
	KeyToForceArmour               // damage taken by force armour (K-FA-2)
	KeyToHP                        // damage taken from hit points (K-HP-1)
	KeyHP                          // the defender's hit points after (K-HP-1)
	KeyLifeKey                     // the life key fired (K-LIFE-1)
	KeyDead                        // the defender is dead (K-HP-3)
	KeyDown                        // the defender is down (K-HP-3)
	KeyMissed                      // the attack missed (K-RES-2)
	KeyDodged                      // the defender dodged (K-RES-2)
	KeyParried                     // a parry stopped the attack (K-RES-2)
	KeyHit                         // the attack landed (K-RES-2)
)

var keyNames = [...]string{
	KeyTHAC10Base: "thac10-base", KeyLevel: "level", KeyDex: "dex", KeyStr: "str", KeySkill: "skill",
	KeyMagicVsGroup: "magic-vs-group", KeyMagic: "magic", KeyManeuver: "maneuver", KeySurprised: "surprised",
	KeyTierFront: "tier-front", KeyTierFlank: "tier-flank", KeyTierSecondFlank: "tier-second-flank", KeyTierRear: "tier-rear",
	KeyOA: "oa", KeyOAImproved: "oa-improved", KeyOANormal: "oa-normal", KeyOAPlain: "oa-plain",
	KeyMissile: "missile", KeyEngagementIndex: "engagement-index",
	KeyWounded: "wounded", KeyCurse: "curse", KeyTHAC10: "thac10", KeyARBase: "ar-base",
	KeyArmourPiercing: "armour-piercing", KeyAR: "ar", KeyNeed: "need", KeyWeaponMaster: "weapon-master",
	KeyWounding: "wounding", KeyCritNatMin: "crit-nat-min", KeyCritMarginMin: "crit-margin-min",
	KeyDodgeBase: "dodge-base", KeyDodgeRing: "dodge-ring", KeyDodgeCap: "dodge-cap", KeyDodgeFactor: "dodge-factor",
	KeyParryTHACWeapon: "parry-thac-weapon", KeyParryTHACShield: "parry-thac-shield",
	KeyParryTHACAura: "parry-thac-aura", KeyParryTHACPassive: "parry-thac-passive",
	KeyDamageCap: "damage-cap", KeyAttack: "attack", KeyARHit: "ar-hit", KeyMargin: "margin",
	KeyCritical: "critical", KeyDodgeHit: "dodge-hit", KeyDodgeChance: "dodge-chance", KeyDodge: "dodge",
	KeyParalysed: "paralysed", KeyNoActiveParry: "no-active-parry",
	KeyParryNeedWeapon: "parry-need-weapon", KeyParryNeedShield: "parry-need-shield",
	KeyParryNeedAura: "parry-need-aura", KeyParryNeedPassive: "parry-need-passive",
	KeyParryWeapon: "parry-weapon", KeyParryShield: "parry-shield", KeyParryAura: "parry-aura", KeyParryPassive: "parry-passive",
	KeyCriticalEffect: "critical-effect", KeyEffect: "effect", KeyDamageMax: "damage-max", KeyDamage: "damage",
	KeyDamageRoll: "damage-roll", KeyDamageBase: "damage-base", KeyAbs: "abs", KeyCutter: "cutter",
	KeyDamageReduced: "damage-reduced", KeyMultiplierPct: "multiplier-pct", KeyRider: "rider",
	KeyDamageCapped: "damage-capped", KeyDamageFinal: "damage-final", KeyToForceArmour: "to-force-armour",
	KeyToHP: "to-hp", KeyHP: "hp", KeyLifeKey: "life-key", KeyDead: "dead", KeyDown: "down",
	KeyMissed: "missed", KeyDodged: "dodged", KeyParried: "parried", KeyHit: "hit",
}

// String returns the key's stable name, "unknown" for none.
func (k Key) String() string { return keyOf(keyNames[:], int(k)) }

// MarshalText encodes the key as its name.
func (k Key) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a name written by MarshalText.
func (k *Key) UnmarshalText(b []byte) error { return parseKey(keyNames[:], b, (*uint8)(k), "key") }

// Rule is a rule of kaldaria.md that an attack's trace cites, as a small
// number; its ID is the rule ID (combat.RuleID).
type Rule uint8

// The rules an attack's trace cites.
const (
	RuleHit1 Rule = iota
	RuleHit2
	RuleHit4
	RuleHit5
	RuleHit6
	RuleMod1
	RuleMod2
	RuleMod3
	RuleMod4
	RuleMod5
	RuleMod6
	RuleMod7
	RuleMod8
	RuleMod9
	RuleFlank6
	RuleFlank9
	RuleOA2
	RuleOA3
	RuleOA6
	RulePin9
	RuleAR1
	RuleWpn1
	RuleWpn2
	RuleWpn3
	RuleCrit3
	RuleCrit4
	RuleCrit5
	RuleCrit7
	RuleCrit8
	RuleD1 // the errata's critical test (D-1)
	RuleDodge2
	RuleDodge3
	RuleDodge4
	RuleDodge5
	RuleDodge8
	RuleDodge9
	RuleDodge12
	RuleParry2
	RuleParry3
	RuleParry6
	RuleParry12
	RuleDmg1
	RuleDmg3
	RuleDmg4
	RuleDmg5
	RuleDmg6
	RuleDmg7
	RuleDmg8
	RuleFA2
	RuleHP1
	RuleHP2
	RuleHP3
	RuleLife1
	RuleRes2
)

var ruleIDs = [...]combat.RuleID{
	RuleHit1: "K-HIT-1", RuleHit2: "K-HIT-2", RuleHit4: "K-HIT-4", RuleHit5: "K-HIT-5", RuleHit6: "K-HIT-6",
	RuleMod1: "K-MOD-1", RuleMod2: "K-MOD-2", RuleMod3: "K-MOD-3", RuleMod4: "K-MOD-4", RuleMod5: "K-MOD-5",
	RuleMod6: "K-MOD-6", RuleMod7: "K-MOD-7", RuleMod8: "K-MOD-8", RuleMod9: "K-MOD-9",
	RuleFlank6: "K-FLANK-6", RuleFlank9: "K-FLANK-9", RuleOA2: "K-OA-2", RuleOA3: "K-OA-3", RuleOA6: "K-OA-6",
	RulePin9: "K-PIN-9", RuleAR1: "K-AR-1", RuleWpn1: "K-WPN-1", RuleWpn2: "K-WPN-2", RuleWpn3: "K-WPN-3",
	RuleCrit3: "K-CRIT-3", RuleCrit4: "K-CRIT-4", RuleCrit5: "K-CRIT-5", RuleCrit7: "K-CRIT-7", RuleCrit8: "K-CRIT-8",
	RuleD1:     "D-1",
	RuleDodge2: "K-DODGE-2", RuleDodge3: "K-DODGE-3", RuleDodge4: "K-DODGE-4", RuleDodge5: "K-DODGE-5",
	RuleDodge8: "K-DODGE-8", RuleDodge9: "K-DODGE-9", RuleDodge12: "K-DODGE-12",
	RuleParry2: "K-PARRY-2", RuleParry3: "K-PARRY-3", RuleParry6: "K-PARRY-6", RuleParry12: "K-PARRY-12",
	RuleDmg1: "K-DMG-1", RuleDmg3: "K-DMG-3", RuleDmg4: "K-DMG-4", RuleDmg5: "K-DMG-5", RuleDmg6: "K-DMG-6",
	RuleDmg7: "K-DMG-7", RuleDmg8: "K-DMG-8", RuleFA2: "K-FA-2", RuleHP1: "K-HP-1", RuleHP2: "K-HP-2",
	RuleHP3: "K-HP-3", RuleLife1: "K-LIFE-1", RuleRes2: "K-RES-2",
}

// ID returns the rule's ID, "" for none.
func (r Rule) ID() combat.RuleID {
	if int(r) >= len(ruleIDs) {
		return ""
	}
	return ruleIDs[r]
}

// MarshalText encodes the rule as its ID.
func (r Rule) MarshalText() ([]byte, error) { return []byte(r.ID()), nil }

// UnmarshalText decodes an ID written by MarshalText.
func (r *Rule) UnmarshalText(b []byte) error {
	for i, id := range ruleIDs {
		if string(id) == string(b) {
			*r = Rule(i)
			return nil
		}
	}
	return combat.Invalid("", "rule", "unknown rule %q", b)
}

// Quantity is what a modifier or a computed step applies to.
type Quantity uint8

// The quantities of an attack's trace.
const (
	NoQuantity     Quantity = iota // the step names its quantity by its key
	ToHit                          // the attacker's to-hit (K-MOD-1)
	ArmourRating                   // the defender's AR (K-AR-1)
	CritSteps                      // steps toward a critical (K-CRIT-3)
	DodgeQuantity                  // the dodge chance (K-DODGE-2)
	DamageQuantity                 // the damage (K-DMG-1)
)

var quantityNames = [...]string{"", "to-hit", "ar", "crit-steps", "dodge", "damage"}

// String returns the quantity's stable name, "" for NoQuantity.
func (q Quantity) String() string { return keyOf(quantityNames[:], int(q)) }

// MarshalText encodes the quantity as its name.
func (q Quantity) MarshalText() ([]byte, error) { return []byte(q.String()), nil }

// UnmarshalText decodes a name written by MarshalText.
func (q *Quantity) UnmarshalText(b []byte) error {
	return parseKey(quantityNames[:], b, (*uint8)(q), "qty")
}

// Step is one step of an attack's trace in the ruleset's own terms: a
// small value without strings, so that a trace is one flat allocation.
// Shared gives it in the words every ruleset shares (combat.Step), and
// Trace.AppendTo a whole trace; its JSON is the same.
type Step struct {
	Rule     Rule            `json:"rule"`
	Kind     combat.StepKind `json:"kind"`
	Key      Key             `json:"key"`
	Quantity Quantity        `json:"qty,omitempty"`
	Sides    uint16          `json:"sides,omitempty"` // at most dice.MaxSides
	Face     uint16          `json:"face,omitempty"`
	Value    int             `json:"value"`
}

// Shared returns the step as a combat.Step.
func (s Step) Shared() combat.Step {
	return combat.Step{Rule: s.Rule.ID(), Kind: s.Kind, Key: s.Key.String(), Quantity: s.Quantity.String(),
		Sides: int(s.Sides), Face: int(s.Face), Value: s.Value}
}

// String renders the step as combat.Step does, for test failures and logs.
func (s Step) String() string { return s.Shared().String() }

// Trace is the ordered list of steps of one attack (K-RES-2).
type Trace []Step

// AppendTo appends the trace's steps to out as combat.Steps.
func (t Trace) AppendTo(out combat.Trace) combat.Trace {
	for _, s := range t {
		out = append(out, s.Shared())
	}
	return out
}

// Find returns the first step with key k.
func (t Trace) Find(k Key) (Step, bool) {
	for _, s := range t {
		if s.Key == k {
			return s, true
		}
	}
	return Step{}, false
}
