"""A store with real runs for the dashboard tests: the embedded default, a repeat, a red team, the
contract fixtures, and an eager tier.

The eager tier is deliberately wrong (it claims every required fact from the customer's last
line), so the store holds stopped-early cases to review; it is recorded as `simulated`.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import httpx

from core import tiers
from core.bootstrap import bootstrap
from core.contract import check_value
from core.corpus import AGENT, Corpus
from core.extraction import Extraction, ExtractionRequest
from core.runner import run_eval
from core.store import Store


class EagerExtractor:
    """Reports every required fact at once, each as the first words of the customer's (latest first) or
    allowed value that the contract lets through, whatever the fact really is: a model that lies within
    the contract's reach. It stops early wherever the customer's words hold something of each fact's kind
    while gold still asks, so the store holds stopped-early cases to review."""

    tier = "eager"
    kind = "simulated"

    def extract(self, request: ExtractionRequest) -> Extraction:
        collected: dict[str, str] = {}
        for fact in request.checklist.required_facts(request.intent):
            for candidate in _candidates(request.lines, fact.allowed):
                kept, _ = check_value(request.checklist, request.intent, fact.name, candidate, request.lines)
                if kept is not None:
                    collected[fact.name] = candidate
                    break
        return Extraction(collected=collected, raw_reply=str(collected))


def _candidates(lines, allowed: tuple[str, ...]) -> list[str]:
    """Allowed values, then every run of one to three words of the customer's lines, latest line first."""
    spans: list[str] = list(allowed)
    for line in reversed(lines):
        if line.speaker == AGENT:
            continue
        words = re.findall(r"[$\w][\w,.:$'-]*\w|\w", line.text)
        spans += [" ".join(words[i:i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1)]
    return spans


def record_offline(store: Store, corpus: Corpus, split: str = "held-out") -> str:
    extractor, settings, fingerprint = tiers.build("offline")
    run_id, _ = run_eval(store, corpus, corpus.select(split), extractor, split=split, settings=settings,
                         prompt_fingerprint=fingerprint)
    return run_id


def record_simulated(store: Store, corpus: Corpus, split: str = "held-out") -> str:
    """The simulated tier over HTTP against a loopback provider: a run with prompts, replies and tokens."""
    from core.simulated.server import SimulatedProvider

    with SimulatedProvider(port=0) as provider, httpx.Client(timeout=10) as client:
        extractor, settings, fingerprint = tiers.build("simulated", base_url=f"{provider.url}/v1", client=client)
        run_id, _ = run_eval(store, corpus, corpus.select(split), extractor, split=split, settings=settings,
                             prompt_fingerprint=fingerprint, concurrency=4)
    return run_id


def record_model(store: Store, corpus: Corpus, split: str = "held-out") -> str:
    """The `fast` model tier (a real model tier with a rate) pointed at a loopback provider: a run whose tokens
    the Cost page may price as measured. No key is needed by the loopback server."""
    from core.simulated.server import SimulatedProvider

    tier = tiers.load_tiers()["fast"]
    with SimulatedProvider(port=0) as provider, httpx.Client(timeout=10) as client:
        spec = {**tier.settings, "base_url": f"{provider.url}/v1", "key_optional": True}
        extractor, settings, fingerprint = tiers.build_model_tier(tier, spec, client)
        run_id, _ = run_eval(store, corpus, corpus.select(split), extractor, split=split, settings=settings,
                             prompt_fingerprint=fingerprint, concurrency=4)
    return run_id


def record_eager(store: Store, corpus: Corpus, split: str = "held-out") -> str:
    run_id, _ = run_eval(store, corpus, corpus.select(split), EagerExtractor(), split=split,
                         settings={"tier": "eager", "simulated": True}, prompt_fingerprint="eager-test")
    return run_id


def record_command(argv: list[str]) -> None:
    """Record a run through the real CLI command (red team, contract), in this process."""
    from evals.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        code = main([*argv, "--json"])
    if code != 0:
        raise RuntimeError(f"`python -m evals {' '.join(argv)}` exited {code}")


def filled_store(path: Path, corpus: Corpus, sgd_dir: Path) -> dict[str, str]:
    """Floors and offline runs (the embedded default), a second offline run, a simulated run with tokens,
    a red-team and a contract run of the offline tier, a model tier's run against a loopback server, and the
    eager run last (the newest eval run)."""
    store = Store(path)
    default = bootstrap(store, sgd_dir=sgd_dir)
    held_out = next(rid for rid in default.run_ids if store.run(rid)["split"] == "held-out"
                    and store.run(rid)["kind"] == "eval")
    ids = {"offline_first": held_out, "offline": record_offline(store, corpus),
           "simulated": record_simulated(store, corpus)}
    record_command(["redteam", "--tier", "offline", "--attempts", "3", "--sgd", str(sgd_dir), "--db", str(path)])
    record_command(["contract", "--sgd", str(sgd_dir), "--db", str(path)])
    ids["model"] = record_model(store, corpus)
    ids["eager"] = record_eager(store, corpus)
    return ids


def record_generality(path: Path, folder: Path) -> None:
    """A generality report over a tiny SGD-shaped folder the tests write (never SGD data), with its caches in
    that folder, so the Generality page has a run to show."""
    import pytest

    from core import config, shard_index
    from tests.tiny_sgd import write_tiny_sgd

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(config.CACHE_ENV, str(folder / "cache"))
        root = write_tiny_sgd(folder / "sgd")
        record_command(["report", "--sgd", str(root), "--workers", "1", "--db", str(path)])
        shard_index.clear_memo()
