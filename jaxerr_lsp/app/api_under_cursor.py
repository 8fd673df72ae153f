"""Which JAX API a position in a line names, resolved through the file's imports.

Cheap on purpose (it runs on every hover): a regex over the import statements of the text (the
server keeps the result per document version) and a scan of one line; never a second analysis,
and tolerant of code that does not parse. The APIs and how each is recognized (qualified names,
or a method name) are catalog data (`[[api]]` tables, see jaxerr_lsp.errors.catalog).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from jaxerr_lsp.errors.catalog import ApiDoc, Catalog

__all__ = ["DottedName", "ApiAt", "import_map", "dotted_name_at", "api_at"]

_IMPORT = re.compile(r"^[ \t]*import[ \t]+([^\n#;]+)", re.MULTILINE)
_FROM_IMPORT = re.compile(
    r"^[ \t]*from[ \t]+([A-Za-z_][\w.]*)[ \t]+import[ \t]+(\([^)]*\)?|[^\n#;]+)", re.MULTILINE)
_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


def _is_jax(module: str) -> bool:
    return module == "jax" or module.startswith("jax.")


def import_map(text: str) -> dict[str, str]:
    """Local name -> qualified name, for the names `import jax...` / `from jax... import` bind.

    Only JAX imports are kept. A regex, not a parse: partial code is fine, and a parenthesized
    `from ... import (...)` may span lines."""
    names: dict[str, str] = {}
    for match in _IMPORT.finditer(text):
        for part in match.group(1).split(","):
            words = part.split()
            if not words or not _NAME.fullmatch(words[0]) or not _is_jax(words[0]):
                continue
            module = words[0]
            if len(words) == 3 and words[1] == "as" and words[2].isidentifier():
                names[words[2]] = module
            elif len(words) == 1:
                names[module.split(".")[0]] = module.split(".")[0]
    for match in _FROM_IMPORT.finditer(text):
        module = match.group(1)
        if not _is_jax(module):
            continue
        body = match.group(2).strip().strip("()")
        for part in body.replace("\\\n", " ").split(","):
            words = part.split()
            if not words or not words[0].isidentifier():
                continue
            if len(words) == 3 and words[1] == "as" and words[2].isidentifier():
                names[words[2]] = f"{module}.{words[0]}"
            elif len(words) == 1:
                names[words[0]] = f"{module}.{words[0]}"
    return names


@dataclass(frozen=True)
class DottedName:
    parts: tuple[str, ...]  # the chain up to and including the word under the cursor
    start: int  # code-point column where the word under the cursor starts
    end: int  # and ends


def _is_ident_char(ch: str) -> bool:
    return ch == "_" or ch.isalnum()


def dotted_name_at(line: str, column: int) -> DottedName | None:
    """The attribute chain ending at the identifier at `column` (code points): on `jax.vjp(`
    with the cursor on `vjp`, parts ("jax", "vjp"). A cursor just after a word is on it."""
    if not line:
        return None
    column = min(column, len(line))
    if column == len(line) or not _is_ident_char(line[column]):
        if column > 0 and _is_ident_char(line[column - 1]):
            column -= 1
        else:
            return None
    start = column
    while start > 0 and _is_ident_char(line[start - 1]):
        start -= 1
    end = column
    while end < len(line) and _is_ident_char(line[end]):
        end += 1
    word = line[start:end]
    if not word.isidentifier():
        return None
    parts = [word]
    pos = start
    while pos > 0 and line[pos - 1] == ".":
        left = pos - 1
        begin = left
        while begin > 0 and _is_ident_char(line[begin - 1]):
            begin -= 1
        name = line[begin:left]
        if not name.isidentifier():
            break
        parts.insert(0, name)
        pos = begin
    return DottedName(tuple(parts), start, end)


@dataclass(frozen=True)
class ApiAt:
    doc: ApiDoc
    name: DottedName  # where it is named in the line


def api_at(catalog: Catalog, line: str, column: int, imports: Mapping[str, str]) -> ApiAt | None:
    """The documented JAX API named at `column` of `line`: a qualified name reached through
    the imports (`my_vjp` after `from jax import vjp as my_vjp`), or else a documented method
    of an object JAX returns (`f_vjp.with_refs`)."""
    name = dotted_name_at(line, column)
    if name is None:
        return None
    head, *rest = name.parts
    if head in imports:
        doc = catalog.api_named(".".join([imports[head], *rest]))
        if doc is not None:
            return ApiAt(doc, name)
    if len(name.parts) >= 2:
        doc = catalog.api_with_method(name.parts[-1])
        if doc is not None:
            return ApiAt(doc, name)
    return None
