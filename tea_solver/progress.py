"""Progress bars on stderr: on by default on a terminal, for runs that take a while.

A bar appears only after :data:`PROGRESS_DELAY` seconds (tqdm's ``delay``), so a
quick run prints nothing but its result line, and never when stderr is not a
terminal (a log file or a pipe gets no control characters) unless asked for.
"""

from __future__ import annotations

import sys

#: Seconds before a bar is drawn.
PROGRESS_DELAY = 2.0


def wanted(progress: bool | None) -> bool:
    """``--progress`` / ``--no-progress``, or (None) whether stderr is a terminal."""
    if progress is None:
        isatty = getattr(sys.stderr, "isatty", None)
        return bool(isatty and isatty())
    return progress


def bar(total: int, desc: str, progress: bool | None, unit: str = "group"):
    """A tqdm bar over ``total`` steps, or None when no bar is wanted."""
    if not wanted(progress):
        return None
    from tqdm import tqdm
    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr,
                delay=0 if progress else PROGRESS_DELAY)
