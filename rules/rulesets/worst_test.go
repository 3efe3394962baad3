package rulesets

import (
	"bytes"
	"cmp"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"battlemat/rules/combat"
	"battlemat/rules/grid"
)

// crowd returns a session on a side×side map holding n creatures made from
// the stat blocks of sample sampleID, spread evenly over the map, on the
// sample's sides, in setup.
func crowd(tb testing.TB, sampleID string, n, side int) *combat.Session {
	tb.Helper()
	smp, ok := Find(sampleID)
	if !ok {
		tb.Fatalf("no sample %s", sampleID)
	}
	base, err := smp.Build(3)
	if err != nil {
		tb.Fatal(err)
	}
	reg := Registry()
	rs, err := reg.Lookup(base.Ruleset)
	if err != nil {
		tb.Fatal(err)
	}
	enc := combat.NewEncounter(base.Ruleset, grid.Map{W: side, H: side}, 3)
	per := int(math.Ceil(math.Sqrt(float64(n))))
	gap := side / per
	for i := range n {
		from := base.Combatants[i%len(base.Combatants)]
		st, err := rs.(combat.Profiler).Profile(from.Profile)
		if err != nil {
			tb.Fatal(err)
		}
		enc.Combatants = append(enc.Combatants, combat.Combatant{
			ID: fmt.Sprintf("c%03d", i), Name: from.Name, Side: from.Side,
			Pos: grid.Square{X: i % per * gap, Y: i / per * gap}, Profile: from.Profile, Stats: st, HP: st.MaxHP})
	}
	s, err := combat.NewSession(reg, enc)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// playMoves fills s's log up to entries with the costliest moves its
// creatures can make: after rolling initiative and starting, the acting
// creature walks the farthest path its movement allows, takes the move
// back (ResetMove) and walks again; a creature that cannot move ends its
// turn. The farthest path comes from the engine's reach search.
func playMoves(tb testing.TB, s *combat.Session, entries int) {
	tb.Helper()
	play(tb, s, entries, farthestReach)
}

// playPlanned is playMoves with the farthest path from the ruleset's
// planner: the square of its walk band farthest from the creature, and the
// path the planner takes there. The engine's reach search asks the ruleset
// about every step from every square in range, which for Kaldaria's 200
// creatures on a 200 × 200 map made a 10,000-entry log take the better part
// of an hour to play; the planner answers with one search.
func playPlanned(tb testing.TB, s *combat.Session, entries int) {
	tb.Helper()
	play(tb, s, entries, farthestPlanned)
}

// farthestReach returns the longest path the engine's reach search finds
// for combatant c (ties by the destination's grid order).
func farthestReach(tb testing.TB, s *combat.Session, enc combat.Encounter, c combat.Combatant) []grid.Square {
	reach, err := combat.Reachable(s.Ruleset(), enc, c.ID)
	if err != nil {
		tb.Fatal(err)
	}
	var far []grid.Square
	for sq := range reach.Cost {
		if p := reach.Path(sq); len(p) > len(far) || len(p) == len(far) && len(p) > 0 && grid.Compare(sq, far[len(far)-1]) < 0 {
			far = p
		}
	}
	return far
}

// farthestPlanned returns the planner's path to the square of combatant
// c's first band (a walk) farthest from it (ties by grid order).
func farthestPlanned(tb testing.TB, s *combat.Session, enc combat.Encounter, c combat.Combatant) []grid.Square {
	pl, ok := s.Ruleset().(combat.Planner)
	if !ok {
		tb.Fatalf("%s has no planner", s.Ruleset().ID())
	}
	bands, err := pl.Bands(enc, c.ID)
	if err != nil {
		tb.Fatal(err)
	}
	if len(bands) == 0 {
		return nil
	}
	squares := slices.Clone(bands[0].Squares)
	dist := func(sq grid.Square) int { return max(sq.X-c.Pos.X, c.Pos.X-sq.X, sq.Y-c.Pos.Y, c.Pos.Y-sq.Y) }
	slices.SortFunc(squares, func(a, b grid.Square) int {
		return cmp.Or(dist(b)-dist(a), grid.Compare(a, b))
	})
	for _, sq := range squares {
		if plan, err := pl.PlanMove(enc, c.ID, sq, false); err == nil && len(plan.Path) > 0 {
			return plan.Path
		}
	}
	return nil
}

// play is playMoves with the farthest path of a combatant from farthest.
func play(tb testing.TB, s *combat.Session, entries int, farthest func(testing.TB, *combat.Session, combat.Encounter, combat.Combatant) []grid.Square) {
	tb.Helper()
	if s.State().Phase == combat.PhaseSetup {
		for _, c := range []combat.Command{combat.RollInitiative{}, combat.Start{}} {
			if _, err := s.Do(c); err != nil {
				tb.Fatal(err)
			}
		}
	}
	paths := map[string][]grid.Square{} // the farthest path of a creature from where its turn began
	for len(s.Log()) < entries {
		enc := s.State()
		if enc.Pending != nil {
			if _, err := s.Do(combat.DeclineOpportunity{}); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		id := enc.Current()
		if len(s.Log())%2 == 0 {
			if _, err := s.Do(combat.ResetMove{ID: id}); err == nil {
				continue
			}
		}
		c, _ := enc.Combatant(id)
		key := fmt.Sprint(id, c.Pos, enc.Round)
		far, seen := paths[key]
		if !seen {
			far = farthest(tb, s, enc, c)
			paths[key] = far
		}
		moved := false
		for ; len(far) > 0 && !moved; far = far[:len(far)-1] {
			_, err := s.Do(combat.Move{ID: id, Path: far})
			moved = err == nil
		}
		if moved {
			paths[key] = paths[key][:len(far)+1]
			continue
		}
		if _, err := s.Do(combat.EndTurn{}); err != nil {
			tb.Fatal(err)
		}
	}
}

// playInitiative fills s's log up to entries in setup: initiative rolled
// for every creature (with roll-offs among the ties), then set by hand with
// every slot carrying the most roll-off faces a slot may keep, in turn.
func playInitiative(tb testing.TB, s *combat.Session, entries int) {
	tb.Helper()
	for len(s.Log()) < entries {
		if len(s.Log())%2 == 0 {
			if _, err := s.Do(combat.RollInitiative{}); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		var order []combat.Slot
		for _, c := range s.State().Combatants {
			order = append(order, combat.Slot{Members: []string{c.ID}, Tiebreak: []int{20, 20, 20, 20, 20, 20, 20, 20}})
		}
		if _, err := s.Do(combat.SetOrder{Order: order}); err != nil {
			tb.Fatal(err)
		}
	}
}

// worst is one deliberately costly input: a sample's stat blocks on the
// largest map with the most creatures the limits allow, and a log as long
// as they allow, of the costliest commands.
type worst struct {
	name   string
	sample string
	play   func(testing.TB, *combat.Session, int)
	// long, when set, plays logs longer than a link holds instead of
	// play, which would take too long over them.
	long func(testing.TB, *combat.Session, int)
}

var worstCases = []worst{
	{"kaldaria-moves", "kal-urchins", playMoves, playPlanned},
	{"dnd5e-moves", "dnd5e-goblin-ambush", playMoves, nil},
	{"dairn-moves", "dairn-bandits", playMoves, nil},
	{"krysztaly-moves", "kc-orc", playMoves, nil},
	{"initiative", "dnd5e-goblin-ambush", playInitiative, nil},
}

// worstDocs keeps the documents worstDoc built, by case and limits, so
// that a benchmark run with -count or growing b.N builds each once.
var worstDocs sync.Map

// worstDoc builds the case within lim and returns the longest prefix of
// its log that the matching encoder still writes (a link's inflated size
// bounds it before its entry count does).
func worstDoc(tb testing.TB, w worst, lim combat.Limits, encode func(*combat.Session) (string, error)) string {
	tb.Helper()
	key := fmt.Sprint(w.name, lim)
	if doc, ok := worstDocs.Load(key); ok {
		return doc.(string)
	}
	doc := buildWorst(tb, w, lim, encode)
	worstDocs.Store(key, doc)
	return doc
}

// buildWorst builds worstDoc's document.
func buildWorst(tb testing.TB, w worst, lim combat.Limits, encode func(*combat.Session) (string, error)) string {
	tb.Helper()
	s := crowd(tb, w.sample, lim.Combatants, lim.MapSide)
	if w.long != nil && lim.Log > combat.LinkLimits.Log {
		w.long(tb, s, lim.Log)
	} else {
		w.play(tb, s, lim.Log)
	}
	for n := len(s.Log()); n > 0; n -= 50 {
		cut, err := combat.Replay(Registry(), s.Start(), s.Log()[:n], n, 0)
		if err != nil {
			tb.Fatal(err)
		}
		if doc, err := encode(cut); err == nil {
			return doc
		}
	}
	tb.Fatal("no prefix encodes")
	return ""
}

// heapUse runs open and returns the most heap it held while running
// (sampled every 100 µs) and what its result still holds afterwards, both
// over what was held before.
func heapUse(open func() any) (peak, live uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	runtime.GC()
	before := read()
	var high atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(100 * time.Microsecond)
		defer t.Stop()
		for {
			if v := read(); v > high.Load() {
				high.Store(v)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	result := open()
	close(stop)
	wg.Wait()
	peak = max(high.Load(), read())
	runtime.GC()
	live = read()
	runtime.KeepAlive(result)
	return peak - min(before, peak), live - min(before, live)
}

// openWorst benchmarks opening the worst cases with decode, reporting the
// heap it held at most (peak-MB) and kept (live-MB) besides time and
// allocations.
func openWorst(b *testing.B, lim combat.Limits, encode func(*combat.Session) (string, error), decode func(*combat.Registry, string) (*combat.Session, error)) {
	for _, w := range worstCases {
		b.Run(w.name, func(b *testing.B) {
			doc := worstDoc(b, w, lim, encode)
			reg := Registry()
			b.ReportAllocs()
			b.ResetTimer()
			var peak, live uint64
			for range b.N {
				p, l := heapUse(func() any {
					s, err := decode(reg, doc)
					if err != nil {
						b.Fatal(err)
					}
					return s
				})
				peak, live = max(peak, p), max(live, l)
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
			b.ReportMetric(float64(live)/(1<<20), "live-MB")
			b.ReportMetric(float64(len(doc))/1024, "input-KB")
		})
	}
}

// BenchmarkOpenWorstLink opens the costliest share links the decoder
// accepts (LinkLimits: 100 creatures, a 100×100 map, 2,000 entries or
// 1 MiB of document). Budget: 32 MB of heap and 200 ms natively.
func BenchmarkOpenWorstLink(b *testing.B) {
	openWorst(b, combat.LinkLimits, combat.EncodeLink, combat.DecodeLink)
}

// BenchmarkOpenWorstSave opens the costliest saves the decoder accepts
// (SaveLimits: 200 creatures, a 200×200 map, 10,000 entries; Kaldaria's
// log played with its planner, playPlanned). Budget: 256 MB of heap and
// 2 s natively.
func BenchmarkOpenWorstSave(b *testing.B) {
	openWorst(b, combat.SaveLimits,
		func(s *combat.Session) (string, error) { d, err := combat.EncodeSave(s); return string(d), err },
		func(reg *combat.Registry, doc string) (*combat.Session, error) {
			return combat.DecodeSave(reg, []byte(doc))
		})
}

// FuzzOpenLink opens share links with every shipped ruleset, seeded with
// each sample's link: whatever the input, opening it never panics, a
// refused link costs a small multiple of what it inflates to, and an
// accepted one stays within the link budget and encodes back to a link
// that opens to the same state.
func FuzzOpenLink(f *testing.F) {
	reg := Registry()
	for _, s := range Samples() {
		sess, err := s.Session(reg)
		if err != nil {
			f.Fatal(err)
		}
		playMoves(f, sess, 12)
		link, err := combat.EncodeLink(sess)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(link)
	}
	old, _ := filepath.Glob(filepath.Join("testdata", "v[68]", "*.link.txt"))
	for _, name := range old {
		link, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(strings.TrimSpace(string(link)))
	}
	f.Fuzz(func(t *testing.T, link string) {
		allocs := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
		metrics.Read(allocs)
		before := allocs[0].Value.Uint64()
		s, err := combat.DecodeLink(reg, link)
		metrics.Read(allocs)
		cost := allocs[0].Value.Uint64() - before
		if err != nil {
			if budget := 16*uint64(len(link)+combat.LinkLimits.Inflated) + 1<<20; cost > budget {
				t.Fatalf("refusing a %d-byte link allocated %d bytes, over %d: %v", len(link), cost, budget, err)
			}
			return
		}
		if cost > 32<<20 {
			t.Fatalf("opening a %d-byte link allocated %d bytes", len(link), cost)
		}
		again, err := combat.EncodeLink(s)
		if err != nil {
			t.Fatalf("an opened link does not encode: %v", err)
		}
		back, err := combat.DecodeLink(reg, again)
		if err != nil {
			t.Fatalf("a re-encoded link does not open: %v", err)
		}
		if !reflect.DeepEqual(back.State(), s.State()) {
			t.Fatal("a re-encoded link opens to a different state")
		}
	})
}

// TestWorstLinkFiles keeps two links for the browser tests in testdata:
// the costliest 5e link the decoder accepts (100 creatures, 2,000 entries
// of the farthest moves) and the tie-break link of issue 11 item 2, which
// it must refuse. -update rebuilds them.
func TestWorstLinkFiles(t *testing.T) {
	worstName := filepath.Join("testdata", "worst.link.txt")
	bombName := filepath.Join("testdata", "tiebreak-bomb.link.txt")
	if *update {
		link := worstDoc(t, worstCases[1], combat.LinkLimits, combat.EncodeLink)
		if err := os.WriteFile(worstName, []byte(link+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bombName, []byte(tiebreakBomb(200000, 2000)+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg := Registry()
	worst, err := os.ReadFile(worstName)
	if err != nil {
		t.Fatal(err)
	}
	s, err := combat.DecodeLink(reg, strings.TrimSpace(string(worst)))
	if err != nil {
		t.Fatalf("the worst link does not open: %v", err)
	}
	if n := len(s.State().Combatants); n != combat.LinkLimits.Combatants || len(s.Log()) < combat.LinkLimits.Log/2 {
		t.Errorf("the worst link holds %d creatures and %d entries", n, len(s.Log()))
	}
	bomb, err := os.ReadFile(bombName)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := combat.DecodeLink(reg, strings.TrimSpace(string(bomb))); err == nil {
		t.Error("the tie-break link opens")
	}
}

// tiebreakBomb is the share link of issue 11 item 2, as version 1 wrote
// links: two 5e creatures, an initiative order whose two roll-off lists
// hold ties faces each, then cheap entries up to entries, each of which
// used to copy the whole order.
func tiebreakBomb(ties, entries int) string {
	enc := combat.NewEncounter("dnd5e", grid.Map{W: 10, H: 10}, 1)
	for i, id := range []string{"a", "b"} {
		enc.Combatants = append(enc.Combatants, combat.Combatant{ID: id, Name: id, Side: id, Pos: grid.Square{X: i}, Stats: combat.Stats{MaxHP: 10, Speed: 30}, HP: 10})
	}
	faces := make([]int, ties)
	for i := range faces {
		faces[i] = 1
	}
	log := []combat.Entry{{Command: combat.SetOrder{Order: []combat.Slot{{Members: []string{"a"}, Tiebreak: faces}, {Members: []string{"b"}, Tiebreak: faces}}}}}
	for len(log) < entries {
		log = append(log, combat.Entry{Command: combat.SetHP{ID: "a", HP: 5}})
	}
	doc, err := json.Marshal(combat.Save{Format: combat.SaveFormat, Version: 1, Start: enc, Log: log, Cursor: len(log)})
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(doc)
	w.Close()
	return combat.LinkPrefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}
