"""The Anthropic Messages adapter over real loopback HTTP: headers, usage, retries, tool use, thinking."""

from __future__ import annotations

import json

import pytest

from core.extraction import CUT_AT_CEILING, OK, PROVIDER_ERROR, ExtractionRequest
from core.extractors.anthropic import ANSWER_TOOL, API_VERSION, AnthropicAdapter
from core.extractors.model import ModelExtractor
from core.http_retry import RetryPolicy
from core.runner import run_eval
from tests.loopback import Loopback, Received, Reply, Waits

KEY = "sk-ant-test-0123456789abcdef"


def message(content: list[dict], stop: str = "end_turn") -> dict:
    return {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test", "content": content,
        "stop_reason": stop, "stop_sequence": None,
        "usage": {"input_tokens": 600, "output_tokens": 55, "cache_read_input_tokens": 128,
                  "cache_creation_input_tokens": 32},
    }


def text(body: str) -> dict:
    return {"type": "text", "text": body}


@pytest.fixture()
def make(clients):
    def make(server: Loopback, waits: Waits | None = None, timeout: float = 5.0, **kwargs) -> AnthropicAdapter:
        policy = RetryPolicy(attempts=3, base_wait_s=0.01, max_wait_s=5.0, sleep=waits or Waits())
        options = {"max_output_tokens": 400, **kwargs}
        return AnthropicAdapter(client=clients(timeout), base_url=server.url, model="claude-test", api_key=KEY,
                                policy=policy, **options)

    return make


def extract(adapter, banks1, structured: bool = False):
    case = next(c for c in banks1.select("held-out") if c.complete)
    extractor = ModelExtractor("deliberate", adapter, structured=structured)
    return case, extractor.extract(ExtractionRequest(banks1.checklist, case.intent, case.lines, case_id=case.case_id))


def test_success_reads_usage_stop_reason_and_request_id(make, banks1):
    with Loopback([Reply(200, message([text('{"collected": {}, "notes": ""}')]), {"request-id": "req_01"})]) as server:
        _, extraction = extract(make(server), banks1)
    assert extraction.status == OK
    (call,) = extraction.calls
    assert (call.input_tokens, call.output_tokens, call.cached_tokens, call.reasoning_tokens) == (600, 55, 128, None)
    assert call.cache_write_tokens == 32
    assert (call.finish_reason, call.request_id, call.http_status) == ("end_turn", "req_01", 200)
    sent = server.requests[0]
    assert sent.path == "/v1/messages"
    assert sent.headers["x-api-key"] == KEY and sent.headers["anthropic-version"] == API_VERSION
    assert "authorization" not in sent.headers
    body = sent.json()
    assert body["max_tokens"] == 400 and body["system"] and body["messages"][0]["role"] == "user"
    assert "thinking" not in body and "tools" not in body


def test_429_honours_retry_after(make, banks1):
    waits = Waits()
    limited = Reply(429, {"type": "error", "error": {"type": "rate_limit_error", "message": "slow"}},
                    {"retry-after": "2"})
    with Loopback([limited, Reply(200, message([text('{"collected": {}}')]))]) as server:
        _, extraction = extract(make(server, waits), banks1)
    assert extraction.status == OK and [c.http_status for c in extraction.calls] == [429, 200]
    assert waits.seconds == [2.0]


def test_529_overloaded_then_success(make, banks1):
    overloaded = Reply(529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})
    with Loopback([overloaded, Reply(500, {}), Reply(200, message([text('{"collected": {}}')]))]) as server:
        _, extraction = extract(make(server), banks1)
    assert [c.http_status for c in extraction.calls] == [529, 500, 200]
    assert "Overloaded" in extraction.calls[0].error
    assert extraction.status == OK


def test_timeout_then_success(make, banks1):
    with Loopback([Reply(200, message([text("{}")]), delay_s=0.6),
                   Reply(200, message([text('{"collected": {}}')]))]) as server:
        _, extraction = extract(make(server, timeout=0.15), banks1)
    assert extraction.calls[0].error.startswith("timeout")
    assert extraction.status == OK


def test_malformed_body_is_a_provider_error(make, banks1):
    with Loopback([Reply(200, b'{"content": [{"type": "text", "te')]) as server:
        _, extraction = extract(make(server), banks1)
    assert extraction.status == PROVIDER_ERROR and len(extraction.calls) == 1
    assert extraction.calls[0].error.startswith("malformed response body")


def test_structured_output_is_a_forced_tool_call(make, banks1):
    tool_use = {"type": "tool_use", "id": "toolu_1", "name": ANSWER_TOOL,
                "input": {"collected": {"account_type": None}, "notes": ""}}
    with Loopback([Reply(200, message([tool_use], "tool_use"))]) as server:
        case, extraction = extract(make(server), banks1, structured=True)
    body = server.requests[0].json()
    assert body["tool_choice"] == {"type": "tool", "name": ANSWER_TOOL}
    (tool,) = body["tools"]
    assert set(tool["input_schema"]["properties"]["collected"]["required"]) == set(
        banks1.checklist.required(case.intent))
    assert extraction.status == OK and extraction.collected == {}
    assert '"account_type": null' in extraction.raw_reply


def test_thinking_sends_a_budget_and_an_auto_tool_choice(make, banks1):
    thinking = {"type": "thinking", "thinking": "…", "signature": "sig"}
    with Loopback([Reply(200, message([thinking], "max_tokens"))]) as server:
        _, extraction = extract(make(server, max_output_tokens=2048, thinking_budget=1024), banks1, structured=True)
    body = server.requests[0].json()
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 1024}
    assert body["tool_choice"] == {"type": "auto"}  # the API refuses a forced tool while thinking
    assert extraction.status == CUT_AT_CEILING  # thinking spent the ceiling: no answer, never a stop


def test_a_thinking_budget_outside_the_api_range_is_refused(make):
    with Loopback([Reply(200, {})]) as server, pytest.raises(ValueError, match="thinking budget"):
        make(server, max_output_tokens=1000, thinking_budget=1024)


def test_500_then_success(make, banks1):
    with Loopback([Reply(500, {}), Reply(200, message([text('{"collected": {}}')]))]) as server:
        _, extraction = extract(make(server), banks1)
    assert [c.http_status for c in extraction.calls] == [500, 200]
    assert extraction.calls[0].error == "HTTP 500" and extraction.calls[1].error is None
    assert extraction.status == OK


def test_text_before_the_tool_call_leaves_the_tool_input_as_the_answer(make, banks1):
    # With thinking on, tool choice is auto: the model may think, say a line, then call the tool.
    thinking = {"type": "thinking", "thinking": "The customer wants savings.", "signature": "sig"}
    tool_use = {"type": "tool_use", "id": "toolu_1", "name": ANSWER_TOOL,
                "input": {"collected": {"account_type": "savings"}, "notes": ""}}
    reply = message([thinking, text("I'll report the facts now."), tool_use], "tool_use")
    with Loopback([Reply(200, reply)]) as server:
        _, extraction = extract(make(server, max_output_tokens=2048, thinking_budget=1024), banks1,
                                structured=True)
    assert extraction.status == OK
    assert json.loads(extraction.raw_reply) == tool_use["input"]
    assert extraction.collected == {"account_type": "savings"}


def test_text_alone_is_still_the_answer(make, banks1):
    reply = message([text('{"collected": '), text('{}, "notes": "none"}')])
    with Loopback([Reply(200, reply)]) as server:
        _, extraction = extract(make(server), banks1)
    assert extraction.status == OK and extraction.notes == "none"


def test_the_api_key_never_lands_in_the_store(make, store, banks1):
    def answer(request: Received, number: int) -> Reply:
        if number == 0:  # a gateway that quotes the key back in its error, as some do
            return Reply(500, {"type": "error", "error": {"type": "api_error",
                                                          "message": f"bad key {request.headers['x-api-key']}"}})
        return Reply(200, message([text('{"collected": {}, "notes": ""}')]))

    cases = banks1.select("held-out", limit=3)
    with Loopback(answer) as server:
        extractor = ModelExtractor("deliberate", make(server))
        run_id, summary = run_eval(store, banks1, cases, extractor, split="held-out",
                                   settings={"tier": "deliberate", "kind": "model"}, prompt_fingerprint="test")
    assert server.requests[0].headers["x-api-key"] == KEY  # the key was sent...
    assert summary["calls"] == 4 and "[redacted]" in store.calls(run_id)["error"].iloc[0]
    for table in ("runs", "cases", "calls"):  # ...and is in no column of any table
        assert KEY not in store.query(f"SELECT * FROM {table}").to_csv()
    stored = b"".join(path.read_bytes() for path in store.path.parent.glob(f"{store.path.name}*"))
    assert KEY.encode() not in stored and KEY[7:].encode() not in stored
