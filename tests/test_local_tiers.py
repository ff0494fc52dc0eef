"""Model tiers against servers of each kind, over real loopback HTTP: the structured-output form
each kind speaks, the capability probe, requests refused as invalid, temperature and seed, the
served model on record, numbers read as text, dropped instructions, and server-reported timings."""

from __future__ import annotations

import json

import pytest

from core import tiers
from core.bands import NotComparable, check
from core.contract import RULES_VERSION
from core.extraction import OK, PROVIDER_ERROR, ExtractionRequest
from core.extractors.model import ModelExtractor
from core.extractors.openai_compat import OpenAICompatAdapter
from core.guards import run_guards
from core.http_retry import RetryPolicy
from core.runner import run_eval
from tests.loopback import Loopback, Reply, Waits

SCHEMA_500 = {"error": {"message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', "
                                   "'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\"}",
                        "type": "internal_server_error", "param": None, "code": None}}


def completion(content: str, model: str = "local-model", prompt_tokens: int = 400, **extra) -> dict:
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": 9, "total_tokens": prompt_tokens + 9},
            **extra}


def models(*ids: str, owned_by: str = "me") -> dict:
    return {"/v1/models": Reply(200, {"object": "list", "data": [{"id": i, "object": "model", "owned_by": owned_by}
                                                                  for i in ids]})}


def llama_cpp(answer: str = '{"collected": {}, "notes": ""}', **kwargs):
    """Answers as llama-cpp-python 0.3.36 does: 500 on json_schema, its own form honoured, others ignored."""
    def handle(request, _number: int) -> Reply:
        body = request.json()
        form = body.get("response_format") or {}
        if form.get("type") == "json_schema":
            return Reply(500, SCHEMA_500)
        constrained = form.get("type") == "json_object" and "schema" in form
        if body["messages"][-1]["content"] == "Say hello.":
            return Reply(200, completion('{"ok": "yes"}' if constrained else "Hello! How can I assist you today?"))
        return Reply(200, completion(answer, **kwargs))

    return handle


def adapter(clients, server: Loopback, **kwargs) -> OpenAICompatAdapter:
    return OpenAICompatAdapter(client=clients(), base_url=server.url + "/v1", model="local-model", api_key=None,
                               max_output_tokens=400, ceiling_param="max_tokens",
                               policy=RetryPolicy(attempts=3, base_wait_s=0.01, sleep=Waits()), **kwargs)


def extract(extractor, corpus):
    case = next(c for c in corpus.select("held-out") if c.complete)
    return case, extractor.extract(ExtractionRequest(corpus.checklist, case.intent, case.lines, case_id=case.case_id))


@pytest.mark.parametrize(("form", "expected"), [
    ("json_schema", lambda s: {"response_format": {
        "type": "json_schema", "json_schema": {"name": "extraction", "strict": True, "schema": s}}}),
    ("json_object_schema", lambda s: {"response_format": {"type": "json_object", "schema": s}}),
    ("ollama_format", lambda s: {"format": s}),
    ("vllm_guided", lambda s: {"guided_json": s}),
])
def test_each_server_kind_gets_its_own_structured_output_form(clients, banks1, form, expected):
    with Loopback([Reply(200, completion('{"collected": {}, "notes": ""}'))]) as server:
        _, extraction = extract(ModelExtractor("local", adapter(clients, server, structured_form=form),
                                               structured=True), banks1)
    body = server.requests[0].json()
    sent = {k: body[k] for k in ("response_format", "format", "guided_json") if k in body}
    schema = next(iter(sent.values()))
    schema = schema.get("schema") or schema.get("json_schema", {}).get("schema") or schema
    assert sent == expected(schema) and schema["properties"]["collected"]["additionalProperties"] is False
    assert extraction.status == OK


def test_a_request_the_server_calls_invalid_is_not_retried_even_as_a_500(clients, banks1):
    with Loopback([Reply(500, SCHEMA_500), Reply(200, completion("{}"))]) as server:
        _, extraction = extract(ModelExtractor("local", adapter(clients, server), structured=True), banks1)
    (call,) = extraction.calls  # one attempt, not four
    assert call.http_status == 500 and "refused the request itself as invalid: not retried" in call.error
    assert extraction.status == PROVIDER_ERROR and len(server.requests) == 1


def test_a_500_without_a_validation_body_is_still_retried(clients, banks1):
    with Loopback([Reply(500, {"error": {"message": "CUDA out of memory"}}),
                   Reply(200, completion('{"collected": {}}'))]) as server:
        _, extraction = extract(ModelExtractor("local", adapter(clients, server)), banks1)
    assert [c.http_status for c in extraction.calls] == [500, 200] and extraction.status == OK


def test_temperature_and_seed_are_sent_and_instructions_can_go_in_the_user_message(clients, banks1):
    with Loopback([Reply(200, completion('{"collected": {}}'))]) as server:
        _, extraction = extract(ModelExtractor("local", adapter(clients, server, temperature=0, seed=7,
                                                                instructions_in_user=True)), banks1)
    body = server.requests[0].json()
    assert body["temperature"] == 0 and body["seed"] == 7
    (message,) = body["messages"]
    assert message["role"] == "user" and message["content"] == extraction.prompt


def test_numbers_booleans_and_nulls_in_an_answer_are_read_as_text(clients, banks1):
    answer = '{"collected": {"a": 820, "b": 820.50, "c": true, "d": null}, "notes": ""}'
    with Loopback([Reply(200, completion(answer))]) as server:
        _, extraction = extract(ModelExtractor("local", adapter(clients, server)), banks1)
    assert extraction.status == OK  # once, "amount": 820 made 48 of 61 real replies unparseable
    assert extraction.collected == {"a": "820", "b": "820.50", "c": "true"}  # null: not stated


def local_tier(monkeypatch, server: Loopback, **env: str):
    monkeypatch.setenv("LOCAL_BASE_URL", server.url + "/v1")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return tiers.build("local")


def test_auto_finds_the_form_the_server_honours_and_records_the_served_model(monkeypatch, banks1):
    with Loopback(llama_cpp(), gets=models("qwen2.5-coder-1.5b-instruct")) as server:
        extractor, settings, _ = local_tier(monkeypatch, server)
        try:
            extract(extractor, banks1)
        finally:
            extractor.close()
    tried = [r.json().get("response_format", {}).get("type") for r in server.requests]
    assert tried[0] == "json_object" and len(tried) == 2  # llama.cpp's own form first; it held
    assert settings["structured_output"] == "json_object_schema"
    assert settings["served_model"] == "qwen2.5-coder-1.5b-instruct" and settings["host_kind"] == "loopback"
    assert settings["contract"] == RULES_VERSION
    assert settings["temperature"] == 0 and settings["seed"] == 0
    body = server.requests[-1].json()
    assert body["temperature"] == 0 and body["seed"] == 0 and body["response_format"]["type"] == "json_object"


def test_a_server_that_ignores_every_form_fails_in_one_line_before_any_case(monkeypatch):
    def plain(request, _n):
        return Reply(200, completion("Hello! How can I assist you today?"))

    with Loopback(plain, gets=models("m")) as server, pytest.raises(ValueError) as failed:
        local_tier(monkeypatch, server)
    message = str(failed.value)
    assert "honours no structured-output form" in message and "\n" not in message
    assert "the server ignored it" in message and 'structured_output = "off"' in message


def test_a_configured_form_the_server_refuses_fails_in_one_line(monkeypatch):
    with Loopback(llama_cpp(), gets=models("m")) as server, pytest.raises(ValueError) as failed:
        tiers.build("local", base_url=server.url + "/v1", structured_output="json_schema")
    message = str(failed.value)
    assert "does not do structured output 'json_schema'" in message and "HTTP 500" in message
    assert "Input should be 'text' or 'json_object'" in message and "\n" not in message
    assert len(server.requests) == 1  # the probe, not retried


def test_local_model_overrides_the_name_and_temperature_is_in_the_guards(monkeypatch, banks1):
    with Loopback(llama_cpp(), gets=models("a", "b")) as server:
        extractor, settings, fp = local_tier(monkeypatch, server, LOCAL_MODEL="b")
        extractor.close()
        warm, warm_settings, _ = tiers.build("local", temperature=0.8)
        warm.close()
    assert extractor.adapter.model == "b" and settings["model"] == "b" and settings["served_model"] == "b"
    cases = banks1.select("held-out", limit=3)
    cold = run_guards(banks1, cases, fp, settings)
    assert run_guards(banks1, cases, fp, warm_settings)["tier_settings"] != cold["tier_settings"]


def run_local(store, corpus, monkeypatch, served: str, limit: int = 4, **kwargs):
    with Loopback(llama_cpp(**kwargs), gets=models(served)) as server:
        extractor, settings, fp = local_tier(monkeypatch, server)
        try:
            return run_eval(store, corpus, corpus.select("held-out", limit=limit), extractor, split="held-out",
                            settings=settings, prompt_fingerprint=fp)
        finally:
            extractor.close()


def test_the_served_model_is_on_record_and_check_names_it_as_what_changed(store, banks1, monkeypatch):
    small, _ = run_local(store, banks1, monkeypatch, "qwen2.5-coder-0.5b-instruct")
    large, summary = run_local(store, banks1, monkeypatch, "qwen2.5-coder-1.5b-instruct")
    run = store.run(large)
    assert run["settings"]["served_model"] == "qwen2.5-coder-1.5b-instruct"
    assert summary["server"]["reply_models"] == {"local-model": 4}  # llama-cpp-python echoes the request
    assert summary["warnings"] == []
    with pytest.raises(NotComparable) as refused:
        check(store, run_id=large, against=small)
    assert ("settings.served_model 'qwen2.5-coder-0.5b-instruct' -> 'qwen2.5-coder-1.5b-instruct'"
            in str(refused.value))
    latest = check(store)
    assert latest.against is None and "served_model 'qwen2.5-coder-0.5b-instruct' -> " in latest.reason


def test_a_prompt_counted_far_short_warns_that_instructions_were_dropped(store, banks1, monkeypatch):
    _, summary = run_local(store, banks1, monkeypatch, "gemma", limit=2, prompt_tokens=60)
    (warning,) = summary["warnings"]
    assert "dropped the instructions" in warning and "instructions_in_user = true" in warning
    assert summary["server"]["prompt_tokens_p50"] == 60


def test_server_reported_compute_time_is_kept_apart_from_queue_wait(store, banks1, monkeypatch):
    _, summary = run_local(store, banks1, monkeypatch, "m", limit=2,
                           timings={"prompt_ms": 0.1, "predicted_ms": 0.2})
    server = summary["server"]
    assert server["server_ms_p50"] == 0.3  # llama.cpp's own server: prompt_ms + predicted_ms
    assert server["queue_ms_p50"] == pytest.approx(max(0.0, server["latency_p50_ms"] - 0.3), abs=0.3)


def test_a_reply_naming_a_model_nobody_asked_for_is_a_warning(store, banks1, monkeypatch):
    _, summary = run_local(store, banks1, monkeypatch, "a", limit=2, model="something-else")
    assert any("something-else" in w for w in summary["warnings"])


def test_runs_lists_the_served_model_and_where_it_runs(store, banks1, monkeypatch, capsys):
    import argparse

    from evals import cmd_runs

    run_local(store, banks1, monkeypatch, "qwen2.5-coder-0.5b-instruct", limit=2)
    args = argparse.Namespace(db=str(store.path), kind=None, limit=5, json=False)
    assert cmd_runs.handle(args) == 0
    line = capsys.readouterr().out.strip().splitlines()[0]
    assert "model qwen2.5-coder-0.5b-instruct@loopback" in line
    args.json = True
    cmd_runs.handle(args)
    (row,) = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["runs"]
    assert (row["served_model"], row["host_kind"], row["temperature"]) == ("qwen2.5-coder-0.5b-instruct",
                                                                           "loopback", 0)


def test_temperature_0_by_default_and_never_sent_to_a_thinking_tier(monkeypatch, clients):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0123456789")
    plain, plain_settings, _ = tiers.build("simulated-anthropic", client=clients())
    thinking, thinking_settings, _ = tiers.build("deliberate", client=clients())
    try:
        assert plain_settings["temperature"] == 0 and plain.adapter.temperature == 0
        assert "temperature" not in thinking_settings and thinking.adapter.temperature is None
        assert thinking_settings["host_kind"] == "remote" and "served_model" not in thinking_settings
    finally:
        plain.close()
        thinking.close()
