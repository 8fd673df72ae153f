"""What the rules built on `families.refused_arguments` know of JAX, held against the
installed JAX."""

from __future__ import annotations

from jaxerr_lsp.rules.arrays.map_coordinates_order import MODES


def test_map_coordinates_modes_are_the_installed_jax_modes() -> None:
    from jax._src.scipy import ndimage

    assert MODES == frozenset(ndimage._INDEX_FIXERS)
