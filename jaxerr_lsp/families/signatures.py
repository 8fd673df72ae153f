"""How Python binds a call of one of JAX's public functions, and the words it refuses one with.

The signatures come from `jaxerr_lsp/data/jax_signatures.json`, read off the installed JAX by
`scripts/gen_jax_signatures.py` (a function gets a row only when Python itself binds its calls:
a keyword it does not take raises "<name>() got an unexpected keyword argument '...'" before
anything runs). `refusal` binds a call's arguments in CPython's own order (the keywords as
written, then the count of positional arguments) and words the first refusal as CPython 3.12
and 3.13 do, the keyword suggestion of 3.13 included ("Did you mean 'keepdims'?").
"""

from __future__ import annotations

import functools
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

# CPython's suggestions (Python/suggestions.c; traceback.py has the same in Python).
_MOVE_COST = 2
_CASE_COST = 1
_MAX_CANDIDATE_ITEMS = 750
_MAX_STRING_SIZE = 40


@dataclass(frozen=True)
class JaxSignature:
    """A public JAX function's parameters as its code object binds them."""

    name: str  # the name Python's messages give (`softmax`)
    positional: tuple[str, ...]  # positional-only and positional-or-keyword, in order
    positional_only: int  # how many of them are positional-only
    defaults: int  # how many positional parameters have a default (the last ones)
    keyword_only: tuple[str, ...]
    varargs: bool  # takes *args
    positional_checked: bool  # one positional argument too many was measured to raise CPython's words

    def as_json(self) -> dict[str, object]:
        return {key: list(value) if isinstance(value, tuple) else value for key, value in asdict(self).items()}


@dataclass(frozen=True)
class Refusal:
    """Why Python refuses a call, in its words."""

    kind: str  # "keyword", "multiple", "positional"
    message: str
    keyword: str | None  # the keyword it names ("keyword", "multiple")
    suggestion: str | None  # Python 3.13's "Did you mean" for an unexpected keyword


@functools.cache
def jax_signatures() -> dict[str, JaxSignature]:
    """qualname -> signature, from the generated table."""
    path = Path(__file__).resolve().parent.parent / "data" / "jax_signatures.json"
    functions = json.loads(path.read_text(encoding="utf-8"))["functions"]
    return {name: JaxSignature(name=row["name"], positional=tuple(row["positional"]),
                               positional_only=row["positional_only"], defaults=row["defaults"],
                               keyword_only=tuple(row["keyword_only"]), varargs=row["varargs"],
                               positional_checked=row["positional_checked"])
            for name, row in functions.items()}


def refusal(signature: JaxSignature, positional: int, keywords: list[str]) -> Refusal | None:
    """How Python refuses a call giving `positional` arguments by position and `keywords` by
    name (in the order written), or None when it binds (or is refused in other words: a
    positional-only parameter given by name)."""
    names = signature.positional
    if any(k in names[:signature.positional_only] for k in keywords):
        return None  # ("got some positional-only arguments passed as keyword arguments")
    accepted = (*names[signature.positional_only:], *signature.keyword_only)
    filled = set(names[:min(positional, len(names))])
    for keyword in keywords:
        if keyword not in accepted:
            suggestion = suggested_keyword(keyword, accepted) if sys.version_info >= (3, 13) else None
            message = f"{signature.name}() got an unexpected keyword argument '{keyword}'"
            if suggestion is not None:
                message += f". Did you mean '{suggestion}'?"
            return Refusal("keyword", message, keyword, suggestion)
        if keyword in filled:
            return Refusal("multiple", f"{signature.name}() got multiple values for argument '{keyword}'",
                           keyword, None)
        filled.add(keyword)
    if positional > len(names) and not signature.varargs and signature.positional_checked:
        given_keyword_only = sum(k in signature.keyword_only for k in keywords)
        return Refusal("positional", too_many_positional(signature, positional, given_keyword_only), None, None)
    return None


def too_many_positional(signature: JaxSignature, given: int, keyword_only_given: int) -> str:
    """CPython's words for `given` positional arguments to a function taking fewer (ceval.c
    `too_many_positional`)."""
    count = len(signature.positional)
    if signature.defaults:
        taken, plural = f"from {count - signature.defaults} to {count}", True
    else:
        taken, plural = str(count), count != 1
    extra = ""
    if keyword_only_given:
        extra = (f" positional argument{'s' if given != 1 else ''} (and {keyword_only_given} "
                 f"keyword-only argument{'s' if keyword_only_given != 1 else ''})")
    verb = "was" if given == 1 and not keyword_only_given else "were"
    return f"{signature.name}() takes {taken} positional argument{'s' if plural else ''} but {given}{extra} {verb} given"


def suggested_keyword(wrong: str, candidates: tuple[str, ...]) -> str | None:
    """The parameter CPython 3.13 suggests for an unexpected keyword (`_Py_CalculateSuggestions`
    over the parameters that may be given by name, in their order)."""
    if len(candidates) >= _MAX_CANDIDATE_ITEMS:
        return None
    best: str | None = None
    best_distance = sys.maxsize
    for candidate in candidates:
        if candidate == wrong:
            continue
        limit = min((len(wrong) + len(candidate) + 3) * _MOVE_COST // 6, best_distance - 1)
        distance = _levenshtein(wrong, candidate, limit)
        if distance > limit:
            continue
        if best is None or distance < best_distance:
            best, best_distance = candidate, distance
    return best


def _substitution_cost(a: str, b: str) -> int:
    if (ord(a) & 31) != (ord(b) & 31):
        return _MOVE_COST
    if a == b:
        return 0
    return _CASE_COST if a.lower() == b.lower() else _MOVE_COST


def _levenshtein(a: str, b: str, max_cost: int) -> int:
    """CPython's `levenshtein_distance` (suggestions.c): common affixes trimmed, moves cost 2,
    a change of case 1, stopping once every entry of a row exceeds `max_cost`."""
    if a == b:
        return 0
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    a, b = a[start:], b[start:]
    end = 0
    while end < len(a) and end < len(b) and a[len(a) - 1 - end] == b[len(b) - 1 - end]:
        end += 1
    a, b = a[:len(a) - end], b[:len(b) - end]
    if not a or not b:
        return (len(a) + len(b)) * _MOVE_COST
    if len(a) > _MAX_STRING_SIZE or len(b) > _MAX_STRING_SIZE:
        return max_cost + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * _MOVE_COST > max_cost:
        return max_cost + 1
    row = [(i + 1) * _MOVE_COST for i in range(len(a))]
    result = 0
    for b_index, code in enumerate(b):
        distance = result = b_index * _MOVE_COST
        minimum = sys.maxsize
        for index, letter in enumerate(a):
            substitute = distance + _substitution_cost(code, letter)
            distance = row[index]
            result = min(min(result, distance) + _MOVE_COST, substitute)
            row[index] = result
            minimum = min(minimum, result)
        if minimum > max_cost:
            return max_cost + 1
    return result
