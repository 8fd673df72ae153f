"""The server follows a project: a module's functions traced by another module, that module's
unsaved edits included, and the other module's place as related information."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path

from pygls.uris import from_fs_path

from .helpers import as_tuple, capabilities, change_doc, open_doc, session, wait_published

PROJECT = Path(__file__).resolve().parent.parent / "projects" / "helper_branches_on_tracer"


async def wait_codes(client, uri: str, codes: list[str], timeout: float = 30.0):
    """The latest diagnostics published for `uri`, once their codes are `codes`."""
    deadline = time.monotonic() + timeout
    latest = None
    while time.monotonic() < deadline:
        latest = client.diagnostics.get(uri)
        if latest is not None and [d.code for d in latest] == codes:
            return latest
        await asyncio.sleep(0.02)
    raise AssertionError(f"{uri}: {latest!r}, not {codes}")


async def test_a_function_another_module_traces(profile: str, tmp_path: Path):
    shutil.copytree(PROJECT, tmp_path / "project")
    layers_path = tmp_path / "project" / "pkg" / "layers.py"
    train_path = tmp_path / "project" / "pkg" / "train.py"
    layers_text, train_text = layers_path.read_text(), train_path.read_text()
    async with session(capabilities(profile), init_options={"debounce": 0}) as client:
        layers = open_doc(client, layers_path, layers_text)
        [diag] = await wait_published(client, layers, 1)
        assert diag.code == "JXE070" and diag.range.start.line == 4
        # The call in train.py that makes the trace (the file on disk: it is not open).
        [where] = [r for r in diag.related_information or [] if r.location.uri != layers]
        assert where.location.uri == from_fs_path(str(train_path))
        call_line = train_text.split("\n").index("    return jnp.tanh(dense(x, w))")
        assert as_tuple(where.location.range)[0] == call_line

        # train.py opened, then edited without saving: no longer jitted; then jitted again.
        train = open_doc(client, train_path, train_text)
        await wait_published(client, train, 1)
        change_doc(client, train, 2, train_text.replace("@jax.jit\n", ""))
        await wait_codes(client, layers, [])
        change_doc(client, train, 3, train_text)
        await wait_codes(client, layers, ["JXE070"])


async def test_two_modules_away(profile: str, tmp_path: Path):
    """`main.py` jits `model.predict`, which calls `ops.softplus` with a tracer: opened
    alone, `ops.py` gets the finding (neither other file is open)."""
    shutil.copytree(PROJECT.parent / "two_hops_to_a_numpy_call", tmp_path / "project")
    ops_path = tmp_path / "project" / "pkg" / "ops.py"
    async with session(capabilities(profile), init_options={"debounce": 0}) as client:
        ops = open_doc(client, ops_path, ops_path.read_text())
        [diag] = await wait_codes(client, ops, ["JXE074"])
        [where] = [r for r in diag.related_information or [] if r.location.uri != ops]
        assert where.location.uri == from_fs_path(str(tmp_path / "project" / "pkg" / "model.py"))
