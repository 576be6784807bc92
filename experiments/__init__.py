"""Experiments: ablations over k, keys and solver; support thresholds under noise;
greedy vs ILP.  See experiments/README.md."""
