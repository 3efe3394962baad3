// Package i18n holds Battlemat's message catalogues and the language rules
// the UI needs: English, Hebrew (right-to-left), Polish and Kazakh
// (Cyrillic). It is plain Go with no browser dependency, so it is tested
// natively and adds little to the wasm bundle.
//
// # Messages
//
// T looks a message up by a stable key ("bar.undo") and fills its
// placeholders. A placeholder is a name in braces, "{name}"; the values come
// as name/value pairs after the key, the way log/slog takes attributes:
//
//	i18n.T(l, "log.hit", "a", attacker, "b", defender, "n", 7)
//
// Strings are inserted as they are; integers are written with the
// language's digit grouping (Int); errors and fmt.Stringers by their text.
// A placeholder with no value stays in the output as "{name}", so a mistake
// shows on screen instead of panicking. A message missing from a catalogue
// falls back to English, and a key missing from English is returned as it is.
//
// N does the same for counted messages ("{n} creatures"): it picks the
// CLDR plural form of n for the language (Plural) and fills "{n}" with n.
//
// Keys are grouped by where the text appears: bar.* (the top bar), board.*,
// turn.* and inspector.* (the tracker and the selected creature),
// decision.*, attack.* and step.* (the attack panel and its trace), move.*
// and target.* (movement and targeting), edit.* (the editor), offer.* and
// notice.* (opening encounters, messages), log.* (the log), count.* (counted
// pieces for other messages) and key.* (engine keys no ruleset names; see
// Label). The English catalogue defines every key; Has checks one.
//
// # Right-to-left text
//
// Hebrew pages set dir="rtl" on the page chrome (Dir) but never on the
// battlemap, whose directions are those of the physical mat. Text that may
// run in the other direction from its surroundings — creature names, dice
// expressions, rule IDs, "THAC10 16" — must be isolated so that it neither
// reorders its neighbours nor is reordered by them:
//
//   - in HTML text, put it in its own <bdi> element: Parts splits a message
//     into literal text and placeholder values so each value can get one;
//   - where no element can go (attribute values such as aria-label and
//     title, SVG <title>, the text of <option>, the clipboard), wrap it with
//     Isolate, which uses the Unicode isolate marks FSI … PDI.
//
// # Ruleset terms
//
// Term, Label and Explain name a trace or odds key the way the ruleset
// itself does, in the ruleset's own language (Kaldaria in Hebrew, Kryształy
// Czasu in Polish, DAIRN in Kazakh), with an English label and an
// explanation in every language of the UI. Each ruleset declares them in its
// own package (combat.Glossarist); the caller passes the ruleset's
// combat.Glossary, so this package imports no ruleset.
//
// # Numbers and dice
//
// Dice, Int, Signed, Tenths and Percent write dice and numbers the way each
// language and ruleset does: "ק20", "k100", "12,5%", and in Hebrew a sign
// that stays in front of its number.
package i18n
