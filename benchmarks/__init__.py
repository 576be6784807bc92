"""Benchmarks: programs that print figures (speed, quality); no test asserts on their timings."""
