"""The threads of the blocking database calls, handing each result back to the event loop.

A ThreadPoolExecutor's worker sets a call's result (which wakes the event loop's thread) and
then runs its own bookkeeping (an idle semaphore, the next get) in Python: the woken loop
waits for the interpreter lock meanwhile, one more sleep and wake-up a request. Here a worker
hands the result over as the very last thing before it waits for the next call, in C
(SimpleQueue.get), so the loop finds the lock free: about 100 µs less of serve's CPU a web
guess (bench/log/2026-11-27.md, issue 42).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
Job = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]


class Workers:
    """At most `size` threads, started as calls need them. `run` and `close` belong to the
    event loop's thread."""

    def __init__(self, size: int, name: str) -> None:
        self.size, self.name = size, name
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.threads: list[threading.Thread] = []
        self.running = 0  # calls handed over and not yet settled

    def run(self, call: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """`call(*args)` in a worker thread; its result or its exception, awaitable."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self.running += 1  # until its thread is done with it (_settle), whatever its caller does
        if self.running > len(self.threads) < self.size:
            thread = threading.Thread(
                target=self._work, name=f"{self.name}_{len(self.threads)}", daemon=True
            )
            thread.start()
            self.threads.append(thread)
        self.jobs.put((loop, future, call, args))
        return future

    def close(self) -> None:
        """The threads end once their call (if any) has: none is waited for."""
        for _ in self.threads:
            self.jobs.put(None)
        self.threads = []

    def _work(self) -> None:
        while (job := self.jobs.get()) is not None:
            loop, future, call, args = job
            if future.cancelled():  # its caller gave up before it started: not run
                outcome: tuple[Any, Any, bool] = (future, None, False)
            else:
                try:
                    outcome = (future, call(*args), False)
                except BaseException as exc:  # the awaiting request raises it
                    outcome = (future, exc, True)
            # the hand-over, last: no Python runs after it but the get above (nor suppress())
            try:  # noqa: SIM105
                loop.call_soon_threadsafe(self._settle, *outcome)
            except RuntimeError:  # the loop is closed: nobody awaits the result any more
                pass

    def _settle(self, future: asyncio.Future[Any], outcome: Any, failed: bool) -> None:
        """On the event loop's thread: the call is over; its result to its caller, if any."""
        self.running -= 1
        if future.cancelled():
            return
        if failed:
            future.set_exception(outcome)
        else:
            future.set_result(outcome)
