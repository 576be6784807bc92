"""Shared fixtures: a tiny CheckList and synthetic "translators".

A synthetic translation is a word substitution dictionary plus a word-order
permutation, so the target of an instance is a deterministic function of its
source and the true target template is known: the permuted, substituted source
template.  The unsegmented variant maps every word to a short kana string and
joins them with no space (a Japanese-like script).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Sequence

import pytest

from tea_solver.expand import expand_checklist
from tea_solver.io.instances import parse_instance

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"

# --------------------------------------------------------------------------- #
# Vocabulary of the synthetic CheckLists (English) and its "translations"

#: word classes, pairwise disjoint, used as lexicons
WORD_CLASSES = {
    "name": ["John", "Mary", "Ahmed", "Priya", "Lena", "Omar"],
    "city": ["Paris", "London", "Tokyo", "Lima", "New York"],
    "adj": ["good", "bad", "great", "cold", "small"],
    "noun": ["flight", "seat", "food", "plane", "service"],
}
#: literal words of templates
FILLERS = ["the", "is", "was", "very", "and", "than", "today", "not", "really"]

#: a segmented "target language": every English word has its own word
LATIN = {
    "John": "Juan", "Mary": "Maria", "Ahmed": "Ahmad", "Priya": "Priyanka", "Lena": "Lenka",
    "Omar": "Umar", "Paris": "Parigi", "London": "Londra", "Tokyo": "Tokio", "Lima": "Limah",
    "New": "Nueva", "York": "Yorka", "good": "bueno", "bad": "malo", "great": "grande",
    "cold": "frio", "small": "chico", "flight": "vuelo", "seat": "asiento", "food": "comida",
    "plane": "avion", "service": "servicio", "the": "el", "is": "es", "was": "era",
    "very": "muy", "and": "y", "than": "que", "today": "hoy", "not": "no", "really": "bien",
    "The": "El", "flights": "vuelos",
}

#: an unsegmented "target language": every word is 1-3 kana, joined with no space
KANA = {
    "John": "ジョン", "Mary": "メアリ", "Ahmed": "アメド", "Priya": "プリヤ", "Lena": "レナ",
    "Omar": "オマル", "Paris": "パリ", "London": "ロンドン", "Tokyo": "とうきょう",
    "Lima": "リマ", "New": "ニュ", "York": "ヨク", "good": "よい", "bad": "わるい",
    "great": "すごい", "cold": "さむい", "small": "ちさい", "flight": "びん", "seat": "せき",
    "food": "たべも", "plane": "ひこき", "service": "サビス", "the": "ザ", "is": "は",
    "was": "でした", "very": "とても", "and": "と", "than": "より", "today": "きょう",
    "not": "ない", "really": "ほんと", "The": "ザ", "flights": "びんら",
}


class SyntheticTranslator:
    """source text -> target text: substitute every word, permute the word order.

    ``order``: ``"reverse"`` (all words reversed), ``"rotate"`` (first word
    moved to the end, a verb-final-like order) or ``"keep"``.  ``joiner`` is
    put between target words ('' for an unsegmented script); ``final`` replaces
    the source's final punctuation.  Deterministic and injective on the
    vocabulary above, so distinct sources give distinct targets.
    """

    def __init__(self, dictionary: dict, order: str = "reverse", joiner: str = " ",
                 final: str = "."):
        self.dictionary = dictionary
        self.order = order
        self.joiner = joiner
        self.final = final

    def word(self, w: str) -> str:
        return self.dictionary.get(w, w[::-1] + "x")

    def sentence(self, text: str) -> str:
        text = text.strip()
        if text and text[-1] in ".?!":
            text = text[:-1]
        words = [self.word(w) for w in text.split()]
        if self.order == "reverse":
            words = words[::-1]
        elif self.order == "rotate" and words:
            words = words[1:] + words[:1]
        elif self.order != "keep":
            raise ValueError(self.order)
        return self.joiner.join(words) + self.final

    def __call__(self, source):
        if isinstance(source, str):
            return self.sentence(source)
        return [self.sentence(s) for s in source]


def translate_records(records: Sequence[dict], translator: Callable, lang: str) -> list[dict]:
    """Expanded instance dicts with ``target`` (and ``lang``) added."""
    out = []
    for rec in records:
        r = dict(rec)
        r["target"] = translator(rec["source"])
        r["lang"] = lang
        out.append(r)
    return out


def to_instances(records: Sequence[dict]) -> list:
    """Instance dicts -> validated :class:`tea_solver.io.records.Instance` objects."""
    return [parse_instance(json.loads(json.dumps(r)), n + 1)[0] for n, r in enumerate(records)]


def make_instances(doc: dict, translator: Callable, lang: str = "xx", *,
                   max_per_template: int | None = None, seed: int = 0) -> list:
    """Expand a CheckList, translate every instance, return Instance objects."""
    records = expand_checklist(doc, max_per_template=max_per_template, seed=seed)
    return to_instances(translate_records(records, translator, lang))


# --------------------------------------------------------------------------- #
# Fixtures

TINY_CHECKLIST = {
    "format": "tea-checklist/1",
    "lang": "en",
    "lexicons": {"name": ["John", "Mary", "Ahmed"], "adj": ["good", "bad", "great"]},
    "templates": [
        {"id": "tiny-001", "template": "{name} is {adj}.", "label": 1,
         "capability": "Vocabulary"},
        {"id": "tiny-002", "template": "{name} is not {adj} today.", "label": 0,
         "capability": "Negation"},
        {"id": "tiny-003", "template": "{name} is really {adj} and {name1} is {adj}.",
         "label": 2, "capability": "Coref"},
    ],
}


@pytest.fixture(scope="session")
def tiny_checklist() -> dict:
    """A three-template English CheckList (fresh copy per use is the caller's job)."""
    return json.loads(json.dumps(TINY_CHECKLIST))


@pytest.fixture(scope="session")
def translator() -> SyntheticTranslator:
    """Segmented synthetic translation: word substitution + reversed word order."""
    return SyntheticTranslator(LATIN, order="reverse", joiner=" ", final=".")


@pytest.fixture(scope="session")
def ja_translator() -> SyntheticTranslator:
    """Unsegmented synthetic translation: kana words joined with no space, rotated order."""
    return SyntheticTranslator(KANA, order="rotate", joiner="", final="。")


@pytest.fixture(scope="session")
def tiny_instances(tiny_checklist, translator) -> list:
    """The tiny CheckList expanded in full and translated (segmented)."""
    return make_instances(tiny_checklist, translator, "xx")


@pytest.fixture
def write_jsonl(tmp_path):
    """Write instance dicts to a JSONL file in tmp_path; returns its path."""
    def write(records, name="instances.jsonl"):
        p = tmp_path / name
        p.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                     encoding="utf-8")
        return p
    return write
