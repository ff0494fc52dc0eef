"""Opt-in: the `local` tier against a real OpenAI-compatible server at LOCAL_BASE_URL.

Deselected by default (marker `local_model`); run with
    LOCAL_BASE_URL=http://127.0.0.1:8640/v1 .venv/bin/python -m pytest -m local_model tests/test_local_model.py
The recipe for such a server is in ../shared/docs/local-model.md.
"""

from __future__ import annotations

import os
import socket

import httpx
import pytest

from core import tiers
from core.runner import run_eval

pytestmark = pytest.mark.local_model


@pytest.fixture(scope="module")
def base_url() -> str:
    url = os.environ.get("LOCAL_BASE_URL")
    if not url:
        pytest.skip("LOCAL_BASE_URL is not set: no local model server to test against")
    parsed = httpx.URL(url)
    try:
        socket.create_connection((parsed.host, parsed.port or 80), timeout=2.0).close()
    except OSError:
        pytest.skip(f"no server is listening at LOCAL_BASE_URL={url}")
    return url


def test_the_local_tier_uses_the_servers_own_form_at_temperature_0_with_the_model_on_record(base_url, store, banks1,
                                                                                              monkeypatch):
    monkeypatch.setenv("MAX_CALLS_PER_DAY", "100000")
    extractor, settings, fp = tiers.build("local")
    try:
        run_id, summary = run_eval(store, banks1, banks1.select("held-out", limit=6), extractor, split="held-out",
                                   settings=settings, prompt_fingerprint=fp)
    finally:
        extractor.close()
    assert settings["structured_output"] != "off" and settings["temperature"] == 0
    assert settings["served_model"], "the server named no model at GET /v1/models"
    calls = store.calls(run_id)
    assert set(calls["http_status"]) == {200}, calls["error"].dropna().tolist()
    assert summary["failed_extractions"] == 0 and summary["warnings"] == []
