"""Utility of a CheckList: the failure rate (FR) of a model on its instances.

Test instances.  Each template with an expectation is expanded (at most
``max_per_template`` instances per template, a seeded uniform sample above
that: :func:`tea_solver.expand.iter_expanded`); templates with neither
``label`` nor ``expect`` are not tests and are counted as ``untested``.

Expectations (per template):
  ``label: L``                 passes when ``pred == L``
  ``expect: "not_negative"``   passes when ``pred != 0``
  ``expect: "not_positive"``   passes when ``pred != 2``
  ``expect: "not_neutral"``    passes when ``pred != 1``
  ``expect: "any"``            always passes (counted, never fails)

FR of a capability = failing instances / tested instances of the templates
whose ``capability`` it is (``(none)`` when absent); ``FR`` = macro average
over capabilities, ``FR_micro`` = over all instances.  ``FR-diff(A, B)`` per
capability = FR_A - FR_B (over the capabilities both have);
``FR-diff`` = the mean of those signed differences and ``|FR-diff|`` the mean
of their absolute values.

Predictions come from a :class:`Predictor`:

* :class:`PredictionsFile` -- JSON Lines written by any system, one object per
  line: ``{"text": "...", "pred": 2}`` or ``{"id": "sa-vocab-001/17",
  "pred": 2}`` (both keys may be present).  ``text`` may be a list of strings
  for multi-field instances.  ``pred`` is an int or a label name (mapped as
  below).  An instance is looked up by id first (ids are
  ``template_id/n`` as ``tea-solver expand`` writes them, with the same
  ``--max-per-template`` and ``--seed``), then by text (exact, then
  whitespace-collapsed).  A missing prediction is an error.
* :class:`PipelinePredictor` -- ``transformers.pipeline("text-classification",
  model=MODEL)`` (a Hub id or a local directory), loaded lazily: torch and
  transformers are the optional extra ``tea-solver[models]``.

Label mapping (model labels and string ``pred`` values -> ints): an explicit
map (``"LABEL_0=0,LABEL_1=2"`` or a dict) wins; else ``LABEL_<n>`` -> n, a
decimal string -> its value, ``negative``/``neg`` -> 0, ``neutral``/``neu`` -> 1,
``positive``/``pos`` -> 2 (case-insensitive).  A binary SST-2 model
(``LABEL_0`` negative, ``LABEL_1`` positive) needs ``LABEL_1=2`` to use the
CheckList sentiment labels (0 negative, 1 neutral, 2 positive).
"""

from __future__ import annotations

import json
import os
import re
from collections import OrderedDict
from typing import Any, Callable, Mapping, Sequence

from tea_solver.errors import InputError
from tea_solver.expand import iter_expanded
from tea_solver.io import jsontext
from tea_solver.io.atomic import read_lines

from .base import LoadedChecklist, Metric, norm_ws, register, sig

DEFAULT_MAX_PER_TEMPLATE = 100
NO_CAPABILITY = "(none)"
EXPECTATIONS: dict[str, Callable[[int], bool]] = {
    "not_negative": lambda p: p != 0,
    "not_positive": lambda p: p != 2,
    "not_neutral": lambda p: p != 1,
    "any": lambda p: True,
}
NAMED_LABELS = {"negative": 0, "neg": 0, "neutral": 1, "neu": 1, "positive": 2, "pos": 2}
_LABEL_N = re.compile(r"label_(\d+)\Z", re.I)

MODELS_HINT = "install tea-solver[models] (pip install 'tea-solver[models]')"


# --------------------------------------------------------------------------- #
# Labels

def parse_label_map(spec: str | Mapping | None) -> dict:
    """``"LABEL_0=0,LABEL_1=2"`` (or a dict) -> {label: int}; keys compared case-insensitively."""
    if spec is None:
        return {}
    if isinstance(spec, Mapping):
        items = spec.items()
    else:
        items = []
        for part in str(spec).split(","):
            if not part.strip():
                continue
            if "=" not in part:
                raise InputError("--label-map: expected NAME=INT pairs, got %r" % part)
            k, v = part.split("=", 1)
            items.append((k.strip(), v.strip()))
    out = {}
    for k, v in items:
        try:
            out[str(k).lower()] = int(v)
        except (TypeError, ValueError):
            raise InputError("--label-map: %r is not an integer (for %r)" % (v, k)) from None
    return out


def label_to_int(label: Any, label_map: Mapping | None = None) -> int:
    """A model label or a ``pred`` value -> int (see the module docstring)."""
    if isinstance(label, bool):
        raise ValueError("a boolean is not a label")
    if label_map and str(label).lower() in label_map:
        return label_map[str(label).lower()]
    if isinstance(label, int):
        return label
    if isinstance(label, str):
        s = label.strip().lower()
        m = _LABEL_N.match(s)
        if m:
            return int(m.group(1))
        if s.lstrip("-").isdigit():
            return int(s)
        if s in NAMED_LABELS:
            return NAMED_LABELS[s]
    raise ValueError("cannot map label %r to an integer (use --label-map NAME=INT,...)" % (label,))


# --------------------------------------------------------------------------- #
# Predictors

class Predictor:
    """Gives an integer prediction for every test instance."""

    description = "predictor"

    def predict(self, instances: Sequence[dict]) -> list:
        """``instances``: dicts with ``id`` and ``text`` (str or list); one int each."""
        raise NotImplementedError


class PredictionsFile(Predictor):
    """Predictions JSON Lines (see the module docstring)."""

    def __init__(self, path: str | os.PathLike, label_map: str | Mapping | None = None):
        self.path = os.fspath(path)
        self.description = "predictions:%s" % os.path.basename(self.path)
        self.label_map = parse_label_map(label_map)
        self.by_id: dict = {}
        self.by_text: dict = {}
        self.by_norm: dict = {}
        for n, line in read_lines(self.path):
            obj = jsontext.parse(line, self.path, n)
            if not isinstance(obj, dict):
                raise InputError("a prediction must be a JSON object", path=self.path, line=n)
            if "pred" not in obj:
                raise InputError("missing field 'pred'", path=self.path, line=n)
            try:
                pred = label_to_int(obj["pred"], self.label_map)
            except ValueError as e:
                raise InputError(str(e), path=self.path, line=n) from None
            has = False
            if isinstance(obj.get("id"), str):
                self.by_id[obj["id"]] = pred
                has = True
            t = obj.get("text")
            if isinstance(t, str) or (isinstance(t, list) and t
                                      and all(isinstance(x, str) for x in t)):
                self.by_text[_text_key(t)] = pred
                self.by_norm[norm_ws(t)] = pred
                has = True
            if not has:
                raise InputError("a prediction needs 'id' (a string) or 'text' (a string or "
                                 "a list of strings)", path=self.path, line=n)

    def lookup(self, inst: dict) -> int | None:
        if inst["id"] in self.by_id:
            return self.by_id[inst["id"]]
        key = _text_key(inst["text"])
        if key in self.by_text:
            return self.by_text[key]
        return self.by_norm.get(norm_ws(inst["text"]))

    def predict(self, instances: Sequence[dict]) -> list:
        out, missing = [], []
        for inst in instances:
            p = self.lookup(inst)
            if p is None:
                missing.append(inst)
            out.append(p)
        if missing:
            raise InputError("%d of %d test instances have no prediction (first: id %r, "
                             "text %s)" % (len(missing), len(instances), missing[0]["id"],
                                           json.dumps(missing[0]["text"], ensure_ascii=False)),
                             path=self.path)
        return out


def _text_key(t: Any) -> Any:
    return t if isinstance(t, str) else tuple(t)


class PipelinePredictor(Predictor):
    """A transformers text-classification pipeline, loaded on first use."""

    def __init__(self, model: str, label_map: str | Mapping | None = None,
                 batch_size: int = 32, device: Any = None, tokenizer: str | None = None):
        self.model = model
        self.description = "model:%s" % model
        self.label_map = parse_label_map(label_map)
        self.batch_size = batch_size
        self.device = device
        self.tokenizer = tokenizer
        self._pipe = None
        self._cache: dict = {}

    def pipeline(self):
        if self._pipe is None:
            try:
                import torch  # noqa: F401  (the pipeline needs it; say so clearly)
                import transformers
            except ImportError as e:
                raise InputError("--model needs torch and transformers (%s): %s"
                                 % (e.name or e, MODELS_HINT)) from None
            kwargs = {"model": self.model}
            if self.tokenizer:
                kwargs["tokenizer"] = self.tokenizer
            if self.device is not None:      # "0" -> 0 (a GPU index); "cpu", "cuda:1" as given
                d = self.device
                kwargs["device"] = int(d) if isinstance(d, str) and d.lstrip("-").isdigit() \
                    else d
            try:
                self._pipe = transformers.pipeline("text-classification", **kwargs)
            except (OSError, ValueError) as e:
                msg = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
                raise InputError("cannot load model %r: %s" % (self.model, msg)) from None
        return self._pipe

    def predict(self, instances: Sequence[dict]) -> list:
        todo = []
        for inst in instances:
            k = _text_key(inst["text"])
            if k not in self._cache and k not in todo:
                todo.append(k)
        if todo:
            pipe = self.pipeline()
            inputs = [t if isinstance(t, str) else
                      ({"text": t[0], "text_pair": t[1]} if len(t) == 2 else " ".join(t))
                      for t in todo]
            results = pipe(inputs, batch_size=self.batch_size, truncation=True)
            for k, r in zip(todo, results):
                if isinstance(r, list):      # top_k style output
                    r = max(r, key=lambda d: d["score"])
                try:
                    self._cache[k] = label_to_int(r["label"], self.label_map)
                except ValueError as e:
                    raise InputError("model %r: %s" % (self.model, e)) from None
        return [self._cache[_text_key(inst["text"])] for inst in instances]


# --------------------------------------------------------------------------- #
# Failure rates

def expectation(tobj: Mapping, label_map: Mapping | None = None
                ) -> tuple[str, Callable[[int], bool]] | None:
    """(description, pass test) of a template object, or None if it is no test."""
    if "label" in tobj and tobj["label"] is not None:
        try:
            lab = label_to_int(tobj["label"], label_map)
        except ValueError as e:
            raise InputError("template %r: %s" % (tobj.get("id"), e)) from None
        return "label=%d" % lab, (lambda p, lab=lab: p == lab)
    exp = tobj.get("expect")
    if exp is None:
        return None
    if exp not in EXPECTATIONS:
        raise InputError("template %r: unknown expect %r (known: %s)"
                         % (tobj.get("id"), exp, ", ".join(sorted(EXPECTATIONS))))
    return exp, EXPECTATIONS[exp]


def fr_instances(cl: LoadedChecklist, max_per_template: int | None = DEFAULT_MAX_PER_TEMPLATE,
                   seed: int = 0, label_map: Mapping | None = None) -> tuple[list, int]:
    """(test instances, untested templates) of a CheckList.

    Each instance: ``id``, ``template_id``, ``text``, ``capability``,
    ``expect`` (description) and ``check`` (the pass test).
    """
    checks = {}
    untested = 0
    for tobj in cl.templates:
        e = expectation(tobj, label_map)
        if e is None:
            untested += 1
        checks[tobj["id"]] = (e, tobj.get("capability") or NO_CAPABILITY)
    out = []
    for rec in iter_expanded(cl.doc, max_per_template=max_per_template, seed=seed,
                             path=cl.name):
        e, cap = checks[rec["template_id"]]
        if e is None:
            continue
        out.append({"id": rec["id"], "template_id": rec["template_id"],
                    "text": rec["source"], "capability": cap, "expect": e[0],
                    "check": e[1]})
    return out, untested


def failure_rates(cl: LoadedChecklist, predictor: Predictor,
                  max_per_template: int | None = DEFAULT_MAX_PER_TEMPLATE, seed: int = 0,
                  label_map: Mapping | None = None) -> dict:
    """FR per capability, macro and micro (see the module docstring)."""
    insts, untested = fr_instances(cl, max_per_template, seed, label_map)
    preds = predictor.predict(insts) if insts else []
    caps: "OrderedDict[str, list]" = OrderedDict()
    fails_total = 0
    failures = []
    for inst, p in zip(insts, preds):
        ok = inst["check"](p)
        c = caps.setdefault(inst["capability"], [0, 0])
        c[0] += 1
        c[1] += not ok
        fails_total += not ok
        if not ok:
            failures.append({"id": inst["id"], "text": inst["text"], "pred": p,
                             "expect": inst["expect"]})
    per_cap = OrderedDict((cap, {"tests": n, "failures": f, "FR": f / n})
                          for cap, (n, f) in caps.items())
    frs = [v["FR"] for v in per_cap.values()]
    return {"FR": sum(frs) / len(frs) if frs else None,
            "FR_micro": fails_total / len(insts) if insts else None,
            "tests": len(insts), "failures": fails_total, "untested_templates": untested,
            "capabilities": per_cap, "failure_examples": failures[:20]}


def fr_diff(a: Mapping, b: Mapping) -> dict:
    """Per-capability FR_a - FR_b and their mean / mean absolute value."""
    ca, cb = a.get("capabilities") or {}, b.get("capabilities") or {}
    per = OrderedDict((c, ca[c]["FR"] - cb[c]["FR"]) for c in ca if c in cb)
    vals = list(per.values())
    return {"per_capability": per,
            "FR-diff": sum(vals) / len(vals) if vals else None,
            "|FR-diff|": sum(abs(v) for v in vals) / len(vals) if vals else None}


@register
class Utility(Metric):
    """Failure rate of a model (predictions file or transformers pipeline)."""

    name = "utility"

    def __init__(self, predictor: Predictor, max_per_template: int | None =
                 DEFAULT_MAX_PER_TEMPLATE, seed: int = 0, label_map: str | Mapping | None = None):
        self.predictor = predictor
        self.max_per_template = max_per_template
        self.seed = seed
        self.label_map = parse_label_map(label_map)

    def signature(self) -> str:
        return sig("fr", predictor=self.predictor.description,
                   max_per_template=self.max_per_template, seed=self.seed,
                   label_map=",".join("%s=%d" % kv for kv in sorted(self.label_map.items()))
                   or "default")

    def score(self, cl: LoadedChecklist, reference: LoadedChecklist | None = None) -> dict:
        res = failure_rates(cl, self.predictor, self.max_per_template, self.seed,
                            self.label_map)
        summary = OrderedDict([("FR", res["FR"]), ("FR_micro", res["FR_micro"]),
                               ("tests", res["tests"])])
        return {"summary": summary, **{k: v for k, v in res.items()
                                       if k not in ("FR", "FR_micro", "tests")}}
