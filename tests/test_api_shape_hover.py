"""Hover on the APIs the removed-API and shape rules (JXE100-JXE106) name: each is documented
in the catalog and found through the file's imports, and its entries are the ones hover lists."""

from __future__ import annotations

import pytest

from jaxerr_lsp.app.api_under_cursor import api_at
from jaxerr_lsp.errors.catalog import load_catalog

CATALOG = load_catalog()
IMPORTS = {"jax": "jax", "jnp": "jax.numpy"}


@pytest.mark.parametrize("line,api,entry", [
    ("y = jax.tree_map(f, x)", "jax.tree_map", "removed-jax-api"),
    ("y = jax.ops.index_update(x, 0, 1.0)", "jax.tree_map", "removed-jax-api"),
    ("z = jnp.add(x, y)", "jax.numpy.add", "broadcast-incompatible-shapes"),
    ("z = jnp.maximum(x, y)", "jax.numpy.add", "broadcast-shapes-ranks"),
    ("z = jnp.matmul(x, w)", "jax.numpy.matmul", "dot-contracting-shape"),
    ("z = jnp.dot(x, w)", "jax.numpy.matmul", "dot-contracting-shape"),
    ("z = jnp.reshape(x, (4, 2))", "jax.numpy.reshape", "reshape-size-mismatch"),
    ("z = jnp.concatenate([a, b])", "jax.numpy.concatenate", "concatenate-shape-mismatch"),
    ("z = jnp.stack([a, b])", "jax.numpy.stack", "stack-shape-mismatch"),
])
def test_hover_finds_the_api_and_its_entries(line: str, api: str, entry: str) -> None:
    column = line.index("(") - 2  # on the function's name
    found = api_at(CATALOG, line, column, IMPORTS)
    assert found is not None and found.doc.name == api, (line, found)
    assert entry in {e.id for e in CATALOG if api in e.apis}
