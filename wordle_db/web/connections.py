"""uvicorn's HTTP protocol (httptools), with limits on what a client may hold.

uvicorn closes an idle connection only once it has answered a request on it (its keep-alive
timer), and its httptools parser takes a request head of any size: a client that opens
connections and sends nothing, half a request, or a head without end would hold each (a file
descriptor, memory) as long as it likes, and at serve's limit of open files nobody else gets
in (found by the reviews of the cookie prefix). Here:
- a request must come whole (head and body) within `request_seconds` (`serve
  --request-timeout`, REQUEST_SECONDS by default) of its first byte (of the
  connection's opening, for its first request; of any byte on a connection idle after an
  answer, blank lines too; the rest of a body the app refused unread too), else the
  connection is closed;
- a head over MAX_HEAD bytes is answered 431 and the connection closed;
- connections waiting for their client are kept in the order they began to wait; when the
  connections would leave less than RESERVE files of the limit, each new one closes one of
  the address that holds the most waiting connections: the one of it that has waited longest
  for a head (or idle between requests), else for the rest of its body. A request the app is
  answering (a pipelined one too) is never closed so.
A request answered before its body was read (413, 403) closes its connection. Limits (docs/web.md):
a flood of connections from the player's own address (or from a proxy's, behind one), or from
many addresses, can still close a player's connection whose head comes slowly; a pipelined
request's timer runs while the request before it is answered.
"""

from __future__ import annotations

import asyncio
import resource
from collections import Counter
from typing import ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

REQUEST_SECONDS = 5.0
MAX_HEAD = 64 * 1024  # bytes; nginx's largest default (4 buffers of 8 KB) is smaller still
RESERVE = 64  # open files serve needs besides its clients: the pool's connections, logs, the loop
TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain; charset=utf-8\r\ncontent-length: 25\r\nconnection: close\r\n\r\n"
    b"request head is too large"
)


class Protocol(HttpToolsProtocol):
    # connections waiting for a head (or idle), and for the rest of a body: the longest first
    waiting: ClassVar[dict[Protocol, None]] = {}
    bodies: ClassVar[dict[Protocol, None]] = {}
    request_seconds: ClassVar[float] = REQUEST_SECONDS
    request_timer: asyncio.TimerHandle | None = None
    head_bytes: int | None = 0  # of the head under way; None: its head is complete
    in_message: bool = False  # a request's first byte parsed, its last not yet

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn's own signature
        super().connection_made(transport)
        self._wait(timed=True)
        if len(self.connections) > resource.getrlimit(resource.RLIMIT_NOFILE)[0] - RESERVE:
            self._make_room()

    def data_received(self, data: bytes) -> None:
        if self.request_timer is None and self._idle():  # what comes must come whole, in time
            self._wait(timed=True)
        if self.head_bytes is not None:
            self.head_bytes += len(data)
            if self.head_bytes > MAX_HEAD:
                self._stop_waiting()
                if not self.transport.is_closing():
                    self.transport.write(TOO_LARGE)
                    self.transport.close()
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.in_message = True
        if self.cycle is not None and not self.cycle.response_complete:
            # a pipelined request begun while the one before is answered: timed, but the
            # connection waits for nothing of its client until that answer is sent
            self.head_bytes = 0
            if self.request_timer is None:
                self.request_timer = self.loop.call_later(self.request_seconds, self._close)
            return
        self._wait(timed=True)

    def on_headers_complete(self) -> None:
        self.head_bytes = None
        if Protocol.waiting.pop(self, 0) is None:  # its body to come (or none: see below)
            Protocol.bodies[self] = None
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self.in_message = False
        self._stop_waiting()  # the app answers it now
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # a pipelined request whole: the app answers it now
        if self.transport.is_closing():
            return
        if self.in_message and self.head_bytes is None and self.cycle.response_complete:
            self._close()  # answered before its body was read (413, 403): no keep-alive
        elif self.in_message:  # the next request, begun: it keeps its timer
            self._wait(timed=True, keep_place=True)
        elif self._idle():  # uvicorn's keep-alive timer closes it
            self._stop_waiting()
            self._wait(timed=False)
            self.head_bytes = 0

    def _unsupported_upgrade_warning(self) -> None:
        """An upgrade (serve takes none: ws="none") is a plain request, and no line of the log."""

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _idle(self) -> bool:
        """No request under way: none begun, none the app is answering or has queued."""
        answering = self.cycle is not None and not self.cycle.response_complete
        return not self.in_message and not answering and not self.pipeline

    def _make_room(self) -> None:
        """Close a waiting connection of the address that holds the most: the one that has
        waited longest for a head (or idle), else for a body, else this new one."""

        def address(connection: Protocol) -> str | None:
            return connection.client[0] if connection.client else None

        held = Counter(map(address, (*Protocol.waiting, *Protocol.bodies)))
        most = max(held, key=held.__getitem__)
        heads = (c for c in Protocol.waiting if c is not self and address(c) == most)
        bodies = (c for c in Protocol.bodies if address(c) == most)
        (next(heads, None) or next(bodies, None) or self)._close()

    def _wait(self, timed: bool, keep_place: bool = False) -> None:
        if timed and self.request_timer is None:  # timed from the request's first byte
            self.request_timer = self.loop.call_later(self.request_seconds, self._close)
        if keep_place and (self in Protocol.waiting or self in Protocol.bodies):
            return
        Protocol.waiting.pop(self, None)  # waiting from now
        Protocol.waiting[self] = None

    def _stop_waiting(self) -> None:
        if self.request_timer is not None:
            self.request_timer.cancel()
            self.request_timer = None
        Protocol.waiting.pop(self, None)
        Protocol.bodies.pop(self, None)

    def _close(self) -> None:
        self._stop_waiting()
        if not self.transport.is_closing():
            self.transport.close()
