package combat

import (
	"fmt"
	"testing"

	"battlemat/rules/grid"
)

// battle builds a session with n creatures in two lines facing each other
// on a 30×30 map and plays until the log holds logLen entries: each
// creature steps towards the middle, attacks when it can, and ends its
// turn; opportunity attacks are taken.
func battle(tb testing.TB, n, logLen int) *Session {
	tb.Helper()
	s, err := NewSession(testRegistry, NewEncounter("fake", grid.Map{W: 30, H: 30, Walls: []grid.Square{{X: 14, Y: 14}, {X: 15, Y: 14}}}, 99))
	if err != nil {
		tb.Fatal(err)
	}
	do := func(c Command) error { _, err := s.Do(c); return err }
	for i := 0; i < n; i++ {
		side, y := "red", 10
		if i%2 == 1 {
			side, y = "blue", 19
		}
		if err := do(place(fmt.Sprintf("c%02d", i), side, 2+i/2, y, profile(20+i%7, 4, i%5, 10+i%6, 6, ""))); err != nil {
			tb.Fatal(err)
		}
	}
	if err := do(RollInitiative{}); err != nil {
		tb.Fatal(err)
	}
	if err := do(Start{}); err != nil {
		tb.Fatal(err)
	}
	for len(s.Log()) < logLen {
		e := s.State()
		if e.Phase != PhaseRunning {
			tb.Fatalf("the battle ended after %d entries", len(s.Log()))
		}
		if e.Pending != nil {
			if err := do(TakeOpportunity{}); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		id := e.Current()
		c, _ := e.Combatant(id)
		var target string
		for _, o := range e.Combatants {
			if o.Side != c.Side && o.Up() && adjacent(o.Pos, c.Pos) {
				target = o.ID
			}
		}
		dy := 1
		if c.Side == "blue" {
			dy = -1
		}
		switch {
		case target != "" && c.Budget.Left("action") > 0:
			err = do(Attack{Attacker: id, Defender: target})
		case c.Budget.Left("movement") > 0 && c.Pos == c.Budget.Start:
			err = do(Move{ID: id, Path: []grid.Square{c.Pos.Add(grid.Square{Y: dy})}})
			if err != nil {
				err = do(EndTurn{})
			}
		default:
			err = do(EndTurn{})
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

func BenchmarkSaveRoundTrip(b *testing.B) {
	s := battle(b, 50, 500)
	data, err := EncodeSave(s)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		data, err := EncodeSave(s)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := DecodeSave(testRegistry, data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "save-bytes")
}

func BenchmarkLinkRoundTrip(b *testing.B) {
	s := battle(b, 50, 500)
	link, err := EncodeLink(s)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		link, err := EncodeLink(s)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := DecodeLink(testRegistry, link); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(link)), "link-bytes")
}

func BenchmarkReplay1000(b *testing.B) {
	s := battle(b, 20, 1000)
	start, log := s.Start(), s.Log()
	for b.Loop() {
		if _, err := Replay(testRegistry, start, log, len(log), 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLinkLength20 reports the share-link length of 20 creatures just
// placed and started, and after 100 more commands.
func BenchmarkLinkLength20(b *testing.B) {
	for _, logLen := range []int{22, 122} {
		b.Run(fmt.Sprintf("log-%d", logLen), func(b *testing.B) {
			s := battle(b, 20, logLen)
			var link string
			for b.Loop() {
				var err error
				if link, err = EncodeLink(s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(link)), "link-bytes")
		})
	}
}
