"""Step 1 of TEA: keys (lexicons) from target instances.

``graph``: the paper's word graph; ``align``: spans aligned with the source
slots (with ``chars`` for scripts without spaces and ``realize`` for value
renderings), refined across groups by ``crossgroup``.
"""

from tea_solver.keys import align  # noqa: F401  (loads first: chars and realize build on it)
