"""The OpenAI-compatible adapter over real loopback HTTP: usage, retries, timeouts, bad bodies."""

from __future__ import annotations

import json
import logging

import pytest

from core import tiers
from core.extraction import CUT_AT_CEILING, EMPTY_REPLY, OK, PROVIDER_ERROR, UNPARSEABLE, ExtractionRequest
from core.extractors.model import ModelExtractor
from core.extractors.openai_compat import OpenAICompatAdapter
from core.http_retry import RetryPolicy, retry_after_seconds
from core.runner import run_eval
from tests.loopback import Loopback, Reply, Waits

KEY = "sk-test-openai-0123456789abcdef"


def completion(content: str | None, finish: str = "stop", **usage_extra) -> dict:
    return {
        "id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-test",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}],
        "usage": {"prompt_tokens": 512, "completion_tokens": 40, "total_tokens": 552,
                  "prompt_tokens_details": {"cached_tokens": 256},
                  "completion_tokens_details": {"reasoning_tokens": 12}, **usage_extra},
    }


@pytest.fixture()
def make(clients):
    def make(server: Loopback, waits: Waits | None = None, timeout: float = 5.0, **kwargs) -> OpenAICompatAdapter:
        policy = RetryPolicy(attempts=3, base_wait_s=0.01, max_wait_s=5.0, sleep=waits or Waits())
        return OpenAICompatAdapter(client=clients(timeout), base_url=server.url + "/v1", model="gpt-test",
                                   api_key=KEY, max_output_tokens=400, policy=policy, **kwargs)

    return make


def extract(adapter, banks1, structured: bool = False):
    case = next(c for c in banks1.select("held-out") if c.complete)
    extractor = ModelExtractor("fast", adapter, structured=structured)
    return case, extractor.extract(ExtractionRequest(banks1.checklist, case.intent, case.lines, case_id=case.case_id))


def test_success_reads_usage_finish_reason_and_request_id(make, banks1):
    answer = json.dumps({"collected": {}, "notes": ""})
    with Loopback([Reply(200, completion(answer), {"x-request-id": "req-abc"})]) as server:
        _, extraction = extract(make(server), banks1)
    assert extraction.status == OK
    (call,) = extraction.calls
    assert (call.input_tokens, call.output_tokens, call.reasoning_tokens, call.cached_tokens) == (512, 40, 12, 256)
    assert (call.finish_reason, call.http_status, call.request_id, call.attempt) == ("stop", 200, "req-abc", 1)
    sent = server.requests[0]
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    body = sent.json()
    assert body["max_completion_tokens"] == 400 and "max_tokens" not in body
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert body["messages"][1]["content"] in extraction.prompt
    assert "response_format" not in body
    assert KEY not in (call.prompt + (call.raw_reply or ""))


def test_429_honours_retry_after_then_succeeds(make, banks1):
    waits = Waits()
    limited = Reply(429, {"error": {"message": "slow down", "type": "rate_limit"}}, {"retry-after": "3"})
    with Loopback([limited, Reply(200, completion('{"collected": {}}'))]) as server:
        _, extraction = extract(make(server, waits), banks1)
    assert extraction.status == OK
    assert [c.http_status for c in extraction.calls] == [429, 200]
    assert [c.attempt for c in extraction.calls] == [1, 2]
    assert "slow down" in extraction.calls[0].error
    assert waits.seconds == [3.0]


def test_5xx_then_success_backs_off_with_bounded_jitter(make, banks1):
    waits = Waits()
    with Loopback([Reply(500, {"error": {"message": "boom"}}), Reply(503, {}), Reply(200, completion("{}"))]) as server:
        _, extraction = extract(make(server, waits), banks1)
    assert [c.http_status for c in extraction.calls] == [500, 503, 200]
    assert len(waits.seconds) == 2 and all(0 <= s <= 5.0 for s in waits.seconds)
    assert extraction.status == OK and extraction.collected == {}  # `{}` reports nothing: the turn asks again


def test_timeout_is_retried_and_recorded(make, banks1):
    with Loopback([Reply(200, completion('{"collected": {}}'), delay_s=0.6),
                   Reply(200, completion('{"collected": {}}'))]) as server:
        _, extraction = extract(make(server, timeout=0.15), banks1)
    assert extraction.status == OK
    assert extraction.calls[0].error.startswith("timeout") and extraction.calls[0].http_status is None
    assert extraction.calls[1].http_status == 200


def test_exhausted_retries_are_a_provider_error(make, banks1):
    with Loopback([Reply(502, {"error": {"message": "bad gateway"}})]) as server:
        _, extraction = extract(make(server), banks1)
    assert extraction.status == PROVIDER_ERROR
    assert [c.http_status for c in extraction.calls] == [502, 502, 502]


def test_malformed_body_is_a_provider_error_not_retried(make, banks1):
    with Loopback([Reply(200, b'{"choices": [{"message": ')]) as server:
        _, extraction = extract(make(server), banks1)
    assert extraction.status == PROVIDER_ERROR
    (call,) = extraction.calls
    assert call.error.startswith("malformed response body") and call.raw_reply.startswith('{"choices"')


def test_a_client_error_is_not_retried(make, banks1):
    with Loopback([Reply(400, {"error": {"message": "bad request"}})]) as server:
        _, extraction = extract(make(server), banks1)
    assert extraction.status == PROVIDER_ERROR and len(extraction.calls) == 1


@pytest.mark.parametrize(("content", "finish", "status"), [
    ("", "length", CUT_AT_CEILING),  # reasoning spent the ceiling
    (None, "length", CUT_AT_CEILING),
    ('{"collected": {"amount"', "length", CUT_AT_CEILING),
    ("", "stop", EMPTY_REPLY),
    ("I think the customer wants money.", "stop", UNPARSEABLE),
])
def test_replies_without_an_answer_are_named(make, banks1, content, finish, status):
    with Loopback([Reply(200, completion(content, finish))]) as server:
        _, extraction = extract(make(server), banks1)
    assert extraction.status == status and extraction.collected == {}


def test_a_refusal_is_its_own_call_error_not_an_empty_reply(make, banks1):
    refused = completion(None)
    refused["choices"][0]["message"]["refusal"] = "I can't help with that request."
    with Loopback([Reply(200, refused)]) as server:
        _, extraction = extract(make(server), banks1)
    (call,) = extraction.calls  # a refusal is an answer: not retried
    assert call.error == "refused: I can't help with that request." and call.http_status == 200
    assert extraction.status == PROVIDER_ERROR and extraction.collected == {}
    assert extraction.notes == call.error


def test_structured_output_sends_a_strict_schema_of_the_intent(make, banks1):
    with Loopback([Reply(200, completion('{"collected": {"amount": null}, "notes": ""}'))]) as server:
        case, extraction = extract(make(server, reasoning_effort="low"), banks1, structured=True)
    body = server.requests[0].json()
    assert body["reasoning_effort"] == "low"
    spec = body["response_format"]
    assert spec["type"] == "json_schema" and spec["json_schema"]["strict"] is True
    facts = spec["json_schema"]["schema"]["properties"]["collected"]
    assert set(facts["required"]) == set(banks1.checklist.required(case.intent))
    assert facts["additionalProperties"] is False
    assert extraction.status == OK and extraction.collected == {}


def test_local_servers_get_max_tokens_and_no_key(clients, banks1):
    with Loopback([Reply(200, completion('{"collected": {}}'))]) as server:
        adapter = OpenAICompatAdapter(client=clients(), base_url=server.url + "/v1", model="local", api_key=None,
                                      max_output_tokens=256, ceiling_param="max_tokens")
        extract(adapter, banks1)
    sent = server.requests[0]
    assert sent.json()["max_tokens"] == 256 and "authorization" not in sent.headers


def test_the_key_never_reaches_the_store_or_the_logs(store, banks1, monkeypatch, caplog, capsys):
    """Even when a provider echoes the key back (as an auth error or inside a reply)."""
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    caplog.set_level(logging.DEBUG)

    def echo_key(request, number: int) -> Reply:
        sent = request.headers["authorization"]
        if number == 0:
            return Reply(401, {"error": {"message": f"Incorrect API key provided: {sent}", "type": "auth"}})
        notes = f"header was {sent}"
        return Reply(200, completion(json.dumps({"collected": {}, "notes": notes})))

    with Loopback(echo_key) as server:
        extractor, settings, prompt_fp = tiers.build("fast", base_url=server.url + "/v1")
        try:
            run_id, _ = run_eval(store, banks1, banks1.select("held-out", limit=5), extractor, split="held-out",
                                 settings=settings, prompt_fingerprint=prompt_fp)
        finally:
            extractor.close()
    assert all(r.headers["authorization"] == f"Bearer {KEY}" for r in server.requests)  # the key was sent
    calls = store.calls(run_id)
    assert "[redacted]" in calls["error"].iloc[0] and calls["raw_reply"].str.contains("redacted").all()
    with store.connect() as db:
        tables = [t for (t,) in db.execute("SHOW TABLES").fetchall()]
        for table in tables:
            for (text,) in db.execute(f"SELECT CAST(t AS VARCHAR) FROM {table} AS t").fetchall():
                assert KEY not in text, f"the key is in table {table}"
    for path in (store.path, store.path.with_suffix(".duckdb.wal")):
        if path.exists():
            assert KEY.encode() not in path.read_bytes()
    assert KEY not in caplog.text
    captured = capsys.readouterr()
    assert KEY not in captured.out + captured.err


@pytest.mark.parametrize(("headers", "seconds"), [
    ({"retry-after": "7"}, 7.0),
    ({"retry-after-ms": "250", "retry-after": "7"}, 0.25),  # the finer one wins
    ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, 0.0),  # a date in the past: go now
    ({"retry-after": "soon"}, None),
    ({}, None),
])
def test_retry_after_is_read_in_every_documented_form(headers, seconds):
    assert retry_after_seconds(headers) == seconds


def test_a_retry_after_longer_than_the_cap_is_capped(make, banks1):
    waits = Waits()
    with Loopback([Reply(429, {}, {"retry-after": "3600"}), Reply(200, completion('{"collected": {}}'))]) as server:
        extract(make(server, waits), banks1)
    assert waits.seconds == [5.0]  # the policy's max_wait_s
