// Package dnd5e implements the D&D 5e order of combat as specified in the
// dnd5e order-of-combat spec: surprise (DND-SURP), initiative with group
// rolls, ties and roll-offs (DND-INIT), the turn's budget of movement, one
// action, a granted bonus action and one free object interaction (DND-TURN,
// DND-BONUS, DND-FREE), and one reaction until the creature's next turn with
// the opportunity attack as its trigger (DND-REACT, DND-ALG-D).
//
// The source text leaves the actions, the opportunity attack's trigger and
// the attack roll to other chapters (DND-ND-1, DND-ND-3, DND-ND-4). For those
// this package implements the spec's stated default, the SRD 5.1 reading, and
// every such function says so in its doc comment. Readied actions are not
// modelled: the spec names the Ready action only as defined elsewhere, so it
// is an ActionOther.
//
// Everything here is a pure function of its inputs and an injected
// dice.Roller. The generic round and turn loop (DND-ENG) belongs to the
// encounter engine in package combat; Ruleset plugs the 5e pieces into it.
// A combatant's profile there is the JSON of a Profile: a stat block's
// fields plus "controller":
//
//	{"id":"goblin","name":"Goblin","dexMod":2,"ac":15,"hp":7,"speed":30,
//	 "reach":5,"passivePerception":9,"stealth":6,
//	 "attacks":[{"name":"scimitar","kind":"melee","toHit":4,"damage":"d6+2","damageType":"slashing"}],
//	 "bonusActions":["disengage","hide"],"reactions":["opportunity-attack"],
//	 "controller":"dm"}
//
// Actions other than attacks go through the engine's UseAction: Actions
// lists what the acting creature may take, TakeAction gives Dash, Disengage
// and Dodge their effect, and the lasting ones are kept as Effects in
// Combatant.State, {"disengaged":true} until the turn ends and
// {"dodging":true} until the creature's next turn starts.
package dnd5e
