package combat

import "math/big"

// KeyExpectedDamage names the ExpectedAmount MeanDamage returns: the mean
// damage of an attack's distribution, in points.
const KeyExpectedDamage = "expected-damage"

// MeanDamage returns the expected damage of the distribution among chances
// (their DamageChance rows) as an exact ExpectedAmount keyed
// KeyExpectedDamage, so that no caller weighs amounts by chances itself;
// false when chances hold no distribution. A mean whose exact fraction
// does not fit int64 is rounded to the nearest millionth.
func MeanDamage(chances []Chance) (Chance, bool) {
	sum, rows := new(big.Rat), 0
	for _, c := range chances {
		if c.Kind != DamageChance || c.Den <= 0 {
			continue
		}
		rows++
		term := big.NewRat(c.Num, c.Den)
		sum.Add(sum, term.Mul(term, big.NewRat(int64(c.Amount), 1)))
	}
	if rows == 0 {
		return Chance{}, false
	}
	mean := Chance{Key: KeyExpectedDamage, Kind: ExpectedAmount}
	if sum.Num().IsInt64() && sum.Denom().IsInt64() {
		mean.Num, mean.Den = sum.Num().Int64(), sum.Denom().Int64()
		return mean, true
	}
	const scale = 1_000_000
	scaled := new(big.Rat).Mul(sum, big.NewRat(scale, 1))
	q, r := new(big.Int).QuoRem(scaled.Num(), scaled.Denom(), new(big.Int))
	if r.Lsh(r, 1).Cmp(scaled.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	mean.Num, mean.Den = q.Int64(), scale
	return mean, true
}
