"""The model tier: render the prompt, call a provider adapter, parse, and name any failure.

Adapters (OpenAI-compatible, Anthropic) only move bytes; what a reply means is read by one
function, core.contract.extraction_from_reply, the same the contract fixtures run, so every
provider's replies (and every replayed one) are judged by the rules the fixtures test.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, cast

from core.case import AGENT
from core.checklist import Checklist
from core.contract import extraction_from_reply
from core.extraction import OK, Call, Extraction, ExtractionRequest
from core.prompt import RenderedPrompt, render

HINT_HEADER = "x-simulated-hint"  # sent to the simulated provider only


@dataclass
class Reply:
    """What an adapter got back: the model's text (or why there is none) and every attempt."""

    text: str | None
    finish_reason: str | None
    calls: list[Call] = field(default_factory=list)
    error: str | None = None


class Adapter(Protocol):
    provider: str
    model: str
    client: Any  # the httpx client passed in (tests pass a stand-in)

    def complete(self, prompt: RenderedPrompt, schema: Mapping | None,
                 extra_headers: Mapping[str, str] | None = None) -> Reply: ...


class AsyncAdapter(Adapter, Protocol):
    """An adapter that can also make its calls on an event loop (core/extractors/wire.py)."""

    def can_complete_async(self) -> bool: ...

    def open_async(self, connections: int) -> None: ...

    async def close_async(self) -> None: ...

    async def complete_async(self, prompt: RenderedPrompt, schema: Mapping | None,
                             extra_headers: Mapping[str, str] | None = None) -> Reply: ...


def answer_schema(checklist: Checklist, intent: str) -> dict:
    """The answer contract as a strict JSON schema: every required fact, null when not stated."""
    properties = {}
    for fact in checklist.required_facts(intent):
        if fact.allowed:
            properties[fact.name] = {"type": ["string", "null"], "enum": [*fact.allowed, None],
                                     "description": fact.description}
        else:
            properties[fact.name] = {"type": ["string", "null"], "description": fact.description}
    return {
        "type": "object",
        "properties": {
            "intent": {"type": "string", "enum": list(checklist.intents)},
            "collected": {"type": "object", "properties": properties, "required": list(properties),
                          "additionalProperties": False},
            "notes": {"type": "string"},
        },
        "required": ["intent", "collected", "notes"],
        "additionalProperties": False,
    }


def read_reply(reply: Reply, carried: Mapping[str, str] | None = None, strategy: str = "transcript") -> Extraction:
    """A reply as an extraction, by the one reading the contract fixtures test
    (core.contract.extraction_from_reply); under the carried strategy, earlier facts the reply
    need not repeat are kept."""
    extraction = extraction_from_reply(reply.text, reply.finish_reason, reply.error)
    if extraction.status == OK and carried and strategy == "carried":
        # The carried prompt shows earlier facts as context; a reply need not repeat them.
        extraction.collected = {**carried, **extraction.collected}
    return extraction


def simulated_hint(request: ExtractionRequest) -> str:
    """What the offline tier reads but a prompt does not show, for the simulated provider only:
    which facts each agent line asked for, and the checklist's facts beyond the required ones."""
    asks = [[ln.text, list(ln.asks)] for ln in request.lines if ln.speaker == AGENT and ln.asks]
    required = set(request.checklist.required(request.intent))
    others = [[f.name, f.description, list(f.allowed)] for f in request.checklist.facts.values()
              if f.name not in required]
    return json.dumps({"asks": asks, "other_facts": others}, ensure_ascii=True)


class ModelExtractor:
    """One provider call per turn (plus retries), judged by the shared rules above."""

    def __init__(self, tier: str, adapter: Adapter, *, strategy: str = "transcript", structured: bool = False,
                 kind: str = "model") -> None:
        self.tier = tier
        self.kind = kind
        self.adapter = adapter
        self.strategy = strategy
        self.structured = structured

    def close(self) -> None:
        """Close the adapter's HTTP client (its pooled connections)."""
        close = getattr(self.adapter.client, "close", None)
        if close:
            close()

    def extract(self, request: ExtractionRequest) -> Extraction:
        prompt, schema, headers, timings = self._prepare(request)
        mark = time.perf_counter()
        reply = self.adapter.complete(prompt, schema, headers)
        timings["call"] = (time.perf_counter() - mark) * 1000
        return self._finish(request, prompt, reply, timings)

    # --- the async path: the same steps, the call awaited on the runner's event loop ---------
    def can_extract_async(self) -> bool:
        can = getattr(self.adapter, "can_complete_async", None)
        return bool(can and can())

    def _async(self) -> AsyncAdapter:
        return cast(AsyncAdapter, self.adapter)  # can_extract_async() said it is one

    def open_async(self, connections: int) -> None:
        self._async().open_async(connections)

    async def close_async(self) -> None:
        await self._async().close_async()

    async def extract_async(self, request: ExtractionRequest) -> Extraction:
        prompt, schema, headers, timings = self._prepare(request)
        mark = time.perf_counter()
        reply = await self._async().complete_async(prompt, schema, headers)
        timings["call"] = (time.perf_counter() - mark) * 1000
        return self._finish(request, prompt, reply, timings)

    def _prepare(self, request: ExtractionRequest) -> tuple[RenderedPrompt, dict | None, dict | None, dict]:
        mark = time.perf_counter()
        prompt = render(request.checklist, request.intent, request.lines, self.strategy, request.carried)
        schema = answer_schema(request.checklist, request.intent) if self.structured else None
        headers = {HINT_HEADER: simulated_hint(request)} if self.kind == "simulated" else None
        return prompt, schema, headers, {"render": (time.perf_counter() - mark) * 1000}

    def _finish(self, request: ExtractionRequest, prompt: RenderedPrompt, reply: Reply,
                timings: dict[str, float]) -> Extraction:
        mark = time.perf_counter()
        extraction = read_reply(reply, request.carried, self.strategy)
        timings["parse"] = (time.perf_counter() - mark) * 1000
        return replace(extraction, prompt=prompt.text, calls=reply.calls, timings_ms=timings)
