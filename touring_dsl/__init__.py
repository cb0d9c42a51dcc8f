"""Touring rules as data: the package's public entry points (compile, load)."""
from .archive import load, resolve
from .compiler import compile_file, compile_text
from .errors import InternalError, TouringError

__version__ = "0.1.0"
__all__ = ["compile_file", "compile_text", "load", "resolve", "TouringError", "InternalError", "__version__"]
