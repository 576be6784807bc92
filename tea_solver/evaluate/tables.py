"""Markdown, CSV and JSON writers for evaluation tables (atomic writes).

A *table* is a list of row dicts plus the column order.  Markdown rounds floats
for reading (:data:`DIGITS`); CSV keeps full precision (``repr`` of the float)
so that plots and later analysis lose nothing; a missing value is ``-`` in
Markdown and empty in CSV.
"""

from __future__ import annotations

import csv
import io
import os
from typing import Any, Iterable, Mapping, Sequence

from tea_solver.errors import InputError
from tea_solver.io.atomic import check_output, write_atomic

from .base import dumps

#: Decimal places in Markdown for columns whose name contains the key.
DIGITS = {"CT-BLEU": 2, "seconds": 2}
DEFAULT_DIGITS = 3


def columns_of(rows: Sequence[Mapping], first: Sequence[str] = ()) -> list:
    """Column order: ``first``, then every other key in order of appearance."""
    cols = list(first)
    for r in rows:
        for k in r:
            if k not in cols:
                cols.append(k)
    return cols


def fmt(value: Any, column: str = "") -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        digits = next((d for k, d in DIGITS.items() if k in column), DEFAULT_DIGITS)
        return "%.*f" % (digits, value)
    return str(value)


def markdown(rows: Sequence[Mapping], columns: Sequence[str] | None = None) -> str:
    """A GitHub-flavoured Markdown table (numbers right-aligned)."""
    columns = list(columns or columns_of(rows))
    if not columns:
        return ""
    cells = [[fmt(r.get(c), c).replace("|", "\\|") for c in columns] for r in rows]
    numeric = [all(isinstance(r.get(c), (int, float)) or r.get(c) is None for r in rows)
               and any(r.get(c) is not None for r in rows) for c in columns]
    widths = [max([3, len(c)] + [len(row[j]) for row in cells]) for j, c in enumerate(columns)]

    def line(vals):
        return "| " + " | ".join(v.rjust(w) if num else v.ljust(w)
                                 for v, w, num in zip(vals, widths, numeric)) + " |"

    sep = "| " + " | ".join(("-" * (w - 1) + ":") if num else "-" * w
                            for w, num in zip(widths, numeric)) + " |"
    return "\n".join([line(columns), sep] + [line(r) for r in cells]) + "\n"


def csv_text(rows: Iterable[Mapping], columns: Sequence[str]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for r in rows:
        w.writerow(["" if r.get(c) is None else
                    (repr(r[c]) if isinstance(r[c], float) else r[c]) for c in columns])
    return buf.getvalue()


def ensure_dir(path: str) -> None:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise InputError("cannot create output directory: %s" % (e.strerror or e),
                         path=path) from None
    if not os.path.isdir(path):
        raise InputError("not a directory", path=path)


def write_tables(out_dir: str, tables: Mapping[str, tuple], record: Any = None,
                 record_name: str = "evaluation.json", title: str | None = None,
                 inputs: Sequence = ()) -> list:
    """Write ``NAME.csv`` for every table, one ``NAME.md`` holding them all, and
    the JSON record.  Everything is rendered first and then written file by
    file atomically, so a bad table never leaves half a set behind.

    ``tables``: name -> (columns, rows); ``inputs``: the files the tables were
    computed from, which no table may overwrite.  Returns the paths written.
    """
    ensure_dir(out_dir)
    files = []
    md = ["# %s\n" % title] if title else []
    for name, (columns, rows) in tables.items():
        files.append((os.path.join(out_dir, name + ".csv"), csv_text(rows, columns)))
        md.append("## %s\n\n%s" % (name, markdown(rows, columns) if rows else "(empty)\n"))
    files.append((os.path.join(out_dir, "tables.md"), "\n".join(md)))
    if record is not None:
        files.append((os.path.join(out_dir, record_name), dumps(record)))
    for path, _text in files:
        check_output(path, inputs)
    for path, text in files:
        write_atomic(path, text, inputs=inputs)
    return [p for p, _ in files]
