"""The settings a quality run measures: each phenomenon alone, plus mixtures.

A *setting* is a named set of phenomena (and, for scripts without spaces, the
script).  Its language code in a generated TSV is its name, except for the
script settings, whose code must be one the instrument tokenises by character
for noise (``mcl_bench.CHAR_TOKEN_LANGS``): ``km``, ``my``, ``th``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .language import PHENOMENA, normalize_phenomena


@dataclass(frozen=True)
class Setting:
    name: str
    phenomena: frozenset
    script: str | None = None

    @property
    def code(self) -> str:
        """The language code in a TSV / the instrument's work directory."""
        return self.script or self.name


def _s(name, phenomena, script=None):
    return Setting(name, normalize_phenomena(phenomena), script)


#: each phenomenon alone (``harmony`` brings the case suffixes it harmonises)
ALONE = [_s("plain", ())] + [
    _s(p, (p,), "km" if p == "script" else None) for p in PHENOMENA]

MIXTURES = [
    # Turkish-like: suffixes with harmony, apostrophes on names, verb-final
    _s("mix-agglutinative", ("case", "harmony", "clitics", "order", "comparative",
                             "shared-words")),
    # French/Russian-like: articles and agreement inside values, governed
    # prepositions, fused case forms
    _s("mix-fusional", ("articles", "agreement", "government", "case-forms",
                        "comparative-word")),
    # Burmese-like: verb-final, case particles glued, classifiers, no spaces
    _s("mix-script-my", ("script", "order", "particles", "case", "articles",
                         "comparative-word", "shared-words"), "my"),
    # Thai-like: classifiers, agreement, governed prepositions, no spaces
    _s("mix-script-th", ("script", "articles", "government", "comparative-word",
                         "shared-words", "agreement"), "th"),
    # everything at once (Latin script)
    _s("mix-all", tuple(p for p in PHENOMENA if p not in ("script", "comparative-word"))),
]

SETTINGS = ALONE + MIXTURES
BY_NAME = {s.name: s for s in SETTINGS}
#: the settings of ``quality.py --quick``
QUICK = ("plain", "case", "articles", "script", "mix-all")


def select(names=None) -> list[Setting]:
    """Settings by name (all when ``names`` is empty); raises ValueError on unknown."""
    if not names:
        return list(SETTINGS)
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        raise ValueError("unknown setting(s) %s (known: %s)"
                         % (", ".join(unknown), ", ".join(BY_NAME)))
    return [BY_NAME[n] for n in names]
