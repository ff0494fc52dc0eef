"""The seam every extractor shares: a request in, an extraction out.

Whatever stands behind an extractor (rules, a provider, a replay), the raw request and
reply travel with the result so the run store can keep them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from core.case import Line
from core.checklist import Checklist

# Why an extraction yielded nothing usable. Each degrades the turn to `ask`, never to `stop`.
OK = "ok"
UNPARSEABLE = "unparseable"
EMPTY_REPLY = "empty_reply"
CUT_AT_CEILING = "cut_at_ceiling"
PROVIDER_ERROR = "provider_error"
FAILED_STATUSES = (UNPARSEABLE, EMPTY_REPLY, CUT_AT_CEILING, PROVIDER_ERROR)


@dataclass
class Call:
    """One attempt at a provider (or the simulated one). Never holds a key."""

    provider: str
    model: str
    prompt: str
    raw_reply: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    reasoning_tokens: int | None = None
    cached_tokens: int | None = None  # input read from a provider's prompt cache
    cache_write_tokens: int | None = None  # input written to a prompt cache (billed apart by some providers)
    latency_ms: float | None = None
    finish_reason: str | None = None
    http_status: int | None = None
    error: str | None = None
    request_id: str | None = None
    attempt: int = 1
    # What the server said of itself, where it says it (kept in the run's summary, not as call columns):
    served_model: str | None = None  # the reply's `model`
    server_ms: float | None = None  # compute time the server reported (llama.cpp `timings`, Ollama durations)
    queue_ms: float | None = None  # latency_ms - server_ms: waiting in the server's queue (and the wire)
    processing_ms: float | None = None  # an `openai-processing-ms` header: handler time, queue wait included


@dataclass
class ExtractionRequest:
    checklist: Checklist
    intent: str
    lines: tuple[Line, ...]
    carried: Mapping[str, str] | None = None  # facts collected on earlier turns
    case_id: str | None = None


@dataclass
class Extraction:
    """What an extractor reported, before the answer contract has looked at it."""

    collected: dict[str, str]
    status: str = OK
    intent: str | None = None  # the intent the extractor itself named, where it names one (model tiers)
    raw_reply: str | None = None
    prompt: str | None = None
    notes: str = ""
    calls: list[Call] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        return self.status != OK


class Extractor(Protocol):
    """One call: conversation in, extraction out."""

    @property
    def tier(self) -> str: ...  # the configured tier name, e.g. "offline", "fast"

    @property
    def kind(self) -> str: ...  # "offline" | "model" | "replay" | "simulated"

    def extract(self, request: ExtractionRequest) -> Extraction: ...
