"""Model tiers run on one event loop: no thread per call, the offline tier's decisions, a stand-in
client keeps the thread path, and an interrupt closes the run as incomplete with its client closed."""

from __future__ import annotations

import threading

import httpx
import pytest

from core import tiers
from core.extractors.offline import OfflineExtractor
from core.runner import run_eval
from core.simulated import SimulatedProvider
from core.turn import take_turn


def _build(url: str):
    return tiers.build("simulated", base_url=url + "/v1")


def test_a_model_tier_runs_without_a_thread_per_call_and_decides_like_the_offline_tier(store, banks1):
    cases = banks1.select("held-out", limit=40)
    threads_seen: set[str] = set()

    def progress(done: int, total: int) -> None:
        threads_seen.update(t.name for t in threading.enumerate())

    with SimulatedProvider(0, latency_ms=20) as provider:
        extractor, settings, fp = _build(provider.url)
        assert extractor.can_extract_async()
        try:
            run_id, summary = run_eval(store, banks1, cases, extractor, split="held-out", settings=settings,
                                       prompt_fingerprint=fp, concurrency=16, progress=progress)
        finally:
            extractor.close()
    assert summary["n"] == 40 and summary["failed_extractions"] == 0
    assert not any(name.startswith("case") for name in threads_seen)  # the thread path names its workers case_N
    offline = {c.case_id: take_turn(banks1.checklist, c.intent, c.lines, OfflineExtractor()).decision for c in cases}
    frame = store.cases(run_id, "case_id, decision")
    assert dict(zip(frame["case_id"], frame["decision"], strict=True)) == offline


def test_a_stand_in_client_keeps_the_thread_path(store, banks1):
    with SimulatedProvider(0) as provider:
        client = httpx.Client(timeout=5)
        mocked = httpx.Client(transport=httpx.MockTransport(lambda request: httpx.Response(500)))
        try:
            extractor, _, _ = tiers.build("simulated", base_url=provider.url + "/v1", client=client)
            assert extractor.can_extract_async()  # a plain httpx client: the loop can make one like it
            extractor.adapter.client = mocked
            assert not extractor.can_extract_async()  # its transport is a test's: the calls stay on it
        finally:
            client.close()
            mocked.close()


def test_an_interrupt_on_the_loop_closes_the_run_incomplete_and_the_client(store, banks1):
    cases = banks1.select("held-out", limit=60)

    def interrupt(done: int, total: int) -> None:
        if done >= 5:
            raise KeyboardInterrupt

    with SimulatedProvider(0, latency_ms=50) as provider:
        extractor, settings, fp = _build(provider.url)
        try:
            with pytest.raises(KeyboardInterrupt):
                run_eval(store, banks1, cases, extractor, split="held-out", settings=settings,
                         prompt_fingerprint=fp, concurrency=8, progress=interrupt)
        finally:
            extractor.close()
    assert extractor.adapter.async_client is None  # closed on the way out
    run = store.runs().iloc[0]
    assert run["status"] == "incomplete" and "KeyboardInterrupt" in run["status_note"]
    assert 5 <= len(store.cases(run["run_id"], "case_id")) < 60
