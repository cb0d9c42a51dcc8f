"""CLI stage, start-up: flag, text and path parameters converted without Typer loading pydantic for them."""
from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_origin


class PlainParams:
    """Mixin for a Typer command or group: its plain parameters, `--help` included, convert without pydantic."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            lighten(param)

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)  # made on first use, not in __init__
        if option is not None:
            lighten(option)
        return option


def lighten(param) -> None:
    """Give a plain bool, str or Path parameter (or list of them) a converter that needs no pydantic.

    Typer 0.29 converts every value through a pydantic TypeAdapter (an unset flag included), and
    importing pydantic is most of a summary command's time (about 0.2 s). A flag, a string or a path
    needs no validation, so such values convert as the adapter would, by hand; any other value goes to
    Typer's own converter. A Typer whose parameters look different is left alone: slower, never wrong.
    """
    try:
        from typer._coercion import build_runtime_param
        from typer._param_types import coerce_cli_path
    except ImportError:
        return
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or getattr(param, "_runtime_param", False) is not None:
        return
    leaf, many = _leaf(descriptor.annotation)
    info = descriptor.parameter_info
    if leaf is None or info.parser is not None or getattr(info, "path_type", None) is not None:
        return
    param._runtime_param = _PlainParam(leaf, many, descriptor, build_runtime_param, coerce_cli_path)


def _leaf(annotation: Any) -> tuple[type | None, bool]:
    """(bool, str or Path, whether a list of them) for the annotations converted here, else (None, False)."""
    many = get_origin(annotation) is list
    if many:
        (annotation,) = get_args(annotation) or (None,)
    return (annotation if annotation in (bool, str, Path) else None), many


class _PlainParam:
    """Typer's runtime-parameter contract (`coerce`) for bool, str, Path and lists of them."""

    def __init__(self, leaf: type, many: bool, descriptor, build_runtime_param, coerce_cli_path):
        self.leaf, self.many, self.descriptor = leaf, many, descriptor
        self._build_typer_param, self._coerce_path = build_runtime_param, coerce_cli_path
        self._typer_param = None

    def coerce(self, value: Any, param, ctx) -> Any:
        multi = param.multiple or param.nargs == -1
        if value is None:
            return () if multi else None
        if self.many and multi and isinstance(value, (list, tuple)) and all(map(self._plain, value)):
            return [self._convert(item, param, ctx) for item in value]
        if not self.many and not multi and self._plain(value):
            return self._convert(value, param, ctx)
        return self._typer(value, param, ctx)

    def _plain(self, value: Any) -> bool:
        if self.leaf is bool:
            return isinstance(value, bool)
        return isinstance(value, str) or (self.leaf is Path and isinstance(value, Path))

    def _convert(self, value: Any, param, ctx) -> Any:
        if self.leaf is not Path:
            return value
        # a Path already made is what Typer's path check takes without a pydantic adapter
        return self._coerce_path(Path(value), self.descriptor.parameter_info, path_type=Path, param=param, ctx=ctx)

    def _typer(self, value: Any, param, ctx) -> Any:
        if self._typer_param is None:
            self._typer_param = self._build_typer_param(self.descriptor)
        return self._typer_param.coerce(value, param=param, ctx=ctx)
