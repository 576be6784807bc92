"""Regenerate the demo data (run from the repo root: python data/demo/make_demo.py).

The source CheckList (English, three templates) is expanded with the project's
own expander; each instance is then "translated" by hand-written rules into
Hindi and Japanese, standing in for machine translation.  The two languages
differ in the ways TEA must cope with:

* Hindi (Devanagari, SOV, spaces between words) marks gender agreement: an
  adjective and the past copula agree with the noun (विमान अच्छा था, सेवा अच्छी
  थी) and, in the comparison, with the first person's gender (जॉन लंबा है, मैरी
  लंबी है) — the agreement split TEA's plain keys over-generate;
* Japanese is written without spaces, so tokens are characters.

One Hindi instance is deliberately mistranslated (noise), so that support
counts have something to filter.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from tea_solver.expand import expand_checklist  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

SOURCE = {
    "format": "tea-checklist/1",
    "lang": "en",
    "lexicons": {
        "air_noun": ["flight", "seat", "service", "food", "plane"],
        "pos_adj": ["good", "great", "excellent"],
        "first_name": ["John", "Mary", "Ahmed", "Priya"],
    },
    "templates": [
        {"id": "demo-vocab-001", "template": "The {air_noun} was {pos_adj}.",
         "label": 2, "capability": "Vocabulary", "test": "Sentiment-laden words in context"},
        {"id": "demo-neg-001", "template": "The {air_noun} was not {pos_adj}.",
         "label": 0, "capability": "Negation", "test": "Simple negations: negative"},
        {"id": "demo-comp-001", "template": "{first_name} is {adj[0]} than {first_name1}.",
         "lexicons": {"adj": [["taller", "tall"], ["older", "old"], ["stronger", "strong"]]},
         "capability": "Vocabulary", "test": "Comparisons"},
    ],
}

# --- Hindi ---------------------------------------------------------------------------
HI_NOUN = {"flight": ("उड़ान", "f"), "seat": ("सीट", "f"), "service": ("सेवा", "f"),
           "food": ("खाना", "m"), "plane": ("विमान", "m")}
HI_ADJ = {"good": {"m": "अच्छा", "f": "अच्छी"}, "great": {"m": "शानदार", "f": "शानदार"},
          "excellent": {"m": "बेहतरीन", "f": "बेहतरीन"}}
HI_WAS = {"m": "था", "f": "थी"}
HI_NAME = {"John": ("जॉन", "m"), "Mary": ("मैरी", "f"), "Ahmed": ("अहमद", "m"),
           "Priya": ("प्रिया", "f")}
HI_COMP = {"tall": {"m": "लंबा", "f": "लंबी"}, "old": {"m": "बड़ा", "f": "बड़ी"},
           "strong": {"m": "मज़बूत", "f": "मज़बूत"}}

# --- Japanese ------------------------------------------------------------------------
JA_NOUN = {"flight": "フライト", "seat": "座席", "service": "サービス", "food": "食事",
           "plane": "飛行機"}
JA_ADJ = {"good": "良かった", "great": "素晴らしかった", "excellent": "最高だった"}
JA_NEG = {"good": "良くなかった", "great": "素晴らしくなかった", "excellent": "最高ではなかった"}
JA_NAME = {"John": "ジョン", "Mary": "メアリー", "Ahmed": "アフメド", "Priya": "プリヤ"}
JA_COMP = {"tall": "背が高い", "old": "年上だ", "strong": "強い"}


def hindi(inst):
    f, tid = inst["fill"], inst["template_id"]
    if tid == "demo-comp-001":
        name, g = HI_NAME[f["first_name"]]
        other, _ = HI_NAME[f["first_name1"]]
        return "%s %s से %s है।" % (name, other, HI_COMP[f["adj"][1]][g])
    noun, g = HI_NOUN[f["air_noun"]]
    adj = HI_ADJ[f["pos_adj"]][g]
    if tid == "demo-neg-001":
        return "%s %s नहीं %s।" % (noun, adj, HI_WAS[g])
    return "%s %s %s।" % (noun, adj, HI_WAS[g])


def japanese(inst):
    f, tid = inst["fill"], inst["template_id"]
    if tid == "demo-comp-001":
        return "%sは%sより%s。" % (JA_NAME[f["first_name"]], JA_NAME[f["first_name1"]],
                                 JA_COMP[f["adj"][1]])
    if tid == "demo-neg-001":
        return "%sは%s。" % (JA_NOUN[f["air_noun"]], JA_NEG[f["pos_adj"]])
    return "%sは%s。" % (JA_NOUN[f["air_noun"]], JA_ADJ[f["pos_adj"]])


# the one mistranslation: MT dropped the copula and doubled the adjective
NOISE = {("hi", "demo-vocab-001/4"): "सीट बेहतरीन बेहतरीन।"}


def main():
    with open(os.path.join(HERE, "source.json"), "w", encoding="utf-8") as f:
        json.dump(SOURCE, f, ensure_ascii=False, indent=2)
        f.write("\n")
    records = expand_checklist(SOURCE, seed=0)
    for lang, translate in (("hi", hindi), ("ja", japanese)):
        path = os.path.join(HERE, "%s.instances.jsonl" % lang)
        with open(path, "w", encoding="utf-8") as f:
            for rec in records:
                rec = dict(rec, lang=lang)
                rec["target"] = NOISE.get((lang, rec["id"])) or translate(rec)
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        print("wrote", path)
        write_table(lang, path)


def write_table(lang, instances_path):
    """The translations as a pre-translated table (``source<TAB>target``), the input of
    ``tea-solver translate --pretranslated`` and of the bundled ``demo.toml`` run."""
    path = os.path.join(HERE, "%s.table.tsv" % lang)
    seen = {}
    with open(instances_path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            seen.setdefault(rec["source"], rec["target"])
    with open(path, "w", encoding="utf-8") as f:
        for source, target in seen.items():
            f.write("%s\t%s\n" % (source, target))
    print("wrote", path)


if __name__ == "__main__":
    main()
