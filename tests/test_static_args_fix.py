"""The shared "make this parameter static" edit (`jaxerr_lsp.fixes.static_args`), on each
form of jit site; the rules' cases run the fixed programs under JAX."""

from __future__ import annotations

import pytest

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.fixes.edits import apply_edits
from jaxerr_lsp.fixes.static_args import static_argument_edit
from jaxerr_lsp.fixes.text import Lines


@pytest.mark.parametrize(("site", "expected"), [
    ("jax.jit", "jax.jit(static_argnames=('n',))"),
    ("jit", "jit(static_argnames=('n',))"),
    ("jax.jit(f)", "jax.jit(f, static_argnames=('n',))"),
    ("jax.jit(f,)", "jax.jit(f, static_argnames=('n',))"),
    ("partial(jax.jit, donate_argnums=0)", "partial(jax.jit, donate_argnums=0, static_argnames=('n',))"),
    ('partial(jax.jit, static_argnames="m")', 'partial(jax.jit, static_argnames=("m", "n"))'),
    ("partial(jax.jit, static_argnames='m')", "partial(jax.jit, static_argnames=('m', 'n'))"),
    ("partial(jax.jit, static_argnames=('m',))", "partial(jax.jit, static_argnames=('m', 'n'))"),
    ("jax.jit(f, static_argnames=['m'])", "jax.jit(f, static_argnames=['m', 'n'])"),
    ("jax.jit(f, static_argnums=0)", "jax.jit(f, static_argnums=(0, 1))"),
    ("jax.jit(f, static_argnums=(0,))", "jax.jit(f, static_argnums=(0, 1))"),
    ("jax.jit(f, static_argnums=-1)", "jax.jit(f, static_argnums=(-1, 1))"),
    ("jax.jit(f, static_argnums=0, static_argnames='m')",
     "jax.jit(f, static_argnums=(0, 1), static_argnames=('m', 'n'))"),
])
def test_static_argument_edit(site: str, expected: str) -> None:
    source = f"x = {site}\n"
    span = Span(1, 4, 1, 4 + len(site))
    edit = static_argument_edit(Lines(source), span, "n", 1)
    assert edit is not None
    assert apply_edits(source, [edit]) == f"x = {expected}\n"


@pytest.mark.parametrize("site", ["jax.jit(f, static_argnames=NAMES)", "jax.jit(f, **options)",
                                  "jax.jit(f, static_argnums=NUMS)"])
def test_no_edit_for_options_not_written_out(site: str) -> None:
    source = f"x = {site}\n"
    assert static_argument_edit(Lines(source), Span(1, 4, 1, 4 + len(site)), "n", 1) is None


def test_a_keyword_only_parameter_cannot_be_added_to_static_argnums() -> None:
    site = "jax.jit(f, static_argnums=0)"
    source = f"x = {site}\n"
    assert static_argument_edit(Lines(source), Span(1, 4, 1, 4 + len(site)), "n", None) is None
