"""Seeded sound systems and spelling: where the words of a pseudo-language come from.

A :class:`Phonology` draws a consonant and a vowel inventory and spells words
from syllables.  Two families:

* **Latin** — a random subset of consonants (some with diacritics, always in
  NFC), five vowels, or eight when the language has *vowel harmony* (back
  ``a ı o u``, front ``e i ö ü``; every root takes its vowels from one class,
  as in Turkish, so a suffix's allomorph is decided by the root's last vowel).
* **Scripts written without spaces** (``km`` Khmer, ``my`` Myanmar, ``th``
  Thai): syllables built from the script's real consonants, dependent vowel
  signs (combining marks), tone marks and stacked consonants (Khmer coeng,
  Myanmar virama), so that one grapheme cluster is several code points and a
  careless cut lands inside a syllable.  Every word is NFC-normalised, so the
  tool's NFC reading never changes the text.

Nothing here knows about CheckLists: a phonology turns a random generator into
pronounceable, distinct strings.
"""

from __future__ import annotations

import random
import unicodedata

BACK_VOWELS = "aıou"
FRONT_VOWELS = "eiöü"
PLAIN_VOWELS = "aeiou"
#: back -> front allomorph of a suffix vowel (vowel harmony)
TO_FRONT = dict(zip(BACK_VOWELS, FRONT_VOWELS))
TO_BACK = {v: k for k, v in TO_FRONT.items()}
LATIN_CONSONANTS = "ptkbdgmnslrvzhjfwčšñł"

#: scripts without spaces: consonants, dependent vowels, optional finals and the
#: stacking sign (None where the script does not stack consonants)
SCRIPTS = {
    "km": {
        "consonants": [chr(c) for c in range(0x1780, 0x17A3)],
        "vowels": [chr(c) for c in (0x17B6, 0x17B7, 0x17B8, 0x17B9, 0x17BB, 0x17BC, 0x17BD,
                                    0x17BE, 0x17C1, 0x17C2, 0x17C4, 0x17C5)],
        "finals": ["\u17c6", "\u17c7"],          # nikahit, reahmuk
        "stack": "\u17d2",                      # coeng: the next consonant is subscript
        "full_stop": "\u17d4",                  # khan
    },
    "my": {
        "consonants": [chr(c) for c in range(0x1000, 0x1021)],
        "vowels": [chr(c) for c in (0x102B, 0x102C, 0x102D, 0x102E, 0x102F, 0x1030, 0x1031,
                                    0x1032)],
        "finals": ["\u1037", "\u1038", "\u1036"],   # dot below, visarga, anusvara
        "stack": "\u1039",                          # virama: stacked consonant
        "full_stop": "\u104b",
    },
    "th": {
        "consonants": [chr(c) for c in range(0x0E01, 0x0E2F) if c not in (0x0E24, 0x0E26)],
        "vowels": [chr(c) for c in (0x0E31, 0x0E34, 0x0E35, 0x0E36, 0x0E37, 0x0E38, 0x0E39,
                                    0x0E32)],
        "finals": ["\u0e48", "\u0e49", "\u0e4a", "\u0e4b"],   # tone marks, stacked on vowels
        "stack": None,
        "leading": [chr(c) for c in range(0x0E40, 0x0E45)],  # เ แ โ ใ ไ, written first
        "full_stop": "",
    },
}


def seeded_rng(*parts) -> random.Random:
    """A generator seeded by a string of ``parts``: the same stream in every run and
    process (string seeds do not depend on hash randomisation)."""
    return random.Random("|".join(str(p) for p in parts))


def nfc(s: str) -> str:
    return unicodedata.normalize("NFC", s)


class Phonology:
    """Spells syllables and words for one pseudo-language.

    ``script`` is ``None`` (Latin letters) or a key of :data:`SCRIPTS`.
    ``harmony``: Latin roots keep their vowels in one harmony class.
    """

    def __init__(self, rng: random.Random, script: str | None = None, harmony: bool = False):
        self.script = script
        self.harmony = harmony
        if script is None:
            cons = list(LATIN_CONSONANTS)
            rng.shuffle(cons)
            self.consonants = sorted(cons[:rng.randint(9, 14)])
            self.vowels = BACK_VOWELS + FRONT_VOWELS if harmony else PLAIN_VOWELS
            self.codas = [c for c in self.consonants if c in "mnslrkt"] or self.consonants[:2]
        else:
            spec = SCRIPTS[script]
            cons = list(spec["consonants"])
            rng.shuffle(cons)
            self.consonants = sorted(cons[:rng.randint(14, 22)])
            self.vowels = list(spec["vowels"])
            self.codas = list(spec["finals"])

    # -- Latin
    def _latin_syllable(self, rng: random.Random, vowels: str, first: bool) -> str:
        shape = rng.random()
        v = rng.choice(vowels)
        if first and shape < 0.12:
            return v
        s = rng.choice(self.consonants) + v
        if shape > 0.75:
            s += rng.choice(self.codas)
        return s

    # -- scripts
    def _script_syllable(self, rng: random.Random) -> str:
        spec = SCRIPTS[self.script]
        s = rng.choice(self.consonants)
        if spec["stack"] and rng.random() < 0.3:
            s += spec["stack"] + rng.choice(self.consonants)
        if spec.get("leading") and rng.random() < 0.25:
            s = rng.choice(spec["leading"]) + s
        s += rng.choice(self.vowels)
        if rng.random() < 0.4:
            s += rng.choice(self.codas)
        return s

    def syllable(self, rng: random.Random, vowel_class: str | None = None) -> str:
        if self.script:
            return nfc(self._script_syllable(rng))
        vowels = self.vowels
        if self.harmony:
            vowels = vowel_class or rng.choice((BACK_VOWELS, FRONT_VOWELS))
        return self._latin_syllable(rng, vowels, first=False)

    def word(self, rng: random.Random, syllables: int) -> str:
        """A root of ``syllables`` syllables (Latin: one harmony class)."""
        if self.script:
            return nfc("".join(self._script_syllable(rng) for _ in range(syllables)))
        vowels = self.vowels
        if self.harmony:
            vowels = rng.choice((BACK_VOWELS, FRONT_VOWELS))
        return "".join(self._latin_syllable(rng, vowels, first=(k == 0))
                       for k in range(syllables))

    def suffix(self, rng: random.Random) -> str:
        """A one-syllable affix; with harmony it is spelled with a back vowel
        (its front allomorph is :func:`front`)."""
        if self.script:
            return nfc(self._script_syllable(rng))
        vowels = BACK_VOWELS if self.harmony else self.vowels
        s = rng.choice(self.consonants) + rng.choice(vowels)
        if rng.random() < 0.4:
            s += rng.choice(self.codas)
        return s


def vowel_class(form: str) -> str:
    """'front' or 'back': the harmony class of the last harmonic vowel of ``form``
    (forms without one, such as acronyms, count as back)."""
    for ch in reversed(form.lower()):
        if ch in FRONT_VOWELS:
            return "front"
        if ch in BACK_VOWELS:
            return "back"
    return "back"


def allomorph(suffix: str, cls: str) -> str:
    """The allomorph of a back-vowel suffix for a stem of harmony class ``cls``."""
    if cls != "front":
        return suffix
    return "".join(TO_FRONT.get(c, c) for c in suffix)
