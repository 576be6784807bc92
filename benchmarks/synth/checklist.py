"""Pseudo-translate an expanded SPEC §1 CheckList and write the instrument's gold.

The sentiment CheckList has no TSV, so the instrument cannot derive its gold.
Here the CheckList is expanded (``tea_solver.expand``, the code behind
``tea-solver expand``), every instance is rendered in a pseudo-language
(:meth:`PseudoLanguage.render`), and the instances are grouped into gold
templates the way ``mcl_bench gen`` groups them: per source template, one gold
template per distinct target text *and* agreement class (the same text with
different value sets when a value's form depends on another slot's class), its
lexicons holding exactly the target values its instances used.  The output,
``LANG.instances.jsonl`` and ``LANG.gold.json`` (``mcl-bench-gold/1``), is what
``mcl_bench.py run --workdir DIR`` scores.  Noise: :func:`instrument.corrupt_workdir`.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from pathlib import Path

from tea_solver.errors import InputError
from tea_solver.expand import expand_checklist
from tea_solver.io import write_atomic
from tea_solver.io.atomic import read_text
from tea_solver.template import Slot

from . import instrument
from .language import PseudoLanguage
from .settings import Setting
from .source import checklist_source

GOLD_FORMAT = "mcl-bench-gold/1"


def _jsonable(v):
    return list(v) if isinstance(v, tuple) else v


def exact_empty_values(text: str, lexicons: dict) -> tuple[str, dict]:
    """The gold template that regenerates its instances exactly where a slot
    has the empty value.  A sentence is rendered with its whitespace
    collapsed (:meth:`PseudoLanguage.render`), so ``…, {change} u`` with
    ``change`` = ``""`` reads ``…, u``: the template expanded as written would
    give two spaces.  The space before the slot goes into its non-empty
    values instead (``…,{change} u`` with `` vera``), as the sentiment
    CheckList itself writes ``,{change}`` with `` but``; at the start of the
    sentence, the space after it.  The instrument compares values with their
    whitespace collapsed and stripped, so only the template's text changes."""
    for key, values in lexicons.items():
        if "" not in values or any(not isinstance(v, str) for v in values):
            continue
        slot = "{%s}" % key
        if text.count(slot) != 1:
            continue
        at = text.index(slot)
        end = at + len(slot)
        if at > 0 and text[at - 1] == " " and text[end:end + 1] == " ":
            text = text[:at - 1] + text[at:]
            lexicons[key] = [" " + v if v else v for v in values]
        elif at == 0 and text[end:end + 1] == " ":
            text = text[:end] + text[end + 1:]
            lexicons[key] = [v + " " if v else v for v in values]
    return text, lexicons


def build(doc: dict, setting: Setting, seed: int, *, max_per_template: int = 50,
          expand_seed: int = 0, path: str = "<checklist>"):
    """(instances, gold document) of one pseudo-language."""
    source = checklist_source(doc, path)
    lang = PseudoLanguage(source, seed, setting.phenomena, setting.script)
    code = setting.code
    records = expand_checklist(doc, max_per_template=max_per_template, seed=expand_seed)
    instances, meta = [], []
    groups: OrderedDict = OrderedDict()
    for rec in records:
        t = source.template(rec["template_id"])
        fill = rec["fill"]
        target = lang.render(t, fill)
        text = lang.frame_text(t, lang.cond_entry(t, fill))
        sig = []
        for ident in sorted(set(t.lexicon_of.values())):
            cls = lang.agreement_class(t, ident, fill)
            if cls is not None:
                sig.append((ident, cls))
        g = groups.setdefault(t.id, {"template": t, "parts": OrderedDict(), "n": 0})
        part = g["parts"].setdefault((text, tuple(sig)), {"ids": [], "lex": OrderedDict()})
        part["ids"].append(rec["id"])
        for base, card in t.parsed.draws():
            form = lang.value_form(t, Slot(base, card), fill)
            vals = part["lex"].setdefault(base, [])
            if _jsonable(form) not in vals:
                vals.append(_jsonable(form))
        g["n"] += 1
        instances.append({"id": rec["id"], "template_id": t.id, "source": rec["source"],
                          "target": target, "fill": fill, "lang": code})
        meta.append({"id": rec["id"], "gold_id": None, "noisy": False})
    gold_id = {}
    out_groups = []
    for tid, g in groups.items():
        templates = []
        for k, ((text, sig), part) in enumerate(g["parts"].items()):
            gid = "%s#%d" % (tid, k)
            for iid in part["ids"]:
                gold_id[iid] = gid
            cls = {ident.split(":")[-1]: c for ident, c in sig}
            exact, lex = exact_empty_values(text, dict(part["lex"]))
            templates.append({"gold_id": gid, "template": exact, "as_written": text,
                              "variant": k, "condition": None, "class": cls or None,
                              "lexicons": lex, "support": len(part["ids"])})
        out_groups.append({"template_id": tid, "source_template": g["template"].text,
                           "instances": g["n"], "noisy": 0, "templates": templates})
    for m in meta:
        m["gold_id"] = gold_id[m["id"]]
    gold = {"format": GOLD_FORMAT, "version": 1, "lang": code,
            "source": {"checklist": Path(path).name, "generator": "benchmarks.synth"},
            "params": {"seed": seed, "setting": setting.name,
                       "phenomena": sorted(lang.ph), "script": setting.script,
                       "max_per_template": max_per_template, "expand_seed": expand_seed,
                       "noise": 0.0},
            "groups": out_groups, "instances": meta, "notes": []}
    return instances, gold


def write(checklist_path: str | Path, setting: Setting, seed: int, out_dir: str | Path, *,
          max_per_template: int = 50, expand_seed: int = 0, noise: float = 0.0,
          noise_seed: int = 13) -> Path:
    """Write ``<code>.instances.jsonl`` and ``<code>.gold.json`` into ``out_dir``;
    with ``noise`` > 0 the targets are corrupted as ``mcl_bench gen --noise --seed
    NOISE_SEED`` does (13 is the instrument's default seed)."""
    path = str(checklist_path)
    try:
        doc = json.loads(read_text(path))
    except ValueError as e:
        raise InputError("not a JSON document: %s" % e, path=path) from None
    instances, gold = build(doc, setting, seed, max_per_template=max_per_template,
                            expand_seed=expand_seed, path=path)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    code = setting.code
    write_atomic(out_dir / ("%s.instances.jsonl" % code),
                 "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in instances))
    write_atomic(out_dir / ("%s.gold.json" % code),
                 json.dumps(gold, ensure_ascii=False, indent=1) + "\n")
    if noise > 0:
        instrument.corrupt_workdir(out_dir, code, noise, noise_seed)
    return out_dir
