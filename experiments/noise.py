"""Simulated translation noise on instance targets (seeded).

Each instance is corrupted with probability ``rate``, once, by one operation
drawn uniformly from those that apply (``--ops``):

  drop       remove one token (needs two tokens or more)
  duplicate  repeat one token in place
  swap       swap two adjacent, different tokens
  replace    replace one token by another token of the same data set's targets

Tokens are whitespace-separated words, or characters for unsegmented scripts
(ja zh th my km lo, from the instance's ``lang``).  In a multi-field instance
one field is corrupted.  A corruption that leaves the target unchanged, or
turns it into another clean target of its group, is redrawn (10 tries, then
the instance stays clean).  The random stream is
``random.Random(f"{seed}:{rate}:{name}")`` and instances are visited in file
order, so a (file, rate, seed) always gives the same corruption.

As a command: ``python -m experiments.noise IN.jsonl -o OUT.jsonl --rate 0.1
--seed 13`` writes the noisy instances, and ``OUT.jsonl.noisy`` lists the ids
of the corrupted ones (one per line); the instance records themselves are
unchanged in shape, so no tool can tell noisy from clean.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from dataclasses import replace
from typing import Sequence

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

OPS = ("drop", "duplicate", "swap", "replace")
CHAR_LANGS = frozenset({"ja", "zh", "th", "my", "km", "lo"})


def tokenize(text: str, char_level: bool) -> list:
    return [c for c in text if not c.isspace()] if char_level else text.split()


def detokenize(tokens: Sequence[str], char_level: bool) -> str:
    return ("" if char_level else " ").join(tokens)


def corrupt_tokens(tokens: list, op: str, rng: random.Random, vocab: Sequence[str]) -> list:
    """One operation on a token list (a new list; may equal the input)."""
    t = list(tokens)
    if op == "drop":
        del t[rng.randrange(len(t))]
    elif op == "duplicate":
        i = rng.randrange(len(t))
        t.insert(i, t[i])
    elif op == "swap":
        pairs = [i for i in range(len(t) - 1) if t[i] != t[i + 1]]
        if pairs:
            i = rng.choice(pairs)
            t[i], t[i + 1] = t[i + 1], t[i]
    elif op == "replace":
        i = rng.randrange(len(t))
        choices = [w for w in vocab if w != t[i]]
        if choices:
            t[i] = rng.choice(choices)
    else:
        raise ValueError("unknown noise operation %r" % op)
    return t


def applicable(tokens: list, ops: Sequence[str]) -> list:
    out = []
    for op in ops:
        if op == "drop" and len(tokens) < 2:
            continue
        if op == "swap" and not any(a != b for a, b in zip(tokens, tokens[1:])):
            continue
        if tokens or op == "replace":
            out.append(op)
    return out


def add_noise(instances: Sequence, rate: float, seed: int = 0, name: str = "",
              ops: Sequence[str] = OPS) -> tuple[list, set, dict]:
    """(instances with noise, ids of the corrupted ones, count per operation)."""
    if not 0.0 <= rate <= 1.0:
        raise ValueError("noise rate must be in [0, 1]")
    for op in ops:
        if op not in OPS:
            raise ValueError("unknown noise operation %r (known: %s)" % (op, ", ".join(OPS)))
    rng = random.Random("%s:%s:%s" % (seed, rate, name))
    vocab: dict = {}
    clean: dict = {}
    for inst in instances:
        cl = (inst.lang or "").split("-")[0] in CHAR_LANGS
        for f in inst.target:
            vocab.setdefault(cl, set()).update(tokenize(f, cl))
        clean.setdefault(inst.template_id, set()).add(inst.target)
    vocab = {k: sorted(v) for k, v in vocab.items()}
    out, noisy, counts = [], set(), {op: 0 for op in ops}
    for inst in instances:
        if rate == 0 or rng.random() >= rate:
            out.append(inst)
            continue
        cl = (inst.lang or "").split("-")[0] in CHAR_LANGS
        new = None
        for _ in range(10):
            k = rng.randrange(len(inst.target))
            toks = tokenize(inst.target[k], cl)
            ops_here = applicable(toks, ops)
            if not ops_here:
                break
            op = rng.choice(ops_here)
            field = detokenize(corrupt_tokens(toks, op, rng, vocab.get(cl, ())), cl)
            target = inst.target[:k] + (field,) + inst.target[k + 1:]
            if field.strip() and target != inst.target and target not in clean[inst.template_id]:
                new = (target, op)
                break
        if new is None:
            out.append(inst)
            continue
        target, op = new
        counts[op] += 1
        raw = dict(inst.raw)
        raw["target"] = list(target) if inst.multi else target[0]
        out.append(replace(inst, target=target, raw=raw))
        noisy.add(inst.id)
    return out, noisy, counts


def main(argv=None) -> int:
    from tea_solver.errors import InputError
    from tea_solver.io import dump_instances, read_instance_file, write_atomic
    p = argparse.ArgumentParser(description="Add seeded translation noise to instance targets.")
    p.add_argument("instances")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--rate", type=float, default=0.1)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--ops", nargs="+", default=list(OPS), choices=OPS)
    args = p.parse_args(argv)
    try:
        recs = read_instance_file(args.instances).records
        noisy_recs, ids, counts = add_noise(recs, args.rate, args.seed,
                                            os.path.basename(args.instances), args.ops)
        write_atomic(args.output, dump_instances(noisy_recs), inputs=[args.instances])
        write_atomic(args.output + ".noisy", "".join(i + "\n" for i in sorted(ids)),
                     inputs=[args.instances])
    except (InputError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    print("corrupted %d of %d instances (%s)" % (len(ids), len(recs), ", ".join(
        "%s %d" % kv for kv in counts.items())), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
