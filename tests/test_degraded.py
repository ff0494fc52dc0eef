"""Degraded is a status: a run whose extractions failed beyond the threshold is not `finished`,
says why in one line, and is skipped by bands, `check` and the Cost page's measured sources
unless someone picks it."""

from __future__ import annotations

import pytest

from core import tiers
from core.bands import check
from core.cost import latest_measured_run
from core.runner import DEGRADED_ABOVE, run_eval
from tests.loopback import Loopback, Reply
from tests.test_runner_model import chat_reply, offline_answer

CASES = 20


def _run(store, corpus, url: str):
    extractor, settings, prompt_fp = tiers.build("simulated", base_url=url + "/v1", timeout_s=0.2, attempts=1)
    try:
        return run_eval(store, corpus, corpus.select("held-out", limit=CASES), extractor, split="held-out",
                        settings=settings, prompt_fingerprint=prompt_fp, concurrency=1)
    finally:
        extractor.close()


def dies_after(n: int):
    def answer(request, number: int) -> Reply:
        if number >= n:
            return Reply(200, chat_reply(offline_answer(request)), delay_s=1.0)  # past the client's timeout
        return Reply(200, chat_reply(offline_answer(request)))
    return answer


def test_a_run_whose_server_stops_answering_is_degraded_and_says_so(store, banks1):
    with Loopback(dies_after(6)) as server:
        healthy, _ = _run(store, banks1, server.url)  # the first 6 answered, then nothing
    run = store.run(healthy)
    assert run["status"] == "degraded" and run["summary"]["degraded_threshold"] == DEGRADED_ABOVE
    assert run["status_note"].startswith("degraded: the provider stopped answering after case 6 of 20")
    assert "\n" not in run["status_note"]


def test_degraded_runs_are_skipped_unless_picked(store, banks1):
    with Loopback(dies_after(10_000)) as server:
        good, _ = _run(store, banks1, server.url)
    with Loopback(dies_after(0)) as server:
        bad, _ = _run(store, banks1, server.url)
    assert store.run(good)["status"] == "finished" and store.run(bad)["status"] == "degraded"
    result = check(store)
    assert result.run["run_id"] == good and not result.labels  # the latest run is degraded: not the default
    picked = check(store, run_id=bad, against=good)
    assert picked.run["run_id"] == bad and picked.labels and "DEGRADED" in picked.labels[0]
    assert latest_measured_run(store, "simulated") == good


def test_an_unknown_against_run_is_an_error_even_in_an_empty_store(store):
    with pytest.raises(KeyError, match="r-nope"):
        check(store, against="r-nope")
