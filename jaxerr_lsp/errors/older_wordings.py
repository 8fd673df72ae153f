"""Older JAX wordings of a catalog entry's message: the `[[older]]` tables of an entry.

JAX rewords its errors from release to release (a scan carry mismatch said "scan carry output
and input must have identical types" until 0.4.6; a Python `if` on a traced value raised a
`ConcretizationTypeError` "... The problem arose with the `bool` function." until 0.4.13).
Users still paste the old wordings, from old installs and old issue threads. An entry lists
them so that `explain -` and the runtime companion recognize them; they are matched like the
entry's own templates and never shown as the current wording.

    [[older]]
    message = '''{what} must have identical types, got\\n{diff}.'''   # a template, as `message`
    versions = "0.4.1 - 0.4.6"      # the JAX releases that raise it (first - last)
    exception = "TypeError"          # when it differs from the entry's
    files = ["jax/_src/lax/control_flow/common.py", "jax/_src/lax/control_flow/loops.py"]
    binds = { what = "scan carry output and input" }

`files` name where the text is written in those releases (relative to site-packages; a file
that later moved to `jax/_src/` is found under either name), and `binds` the values JAX passes
for f-string fields the template writes out (`{what}` is "scan carry output and input" at the
scan's call site; a `str.format` message's positional `{}` is bound with the key `""`, as in
`binds = { "" = "bool" }`): `scripts/verify_older_wordings.py` downloads each release of the range and
finds every fixed part of the template there, and `tests/data/older_wordings_verified.json`
records where (release, file, line, the line's text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["OlderWording", "parse_older", "parse_version", "version_in_range"]

_VERSION_RE = re.compile(r"^[0-9]+(\.[0-9]+){1,3}$")
_RANGE_RE = re.compile(r"^\s*([0-9][0-9.]*)\s*(?:-\s*([0-9][0-9.]*)\s*)?$")
_FIELDS = ("message", "versions", "exception", "files", "binds")


@dataclass(frozen=True)
class OlderWording:
    """A wording of the entry's message in older JAX releases."""

    message: str  # the template, written like the entry's `message`
    first: str  # the first JAX release that raises it ("0.4.1")
    last: str  # the last one ("0.4.12")
    files: tuple[str, ...]  # where its text is written in those releases
    exception: str | None = None  # its exception, when it differs from the entry's
    binds: tuple[tuple[str, str], ...] = ()  # f-string fields the template writes out

    @property
    def versions(self) -> str:
        return self.first if self.first == self.last else f"{self.first} - {self.last}"


def parse_version(text: str) -> tuple[int, ...]:
    """"0.4.13" -> (0, 4, 13); ValueError for anything else."""
    if not _VERSION_RE.match(text):
        raise ValueError(f"not a JAX release number: {text!r}")
    return tuple(int(part) for part in text.split("."))


def version_in_range(version: str, wording: OlderWording) -> bool:
    return parse_version(wording.first) <= parse_version(version) <= parse_version(wording.last)


def parse_older(data: dict[str, Any], check_template: Callable[[str, Callable, str], None],
                check_exception: Callable[[str, Callable, str], None],
                fail: Callable[[str, str], Exception]) -> tuple[OlderWording, ...]:
    """The entry's `[[older]]` tables, validated (`fail(field, problem)` builds the error)."""
    raw = data.get("older", [])
    if not isinstance(raw, list):
        raise fail("older", f"must be an array of tables ([[older]]), not {type(raw).__name__}")
    result: list[OlderWording] = []
    for i, table in enumerate(raw):
        where = f"older[{i}]"
        if not isinstance(table, dict):
            raise fail(where, f"must be a table, not {type(table).__name__}")
        extra = sorted(set(table) - set(_FIELDS))
        if extra:
            raise fail(f"{where}.{extra[0]}", f"unknown field (expected {', '.join(_FIELDS)})")
        message = table.get("message")
        if not isinstance(message, str) or not message.strip():
            raise fail(f"{where}.message", "missing or empty (the older template)")
        check_template(message, fail, f"{where}.message")
        versions = table.get("versions")
        match = _RANGE_RE.match(versions) if isinstance(versions, str) else None
        if match is None:
            raise fail(f"{where}.versions", f'must read "first - last" (e.g. "0.4.1 - 0.4.30"), '
                                            f"not {versions!r}")
        first, last = match.group(1), match.group(2) or match.group(1)
        try:
            if parse_version(first) > parse_version(last):
                raise fail(f"{where}.versions", f"{first} comes after {last}")
        except ValueError as error:
            raise fail(f"{where}.versions", str(error)) from None
        exception = table.get("exception")
        if exception is not None:
            if not isinstance(exception, str):
                raise fail(f"{where}.exception", "must be a string")
            check_exception(exception, fail, f"{where}.exception")
        files = table.get("files")
        if (not isinstance(files, list) or not files
                or not all(isinstance(f, str) and f.endswith(".py") and not f.startswith("/")
                           and ".." not in f.split("/") for f in files)):
            raise fail(f"{where}.files", "must list the .py files (relative to site-packages) "
                                         "that hold the text")
        binds = table.get("binds", {})
        if not isinstance(binds, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                  for k, v in binds.items()):
            raise fail(f"{where}.binds", "must be a table of strings (field = value)")
        if any(o.message == message for o in result):
            raise fail(f"{where}.message", "the same older wording is listed twice")
        result.append(OlderWording(message=message, first=first, last=last, files=tuple(files),
                                   exception=exception, binds=tuple(binds.items())))
    return tuple(result)
