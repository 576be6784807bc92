"""tea_solver: turn a CheckList in one language into CheckLists in many others.

Pipeline (one module per stage):
    io/          formats: CheckList documents, instance JSONL, validation
    expand       CheckList -> instances (fills recorded)
    tokenize     target text -> tokens with character offsets
    keys/        Step 1: lexicon keys (graph: the paper's word graph; align: source-guided)
    candidates   Step 2: every template that generates an instance
    cover/       Step 3: choose few templates (greedy baseline, exact CP-SAT ILP)
    filter       support counts and thresholds
    extract      the whole per-group pipeline -> target CheckList
    evaluate     metrics over CheckLists
"""

__version__ = "0.1.0"
