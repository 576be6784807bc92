"""Write pseudo-languages as MultiCheckList TSV columns, the way its translators did.

The measuring instrument (``shared/tools/mcl_bench.py``) reads a MultiCheckList
TSV and derives instances and gold templates per language from it; writing the
pseudo-languages in that format lets the gold come out of the instrument
itself, exactly as for a real language.  How each phenomenon is written:

* a template row has one variant column per distinct target text; when the text
  depends on a value of the row's conditioning slot (a harmonic suffix, a
  governed preposition, an agreeing article), each variant's placeholders cell
  lists the English values of that slot that take it (``happy, concerned``);
* a lexicon row holds the value's base form; where the form depends on another
  slot (agreement) the row has one more variant per class, its placeholders
  cell listing the English values of the controlling lexicon
  (``an actress, a waitress``); where it depends on the template (fused case
  forms) the placeholders cell lists the English template rows;
* tuple entries are joined with the instrument's separator for the language
  code (``TUPLE_SEP``).

Only the English column of the input TSV is read; the other columns are not
copied.  The output rows are the input rows, so line numbers agree.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import OrderedDict
from pathlib import Path

from tea_solver.io import write_atomic

from .language import PseudoLanguage
from .settings import Setting
from .source import Source, SourceTemplate

#: mcl_bench.TUPLE_SEP (tuple separators per language code; ', ' otherwise)
TUPLE_SEP = {"my": "\u104a", "th": " ", "ur": "\u060c", "ar": "\u060c", "fa": "\u060c",
             "zh": "\uff0c"}
MANIFEST_FORMAT = "tea-synth/1"


def _cell(value, sep: str) -> str:
    if isinstance(value, tuple):
        if sep in ("\u104a",):
            return (sep + " ").join(value)
        return sep.join(value)
    return value


def _english_cell(entry) -> str:
    return ", ".join(entry) if isinstance(entry, tuple) else entry


def template_variants(lang: PseudoLanguage, t: SourceTemplate) -> list:
    """[(text, placeholders)] of one template row."""
    frame = lang.frame(t)
    if frame.cond is None:
        return [(lang.frame_text(t), "")]
    lex = lang.source.lexicons[frame.cond_lexicon]
    groups: OrderedDict = OrderedDict()
    for entry in lex.entries:
        cells = groups.setdefault(lang.frame_text(t, entry), [])
        cell = _english_cell(entry)
        if cell not in cells:
            cells.append(cell)
    if len(groups) == 1:
        return [(next(iter(groups)), "")]
    return [(text, ", ".join(cells)) for text, cells in groups.items()]


def lexicon_variants(lang: PseudoLanguage, ident: str, k: int, sep: str) -> list:
    """[(cell, placeholders)] of one lexicon row (entry ``k`` of lexicon ``ident``)."""
    src = lang.source
    lex = src.lexicons[ident]
    entry = lex.entries[k]
    base = lang.base_form(lex, entry)
    controller = lang.agreeing_lexicons().get(ident)
    if controller is not None:
        clex = src.lexicons[controller]
        nominal = controller in lang.nominal
        by_class: OrderedDict = OrderedDict()
        for e in clex.entries:
            cells = by_class.setdefault(lang.noun_class(e, nominal), [])
            if _english_cell(e) not in cells:
                cells.append(_english_cell(e))
        out = [(_cell(lang.agree(base, 0), sep), "")]
        for cls in sorted(c for c in by_class if c):
            out.append((_cell(lang.agree(base, cls), sep), ", ".join(by_class[cls])))
        return out
    by_case: OrderedDict = OrderedDict()
    for t in src.templates:
        if ident in t.lexicon_of.values():
            case = lang.case_form(t, ident)
            if case:
                if "," in t.text:
                    raise ValueError("line %s: a template with a comma cannot be named in a "
                                     "placeholders cell" % t.line)
                by_case.setdefault(case, []).append(t.text)
    out = [(_cell(base, sep), "")]
    for case, texts in by_case.items():
        out.append((_cell(lang.fuse(base, case), sep), ", ".join(texts)))
    return out


def language_columns(lang: PseudoLanguage, code: str) -> dict:
    """TSV line number -> [(cell, placeholders)] for one language."""
    src = lang.source
    sep = TUPLE_SEP.get(code, ", ")
    cols = {}
    for t in src.templates:
        cols[t.line] = template_variants(lang, t)
    used = {i for t in src.templates for i in t.lexicon_of.values()}
    for ident in sorted(used):
        lex = src.lexicons[ident]
        if lex.fixed:
            continue
        for k, line in enumerate(lex.lines):
            cols[line] = lexicon_variants(lang, ident, k, sep)
    return cols


def write_tsv(source: Source, settings: list[Setting], seed: int, out_dir: str | Path,
              name: str | None = None) -> Path:
    """Write ``seed<seed>.tsv`` (English column + one language per setting) and its
    manifest ``seed<seed>.manifest.json``; returns the TSV path."""
    if source.kind != "mcl":
        raise ValueError("write_tsv needs a MultiCheckList source")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    name = name or "seed%d" % seed
    columns = []                 # (code, {line: variants}, width)
    manifest = OrderedDict()
    for st in settings:
        lang = PseudoLanguage(source, seed, st.phenomena, st.script, strict_agreement=True)
        cols = language_columns(lang, st.code)
        width = max(len(v) for v in cols.values())
        columns.append((st.code, cols, width))
        manifest[st.code] = {"setting": st.name, "phenomena": sorted(lang.ph),
                             "script": st.script}
    header = ["Field", "en"]
    for code, _cols, width in columns:
        header += [code, code + "-placeholders"] * width
    lines = ["\t".join(header)]
    for ln, row in enumerate(source.rows[1:], 2):
        cells = [row[0], row[1] if len(row) > 1 else ""]
        for _code, cols, width in columns:
            vs = cols.get(ln, [])
            for j in range(width):
                text, ph = vs[j] if j < len(vs) else ("", "")
                cells += [text, ph]
        if not any(c.strip() for c in cells):
            cells = [row[0]] + [""] * (len(header) - 1)
        lines.append("\t".join(cells))
    text = "\n".join(lines) + "\n"
    tsv = out_dir / (name + ".tsv")
    write_atomic(tsv, text)
    doc = OrderedDict([
        ("format", MANIFEST_FORMAT), ("seed", seed), ("tsv", tsv.name),
        ("tsv_sha256", hashlib.sha256(text.encode("utf-8")).hexdigest()),
        ("english_source", os.path.basename(source.path)),
        ("languages", manifest)])
    write_atomic(out_dir / (name + ".manifest.json"),
                 json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    return tsv

