"""The replay tier: re-serves the raw replies an earlier run recorded. No call is made.

Each reply is parsed again by today's parser and judged by the same rules as a live reply,
so a parser or contract change can be measured on yesterday's replies at no cost.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace

from core import queries
from core.errors import UsageError
from core.extraction import PROVIDER_ERROR, Call, Extraction, ExtractionRequest
from core.extractors.model import Reply, read_reply


class ReplayExtractor:
    kind = "replay"

    def __init__(self, run_id: str, recorded: dict[str, dict], source: dict, tier: str = "replay") -> None:
        self.simulated = is_simulated(source)
        # The tier name is what the run row and every page show: a replay of a simulated run says so.
        self.tier = f"{tier} of simulated" if self.simulated else tier
        self.run_id = run_id
        self.recorded = recorded  # case_id -> {raw_reply, prompt, status, finish_reason}
        self.source = source

    @classmethod
    def from_store(cls, store, run_id: str, tier: str = "replay") -> ReplayExtractor:
        run = store.run(run_id)  # KeyError names the run and the store when it is not there
        if run["tier_kind"] in ("offline", "floor"):
            raise UsageError(f"run {run_id} is a {run['tier_kind']} run: it recorded no replies to replay")
        with store.connect() as db:
            cases, finishes = queries.recorded_replies(db, run_id)
        finish_of = dict(zip(finishes["case_id"], finishes["finish_reason"], strict=True))
        recorded = {
            row.case_id: {"raw_reply": _text(row.raw_reply), "prompt": _text(row.prompt), "status": row.status,
                          "finish_reason": _text(finish_of.get(row.case_id))}
            for row in cases.itertuples()
        }
        if not recorded:
            raise UsageError(f"run {run_id} recorded no cases to replay")
        return cls(run_id, recorded, run, tier=tier)

    @property
    def settings(self) -> dict:
        settings = {"tier": self.tier, "kind": "replay", "from_run": self.run_id,
                    "source_tier": self.source.get("tier"), "source_settings": self.source.get("settings")}
        if self.simulated:
            settings["simulated"] = True
        return settings

    @property
    def prompt_fingerprint(self) -> str:
        return (self.source.get("guards") or {}).get("prompt") or f"replay:{self.run_id}"

    @property
    def strategy(self) -> str:
        return (self.source.get("settings") or {}).get("strategy", "transcript")

    def extract(self, request: ExtractionRequest) -> Extraction:
        started = time.perf_counter()
        entry = self.recorded.get(request.case_id or "")
        if entry is None:
            # No call is made; the one row says why this case has no reply, where a failure is looked for.
            missing = f"no recorded reply for this case in run {self.run_id}"
            call = Call(provider="replay", model=f"run {self.run_id}", prompt="", error=missing)
            return Extraction(collected={}, status=PROVIDER_ERROR, notes=missing, calls=[call],
                              timings_ms={"replay": (time.perf_counter() - started) * 1000})
        failed_at_provider = entry["status"] == PROVIDER_ERROR
        reply = Reply(entry["raw_reply"], entry["finish_reason"],
                      error=f"provider error recorded in run {self.run_id}" if failed_at_provider else None)
        extraction = read_reply(reply, request.carried, self.strategy)
        return replace(extraction, raw_reply=entry["raw_reply"], prompt=entry["prompt"],
                       timings_ms={"parse": (time.perf_counter() - started) * 1000})


def is_simulated(run: Mapping) -> bool:
    """Whether a run's replies came from the simulated provider, directly or through earlier replays."""
    return run.get("tier_kind") == "simulated" or bool((run.get("settings") or {}).get("simulated"))


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None
