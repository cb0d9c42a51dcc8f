"""Simulate stage, the compiled backend: the generated kernel run by numba, when it is installed.

translate.py rewrites the Python kernel's functions (the reference, and the one source of the rules) for
numba; runtime.py builds, caches and loads the module; chunk.py plays a run's chunks with it and folds
the numbers into the same Tally the Python path makes.
"""
