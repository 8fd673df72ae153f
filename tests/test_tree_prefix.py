"""`families/tree_prefix.py` against JAX: for pairs of trees written as Python literals, the
mismatches it finds and their texts are the errors JAX's `jax.tree.map` raises (the first
one) and, for vmap's axes, every mismatch `vmap` lists, word for word; where it finds none,
JAX runs clean."""

from __future__ import annotations

import ast

import pytest

from jaxerr_lsp.analysis.pytree import (DictNode, Leaf, ListNode, NoneNode, Structure,
                                        TupleNode)
from jaxerr_lsp.families.tree_prefix import PYTREE_LEAF, prefix_errors
from tests.jax_runner import run_programs

# (first tree, other tree) as Python literals; `A` is a JAX array.
PAIRS = [
    ("(A, A)", "[A, A]"),
    ("(A, A)", "(A,)"),
    ("[A, (A, A)]", "[A, (A, A, A)]"),
    ("{'w': A, 'b': A}", "{'w': A, 'bias': A}"),
    ("{'w': A, 'b': A}", "{'w': A}"),
    ("{'a': None, 'b': A}", "{'a': A, 'b': A}"),
    ("{'a': (A,)}", "{'a': A}"),
    ("{1: A}", "{2: A}"),
    ("(A, {'x': (A, A)})", "(A, {'x': (A, [A, A])})"),
    ("(1.0, A)", "((A, A), A)"),
    ("(A, A)", "(A, None)"),
]


def structure(text: str) -> Structure:
    def convert(node: ast.expr) -> Structure:
        if isinstance(node, ast.Name):
            return Leaf("ArrayImpl")
        if isinstance(node, ast.Constant):
            return NoneNode() if node.value is None else Leaf(type(node.value).__name__)
        if isinstance(node, (ast.Tuple, ast.List)):
            children = tuple(convert(e) for e in node.elts)
            return TupleNode(children) if isinstance(node, ast.Tuple) else ListNode(children)
        assert isinstance(node, ast.Dict)
        items = sorted(((k.value, convert(v)) for k, v in zip(node.keys, node.values)  # type: ignore[union-attr]
                        ), key=lambda kv: kv[0])
        return DictNode(tuple(items))

    return convert(ast.parse(text, mode="eval").body)


PROGRAM = """
import jax
import jax.numpy as jnp
A = jnp.ones(2)
{call}
"""


@pytest.fixture(scope="module")
def runs():
    programs = []
    for first, other in PAIRS:
        programs.append(PROGRAM.format(call=f"jax.tree.map(lambda *a: a[0], {first}, {other})"))
        # vmap: the first tree as the axes of the other (its leaves the int 0).
        axes = first.replace("A", "0").replace("1.0", "0")
        programs.append(PROGRAM.format(
            call=f"jax.vmap(lambda x: 0.0, in_axes=({axes},))({other.replace('A', 'jnp.ones((3, 2))')})"))
    return run_programs(programs)


@pytest.mark.parametrize("index", range(len(PAIRS)), ids=[f"{a} / {b}" for a, b in PAIRS])
def test_tree_map_mismatch_is_jax_first_error(index: int, runs) -> None:
    first, other = PAIRS[index]
    result = runs[2 * index]
    found = prefix_errors(structure(first), structure(other))
    assert found is not None
    if not found:  # the first tree has leaves where the other has subtrees: a prefix
        assert not result.raised, result
        return
    assert result.raised and result.type == "ValueError", result
    text = found[0].text("tree_map tree")
    if text is None:  # a kind the tool does not word: JAX's is the dict-count message
        assert found[0].kind == "children" and "different numbers of pytree children" in result.message
    else:
        assert result.message == text


@pytest.mark.parametrize("index", range(len(PAIRS)), ids=[f"{a} / {b}" for a, b in PAIRS])
def test_vmap_mismatches_are_the_ones_jax_lists(index: int, runs) -> None:
    first, other = PAIRS[index]
    result = runs[2 * index + 1]
    axes = structure(first.replace("A", "0").replace("1.0", "0"))
    full = TupleNode((structure(other),))
    prefix = TupleNode((axes,))
    certain = prefix_errors(prefix, full, none_is_leaf=True)
    assert certain is not None
    if not certain:  # None axes where the values have subtrees: no error
        assert not result.raised, result
        return
    assert result.raised and result.type == "ValueError", result
    details = prefix_errors(prefix, full, leaf_class=PYTREE_LEAF)
    assert details is not None
    texts = [m.text("vmap in_axes") for m in details]
    assert all(t is not None for t in texts)
    body = "\n  ".join(t for t in texts if t is not None)
    assert result.message == ("vmap in_axes specification must be a tree prefix of the "
                              f"corresponding value; \n  Mismatch details ({len(texts)} found):\n  {body}")
