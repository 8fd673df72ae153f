#!/usr/bin/env python3
"""Write `jaxerr_lsp/data/jax_signatures.json`: the signatures of JAX's public functions whose
calls Python itself binds, read off the installed JAX and checked by calling each one.

A function gets a row when calling it with a keyword it does not take raises Python's own
"<name>() got an unexpected keyword argument '...'" (the name is the one the message gives:
`softmax`, not `jax.nn.softmax`) before anything else runs: plain functions, functions JAX
wraps with `jax.jit` or `functools.wraps`. Not: functions taking `**kwargs`, `custom_jvp`
functions (JAX binds their arguments itself, with other words), NumPy-style ufunc objects,
configuration states. `positional_checked`: a call with one positional argument too many
raised CPython's "takes N positional arguments but M were given" as
`jaxerr_lsp.families.signatures.too_many_positional` words it.

    .venv/bin/python scripts/gen_jax_signatures.py [--check]
"""

from __future__ import annotations

import inspect
import re
import sys
import traceback
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaxerr_lsp.families.signatures import JaxSignature, too_many_positional  # noqa: E402
from generated_table import public_attributes, write_or_check  # noqa: E402

OUT = ROOT / "jaxerr_lsp" / "data" / "jax_signatures.json"
PUBLIC = ["jax", "jax.numpy", "jax.numpy.linalg", "jax.numpy.fft", "jax.nn", "jax.nn.initializers",
          "jax.scipy.special", "jax.scipy.linalg", "jax.scipy.signal", "jax.scipy.stats.norm",
          "jax.scipy.ndimage", "jax.random", "jax.lax", "jax.image", "jax.ops", "jax.tree",
          "jax.tree_util", "jax.dtypes", "jax.debug"]
_BOGUS = "jaxerr_bogus_keyword"
# Where Python refuses a call of a function JAX wraps (the innermost frame of the TypeError),
# besides the caller's own statement: the trace of a jitted function, and `api_boundary`'s
# wrapper. Each is a `[[source]]` of catalog/jax-call-arguments.toml; a function refused
# elsewhere (a `contextlib.contextmanager`) gets no row.
RAISE_SITES = {("jax/_src/interpreters/partial_eval.py", "trace_to_jaxpr_nocache"),
               ("jax/_src/traceback_util.py", "reraise_with_filtered_traceback")}


def _refused_where_expected(error: TypeError) -> bool:
    """Whether Python raised `error` at this script's call or at one of `RAISE_SITES`."""
    frames = traceback.extract_tb(error.__traceback__)
    innermost = frames[-1]
    if innermost.filename == __file__:
        return True
    path = innermost.filename.replace("\\", "/")
    return any(path.endswith("/" + file) and innermost.name == function for file, function in RAISE_SITES)


def _row(function: object) -> JaxSignature | None:
    try:
        signature = inspect.signature(function)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    parameters = list(signature.parameters.values())
    if any(p.kind == p.VAR_KEYWORD for p in parameters):
        return None
    try:
        function(**{_BOGUS: 1})  # type: ignore[operator]
    except TypeError as error:
        matched = re.fullmatch(rf"(\w+)\(\) got an unexpected keyword argument '{_BOGUS}'", str(error))
        if not _refused_where_expected(error):
            return None
    except Exception:
        return None
    else:
        return None
    if matched is None:
        return None
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    row = JaxSignature(
        name=matched.group(1),
        positional=tuple(p.name for p in positional),
        positional_only=sum(p.kind == p.POSITIONAL_ONLY for p in positional),
        defaults=sum(p.default is not p.empty for p in positional),
        keyword_only=tuple(p.name for p in parameters if p.kind == p.KEYWORD_ONLY),
        varargs=any(p.kind == p.VAR_POSITIONAL for p in parameters),
        positional_checked=False)
    if row.varargs:
        return row
    given = len(row.positional) + 1
    try:
        function(*([None] * given))  # type: ignore[operator]
    except TypeError as error:
        checked = str(error) == too_many_positional(row, given, 0) and _refused_where_expected(error)
    except Exception:
        checked = False
    else:
        checked = False
    return JaxSignature(**{**row.__dict__, "positional_checked": checked})


def table() -> dict[str, dict[str, object]]:
    found: dict[str, dict[str, object]] = {}
    warnings.simplefilter("ignore")
    for qualname, value in public_attributes(PUBLIC):
        if inspect.isclass(value) or inspect.ismodule(value) or not callable(value):
            continue
        row = _row(value)
        if row is not None:
            found[qualname] = row.as_json()
    return dict(sorted(found.items()))


def main() -> int:
    return write_or_check(OUT, table(), "signatures", python=f"{sys.version_info[0]}.{sys.version_info[1]}")


if __name__ == "__main__":
    sys.exit(main())
