"""Command line (SPEC §3).  Parses arguments and calls the library; nothing else.

Every user error becomes one line on stderr and exit status 2; output files are
written atomically, so a failed or interrupted run leaves none behind.
"""

from __future__ import annotations

import argparse
import os
import sys

from tea_solver import __version__
from tea_solver.errors import InputError, Terminated, WorkerDied, one_line
from tea_solver.expand import DEFAULT_MAX_INSTANCES
from tea_solver.progress import PROGRESS_DELAY
from tea_solver.workers import AUTO_JOBS_MIN_INSTANCES, auto_jobs, available_cores

EXIT_OK, EXIT_INTERNAL, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (SPEC §3), not usage + error."""

    def error(self, message):  # noqa: D401 - argparse API
        raise InputError(message, path=None)


def _int_at_least(low: int):
    """argparse type: an integer >= ``low``, with a one-line message otherwise."""
    def parse(text):
        try:
            v = int(text)
        except ValueError:
            v = None
        if v is None or v < low:
            raise argparse.ArgumentTypeError("expected an integer >= %d, got %r" % (low, text))
        return v
    return parse


_positive_int = _int_at_least(1)


def _jobs(text: str):
    """``--jobs``: a positive integer or ``auto``."""
    return "auto" if text == "auto" else _positive_int(text)


_nonneg_int = _int_at_least(0)

#: CP-SAT's random seed is a 32-bit signed integer.
MAX_SEED = 2 ** 31 - 1


def _seed(text):
    """argparse type: a seed CP-SAT accepts (0 .. 2**31 - 1), one line otherwise."""
    try:
        v = int(text) if len(text) <= 20 else None
    except ValueError:
        v = None
    if v is None or not 0 <= v <= MAX_SEED:
        shown = text if len(text) <= 24 else text[:20] + "…"
        raise argparse.ArgumentTypeError("expected an integer from 0 to %d, got %r"
                                         % (MAX_SEED, shown))
    return v


def _positive_float(text):
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a number of seconds, got %r" % text)
    if not v > 0 or v != v or v == float("inf"):
        raise argparse.ArgumentTypeError("expected a positive number of seconds, got %r" % text)
    return v


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def _size(text):
    """argparse type: a byte count, ``1048576`` or with a binary unit ``512K``, ``16M``, ``1G``."""
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = t[-1:] if t[-1:] in _UNITS else ""
    number = t[:-1] if unit else t
    if not number.isdigit() or len(number) > 15 or int(number) < 1:
        raise argparse.ArgumentTypeError("expected a size such as 1048576, 512K, 16M or 1G, "
                                         "got %r" % text[:24])
    return int(number) * _UNITS[unit]


def _add_read_limits(parser) -> None:
    """``--max-input-size`` and ``--max-line-length``, shared by every reading command."""
    from tea_solver.io.atomic import ReadLimits, human_size
    parser.add_argument("--max-input-size", type=_size, metavar="SIZE",
                        default=ReadLimits.max_bytes,
                        help="refuse an input file larger than this (default: %s)"
                        % human_size(ReadLimits.max_bytes))
    parser.add_argument("--max-line-length", type=_size, metavar="SIZE",
                        default=ReadLimits.max_line,
                        help="refuse a JSON Lines file with a longer line (default: %s)"
                        % human_size(ReadLimits.max_line))


class DefaultsHelpFormatter(argparse.HelpFormatter):
    """``--help`` shows every option's default, once.

    argparse's ``ArgumentDefaultsHelpFormatter`` also prints ``(default: None)``
    and ``(default: False)`` and repeats a default the help text already states;
    this one adds ``(default: X)`` only where there is one to tell.
    """

    def _get_help_string(self, action):
        text = action.help or ""
        if (not action.option_strings or action.required or "default" in text.lower()
                or any(action.default is v for v in (None, False, argparse.SUPPRESS))):
            return text
        return text + " (default: %(default)s)"


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tea-solver", description="Multilingual CheckList template extraction "
                "(TEA) with an exact set cover.", formatter_class=DefaultsHelpFormatter)
    p.add_argument("--version", action="version", version="tea-solver " + __version__)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name, help_text):
        return sub.add_parser(name, help=help_text, description=help_text,
                              formatter_class=DefaultsHelpFormatter)

    e = command("expand", "CheckList -> instances (JSON Lines, with the fill of each)")
    e.add_argument("checklist", help="source CheckList (tea-checklist/1 JSON)")
    e.add_argument("-o", "--output", required=True, metavar="INSTANCES.jsonl",
                   help="instance file to write (written whole or not at all)")
    e.add_argument("--max-per-template", type=_positive_int, default=None, metavar="N",
                   help="a seeded uniform sample of N fills per template (default: all)")
    e.add_argument("--seed", type=_seed, default=0, help="sampling seed, 0..%d" % MAX_SEED)
    e.add_argument("--max-instances", type=_positive_int, metavar="N",
                   default=DEFAULT_MAX_INSTANCES,
                   help="refuse a CheckList that expands to more instances, counted before "
                        "any is made (default: %s)" % format(DEFAULT_MAX_INSTANCES, ","))
    _add_read_limits(e)

    x = command("extract", "instances (JSON Lines) -> target CheckList")
    x.add_argument("instances", help="instance file: template_id and target per line; "
                   "source and fill for --keys align")
    x.add_argument("-o", "--output", required=True, metavar="TARGET.json",
                   help="target CheckList to write (written whole or not at all)")
    x.add_argument("--solver", choices=("ilp", "greedy"), default="ilp",
                   help="set cover: exact CP-SAT ILP, or the paper's greedy")
    x.add_argument("--keys", choices=("graph", "align"), default=None,
                   help="Step 1: alignment-guided keys named after the source slots, or the "
                        "paper's word-graph keys (default: align; graph where the instances "
                        "have no source and fill, recorded in report.keys_fallback, and a "
                        "warning when align was asked for)")
    x.add_argument("--k", type=_positive_int, default=2,
                   help="graph keys: at most K tokens between two nodes (paper: 2)")
    x.add_argument("--paths", choices=("attested", "graph"), default="attested",
                   help="graph keys: paths seen in a target, or every graph path")
    x.add_argument("--no-normalize-keys", action="store_true",
                   help="graph keys exactly as the paper (no affix stripping)")
    x.add_argument("--match", choices=("token", "substring"), default="token",
                   help="terminal matching on token boundaries or anywhere (paper)")
    x.add_argument("--key-selection", choices=("all", "iterative"), default="all",
                   help="use all keys, or add them one at a time (paper Step 3)")
    x.add_argument("--min-support", type=_nonneg_int, default=1, metavar="N",
                   help="drop templates (and, with align keys, lexicon values) seen fewer "
                        "than N times; report.groups[].dropped lists them")
    x.add_argument("--time-limit", type=_positive_float, default=30.0, metavar="SECONDS",
                   help="per group: CP-SAT deterministic seconds; the whole cover stage "
                        "ends within about 3 x SECONDS + 1 wall-clock seconds")
    x.add_argument("--seed", type=_seed, default=0, help="CP-SAT seed, 0..%d" % MAX_SEED)
    x.add_argument("--max-candidates", type=_positive_int, default=4096, metavar="N",
                   help="per instance; above it the instance's matches are thinned and "
                        "enumeration is cut (reported as truncated_instances)")
    x.add_argument("--aligner", default="cooccurrence",
                   help="align keys: cooccurrence (offline, no model) or simalign")
    x.add_argument("--align-model", default=None,
                   help="simalign: Hugging Face model id or local path")
    x.add_argument("--align-method", choices=("argmax", "itermax", "match"), default="itermax",
                   help="simalign: SimAlign's inter, itermax or mwmf")
    x.add_argument("--align-anywhere", action="store_true",
                   help="align keys: replace terminals wherever they occur, not only "
                        "at the spans aligned in each instance")
    x.add_argument("--no-agreement", action="store_true",
                   help="align keys: do not split or couple templates whose slots agree")
    x.add_argument("--no-cross-group", action="store_true",
                   help="align keys: align each group on its own, without evidence from "
                        "the other groups that share its lexicons")
    x.add_argument("--outliers", choices=("auto", "off"), default="auto",
                   help="align keys: leave out, and report, the instances the model finds "
                        "corrupted where their templates cost more than their support is worth "
                        "(auto), or cover every instance (off) (default: %(default)s)")
    x.add_argument("--budget", type=_positive_int, default=None, metavar="B",
                   help="at most B templates per source template, covering the most "
                        "instances (partial cover; what is left out is in the report)")
    x.add_argument("--budget-total", type=_positive_int, default=None, metavar="B",
                   help="at most B templates over the whole file, shared between the "
                        "source templates so as to cover the most instances")
    x.add_argument("--jobs", type=_jobs, default="auto", metavar="N|auto",
                   help="processes that extract groups (at most the cores; auto: two "
                        "for a file of %d instances or more, where two cores are free; "
                        "the output is the same whatever N)" % AUTO_JOBS_MIN_INSTANCES)
    x.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bars on stderr (default: on a terminal, once a run "
                        "takes over %g seconds)" % PROGRESS_DELAY)
    _add_read_limits(x)

    v = command("evaluate", "score CheckLists (diversity, correctness, utility, cost)")
    v.add_argument("checklists", nargs="+", help="CheckLists to score")
    v.add_argument("--reference", default=None,
                   help="reference CheckList (or mcl_bench gold file) for correctness")
    v.add_argument("-o", "--output", default=None, metavar="DIR",
                   help="directory for the tables (CSV, Markdown, JSON)")
    v.add_argument("--verified", default=None,
                   help="the verified CheckList (review import): reference for TEA vs VER "
                        "P/R and FR-diff, plus the edits and deletions the verifier made")
    v.add_argument("--predictions", default=None,
                   help="FR: model predictions, JSONL of {text|id, pred}")
    v.add_argument("--model", default=None,
                   help="FR: transformers text-classification model (hub id or local path)")
    v.add_argument("--label-map", default=None,
                   help="model labels -> ints, e.g. LABEL_0=0,LABEL_1=2")
    v.add_argument("--batch-size", type=_positive_int, default=32, help="FR: model batch size")
    v.add_argument("--device", default=None, help="transformers device (cpu, cuda, 0, ...)")
    v.add_argument("--max-per-template", type=_positive_int, default=100,
                   help="FR: test instances per template (seeded sample above it)")
    v.add_argument("--seed", type=_seed, default=0, help="sampling seed, 0..%d" % MAX_SEED)
    v.add_argument("--cap", type=_positive_int, default=200000,
                   help="language-level P/R: strings per template before sampling")
    v.add_argument("--ct-bleu-scope", choices=("document", "group"), default="document",
                   help="CT-BLEU between all templates of a CheckList, or within a group")
    v.add_argument("--ct-bleu-tokenize", default=None,
                   choices=("13a", "zh", "char", "intl", "none"),
                   help="sacrebleu tokenizer for CT-BLEU (default: by language)")
    _add_read_limits(v)

    t = command("translate", "instances (JSONL, with 'source') -> instances with a "
                "machine-translated 'target'")
    t.add_argument("instances", help="JSONL, one instance per line with a 'source' "
                   "(tea-solver expand writes them)")
    t.add_argument("-o", "--output", required=True, help="translated instances (JSONL)")
    how = t.add_mutually_exclusive_group(required=True)
    how.add_argument("--model", default=None,
                     help="transformers seq2seq model: hub id or local directory (MarianMT, "
                          "NLLB-200, M2M100, mBART-50, ...)")
    how.add_argument("--pretranslated", default=None, metavar="TABLE",
                     help="translations made elsewhere: 'source<TAB>target' lines, or JSONL "
                          "objects with source and target")
    t.add_argument("--src", default="en", help="source language (default: en)")
    t.add_argument("--tgt", required=True,
                   help="target language: ISO 639-1 (hi) or the model's own code (hin_Deva)")
    t.add_argument("--lang", default=None,
                   help="value of the instances' 'lang' (default: the ISO 639-1 code of "
                        "--tgt, hin_Deva -> hi)")
    t.add_argument("--field", type=_positive_int, action="append", default=None, metavar="N",
                   help="multi-field instances: translate field N only (1-based; repeatable; "
                        "other fields are copied). Default: every field")
    t.add_argument("--batch-size", type=_positive_int, default=16,
                   help="strings per generate call, longest first (default: 16)")
    t.add_argument("--num-beams", type=_positive_int, default=4,
                   help="beam search width; 1 = greedy decoding (default: 4)")
    t.add_argument("--max-new-tokens", type=_positive_int, default=256,
                   help="longest translation in tokens (default: 256)")
    t.add_argument("--device", default="auto",
                   help="auto (GPU when torch sees one), cpu, cuda, ...")
    t.add_argument("--cache", default=None, metavar="PATH",
                   help="translation cache (default: $TEA_SOLVER_CACHE or "
                        "~/.cache/tea-solver/translations.sqlite3)")
    t.add_argument("--no-cache", action="store_true", help="translate everything again")
    t.add_argument("--failures", default=None, metavar="PATH",
                   help="write every string that could not be translated (JSONL)")
    t.add_argument("--skip-failures", action="store_true",
                   help="write the instances that translated, leave the failed ones out (warned)")
    bar = t.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="progress bar (default: on a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false",
                     help="no progress bar")

    rn = command("run", "expand -> translate -> extract -> (review) -> evaluate, from one "
                 "TOML config; steps whose outputs are up to date are skipped")
    rn.add_argument("config", help="the run's TOML config (see data/demo/run.toml)")
    rn.add_argument("--workdir", default=None,
                   help="where outputs go (default: the config's [run] workdir)")
    rn.add_argument("--force", action="store_true", help="run every step, up to date or not")

    d = command("demo", "run the main job on bundled data")
    d.add_argument("--review-dir", default=None,
                   help="where to write the review page (default: a new temporary directory)")

    r = command("review", "human verification: a review page out, decisions in")
    rsub = r.add_subparsers(dest="review_command", required=True, parser_class=_Parser)
    rx = rsub.add_parser("export", help="TARGET.json -> DIR/review.html and DIR/review.tsv",
                         formatter_class=DefaultsHelpFormatter)
    rx.add_argument("target", help="the target CheckList extract wrote")
    rx.add_argument("-o", "--output", required=True, help="directory to write into")
    rx.add_argument("--instances", default=None,
                    help="the instance file extract read: covered instances and sources")
    rx.add_argument("--source", default=None, help="the source CheckList (template texts)")
    rx.add_argument("--examples", type=_positive_int, default=3,
                    help="instances shown per template")
    ri = rsub.add_parser("import", help="apply a decisions file (.json or .tsv) to TARGET",
                         formatter_class=DefaultsHelpFormatter)
    ri.add_argument("target", help="the target CheckList the decisions were made on")
    ri.add_argument("decisions", help="decisions saved from review.html (.json) or review.tsv")
    ri.add_argument("-o", "--output", required=True, metavar="VERIFIED.json",
                    help="the verified CheckList to write")

    ex = command("export", "write a CheckList in another tool's format")
    ex.add_argument("target", help="a CheckList (tea-checklist/1 JSON)")
    ex.add_argument("--format", choices=("checklist",), default="checklist",
                    help="checklist: what the checklist package's Editor.template takes")
    ex.add_argument("-o", "--output", required=True, help="file to write")
    return p


def cmd_expand(args) -> int:
    from tea_solver.expand import iter_expanded
    from tea_solver.io import check_output, iter_dump_instances, load_checklist, write_atomic
    check_output(args.output, [args.checklist])
    doc = load_checklist(args.checklist)
    # counted (and refused above --max-instances) before the first instance, then streamed
    records = iter_expanded(doc, max_per_template=args.max_per_template, seed=args.seed,
                            path=args.checklist, max_instances=args.max_instances)
    written = [0]

    def counted():
        for rec in records:
            written[0] += 1
            yield rec
    write_atomic(args.output, iter_dump_instances(counted()), inputs=[args.checklist])
    print(one_line("wrote %d instances to %s" % (written[0], args.output)), file=sys.stderr)
    return EXIT_OK


def options_from_args(args):
    from tea_solver.extract import ExtractOptions
    return ExtractOptions(
        solver=args.solver, keys=args.keys or "align", k=args.k, paths=args.paths,
        normalize_keys=not args.no_normalize_keys, match=args.match,
        key_selection=args.key_selection, min_support=args.min_support,
        time_limit=args.time_limit, seed=args.seed, max_candidates=args.max_candidates,
        aligner=args.aligner, align_model=args.align_model, align_method=args.align_method,
        align_anywhere=args.align_anywhere, agreement=not args.no_agreement,
        cross_group=not args.no_cross_group, outliers=args.outliers, budget=args.budget,
        budget_total=args.budget_total)


def cmd_extract(args) -> int:
    from tea_solver.extract import extract
    from tea_solver.io import check_output, dump_checklist, read_instance_file, write_atomic
    opts = options_from_args(args)
    check_output(args.output, [args.instances])
    data = read_instance_file(args.instances)
    jobs = args.jobs
    if jobs == "auto":
        jobs = auto_jobs(len(data.records), available_cores())
    elif jobs > available_cores():
        # more processes than cores only adds memory (a copy of the pipeline each)
        jobs = available_cores()
        print("tea-solver: warning: --jobs %d is more than the %d available cores; using %d"
              % (args.jobs, jobs, jobs), file=sys.stderr)
    doc = extract(data.records, opts, jobs=jobs, progress=args.progress)
    fallback = doc["report"].get("keys_fallback")
    if fallback and args.keys == "align":      # asked for, not the default
        print(one_line("tea-solver: warning: %s:%s: %s; extracting with --keys graph"
                       % (args.instances, fallback["line"] or fallback["instance"],
                          fallback["reason"])), file=sys.stderr)
    doc["report"]["non_nfc_instances"] = data.non_nfc
    write_atomic(args.output, dump_checklist(doc), inputs=[args.instances])
    groups = doc["report"]["groups"]
    print(one_line("wrote %d templates for %d groups to %s"
                   % (len(doc["templates"]), len(groups), args.output)), file=sys.stderr)
    return EXIT_OK


def cmd_evaluate(args) -> int:
    from tea_solver.evaluate import run_evaluate
    return run_evaluate(args.checklists, reference=args.reference, out_dir=args.output,
                        predictions=args.predictions, model=args.model,
                        label_map=args.label_map, batch_size=args.batch_size,
                        device=args.device, max_per_template=args.max_per_template,
                        seed=args.seed, cap=args.cap, ct_bleu_scope=args.ct_bleu_scope,
                        ct_bleu_tokenize=args.ct_bleu_tokenize, verified=args.verified)


def cmd_translate(args) -> int:
    from tea_solver.translate import describe_translation, run_translate
    stats = run_translate(args.instances, args.output, model=args.model,
                          pretranslated=args.pretranslated, src=args.src, tgt=args.tgt,
                          lang=args.lang, fields=args.field, batch_size=args.batch_size,
                          num_beams=args.num_beams, max_new_tokens=args.max_new_tokens,
                          device=args.device, cache_path=args.cache,
                          use_cache=not args.no_cache, failures_path=args.failures,
                          skip_failures=args.skip_failures, progress=args.progress)
    print("wrote %s to %s" % (describe_translation(stats, args.pretranslated), args.output),
          file=sys.stderr)
    return EXIT_OK


def cmd_run(args) -> int:
    from tea_solver.run import run_config
    return run_config(args.config, workdir=args.workdir, force=args.force)


def cmd_demo(args) -> int:
    from tea_solver.demo import run_demo
    return run_demo(review_dir=args.review_dir)


def cmd_review(args) -> int:
    from tea_solver import review
    if args.review_command == "export":
        res = review.export_review(args.target, args.output, instances=args.instances,
                                   source=args.source, examples=args.examples)
        print("wrote %s and %s (%d templates)" % (res.html, res.tsv, res.bundle["templates"]),
              file=sys.stderr)
        return EXIT_OK
    outcome = review.import_review(args.target, args.decisions, args.output)
    for line in review.summary_lines(outcome, args.output):
        print(line, file=sys.stderr)
    return EXIT_OK


def cmd_export(args) -> int:
    from tea_solver.export_checklist import dump_editor, to_editor
    from tea_solver.io import read_checklist_file, write_atomic
    loaded = read_checklist_file(args.target)
    editor, inexact = to_editor(loaded.doc, loaded.templates)
    write_atomic(args.output, dump_editor(editor))
    if inexact:
        print("tea-solver: warning: %d template(s) share a value between two lexicons and "
              "use cardinals; Editor.template(remove_duplicates=True) drops more fills than "
              "they generate: %s" % (len(inexact), ", ".join(inexact[:5])), file=sys.stderr)
    print("wrote %d templates to %s" % (len(editor["templates"]), args.output), file=sys.stderr)
    return EXIT_OK


COMMANDS = {"expand": cmd_expand, "extract": cmd_extract, "evaluate": cmd_evaluate,
            "translate": cmd_translate, "run": cmd_run, "demo": cmd_demo,
            "review": cmd_review, "export": cmd_export}


def main(argv=None) -> int:
    from tea_solver import signals
    try:
        with signals.handled():
            args = build_parser().parse_args(argv)
            from tea_solver.io import read_limits
            with read_limits(getattr(args, "max_input_size", None),
                             getattr(args, "max_line_length", None)):
                return COMMANDS[args.command](args)
    except Terminated as e:
        print("tea-solver: terminated by %s; no output file was written" % e.name,
              file=sys.stderr)
        return 128 + e.signum
    except InputError as e:
        print("tea-solver: error: %s" % e, file=sys.stderr)
        return EXIT_USAGE
    except WorkerDied as e:
        print(one_line("tea-solver: error: %s" % e), file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        print("tea-solver: interrupted; no output file was written", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as e:  # a bug, not bad input: one line, traceback on request
        if os.environ.get("TEA_SOLVER_DEBUG"):
            raise
        print(one_line("tea-solver: internal error: %s: %s (set TEA_SOLVER_DEBUG=1 for a "
                       "traceback)" % (type(e).__name__, e)), file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
