"""Hover API docs as catalog data: the `[[api]]` tables, their validation across files, and how
app.api_under_cursor finds them through a file's imports."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jaxerr_lsp.app.api_under_cursor import api_at, dotted_name_at, import_map
from jaxerr_lsp.errors.catalog import CatalogError, load_catalog

CATALOG_DIR = Path(__file__).resolve().parents[2] / "catalog"
REFS = "vjp-with-refs-tree-mismatch.toml"
LOGS = "custom-vjp-logs-not-dict.toml"
CATALOG = load_catalog()


def test_every_api_an_entry_names_is_documented_once():
    named = {api for entry in CATALOG for api in entry.apis}
    assert named <= set(CATALOG.api_docs)
    documented = [doc.name for entry in CATALOG for doc in entry.api_docs]
    assert len(documented) == len(set(documented))
    assert CATALOG.api_named("jax.ref.new_ref") is CATALOG.api_docs["jax.new_ref"]
    assert CATALOG.api_named("jax.custom_derivatives.custom_vjp") is CATALOG.api_docs["jax.custom_vjp"]
    assert CATALOG.api_with_method("with_refs") is CATALOG.api_docs["VJP.with_refs"]
    assert CATALOG.api_docs["jax.vjp"].path.name == REFS
    assert CATALOG.api_named("jax.numpy.tanh") is None and CATALOG.api_with_method("tanh") is None


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _error(directory: Path) -> str:
    with pytest.raises(CatalogError) as info:
        load_catalog(directory)
    return str(info.value)


def test_an_api_documented_twice_names_both_files(tmp_path: Path):
    directory = _copy(tmp_path)
    _edit(directory / LOGS, 'name = "custom_vjp.defvjp"', 'name = "jax.vjp"')
    message = _error(directory)
    assert LOGS in message and REFS in message and "`api[2].name`" in message
    assert "'jax.vjp' is documented twice" in message


def test_a_qualified_name_or_method_recognized_twice(tmp_path: Path):
    directory = _copy(tmp_path)
    _edit(directory / LOGS, 'method = "defvjp"\n', 'method = "with_refs"\n')
    message = _error(directory)
    assert "`api[2].method`" in message and REFS in message and "recognized twice" in message
    directory = _copy(tmp_path / "again")
    _edit(directory / LOGS, 'qualnames = ["jax.custom_vjp", ', 'qualnames = ["jax.vjp", ')
    assert "`api[0].qualnames`" in _error(directory)


def test_an_api_named_in_apis_must_be_documented(tmp_path: Path):
    directory = _copy(tmp_path)
    _edit(directory / REFS, 'apis = ["jax.vjp"', 'apis = ["jax.linear_transpose", "jax.vjp"')
    message = _error(directory)
    assert REFS in message and "`apis[0]`" in message and "'jax.linear_transpose'" in message


@pytest.mark.parametrize("old,new,field,words", [
    ('signature = "jax.vjp(fun, *primals)"\n', "", "api[0].signature", "missing"),
    ('qualnames = ["jax.vjp"]\n', "", "api[0]", "needs `qualnames`"),
    ('qualnames = ["jax.vjp"]', 'qualnames = ["numpy.vjp"]', "api[0].qualnames[0]", "in jax"),
    ('method = "with_refs"', 'method = "with refs"', "api[1].method", "not a method name"),
    ('name = "jax.vjp"', 'name = "jax vjp"', "api[0].name", "not a dotted API name"),
    ('qualnames = ["jax.vjp"]', 'qualnames = ["jax.vjp"]\nsee = "x"', "api[0].see", "unknown field"),
])
def test_malformed_api_tables(tmp_path: Path, old, new, field, words):
    directory = _copy(tmp_path)
    _edit(directory / REFS, old, new)
    message = _error(directory)
    assert REFS in message and f"`{field}`" in message and words in message, message


def test_imports_and_dotted_names():
    names = import_map("import jax as j, numpy as np\nfrom jax import (vjp as my_vjp,\n    new_ref)\n"
                       "from jax.ref import new_ref as nr\nimport jax.numpy\nfrom numpy import vjp\n")
    assert names == {"j": "jax", "my_vjp": "jax.vjp", "new_ref": "jax.new_ref",
                     "nr": "jax.ref.new_ref", "jax": "jax"}
    name = dotted_name_at("out = j.vjp(f, x)", 9)
    assert name is not None and (name.parts, name.start, name.end) == (("j", "vjp"), 8, 11)
    assert dotted_name_at("x = 1 + 2", 6) is None


@pytest.mark.parametrize("line,column,api", [
    ("out, f_vjp = my_vjp(f, x)", 15, "jax.vjp"),
    ("r = nr(zeros)", 4, "jax.new_ref"),
    ("r = j.ref.new_ref(zeros)", 12, "jax.new_ref"),
    ("g = f_vjp.with_refs(r)(1.0)", 13, "VJP.with_refs"),
    ("f.defvjp(fwd, bwd)", 3, "custom_vjp.defvjp"),
    ("y = np.vjp(x)", 8, None),  # numpy's, not JAX's
    ("y = with_refs(x)", 6, None),  # a bare name is no method of a JAX object
])
def test_api_at(line, column, api):
    imports = {"my_vjp": "jax.vjp", "nr": "jax.ref.new_ref", "j": "jax"}
    found = api_at(CATALOG, line, column, imports)
    assert (found.doc.name if found else None) == api
