"""The names of JAX's main modules and of its arrays (`jaxerr_lsp/data/jax_attributes.json`),
read off the installed JAX by `scripts/gen_jax_attributes.py`, not typed by hand; held against
real reads: a name the table lacks raises Python's AttributeError, and the suggestion the tool
predicts is the one Python's traceback prints."""

from __future__ import annotations

import importlib
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from jaxerr_lsp.families.jax_attributes import ARRAY, Names, array_names, attribute_table

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_is_what_the_installed_jax_has() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_jax_attributes.py"), "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


def _wrong_names(names: tuple[str, ...], known: frozenset[str]) -> list[str]:
    """Near misses of the module's public names (a letter dropped, doubled, or two swapped),
    and names from other libraries, that the module does not have."""
    found: list[str] = ["softmax", "randn", "cat", "detach", "numpy"]
    for name in names[::7]:
        if name.startswith("_") or len(name) < 4:
            continue
        found += [name[:-1], name + name[-1], name[1] + name[0] + name[2:]]
    return sorted({n for n in found if n not in known and not n.startswith("_")})


def _printed_suggestion(error: BaseException) -> str | None:
    text = "".join(traceback.TracebackException.from_exception(error).format_exception_only())
    marker = "Did you mean: '"
    return text.split(marker, 1)[1].split("'", 1)[0] if marker in text else None


def _assert_each_raises(owner: object, names: Names, wrong: list[str], words: str) -> None:
    """Reading each wrong name on `owner` raises AttributeError with `words` (formatted with
    the name's repr), and Python's traceback suggests what `names.suggestion` predicts."""
    for name in wrong:
        with pytest.raises(AttributeError) as raised:
            getattr(owner, name)
        assert str(raised.value) == words.format(repr(name))
        assert _printed_suggestion(raised.value) == names.suggestion(name), name


@pytest.mark.parametrize("qualname", sorted(q for q in attribute_table() if q != ARRAY))
def test_a_name_the_table_lacks_raises_with_the_predicted_suggestion(qualname: str) -> None:
    names = attribute_table()[qualname]
    wrong = _wrong_names(names.listed, names.known)
    assert wrong
    _assert_each_raises(importlib.import_module(qualname), names, wrong,
                        f"module {qualname!r} has no attribute {{}}")


def test_an_attribute_an_array_lacks_raises_with_the_predicted_suggestion() -> None:
    import jax.numpy as jnp

    names = array_names()
    wrong = _wrong_names(names.listed, names.known)
    assert {"numpy", "detach"} <= set(wrong)
    _assert_each_raises(jnp.zeros(3), names, wrong, "'jaxlib._jax.ArrayImpl' object has no attribute {}")


def test_every_listed_name_reads() -> None:
    for qualname, names in attribute_table().items():
        if qualname == ARRAY:
            continue
        module = importlib.import_module(qualname)
        for name in names.listed:
            getattr(module, name)


def test_what_numpy_arrays_lack_raises_on_one() -> None:
    import numpy as np

    from jaxerr_lsp.families.jax_attributes import numpy_lacks

    assert {"at", "block_until_ready", "sharding"} <= numpy_lacks()
    for name in sorted(numpy_lacks()):
        with pytest.raises(AttributeError) as raised:
            getattr(np.zeros(2), name)
        assert str(raised.value) == f"'numpy.ndarray' object has no attribute {name!r}"


def test_the_numpy_entry_recognizes_only_attributes_numpy_arrays_lack() -> None:
    """The pasted attributes numpy-array-jax-attribute claims (its `[matching]`) are JAX
    array attributes no NumPy array has."""
    import re

    from jaxerr_lsp.errors.catalog import load_catalog
    from jaxerr_lsp.families.jax_attributes import numpy_lacks

    pattern = dict(load_catalog().get("numpy-array-jax-attribute").matching)["attribute!r"]
    claimed = set(re.findall(r"\w+", pattern))
    assert claimed <= numpy_lacks(), sorted(claimed - numpy_lacks())
