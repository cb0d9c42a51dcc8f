"""Bots stage, the compiled kernel: the generated kernel and the bots' game loop run by numba, when it is installed.

translate.py rewrites the Python kernel's functions and the measuring loop (the reference, and the one
source of the rules) for numba; runtime.py builds the module, caches it in the user's private folder
and loads it; playouts.py plays the search's playouts in it (search.pimc). The simulator plays its
runs' chunks in it too (simulate.compiled.chunk). Without numba, or with TOURING_KERNEL=python, nothing
here is loaded and the Python kernel plays the same games.
"""
