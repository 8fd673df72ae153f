"""The jaxerr language server (pygls): it translates between LSP and jaxerr_lsp.app / the engine.

- the server's state, one `Session` (`session`), and what each request starts from: a
  `DocumentSnapshot` of the document (`snapshot`: a file, or a notebook cell as part of its
  notebook's code cells joined as one program), whose positions it maps to the program's;
- diagnostics: checks scheduled on open / change (debounced) / save (`text_sync`, and
  `notebook_sync` for notebooks), analysed in a worker process (`worker`), published with
  their version (`checking`; a result for a stale version is never published), each finding as
  the diagnostic of the file or cell holding it (`diagnostics`);
- hover (`hover`): the catalog entry of a diagnostic, the JAX API under the cursor (resolved
  through the file's imports), an inferred pytree structure;
- code actions (`code_actions`): one quick fix per fix (edits computed in codeAction/resolve,
  or at once for a client without resolve support), "ignore this line", `source.fixAll.jaxerr`;
- `workspace/executeCommand` `jaxerr.explain` (`commands`);
- settings, initialize and shutdown (`lifecycle`);
- position encodings (`positions`): UTF-16 whenever offered, else UTF-32 or UTF-8;
- the pygls server and the table of handlers (`language_server`); everything that reaches
  into pygls' private API (`protocol`).

This module imports nothing on purpose: the worker process imports `jaxerr_lsp.server.worker`,
and must not pay for pygls.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxerr_lsp.server.language_server import JaxerrLanguageServer

__all__ = ["create_server", "main"]


def create_server() -> JaxerrLanguageServer:
    from jaxerr_lsp.server.language_server import create_server as create

    return create()


def main() -> int:
    """Run the language server on stdio until the client says exit."""
    from jaxerr_lsp.server.worker import safe_sys_path

    safe_sys_path()  # editors start us in the user's project: never import from it
    from jaxerr_lsp.server.protocol import shutdown_requested

    logging.basicConfig(level=logging.WARNING, format="jaxerr-lsp %(levelname)s %(message)s")
    # pygls logs every message it sends at INFO; keep stderr quiet.
    logging.getLogger("pygls").setLevel(logging.WARNING)
    server = create_server()
    server.start_io()
    # LSP: exit code 0 after a shutdown request, 1 when the client exits without one.
    return 0 if shutdown_requested(server) else 1
