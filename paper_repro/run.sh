#!/usr/bin/env bash
# The paper's pipeline around the (external) translation step; see README.md here.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$here/work"; mkdir -p "$work"
src="${SENTIMENT_MFT:-$here/../../shared/data/checklist-sentiment/sentiment_mft.json}"
case "${1:-}" in
  expand)
    tea-solver expand "$src" -o "$work/en.instances.jsonl" --max-per-template 50 --seed 0 ;;
  translate)
    lang="${2:?language}"
    tea-solver translate "$work/en.instances.jsonl" -o "$work/$lang.instances.jsonl" \
      --model "${MT_MODEL:-facebook/nllb-200-distilled-600M}" --src en --tgt "$lang" ;;
  extract)
    lang="${2:?language}"
    for keys in graph align; do
      for solver in greedy ilp; do
        tea-solver extract "$work/$lang.instances.jsonl" -o "$work/$lang.$keys-$solver.json" \
          --keys "$keys" --solver "$solver" --jobs 2
      done
    done ;;
  evaluate)
    lang="${2:?language}"; ref=()
    [ -n "${3:-}" ] && ref=(--reference "$3")
    tea-solver evaluate "$work/$lang".{graph,align}-{greedy,ilp}.json "${ref[@]}" \
      -o "$work/eval-$lang" ;;
  *) echo "usage: run.sh expand | translate LANG | extract LANG | evaluate LANG [REFERENCE.json]" >&2; exit 2 ;;
esac
