"""Diversity of a CheckList: #templates, #lexicon values, CT-BLEU.

CT-BLEU (cross-template BLEU; lower = more diverse templates)
------------------------------------------------------------
The definition implemented here, exactly:

1. Every template ``t`` becomes a *skeleton string* ``s(t)``: its text with every
   slot (whatever the lexicon, cardinal, index or article) replaced by the
   placeholder ``" \\ue000 "`` (a private-use character, space-padded, so that it
   is one token under every sacrebleu tokenizer and never matches real text),
   the fields of a multi-field template joined with ``" \\u241e "``, and
   whitespace runs collapsed.  Literal text is kept as written.
2. The *scope* of ``t`` is the set of templates it is compared with:
   ``document`` (default) -- all templates of the CheckList; ``group`` -- the
   templates with the same ``source_template_id``.
3. ``BLEU(t) = sacrebleu.sentence_bleu(s(t), [s(u) for u in scope(t), u != t],
   tokenize=TOK)`` -- sacrebleu's sentence BLEU with its defaults (exponential
   smoothing, effective order, up to 4-grams, case-sensitive), all other
   templates of the scope as references.  A template with no other template in
   its scope has no BLEU.
4. ``CT-BLEU = mean of BLEU(t)`` over the templates that have one (0-100; the
   mean is the normalisation: it does not grow with the number of templates
   the way a corpus BLEU over all pairs would).  None when no template has a
   peer.

``TOK`` is sacrebleu's ``zh`` tokenizer for Chinese, ``char`` for ja/th/my/km/lo,
``13a`` otherwise (the CheckList's ``lang``), unless given.  The computation
gets the same numbers as calling ``sacrebleu.sentence_bleu`` per template (a
test checks this) but tokenises and counts each template once: the maximum
reference count of an n-gram over "all templates but t" is the largest or the
second-largest count over all templates.

The other diversity columns: ``templates``; ``lexicon_values`` -- distinct
lexicon entries over the lexicons the templates use (a tuple entry counts once;
an entry used by several templates counts once); ``lexicon_entries`` -- the sum
over templates of the sizes of the lexicons they use (what an annotator would
have to check); ``slots_per_template``; ``distinct_skeletons``; ``generated`` --
the number of instances the CheckList expands to.
"""

from __future__ import annotations

import re
from collections import Counter

from .base import FIELD_SEP, LoadedChecklist, Metric, register, sig

SLOT_TOKEN = "\ue000"
CHAR_LANGS = frozenset({"ja", "th", "my", "km", "lo"})
_WS = re.compile(r"\s+")


def default_tokenizer(lang: str | None) -> str:
    """sacrebleu tokenizer for a language: zh, char (ja th my km lo) or 13a."""
    lang = (lang or "").split("-")[0].lower()
    if lang == "zh":
        return "zh"
    if lang in CHAR_LANGS:
        return "char"
    return "13a"


def skeleton_string(template) -> str:
    """``s(t)``: slots as the placeholder token, fields joined, whitespace collapsed.

    ``template`` is a parsed :class:`tea_solver.template.Template`.
    """
    fields = []
    for f in template.fields:
        fields.append("".join(" %s " % SLOT_TOKEN if not isinstance(p, str) else p for p in f))
    return _WS.sub(" ", (" %s " % FIELD_SEP).join(fields)).strip()


def _bleu_class():
    from sacrebleu.metrics.bleu import BLEU
    return BLEU


def cross_bleu(strings: list, tokenize: str = "13a") -> list:
    """BLEU of each string against all the others (sacrebleu sentence BLEU).

    Returns one float per string (None for a single string).  Equal to
    ``[sacrebleu.sentence_bleu(s, others, tokenize=tokenize).score ...]``.
    """
    n = len(strings)
    if n < 2:
        return [None] * n
    BLEU = _bleu_class()
    bleu = BLEU(tokenize=tokenize, effective_order=True)   # sentence_bleu's settings
    from sacrebleu.metrics.helpers import extract_all_word_ngrams
    order = bleu.max_ngram_order
    grams, lens = [], []
    for s in strings:
        g, ln = extract_all_word_ngrams(bleu._preprocess_segment(s), 1, order)
        grams.append(g)
        lens.append(ln)
    # per n-gram: the two largest counts and the owner of the largest
    top: dict = {}
    for i, g in enumerate(grams):
        for gram, c in g.items():
            t = top.get(gram)
            if t is None:
                top[gram] = [c, i, 0]
            elif c > t[0]:
                top[gram] = [c, i, t[0]]
            elif c > t[2]:
                t[2] = c
    len_count = Counter(lens)
    distinct_lens = sorted(len_count)
    out = []
    for i, g in enumerate(grams):
        correct = [0] * order
        total = [0] * order
        for gram, c in g.items():
            k = len(gram) - 1
            total[k] += c
            t = top[gram]
            ref = t[2] if t[1] == i else t[0]
            correct[k] += min(c, ref)
        # closest other length; ties to the shorter (sacrebleu's rule)
        best = None
        for ln in distinct_lens:
            if ln == lens[i] and len_count[ln] < 2:
                continue
            d = abs(lens[i] - ln)
            if best is None or d < best[0] or (d == best[0] and ln < best[1]):
                best = (d, ln)
        score = BLEU.compute_bleu(correct=correct, total=total, sys_len=lens[i],
                                  ref_len=best[1], smooth_method=bleu.smooth_method,
                                  smooth_value=bleu.smooth_value,
                                  effective_order=bleu.effective_order,
                                  max_ngram_order=order)
        out.append(score.score)
    return out


def ct_bleu(cl: LoadedChecklist, scope: str = "document", tokenize: str | None = None
            ) -> dict:
    """CT-BLEU of a CheckList (see the module docstring) and its parts."""
    tok = tokenize or default_tokenizer(cl.lang)
    strings = [skeleton_string(p.template) for p in cl.prepared]
    if scope == "document":
        scopes = {None: list(range(len(strings)))}
    elif scope == "group":
        scopes = {}
        for i in range(len(strings)):
            scopes.setdefault(cl.group_of(i) or cl.templates[i].get("id"), []).append(i)
    else:
        raise ValueError("CT-BLEU scope must be 'document' or 'group', not %r" % scope)
    per = [None] * len(strings)
    for members in scopes.values():
        for i, b in zip(members, cross_bleu([strings[i] for i in members], tok)):
            per[i] = b
    vals = [b for b in per if b is not None]
    return {"ct_bleu": sum(vals) / len(vals) if vals else None, "per_template": per,
            "tokenize": tok, "scored_templates": len(vals)}


@register
class Diversity(Metric):
    """#templates, #lexicon values, CT-BLEU (see the module docstring)."""

    name = "diversity"

    def __init__(self, scope: str = "document", tokenize: str | None = None):
        if scope not in ("document", "group"):
            raise ValueError("CT-BLEU scope must be 'document' or 'group'")
        self.scope = scope
        self.tokenize = tokenize

    def signature(self) -> str:
        import sacrebleu
        return sig("ct-bleu", scope=self.scope, tok=self.tokenize or "auto(zh/char/13a)",
                   slot="U+E000", smooth="exp", eff="yes", sacrebleu=sacrebleu.__version__)

    def score(self, cl: LoadedChecklist, reference: LoadedChecklist | None = None) -> dict:
        distinct: set = set()
        entries = slots = generated = 0
        skeletons: set = set()
        from .base import skeleton
        for p in cl.prepared:
            for base in p.template.bases():
                vals = p.values[base]
                entries += len(vals)
                distinct.update(v if isinstance(v, str) else tuple(v) for v in vals)
            slots += sum(1 for _ in p.template.slots())
            generated += p.size()
            skeletons.add(skeleton(p))
        n = len(cl.prepared)
        cb = ct_bleu(cl, self.scope, self.tokenize)
        summary = {"templates": n, "lexicon_values": len(distinct),
                   "lexicon_entries": entries,
                   "slots_per_template": slots / n if n else None,
                   "distinct_skeletons": len(skeletons), "generated": generated,
                   "CT-BLEU": cb["ct_bleu"]}
        return {"summary": summary, "ct_bleu_tokenize": cb["tokenize"],
                "ct_bleu_scored_templates": cb["scored_templates"]}
