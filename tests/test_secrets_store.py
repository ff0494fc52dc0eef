"""No key in the store: runs against a server that echoes the credential in its bodies and its
request-id headers, keys of several shapes and lengths (one of 5 characters under a variable
not named *_KEY), customer text carrying tokens; then every column of every table is grepped."""

from __future__ import annotations

import json

from core import tiers
from core.corpus import build_corpus
from core.runner import run_eval
from core.secrets import Scrubber
from core.store import Store
from tests.loopback import Loopback, Reply
from tests.test_checklist import SCHEMA

KEYS = {"MYCRED": "x9Q2z", "OPENAI_API_KEY": "sk-proj-Abc123Def456Ghi789", "ANTHROPIC_API_KEY": "sk-ant-api03-ZyXw987"}
TYPED = ["ghp_A1b2C3d4E5f6G7h8I9j0K1l2", "xoxb-123456789012-abcdefABCDEF", "AKIAIOSFODNN7EXAMPLE",
         "Bearer eyJhbGciOiJIUzI1NiJ9.payload"]
SECRETS = [*KEYS.values(), *TYPED]


def echoing(request, number: int) -> Reply:
    key = (request.headers.get("authorization") or request.headers.get("x-api-key") or "").removeprefix("Bearer ")
    headers = {"request-id": f"req-{key}", "x-request-id": f"req-{key}"}
    if number % 2 == 0:  # an error that quotes the credential back, then a reply that echoes it
        return Reply(401, {"error": {"message": f"invalid key {key}", "type": "auth"}}, headers)
    text = json.dumps({"collected": {"amount": key}, "notes": f"key {key}; {TYPED[0]}"})
    if request.path.endswith("/messages"):
        body = {"id": "m", "type": "message", "role": "assistant", "model": "m", "stop_reason": "end_turn",
                "content": [{"type": "text", "text": text}], "usage": {"input_tokens": 5, "output_tokens": 5}}
    else:
        body = {"id": "c", "object": "chat.completion", "model": "m", "usage": {"prompt_tokens": 5,
                "completion_tokens": 5}, "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                                      "finish_reason": "stop"}]}
    return Reply(200, body, headers)


def _corpus(folder):
    folder.mkdir()
    (folder / "checklist.json").write_text(json.dumps(SCHEMA))
    said = f"I'd like a loan of $500, my token is {TYPED[0]} and {TYPED[1]}, aws {TYPED[2]}, {TYPED[3]}"
    transcript = {"id": f"loan-{TYPED[0]}", "turns": [
        {"speaker": "customer", "text": said, "intent": "Apply", "facts": {"amount": ["$500", TYPED[0]]}},
        {"speaker": "agent", "text": f"Over 12 or 24 months? ({KEYS['MYCRED']})", "asks": ["term"]},
        {"speaker": "customer", "text": "12 please", "intent": "Apply", "facts": {"amount": ["$500"], "term": ["12"]}},
    ]}
    (folder / "transcripts.jsonl").write_text(json.dumps(transcript) + "\n")
    return build_corpus("Loans_1", sgd_dir=folder, download=False)


def every_value(store: Store) -> list[tuple[str, str, str]]:
    found = []
    with store.connect() as db:
        tables = [r[0] for r in db.execute("SELECT table_name FROM duckdb_tables()").fetchall()]
        for table in tables:
            for (column,) in db.execute("SELECT column_name FROM duckdb_columns() WHERE table_name = ?",
                                        [table]).fetchall():
                for (value,) in db.execute(f'SELECT CAST("{column}" AS VARCHAR) FROM "{table}"').fetchall():
                    if value:
                        found.append((table, column, value))
    return found


def test_no_key_or_token_reaches_any_column_of_any_table(tmp_path, monkeypatch):
    for name, value in KEYS.items():
        monkeypatch.setenv(name, value)
    with Loopback(echoing) as server:
        tiers_path = tmp_path / "tiers.toml"
        tiers_path.write_text("".join(f"""
[{name}]
provider = "{provider}"
model = "m"
base_url = "{server.url}{path}"
key_env = "{env}"
attempts = 2
base_wait_s = 0.0
timeout_s = 5
""" for name, provider, path, env in (("short", "openai", "/v1", "MYCRED"), ("oa", "openai", "/v1", "OPENAI_API_KEY"),
                                       ("an", "anthropic", "", "ANTHROPIC_API_KEY"))))
        monkeypatch.setenv("CHAT_INTAKE_TIERS", str(tiers_path))
        corpus = _corpus(tmp_path / "mine")
        store = Store(tmp_path / "runs.duckdb")
        for tier in ("short", "oa", "an"):
            extractor, settings, prompt_fp = tiers.build(tier)
            try:
                run_eval(store, corpus, corpus.cases, extractor, split="all", settings=settings,
                         prompt_fingerprint=prompt_fp)
            finally:
                extractor.close()
        assert {r.headers.get("authorization", r.headers.get("x-api-key")) for r in server.requests} >= {
            "Bearer x9Q2z", KEYS["ANTHROPIC_API_KEY"]}  # the keys were really sent
    run_id = store.runs().iloc[0]["run_id"]
    store.add_review(run_id, "loan-1#0", "other", note=f"customer pasted {TYPED[0]} and {KEYS['MYCRED']}",
                     reviewer=KEYS["OPENAI_API_KEY"])
    values = every_value(store)
    assert {t for t, _c, _v in values} >= {"runs", "cases", "calls", "reviews"}
    assert any(c == "request_id" for _t, c, _v in values) and any(c == "prompt" for _t, c, _v in values)
    leaks = [(t, c, s) for t, c, v in values for s in SECRETS if s in v]
    assert not leaks
    assert any("[redacted]" in v for t, c, v in values if c == "request_id")


def test_scrubbing_is_one_pass_and_leaves_plain_text_alone():
    scrubber = Scrubber(["x9Q2z", "sk-proj-Abc123Def456Ghi789"])
    assert scrubber.text("Bearer sk-proj-Abc123Def456Ghi789 and x9Q2z") == "Bearer [redacted] and [redacted]"
    assert scrubber.clean({"x9Q2z": ["ghp_A1b2C3d4E5f6G7h8I9j0K1l2", 3]}) == {"[redacted]": ["[redacted]", 3]}
    plain = "I'd like to send $500 to my sister's skating club"
    assert scrubber.text(plain) == plain
