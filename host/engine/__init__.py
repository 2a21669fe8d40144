"""Tools that work on the engine's own code and data (shared/crisscross), rather
than play it or put it on a board.

- ai_train.py (`python3 -m host.engine.ai_train`): learns the dice AI's tables
  by self-play, reproducibly from a seed (docs/ai.md); ai_train_digits.py its
  digits part.
- import_graph.py (`python3 -m host.engine.import_graph`): the engine's imports
  and their circles, read from the source (a test keeps none; the heap map
  benchmark names modules by it).
"""
