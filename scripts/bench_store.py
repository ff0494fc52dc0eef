"""A run store with years of history, for the benchmarks: `runs` runs of the 1,340 Banks_1 cases.

One real offline run is recorded through the runner; every other run is copied from it inside DuckDB
(one INSERT ... SELECT for the runs, one for the cases: 2.68M case rows in seconds, not through the
runner). Two thirds keep the offline decisions under twenty settings variants (many comparable
groups); a third is an always-stop `simulated` tier with tokens and jittered latency (about 600
stopped-early cases a run for the review queue). Each copy's figures are counted once and saved in its
summary, as finish_run saves them.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from core import queries, tiers
from core.corpus import build_corpus
from core.runner import run_eval
from core.store import Store, guard_fingerprint

SIMULATED_SETTINGS = '{"tier": "simulated", "simulated": true, "strategy": "transcript"}'

COPY_RUNS = """
INSERT INTO runs BY NAME
SELECT r.* REPLACE (
    b.run_id AS run_id,
    r.started_at - to_minutes(($total - b.i)::BIGINT) AS started_at,
    CASE WHEN b.simulated THEN 'simulated' ELSE r.tier END AS tier,
    CASE WHEN b.simulated THEN 'simulated' ELSE r.tier_kind END AS tier_kind,
    CASE WHEN b.simulated THEN $settings::JSON ELSE r.settings END AS settings,
    b.guards::JSON AS guards,
    b.guard_key AS guard_key)
FROM runs r, bench_ids b WHERE r.run_id = $template
"""
# latency: a sum of four uniforms, about the gamma(4, ·) of a real tier's spread
COPY_CASES = """
INSERT INTO cases BY NAME
SELECT c.* REPLACE (
    b.run_id AS run_id,
    CASE WHEN b.simulated THEN 'stop' ELSE c.decision END AS decision,
    CASE WHEN b.simulated THEN c.gold_decision = 'ask' ELSE c.stopped_early END AS stopped_early,
    CASE WHEN b.simulated THEN c.gold_decision = 'stop' ELSE c.decision_correct END AS decision_correct,
    CASE WHEN b.simulated THEN (300 + 60 * c.turn_index + floor(random() * 20))::INTEGER
         ELSE c.input_tokens END AS input_tokens,
    CASE WHEN b.simulated THEN (20 + floor(random() * 40))::INTEGER ELSE c.output_tokens END AS output_tokens,
    (random() + random() + random() + random()) * CASE WHEN b.simulated THEN 80.0 ELSE 0.1 END AS latency_ms)
FROM cases c, bench_ids b WHERE c.run_id = $template
"""


def fill(store: Store, runs: int, sgd: str | None = None) -> tuple[int, float]:
    """A store of `runs` runs of the whole Banks_1 case set; returns (case rows, seconds)."""
    import pandas as pd

    started = time.perf_counter()
    corpus = build_corpus("Banks_1", "dialogue", sgd_dir=sgd, download=sgd is None)
    extractor, settings, fingerprint = tiers.build("offline")
    template, _ = run_eval(store, corpus, corpus.select("all"), extractor, split="all", settings=settings,
                           prompt_fingerprint=fingerprint)
    guards = store.run(template)["guards"]
    ids = []
    for number in range(1, runs):
        simulated = number % 3 == 0
        variant = {**guards, "tier_settings": "bench-simulated" if simulated else f"bench-{number % 20}"}
        ids.append((f"bench-{number:04d}", number, simulated, json.dumps(variant), guard_fingerprint(variant)))
    bench_ids = pd.DataFrame(ids, columns=["run_id", "i", "simulated", "guards", "guard_key"])
    with store.connect() as db:
        db.register("bench_ids", bench_ids)
        params = {"total": runs, "template": template}
        db.execute(COPY_RUNS, {**params, "settings": SIMULATED_SETTINGS})
        db.execute(COPY_CASES, {"template": template})
        # each copy's figures, counted once (as finish_run does) and saved in its summary
        figures = queries.run_figures(db, list(bench_ids["run_id"]))
        saved = pd.DataFrame({
            "run_id": figures["run_id"],
            "figures": [json.dumps({name: queries.plain(rec[name]) for name in queries.FIGURES}
                                   | {"version": queries.FIGURES_VERSION}) for rec in figures.to_dict("records")]})
        db.register("bench_figures", saved)
        db.execute("""
            UPDATE runs SET summary = json_merge_patch(runs.summary, json_object(
                'figures', f.figures::JSON,
                'n', (f.figures::JSON ->> 'n')::INT,
                'decisions_correct', (f.figures::JSON ->> 'decisions_correct')::INT,
                'decision_accuracy', (f.figures::JSON ->> 'decisions_correct')::DOUBLE / (f.figures::JSON ->> 'n')::INT,
                'stopped_early', (f.figures::JSON ->> 'stopped_early')::INT))
            FROM bench_figures f WHERE runs.run_id = f.run_id""")
        db.execute("CHECKPOINT")
        total = int(db.execute("SELECT count(*) FROM cases").fetchone()[0])
    return total, time.perf_counter() - started


def size_mb(path: Path) -> float:
    return path.stat().st_size / 1e6
