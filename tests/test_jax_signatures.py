"""The signatures of JAX's public functions (`jaxerr_lsp/data/jax_signatures.json`, read off the
installed JAX by `scripts/gen_jax_signatures.py`) and `families.signatures.refusal`, which words
Python's refusal of a call: held against real calls of every function of the table."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings
from pathlib import Path

from jaxerr_lsp.families.signatures import jax_signatures, refusal, suggested_keyword

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_is_what_the_installed_jax_binds() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_jax_signatures.py"), "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


def _refused(function: object, positional: int, keywords: list[str]) -> str:
    try:
        function(*([None] * positional), **dict.fromkeys(keywords, 1))  # type: ignore[operator]
    except TypeError as error:
        return str(error)
    return "bound"


def test_refusals_are_worded_as_python_words_them() -> None:
    warnings.simplefilter("ignore")
    table = jax_signatures()
    assert len(table) > 800
    checked = 0
    for qualname, signature in table.items():
        module, _, name = qualname.rpartition(".")
        function = getattr(importlib.import_module(module), name)
        names = (*signature.positional[signature.positional_only:], *signature.keyword_only)
        # PyTorch's spellings, and near misses of each parameter (Python 3.13 suggests one).
        wrongs = {"dim", "keepdim", *(n + "s" for n in names), *(n[:-1] for n in names if len(n) > 3)}
        for wrong in sorted(wrongs - set(signature.positional) - set(signature.keyword_only))[:6]:
            found = refusal(signature, 0, [wrong])
            assert found is not None and found.kind == "keyword"
            assert _refused(function, 0, [wrong]) == found.message, qualname
            checked += 1
        if not signature.varargs:
            too_many = len(signature.positional) + 1
            given = list(signature.keyword_only[:1])
            found = refusal(signature, too_many, given)
            assert found is not None and found.kind == "positional"
            assert _refused(function, too_many, given) == found.message, qualname
            checked += 1
    assert checked > 3000


def test_a_parameter_given_twice_and_calls_that_bind() -> None:
    mean = jax_signatures()["jax.numpy.mean"]
    assert refusal(mean, 2, ["axis"]).message == "mean() got multiple values for argument 'axis'"
    assert refusal(mean, 1, ["axis", "keepdims"]) is None
    # A positional-only parameter given by name is refused in other words: no prediction.
    clip = jax_signatures()["jax.numpy.clip"]
    assert clip.positional_only == 1 and refusal(clip, 0, ["arr", "dim"]) is None


def test_suggestions_follow_cpython() -> None:
    assert suggested_keyword("keepdim", ("axis", "dtype", "out", "keepdims", "where")) == "keepdims"
    assert suggested_keyword("dim", ("x", "axis", "where")) is None
    assert suggested_keyword("Axis", ("axis", "axes")) == "axis"  # (a change of case costs less)
