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
// every such function says so in its doc comment.
//
// Everything here is a pure function of its inputs and an injected
// dice.Roller. The generic round and turn loop (DND-ENG) belongs to the
// encounter engine; this package supplies the 5e pieces it plugs in.
package dnd5e
