// Package krysztaly implements the combat rules of Kryształy Czasu
// (krysztaly-czasu.md): weapon proficiency and its multiplier bands,
// specialisation tiers and the extra attacks they grant, ambidexterity and
// shield-bearer training, the hit chance TR, the defence OBR, the d100 roll
// against the real hit chance RTR, the situational modifiers, damage and the
// armour's absorption WYP, together with the exact odds of an attack.
//
// Everything is integer arithmetic; each fraction is floored where it first
// appears (KC-GEN-1), through helpers named after the rule that needs them.
// Resolve and Odds are pure: they read their inputs, never change them, and
// take all randomness from an injected dice.Roller.
//
// Trace keys are language-neutral identifiers; Ruleset.Glossary gives each the
// Polish term Kryształy Czasu players know, so the UI can show both.
package krysztaly
