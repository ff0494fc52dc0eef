"""Guards: the fingerprints that must match before two runs may be differenced."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence

from core.corpus import Case, Corpus, case_set_fingerprint
from core.grade import GRADER_VERSION

GUARD_NAMES = ("case_set", "checklist", "prompt", "grader", "tier_settings", "intent_mode")


def settings_fingerprint(settings: Mapping) -> str:
    return hashlib.sha256(json.dumps(settings, sort_keys=True, default=str).encode()).hexdigest()[:16]


def run_guards(corpus: Corpus, cases: Sequence[Case], prompt_fingerprint: str, settings: Mapping,
               intent_mode: str = "gold") -> dict[str, str]:
    """`intent_mode`: "gold" (each case's intent is given) or "predicted" (the turn reads it)."""
    return {
        "case_set": case_set_fingerprint(cases),
        "checklist": corpus.checklist.fingerprint(),
        "prompt": prompt_fingerprint,
        "grader": GRADER_VERSION,
        "tier_settings": settings_fingerprint(settings),
        "intent_mode": intent_mode,
    }


def differing(a: Mapping[str, str], b: Mapping[str, str]) -> list[str]:
    """Guard names whose fingerprints differ; empty means the runs may be differenced."""
    return [name for name in GUARD_NAMES if a.get(name) != b.get(name)]
