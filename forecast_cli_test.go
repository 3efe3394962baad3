//go:build !wasm

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildBattlemat builds the real server binary for the command tests.
func buildBattlemat(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "battlemat")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runBattlemat runs the binary and returns stdout, stderr and exit status.
func runBattlemat(t *testing.T, bin string, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return stdout.String(), stderr.String(), 0
	case errors.As(err, &exit):
		return stdout.String(), stderr.String(), exit.ExitCode()
	}
	t.Fatal(err)
	return "", "", 0
}

func TestForecastCommand(t *testing.T) {
	bin := buildBattlemat(t)
	args := []string{"forecast", "-n", "300", "-seed", "9", "-policy", "cautious", "assets/samples/kc-orc.battlemat.json"}
	out, errOut, code := runBattlemat(t, bin, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got forecastJSON
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("not one forecast object: %v\n%s", err, out)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value:\n%s", out)
	}
	if got.Fights != 300 || got.Seed != 9 || got.Speed <= 0 {
		t.Errorf("fights %d seed %d speed %v", got.Fights, got.Seed, got.Speed)
	}
	sum := got.Draw.P
	for side, s := range got.Sides {
		if !(0 <= s.Lo && s.Lo <= s.Win && s.Win <= s.Hi && s.Hi <= 1) {
			t.Errorf("side %s: %+v is not an interval around its estimate", side, s)
		}
		sum += s.Win
	}
	if len(got.Sides) != 2 || math.Abs(sum-1) > 1e-9 {
		t.Errorf("sides %v and draw %v do not add up to 1", got.Sides, got.Draw)
	}
	for _, id := range []string{"orc", "warrior"} {
		c, ok := got.Creatures[id]
		if !ok || c.Down < 0 || c.Down > 1 || c.Dead > c.Down {
			t.Errorf("creature %s: %+v", id, c)
		}
	}
	if got.Rounds.Mean < 1 || got.Rounds.P50 < 1 || got.Rounds.P90 < got.Rounds.P50 {
		t.Errorf("rounds %+v", got.Rounds)
	}
	again, _, _ := runBattlemat(t, bin, args...)
	var second forecastJSON
	if err := json.Unmarshal([]byte(again), &second); err != nil {
		t.Fatal(err)
	}
	second.Speed = got.Speed
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(second)
	if !bytes.Equal(a, b) {
		t.Errorf("the same command gave two forecasts:\n%s\n%s", a, b)
	}
}

func TestForecastCommandRefuses(t *testing.T) {
	bin := buildBattlemat(t)
	dir := t.TempDir()
	good, err := os.ReadFile("assets/samples/kc-orc.battlemat.json")
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, "damaged.battlemat.json")
	if err := os.WriteFile(damaged, good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		args []string
		want string
	}{
		"missing file":   {[]string{"forecast", filepath.Join(dir, "nothing.json")}, "no such file"},
		"damaged file":   {[]string{"forecast", damaged}, "not a Battlemat save"},
		"no file":        {[]string{"forecast"}, "usage"},
		"unknown policy": {[]string{"forecast", "-policy", "reckless", "assets/samples/kc-orc.battlemat.json"}, "no policy"},
		"bad count":      {[]string{"forecast", "-n", "-5", "assets/samples/kc-orc.battlemat.json"}, "fights"},
	} {
		out, errOut, code := runBattlemat(t, bin, tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q on stderr", name, code, out, errOut, tc.want)
		}
	}
}

// TestForecastCommandReadsSettings: without flags, the command plays with
// the forecast settings the save carries.
func TestForecastCommandReadsSettings(t *testing.T) {
	bin := buildBattlemat(t)
	data, err := os.ReadFile("assets/samples/kc-orc.battlemat.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["forecast"] = json.RawMessage(`{"fights":120,"seed":5,"policies":{"orcs":"cautious"}}`)
	withSettings, _ := json.Marshal(doc)
	file := filepath.Join(t.TempDir(), "orc.battlemat.json")
	if err := os.WriteFile(file, withSettings, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runBattlemat(t, bin, "forecast", file)
	var got forecastJSON
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.Fights != 120 || got.Seed != 5 {
		t.Errorf("exit %d, %s %s: want 120 fights with seed 5 from the save", code, out, errOut)
	}
}
