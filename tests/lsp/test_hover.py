"""Hover: the catalog entry on a diagnostic, JAX APIs through the file's imports, inferred
structures."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from jaxerr_lsp.errors.catalog import load_catalog

from .helpers import TRIGGER, capabilities, open_doc, session, wait_published

ENTRY = load_catalog().get("vjp-with-refs-tree-mismatch")


def _at(text: str, needle: str, occurrence: int = 0, into: int = 1) -> types.Position:
    """The position `into` characters inside the `occurrence`-th `needle` (ASCII texts)."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=column + into)


async def _hover(client, uri, position) -> types.Hover | None:
    return await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))


async def test_hover_texts(profile: str, tmp_path: Path):
    async with session(capabilities(profile), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)

        # On the diagnostic: the catalog entry, with the predicted message as the why.
        on_diag = await _hover(client, uri, _at(TRIGGER, "(jax.new_ref(jnp.zeros(3)), jax", into=7))
        assert on_diag is not None
        assert on_diag.contents.kind == types.MarkupKind.Markdown
        text = on_diag.contents.value
        assert ENTRY.title in text
        assert "args[0] was a <class 'dict'> in the primal arguments" in text
        assert on_diag.range == diag.range
        # ... and the API under the cursor there too (jax.new_ref), after the entry.
        assert "jax.new_ref(init)" in text and text.index(ENTRY.title) < text.index("jax.new_ref(init)")

        # jax.vjp: what it does and the catalog errors it can raise, one line each with the id.
        vjp = await _hover(client, uri, _at(TRIGGER, "jax.vjp", into=5))
        assert vjp is not None
        value = vjp.contents.value
        assert "jax.vjp(fun, *primals)" in value
        assert "- `vjp-with-refs-tree-mismatch` (JXE001, ValueError): " + ENTRY.summary in value
        line = TRIGGER.splitlines()[8]
        assert vjp.range == types.Range(start=types.Position(line=8, character=line.index("vjp(")),
                                        end=types.Position(line=8, character=line.index("vjp(") + 3))

        # with_refs (a method of the VJP function).
        refs = await _hover(client, uri, _at(TRIGGER, "with_refs", into=4))
        assert refs is not None and "VJP.with_refs(*refs)" in refs.contents.value
        assert "`vjp-with-refs-tree-mismatch`" in refs.contents.value

        # An inferred structure: `params` in the jax.vjp call.
        inferred = await _hover(client, uri, _at(TRIGGER, "params, x)", occurrence=1, into=2))
        assert inferred is not None
        assert "{'b': *, 'w': *}" in inferred.contents.value

        # A jax.numpy function the catalog documents (a list argument is its error).
        total = await _hover(client, uri, _at(TRIGGER, "jnp.sum", into=5))
        assert total is not None and "jax.numpy.sum(" in total.contents.value
        assert "`jnp-list-argument`" in total.contents.value

        # Nothing to say: a keyword, blank space.
        assert await _hover(client, uri, _at(TRIGGER, "def loss", into=1)) is None
        assert await _hover(client, uri, types.Position(line=2, character=0)) is None


ALIASED = '''from jax import vjp as my_vjp, custom_vjp, new_ref
import jax as j
import numpy as np


@custom_vjp
def f(x):
    return x


def f_fwd(x):
    return x, None


def f_bwd(res, g):
    return (g,), None


f.defvjp_with_logs(f_fwd, f_bwd)
out, f_vjp = my_vjp(f, 1.0)
r = new_ref(np.zeros(()))
s = j.new_ref(np.zeros(()))
t = np.vjp
'''


async def test_hover_resolves_apis_through_imports(tmp_path: Path):
    async with session(capabilities("neovim"), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "aliased.py", ALIASED)
        await wait_published(client, uri, 1)
        expectations = [
            (_at(ALIASED, "my_vjp(f", into=2), "jax.vjp(fun, *primals)"),
            (_at(ALIASED, "@custom_vjp", into=3), "jax.custom_vjp"),
            (_at(ALIASED, "defvjp_with_logs", into=3), "custom_vjp.defvjp_with_logs(fwd, bwd)"),
            (_at(ALIASED, "new_ref(np", into=1), "jax.new_ref(init)"),
            (_at(ALIASED, "j.new_ref", into=4), "jax.new_ref(init)"),
        ]
        for position, title in expectations:
            hover = await _hover(client, uri, position)
            assert hover is not None and f"**`{title}`**" in hover.contents.value, (position, hover)
        custom = await _hover(client, uri, _at(ALIASED, "defvjp_with_logs", into=3))
        assert "`custom-vjp-logs-not-dict`" in custom.contents.value
        assert "`custom-vjp-bwd-not-pair`" in custom.contents.value
        # numpy's attribute of the same name is not JAX's.
        assert await _hover(client, uri, _at(ALIASED, "np.vjp", into=4)) is None


async def test_plaintext_client_gets_plaintext(tmp_path: Path):
    caps = capabilities("neovim")
    caps.text_document.hover.content_format = [types.MarkupKind.PlainText]
    async with session(caps, init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        await wait_published(client, uri, 1)
        hover = await _hover(client, uri, _at(TRIGGER, "jax.vjp", into=5))
        assert hover is not None and hover.contents.kind == types.MarkupKind.PlainText
