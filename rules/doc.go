// Package rules is the root of Battlemat's rules engine: plain, deterministic
// Go with no browser, clock or global randomness. Dice come from an injected
// dice.Roller; every resolution returns a trace of steps that cite rule IDs
// from the ruleset specifications.
//
// Subpackages:
//
//	dice     rollers (seeded PCG, scripted for tests), dice expressions, exact distributions
//	combat   the shared vocabulary (rule IDs, trace steps, modifiers) and the encounter engine
//	grid     squares, footprints, distance, neighbours, reachability, walls
//	<ruleset> one package per ruleset behind small interfaces
package rules
