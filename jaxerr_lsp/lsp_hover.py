"""Hover helpers: which JAX API sits under the cursor, resolved through the file's imports.

Cheap on purpose: a regex over the import statements of the current text (cached by the server
per document version) and a scan of one line; never a second analysis.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_IMPORT = re.compile(r"^[ \t]*import[ \t]+([^\n#;]+)", re.MULTILINE)
_FROM_IMPORT = re.compile(
    r"^[ \t]*from[ \t]+([A-Za-z_][\w.]*)[ \t]+import[ \t]+(\([^)]*\)?|[^\n#;]+)", re.MULTILINE)
_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


def import_map(text: str) -> dict[str, str]:
    """Local name -> qualified name, for names bound by `import jax...` / `from jax... import`.

    Only JAX imports are kept. Tolerant of partial code (it is a regex, not a parse); a
    parenthesized `from ... import (...)` may span lines.
    """
    names: dict[str, str] = {}
    for match in _IMPORT.finditer(text):
        for part in match.group(1).split(","):
            words = part.split()
            if not words or not _NAME.fullmatch(words[0]):
                continue
            module = words[0]
            if module != "jax" and not module.startswith("jax."):
                continue
            if len(words) == 3 and words[1] == "as" and words[2].isidentifier():
                names[words[2]] = module
            elif len(words) == 1:
                names[module.split(".")[0]] = module.split(".")[0]
    for match in _FROM_IMPORT.finditer(text):
        module = match.group(1)
        if module != "jax" and not module.startswith("jax."):
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
    start: int  # code-point column of the word under the cursor
    end: int


def _is_ident_char(ch: str) -> bool:
    return ch == "_" or ch.isalnum()


def dotted_name_at(line: str, column: int) -> DottedName | None:
    """The attribute chain ending at the identifier under `column` (code points), e.g. on
    `jax.vjp(` with the cursor on `vjp`: parts ("jax", "vjp")."""
    if not line:
        return None
    column = min(column, len(line))
    if column == len(line) or not _is_ident_char(line[column]):
        # The cursor may sit just after the word (end of a hover range).
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
class ApiInfo:
    key: str  # our name for it
    title: str  # how hover names it
    text: str  # what it does, in a sentence or two
    catalog_apis: tuple[str, ...]  # keys tried with Catalog.for_api


APIS: dict[str, ApiInfo] = {
    "jax.vjp": ApiInfo(
        "jax.vjp", "jax.vjp(fun, *primals)",
        "Evaluates `fun(*primals)` and returns `(out, f_vjp)`. `f_vjp(ct)` pulls an output "
        "cotangent back to one cotangent per positional primal; `f_vjp.with_refs(...)` "
        "accumulates them into refs instead, and `f_vjp.with_logs(ct)` also returns the logs "
        "of `defvjp_with_logs` rules.",
        ("jax.vjp", "vjp"),
    ),
    "with_refs": ApiInfo(
        "with_refs", "VJP.with_refs(*refs)",
        "Binds gradient refs to the VJP function returned by `jax.vjp`: one argument per "
        "positional primal, each mirroring that primal's pytree structure. Each leaf is a ref "
        "(the gradient is accumulated into it in place), `jax.ad.GradValue()` (returned as a "
        "value) or `jax.ad.DontWant()` (not computed). `None` is an empty pytree, not a "
        "placeholder. Call the result with the output cotangent.",
        ("VJP.with_refs", "with_refs"),
    ),
    "with_logs": ApiInfo(
        "with_logs", "VJP.with_logs(ct)",
        "Applies the VJP function returned by `jax.vjp` and also returns the logs of the "
        "backward pass: `f_vjp.with_logs(ct)` gives `(arg_cts, logs)`, where `logs` merges the "
        "dicts logged by `defvjp_with_logs` rules.",
        ("VJP.with_logs", "with_logs"),
    ),
    "jax.custom_vjp": ApiInfo(
        "jax.custom_vjp", "jax.custom_vjp",
        "Decorates a function whose reverse-mode derivative you define yourself: register "
        "the forward and backward rules with `f.defvjp(fwd, bwd)` or "
        "`f.defvjp_with_logs(fwd, bwd)`. The rules are checked when the function is "
        "differentiated, not when they are registered.",
        ("jax.custom_vjp", "custom_vjp"),
    ),
    "defvjp": ApiInfo(
        "defvjp", "custom_vjp.defvjp(fwd, bwd)",
        "Registers the rules of a `jax.custom_vjp` function: `fwd(*args)` returns "
        "`(out, residuals)`, and `bwd(residuals, out_ct)` returns a tuple with one cotangent "
        "per primal argument.",
        ("custom_vjp.defvjp", "jax.custom_vjp.defvjp", "defvjp"),
    ),
    "defvjp_with_logs": ApiInfo(
        "defvjp_with_logs", "custom_vjp.defvjp_with_logs(fwd, bwd)",
        "Like `defvjp`, but `bwd` returns a pair `(in_cts, logs)`: `in_cts` is the tuple of "
        "cotangents (one per primal argument) and `logs` is `None` or a dict of named pytrees, "
        "read back with `f_vjp.with_logs(ct)`. JAX checks the pair when the function is "
        "differentiated.",
        ("custom_vjp.defvjp_with_logs", "jax.custom_vjp.defvjp_with_logs", "defvjp_with_logs"),
    ),
    "jax.new_ref": ApiInfo(
        "jax.new_ref", "jax.new_ref(init)",
        "Creates a mutable array reference holding `init`. Passed to a VJP function's "
        "`with_refs`, a ref receives (accumulates) the gradient of the matching primal leaf.",
        ("jax.new_ref", "new_ref"),
    ),
}

_QUALIFIED = {
    "jax.vjp": "jax.vjp",
    "jax.custom_vjp": "jax.custom_vjp",
    "jax.custom_derivatives.custom_vjp": "jax.custom_vjp",
    "jax.new_ref": "jax.new_ref",
    "jax.ref.new_ref": "jax.new_ref",
}
_METHODS = {"with_refs": "with_refs", "with_logs": "with_logs", "defvjp": "defvjp",
            "defvjp_with_logs": "defvjp_with_logs"}


def api_at(line: str, column: int, imports: dict[str, str]) -> tuple[ApiInfo, DottedName] | None:
    """The JAX API named at `column` of `line`, if any."""
    name = dotted_name_at(line, column)
    if name is None:
        return None
    head, *rest = name.parts
    if head in imports:
        qualified = ".".join([imports[head], *rest])
        if qualified in _QUALIFIED:
            return APIS[_QUALIFIED[qualified]], name
    if len(name.parts) >= 2 and name.parts[-1] in _METHODS:
        # A method of the object returned by jax.vjp / decorated by jax.custom_vjp.
        return APIS[_METHODS[name.parts[-1]]], name
    return None
