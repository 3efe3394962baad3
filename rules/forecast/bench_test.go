package forecast

import (
	"testing"

	"battlemat/rules/rulesets"
)

// benchFights plays b.N fights of a sample and reports fights per second.
func benchFights(b *testing.B, id string) {
	f, err := New(rulesets.Registry(), sample(b, id), Settings{Fights: MaxFights, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	f.Extend(b.N)
	b.ResetTimer()
	if _, err := f.Run(b.N); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fights/s")
}

func BenchmarkFightUrchins(b *testing.B)      { benchFights(b, "kal-urchins") }
func BenchmarkFightGoblinAmbush(b *testing.B) { benchFights(b, "dnd5e-goblin-ambush") }

func BenchmarkFightEverySample(b *testing.B) {
	for _, s := range rulesets.Samples() {
		b.Run(s.ID, func(b *testing.B) { benchFights(b, s.ID) })
	}
}
