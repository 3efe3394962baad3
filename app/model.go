package app

import (
	"errors"
	"fmt"
	"strings"

	"battlemat/app/i18n"
	"battlemat/rules/combat"
	"battlemat/rules/grid"
	"battlemat/rules/rulesets"
)

// Model is what the table shows, as plain data: the session (the encounter
// and its command log), what the user points at, and the table's settings.
// It knows nothing of the page: the view-model builders (views.go) turn it
// into the values the components draw, and the Table's handlers change it.
type Model struct {
	reg  *combat.Registry
	sess *combat.Session
	rev  int  // counts changes of the session: the memo is kept per revision
	memo memo // what the builders derived from this revision

	// The selection.
	selected string       // the combatant the user is looking at
	target   string       // the combatant the selected one would attack
	hover    *grid.Square // the square under the pointer while planning a move
	dragging bool
	moves    int    // counts the squares a drag has crossed, to tell when the pointer rests
	option   int    // index into the attacker's attack options
	focused  string // the token that has (or last had) the keyboard focus

	// The table's settings.
	lang       i18n.Lang // the language of the UI
	safest     bool      // plan moves along the safest path
	threats    bool      // show the squares enemies threaten
	editing    bool      // the setup panel is open
	walls      bool      // taps on the board toggle walls
	exitsFor   string    // taps on the board toggle this side's exits (ENG-AIM-2); "" when none
	newRuleset string    // the ruleset of the next blank encounter
	logFilter  string    // which events the log shows: "" for all
	side       panelTabs // the side panel's tabs
	zoom       int       // board zoom: 0 fits the window, else quarter-scale steps

	// What the user typed, ticked or was told.
	notice     Notice // the message bar
	dice       string // physical dice typed by the user, space separated
	last       []combat.Event
	draft      draft             // the combatant editor's form
	surprised  map[string]bool   // creatures marked surprised before the start (ENG-SURP-2)
	marks      int               // counts changes of surprised, which the tracker shows
	picks      map[string]string // the round panel's choices for acts that take a number, by form and field
	blast      map[string]bool   // the targets ticked for a blast, by attacker and target
	fcPolicies map[string]string // the tactics chosen per side for the forecast
}

// memo is everything derived from one revision of the session: the
// encounter, the engine's answers and the panels' view-models. Each entry
// that also depends on the selection or the settings keeps the key it was
// built for; a new revision drops the memo whole.
type memo struct {
	rev       int
	enc       *combat.Encounter
	walls     *string
	exits     *exitsEntry
	standing  map[string]combat.Standing // nil until asked
	blastable *[]string
	reach     *reachEntry
	plan      *struct {
		key  planKey
		plan movePlan
	}
	odds  *oddsEntry
	views *panelViews
}

// cache returns the memo of the current revision, emptied when the
// session changed since it was filled.
func (m *Model) cache() *memo {
	if m.memo.rev != m.rev {
		m.memo = memo{rev: m.rev}
	}
	return &m.memo
}

// panelViews are the tracker's and log's view-models, built once per
// revision, log filter, language and surprise marks.
type panelViews struct {
	filter  string
	lang    i18n.Lang
	marks   int
	tracker TrackerView
	log     LogView
}

// views returns the tracker's and log's view-models, built once per change:
// pointer moves re-render the page without rebuilding them.
func (m *Model) views(enc combat.Encounter) *panelViews {
	c := m.cache()
	if p := c.views; p != nil && p.filter == m.logFilter && p.lang == m.lang && p.marks == m.marks {
		return p
	}
	c.views = &panelViews{filter: m.logFilter, lang: m.lang, marks: m.marks, tracker: m.trackerView(enc), log: m.logView(enc)}
	return c.views
}

// state returns the current encounter (a copy made once per change).
func (m *Model) state() combat.Encounter {
	c := m.cache()
	if c.enc == nil {
		enc := m.sess.State()
		c.enc = &enc
	}
	return *c.enc
}

// changed drops what was derived from the previous state.
func (m *Model) changed() { m.rev++ }

// zoomBy zooms the board in or out by one step; zooming out of the
// smallest step fits the board to the window again.
func (m *Model) zoomBy(step int) {
	switch {
	case m.zoom == 0 && step > 0:
		m.zoom = 4
	case m.zoom > 0:
		m.zoom = min(16, m.zoom+step)
	}
}

// toggleSurprise marks or unmarks creature id surprised before the start.
func (m *Model) toggleSurprise(id string) {
	if m.surprised == nil {
		m.surprised = map[string]bool{}
	}
	m.surprised[id] = !m.surprised[id]
	m.marks++
}

// markSurprised takes the surprise marks from the encounter (after the
// engine rolled surprise).
func (m *Model) markSurprised(enc combat.Encounter) {
	m.surprised = map[string]bool{}
	for _, c := range enc.Combatants {
		m.surprised[c.ID] = c.Surprised
	}
	m.marks++
}

// startCommand starts the encounter with the creatures marked surprised,
// in the encounter's order, so the command is deterministic.
func (m *Model) startCommand() combat.Start {
	var ids []string
	for _, c := range m.state().Combatants {
		if m.surprised[c.ID] {
			ids = append(ids, c.ID)
		}
	}
	return combat.Start{Surprised: ids}
}

// Notice is a message for the user, kept as its catalogue key and values
// so that it follows a change of language; Error ones are shown in red.
type Notice struct {
	Key   string
	Args  []any // name/value pairs for the placeholders
	Count int   // the count of a counted message
	Error bool
	Acts  []string // buttons offered with it (see renderAct)
}

// In writes the notice in l as plain text, for another message's value.
func (n Notice) In(l i18n.Lang) string { return i18n.T(l, n.Key, n.Args...) }

// inform is a notice; warn is an error notice.
func inform(key string, args ...any) Notice { return Notice{Key: key, Args: args} }
func warn(key string, args ...any) Notice   { return Notice{Key: key, Args: args, Error: true} }

// sample builds a fresh session of the sample id.
func (m *Model) sample(id string) (*combat.Session, rulesets.Sample, error) {
	s, ok := rulesets.Find(id)
	if !ok {
		return nil, s, fmt.Errorf("no sample %q", id)
	}
	sess, err := s.Session(m.reg)
	return sess, s, err
}

// use makes sess the open session and clears what pointed into the old one.
func (m *Model) use(sess *combat.Session) {
	m.sess = sess
	m.changed()
	m.selected, m.target, m.hover, m.dragging, m.option, m.last = "", "", nil, false, 0, nil
	m.surprised, m.fcPolicies = nil, savedPolicies(sess)
	m.side.logSeen = sess.Cursor() // an opened encounter's past is no news
	if cur := m.state().Current(); cur != "" {
		m.selected = cur
	}
}

// apply gives a command to the session, with the typed physical dice if
// any. Errors become a notice and change nothing; it reports whether the
// command was applied.
func (m *Model) apply(cmd combat.Command) bool {
	faces, bad := parseFaces(m.dice)
	if bad != "" {
		m.notice = warn("attack.dice.bad", "face", bad)
		return false
	}
	var events []combat.Event
	var err error
	if len(faces) > 0 {
		events, err = m.sess.DoWithDice(cmd, faces...)
	} else {
		events, err = m.sess.Do(cmd)
	}
	if err != nil {
		m.notice = m.explainError(err)
		return false
	}
	m.dice = ""
	m.changed()
	m.last = events
	m.notice = Notice{}
	if cur := m.state().Current(); cur != "" && (m.selected == "" || cmd.Kind() == "endTurn" || cmd.Kind() == "start") {
		m.selected = cur
	}
	return true
}

// stepBack undoes (back) or redoes one command, reporting whether there
// was one. The notice described the state being left, so it goes with it.
func (m *Model) stepBack(back bool) bool {
	moved := m.sess.Redo
	if back {
		moved = m.sess.Undo
	}
	if !moved() {
		return false
	}
	m.changed()
	m.last, m.notice = nil, Notice{}
	return true
}

// explainError turns an engine error into a notice with its rule ID. A
// refusal the engine names by a key (combat.RuleError.Key) is said in the
// catalogue's words, its creatures by their names and its reason in the
// ruleset's terms; any other error is shown by its English text, the
// creatures it names by ID named as the table knows them.
func (m *Model) explainError(err error) Notice {
	var re *combat.RuleError
	if errors.As(err, &re) {
		var msg any = namesFor(m.state(), re.Msg)
		if re.Key != "" && i18n.Has("refused."+re.Key) {
			msg = m.refusal(re)
		}
		if re.Rule != "" {
			return warn("notice.not-allowed", "msg", msg, "rule", string(re.Rule))
		}
		return warn("notice.not-allowed.bare", "msg", msg)
	}
	return warn("notice.not-allowed.bare", "msg", namesFor(m.state(), err.Error()))
}

// refusal is the message of a refusal the engine names by its key: its
// arguments with each creature by name, a reason ("why", a movement
// "mode") as the ruleset's term, and the field it refuses ("hp") in the
// ruleset's terms where it has one.
func (m *Model) refusal(re *combat.RuleError) Notice {
	enc := m.state()
	args := make([]any, 0, len(re.Args)+2)
	for i := 0; i+1 < len(re.Args); i += 2 {
		name, v := re.Args[i], re.Args[i+1]
		if s, ok := v.(string); ok {
			switch name {
			case "name", "target", "current", "by":
				if c, ok := enc.Combatant(s); ok {
					v = c.Name
				}
			case "why", "mode":
				v = term{enc.Ruleset, s}
			case "counter":
				v = counterName{enc.Ruleset, s}
			}
		}
		args = append(args, name, v)
	}
	return Notice{Key: "refused." + re.Key, Args: append(args, "field", term{enc.Ruleset, re.Field})}
}

// refusalArg returns the string argument name of a refusal.
func refusalArg(re *combat.RuleError, name string) (string, bool) {
	for i := 0; i+1 < len(re.Args); i += 2 {
		if re.Args[i] == name {
			s, ok := re.Args[i+1].(string)
			return s, ok
		}
	}
	return "", false
}

// term is a key of a ruleset's glossary as a message's value: the
// ruleset's term for it in the reader's language.
type term struct{ ruleset, key string }

// In writes the term for a reader of l.
func (k term) In(l i18n.Lang) string { return i18n.Label(l, glossary(k.ruleset), k.key) }

// namesFor replaces every combatant ID in msg (a whole run of letters,
// digits, '-' and '_', quoted or not) with the combatant's name.
func namesFor(enc combat.Encounter, msg string) string {
	var b strings.Builder
	idChar := func(r byte) bool {
		return r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	for i := 0; i < len(msg); {
		j := i
		for j < len(msg) && idChar(msg[j]) {
			j++
		}
		if j == i {
			b.WriteByte(msg[i])
			i++
			continue
		}
		if c, ok := enc.Combatant(msg[i:j]); ok {
			b.WriteString(c.Name)
		} else {
			b.WriteString(msg[i:j])
		}
		i = j
	}
	return b.String()
}

// canMove reports whether the selected creature is the one acting, so its
// moves can be planned.
func (m *Model) canMove(enc combat.Encounter) bool {
	return m.selected != "" && enc.Phase == combat.PhaseRunning && enc.Current() == m.selected && enc.Pending == nil
}

// up asks the ruleset whether a creature can still act (CA-DMG-6: a DAIRN
// character at 0 HP still does).
func (m *Model) up(enc combat.Encounter, id string) bool {
	ok, err := combat.IsUp(m.sess.Ruleset(), enc, id)
	return ok && err == nil
}

// reactionUsed reports whether c has spent the counter the ruleset spends
// on opportunity attacks (its reaction) while surprise does not hold it.
func (m *Model) reactionUsed(enc combat.Encounter, c combat.Combatant) bool {
	rs := m.sess.Ruleset()
	k, ok := combat.CounterFor(rs, combat.UseOpportunity)
	return ok && enc.Phase == combat.PhaseRunning && c.Budget.Left(k.Key) < 1 && !combat.HeldBySurprise(rs, enc, c)
}

// nameOf is a combatant's name, or its ID when it has left.
func (m *Model) nameOf(enc combat.Encounter, id string) string {
	if c, ok := enc.Combatant(id); ok {
		return c.Name
	}
	return id
}

// distance writes a movement amount of the open ruleset (a speed, what is
// left of a turn's move) in the ruleset's own unit: a length where its
// squares have one ("10 m", "30 ft"), else squares. Speed and movement are
// always written the same way, so they compare at a glance.
func (m *Model) distance(movement int) string {
	return scaleWords(m.lang, combat.ScaleOf(m.sess.Ruleset()), movement)
}
