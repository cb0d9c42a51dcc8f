"""Simulate stage, the compiled backend's runs: a run's chunks played by the numba kernel, when it is installed.

The compiled kernel itself lives with the bots, whose game loop it compiles and whose search plays on it
(touring_dsl/bots/compiled: translate.py rewrites the Python kernel's functions, the reference and the one
source of the rules, for numba; runtime.py builds, caches and loads the module); chunk.py plays a run's
chunks with it and folds the numbers into the same Tally the Python path makes.
"""
