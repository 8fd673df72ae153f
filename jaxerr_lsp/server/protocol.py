"""Every place the server reaches into pygls' private API, each with the reason it must.

pygls 2.1's public API covers handlers and messages; four behaviours the server needs are not
reachable through it. If pygls changes, this module is the one to revisit.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Generator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from jaxerr_lsp.server.positions import choose_encoding

logger = logging.getLogger("jaxerr_lsp.server")


@dataclass
class _MalformedRequest:
    """A request whose params could not be read: answered with InvalidParams."""

    id: Any
    method: str
    jsonrpc: str
    params: Any
    reason: str


class JaxerrProtocol(LanguageServerProtocol):
    # Override 1, position encodings: pygls takes the client's first supported encoding, and
    # has no setting for a preference. We prefer UTF-16 whenever it is offered (see
    # positions.choose_encoding) and tell pygls by moving it first before pygls reads the list.
    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams) -> Generator[Any, Any, Any]:
        general = params.capabilities.general
        offered = general.position_encodings if general is not None else None
        chosen = choose_encoding(offered)
        if general is not None and offered:
            rest = [e for e in offered if str(getattr(e, "value", e)) != chosen]
            general.position_encodings = [types.PositionEncodingKind(chosen), *rest]
        result = yield from super().lsp_initialize(params)
        return result

    # Override 2, memory: pygls keeps the future of every coroutine and generator handler in
    # the private `_request_futures`, but only a request's answer removes it: each notification
    # (didChange...) would leave one behind for good (a leak over a long editing session).
    # Forget it once it is done.
    def _execute_handler(self, msg_id: Any, handler: Callable[..., Any], callback: Callable[..., Any],
                         args: Any = None, kwargs: Any = None) -> None:
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            future.add_done_callback(functools.partial(self._forget_future, msg_id))

    def _forget_future(self, msg_id: Any, future: Future[Any]) -> None:
        if self._request_futures.get(msg_id) is future:
            del self._request_futures[msg_id]

    # Override 3, malformed params: pygls raises while structuring a request whose params do
    # not fit the method's type, and then answers nothing (the client waits forever). Keep
    # such a request, and answer it with InvalidParams through the private `_send_response`
    # (logged to the client through the private `_server`, the protocol's server).
    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            msg_id = data.get("id")
            method = data.get("method")
            if isinstance(msg_id, (int, str)) and isinstance(method, str) and "error" not in data:
                reason = str(exc.__cause__ or exc) or type(exc).__name__
                return _MalformedRequest(msg_id, method, "2.0", None, reason)
            raise

    def handle_message(self, message: Any) -> Any:
        if isinstance(message, _MalformedRequest):
            first_line = message.reason.strip().splitlines()[0] if message.reason.strip() else ""
            text = f"Invalid params for {message.method}: {first_line}"
            try:
                self._server.window_log_message(
                    types.LogMessageParams(type=types.MessageType.Warning, message=text))
            except Exception:  # noqa: BLE001 - the transport may be gone; the answer still goes
                logger.exception("cannot send window/logMessage")
            self._send_response(message.id, error=types.ResponseError(
                code=JsonRpcInvalidParams.CODE, message=text))
            return None
        return super().handle_message(message)


def shutdown_requested(server: LanguageServer) -> bool:
    """Whether the client sent `shutdown`.

    Override 4, state: pygls records it only in the private `_shutdown`; the exit code (LSP: 0
    after a shutdown request, else 1) and the quiet end of analyses during exit depend on it."""
    return bool(server.protocol._shutdown)
