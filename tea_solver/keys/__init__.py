"""Step 1 of TEA: keys (lexicons) from target instances.

``graph`` (:mod:`tea_solver.keys.graph`): the paper's word graph.
``align`` (:mod:`tea_solver.keys.model`): one model of the whole language file
that reads each source slot's value spans off the target text, with the file's
word alignments (IBM Model 1, or SimAlign: :mod:`tea_solver.keys.simalign_backend`)
as evidence.
"""
