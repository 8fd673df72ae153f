"""The analysis worker process never imports the checked project's modules.

Editors start the server with the project as the current folder. A spawned worker process
bootstraps with `python -c ...`, whose sys.path starts with the current folder: a project's
`multiprocessing/`, `concurrent/` or `json.py` would be imported (and run) in place of the real
ones unless the worker is started from a safe folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig

from .helpers import TRIGGER, capabilities, make_client, wait_published

SHADOWS = ["multiprocessing", "concurrent", "json", "pickle", "runpy", "jaxerr_lsp", "tomllib",
           "typing", "dataclasses", "logging", "ast", "re", "threading", "encodings"]


async def test_worker_does_not_import_from_the_project_folder(tmp_path: Path):
    project = tmp_path / "project"
    project.mkdir()
    marker = tmp_path / "MARKER"
    payload = f"open({str(marker)!r}, 'a').write(__name__ + ' ran\\n')\n"
    for name in SHADOWS:
        (project / name).mkdir()
        (project / name / "__init__.py").write_text(payload)
        (project / f"{name}.py").write_text(payload)
    script = Path(sys.executable).parent / "jaxerr-lsp"  # as editors start it
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    config = ClientServerConfig(server_command=[str(script)], client_factory=make_client, server_env=env)
    cwd = os.getcwd()
    os.chdir(project)  # the server inherits it
    try:
        client = await config.start()
    finally:
        os.chdir(cwd)
    try:
        await client.initialize_session(types.InitializeParams(
            capabilities=capabilities("neovim"), initialization_options={"debounce": 0},
            root_uri=from_fs_path(str(project))))
        path = project / "train.py"
        path.write_text(TRIGGER)
        uri = from_fs_path(str(path))
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=TRIGGER)))
        assert [d.code for d in await wait_published(client, uri, 1, timeout=60)] == ["JXE001"]
        await client.shutdown_session()
    finally:
        if client._server is not None and client._server.returncode is None:
            client._server.kill()
        await client.stop()
    assert not marker.exists(), marker.read_text()
