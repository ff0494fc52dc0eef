"""A store with real runs for the dashboard tests: the embedded default, a repeat, and an eager tier.

The eager tier is deliberately wrong (it claims every required fact from the customer's last
line), so the store holds stopped-early cases to review; it is recorded as `simulated`.
"""

from __future__ import annotations

from pathlib import Path

from core import tiers
from core.bootstrap import bootstrap
from core.corpus import AGENT, Corpus
from core.extraction import Extraction, ExtractionRequest
from core.runner import run_eval
from core.store import Store


class EagerExtractor:
    """Reports every required fact at once: closed facts as their first allowed value, free text as
    the customer's last line. The contract accepts both, so it stops early wherever gold still asks."""

    tier = "eager"
    kind = "simulated"

    def extract(self, request: ExtractionRequest) -> Extraction:
        last = next((ln.text for ln in reversed(request.lines) if ln.speaker != AGENT), "")
        collected = {fact.name: fact.allowed[0] if fact.allowed else last
                     for fact in request.checklist.required_facts(request.intent)}
        return Extraction(collected=collected, raw_reply=str(collected))


def record_offline(store: Store, corpus: Corpus, split: str = "held-out") -> str:
    extractor, settings, fingerprint = tiers.build("offline")
    run_id, _ = run_eval(store, corpus, corpus.select(split), extractor, split=split, settings=settings,
                         prompt_fingerprint=fingerprint)
    return run_id


def record_eager(store: Store, corpus: Corpus, split: str = "held-out") -> str:
    run_id, _ = run_eval(store, corpus, corpus.select(split), EagerExtractor(), split=split,
                         settings={"tier": "eager", "simulated": True}, prompt_fingerprint="eager-test")
    return run_id


def record_contract(store: Store) -> str:
    """A contract run as the store holds one: a row of kind `contract` with its summary."""
    run_id = store.start_run(kind="contract", tier="offline", tier_kind="offline", guards={}, settings={},
                             n_planned=3)
    store.finish_run(run_id, "finished", {
        "fixtures": 3, "bad_total": 2, "bad_rejected_as_expected": 2, "clean_total": 1, "clean_passed": 1,
        "all_passed": True,
        "per_fixture": [{"id": "invented-name", "expect": "value_not_in_conversation", "passed": True},
                        {"id": "closed-outside", "expect": "value_not_allowed", "passed": True},
                        {"id": "clean-transfer", "expect": None, "passed": True}],
    })
    return run_id


def filled_store(path: Path, corpus: Corpus, sgd_dir: Path) -> dict[str, str]:
    """Floors and an offline run (the embedded default), a second offline run, an eager run, a contract run."""
    store = Store(path)
    default = bootstrap(store, sgd_dir=sgd_dir)
    return {
        "offline_first": default.run_ids[-1],
        "offline": record_offline(store, corpus),
        "eager": record_eager(store, corpus),
        "contract": record_contract(store),
    }
