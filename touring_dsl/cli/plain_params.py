"""CLI stage, start-up: flag, text, path and whole-number parameters converted without Typer loading pydantic for them."""
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
    """Give a plain bool, str, Path or int parameter (or list of them) a converter that needs no pydantic;
    an on/off flag also loses the `<bool>` type that `--help` would show beside it (its presence is its value).

    Typer 0.29 converts every value through a pydantic TypeAdapter (an unset flag included), and
    importing pydantic is most of a summary command's time (about 0.2 s). A flag, a string or a path
    needs no validation, and a whole number written plainly in range needs only int(); such values
    convert as the adapter would, by hand; any other value (a number out of range or written oddly, so
    that the error is Typer's own) goes to Typer's own converter. A Typer whose parameters look different is left alone: slower, never wrong.
    """
    try:
        from typer._coercion import build_runtime_param
        from typer._param_types import coerce_cli_path
    except ImportError:
        return
    if getattr(param, "is_flag", False):
        param.display_type_rich = lambda ctx: None
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or getattr(param, "_runtime_param", False) is not None:
        return
    leaf, many = _leaf(descriptor.annotation)
    info = descriptor.parameter_info
    if leaf is None or info.parser is not None or getattr(info, "path_type", None) is not None:
        return
    if leaf is int and getattr(info, "clamp", False):
        return
    param._runtime_param = _PlainParam(leaf, many, descriptor, build_runtime_param, coerce_cli_path)


def _leaf(annotation: Any) -> tuple[type | None, bool]:
    """(bool, str, Path or int, whether a list of them) for the annotations converted here, else (None, False)."""
    many = get_origin(annotation) is list
    if many:
        (annotation,) = get_args(annotation) or (None,)
    return (annotation if annotation in (bool, str, Path, int) else None), many


class _PlainParam:
    """Typer's runtime-parameter contract (`coerce`) for bool, str, Path, int and lists of them."""

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
        if self.leaf is int:
            return plain_int(value, self.descriptor.parameter_info)
        return isinstance(value, str) or (self.leaf is Path and isinstance(value, Path))

    def _convert(self, value: Any, param, ctx) -> Any:
        if self.leaf is int:
            return int(value)
        if self.leaf is not Path:
            return value
        # a Path already made is what Typer's path check takes without a pydantic adapter
        return self._coerce_path(Path(value), self.descriptor.parameter_info, path_type=Path, param=param, ctx=ctx)

    def _typer(self, value: Any, param, ctx) -> Any:
        if self._typer_param is None:
            self._typer_param = self._build_typer_param(self.descriptor)
        return self._typer_param.coerce(value, param=param, ctx=ctx)


def plain_int(value: Any, info) -> bool:
    """Whether `value` is a whole number (or ASCII digits, with an optional minus) within the parameter's
    min and max: the values int() converts exactly as Typer's adapter would."""
    if isinstance(value, bool):
        return False
    if isinstance(value, str):
        digits = value[1:] if value.startswith("-") else value
        if not (0 < len(digits) <= 18 and digits.isascii() and digits.isdigit()):
            return False
        value = int(value)
    elif not isinstance(value, int):
        return False
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    return (low is None or value >= low) and (high is None or value <= high)
