"""Synthetic languages with known gold: data we did not tune on.

The generator derives seeded *pseudo-languages* from the English side of a
CheckList (a random sound system and spelling, a word-for-word lexicon, and a
chosen set of phenomena: case suffixes, vowel harmony, clitics, articles inside
values, comparatives, agreement between slots, word order, a script without
spaces, values that share words, fused case forms).  Two outputs:

* a MultiCheckList TSV (:mod:`.tsv`) whose columns are the pseudo-languages,
  written the way the human translators wrote theirs, so that the measuring
  instrument ``shared/tools/mcl_bench.py`` derives instances and gold from it
  exactly as it does for a real language;
* instances + gold of an expanded SPEC §1 CheckList (:mod:`.checklist`), for the
  sentiment suite, scored by ``mcl_bench.py run``.

Every output is a pure function of (seed, phenomena, English source).
``python -m benchmarks.synth --help`` is the command line; ``benchmarks/quality.py``
runs the measurements.
"""

from .language import PHENOMENA, PseudoLanguage  # noqa: F401
from .settings import SETTINGS, Setting, select  # noqa: F401
