"""Touring rules as data: the package's public entry points (compile, load), imported on first use."""
from __future__ import annotations

import importlib

__version__ = "0.1.0"
# Each name is looked up in its module on first use, so `touring --version` and a cached `touring show`
# do not pay for the parser and the compiler.
_HOMES = {"load": "archive", "resolve": "archive", "compile_file": "compiler", "compile_text": "compiler",
          "TouringError": "errors", "InternalError": "errors"}
__all__ = [*_HOMES, "__version__"]


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
