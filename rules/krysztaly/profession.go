package krysztaly

// Profession is a character class of Table KC-T1. The zero value, NoProfession,
// stands for monsters and others whose proficiencies are given directly.
type Profession uint8

// The professions of Table KC-T1, in the table's order.
const (
	NoProfession Profession = iota
	Warrior
	Hunter
	Guardsman
	Barbarian
	Knight
	Paladin
	BlackKnight
	Thief
	Assassin
	Merchant
	Priest
	Druid
	Astrologer
	Demigod
	Mage
	Warlock
	Illusionist
	Alchemist
)

// professionRow is one row of Table KC-T1.
type professionRow struct {
	id, native string
	startSlots int // proficiency slots at level 1 (KC-SLOT-1)
	slotEvery  int // one more slot every this many levels (KC-SLOT-2)
	mod        int // profession modifier to rolled proficiency (KC-PROF-5)
	min        int // minimum proficiency, also the untrained value (KC-PROF-6)
}

// professionTable is Table KC-T1 (src), indexed by Profession.
var professionTable = [...]professionRow{
	NoProfession: {id: "none", native: ""},
	Warrior:      {"warrior", "Wojownik", 6, 2, 10, 50},
	Hunter:       {"hunter", "Łowca", 6, 2, 10, 40},
	Guardsman:    {"guardsman", "Gwardzista", 6, 2, 15, 50},
	Barbarian:    {"barbarian", "Barbarzyńca", 6, 2, 5, 30},
	Knight:       {"knight", "Rycerz", 5, 2, 15, 50},
	Paladin:      {"paladin", "Paladyn", 5, 2, 10, 50},
	BlackKnight:  {"black-knight", "Czarny rycerz", 5, 2, 10, 50},
	Thief:        {"thief", "Złodziej", 3, 3, 5, 30},
	Assassin:     {"assassin", "Zabójca", 4, 3, 15, 40},
	Merchant:     {"merchant", "Kupiec", 3, 3, 5, 30},
	Priest:       {"priest", "Kapłan", 3, 3, 5, 30},
	Druid:        {"druid", "Druid", 3, 3, 5, 30},
	Astrologer:   {"astrologer", "Astrolog", 2, 4, 0, 20},
	Demigod:      {"demigod", "Półbóg", 3, 3, 5, 30},
	Mage:         {"mage", "Mag", 2, 4, 0, 20},
	Warlock:      {"warlock", "Czarnoksiężnik", 3, 3, 5, 30},
	Illusionist:  {"illusionist", "Iluzjonista", 2, 4, 0, 20},
	Alchemist:    {"alchemist", "Alchemik", 1, 5, 0, 20},
}

// Professions lists every profession of Table KC-T1, for pickers.
func Professions() []Profession {
	out := make([]Profession, 0, len(professionTable)-1)
	for p := Warrior; int(p) < len(professionTable); p++ {
		out = append(out, p)
	}
	return out
}

func (p Profession) row() professionRow {
	if int(p) < len(professionTable) {
		return professionTable[p]
	}
	return professionRow{}
}

// Native returns the profession's Polish name from Table KC-T1.
func (p Profession) Native() string { return p.row().native }

// MinProficiency is the profession's minimum proficiency (Table KC-T1), the
// floor of a rolled proficiency (KC-PROF-5) and the value used with an
// untrained weapon group (KC-PROF-6).
func (p Profession) MinProficiency() int { return p.row().min }

// Modifier is the profession modifier added to a rolled proficiency
// (Table KC-T1, KC-PROF-5).
func (p Profession) Modifier() int { return p.row().mod }

// Slots is the number of proficiency slots at level (KC-SLOT-1, KC-SLOT-2):
// the starting count plus one for every full slotEvery levels past the
// first; below level 1 only the starting count (KC-AMB-7).
func (p Profession) Slots(level int) int {
	r := p.row()
	if level < 1 || r.slotEvery == 0 {
		return r.startSlots
	}
	return r.startSlots + (level-1)/r.slotEvery
}
