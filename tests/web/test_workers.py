"""The threads of serve's database calls (wordle_db/web/workers.py): many calls at once on a
few threads, each result and each error back to its own caller, and the threads gone after
close()."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from wordle_db.web.workers import Workers


def test_many_calls_at_once_run_on_at_most_size_threads_each_answer_to_its_caller() -> None:
    workers = Workers(4, "test-workers")
    running, most, lock = 0, 0, threading.Lock()

    def call(n: int) -> tuple[int, str]:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.002)  # a database call's wait, the interpreter lock released
        with lock:
            running -= 1
        return n, threading.current_thread().name

    async def main() -> list[tuple[int, str]]:
        return await asyncio.gather(*(workers.run(call, n) for n in range(200)))

    results = asyncio.run(main())
    assert [n for n, _ in results] == list(range(200))
    names = {name for _, name in results}
    assert len(names) <= 4 and all(name.startswith("test-workers_") for name in names)
    assert most == len(names) == 4  # the calls did overlap, on every thread
    workers.close()


def test_an_error_reaches_its_caller_and_the_thread_serves_the_next_call() -> None:
    workers = Workers(1, "test-workers")

    def fail() -> None:
        raise LookupError("no such game")

    async def main() -> int:
        with pytest.raises(LookupError, match="no such game"):
            await workers.run(fail)
        return await workers.run(lambda: 42)

    assert asyncio.run(main()) == 42
    assert len(workers.threads) == 1
    workers.close()


def test_close_ends_the_threads_and_a_later_call_starts_one_again() -> None:
    workers = Workers(3, "test-workers")

    async def calls() -> list[None]:
        return await asyncio.gather(*(workers.run(time.sleep, 0.01) for _ in range(3)))

    asyncio.run(calls())
    started = list(workers.threads)
    assert started and all(t.is_alive() for t in started)
    workers.close()
    for thread in started:
        thread.join(5)
    assert not any(t.is_alive() for t in started)

    async def again() -> int:
        return await workers.run(lambda: 7)

    assert asyncio.run(again()) == 7
    workers.close()


@pytest.mark.found_by("review of branch serve")
def test_a_call_its_caller_gave_up_holds_no_other_and_a_waiting_one_never_runs() -> None:
    """A request's task cancelled while its call waits (uvicorn does so at shutdown; so would
    any timeout put around a call): as with run_in_executor, the next call is not held behind
    the abandoned one while a thread may still start, and an abandoned call that has not
    started yet never runs (a guess whose client got no answer is not played later)."""
    workers = Workers(2, "test-workers")
    gate, ran = threading.Event(), []

    async def main() -> None:
        abandoned = workers.run(gate.wait)  # runs on the first thread, then its caller goes
        await asyncio.sleep(0.05)
        abandoned.cancel()
        await asyncio.sleep(0.05)  # the next request comes a moment later
        try:  # one thread is free to start: the next call must not wait for the gate
            assert await asyncio.wait_for(workers.run(lambda: "next"), 5) == "next"
        except TimeoutError:
            gate.set()
            raise AssertionError("the next call waited behind an abandoned one") from None
        waiting = [workers.run(gate.wait) for _ in range(2)]  # both threads busy
        queued = workers.run(ran.append, "played")
        queued.cancel()  # its caller goes before it started
        await asyncio.sleep(0.05)
        gate.set()
        await asyncio.gather(*waiting)
        await workers.run(time.sleep, 0.05)  # the queue has moved past it

    try:
        asyncio.run(main())
    finally:
        gate.set()
        workers.close()
    assert ran == [], "a call whose caller gave up before it started ran all the same"
