"""Keys are read in one place, stripped, and scrubbed from anything stored or printed."""

import http.server
import threading

import httpx

from core.http_retry import RetryPolicy, post_with_retries
from core.secrets import read_key, scrub


def test_keys_come_from_the_environment_then_the_secrets_file(tmp_path, monkeypatch):
    secrets = tmp_path / "secrets.toml"
    secrets.write_text('ANTHROPIC_API_KEY = "sk-ant-fromfile-12345678"\n')
    monkeypatch.setenv("CHAT_INTAKE_SECRETS", str(secrets))
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    assert read_key("ANTHROPIC_API_KEY") == "sk-ant-fromfile-12345678"
    monkeypatch.setenv("ANTHROPIC_API_KEY", "  sk-ant-fromenv-12345678\n")
    assert read_key("ANTHROPIC_API_KEY") == "sk-ant-fromenv-12345678"
    assert read_key("NOT_SET_ANYWHERE_KEY") is None


def test_scrub_removes_configured_and_keylike_values(monkeypatch):
    monkeypatch.setenv("LOCAL_API_KEY", "plain-local-secret-value")
    text = "Bearer abcdefghijklmnop; key plain-local-secret-value; other sk-abcdefghijklmnopqrst"
    assert scrub(text) == "Bearer [redacted]; key [redacted]; other [redacted]"


def test_a_request_the_client_refuses_is_one_attempt_with_a_scrubbed_error():
    attempts = []
    secret = "sk-proj-abcdefghijklmnop"
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/v1/chat"
    with httpx.Client() as client:
        last = post_with_retries(client, url, body={},
                                 headers={"authorization": f"Bearer {secret}\n"},
                                 policy=RetryPolicy(attempts=4, sleep=lambda _s: None), record=attempts.append)
    server.shutdown()
    server.server_close()
    assert len(attempts) == 1 and last.final and not last.transient
    assert last.error.startswith("request failed: ") and secret not in last.error
