"""One reading of a reply: the contract fixtures' path and the live model tier's are the same.

Every fixture that carries a raw reply is sent through a real ModelExtractor (an adapter that
returns the fixture's reply as a provider would) and through the fixtures' own reading; the
status, the facts and the intent must agree, so a fixture tests the code that runs live.
"""

from __future__ import annotations

import json

from core.contract import extraction_from_reply
from core.extraction import ExtractionRequest
from core.extractors.model import ModelExtractor, Reply
from core.extractors.replay import ReplayExtractor
from core.fixtures import load_fixtures


class ScriptedAdapter:
    """Stands where an HTTP adapter stands: returns the reply it was given, no network."""

    provider, model, client = "scripted", "scripted", None

    def __init__(self, reply: Reply) -> None:
        self.reply = reply

    def complete(self, prompt, schema, extra_headers=None) -> Reply:
        return self.reply


def test_every_fixture_reply_reads_the_same_live_as_in_the_fixture(banks1):
    replies = [fx.reply for fx in load_fixtures() if fx.reply is not None]
    assert replies, "the fixtures carry raw replies"
    case = banks1.select("sample", limit=1)[0]
    request = ExtractionRequest(banks1.checklist, case.intent, case.lines)
    for reply in replies:
        raw, finish, error = reply.get("raw"), reply.get("finish_reason"), reply.get("error")
        fixture = extraction_from_reply(raw, finish, error)
        live = ModelExtractor("t", ScriptedAdapter(Reply(raw, finish, error=error))).extract(request)
        assert (live.status, live.collected, live.intent) == (fixture.status, fixture.collected, fixture.intent), raw
        assert live.prompt  # the live path rendered and sent a prompt: it is the real one


def test_a_replayed_reply_reads_as_it_did_live(banks1):
    case = banks1.select("sample", limit=1)[0]
    request = ExtractionRequest(banks1.checklist, case.intent, case.lines, case_id=case.case_id)
    raw = json.dumps({"intent": case.intent, "collected": {}, "notes": ""})
    for finish, status in (("stop", "ok"), ("length", "ok")):
        recorded = {case.case_id: {"raw_reply": raw, "finish_reason": finish, "status": status, "prompt": "p"}}
        replayed = ReplayExtractor("r1", recorded, {"settings": {}}).extract(request)
        live = ModelExtractor("t", ScriptedAdapter(Reply(raw, finish))).extract(request)
        assert (replayed.status, replayed.collected, replayed.intent) == (live.status, live.collected, live.intent)
