"""uvicorn's HTTP protocol (httptools), with limits on what a client may hold.

uvicorn closes an idle connection only once it has answered a request on it (its keep-alive
timer), and its httptools parser takes a request head of any size: a client that opens
connections and sends nothing, half a request, or a head without end would hold each (a file
descriptor, memory) as long as it likes, and at serve's limit of open files nobody else gets
in (found by the reviews of the cookie prefix). Here:
- a request must come whole (head and body) within `request_seconds` (`serve
  --request-timeout`, REQUEST_SECONDS by default) of its first byte (of the
  connection's opening, for its first request), else the connection is closed;
- a head over MAX_HEAD bytes is answered 431 and the connection closed;
- connections waiting for their client are kept in the order they began to wait; when the
  connections would leave less than RESERVE files of the limit, each new one closes the one
  that has waited longest for a head (or idle between requests), else the one that has
  waited longest for the rest of its body. A request the app is answering is never closed so.
A flood of connections from the player's own address can still close a player's connection
whose head comes slowly: in front of the open Internet, a proxy's limits apply (docs/web.md).
"""

from __future__ import annotations

import asyncio
import resource
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

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn's own signature
        super().connection_made(transport)
        self._wait(timed=True)
        if len(self.connections) > resource.getrlimit(resource.RLIMIT_NOFILE)[0] - RESERVE:
            oldest = next(iter(Protocol.waiting))  # this one at worst
            if oldest is self and Protocol.bodies:
                oldest = next(iter(Protocol.bodies))
            oldest._close()

    def data_received(self, data: bytes) -> None:
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
        self._wait(timed=True)

    def on_headers_complete(self) -> None:
        self.head_bytes = None
        if Protocol.waiting.pop(self, 0) is None:  # its body to come (or none: see below)
            Protocol.bodies[self] = None
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._stop_waiting()  # the app answers it now
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._stop_waiting()
            self._wait(timed=False)  # idle: uvicorn's keep-alive timer closes it
            self.head_bytes = 0

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _wait(self, timed: bool) -> None:
        if timed and self.request_timer is None:  # the first request: timed from the connection
            self.request_timer = self.loop.call_later(self.request_seconds, self._close)
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
