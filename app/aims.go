package app

import (
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// aimSides lists the sides the editor offers an aim for: each side of the
// encounter's creatures in the order they first appear, then any side that
// declares an aim without creatures on the map.
func aimSides(enc combat.Encounter) []string {
	var sides []string
	for _, c := range enc.Combatants {
		if !slices.Contains(sides, c.Side) {
			sides = append(sides, c.Side)
		}
	}
	for _, a := range enc.Aims {
		if !slices.Contains(sides, a.Side) {
			sides = append(sides, a.Side)
		}
	}
	return sides
}

// squareNames names squares for reading, in the order given.
func squareNames(ss []grid.Square) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = s.Name()
	}
	return strings.Join(names, ", ")
}

// maxTyped is the most squares a typed list may name: as many as the
// largest map holds (combat.MaxMapSide on either side), so no list the
// engine could take is cut, and a pasted flood is told, not parsed.
const maxTyped = combat.MaxMapSide * combat.MaxMapSide

// maxShown is the most characters of a bad name a notice repeats.
const maxShown = 12

// parseSquares reads the squares named in text, separated by commas,
// semicolons or spaces, in any case; a notice names the first name that is
// not a square's (its first maxShown characters), or says the list names
// more than maxTyped squares.
func parseSquares(text string) ([]grid.Square, *Notice) {
	var squares []grid.Square
	for _, name := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		if len(squares) == maxTyped {
			n := warn("aim.too-many", "max", maxTyped)
			return nil, &n
		}
		s, err := grid.ParseName(name)
		if err != nil {
			if r := []rune(name); len(r) > maxShown {
				name = string(r[:maxShown]) + "…"
			}
			n := warn("aim.bad-square", "name", name)
			return nil, &n
		}
		squares = append(squares, s)
	}
	return squares, nil
}

// renderAims is the editor's part for the sides' aims (ENG-AIM-2): for each
// side, fight to the last or escape, and for an escaping side its exits,
// marked by tapping squares while its "Mark exits" is pressed. A side the
// GM has just switched to escape has no aim in the engine until its first
// exit is marked.
func (t *Table) renderAims(enc combat.Encounter) app.UI {
	l := t.lang
	body := []app.UI{app.H3().Text(i18n.T(l, "aim.title")), app.P().Class("hint").Text(i18n.T(l, "aim.hint"))}
	for _, side := range aimSides(enc) {
		a, has := enc.AimOf(side)
		escape := has || t.exitsFor == side
		row := []app.UI{
			field(say(l, "aim.side", "side", side), app.Select().ID("aim-"+side).Attr("data-side", side).Body(
				app.Option().Value(combat.AimFight).Selected(!escape).Text(i18n.T(l, "aim.fight")),
				app.Option().Value(combat.AimEscape).Selected(escape).Text(i18n.T(l, "aim.escape")),
			).OnChange(t.chooseAim)),
		}
		if escape {
			row = append(row,
				app.Button().ID("exits-"+side).Class("toggle").Attr("data-side", side).Attr("aria-pressed", t.exitsFor == side).
					Text(i18n.T(l, "aim.mark")).OnClick(t.markExits),
				field(say(l, "aim.exits"), app.Input().ID("exits-of-"+side).Dir("ltr").Attr("data-side", side).
					Attr("placeholder", i18n.T(l, "aim.no-exits")).Value(squareNames(a.Exits)).OnChange(t.typeExits)))
		}
		body = append(body, app.Div().Class("aim").Body(row...))
	}
	return app.Div().ID("aims").Class("aims").Body(body...)
}

// chooseAim takes a side's choice from its select (the side is in
// data-side): fight clears the side's aim with a SetAim command; escape
// starts marking its exits, and the first exit marked declares the aim.
func (t *Table) chooseAim(ctx app.Context, e app.Event) {
	t.setAimChoice(ctx, data(ctx, "side"), ctx.JSSrc().Get("value").String())
}

// setAimChoice applies the choice aim (AimFight or AimEscape) for side:
// escape starts marking its exits; fight clears its aim, if it declares
// one, with a SetAim command and stops marking its exits.
func (t *Table) setAimChoice(ctx app.Context, side, aim string) {
	if aim == combat.AimEscape {
		t.exitsFor, t.walls = side, false
		return
	}
	if t.exitsFor == side {
		t.exitsFor = ""
	}
	if _, has := t.state().AimOf(side); has {
		t.do(ctx, combat.SetAim{Side: side, Aim: combat.AimFight})
	}
}

// markExits presses or releases a side's "Mark exits" (the side is in
// data-side).
func (t *Table) markExits(ctx app.Context, e app.Event) { t.markExitsOf(data(ctx, "side")) }

// markExitsOf presses or releases side's "Mark exits": while pressed, taps
// on the board toggle that side's exits, and walls are not drawn.
func (m *Model) markExitsOf(side string) {
	if m.exitsFor == side {
		m.exitsFor = ""
		return
	}
	m.exitsFor, m.walls = side, false
}

// typeExits takes a side's exits as typed into its field (the side is in
// data-side).
func (t *Table) typeExits(ctx app.Context, e app.Event) {
	t.setExitsText(ctx, data(ctx, "side"), ctx.JSSrc().Get("value").String())
}

// setExitsText sets side's exits to the squares named in text, separated
// by commas or spaces, with a SetAim command: the way to mark exits from
// the keyboard. No names make the side fight to the last; a name that is
// not a square's is told in the message bar and changes nothing.
func (t *Table) setExitsText(ctx app.Context, side, text string) {
	exits, bad := parseSquares(text)
	if bad != nil {
		t.notice = *bad
		return
	}
	if len(exits) == 0 {
		t.setAimChoice(ctx, side, combat.AimFight)
		return
	}
	t.do(ctx, combat.SetAim{Side: side, Aim: combat.AimEscape, Exits: exits})
}

// toggleExit adds or removes s among the exits of the side being marked
// with a SetAim command; the engine keeps them sorted and checks them.
// Removing the last exit makes the side fight to the last again.
func (t *Table) toggleExit(ctx app.Context, s grid.Square) {
	side := t.exitsFor
	a, _ := t.state().AimOf(side)
	exits := slices.Clone(a.Exits)
	if i := slices.Index(exits, s); i >= 0 {
		exits = slices.Delete(exits, i, i+1)
	} else {
		exits = append(exits, s)
	}
	if len(exits) == 0 {
		t.do(ctx, combat.SetAim{Side: side, Aim: combat.AimFight})
		return
	}
	t.do(ctx, combat.SetAim{Side: side, Aim: combat.AimEscape, Exits: exits})
}

// exitsEntry is the board's drawing of the exits for one revision and
// language.
type exitsEntry struct {
	lang        i18n.Lang
	path, words string
}

// exitsView is how the board draws the exits: one path for every side's
// exit squares, and the exits of each side in words, for the path's title
// and the board's description; built once per change and language.
func (m *Model) exitsView(enc combat.Encounter) (path, words string) {
	c := m.cache()
	if c.exits == nil || c.exits.lang != m.lang {
		var all []grid.Square
		var said []string
		for _, a := range enc.Aims {
			all = append(all, a.Exits...)
			said = append(said, i18n.T(m.lang, "board.exits", "side", a.Side, "squares", squareNames(a.Exits)))
		}
		c.exits = &exitsEntry{lang: m.lang, path: squaresPath(all), words: strings.Join(said, " ")}
	}
	return c.exits.path, c.exits.words
}
