"""`publish-today --metrics-file`: the publication's metrics for node_exporter's textfile
collector (no push, no server). Counters carry over from the file's previous contents, so the
file keeps a publication count and each channel's last publication time across runs."""

from __future__ import annotations

import time
from pathlib import Path

from prometheus_client import CollectorRegistry, Gauge, write_to_textfile
from prometheus_client.parser import text_string_to_metric_families

from wordle_db.errors import WordleError

COUNT = "wordle_db_publications"  # a counter: exposed as wordle_db_publications_total
LAST = "wordle_db_last_publication_timestamp_seconds"


def _previous(path: Path) -> dict[tuple[str, str], float]:
    """(sample name, channel) -> value from the file's last run; nothing if none or unreadable."""
    try:
        text = path.read_text()
    except OSError:
        return {}
    try:
        return {
            (s.name, s.labels.get("channel", "")): s.value
            for family in text_string_to_metric_families(text)
            for s in family.samples
        }
    except ValueError:
        return {}  # not ours, or cut short: start the counts again


def write(path: Path, published: dict[str, bool], failed: int) -> None:
    """Record one run: `published` maps each channel reported to whether this run published it
    (False: it was published already); `failed` channels could not be published."""
    before, now = _previous(path), time.time()
    registry = CollectorRegistry()
    count = Gauge(
        f"{COUNT}_total",
        "Puzzles publish-today published, by channel",
        ["channel"],
        registry=registry,
    )
    last = Gauge(
        LAST, "When publish-today last published a channel's puzzle", ["channel"], registry=registry
    )
    channels = set(published) | {c for (name, c) in before if name in (f"{COUNT}_total", LAST)}
    for channel in sorted(channels):
        new = published.get(channel, False)
        count.labels(channel).set(before.get((f"{COUNT}_total", channel), 0) + new)
        last.labels(channel).set(now if new else before.get((LAST, channel), 0))
    Gauge(
        "wordle_db_publish_run_timestamp_seconds", "When publish-today last ran", registry=registry
    ).set(now)
    Gauge(
        "wordle_db_publish_failed_channels",
        "Channels the last run could not publish",
        registry=registry,
    ).set(failed)
    try:
        write_to_textfile(str(path), registry)
    except OSError as exc:
        raise WordleError(f"cannot write the metrics file {path}: {exc.strerror or exc}") from None
