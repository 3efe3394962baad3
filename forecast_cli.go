//go:build !wasm

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"battlemat/rules/combat"
	"battlemat/rules/forecast"
	"battlemat/rules/rulesets"
)

// forecastUsage is the synopsis of the forecast command.
const forecastUsage = "usage: battlemat forecast [-n FIGHTS] [-seed S] [-policy NAME|SIDE=NAME,…] [-time D] FILE"

// forecastSlice is how many fights run between looks at the clock.
const forecastSlice = 50

// forecastJSON is what the forecast command prints: one JSON object.
type forecastJSON struct {
	Fights    int                     `json:"fights"`
	Seed      uint64                  `json:"seed"`
	Sides     map[string]sideJSON     `json:"sides"`
	Draw      forecast.Interval       `json:"draw"`
	Creatures map[string]creatureJSON `json:"creatures"`
	Rounds    roundsJSON              `json:"rounds"`
	Speed     float64                 `json:"fights_per_second"`
}

type sideJSON struct {
	Win float64 `json:"win"`
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
}

type creatureJSON struct {
	Down    float64 `json:"down"`
	Dead    float64 `json:"dead"`
	Escaped float64 `json:"escaped,omitempty"` // left by its side's escape aim (ENG-AIM-1)
}

type roundsJSON struct {
	Mean float64 `json:"mean"`
	P50  int     `json:"p50"`
	P90  int     `json:"p90"`
}

// runForecast is `battlemat forecast`: it reads a save file, forecasts
// the encounter as it stands at the save's cursor and prints the result
// as one JSON object on stdout. Bad flags or a missing or damaged file
// print a message on stderr and return exit status 2.
func runForecast(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("forecast", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, forecastUsage); fs.PrintDefaults() }
	n := fs.Int("n", 0, fmt.Sprintf("most fights to play (default: the save's setting, else %d; the forecast stops early once every side's interval is ±%.0f points)", forecast.DefaultFights, forecast.TargetHalfWidth*100))
	seed := fs.Uint64("seed", 0, "seed of the fights' dice (default: the save's setting, else 0)")
	policy := fs.String("policy", "", "policy of every side ("+strings.Join(forecast.Names(), ", ")+"), or SIDE=NAME pairs separated by commas")
	budget := fs.Duration("time", 0, "stop after this much time (0: no limit)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, forecastUsage)
		return 2
	}
	enc, set, err := loadForecast(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "battlemat forecast: %s: %v\n", fs.Arg(0), err)
		return 2
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if given["n"] {
		set.Fights = *n
	}
	if given["seed"] {
		set.Seed = *seed
	}
	if given["policy"] {
		if set.Policies, err = parsePolicies(*policy, enc); err != nil {
			fmt.Fprintf(stderr, "battlemat forecast: -policy: %v\n", err)
			return 2
		}
	}
	f, err := forecast.New(rulesets.Registry(), enc, set)
	if err != nil {
		fmt.Fprintf(stderr, "battlemat forecast: %v\n", err)
		return 2
	}
	start := time.Now()
	for !f.Done() && (*budget == 0 || time.Since(start) < *budget) {
		if _, err := f.Run(forecastSlice); err != nil {
			fmt.Fprintf(stderr, "battlemat forecast: %v\n", err)
			return 1
		}
	}
	out := toJSON(f.Result(), time.Since(start))
	enc2 := json.NewEncoder(stdout)
	if err := enc2.Encode(out); err != nil {
		fmt.Fprintf(stderr, "battlemat forecast: %v\n", err)
		return 1
	}
	return 0
}

// loadForecast reads a save file and returns the encounter at its cursor
// and the forecast settings it carries.
func loadForecast(path string) (combat.Encounter, forecast.Settings, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return combat.Encounter{}, forecast.Settings{}, errors.New("no such file")
		}
		return combat.Encounter{}, forecast.Settings{}, err
	}
	s, err := combat.DecodeSave(rulesets.Registry(), data)
	if err != nil {
		return combat.Encounter{}, forecast.Settings{}, fmt.Errorf("not a Battlemat save: %w", err)
	}
	set, err := forecast.DecodeSettings(s.Forecast())
	if err != nil {
		return combat.Encounter{}, forecast.Settings{}, err
	}
	return s.State(), set, nil
}

// parsePolicies reads -policy: one name for every side, or SIDE=NAME
// pairs separated by commas.
func parsePolicies(v string, enc combat.Encounter) (map[string]string, error) {
	out := map[string]string{}
	if !strings.Contains(v, "=") {
		for _, c := range enc.Combatants {
			out[c.Side] = v
		}
	} else {
		for _, pair := range strings.Split(v, ",") {
			side, name, _ := strings.Cut(pair, "=")
			out[strings.TrimSpace(side)] = strings.TrimSpace(name)
		}
	}
	return out, forecast.Settings{Policies: out}.Validate()
}

// toJSON shapes a result as the command prints it.
func toJSON(r forecast.Result, took time.Duration) forecastJSON {
	out := forecastJSON{Fights: r.Fights, Seed: r.Seed, Sides: map[string]sideJSON{}, Draw: r.Draw,
		Creatures: map[string]creatureJSON{}, Rounds: roundsJSON{Mean: r.Rounds.Mean, P50: r.Rounds.P50, P90: r.Rounds.P90}}
	for _, s := range r.Sides {
		out.Sides[s.Side] = sideJSON{Win: s.Win.P, Lo: s.Win.Lo, Hi: s.Win.Hi}
	}
	for _, c := range r.Creatures {
		out.Creatures[c.ID] = creatureJSON{Down: c.Down.P, Dead: c.Dead.P, Escaped: c.Escaped.P}
	}
	if secs := took.Seconds(); secs > 0 {
		out.Speed = math.Round(float64(r.Fights)/secs*10) / 10
	}
	return out
}
