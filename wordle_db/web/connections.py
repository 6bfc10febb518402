"""uvicorn's HTTP protocol (httptools), with a time limit on each request's head and room kept
under the limit of open files.

uvicorn closes an idle connection only once it has answered a request on it (its keep-alive
timer): a client that opens connections and sends nothing, or half a request head, would hold
each (a file descriptor) for ever, and at serve's limit of open files nobody else gets in
(found by the review of the cookie prefix). Here a connection that has not sent a whole head
within HEAD_SECONDS of opening, or of its request's first byte, is closed; and when the
connections would leave less than RESERVE files of the limit, each new one closes the one that
has waited longest for its head. A body sent slowly holds no thread (the app reads it before
any database call); in front of the open Internet, a proxy's timeouts still apply.
"""

from __future__ import annotations

import asyncio
import resource
from typing import ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEAD_SECONDS = 5.0
RESERVE = 64  # open files serve needs besides its clients: the pool's connections, logs, the loop


class Protocol(HttpToolsProtocol):
    # connections whose head has not all come, the longest waiting first
    waiting: ClassVar[dict[Protocol, None]] = {}
    head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn's own signature
        super().connection_made(transport)
        self._head_begun()
        if len(self.connections) > resource.getrlimit(resource.RLIMIT_NOFILE)[0] - RESERVE:
            next(iter(Protocol.waiting))._head_late()  # this one at worst

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head_begun()

    def on_headers_complete(self) -> None:
        self._head_over()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_over()
        super().connection_lost(exc)

    def _head_begun(self) -> None:
        if self.head_timer is None:  # a connection's first head: timed from the connection
            self.head_timer = self.loop.call_later(HEAD_SECONDS, self._head_late)
            Protocol.waiting[self] = None

    def _head_over(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None
            del Protocol.waiting[self]

    def _head_late(self) -> None:
        self._head_over()
        if not self.transport.is_closing():
            self.transport.close()
