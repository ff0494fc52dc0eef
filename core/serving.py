"""What a model server said of itself over one run, and what looks wrong in it.

Kept in the run's summary (`summary["server"]`, `summary["warnings"]`): the models named in the
replies, the prompt tokens it counted against the prompt's own size, and its compute time apart
from the time a request waited in its queue, where the server reports compute time at all.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence

CHARS_PER_TOKEN = 4  # the rule of thumb core/cost.py estimates with
# A server counting under half the prompt's estimated tokens did not read the whole prompt: a chat
# template without a system role drops it (a GGUF with no template: ~130 tokens counted of ~372).
SHORTFALL_RATIO = 0.5


def _p50(values: Sequence[float]) -> float | None:
    return round(statistics.median(values), 1) if values else None


def _counted(call: Mapping, anthropic: bool) -> int | None:
    tokens = call.get("input_tokens")
    if tokens is None:
        return None
    if anthropic:  # that wire reports cache reads and writes apart from input_tokens
        tokens += (call.get("cached_tokens") or 0) + (call.get("cache_write_tokens") or 0)
    return tokens


def server_report(calls: Sequence[Mapping], settings: Mapping) -> tuple[dict, list[str]]:
    """(summary["server"], warnings) for a run's calls (dicts of core.extraction.Call)."""
    answered = [c for c in calls if c.get("http_status") == 200]
    replied = Counter(c["served_model"] for c in answered if c.get("served_model"))
    anthropic = settings.get("wire") == "anthropic"
    counted, estimated = [], []
    for call in answered:
        tokens = _counted(call, anthropic)
        chars = call.get("prompt_chars") or len(call.get("prompt") or "")
        if tokens is not None and chars:
            counted.append(tokens)
            estimated.append(math.ceil(chars / CHARS_PER_TOKEN))
    server = [c["server_ms"] for c in answered if c.get("server_ms") is not None]
    queue = [c["queue_ms"] for c in answered if c.get("queue_ms") is not None]
    processing = [c["processing_ms"] for c in answered if c.get("processing_ms") is not None]
    latency = [c["latency_ms"] for c in answered if c.get("latency_ms") is not None]
    report = {
        "served_model": settings.get("served_model"),
        "host_kind": settings.get("host_kind"),
        "reply_models": dict(replied.most_common()),
        "prompt_tokens_p50": _p50(counted),
        "prompt_estimate_p50": _p50(estimated),
        "latency_p50_ms": _p50(latency),
        "server_ms_p50": _p50(server),  # compute, where the server reports it (llama.cpp `timings`)
        "queue_ms_p50": _p50(queue),
        "processing_ms_p50": _p50(processing),  # a handler-time header: queue wait included
    }
    warnings = []
    if counted:
        ratios = [c / e for c, e in zip(counted, estimated, strict=True) if e]
        ratio = statistics.median(ratios) if ratios else 1.0
        if ratio < SHORTFALL_RATIO:
            warnings.append(
                f"the server counted {report['prompt_tokens_p50']:.0f} prompt tokens a call against about "
                f"{report['prompt_estimate_p50']:.0f} in the prompt sent (medians): its chat template may have "
                "dropped the instructions; try instructions_in_user = true in the tier")
    requested, served = settings.get("model"), settings.get("served_model")
    strangers = [m for m in replied if m not in (requested, served) and not (requested and requested in m)]
    if strangers:
        warnings.append(f"replies name model(s) {', '.join(strangers)}, neither the one requested ({requested}) "
                        f"nor the one the server listed ({served or 'not listed'})")
    return report, warnings
