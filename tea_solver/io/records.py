"""In-memory records shared by the readers, the expander and the extractor."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Instance:
    """One line of an instance JSONL file (SPEC §2), validated.

    ``target`` and ``source`` are tuples of fields (one element for a plain
    string); ``multi`` says whether the file wrote them as lists, so output keeps
    the shape.  ``raw`` is the object as read (extra fields are carried along);
    ``line`` is its 1-based line number, for messages.
    """

    id: str
    template_id: str
    target: tuple
    multi: bool = False
    source: tuple | None = None
    fill: dict | None = None
    lang: str | None = None
    line: int = 0
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def target_value(self) -> Any:
        """``target`` in the file's shape (string or list)."""
        return list(self.target) if self.multi else self.target[0]
